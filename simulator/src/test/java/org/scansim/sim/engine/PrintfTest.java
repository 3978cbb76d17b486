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
}
