package org.scansim.frontend.parse;

import java.util.List;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.diag.Span;

/**
 * {@code std::numeric_limits<T>::max()} and its kin (C++ [numeric.limits]) for the arithmetic
 * types: each a constant of type T, the value IEEE 754 and LP64 give it (as nvcc's host compiler
 * on Linux has them). Members: {@code max}, {@code min}, {@code lowest}, {@code epsilon},
 * {@code infinity}, {@code quiet_NaN}, {@code digits}, {@code digits10}, {@code is_signed},
 * {@code is_integer}.
 */
final class NumericLimits {
  private NumericLimits() {}

  static final String NAME = "std::numeric_limits";

  /** The member's value as an expression of its type, or null with the reason in {@code why[0]}. */
  static Expr of(TypeName t, String member, Span at, String[] why) {
    BaseType base = t.pointers().isEmpty() && t.spec().struct() == null ? t.spec().base() : null;
    boolean floating = base == BaseType.FLOAT || base == BaseType.DOUBLE;
    int bits = base == null ? 0 : switch (base) {
      case BOOL -> 1;
      case CHAR, SCHAR, UCHAR -> 8;
      case SHORT, USHORT -> 16;
      case INT, UINT, FLOAT -> 32;
      case LONG, ULONG, LLONG, ULLONG, SIZE_T, DOUBLE -> 64;
      default -> 0;
    };
    if (bits == 0) {
      why[0] = "std::numeric_limits is simulated for the arithmetic types, not '" + (t.spec().spelling()) + "'";
      return null;
    }
    boolean unsigned = base == BaseType.BOOL || base == BaseType.UCHAR || base == BaseType.USHORT || base == BaseType.UINT
        || base == BaseType.ULONG || base == BaseType.ULLONG || base == BaseType.SIZE_T;
    boolean isFloat = base == BaseType.FLOAT;
    switch (member) {
      case "is_signed" -> {
        return new Expr.BoolLit(at, !unsigned);
      }
      case "is_integer" -> {
        return new Expr.BoolLit(at, !floating);
      }
      case "digits" -> {
        return integer(at, floating ? (isFloat ? 24 : 53) : unsigned ? bits : bits - 1);
      }
      case "digits10" -> {
        return integer(at, floating ? (isFloat ? 6 : 15) : (long) Math.floor((unsigned ? bits : bits - 1) * Math.log10(2)));
      }
      default -> {}
    }
    Expr value;
    if (floating) {
      double v = switch (member) {
        case "max" -> isFloat ? Float.MAX_VALUE : Double.MAX_VALUE;
        case "min" -> isFloat ? Float.MIN_NORMAL : Double.MIN_NORMAL;
        case "lowest" -> isFloat ? -Float.MAX_VALUE : -Double.MAX_VALUE;
        case "epsilon" -> isFloat ? Math.ulp(1.0f) : Math.ulp(1.0);
        case "infinity" -> Double.POSITIVE_INFINITY;
        case "quiet_NaN" -> Double.NaN;
        default -> Double.MIN_VALUE; // a marker: not a member we know
      };
      if (v == Double.MIN_VALUE) {
        why[0] = "std::numeric_limits<" + t.spec().spelling() + ">::" + member + " is not simulated";
        return null;
      }
      value = v < 0 ? new Expr.Unary(at, Expr.UnaryOp.NEG, new Expr.FloatLit(at, -v, false, Double.toString(-v)))
          : new Expr.FloatLit(at, v, false, Double.toString(v));
    } else {
      java.math.BigInteger max = java.math.BigInteger.ONE.shiftLeft(unsigned ? bits : bits - 1).subtract(java.math.BigInteger.ONE);
      java.math.BigInteger min = unsigned ? java.math.BigInteger.ZERO : max.negate().subtract(java.math.BigInteger.ONE);
      java.math.BigInteger v = switch (member) {
        case "max" -> max;
        case "min", "lowest" -> min;
        case "epsilon" -> java.math.BigInteger.ZERO;
        default -> null;
      };
      if (v == null) {
        why[0] = "std::numeric_limits<" + t.spec().spelling() + ">::" + member + " is not simulated";
        return null;
      }
      // The most negative value is written as -(MAX) - 1, as <climits> writes it.
      value = v.signum() >= 0 ? new Expr.IntLit(at, v.longValue(), true, true, 2, false, v.toString() + "ull")
          : new Expr.Binary(at, Expr.BinaryOp.SUB, new Expr.Unary(at, Expr.UnaryOp.NEG,
              new Expr.IntLit(at, max.longValue(), true, false, 2, false, max + "ll")), new Expr.IntLit(at, 1, true, false, 0, false, "1"));
    }
    return new Expr.Cast(at, new TypeName(at, t.spec(), List.of()), value);
  }

  /** Members that are values, not functions ({@code digits}). */
  static boolean isValue(String member) {
    return member.equals("digits") || member.equals("digits10") || member.equals("is_signed") || member.equals("is_integer");
  }

  /** Whether {@code member} is one scansim has. */
  static boolean known(String member) {
    return isValue(member) || java.util.Set.of("max", "min", "lowest", "epsilon", "infinity", "quiet_NaN").contains(member);
  }

  private static Expr integer(Span at, long v) {
    return new Expr.IntLit(at, v, true, false, 0, false, Long.toString(v));
  }
}
