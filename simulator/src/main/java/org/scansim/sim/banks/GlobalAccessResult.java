package org.scansim.sim.banks;

/**
 * The memory traffic of one warp-level global load or store, filled in by {@link
 * GlobalCoalescing#access}. Mutable and reused, one per thread; it holds the model's scratch
 * array, so the hot path allocates nothing. Not thread-safe.
 */
public final class GlobalAccessResult {
  /** 32 lanes × at most 5 units of 4 bytes or more touched by one 16-byte access. */
  static final int MAX_SECTORS = 32 * 5;

  int sectors;
  int transactions;
  final long[] seen = new long[MAX_SECTORS];

  /** An empty result, as for an instruction no lane executes. */
  public GlobalAccessResult() {}

  /**
   * Sectors ({@code globalSectorBytes}, 32 bytes) moved: on Fermi and later the distinct sectors
   * the active lanes touch, as {@code l1tex__t_sectors_pipe_lsu_mem_global_op_ld/st} counts them; on
   * 1.0 the bytes of the transactions issued, divided by the sector size.
   */
  public int sectors() {
    return sectors;
  }

  /**
   * Memory transactions issued: on 1.0 the coalesced (64- or 128-byte) or per-lane transactions of
   * each half-warp; on Fermi and later one per sector (what the L2 is asked for), equal to {@link
   * #sectors()}.
   */
  public int transactions() {
    return transactions;
  }

  @Override
  public String toString() {
    return "sectors=" + sectors + " transactions=" + transactions;
  }
}
