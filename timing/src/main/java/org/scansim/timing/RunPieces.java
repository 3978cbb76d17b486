package org.scansim.timing;

import java.util.Arrays;
import java.util.function.Function;
import org.scansim.frontend.ir.Insn;

/**
 * How a run of issued instructions ({@code ExecutionObserver.issueRun}) splits for the timing
 * sink: into stretches of instructions that take the sink's plain path (their kind and
 * registers alone), each appended to a warp's trace at once, and instructions of their own path,
 * issued one at a time. A memory instruction ends its stretch: the next issue settles it.
 *
 * <p>One thread's cache of the runs it met: two ways a slot, the slot from the run's first
 * instruction's id (a module's ids are distinct); a run not found is split again, over the older
 * way. The engine hands the same array for a trace every time and never changes it ({@code
 * issueRun}'s contract), so a run is known by its array and bounds.
 */
final class RunPieces {
  /**
   * A run split: piece k starts at instruction {@code at[k]} and is either a stretch, {@code
   * pairs[k]} being its {@link WarpTrace#add(int, int)} (kind, reference) pairs and {@code
   * registers[k]} one more than the largest register it names, or one instruction of its own path
   * ({@code pairs[k]} null, {@code registers[k]} 0).
   */
  record Split(Insn[] insns, int from, int to, int[][] pairs, int[] at, int[] registers) {}

  private final Function<Insn, int[]> decoded;
  private final Split[] cache = new Split[2048];

  /**
   * {@code decoded}: an instruction's decoding, as {@code TimingObserver} makes it (read at its
   * indices {@code KIND}, {@code REGISTERS}, {@code REFERENCE} and {@code PLAIN}).
   */
  RunPieces(Function<Insn, int[]> decoded) {
    this.decoded = decoded;
  }

  /** The run's split, from the cache or made now. */
  Split of(Insn[] insns, int from, int to) {
    int slot = ((insns[from].id() * 0x9E3779B9) >>> 22) << 1;
    Split s = cache[slot];
    if (s != null && s.insns == insns && s.from == from && s.to == to) {
      return s;
    }
    Split other = cache[slot + 1];
    if (other != null && other.insns == insns && other.from == from && other.to == to) {
      cache[slot + 1] = s; // the one found first next time
      cache[slot] = other;
      return other;
    }
    s = split(insns, from, to);
    cache[slot + 1] = cache[slot];
    cache[slot] = s;
    return s;
  }

  private Split split(Insn[] insns, int from, int to) {
    int n = to - from;
    int[][] pairs = new int[n][];
    int[] at = new int[n];
    int[] registers = new int[n];
    int pieces = 0;
    int[][] d = new int[n][];
    for (int i = 0; i < n; i++) {
      d[i] = decoded.apply(insns[from + i]);
    }
    int i = 0;
    while (i < n) {
      int start = i;
      while (i < n && d[i][TimingObserver.PLAIN] != 0) {
        if (d[i++][TimingObserver.KIND] == WarpTrace.MEMORY_PENDING) {
          break;
        }
      }
      at[pieces] = from + start;
      if (i == start) { // an instruction of its own path
        i++;
        pieces++;
        continue;
      }
      int[] p = new int[(i - start) * WarpTrace.WIDTH];
      int most = 0;
      for (int j = start; j < i; j++) {
        int o = (j - start) * WarpTrace.WIDTH;
        p[o] = d[j][TimingObserver.KIND];
        p[o + 1] = d[j][TimingObserver.REFERENCE];
        most = Math.max(most, d[j][TimingObserver.REGISTERS]);
      }
      pairs[pieces] = p;
      registers[pieces++] = most;
    }
    return new Split(insns, from, to, Arrays.copyOf(pairs, pieces), Arrays.copyOf(at, pieces), Arrays.copyOf(registers, pieces));
  }
}
