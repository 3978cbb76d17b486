package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.IrType;

/** printf's widths and precisions are bounded before anything is formatted (issue 43, item 3). */
class PrintfTest {
  private static String format(String fmt, int max, long... values) {
    IrType[] types = new IrType[values.length];
    java.util.Arrays.fill(types, IrType.I32);
    return Printf.format(fmt, values, types, max);
  }

  @Test
  void widthsAndPrecisionsAreTheCsUpToTheBound() {
    assertThat(format("[%5d|%-4d|%05d]", 100, 42, 7, 3)).isEqualTo("[   42|7   |00003]");
    assertThat(Printf.format("%.3f %g", new long[] {Double.doubleToLongBits(1.5), Double.doubleToLongBits(0.25)},
        new IrType[] {IrType.F64, IrType.F64})).isEqualTo("1.500 0.25");
  }

  @Test
  void aWidthPastTheBoundIsCutBeforeItIsMade() {
    assertThat(format("%2147483647d\n", 1000, 1)).hasSize(1000).startsWith(" ").endsWith(" 1");
    assertThat(format("%99999999999999999999d", 64, 1)).hasSize(64).endsWith(" 1");
    String many = format("%100000d".repeat(1000), 300_000, new long[1000]);
    assertThat(many).hasSize(300_000);
  }

  @Test
  void aPrecisionPastTheBoundIsCutAndNeverThrows() {
    String g = Printf.format("%.99999999999g|%.2147483647f", new long[] {Double.doubleToLongBits(1.0), Double.doubleToLongBits(2.0)},
        new IrType[] {IrType.F64, IrType.F64}, 5000);
    assertThat(g).hasSize(5000).startsWith("1|2.000");
  }

  /** C's flag combinations Java's formatter refuses ('-' with '0', '+' with ' ', '#' with d) print as C prints them. */
  @Test
  void everyFlagCombinationPrints() {
    assertThat(format("[%-#+ 05d]", 100, 42)).isEqualTo("[+42  ]");
    assertThat(format("[%0-5d|%+ d|%#d|%-d|%0d]", 100, 1, 2, 3, 4, 5)).isEqualTo("[1    |+2|3|4|5]");
    assertThat(Printf.format("%-#+ 012.3e", new long[] {Double.doubleToLongBits(1.5)}, new IrType[] {IrType.F64}))
        .isEqualTo("+1.500e+00  ");
    assertThat(format("[%5p|%-12p|%p]", 100, 7, 7, 7)).isEqualTo("[  0x7|0x7         |0x7]"); // glibc's, for (void *) 7
    for (String flags : java.util.List.of("-", "+", " ", "#", "0", "-0", "+ ", "#0", "-#+ 0", "--", "00")) {
      for (char conv : "diuxXocfeEgGp".toCharArray()) {
        // Formatted, not printed as written (which is what a combination Java refused would give).
        assertThat(format("%" + flags + "5" + conv, 100, 7)).as(flags + conv).doesNotContain("%").hasSizeGreaterThanOrEqualTo(5);
        assertThat(format("%" + flags + conv, 100, 7)).as(flags + conv).doesNotContain("%").isNotEmpty();
      }
    }
  }

  /** {@code fmt} with ints (I32), doubles (F64) and strings (host pointers 1, 2, ... that the formatter reads back). */
  private static String mixed(String fmt, Object... args) {
    long[] values = new long[args.length];
    IrType[] types = new IrType[args.length];
    java.util.List<String> strings = new java.util.ArrayList<>();
    for (int k = 0; k < args.length; k++) {
      if (args[k] instanceof Integer i) {
        values[k] = i;
        types[k] = IrType.I32;
      } else if (args[k] instanceof Double d) {
        values[k] = Double.doubleToLongBits(d);
        types[k] = IrType.F64;
      } else {
        strings.add((String) args[k]);
        values[k] = strings.size();
        types[k] = IrType.PTR;
      }
    }
    return Printf.format(fmt, values, types, 1000, p -> strings.get((int) p - 1));
  }

  /**
   * A '*' width or precision takes an int argument before the value (C11 §7.21.6.1p5): a negative
   * width is the '-' flag, a negative precision none. The expected lines are what g++ 12.2 with
   * glibc 2.36 printed for the same calls on this machine.
   */
  @Test
  void starWidthsAndPrecisionsTakeAnIntArgumentFirst() {
    assertThat(mixed("[%*d|%-*d|%*d]", 5, 42, 4, 7, -4, 3)).isEqualTo("[   42|7   |3   ]");
    assertThat(mixed("[%.*f|%*.*f|%.*f]", 2, 3.14159, 8, 3, 2.5, -1, 1.25)).isEqualTo("[3.14|   2.500|1.250000]");
    assertThat(mixed("[%*s|%.*s]", 6, "ab", 2, "abcdef")).isEqualTo("[    ab|ab]");
    assertThat(mixed("[%0*d|%*%]", 5, 42, 3)).isEqualTo("[00042|%]");
    // A star whose argument is missing: the conversion as written, as a missing value is.
    assertThat(mixed("[%d|%*d]", 1, 5)).isEqualTo("[1|%*d]");
    // A star width of 0 is none; a '*' of %% still takes its argument (glibc reads it first).
    assertThat(mixed("[%*d|%-*d|%0*d]", 0, 42, 0, 7, 0, 5)).isEqualTo("[42|7|5]");
    assertThat(mixed("[%*%|%d]", 3, 42)).isEqualTo("[%|42]");
    // A star width past the bound is cut before anything is made.
    assertThat(mixed("%*d", Integer.MAX_VALUE, 1)).hasSize(1000).endsWith(" 1");
  }

  /**
   * A precision of an integer conversion is its least number of digits (C11 §7.21.6.1p8): zeros
   * first, none for a zero of precision 0, the '0' flag ignored. The expected lines are what g++
   * 12.2 with glibc 2.36 printed for the same calls.
   */
  @Test
  void anIntegersPrecisionIsItsLeastNumberOfDigits() {
    assertThat(mixed("[%.*d|%.5d|%8.3d|%-8.3x|%08.3d|%.0d]", 5, 42, 42, 7, 255, 9, 0)).isEqualTo("[00042|00042|     007|0ff     |     009|]");
    assertThat(mixed("[%+.3d|%#.3o|%#.4x|%.3u|%-+6.2d|%#.0x|%#.3X| %.2i]", 5, 8, 255, -1, -3, 0, 171, -7))
        .isEqualTo("[+005|010|0x00ff|4294967295|-03   ||0X0AB| -07]");
  }
}
