package org.scansim.sim.sched;

import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.device.GpuDevice;
import org.scansim.sim.result.Fault;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.result.Kind;
import org.scansim.sim.device.Limits;
import org.scansim.sim.device.Sizes;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;

/**
 * What a launch is checked against before a block runs, as the driver checks it: dimensions,
 * threads, shared and local memory per the architecture, local memory against the device-memory
 * budget, and the most blocks that may communicate.
 */
final class LaunchChecks {
  private LaunchChecks() {}

  /**
   * Most blocks of a launch of communicating blocks: the residency scheduler keeps an order of
   * them all (4 bytes a block; a grid of 2^31 needed 8.6 GB). 2^24 blocks is 1,024 times what
   * a scan of 2^24 elements in blocks of 1,024 launches.
   */
  static final long MAX_COMMUNICATING_BLOCKS = 1L << 24;

  /**
   * A thread's local arrays, in bytes, as whole 8-byte words like a stack frame (nvcc -Xptxas
   * -v); {@code Long.MAX_VALUE} when the sum passes what a long holds.
   */
  static long localBytes(Code code) {
    long local = 0;
    for (MemoryVar m : code.memory) {
      if (m.space() == MemSpace.LOCAL) {
        local = Sizes.add(local, m.bytes());
      }
    }
    return local > Long.MAX_VALUE - 7 ? Long.MAX_VALUE : (local + 7) & ~7L;
  }

  /**
   * Checks a launch's grid and block against the architecture: every dimension from 1 to its
   * largest ({@link Limits#maxGridDim}, {@link Limits#maxBlockDim}), as the driver does with
   * cudaErrorInvalidConfiguration. Dimensions are unsigned in CUDA ({@code dim3}), so they come
   * here as the program's values, never wrapped to negative numbers.
   */
  static void checkDimensions(String kernel, long[] grid, long[] block, Span at, Limits limits) {
    for (int axis = 0; axis < 3; axis++) {
      if (grid[axis] == 0 || block[axis] == 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with an empty grid or block (" + dims(grid) + " blocks of "
            + dims(block) + " threads; cudaErrorInvalidConfiguration)").refusedWith(GpuDevice.ERROR_INVALID_CONFIGURATION);
      }
    }
    for (int axis = 0; axis < 3; axis++) {
      String name = "xyz".substring(axis, axis + 1);
      if (Long.compareUnsigned(grid[axis], limits.maxGridDim(axis)) > 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with a grid of " + dims(grid) + " blocks: gridDim." + name
            + " may be at most " + limits.maxGridDim(axis) + " on " + limits.archName() + " (cudaErrorInvalidConfiguration)").refusedWith(GpuDevice.ERROR_INVALID_CONFIGURATION);
      }
      if (Long.compareUnsigned(block[axis], limits.maxBlockDim(axis)) > 0) {
        throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with blocks of " + dims(block) + " threads: blockDim." + name
            + " may be at most " + limits.maxBlockDim(axis) + " on " + limits.archName() + " (cudaErrorInvalidConfiguration)").refusedWith(GpuDevice.ERROR_INVALID_CONFIGURATION);
      }
    }
  }

  /** Whether blocks of this kernel may run in any order and at the same time. */
  static boolean independent(Code code) {
    for (CInsn in : code.insns) {
      if (in.op == Op.ATOM || in.op == Op.FENCE) {
        return false;
      }
      if ((in.op == Op.LD || in.op == Op.ST) && in.ir.isVolatile() && in.ir.space() != MemSpace.SHARED) {
        return false;
      }
    }
    return true;
  }

  /** A launch's dimensions as the program's unsigned values. */
  static String dims(long[] d) {
    return Long.toUnsignedString(d[0]) + "x" + Long.toUnsignedString(d[1]) + "x" + Long.toUnsignedString(d[2]);
  }

  /**
   * Checks a launch's threads per block, shared memory and local memory per thread against the
   * architecture, a block's local memory against what the device-memory budget has left, and the
   * number of blocks that may communicate.
   */
  static void checkResources(String kernel, Code code, int[] grid, long threads, long sharedBytes, long sharedTotal, long local,
      Limits limits, Heap global, Span at) {
    if (threads > limits.maxThreadsPerBlock()) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " asks for " + threads + " threads per block; " + limits.archName()
          + " allows at most " + limits.maxThreadsPerBlock() + " (cudaErrorInvalidConfiguration)").refusedWith(GpuDevice.ERROR_INVALID_CONFIGURATION);
    }
    if (sharedTotal > limits.maxSharedBytesPerBlock()) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " needs " + (sharedTotal == Long.MAX_VALUE && sharedBytes < 0
          ? Long.toUnsignedString(sharedBytes) + " bytes of dynamic" : sharedTotal + " bytes of") + " shared memory per block; "
          + limits.archName() + " allows at most " + limits.maxSharedBytesPerBlock() + " (cudaErrorInvalidValue)").refusedWith(GpuDevice.ERROR_INVALID_VALUE);
    }
    if (local > limits.maxLocalBytesPerThread()) {
      MemoryVar largest = null;
      for (MemoryVar m : code.memory) {
        if (m.space() == MemSpace.LOCAL && (largest == null || m.bytes() > largest.bytes())) {
          largest = m;
        }
      }
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " needs " + (local == Long.MAX_VALUE ? "more than 2^63" : local)
          + " bytes of local memory per thread (its local array '" + largest.name() + "'"
          + (largest.span() == null ? "" : " at " + largest.span().position()) + " has " + largest.bytes()
          + "); " + limits.archName() + " allows at most " + limits.maxLocalBytesPerThread() + " (cudaErrorInvalidValue)").refusedWith(GpuDevice.ERROR_INVALID_VALUE);
    }
    // Local memory lives in device memory, reserved per thread (CUDA C Guide, "Local Memory"):
    // one block's worth must fit what the budget has left, as the driver fails a launch whose
    // local memory it cannot reserve. Without it, 1,024 threads of 480 KB ran the heap out.
    long localPerBlock = local * threads;
    long left = global.budgetBytes() - global.liveBytes();
    if (localPerBlock > left) {
      throw new Fault(Kind.OUT_OF_MEMORY, at, "launch of " + kernel + " needs " + localPerBlock + " bytes of local memory for one"
          + " block (" + local + " bytes a thread, " + threads + " threads), more than the " + left + " bytes the device-memory"
          + " budget of " + global.budgetBytes() + " bytes has left (cudaErrorMemoryAllocation)").refusedWith(GpuDevice.ERROR_MEMORY_ALLOCATION);
    }
    if (Grids.blocksOf(grid) > MAX_COMMUNICATING_BLOCKS && !independent(code)) {
      throw new Fault(Kind.LAUNCH, at, "launch of " + kernel + " with " + Grids.blocksOf(grid) + " blocks that may communicate (atomics,"
          + " fences or volatile global accesses): scansim runs at most " + MAX_COMMUNICATING_BLOCKS + " of them under its"
          + " residency scheduler, which keeps each block's place in the dispatch order");
    }
  }
}
