package org.scansim.frontend.pp;

import java.util.Map;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Evaluates the controlling expression of {@code #if} / {@code #elif} (C11 §6.10.1): macros are
 * replaced first (through a {@link MacroExpander} over the directive line), except the operand of
 * {@code defined}; remaining identifiers are 0, {@code true} / {@code false} 1 / 0 (C++); the
 * arithmetic is in intmax_t / uintmax_t with C's usual arithmetic conversions (§6.3.1.8), done
 * with gcc's results for overflow and shifts. Diagnostics that only matter when a value is used
 * (division by zero, overflow) are not given in an unevaluated operand of {@code &&}, {@code ||}
 * or {@code ?:}.
 */
final class ConditionEvaluator {

  /** Thrown after an error has been reported, to abandon the expression. */
  private static final class Failed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Failed() {
      super(null, null, false, false);
    }
  }

  private static final Map<String, Integer> BINARY_PRECEDENCE =
      Map.ofEntries(
          Map.entry("||", 1), Map.entry("&&", 2), Map.entry("|", 3), Map.entry("^", 4),
          Map.entry("&", 5), Map.entry("==", 6), Map.entry("!=", 6), Map.entry("<", 7),
          Map.entry(">", 7), Map.entry("<=", 7), Map.entry(">=", 7), Map.entry("<<", 8),
          Map.entry(">>", 8), Map.entry("+", 9), Map.entry("-", 9), Map.entry("*", 10),
          Map.entry("/", 10), Map.entry("%", 10));

  private final MacroExpander exp;
  private final MacroTable table;
  private final Diagnostics diags;

  private PpToken cur;
  /** The value of {@link #cur} when it is an operand, else null. */
  private PpConstant curValue;
  private PpToken lastOperator;
  private int unevaluated;
  private int depth;

  ConditionEvaluator(MacroExpander exp, MacroTable table, Diagnostics diags) {
    this.exp = exp;
    this.table = table;
    this.diags = diags;
  }

  /** True when the expression is nonzero; false also after any error (the group is skipped). */
  boolean evaluate(PpToken directiveName) {
    try {
      advance();
      if (cur.kind == PpToken.Kind.EOF) {
        diags.error(directiveName.span(), "#" + directiveName.text + " with no expression");
        return false;
      }
      PpConstant v = comma();
      if (cur.kind != PpToken.Kind.EOF) {
        unexpected();
      }
      return v.bits() != 0;
    } catch (Failed e) {
      return false;
    } finally {
      exp.abandon();
    }
  }

  // ---------------------------------------------------------------- tokens

  private void advance() {
    PpToken t = exp.get();
    curValue = null;
    cur = t;
    switch (t.kind) {
      case NUMBER -> curValue = check(PpConstant.integer(t.text, at(t), diags));
      case CHAR -> curValue = check(PpConstant.character(t.text, at(t), diags));
      case IDENT -> {
        if (t.text.equals("defined")) {
          curValue = definedOperator(t);
        } else {
          // §6.10.1p4: identifiers left after replacement are 0; C++ has true and false.
          curValue = new PpConstant(t.text.equals("true") ? 1 : 0, false);
        }
      }
      default -> {}
    }
  }

  private PpConstant check(PpConstant c) {
    if (c == null) {
      throw new Failed();
    }
    return c;
  }

  /** {@code defined X} or {@code defined ( X )} (§6.10.1p1); X is not macro-replaced. */
  private PpConstant definedOperator(PpToken keyword) {
    exp.preventExpansion(1);
    try {
      PpToken t = exp.get();
      boolean paren = t.is("(");
      if (paren) {
        t = exp.get();
      }
      if (t.kind != PpToken.Kind.IDENT) {
        fail(t.kind == PpToken.Kind.EOF ? keyword : t, "operator 'defined' requires an identifier");
      }
      if (paren) {
        PpToken close = exp.get();
        if (!close.is(")")) {
          fail(close.kind == PpToken.Kind.EOF ? t : close, "missing ')' after 'defined'");
        }
      }
      return new PpConstant(table.isDefined(t.text) ? 1 : 0, false);
    } finally {
      exp.preventExpansion(-1);
    }
  }

  private Span at(PpToken t) {
    return exp.locate(t);
  }

  private void fail(PpToken t, String message) {
    diags.error(at(t), message);
    throw new Failed();
  }

  /** A token that cannot continue the expression where it stands. */
  private void unexpected() {
    if (cur.kind == PpToken.Kind.EOF) {
      fail(lastOperator, "operator '" + lastOperator.text + "' has no right operand");
    } else if (cur.is(")")) {
      fail(cur, "missing '(' in expression");
    } else if (cur.is(":")) {
      fail(cur, "':' without preceding '?'");
    } else if (curValue != null) {
      fail(cur, "missing binary operator before token '" + cur.text + "'");
    } else if (isOperator(cur)) {
      fail(cur, "operator '" + cur.text + "' has no left operand");
    } else {
      fail(cur, "token '" + cur.text + "' is not valid in preprocessor expressions");
    }
  }

  private static boolean isOperator(PpToken t) {
    return t.kind == PpToken.Kind.PUNCT
        && (BINARY_PRECEDENCE.containsKey(t.text)
            || t.text.equals("?") || t.text.equals(",") || t.text.equals("~") || t.text.equals("!"));
  }

  // ---------------------------------------------------------------- grammar (§6.5)

  /** expression: conditional-expression { , conditional-expression } */
  private PpConstant comma() {
    PpConstant v = conditional();
    while (cur.is(",")) {
      lastOperator = cur;
      advance();
      v = conditional();
    }
    return v;
  }

  /** logical-OR-expression ? expression : conditional-expression (§6.5.15) */
  private PpConstant conditional() {
    enter();
    PpConstant c = binary(1);
    if (!cur.is("?")) {
      depth--;
      return c;
    }
    PpToken question = cur;
    lastOperator = cur;
    advance();
    boolean taken = c.bits() != 0;
    unevaluated += taken ? 0 : 1;
    PpConstant a = comma();
    unevaluated -= taken ? 0 : 1;
    if (!cur.is(":")) {
      if (cur.kind == PpToken.Kind.EOF) {
        fail(question, "'?' without following ':'");
      }
      unexpected();
    }
    lastOperator = cur;
    advance();
    unevaluated += taken ? 1 : 0;
    PpConstant b = conditional();
    unevaluated -= taken ? 1 : 0;
    depth--;
    boolean unsigned = a.unsigned() || b.unsigned(); // §6.5.15p5: usual arithmetic conversions
    return new PpConstant(taken ? a.bits() : b.bits(), unsigned);
  }

  private PpConstant binary(int minPrecedence) {
    PpConstant lhs = unary();
    while (true) {
      Integer prec = cur.kind == PpToken.Kind.PUNCT ? BINARY_PRECEDENCE.get(cur.text) : null;
      if (prec == null || prec < minPrecedence) {
        return lhs;
      }
      PpToken op = cur;
      lastOperator = op;
      advance();
      if (op.text.equals("&&") || op.text.equals("||")) {
        boolean decided = op.text.equals("&&") ? lhs.bits() == 0 : lhs.bits() != 0;
        unevaluated += decided ? 1 : 0;
        PpConstant rhs = binary(prec + 1);
        unevaluated -= decided ? 1 : 0;
        boolean r = op.text.equals("&&") ? lhs.bits() != 0 && rhs.bits() != 0 : lhs.bits() != 0 || rhs.bits() != 0;
        lhs = new PpConstant(r ? 1 : 0, false);
      } else {
        PpConstant rhs = binary(prec + 1);
        lhs = apply(op, lhs, rhs);
      }
    }
  }

  private PpConstant unary() {
    enter();
    try {
      if (cur.is("+") || cur.is("-") || cur.is("~") || cur.is("!")) {
        PpToken op = cur;
        lastOperator = op;
        advance();
        PpConstant v = unary();
        return switch (op.text) {
          case "+" -> v;
          case "-" -> {
            if (!v.unsigned() && v.bits() == Long.MIN_VALUE) {
              overflow(op);
            }
            yield new PpConstant(-v.bits(), v.unsigned());
          }
          case "~" -> new PpConstant(~v.bits(), v.unsigned());
          default -> new PpConstant(v.bits() == 0 ? 1 : 0, false);
        };
      }
      if (cur.is("(")) {
        PpToken open = cur;
        lastOperator = open;
        advance();
        if (cur.is(")")) {
          fail(cur, "missing expression between '(' and ')'");
        }
        PpConstant v = comma();
        if (!cur.is(")")) {
          if (cur.kind == PpToken.Kind.EOF) {
            fail(open, "missing ')' in expression");
          }
          unexpected();
        }
        advance();
        return v;
      }
      if (curValue != null) {
        PpConstant v = curValue;
        advance();
        return v;
      }
      if (cur.kind == PpToken.Kind.EOF && lastOperator == null) {
        fail(cur, "#if with no expression");
      }
      unexpected();
      return null; // not reached
    } finally {
      depth--;
    }
  }

  private void enter() {
    if (++depth > Budget.MAX_NESTING) {
      fail(cur, "#if expression nested too deeply (limit " + Budget.MAX_NESTING + ")");
    }
  }

  private void overflow(PpToken op) {
    if (unevaluated == 0) {
      diags.warning(at(op), "integer overflow in preprocessor expression");
    }
  }

  private PpConstant apply(PpToken op, PpConstant a, PpConstant b) {
    boolean u = a.unsigned() || b.unsigned(); // §6.3.1.8
    long x = a.bits();
    long y = b.bits();
    switch (op.text) {
      case "<<", ">>" -> {
        return shift(op, a, b, op.text.equals("<<"));
      }
      case "*" -> {
        if (!u && multiplyOverflows(x, y)) {
          overflow(op);
        }
        return new PpConstant(x * y, u);
      }
      case "/", "%" -> {
        if (y == 0) {
          if (unevaluated == 0) {
            fail(op, "division by zero in #if");
          }
          return new PpConstant(0, u);
        }
        boolean div = op.text.equals("/");
        if (u) {
          return new PpConstant(div ? Long.divideUnsigned(x, y) : Long.remainderUnsigned(x, y), true);
        }
        if (x == Long.MIN_VALUE && y == -1) {
          if (div) {
            overflow(op);
          }
          return new PpConstant(div ? Long.MIN_VALUE : 0, false);
        }
        return new PpConstant(div ? x / y : x % y, false);
      }
      case "+" -> {
        long r = x + y;
        if (!u && ((x ^ r) & (y ^ r)) < 0) {
          overflow(op);
        }
        return new PpConstant(r, u);
      }
      case "-" -> {
        long r = x - y;
        if (!u && ((x ^ y) & (x ^ r)) < 0) {
          overflow(op);
        }
        return new PpConstant(r, u);
      }
      case "<" -> {
        return bool(compare(x, y, u) < 0);
      }
      case ">" -> {
        return bool(compare(x, y, u) > 0);
      }
      case "<=" -> {
        return bool(compare(x, y, u) <= 0);
      }
      case ">=" -> {
        return bool(compare(x, y, u) >= 0);
      }
      case "==" -> {
        return bool(x == y);
      }
      case "!=" -> {
        return bool(x != y);
      }
      case "&" -> {
        return new PpConstant(x & y, u);
      }
      case "^" -> {
        return new PpConstant(x ^ y, u);
      }
      default -> {
        return new PpConstant(x | y, u); // "|"
      }
    }
  }

  private static PpConstant bool(boolean b) {
    return new PpConstant(b ? 1 : 0, false);
  }

  private static int compare(long x, long y, boolean unsigned) {
    return unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
  }

  private static boolean multiplyOverflows(long x, long y) {
    return Math.multiplyHigh(x, y) != ((x * y) >> 63);
  }

  /**
   * §6.5.7: the result has the left operand's type. As gcc does: a negative count shifts the other
   * way, and a count of 64 or more gives 0 (or -1 for a negative signed value shifted right).
   */
  private PpConstant shift(PpToken op, PpConstant a, PpConstant b, boolean left) {
    long n = b.bits();
    if (!b.unsigned() && n < 0) {
      left = !left;
      n = n == Long.MIN_VALUE ? Long.MAX_VALUE : -n;
    }
    long x = a.bits();
    boolean big = Long.compareUnsigned(n, 64) >= 0;
    if (left) {
      if (big) {
        if (!a.unsigned() && x != 0) {
          overflow(op);
        }
        return new PpConstant(0, a.unsigned());
      }
      long r = x << n;
      if (!a.unsigned() && (r >> n) != x) {
        overflow(op);
      }
      return new PpConstant(r, a.unsigned());
    }
    if (big) {
      return new PpConstant(!a.unsigned() && x < 0 ? -1 : 0, a.unsigned());
    }
    return new PpConstant(a.unsigned() ? x >>> n : x >> n, a.unsigned());
  }
}
