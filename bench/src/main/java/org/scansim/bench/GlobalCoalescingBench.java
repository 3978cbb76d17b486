package org.scansim.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.banks.AccessKind;
import org.scansim.sim.banks.GlobalAccessResult;
import org.scansim.sim.banks.GlobalCoalescing;

/**
 * The sector count of one warp-level 32-bit global load on Hopper ({@link GlobalCoalescing#access}):
 * coalesced (lane i at float i: 4 sectors) and strided (lane i at float 32i: 32 sectors, one per lane).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GlobalCoalescingBench {
  private GlobalCoalescing hopper;
  private final long[] coalesced = new long[32];
  private final long[] strided = new long[32];
  private final GlobalAccessResult out = new GlobalAccessResult();

  @Setup
  public void setup() {
    hopper = new GlobalCoalescing(Architectures.preset("hopper"));
    long base = 1L << 20;
    for (int l = 0; l < 32; l++) {
      coalesced[l] = base + 4L * l;
      strided[l] = base + 128L * l;
    }
    expect(coalesced, 4);
    expect(strided, 32);
  }

  private void expect(long[] addr, int sectors) {
    hopper.access(4, AccessKind.LOAD, -1, addr, out);
    if (out.sectors() != sectors) {
      throw new IllegalStateException(out.sectors() + " sectors, expected " + sectors);
    }
  }

  @Benchmark
  public int coalesced() {
    hopper.access(4, AccessKind.LOAD, -1, coalesced, out);
    return out.sectors();
  }

  @Benchmark
  public int strided() {
    hopper.access(4, AccessKind.LOAD, -1, strided, out);
    return out.sectors();
  }
}
