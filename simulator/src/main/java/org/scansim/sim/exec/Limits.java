package org.scansim.sim.exec;

/**
 * What a launch may ask for and what a run may consume: the architecture's per-block limits and
 * the budgets that stop a runaway or hostile kernel (instructions, device memory).
 */
public record Limits(
    String archName, int maxThreadsPerBlock, int maxSharedBytesPerBlock, long maxWarpInstructions, long maxDeviceBytes) {

  public static Limits defaults() {
    return new Limits("hopper", 1024, 48 * 1024, 2_000_000_000L, 1L << 31);
  }
}
