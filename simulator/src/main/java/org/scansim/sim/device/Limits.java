package org.scansim.sim.device;

/**
 * What a launch may ask for and what a run may consume: the architecture's per-block limits and
 * the budgets that stop a runaway or hostile kernel (instructions, device memory).
 */
public record Limits(
    String archName,
    int maxThreadsPerBlock,
    int maxSharedBytesPerBlock,
    long maxWarpInstructions,
    long maxDeviceBytes,
    boolean independentThreadScheduling,
    int maxLocalBytesPerThread,
    int computeMajor) {

  /** Limits of compute capability 9.x's launch dimensions. */
  public Limits(String archName, int maxThreadsPerBlock, int maxSharedBytesPerBlock, long maxWarpInstructions, long maxDeviceBytes,
      boolean independentThreadScheduling, int maxLocalBytesPerThread) {
    this(archName, maxThreadsPerBlock, maxSharedBytesPerBlock, maxWarpInstructions, maxDeviceBytes, independentThreadScheduling,
        maxLocalBytesPerThread, 9);
  }

  /** The largest grid along an axis (0 x, 1 y, 2 z) ({@link org.scansim.sim.arch.Architecture#maxGridDim}). */
  public long maxGridDim(int axis) {
    return org.scansim.sim.arch.Architecture.maxGridDim(computeMajor, axis);
  }

  /** The largest block along an axis ({@link org.scansim.sim.arch.Architecture#maxBlockDim}). */
  public long maxBlockDim(int axis) {
    return org.scansim.sim.arch.Architecture.maxBlockDim(computeMajor, axis);
  }

  /** Limits with the local memory per thread of compute capability 2.0 on. */
  public Limits(String archName, int maxThreadsPerBlock, int maxSharedBytesPerBlock, long maxWarpInstructions, long maxDeviceBytes,
      boolean independentThreadScheduling) {
    this(archName, maxThreadsPerBlock, maxSharedBytesPerBlock, maxWarpInstructions, maxDeviceBytes, independentThreadScheduling,
        org.scansim.sim.arch.Architecture.LOCAL_BYTES_PER_THREAD);
  }

  /** Limits of a Volta-or-later part (independent thread scheduling). */
  public Limits(String archName, int maxThreadsPerBlock, int maxSharedBytesPerBlock, long maxWarpInstructions, long maxDeviceBytes) {
    this(archName, maxThreadsPerBlock, maxSharedBytesPerBlock, maxWarpInstructions, maxDeviceBytes, true);
  }

  public static Limits defaults() {
    return new Limits("hopper", 1024, 48 * 1024, 2_000_000_000L, 1L << 31, true);
  }
}
