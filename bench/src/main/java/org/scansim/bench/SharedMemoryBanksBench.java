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
import org.scansim.sim.banks.SharedAccessResult;
import org.scansim.sim.banks.SharedMemoryBanks;

/**
 * The bank-conflict cost of one warp-level 32-bit shared-memory load ({@link
 * SharedMemoryBanks#access}): on Hopper (32 banks, multicast) a conflict-free access (lane i at
 * word i), a 2-way conflict (stride 2 words), and a broadcast (every lane the same word); on G80
 * (16 banks, half-warp requests, one broadcast word per step) lane i at word i, served as two
 * half-warps, and stride 2, which takes the broadcast-step search.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SharedMemoryBanksBench {
  private SharedMemoryBanks hopper;
  private SharedMemoryBanks g80;
  private final int[] linear = new int[32];
  private final int[] stride2 = new int[32];
  private final int[] broadcast = new int[32];
  private final SharedAccessResult out = new SharedAccessResult();

  @Setup
  public void setup() {
    hopper = new SharedMemoryBanks(Architectures.preset("hopper"));
    g80 = new SharedMemoryBanks(Architectures.preset("g80"));
    for (int l = 0; l < 32; l++) {
      linear[l] = 4 * l;
      stride2[l] = 8 * l;
      broadcast[l] = 4 * 7;
    }
    expect(hopper, linear, 1);
    expect(hopper, stride2, 2);
    expect(hopper, broadcast, 1);
    expect(g80, linear, 2);
    expect(g80, stride2, 4);
  }

  private void expect(SharedMemoryBanks banks, int[] addr, int wavefronts) {
    banks.access(4, AccessKind.LOAD, -1, addr, out);
    if (out.wavefronts() != wavefronts) {
      throw new IllegalStateException(banks.architecture().name() + ": " + out.wavefronts() + " wavefronts, expected " + wavefronts);
    }
  }

  @Benchmark
  public int hopperConflictFree() {
    hopper.access(4, AccessKind.LOAD, -1, linear, out);
    return out.wavefronts();
  }

  @Benchmark
  public int hopperStride2TwoWay() {
    hopper.access(4, AccessKind.LOAD, -1, stride2, out);
    return out.wavefronts();
  }

  @Benchmark
  public int hopperBroadcast() {
    hopper.access(4, AccessKind.LOAD, -1, broadcast, out);
    return out.wavefronts();
  }

  @Benchmark
  public int g80HalfWarps() {
    g80.access(4, AccessKind.LOAD, -1, linear, out);
    return out.wavefronts();
  }

  @Benchmark
  public int g80HalfWarpsStride2() {
    g80.access(4, AccessKind.LOAD, -1, stride2, out);
    return out.wavefronts();
  }
}
