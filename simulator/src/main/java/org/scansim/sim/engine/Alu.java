package org.scansim.sim.engine;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;

/**
 * Arithmetic over the lanes of a mask, with C semantics on the register representation: 32-bit
 * values wrap (signed results sign-extended, unsigned zero-extended), floats are IEEE single or
 * double (bits in the register), shifts by the width or more saturate as PTX's do (nvcc emits
 * PTX shifts, which clamp the count; C leaves it undefined), float-to-integer conversions
 * truncate toward zero and saturate as PTX's cvt.rzi does.
 */
public final class Alu {
  private Alu() {}

  public static float f(long v) {
    return Float.intBitsToFloat((int) v);
  }

  public static long f(float v) {
    return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
  }

  public static double d(long v) {
    return Double.longBitsToDouble(v);
  }

  public static long d(double v) {
    return Double.doubleToRawLongBits(v);
  }

  /** A number as a value of type t in register form (a scan's input element): floats rounded, integers truncated. */
  public static long fromDouble(IrType t, double v) {
    return switch (t) {
      case F32 -> f((float) v);
      case F64 -> d(v);
      case PRED, I8, U8, I16, U16, I32, U32, I64, U64, PTR -> norm(t, (long) v);
    };
  }

  /** A register-form value of type t as a number (an output element to compare with a reference). */
  public static double toDouble(IrType t, long bits) {
    return switch (t) {
      case F32 -> f(bits);
      case F64 -> d(bits);
      case PRED, I8, U8, I16, U16, I32, U32, I64, U64, PTR -> bits;
    };
  }

  /** Normalises a 64-bit result to type t's register form. */
  public static long norm(IrType t, long v) {
    return switch (t) {
      case I32 -> (int) v;
      case U32 -> v & 0xFFFF_FFFFL;
      case I8 -> (byte) v;
      case U8 -> v & 0xFF;
      case I16 -> (short) v;
      case U16 -> v & 0xFFFF;
      case PRED -> v != 0 ? 1 : 0;
      default -> v;
    };
  }

  public static void binary(CInsn in, long[] d, long[] a, long[] b, int mask) {
    IrType t = in.type;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = binary(in, t, a[l], b[l]);
    }
  }

  /** {@code in}'s arithmetic on one value pair (host code's registers hold one lane). */
  public static long binary(CInsn in, long x, long y) {
    return binary(in, in.type, x, y);
  }

  private static long binary(CInsn in, IrType t, long x, long y) {
    if (t == IrType.F32 || t == IrType.F64) {
      return switch (in.op) {
        case ADD, SUB, MUL, DIV, MIN, MAX, REM -> floatBinary(in.op, t, x, y);
        // other ops: not this arithmetic; the interpreter sends only arithmetic here
        default -> throw bad(in);
      };
    }
    boolean unsigned = t == IrType.U32 || t == IrType.U64 || t == IrType.PRED;
    int bits = t.size() * 8;
    long r = switch (in.op) {
      case ADD -> x + y;
      case SUB -> x - y;
      case MUL -> x * y;
      case AND -> x & y;
      case OR -> x | y;
      case XOR -> x ^ y;
      case MIN -> unsigned ? (Long.compareUnsigned(x, y) <= 0 ? x : y) : Math.min(x, y);
      case MAX -> unsigned ? (Long.compareUnsigned(x, y) >= 0 ? x : y) : Math.max(x, y);
      case DIV, REM -> {
        if (y == 0) {
          throw new Fault(Kind.DIVISION_BY_ZERO, in.span, "integer division by zero");
        }
        if (in.op == org.scansim.frontend.ir.Op.DIV) {
          yield unsigned ? Long.divideUnsigned(x, y) : x / y;
        }
        yield unsigned ? Long.remainderUnsigned(x, y) : x % y;
      }
      case SHL -> Long.compareUnsigned(y, bits) >= 0 ? 0 : x << y;
      case SHR -> {
        if (Long.compareUnsigned(y, bits) >= 0) {
          yield unsigned || x >= 0 ? 0 : -1;
        }
        yield unsigned ? x >>> y : x >> y;
      }
      // other ops: not integer arithmetic; the interpreter sends only arithmetic here
      default -> throw bad(in);
    };
    return norm(t, r);
  }

  /** Float arithmetic ({@code ADD}, {@code SUB}, {@code MUL}, {@code DIV}, {@code MIN}, {@code MAX}, {@code REM}) on F32 or F64 register values. */
  public static long floatBinary(Op op, IrType t, long x, long y) {
    if (t == IrType.F32) {
      float p = f(x);
      float q = f(y);
      return f(switch (op) {
        case ADD -> p + q;
        case SUB -> p - q;
        case MUL -> p * q;
        case DIV -> p / q;
        case MIN -> Float.isNaN(p) ? q : Float.isNaN(q) ? p : Math.min(p, q);
        case MAX -> Float.isNaN(p) ? q : Float.isNaN(q) ? p : Math.max(p, q);
        case REM -> p % q;
        // other ops: not float arithmetic; binary and host code send only these
        default -> throw new IllegalArgumentException(op + " is not float arithmetic");
      });
    }
    double p = d(x);
    double q = d(y);
    return d(switch (op) {
      case ADD -> p + q;
      case SUB -> p - q;
      case MUL -> p * q;
      case DIV -> p / q;
      case MIN -> Double.isNaN(p) ? q : Double.isNaN(q) ? p : Math.min(p, q);
      case MAX -> Double.isNaN(p) ? q : Double.isNaN(q) ? p : Math.max(p, q);
      case REM -> p % q;
      // other ops: not float arithmetic; binary and host code send only these
      default -> throw new IllegalArgumentException(op + " is not float arithmetic");
    });
  }

  public static void unary(CInsn in, long[] d, long[] a, int mask) {
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = unary(in, a[l]);
    }
  }

  /** {@code in}'s unary operation on one value. */
  public static long unary(CInsn in, long x) {
    IrType t = in.type;
    return switch (in.op) {
      case NEG -> t == IrType.F32 ? f(-f(x)) : t == IrType.F64 ? d(-d(x)) : norm(t, -x);
      case NOT -> t == IrType.PRED ? (x == 0 ? 1 : 0) : norm(t, ~x);
      case ABS -> t == IrType.F32 ? f(Math.abs(f(x))) : t == IrType.F64 ? d(Math.abs(d(x))) : norm(t, Math.abs(x));
      case POPC -> t.size() == 8 ? Long.bitCount(x) : Integer.bitCount((int) x);
      case CLZ -> Integer.numberOfLeadingZeros((int) x);
      case FFS -> (int) x == 0 ? 0 : Integer.numberOfTrailingZeros((int) x) + 1;
      // other ops: not a unary operation; the interpreter sends only arithmetic here
      default -> throw bad(in);
    };
  }

  public static void compare(CInsn in, long[] d, long[] a, long[] b, int mask) {
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = compare(in, a[l], b[l]);
    }
  }

  /** {@code in}'s comparison of one value pair: 1 or 0. */
  public static long compare(CInsn in, long x, long y) {
    return compare(in.type, in.ir.cmp(), x, y);
  }

  /** The comparison {@code cmp} of two values of type t: 1 or 0 (floats unordered with NaN, -0.0 equal to 0.0). */
  public static long compare(IrType t, org.scansim.frontend.ir.Enums.Cmp cmp, long x, long y) {
    int c;
    boolean unordered = false;
    if (t == IrType.F32 || t == IrType.F64) {
      double p = t == IrType.F32 ? f(x) : d(x);
      double q = t == IrType.F32 ? f(y) : d(y);
      unordered = Double.isNaN(p) || Double.isNaN(q);
      c = Double.compare(p, q);
      if (p == q) {
        c = 0; // -0.0 == 0.0
      }
    } else if (t == IrType.U32 || t == IrType.U64 || t == IrType.PTR || t == IrType.PRED) {
      c = Long.compareUnsigned(x, y);
    } else {
      c = Long.compare(x, y);
    }
    boolean r = switch (cmp) {
      case EQ -> !unordered && c == 0;
      case NE -> unordered || c != 0;
      case LT -> !unordered && c < 0;
      case LE -> !unordered && c <= 0;
      case GT -> !unordered && c > 0;
      case GE -> !unordered && c >= 0;
    };
    return r ? 1 : 0;
  }

  public static void convert(CInsn in, long[] d, long[] a, int mask) {
    IrType to = in.type;
    IrType from = in.srcType;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = convert(to, from, a[l]);
    }
  }

  public static long convert(IrType to, IrType from, long x) {
    if (from == to) {
      return x;
    }
    if (from == IrType.F32 || from == IrType.F64) {
      double v = from == IrType.F32 ? f(x) : d(x);
      if (to == IrType.F32) {
        return f((float) v);
      }
      if (to == IrType.F64) {
        return d(v);
      }
      if (to == IrType.PRED) {
        return v != 0 ? 1 : 0;
      }
      return saturate(to, v);
    }
    // from an integer, pointer or predicate (held zero- or sign-extended already)
    if (to == IrType.F32) {
      return f(from == IrType.U64 ? (float) org.scansim.frontend.sema.Conversions.unsignedToDouble(x) : (float) x);
    }
    if (to == IrType.F64) {
      return d(from == IrType.U64 ? org.scansim.frontend.sema.Conversions.unsignedToDouble(x) : (double) x);
    }
    if (to == IrType.PTR || from == IrType.PTR) {
      return x;
    }
    return norm(to, x);
  }

  /** Float to integer: truncate toward zero, NaN to 0, out of range to the nearest bound (PTX cvt.rzi). */
  private static long saturate(IrType to, double v) {
    if (Double.isNaN(v)) {
      return 0;
    }
    double t = v < 0 ? Math.ceil(v) : Math.floor(v);
    return switch (to) {
      case I8 -> (long) Math.max(-128, Math.min(127, t));
      case U8 -> (long) Math.max(0, Math.min(255, t));
      case I16 -> (long) Math.max(-32768, Math.min(32767, t));
      case U16 -> (long) Math.max(0, Math.min(65535, t));
      case I32 -> (long) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, t));
      case U32 -> (long) Math.max(0, Math.min(4294967295.0, t));
      case I64 -> (long) t;
      case U64 -> t <= 0 ? 0 : t >= 18446744073709551615.0 ? -1L : t >= 9223372036854775808.0
          ? (long) (t - 9223372036854775808.0) + Long.MIN_VALUE : (long) t;
      default -> (long) t;
    };
  }

  private static Fault bad(CInsn in) {
    return new Fault(Kind.INTERNAL, in.span, "operation " + in.op + " on " + in.type);
  }
}
