package org.scansim.sim.banks;

/**
 * The cost of one warp-level shared-memory instruction, filled in by {@link
 * SharedMemoryBanks#access}. Mutable and reused: a caller keeps one per thread and passes it to
 * every call, so that the hot path allocates nothing. It also holds the model's scratch arrays.
 * Not thread-safe.
 *
 * <p>A <em>group</em> is one serialized request of the hardware: a half-warp on 1.x (times each
 * 32-bit piece of a wider access), the full warp for a 32-bit access on 2.x and later, a half-warp
 * or quarter-warp phase for 64- or 128-bit accesses (or two such phases served together, for
 * 5.x+ loads whose data is redundant enough). Only groups with an active lane are counted.
 */
public final class SharedAccessResult {
  /** More than the most groups one instruction can make (4 pieces × 4 groups of 8 lanes). */
  static final int MAX_GROUPS = 32;

  /** Per bank, at most one entry per lane of a group. */
  static final int MAX_BANKS = 32;

  static final int PER_BANK = 32;

  int wavefronts;
  int idealWavefronts;
  int maxDegree;
  int groups;
  final int[] degrees = new int[MAX_GROUPS];

  // Scratch for SharedMemoryBanks: per bank, the distinct keys (rows or words) and their counts.
  final int[] keys = new int[MAX_BANKS * PER_BANK];
  final int[] counts = new int[MAX_BANKS * PER_BANK];
  final int[] distinct = new int[MAX_BANKS];
  final int[] requests = new int[MAX_BANKS];

  /** An empty result, as for an instruction no lane executes. */
  public SharedAccessResult() {}

  void reset() {
    wavefronts = 0;
    idealWavefronts = 0;
    maxDegree = 0;
    groups = 0;
  }

  void addGroup(int degree) {
    degrees[groups++] = degree;
    wavefronts += degree;
    idealWavefronts++;
    if (degree > maxDegree) {
      maxDegree = degree;
    }
  }

  /**
   * Serialized shared-memory passes: what Nsight Compute counts as {@code
   * l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld/st} on 5.x and later; 0 when no lane is
   * active.
   */
  public int wavefronts() {
    return wavefronts;
  }

  /** The passes the same instruction would need without any conflict: one per group. */
  public int idealWavefronts() {
    return idealWavefronts;
  }

  /** Wavefronts beyond the ideal, as {@code l1tex__data_bank_conflicts_pipe_lsu_mem_shared} counts. */
  public int bankConflicts() {
    return wavefronts - idealWavefronts;
  }

  /** The largest conflict degree of any group: 1 when conflict-free, 0 when no lane is active. */
  public int maxDegree() {
    return maxDegree;
  }

  /** The number of groups served (each with at least one active lane). */
  public int groupCount() {
    return groups;
  }

  /** The conflict degree of group {@code i}, {@code 0 <= i < groupCount()}. */
  public int groupDegree(int i) {
    if (i < 0 || i >= groups) {
      throw new IndexOutOfBoundsException("group " + i + " of " + groups);
    }
    return degrees[i];
  }

  /** Adds one to {@code histogram[d]} for the degree {@code d} of every group. */
  public void addDegreesTo(long[] histogram) {
    for (int i = 0; i < groups; i++) {
      histogram[degrees[i]]++;
    }
  }

  @Override
  public String toString() {
    StringBuilder s =
        new StringBuilder("wavefronts=")
            .append(wavefronts)
            .append(" ideal=")
            .append(idealWavefronts)
            .append(" maxDegree=")
            .append(maxDegree)
            .append(" degrees=[");
    for (int i = 0; i < groups; i++) {
      s.append(i == 0 ? "" : ",").append(degrees[i]);
    }
    return s.append(']').toString();
  }
}
