package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.diag.Span;

/**
 * Values of the literal tokens (C11 §6.4.4, §6.4.5). The lexer takes any run of letters and digits
 * after a number, so the digits and the suffix are checked here, with gcc's wording: {@code
 * invalid suffix "xyz" on integer constant}, {@code invalid digit "8" in octal constant}.
 */
final class Literals {

  /** Where problems go: an error or a warning at the literal's span. */
  interface Problems {
    void error(String message);

    void warning(String message);
  }

  private Literals() {}

  // ------------------------------------------------------------------------------------------
  // Integer constants (C11 §6.4.4.1)

  static Expr.IntLit integer(String text, Span span, Problems problems) {
    int radix;
    int digitsStart;
    if (text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'x' || text.charAt(1) == 'X')) {
      radix = 16;
      digitsStart = 2;
    } else if (text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'b' || text.charAt(1) == 'B')) {
      radix = 2;
      digitsStart = 2;
    } else if (text.charAt(0) == '0') {
      radix = 8; // a lone 0 is an octal constant too (C11 §6.4.4.1)
      digitsStart = 0;
    } else {
      radix = 10;
      digitsStart = 0;
    }
    int end = digitsStart;
    while (end < text.length() && Character.digit(text.charAt(end), radix == 16 ? 16 : 10) >= 0) {
      end++;
    }
    String digits = text.substring(digitsStart, end);
    String suffix = text.substring(end);
    if (digits.isEmpty()) {
      // "0x" or "0b" with no digits: the letter reads as the start of a suffix, as gcc says.
      problems.error("invalid suffix \"" + text.substring(1) + "\" on integer constant");
      return new Expr.IntLit(span, 0, false, false, 0, false, text);
    }
    for (int i = 0; i < digits.length(); i++) {
      int d = Character.digit(digits.charAt(i), 16);
      if (d >= radix) {
        String kind = radix == 8 ? "octal" : "binary";
        problems.error("invalid digit \"" + digits.charAt(i) + "\" in " + kind + " constant");
        return new Expr.IntLit(span, 0, false, false, 0, false, text);
      }
    }
    long value = 0;
    boolean overflow = false;
    long limit = Long.divideUnsigned(-1L, radix);
    for (int i = 0; i < digits.length(); i++) {
      int d = Character.digit(digits.charAt(i), radix);
      if (Long.compareUnsigned(value, limit) > 0) {
        overflow = true;
      }
      long next = value * radix + d;
      if (Long.compareUnsigned(next, value * radix) < 0) {
        overflow = true;
      }
      value = next;
    }
    boolean unsignedSuffix = false;
    int longs;
    String rest = suffix;
    if (!rest.isEmpty() && (rest.charAt(0) == 'u' || rest.charAt(0) == 'U')) {
      unsignedSuffix = true;
      rest = rest.substring(1);
    } else if (!rest.isEmpty() && (rest.endsWith("u") || rest.endsWith("U"))) {
      unsignedSuffix = true;
      rest = rest.substring(0, rest.length() - 1);
    }
    switch (rest) {
      case "" -> longs = 0;
      case "l", "L" -> longs = 1;
      case "ll", "LL" -> longs = 2;
      default -> {
        problems.error("invalid suffix \"" + suffix + "\" on integer constant");
        return new Expr.IntLit(span, value, radix == 10, false, 0, overflow, text);
      }
    }
    return new Expr.IntLit(span, value, radix == 10, unsignedSuffix, longs, overflow, text);
  }

  // ------------------------------------------------------------------------------------------
  // Floating constants (C11 §6.4.4.2)

  static Expr.FloatLit floating(String text, Span span, Problems problems) {
    int end = numericEnd(text);
    String number = text.substring(0, end);
    String suffix = text.substring(end);
    boolean isFloat = false;
    switch (suffix) {
      case "" -> {}
      case "f", "F" -> isFloat = true;
      case "l", "L" -> problems.error(Unsupported.LONG_DOUBLE);
      default -> {
        if (suffix.charAt(0) == 'e' || suffix.charAt(0) == 'E' || suffix.charAt(0) == 'p' || suffix.charAt(0) == 'P') {
          problems.error("exponent has no digits");
        } else {
          problems.error("invalid suffix \"" + suffix + "\" on floating constant");
        }
      }
    }
    double value;
    try {
      value = isFloat ? Float.parseFloat(number) : Double.parseDouble(number);
    } catch (NumberFormatException e) {
      value = 0;
    }
    if (Double.isInfinite(value)) {
      problems.warning("floating constant exceeds range of '" + (isFloat ? "float" : "double") + "'");
    }
    return new Expr.FloatLit(span, value, isFloat, text);
  }

  /** The length of the number in a floating token, before its suffix. */
  private static int numericEnd(String text) {
    int i = 0;
    boolean hex = text.length() > 1 && text.charAt(0) == '0' && (text.charAt(1) == 'x' || text.charAt(1) == 'X');
    if (hex) {
      i = 2;
      while (i < text.length() && (Character.digit(text.charAt(i), 16) >= 0 || text.charAt(i) == '.')) {
        i++;
      }
      return exponentEnd(text, i, 'p', 'P');
    }
    while (i < text.length() && (Character.isDigit(text.charAt(i)) || text.charAt(i) == '.')) {
      i++;
    }
    return exponentEnd(text, i, 'e', 'E');
  }

  private static int exponentEnd(String text, int at, char lower, char upper) {
    if (at < text.length() && (text.charAt(at) == lower || text.charAt(at) == upper)) {
      int j = at + 1;
      if (j < text.length() && (text.charAt(j) == '+' || text.charAt(j) == '-')) {
        j++;
      }
      int digits = j;
      while (j < text.length() && Character.isDigit(text.charAt(j))) {
        j++;
      }
      if (j > digits) {
        return j;
      }
    }
    return at;
  }

  // ------------------------------------------------------------------------------------------
  // Character constants and string literals (C11 §6.4.4.4, §6.4.5)

  /** The value of a character constant, as a (signed) char: {@code '\xff'} is -1. */
  static int character(String token, Problems problems) {
    String body = token.substring(1, Math.max(1, token.length() - 1));
    List<Integer> units = decode(body, problems);
    if (units.isEmpty()) {
      problems.error("empty character constant");
      return 0;
    }
    if (units.size() > 1 || units.get(0) > 0xff) {
      problems.error("multi-character character constant is not supported");
      return 0;
    }
    int unit = units.get(0);
    if (unit > 0x7f && unit == (int) body.charAt(0)) {
      // A non-ASCII character written directly is several bytes in UTF-8.
      problems.error("multi-character character constant is not supported");
      return 0;
    }
    return (byte) unit;
  }

  /** The characters of one string literal token; escapes become chars 0-255. */
  static String string(String token, Problems problems) {
    String body = token.substring(1, Math.max(1, token.length() - 1));
    StringBuilder out = new StringBuilder(body.length());
    for (int unit : decode(body, problems)) {
      out.append((char) unit);
    }
    return out.toString();
  }

  /** Decodes the escapes of a literal's body (C11 §6.4.4.4): one int per character. */
  private static List<Integer> decode(String body, Problems problems) {
    List<Integer> units = new ArrayList<>(body.length());
    int i = 0;
    while (i < body.length()) {
      char c = body.charAt(i++);
      if (c != '\\' || i >= body.length()) {
        units.add((int) c);
        continue;
      }
      char e = body.charAt(i++);
      switch (e) {
        case 'n' -> units.add(10);
        case 't' -> units.add(9);
        case 'r' -> units.add(13);
        case 'a' -> units.add(7);
        case 'b' -> units.add(8);
        case 'f' -> units.add(12);
        case 'v' -> units.add(11);
        case '\\', '\'', '"', '?' -> units.add((int) e);
        case 'x' -> {
          int start = i;
          int value = 0;
          boolean tooBig = false;
          while (i < body.length() && Character.digit(body.charAt(i), 16) >= 0) {
            value = value * 16 + Character.digit(body.charAt(i), 16);
            if (value > 0xff) {
              tooBig = true;
              value &= 0xfff;
            }
            i++;
          }
          if (i == start) {
            problems.error("\\x used with no following hex digits");
          } else if (tooBig) {
            problems.error("hex escape sequence out of range");
          }
          units.add(value & 0xff);
        }
        default -> {
          if (e >= '0' && e <= '7') {
            int value = e - '0';
            for (int k = 0; k < 2 && i < body.length() && body.charAt(i) >= '0' && body.charAt(i) <= '7'; k++) {
              value = value * 8 + (body.charAt(i++) - '0');
            }
            if (value > 0xff) {
              problems.error("octal escape sequence out of range");
            }
            units.add(value & 0xff);
          } else {
            problems.warning("unknown escape sequence '\\" + e + "'");
            units.add((int) e);
          }
        }
      }
    }
    return units;
  }
}
