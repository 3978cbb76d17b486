package org.scansim.frontend.sema;

import org.scansim.frontend.ast.Expr;

/**
 * Evaluates integer constant expressions with the wrap-around of the operation type, as C does
 * (C11 §6.6, §6.3.1.3). Division by zero is diagnosed and not folded.
 */
final class ConstFolder {
  private ConstFolder() {}

  static Long fold(Expr e, Scalar s, long a, Long b, Context cx) {
    boolean u = !s.isSigned();
    if (e instanceof Expr.Unary un) {
      return switch (un.op()) {
        case PLUS -> Conversions.wrap(a, s);
        case NEG -> Conversions.wrap(-a, s);
        case BITNOT -> Conversions.wrap(~a, s);
        default -> null;
      };
    }
    if (!(e instanceof Expr.Binary bin)) {
      return null;
    }
    Expr.BinaryOp op = bin.op();
    long y = b;
    if (op != Expr.BinaryOp.SHL && op != Expr.BinaryOp.SHR) {
      a = Conversions.wrap(a, s);
      y = Conversions.wrap(y, s);
    }
    long r;
    switch (op) {
      case ADD -> r = a + y;
      case SUB -> r = a - y;
      case MUL -> r = a * y;
      case DIV, REM -> {
        if (y == 0) {
          cx.diags.warning(e.span(), "division by zero is undefined");
          return null;
        }
        if (op == Expr.BinaryOp.DIV) {
          r = u ? Long.divideUnsigned(a, y) : a / y;
        } else {
          r = u ? Long.remainderUnsigned(a, y) : a % y;
        }
      }
      case SHL, SHR -> {
        int bits = s.size() * 8;
        if (y < 0 || y >= bits) {
          cx.diags.warning(e.span(), "shift count " + y + " is negative or >= the width of type '" + s.spelling() + "'");
          return null;
        }
        a = Conversions.wrap(a, s);
        r = op == Expr.BinaryOp.SHL ? a << y : (u ? a >>> y : a >> y);
      }
      case BIT_AND -> r = a & y;
      case BIT_OR -> r = a | y;
      case BIT_XOR -> r = a ^ y;
      case LT -> {
        return (u ? Long.compareUnsigned(a, y) < 0 : a < y) ? 1L : 0L;
      }
      case GT -> {
        return (u ? Long.compareUnsigned(a, y) > 0 : a > y) ? 1L : 0L;
      }
      case LE -> {
        return (u ? Long.compareUnsigned(a, y) <= 0 : a <= y) ? 1L : 0L;
      }
      case GE -> {
        return (u ? Long.compareUnsigned(a, y) >= 0 : a >= y) ? 1L : 0L;
      }
      case EQ -> {
        return a == y ? 1L : 0L;
      }
      case NE -> {
        return a != y ? 1L : 0L;
      }
      default -> {
        return null;
      }
    }
    return Conversions.wrap(r, s);
  }
}
