package org.scansim.sim.host;

import org.scansim.frontend.ir.IrType;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.memory.Ptr;

/**
 * {@code scanf}'s conversions (C11 §7.21.6.2) from a stream into host memory: white space in the
 * format skips white space, other characters must match, and {@code %d %i %u %o %x %f %e %g %s %c
 * %[...] %n %%} with assignment suppression ({@code *}), widths and the length modifiers {@code hh
 * h l ll j z t}. The format decides how many bytes each conversion stores, as C has it: a place of
 * another type is the program's error, and a place too small for them a fault at the call.
 */
final class Scanf {
  private final HostInterpreter host;
  private final HostFiles.Stream input;
  private final CInsn at;
  private int consumed;

  private Scanf(HostInterpreter host, HostFiles.Stream input, CInsn at) {
    this.host = host;
    this.input = input;
    this.at = at;
  }

  /** Reads {@code input} as {@code format} says into {@code places}; the count of places assigned, or -1 (EOF) at an input failure before any. */
  static int scan(HostInterpreter host, HostFiles.Stream input, String format, long[] places, CInsn at) {
    return new Scanf(host, input, at).run(format, places);
  }

  private int peek() {
    return input.peek();
  }

  private int next() {
    int c = input.read();
    if (c >= 0) {
      consumed++;
    }
    return c;
  }

  private static boolean space(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == 0x0B;
  }

  private void skipSpace() {
    while (peek() >= 0 && space(peek())) {
      next();
    }
  }

  private int run(String format, long[] places) {
    int assigned = 0;
    int place = 0;
    boolean converted = false;
    int i = 0;
    while (i < format.length()) {
      char f = format.charAt(i);
      if (space(f)) {
        skipSpace();
        i++;
        continue;
      }
      if (f != '%' || i + 1 < format.length() && format.charAt(i + 1) == '%') {
        if (f == '%') {
          skipSpace(); // "%%" matches one '%' after white space
          i++;
        }
        if (peek() < 0) {
          return converted ? assigned : -1;
        }
        if (peek() != format.charAt(i)) {
          return assigned;
        }
        next();
        i++;
        continue;
      }
      i++;
      boolean suppress = i < format.length() && format.charAt(i) == '*';
      if (suppress) {
        i++;
      }
      int width = 0;
      while (i < format.length() && Character.isDigit(format.charAt(i))) {
        width = Math.min(1 << 20, width * 10 + format.charAt(i++) - '0');
      }
      int size = 4;
      String length = "";
      for (String l : new String[] {"hh", "ll", "h", "l", "j", "z", "t", "L"}) {
        if (format.startsWith(l, i)) {
          length = l;
          i += l.length();
          break;
        }
      }
      if (i >= format.length()) {
        return assigned;
      }
      char conv = format.charAt(i++);
      size = switch (length) {
        case "hh" -> 1;
        case "h" -> 2;
        case "l", "ll", "j", "z", "t" -> 8;
        case "L" -> 16;
        default -> 4;
      };
      if (length.equals("L")) {
        throw new Fault(Kind.UNSUPPORTED, at.span, "scanf's %L (long double) is not simulated");
      }
      if (conv == 'n') {
        if (!suppress) {
          storeInteger(places, place++, consumed, size);
        }
        continue;
      }
      if (conv != 'c' && conv != '[') {
        skipSpace();
      }
      if (peek() < 0) {
        return converted ? assigned : -1;
      }
      String text;
      switch (conv) {
        case 'd', 'i', 'u', 'o', 'x', 'X' -> {
          int base = conv == 'o' ? 8 : conv == 'x' || conv == 'X' ? 16 : conv == 'i' ? 0 : 10;
          long[] value = integer(base, width == 0 ? Integer.MAX_VALUE : width);
          if (value == null) {
            return assigned;
          }
          converted = true;
          if (!suppress) {
            storeInteger(places, place++, value[0], size);
            assigned++;
          }
        }
        case 'f', 'e', 'g', 'E', 'G', 'a' -> {
          text = real(width == 0 ? Integer.MAX_VALUE : width);
          if (text == null) {
            return assigned;
          }
          converted = true;
          if (!suppress) {
            double v = Double.parseDouble(text);
            long p = place(places, place++);
            if (size == 8) {
              host.store(p, IrType.F64, Alu.d(v), at);
            } else {
              host.store(p, IrType.F32, Alu.f((float) v), at);
            }
            assigned++;
          }
        }
        case 's', 'c', '[' -> {
          java.util.function.IntPredicate takes;
          int max = width == 0 ? (conv == 'c' ? 1 : Integer.MAX_VALUE) : width;
          if (conv == '[') {
            int close = format.indexOf(']', format.startsWith("^]", i) ? i + 2 : format.startsWith("]", i) ? i + 1 : i);
            if (close < 0) {
              return assigned;
            }
            String set = format.substring(i, close);
            i = close + 1;
            boolean negated = set.startsWith("^");
            boolean[] members = members(negated ? set.substring(1) : set);
            takes = c -> members[c & 0xFF] != negated;
          } else if (conv == 's') {
            takes = c -> !space(c);
          } else {
            takes = c -> true;
          }
          java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
          while (out.size() < max && peek() >= 0 && takes.test(peek())) {
            out.write(next());
          }
          if (out.size() == 0 || conv == 'c' && out.size() < max) {
            return out.size() == 0 && peek() < 0 && !converted ? -1 : assigned;
          }
          converted = true;
          if (!suppress) {
            long p = place(places, place++);
            byte[] bytes = out.toByteArray();
            for (int k = 0; k < bytes.length; k++) {
              host.store(Ptr.add(p, k), IrType.I8, bytes[k], at);
            }
            if (conv != 'c') {
              host.store(Ptr.add(p, bytes.length), IrType.I8, 0, at);
            }
            assigned++;
          }
        }
        default -> throw new Fault(Kind.UNSUPPORTED, at.span, "scanf's conversion %" + conv + " is not simulated");
      }
    }
    return assigned;
  }

  /** The bytes of a scanset ({@code a-z0-9_}): a '-' between two others is a range, as glibc reads it. */
  private static boolean[] members(String set) {
    boolean[] in = new boolean[256];
    for (int k = 0; k < set.length(); k++) {
      char c = set.charAt(k);
      if (k + 2 < set.length() && set.charAt(k + 1) == '-') {
        for (int x = c; x <= set.charAt(k + 2) && x < 256; x++) {
          in[x] = true;
        }
        k += 2;
      } else {
        in[c & 0xFF] = true;
      }
    }
    return in;
  }

  /** The place of the {@code k}-th conversion; a fault when the call passed fewer. */
  private long place(long[] places, int k) {
    if (k >= places.length) {
      throw new Fault(Kind.INVALID_ADDRESS, at.span, "the format converts more values than the call passes places for ("
          + places.length + ")");
    }
    return places[k];
  }

  private void storeInteger(long[] places, int k, long v, int size) {
    IrType t = switch (size) {
      case 1 -> IrType.I8;
      case 2 -> IrType.I16;
      case 8 -> IrType.I64;
      default -> IrType.I32;
    };
    host.store(place(places, k), t, v, at);
  }

  /** An integer of {@code base} (0: as its prefix says), at most {@code width} characters; null when none is there. */
  private long[] integer(int base, int width) {
    StringBuilder s = new StringBuilder();
    if ((peek() == '+' || peek() == '-') && s.length() < width) {
      s.append((char) next());
    }
    int b = base;
    if ((base == 0 || base == 16) && peek() == '0' && s.length() < width) {
      s.append((char) next());
      if ((peek() == 'x' || peek() == 'X') && s.length() < width) {
        s.append((char) next());
        b = 16;
      } else {
        b = base == 0 ? 8 : base;
      }
    }
    if (b == 0) {
      b = 10;
    }
    while (s.length() < width && peek() >= 0 && Character.digit(peek(), b) >= 0) {
      s.append((char) next());
    }
    String digits = s.toString().replaceFirst("^[+-]", "").replaceFirst("^0[xX]", "");
    boolean leadingZero = s.toString().replaceFirst("^[+-]", "").startsWith("0");
    if (digits.isEmpty() && !leadingZero) {
      return null;
    }
    java.math.BigInteger v = digits.isEmpty() ? java.math.BigInteger.ZERO : new java.math.BigInteger(digits, b);
    if (s.charAt(0) == '-') {
      v = v.negate();
    }
    return new long[] {v.longValue()}; // C's strtol saturates; scanf's out-of-range result is undefined: the low bits
  }

  /** A decimal floating constant, at most {@code width} characters; null when none is there. */
  private String real(int width) {
    StringBuilder s = new StringBuilder();
    if ((peek() == '+' || peek() == '-') && s.length() < width) {
      s.append((char) next());
    }
    int digits = 0;
    while (s.length() < width && peek() >= '0' && peek() <= '9') {
      s.append((char) next());
      digits++;
    }
    if (s.length() < width && peek() == '.') {
      s.append((char) next());
      while (s.length() < width && peek() >= '0' && peek() <= '9') {
        s.append((char) next());
        digits++;
      }
    }
    if (digits == 0) {
      return null;
    }
    if (s.length() < width && (peek() == 'e' || peek() == 'E')) {
      s.append((char) next());
      if (s.length() < width && (peek() == '+' || peek() == '-')) {
        s.append((char) next());
      }
      while (s.length() < width && peek() >= '0' && peek() <= '9') {
        s.append((char) next());
      }
    }
    String t = s.toString();
    return t.matches(".*[eE][+-]?") ? t.replaceFirst("[eE][+-]?$", "") : t;
  }

  /** The bytes of a C string for sscanf, read as a stream. */
  static HostFiles.Stream ofString(byte[] bytes) {
    return new HostFiles.Stream("string", bytes, null);
  }
}
