package org.scansim.frontend.pp;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * The value of an integer or character constant in a {@code #if} expression (C11 §6.10.1p4: in
 * intmax_t or uintmax_t, both 64 bits here), with gcc's types on x86-64 Linux: plain char signed,
 * wchar_t a signed 32-bit int, char16_t and char32_t unsigned.
 */
record PpConstant(long bits, boolean unsigned) {

  private static final BigInteger TWO_64 = BigInteger.ONE.shiftLeft(64);

  /** An integer constant (§6.4.4.1); null after reporting why it is not one. */
  static PpConstant integer(String spelling, Span at, Diagnostics diags) {
    String t = spelling.replace("'", ""); // C++14 digit separators
    int radix = 10;
    int i = 0;
    if (t.length() > 1 && t.charAt(0) == '0' && (t.charAt(1) == 'x' || t.charAt(1) == 'X')) {
      radix = 16;
      i = 2;
    } else if (t.length() > 1 && t.charAt(0) == '0' && (t.charAt(1) == 'b' || t.charAt(1) == 'B')) {
      radix = 2;
      i = 2;
    } else if (t.startsWith("0")) {
      radix = 8;
    }
    int digitsStart = i;
    while (i < t.length() && Character.digit(t.charAt(i), radix == 16 ? 16 : 10) >= 0) {
      i++;
    }
    String digits = t.substring(digitsStart, i);
    String suffix = t.substring(i);
    boolean isFloat =
        suffix.startsWith(".")
            || (radix == 16 ? suffix.matches("(?s)[pP].*") : suffix.matches("(?s)[eE].*"));
    if (isFloat) {
      diags.error(at, "floating constant in preprocessor expression");
      return null;
    }
    if (digits.isEmpty() && radix != 8) {
      diags.error(at, "invalid suffix '" + t.substring(digitsStart) + "' on integer constant");
      return null;
    }
    if (radix == 8 || radix == 2) {
      for (int k = 0; k < digits.length(); k++) {
        if (Character.digit(digits.charAt(k), radix) < 0) {
          diags.error(
              at,
              "invalid digit '" + digits.charAt(k) + "' in "
                  + (radix == 8 ? "octal" : "binary") + " constant");
          return null;
        }
      }
    }
    if (!suffix.matches("([uU]?(l|L|ll|LL)?|(l|L|ll|LL)[uU])")) {
      diags.error(at, "invalid suffix '" + suffix + "' on integer constant");
      return null;
    }
    BigInteger v = digits.isEmpty() ? BigInteger.ZERO : new BigInteger(digits, radix);
    if (v.compareTo(TWO_64) >= 0) {
      diags.warning(at, "integer constant is too large for its type");
      v = v.mod(TWO_64);
    }
    boolean unsigned = suffix.indexOf('u') >= 0 || suffix.indexOf('U') >= 0;
    if (!unsigned && v.bitLength() > 63) {
      if (radix == 10) {
        diags.warning(at, "integer constant is so large that it is unsigned");
      }
      unsigned = true;
    }
    return new PpConstant(v.longValue(), unsigned);
  }

  /** A character constant (§6.4.4.4); null after reporting why it is not one. */
  static PpConstant character(String spelling, Span at, Diagnostics diags) {
    int q = spelling.indexOf('\'');
    String prefix = spelling.substring(0, q);
    String body = spelling.substring(q + 1, spelling.length() - 1);
    boolean narrow = prefix.isEmpty() || prefix.equals("u8");
    List<Long> units = new ArrayList<>();
    for (int i = 0; i < body.length(); ) {
      char c = body.charAt(i);
      long cp;
      boolean raw = false; // a \x or octal escape: one code unit, not a code point
      if (c == '\\' && i + 1 < body.length()) {
        char e = body.charAt(i + 1);
        i += 2;
        switch (e) {
          case 'a' -> cp = 7;
          case 'b' -> cp = 8;
          case 'f' -> cp = 12;
          case 'n' -> cp = 10;
          case 'r' -> cp = 13;
          case 't' -> cp = 9;
          case 'v' -> cp = 11;
          case 'e', 'E' -> cp = 27;
          case '\\', '\'', '"', '?' -> cp = e;
          case 'x' -> {
            int s = i;
            while (i < body.length() && Character.digit(body.charAt(i), 16) >= 0) {
              i++;
            }
            if (s == i) {
              diags.error(at, "\\x used with no following hex digits");
              return null;
            }
            cp = new BigInteger(body.substring(s, i), 16).longValue();
            raw = true;
          }
          case 'u', 'U' -> {
            int n = e == 'u' ? 4 : 8;
            if (i + n > body.length() || !body.substring(i, i + n).matches("[0-9a-fA-F]+")) {
              diags.error(at, "incomplete universal character name");
              return null;
            }
            cp = Long.parseLong(body.substring(i, i + n), 16);
            i += n;
          }
          default -> {
            if (e >= '0' && e <= '7') {
              int s = i - 1;
              while (i < body.length() && i - s < 3 && body.charAt(i) >= '0' && body.charAt(i) <= '7') {
                i++;
              }
              cp = Long.parseLong(body.substring(s, i), 8);
              raw = true;
            } else {
              diags.warning(at, "unknown escape sequence: '\\" + e + "'");
              cp = e;
            }
          }
        }
      } else {
        cp = body.codePointAt(i);
        i += Character.charCount((int) cp);
      }
      if (narrow && !raw && cp >= 0x80) {
        for (byte b : new String(Character.toChars((int) cp)).getBytes(StandardCharsets.UTF_8)) {
          units.add((long) (b & 0xff));
        }
      } else {
        units.add(cp);
      }
    }
    if (units.isEmpty()) {
      diags.error(at, "empty character constant");
      return null;
    }
    if (!narrow) {
      if (units.size() > 1) {
        diags.warning(at, "character constant too long for its type");
      }
      long u = units.get(units.size() - 1);
      return switch (prefix) {
        case "u" -> new PpConstant(u & 0xffff, true);
        case "U" -> new PpConstant(u & 0xffffffffL, true);
        default -> new PpConstant((int) u, false); // L: wchar_t is int
      };
    }
    if (units.size() == 1) {
      return new PpConstant((byte) (long) units.get(0), false); // char is signed
    }
    diags.warning(at, units.size() > 4 ? "character constant too long for its type" : "multi-character character constant");
    long v = 0;
    for (long u : units) {
      v = (v << 8) | (u & 0xff);
    }
    return new PpConstant((int) v, false);
  }
}
