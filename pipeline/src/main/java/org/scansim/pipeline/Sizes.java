package org.scansim.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Sizes, as {@code run --n} and a sweep's {@code sizes} take them: a comma-separated list of
 * sizes, each a number ({@code 1048576}), a power of two ({@code 2^20}) or a range of powers of two
 * ({@code 2^10..2^24}, every one between, both ends included).
 */
public final class Sizes {
  private Sizes() {}

  /** The most sizes one command runs (a range of every power of two of an int has 31). */
  public static final int MAX = 64;

  /** The largest size: 2^30 (its input and output alone are 8 GiB of floats, four times the device memory budget). */
  public static final int MAX_N = 1 << 30;

  /** Thrown with a message that says what is wrong with the value. */
  public static final class SizesException extends Exception {
    private static final long serialVersionUID = 1L;

    SizesException(String message) {
      super(message);
    }
  }

  public static List<Integer> parse(String spec) throws SizesException {
    List<Integer> out = new ArrayList<>();
    for (String part : spec.split(",", -1)) {
      String p = part.strip();
      if (p.isEmpty()) {
        throw new SizesException("an empty size in '" + spec + "'");
      }
      int dots = p.indexOf("..");
      if (dots >= 0) {
        int from = one(p.substring(0, dots));
        int to = one(p.substring(dots + 2));
        if (Integer.bitCount(from) != 1 || Integer.bitCount(to) != 1) {
          throw new SizesException("a range runs between powers of two (2^10..2^24), not '" + p + "'");
        }
        if (from > to) {
          throw new SizesException("a range runs upward (" + p.substring(dots + 2).strip() + ".." + p.substring(0, dots).strip() + "), not '" + p + "'");
        }
        for (long n = from; n <= to; n *= 2) {
          out.add((int) n);
        }
      } else {
        out.add(one(p));
      }
      if (out.size() != new java.util.HashSet<>(out).size()) {
        throw new SizesException("n = " + out.get(out.size() - 1) + " is given twice");
      }
      if (out.size() > MAX) {
        throw new SizesException("at most " + MAX + " sizes at once");
      }
    }
    return out;
  }

  private static int one(String s) throws SizesException {
    String t = s.strip().toLowerCase(Locale.ROOT);
    try {
      long v;
      if (t.startsWith("2^")) {
        int e = Integer.parseInt(t.substring(2));
        if (e < 0 || e > 30) {
          throw new SizesException("2^" + e + " is not a size (1 … 2^30)");
        }
        v = 1L << e;
      } else {
        v = Long.parseLong(t);
      }
      if (v < 1 || v > MAX_N) {
        throw new SizesException("'" + s.strip() + "' is not a size (1 … 2^30)");
      }
      return (int) v;
    } catch (NumberFormatException e) {
      throw new SizesException("'" + s.strip() + "' is not a size: a number, 2^K, or a range 2^A..2^B");
    }
  }
}
