package org.scansim.sim.check;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.memory.Allocation;
import org.scansim.threads.Parallel;

/**
 * The scan proof of a run's output: from the ⊕ graph the proof checker built ({@link Dataflow}),
 * whether every element holds exactly x0..xi (inclusive) or x0..x(i-1) (exclusive), with the
 * graph's work, depth and fan-out, and the circuit when asked for ({@link ScanProof}).
 */
public final class ScanProver {
  private ScanProver() {}

  /**
   * The proof over the {@code length} elements of type {@code type} in {@code out}, read with the
   * tags {@code df} gave them; {@code declared} is the operator the run declared (0: none),
   * {@code operatorName} names an operator's symbol, {@code threads} share the fan-out count.
   */
  public static ScanProof prove(Dataflow df, Allocation out, IrType type, int length, boolean inclusive, boolean circuit,
      int circuitLimit, char declared, int threads, IntFunction<String> operatorName) {
    int n = Math.min(length, df.n);
    int[] outputs = new int[n];
    List<String> failures = new ArrayList<>();
    long wrong = 0;
    int depth = 0;
    int size = type.size();
    for (int i = 0; i < n; i++) {
      int tag = out.shadow == null ? 0 : out.shadow.tag[(i * size) >>> 2];
      int node = tag - 1;
      long bits = out.load(type, i * size);
      int wantHi = inclusive ? i : i - 1;
      String why = null;
      if (tag == 0) {
        char operator = df.scanOperator != 0 ? df.scanOperator : declared;
        boolean isIdentity = ProofCheck.identity(operator == 0 || operator == '+' ? org.scansim.frontend.ir.Op.ADD
            : opOf(operator), type, bits);
        outputs[i] = isIdentity ? Circuit.IDENTITY : Circuit.NONE;
        if (!(wantHi < 0 && isIdentity)) {
          why = "out[" + i + "] = " + (isIdentity ? "the identity" : "a value not derived from the input") + ", expected "
              + Dataflow.range(0, wantHi);
        }
      } else {
        outputs[i] = node;
        depth = Math.max(depth, df.depth[node]);
        if (!df.valid(node)) {
          why = "out[" + i + "] = " + df.describe(node) + ": " + df.reason(node);
        } else if (df.lo[node] != 0 || df.hi[node] != wantHi) {
          why = "out[" + i + "] = " + Dataflow.range(df.lo[node], df.hi[node]) + ", expected " + Dataflow.range(0, wantHi)
              + ": " + difference(df.lo[node], df.hi[node], wantHi);
        }
      }
      if (why != null) {
        wrong++;
        if (failures.size() < 5) {
          failures.add(why);
        }
      }
    }
    if (declared != 0 && df.scanOperator != 0 && df.scanOperator != declared) {
      wrong = Math.max(wrong, 1);
      failures.add(0, "the outputs combine the input with " + operatorName.apply(df.scanOperator) + ", not the declared "
          + operatorName.apply(declared));
    }
    // Work: every operation of the graph. Fan-out over the graph that produces the outputs: an
    // operation whose result no output uses (padding, a section's unused tail) does not count as
    // a reader. Operands are always older nodes than the operations reading them, so one sweep
    // from the newest node down counts the work, marks what the outputs use and counts each
    // value's readers.
    long work = 0;
    boolean[] live = new boolean[df.size];
    for (int node : outputs) {
      if (node >= 0) {
        live[node] = true;
      }
    }
    int[] uses = new int[df.size];
    for (int k = df.size - 1; k >= 0; k--) {
      if ((df.flags[k] & Dataflow.BINARY) != 0) {
        work++;
      }
      if (live[k] && k >= df.n) {
        for (int side = 0; side < 2; side++) {
          int operand = side == 0 ? df.left[k] : df.right[k];
          if (operand >= 0) {
            uses[operand]++;
            live[operand] = true;
          }
        }
      }
    }
    // The most readers of one value within one dependency level, and within one barrier phase.
    // Most values have one reader or two: one sweep compares a value's second reader with its
    // first, kept in seen[]. Only the values with more readers get their readers listed
    // (readers[start[j] .. start[j + 1] - 1] for the j-th of them, whose seen[] is -(j + 1)),
    // then their levels and phases counted.
    int fan = 0; // the most readers of one value, and the first value with that many
    int fanNode = -1;
    int many = 0;
    for (int k = 0; k < df.size; k++) {
      if (uses[k] > fan) {
        fan = uses[k];
        fanNode = k;
      }
      if (uses[k] > 2) {
        many++;
      }
    }
    int[] seen = new int[df.size];
    int[] start = new int[many + 1];
    int j = 0;
    for (int k = 0; k < df.size; k++) {
      if (uses[k] > 2) {
        seen[k] = -(j + 1);
        start[j + 1] = start[j] + uses[k];
        j++;
      }
    }
    int[] readers = new int[start[many]];
    int fanLevel = 0;
    int fanPhase = 0;
    for (int k = df.size - 1; k >= df.n; k--) {
      if (live[k]) {
        for (int side = 0; side < 2; side++) {
          int operand = side == 0 ? df.left[k] : df.right[k];
          if (operand < 0) {
            continue;
          }
          int s = seen[operand];
          if (s < 0) { // a value with many readers: listed
            readers[start[-s - 1] + --uses[operand]] = k;
          } else if (s == 0) { // its first reader (or its only one)
            seen[operand] = k + 1;
            fanLevel = Math.max(fanLevel, 1);
            fanPhase = Math.max(fanPhase, 1);
          } else { // its second and last reader, against the first
            fanLevel = Math.max(fanLevel, df.depth[s - 1] == df.depth[k] ? 2 : 1);
            fanPhase = Math.max(fanPhase, df.phase[s - 1] == df.phase[k] ? 2 : 1);
          }
        }
      }
    }
    // The listed values' readers in parts of about equal numbers of readers: a value belongs to
    // the part its first reader falls in.
    int parts = Parallel.parts(start[many], threads);
    int[] partLevel = new int[parts];
    int[] partPhase = new int[parts];
    int listed = many;
    Parallel.forParts(start[many], threads, (p, from, to) -> {
      int[] levels = new int[16];
      int[] phases = new int[16];
      int first = java.util.Arrays.binarySearch(start, 0, listed, from); // start[] ascends strictly
      for (int v = first >= 0 ? first : -first - 1; v < listed && start[v] < to; v++) {
        int m = start[v + 1] - start[v];
        if (m > levels.length) {
          levels = new int[m];
          phases = new int[m];
        }
        for (int i = 0; i < m; i++) {
          int k = readers[start[v] + i];
          levels[i] = df.depth[k];
          phases[i] = df.phase[k];
        }
        partLevel[p] = Math.max(partLevel[p], mostRepeated(levels, m));
        partPhase[p] = Math.max(partPhase[p], mostRepeated(phases, m));
      }
    });
    for (int p = 0; p < parts; p++) {
      fanLevel = Math.max(fanLevel, partLevel[p]);
      fanPhase = Math.max(fanPhase, partPhase[p]);
    }
    return new ScanProof(wrong == 0, inclusive ? "inclusive" : "exclusive", List.copyOf(failures), wrong, df.firstReversed >= 0,
        df.firstReversed >= 0 ? Dataflow.range(df.lo[df.firstReversed], df.hi[df.firstReversed]) + " = "
            + df.describe(df.left[df.firstReversed]) + " ⊕ " + df.describe(df.right[df.firstReversed]) : null,
        work, depth, fan, fanNode < 0 ? null : df.describe(fanNode), circuit ? df.circuit(outputs, live, circuitLimit) : null, fanLevel, fanPhase);
  }

  /** The largest number of equal values among a[0..m-1] (sorts that prefix). */
  private static int mostRepeated(int[] a, int m) {
    java.util.Arrays.sort(a, 0, m);
    int best = 1;
    int run = 1;
    for (int i = 1; i < m; i++) {
      run = a[i] == a[i - 1] ? run + 1 : 1;
      best = Math.max(best, run);
    }
    return best;
  }

  private static org.scansim.frontend.ir.Op opOf(char c) {
    return switch (c) {
      case '*' -> org.scansim.frontend.ir.Op.MUL;
      case 'm' -> org.scansim.frontend.ir.Op.MIN;
      case 'M' -> org.scansim.frontend.ir.Op.MAX;
      case '&' -> org.scansim.frontend.ir.Op.AND;
      case '|' -> org.scansim.frontend.ir.Op.OR;
      case '^' -> org.scansim.frontend.ir.Op.XOR;
      default -> org.scansim.frontend.ir.Op.ADD;
    };
  }

  private static String difference(int lo, int hi, int wantHi) {
    List<String> parts = new ArrayList<>();
    if (lo > 0) {
      parts.add(Dataflow.range(0, Math.min(lo - 1, wantHi)) + " missing");
    }
    if (hi < wantHi) {
      parts.add(Dataflow.range(Math.max(hi + 1, lo), wantHi) + " missing");
    }
    if (hi > wantHi) {
      parts.add(Dataflow.range(Math.max(wantHi + 1, lo), hi) + " included but should not be"
          + (hi == wantHi + 1 ? " (an inclusive result where an exclusive one is expected?)" : ""));
    }
    if (lo > wantHi + 1 && hi >= lo) {
      parts.clear();
      parts.add("a range of later inputs");
    }
    return parts.isEmpty() ? "wrong range" : String.join(", ", parts);
  }
}
