package org.scansim.timing;

/**
 * What a warp of the model does in a cycle, named as Nsight Compute's warp-state sampling names
 * it ({@code smsp__pcsamp_warps_issue_stalled_REASON}, and {@code selected} for the cycle a warp
 * issues): the counts are warp-cycles, attributed to the warp's next instruction.
 */
public enum Stall {
  /** The warp issued an instruction this cycle. */
  SELECTED("selected"),
  /** Ready, but its scheduler issued another warp's instruction. */
  NOT_SELECTED("not_selected"),
  /** Waiting at a {@code __syncthreads} for the block's other warps, or for the barrier to open. */
  BARRIER("barrier"),
  /** Waiting for a shared-memory load's data (the MIO pipe). */
  SHORT_SCOREBOARD("short_scoreboard"),
  /** Waiting for a global-memory load's data. */
  LONG_SCOREBOARD("long_scoreboard"),
  /** Waiting for an arithmetic instruction's result (a fixed latency). */
  WAIT("wait"),
  /** A global load waiting for its warp's path to L1, taken by the load before ({@link TimingParameters#globalIssueCycles}). */
  LG_THROTTLE("lg_throttle"),
  /** Waiting at a fence of the device's scope for the warp's stores to drain and the fence to complete. */
  MEMBAR("membar");

  private final String metric;

  Stall(String metric) {
    this.metric = metric;
  }

  /** The suffix Nsight Compute uses for it. */
  public String metric() {
    return metric;
  }
}
