package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.engine.AccessMerging.Affine;

/**
 * The values an induction variable takes in a loop nvcc unrolls completely: a loop whose start,
 * step and exit test are constants ({@code for (d = 1; d < 512; d *= 2)}, {@code for (d = 256; d
 * >= 1; d /= 2)}) and which runs at most {@value #MAX_TRIPS} times (nvcc 13.0's SASS holds up to
 * 33 copies of such a body: hardware/measurements/2026-11-29-sass-memory-lines). Each copy has a
 * constant in place of the variable, which lets LLVM tell apart addresses that differ by it
 * ({@code tree[i - d]} and {@code tree[i]} for every d &gt; 0): {@link RedundantLoads} asks here
 * whether they can meet in any copy.
 *
 * <p>Values are computed as the IR's operations would (64-bit arithmetic on the affine forms and
 * the numbered operations they are built from); anything else (a bound read from memory or a
 * parameter, a loop longer than {@value #MAX_TRIPS}) is not such a loop.
 */
final class UnrolledLoops {
  private UnrolledLoops() {}

  /** Most iterations of a loop counted as unrolled completely. */
  static final int MAX_TRIPS = 32;
  private static final int MAX_DEPTH = 16;
  /** Most operations one evaluation of a form computes (a form built of shared subexpressions is evaluated as a tree). */
  private static final int MAX_OPERATIONS = 4096;

  /** A numbered value's operation and its operands' forms when it was first made. */
  record Numbered(CInsn in, List<Affine> operands) {}

  /**
   * The values the induction variable {@code atom} takes in the loop's iterations, then the one it
   * leaves the loop with (last): from {@code
   * start}, stepped by the back edge's form {@code step}, while the header's test {@code test}
   * (true to stay when {@code stayOnTrue}) holds; null when any of it is not a constant function
   * of the variable or the loop runs longer than {@link #MAX_TRIPS}.
   */
  static long[] values(int atom, long start, Affine step, Affine test, boolean stayOnTrue, Map<Integer, Numbered> numbered) {
    List<Long> out = new ArrayList<>();
    long v = start;
    for (int k = 0; k <= MAX_TRIPS; k++) {
      Long t = eval(test, atom, v, numbered, 0);
      if (t == null) {
        return null;
      }
      if ((t != 0) != stayOnTrue) {
        out.add(v); // the value it leaves with, last
        return out.stream().mapToLong(Long::longValue).toArray();
      }
      out.add(v);
      Long next = eval(step, atom, v, numbered, 0);
      if (next == null) {
        return null;
      }
      v = next;
    }
    return null; // longer than nvcc unrolls completely
  }

  /** The form's value when {@code atom} is {@code value}; null when it depends on anything else. */
  static Long eval(Affine f, int atom, long value, Map<Integer, Numbered> numbered, int depth) {
    return eval(f, atom, value, numbered, depth, new int[1]);
  }

  private static Long eval(Affine f, int atom, long value, Map<Integer, Numbered> numbered, int depth, int[] spent) {
    if (depth > MAX_DEPTH || ++spent[0] > MAX_OPERATIONS) {
      return null;
    }
    long sum = f.constant();
    for (Map.Entry<Integer, Long> t : f.terms().entrySet()) {
      Long x;
      if (t.getKey() == atom) {
        x = value;
      } else {
        Numbered n = numbered.get(t.getKey());
        x = n == null ? null : apply(n, atom, value, numbered, depth + 1, spent);
      }
      if (x == null) {
        return null;
      }
      sum += t.getValue() * x;
    }
    return sum;
  }

  private static Long apply(Numbered n, int atom, long value, Map<Integer, Numbered> numbered, int depth, int[] spent) {
    long[] v = new long[n.operands().size()];
    for (int i = 0; i < v.length; i++) {
      Long x = eval(n.operands().get(i), atom, value, numbered, depth, spent);
      if (x == null) {
        return null;
      }
      v[i] = x;
    }
    CInsn in = n.in();
    IrType type = in.type;
    boolean signed = type != null && type.isSigned();
    switch (in.op) {
      case ADD -> {
        return v[0] + v[1];
      }
      case SUB -> {
        return v[0] - v[1];
      }
      case MUL -> {
        return v[0] * v[1];
      }
      case DIV -> {
        return v[1] == 0 ? null : signed ? v[0] / v[1] : Long.divideUnsigned(v[0], v[1]);
      }
      case REM -> {
        return v[1] == 0 ? null : signed ? v[0] % v[1] : Long.remainderUnsigned(v[0], v[1]);
      }
      case SHL -> {
        return v[0] << v[1];
      }
      case SHR -> {
        return signed ? v[0] >> v[1] : v[0] >>> v[1];
      }
      case MIN -> {
        return Math.min(v[0], v[1]);
      }
      case MAX -> {
        return Math.max(v[0], v[1]);
      }
      case SETP -> {
        int c = in.srcType != null && !in.srcType.isSigned() ? Long.compareUnsigned(v[0], v[1]) : Long.compare(v[0], v[1]);
        boolean r = switch (in.ir.cmp()) {
          case LT -> c < 0;
          case LE -> c <= 0;
          case GT -> c > 0;
          case GE -> c >= 0;
          case EQ -> c == 0;
          case NE -> c != 0;
        };
        return r ? 1L : 0L;
      }
      // other ops: not folded
      default -> {
        return null;
      }
    }
  }
}
