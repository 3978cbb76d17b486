package org.scansim.sim.engine;

import java.util.Locale;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.sema.PrintfConversion;

/**
 * C's printf formatting (C11 §7.21.6.1) for the conversions kernels use: d i u x X o c e E f F g G
 * p s %, with flags, width, precision and length modifiers. Device output is gathered per warp in
 * lane order, so the printed order is deterministic: block by block, warp by warp, lane by lane.
 */
public final class Printf {
  /**
   * Device output a launch keeps: CUDA's printf buffer holds 1 MiB by default
   * (cudaLimitPrintfFifoSize). A kernel that prints more loses the rest. On the hardware the
   * buffer is circular and the oldest output is overwritten; here the output is kept from the
   * start, in block order, so that it is the same on any number of threads: a block keeps the
   * calls that begin within what was left of the MiB when its chunk of blocks began, and the
   * launch each block's output that begins within the MiB (so at most one block's past it).
   */
  public static final int LAUNCH_BYTES = 1 << 20;
  /** Output a run keeps, host and device together; past it, further printf calls are dropped and counted. */
  public static final int RUN_BYTES = 16 << 20;

  private Printf() {}

  /**
   * Each active lane's call, in lane order, while {@code out} holds less than the context's
   * {@link LaunchContext#printfRoom}; the calls past it are counted as dropped, not formatted.
   */
  static void warp(CInsn in, Warp w, int mask, BlockExecutor block, LaunchContext lx) {
    StringBuilder out = lx.printf;
    for (int m = mask; m != 0; m &= m - 1) {
      if (out.length() >= lx.printfRoom) {
        lx.printfDropped += Integer.bitCount(m);
        return;
      }
      lx.printfKept++;
      int l = Integer.numberOfTrailingZeros(m);
      long[] values = new long[in.args.length];
      IrType[] types = new IrType[in.args.length];
      for (int k = 0; k < values.length; k++) {
        values[k] = w.value(in.args[k], l);
        types[k] = block.regType(in.args[k]);
      }
      out.append(format(in.ir.text(), values, types, LAUNCH_BYTES));
    }
  }

  /** {@code fmt} with its arguments, at most {@link #RUN_BYTES} characters ({@link #format(String, long[], IrType[], int)}). */
  public static String format(String fmt, long[] values, IrType[] types) {
    return format(fmt, values, types, RUN_BYTES);
  }

  /**
   * {@code fmt} with its arguments, cut at {@code max} characters: a width or precision larger
   * than {@code max} is taken as {@code max} before anything is formatted, and formatting stops
   * once the output holds {@code max} characters, so that no call ({@code %2147483647d}, or a
   * thousand {@code %1000000d}) allocates more than the output it could keep.
   */
  public static String format(String fmt, long[] values, IrType[] types, int max) {
    return format(fmt, values, types, max, null);
  }

  /**
   * The same, with {@code strings} reading the C string a pointer argument of {@code %s} names
   * (host code's); without it {@code %s} prints {@code (string)} (device code's strings are not
   * stored).
   */
  public static String format(String fmt, long[] values, IrType[] types, int max, java.util.function.LongFunction<String> strings) {
    StringBuilder out = new StringBuilder();
    int arg = 0;
    for (int i = 0; i < fmt.length(); i++) {
      char ch = fmt.charAt(i);
      if (ch != '%') {
        out.append(ch);
        continue;
      }
      int start = i;
      PrintfConversion c = PrintfConversion.at(fmt, start);
      if (c == null) {
        out.append(fmt, start, fmt.length());
        break;
      }
      i = c.end() - 1;
      char conv = c.conversion();
      if (conv == '%') {
        arg = Math.min(values.length, arg + c.stars()); // glibc reads a '*' argument before it sees the conversion
        out.append('%');
        continue;
      }
      if (arg + c.stars() >= values.length) {
        arg = values.length;
        out.append(fmt, start, i + 1); // missing argument: printed as written
        continue;
      }
      StringBuilder flags = new StringBuilder(c.flags());
      String width = c.width().isEmpty() ? "" : String.valueOf(PrintfConversion.saturated(c.width(), max)); // never past what could be kept
      if (c.widthStar()) { // C11 §7.21.6.1p5: an int argument; a negative one is the '-' flag and its magnitude
        long w = (int) values[arg++];
        if (w < 0) {
          flags.append('-');
          w = -w;
        }
        width = w == 0 ? "" : String.valueOf(Math.min(max, w)); // a width of 0 is none, as a '0' written there would be a flag
      }
      String precision = c.precision() == null ? null : String.valueOf(PrintfConversion.saturated(c.precision(), max));
      if (c.precisionStar()) { // a negative one is taken as if the precision were omitted
        long p = (int) values[arg++];
        precision = p < 0 ? null : String.valueOf(Math.min(max, p));
      }
      long v = values[arg];
      IrType t = types[arg++];
      String spec = "%" + flags(flags.toString(), conv, !width.isEmpty()) + width;
      try {
        out.append(conv == 's' && strings != null ? string(strings.apply(v), flags.toString(), width, precision)
            : conversion(conv, spec, v, t, flags.toString(), width, precision, fmt, start, i));
      } catch (java.util.IllegalFormatException e) {
        out.append(fmt, start, i + 1); // a combination Java's formatter refuses and C's printf leaves undefined: as written
      }
      if (out.length() >= max) {
        break;
      }
    }
    if (out.length() > max) {
      out.setLength(max);
    }
    return out.toString();
  }

  /**
   * C's flags as Java's formatter takes them: each once, '-' over '0' and '+' over ' ' (C11
   * §7.21.6.1p6), and only those a conversion has ('#' means nothing to d and u, '+' and ' '
   * nothing to unsigned ones, '-' and '0' nothing without a width); Java refuses the rest.
   */
  static String flags(String given, char conv, boolean width) {
    StringBuilder f = new StringBuilder();
    for (char c : new char[] {'-', '+', ' ', '#', '0'}) {
      if (given.indexOf(c) < 0
          || c == '0' && (given.indexOf('-') >= 0 || conv == 'c')
          || c == ' ' && given.indexOf('+') >= 0
          || (c == '-' || c == '0') && !width
          || c == '#' && "diuc".indexOf(conv) >= 0
          || (c == '+' || c == ' ') && "uxXoc".indexOf(conv) >= 0) {
        continue;
      }
      f.append(c);
    }
    return f.toString();
  }

  /** {@code %s} of a C string: cut to its precision, padded to its width ('-': on the right). */
  private static String string(String s, String flags, String width, String precision) {
    if (precision != null && Long.parseLong(precision) < s.length()) {
      s = s.substring(0, Integer.parseInt(precision));
    }
    int w = width.isEmpty() ? 0 : Integer.parseInt(width);
    if (s.length() >= w) {
      return s;
    }
    String pad = " ".repeat(w - s.length());
    return flags.contains("-") ? s + pad : pad + s;
  }

  private static String conversion(char conv, String spec, long v, IrType t, String flags, String width, String precision, String fmt,
      int start, int i) {
    if (precision != null && "diuxXo".indexOf(conv) >= 0) {
      return integer(conv, v, t, flags, width, Integer.parseInt(precision));
    }
    return switch (conv) {
      case 'd', 'i' -> String.format(Locale.ROOT, spec + "d", asSigned(v, t));
      case 'u' -> String.format(Locale.ROOT, spec + "d", new java.math.BigInteger(Long.toUnsignedString(asUnsigned(v, t))));
      case 'x', 'X', 'o' -> String.format(Locale.ROOT, spec + conv, new java.math.BigInteger(Long.toUnsignedString(asUnsigned(v, t))));
      case 'c' -> String.format(Locale.ROOT, spec + "c", (char) (v & 0xFF));
      case 'p' -> String.format(Locale.ROOT, "%" + (flags.contains("-") && !width.isEmpty() ? "-" : "") + width + "s",
          v == 0 ? "(nil)" : "0x" + Long.toHexString(v)); // padded to its width, and NULL, as glibc prints them
      case 's' -> "(string)";
      case 'f', 'F', 'e', 'E' -> pad(floating(Character.toLowerCase(conv), asDouble(v, t), flags, precision == null ? 6
          : Integer.parseInt(precision)), asDouble(v, t), flags, width, Character.isUpperCase(conv));
      case 'g', 'G' -> general(asDouble(v, t), flags, width, precision, conv == 'G');
      default -> fmt.substring(start, i + 1);
    };
  }

  /**
   * An integer conversion with a precision (C11 §7.21.6.1p8): at least that many digits, zeros
   * before them, none at all for a zero of precision 0; its sign or {@code #} prefix first; then
   * padded to the width with spaces (the '0' flag is ignored with a precision). Java's formatter
   * takes no precision for integers.
   */
  private static String integer(char conv, long v, IrType t, String flags, String width, int precision) {
    boolean signed = conv == 'd' || conv == 'i';
    java.math.BigInteger value = signed ? java.math.BigInteger.valueOf(asSigned(v, t))
        : new java.math.BigInteger(Long.toUnsignedString(asUnsigned(v, t)));
    String digits = value.signum() == 0 && precision == 0 ? "" : value.abs().toString(conv == 'o' ? 8 : conv == 'x' || conv == 'X' ? 16 : 10);
    if (digits.length() < precision) {
      digits = "0".repeat(precision - digits.length()) + digits;
    }
    String prefix = "";
    if (signed) {
      prefix = value.signum() < 0 ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
    } else if (flags.contains("#") && conv == 'o' && !digits.startsWith("0")) {
      digits = "0" + digits;
    } else if (flags.contains("#") && conv != 'o' && conv != 'u' && value.signum() != 0) {
      prefix = "0x";
    }
    String body = prefix + digits;
    if (conv == 'X') {
      body = body.toUpperCase(Locale.ROOT);
    }
    int w = width.isEmpty() ? 0 : Integer.parseInt(width);
    if (body.length() >= w) {
      return body;
    }
    String pad = " ".repeat(w - body.length());
    return flags.contains("-") ? body + pad : pad + body;
  }

  private static long asSigned(long v, IrType t) {
    return t.isFloat() ? (long) asDouble(v, t) : v;
  }

  private static long asUnsigned(long v, IrType t) {
    return t.size() == 4 || t == IrType.I32 ? v & 0xFFFF_FFFFL : v;
  }

  private static double asDouble(long v, IrType t) {
    return t == IrType.F64 ? Double.longBitsToDouble(v) : t == IrType.F32 ? Float.intBitsToFloat((int) v) : v;
  }

  /**
   * %f or %e of {@code d} with {@code p} digits after the point, its sign first, without padding:
   * the digits of d's exact binary value rounded half to even, as glibc prints them (Java's
   * formatter pads a double's shortest digits with zeros and rounds ties up).
   */
  private static String floating(char conv, double d, String flags, int p) {
    boolean negative = Double.doubleToRawLongBits(d) < 0; // its sign bit: -0.0 and -nan too, as glibc prints them
    String sign = negative ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : "";
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return sign + (Double.isNaN(d) ? "nan" : "inf");
    }
    java.math.BigDecimal a = new java.math.BigDecimal(Math.abs(d));
    String point = p > 0 || flags.contains("#") ? "." : "";
    if (conv == 'f') {
      String plain = a.setScale(p, java.math.RoundingMode.HALF_EVEN).toPlainString();
      return sign + plain + (p == 0 && flags.contains("#") ? "." : "");
    }
    String digits;
    int exponent;
    if (a.signum() == 0) {
      digits = "0".repeat(p + 1);
      exponent = 0;
    } else {
      java.math.BigDecimal r = a.round(new java.math.MathContext(p + 1, java.math.RoundingMode.HALF_EVEN));
      String u = r.unscaledValue().toString();
      exponent = u.length() - 1 - r.scale();
      digits = u.length() > p + 1 ? u.substring(0, p + 1) : u + "0".repeat(p + 1 - u.length());
    }
    int e = Math.abs(exponent);
    return sign + digits.charAt(0) + point + digits.substring(1) + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
  }

  /** {@code body} padded to the width: spaces before it (after it with '-'), or zeros after its sign with '0' for a finite value. */
  private static String pad(String body, double d, String flags, String width, boolean upper) {
    String out = upper ? body.toUpperCase(Locale.ROOT) : body;
    int w = width.isEmpty() ? 0 : Integer.parseInt(width);
    if (out.length() >= w) {
      return out;
    }
    if (flags.contains("-")) {
      return out + " ".repeat(w - out.length());
    }
    if (flags.contains("0") && !Double.isNaN(d) && !Double.isInfinite(d)) {
      int signs = out.startsWith("-") || out.startsWith("+") || out.startsWith(" ") ? 1 : 0;
      return out.substring(0, signs) + "0".repeat(w - out.length()) + out.substring(signs);
    }
    return " ".repeat(w - out.length()) + out;
  }

  /** %g: %e or %f by the exponent, trailing zeros removed unless '#' (C11 §7.21.6.1p8). */
  private static String general(double d, String flags, String width, String precision, boolean upper) {
    int p = precision == null ? 6 : Math.max(1, Integer.parseInt(precision));
    String body;
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      body = floating('f', d, flags, 0);
    } else {
      String sci = floating('e', d, flags, p - 1);
      int x = Integer.parseInt(sci.substring(sci.indexOf('e') + 1));
      body = p > x && x >= -4 ? floating('f', d, flags, p - 1 - x) : sci;
      if (!flags.contains("#")) {
        int e = body.indexOf('e');
        String mant = e < 0 ? body : body.substring(0, e);
        String exp = e < 0 ? "" : body.substring(e);
        if (mant.contains(".")) {
          mant = mant.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        body = mant + exp;
      }
    }
    return pad(body, d, flags, width, upper);
  }
}
