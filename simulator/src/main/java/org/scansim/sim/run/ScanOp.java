package org.scansim.sim.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntToLongFunction;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.engine.Alu;

/**
 * The scan operator a run's output is checked against ({@code --op}): the reference scan and its
 * identity follow it, in the element type's own arithmetic (integers wrap as C's unsigned and
 * nvcc's signed arithmetic do, floats round as IEEE does).
 *
 * <p>The inputs are {@link Inputs}' small non-negative integers, so every order of combining them
 * gives the same result and the reference may be taken left to right: sums stay exact (docs/engine.md, "What a report counts"),
 * max, min and the bitwise operators are exact in any type. A product of such inputs would be 0
 * from the first 0 on and overflow soon after, so {@link #PROD} reads them as 1s and 2s: integer
 * products wrap modulo 2^width in any order, and float products are powers of two, exact up to the
 * overflow to infinity that every order reaches at the same element.
 *
 * <p>Not modelled: operators that are not associative (a run's ⊕ graph says so), and operators of
 * the user's own, which the scan proof covers for any associative operator.
 */
public enum ScanOp {
  SUM,
  MAX,
  MIN,
  PROD,
  AND,
  OR,
  XOR;

  /** {@code --op}'s value, e.g. "max". */
  public String spelling() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The operator's symbol in the ⊕ graph ({@link org.scansim.sim.check.Dataflow}): + M m * & | ^. */
  public char symbol() {
    return switch (this) {
      case SUM -> '+';
      case MAX -> 'M';
      case MIN -> 'm';
      case PROD -> '*';
      case AND -> '&';
      case OR -> '|';
      case XOR -> '^';
    };
  }

  /** The operator with ⊕-graph symbol c in words: "max", or "'-'" for a symbol no scan operator has. */
  static String named(char c) {
    for (ScanOp o : values()) {
      if (o.symbol() == c) {
        return o.spelling();
      }
    }
    return "'" + c + "'";
  }

  /** The operator {@code --op} names. */
  public static ScanOp parse(String s) {
    for (ScanOp o : values()) {
      if (o.spelling().equals(s.toLowerCase(Locale.ROOT))) {
        return o;
      }
    }
    throw new IllegalArgumentException("--op takes sum, max, min, prod, and, or or xor, not '" + s + "'");
  }

  /** Whether the operator is defined on elements of type t (the bitwise ones on integers only). */
  public boolean appliesTo(IrType t) {
    return switch (this) {
      case AND, OR, XOR -> t.isInteger();
      case SUM, MAX, MIN, PROD -> t != IrType.PRED && t != IrType.PTR;
    };
  }

  /** Element i of a run's input of n elements whose bound is {@code bound} ({@link Inputs#bound}). */
  public double input(int i, long bound) {
    double x = Inputs.element(i, bound);
    return this == PROD ? 1 + x % 2 : x;
  }

  /** What a run of n elements is given, in words: "values 0..7", "values 0..1", "values 1 and 2". */
  public String inputs(int n) {
    return this == PROD ? "values 1 and 2" : "values 0.." + (Inputs.bound(n) - 1);
  }

  /** The identity in type t's register form: 0, 1, the lowest or highest value, all ones. */
  public long identity(IrType t) {
    return switch (this) {
      case SUM, OR, XOR -> t.isFloat() ? Alu.fromDouble(t, 0) : 0;
      case PROD -> Alu.fromDouble(t, 1);
      case AND -> Alu.norm(t, -1L);
      case MAX -> t.isFloat() ? Alu.fromDouble(t, Double.NEGATIVE_INFINITY) : lowest(t);
      case MIN -> t.isFloat() ? Alu.fromDouble(t, Double.POSITIVE_INFINITY) : Alu.norm(t, lowest(t) - 1);
    };
  }

  /** {@code a op b} for values of type t in register form. */
  public long apply(IrType t, long a, long b) {
    if (t.isFloat()) {
      double x = Alu.toDouble(t, a);
      double y = Alu.toDouble(t, b);
      double r = switch (this) {
        case SUM -> x + y;
        case PROD -> x * y;
        case MAX -> Math.max(x, y);
        case MIN -> Math.min(x, y);
        case AND, OR, XOR -> throw new IllegalStateException(spelling() + " on " + t);
      };
      // Single precision rounds each step to float, as the kernel's float arithmetic does.
      return Alu.fromDouble(t, t == IrType.F32 ? (float) r : r);
    }
    boolean unsigned = !t.isSigned();
    return Alu.norm(t, switch (this) {
      case SUM -> a + b;
      case PROD -> a * b;
      case AND -> a & b;
      case OR -> a | b;
      case XOR -> a ^ b;
      case MAX -> (unsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b)) >= 0 ? a : b;
      case MIN -> (unsigned ? Long.compareUnsigned(a, b) : Long.compare(a, b)) <= 0 ? a : b;
    });
  }

  /**
   * How the outputs (register form, {@code out.applyAsLong(0..n-1)}) differ from the scan of the
   * run's inputs under this operator, at most ten, worded as a run reports them: "out[5] = 3,
   * expected 4". Empty when every output is right.
   */
  public List<String> mismatches(IntToLongFunction out, IrType t, int n, boolean exclusive) {
    List<String> found = new ArrayList<>();
    long bound = Inputs.bound(n);
    long acc = identity(t);
    for (int i = 0; i < n && found.size() < 10; i++) {
      long x = Alu.fromDouble(t, input(i, bound));
      long want = exclusive ? acc : apply(t, acc, x);
      acc = apply(t, acc, x);
      long got = out.applyAsLong(i);
      if (got != want && !(t.isFloat() && Double.isNaN(Alu.toDouble(t, got)) && Double.isNaN(Alu.toDouble(t, want)))) {
        found.add("out[" + i + "] = " + format(t, got) + ", expected " + format(t, want));
      }
    }
    return found;
  }

  private static long lowest(IrType t) {
    return switch (t) {
      case I8 -> Byte.MIN_VALUE;
      case I16 -> Short.MIN_VALUE;
      case I32 -> Integer.MIN_VALUE;
      case I64 -> Long.MIN_VALUE;
      default -> 0;
    };
  }

  private static String format(IrType t, long bits) {
    if (t.isFloat()) {
      return ScanRun.format(Alu.toDouble(t, bits));
    }
    return t.isSigned() ? Long.toString(bits) : Long.toUnsignedString(bits);
  }
}
