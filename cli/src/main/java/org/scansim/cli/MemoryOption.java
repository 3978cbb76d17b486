package org.scansim.cli;

import picocli.CommandLine;

/**
 * {@code run --memory}: the bytes the simulated device's global memory holds, and the program's host
 * memory, each: a count of bytes, or of K, M or G (powers of 1,024: {@code 8G}). The default, 2 GiB,
 * bounds what an untrusted kernel or program makes the simulator hold; a program that scans 2^28
 * ints holds 1 GiB in each of its arrays and needs more (docs/performance.md, "Memory of a large program").
 */
final class MemoryOption implements CommandLine.ITypeConverter<Long> {
  /** The default budget: 2 GiB. */
  static final long DEFAULT = 1L << 31;
  /** The least budget: 1 MiB. */
  static final long LEAST = 1L << 20;
  /** The most: 256 GiB, more than any card has (SimulatedGpu answers a cudaMalloc of more with an error, as a card would). */
  static final long MOST = org.scansim.sim.sched.SimulatedGpu.NO_DEVICE_HOLDS;

  @Override
  public Long convert(String text) {
    String t = text.trim();
    long unit = 1;
    if (!t.isEmpty()) {
      switch (Character.toUpperCase(t.charAt(t.length() - 1))) {
        case 'K' -> unit = 1L << 10;
        case 'M' -> unit = 1L << 20;
        case 'G' -> unit = 1L << 30;
        default -> { }
      }
    }
    String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
    long bytes;
    try {
      bytes = Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not a size (bytes, or a count of K, M or G: 8G)");
    }
    if (bytes < 1 || bytes > MOST / unit || bytes * unit < LEAST) {
      throw new CommandLine.TypeConversionException("'" + text + "' is not between 1M and 256G");
    }
    return bytes * unit;
  }
}
