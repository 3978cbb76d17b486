package org.scansim.sim.arch;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The hardware facts of one GPU that the simulator models, read from a JSON file (a preset under
 * {@code org/scansim/sim/arch/} or a user's file) by {@link Architectures}. Every value carries a
 * citation in {@link #sources()}, keyed by field name.
 *
 * <p>A value of this record has been checked by {@link Architectures} when it was loaded; one built
 * in code is not checked (the bank and coalescing models assume the ranges {@link Architectures}
 * enforces: 32-lane warps, at most 32 banks, 4- or 8-byte banks).
 *
 * @param name short name, the preset's file name ({@code hopper})
 * @param description the product modelled, e.g. "GeForce 8800 GTX (G80, compute capability 1.0)"
 * @param computeCapability e.g. "9.0"
 * @param warpSize lanes per warp (32)
 * @param sharedMemoryBanks number of shared-memory banks (16 on 1.x, 32 later)
 * @param bankWidthBytes bytes of consecutive addresses mapped to one bank, in the selected mode
 * @param supportedBankWidthsBytes the bank widths the part can be switched to (Kepler: 4 and 8);
 *     the largest is the physical width of a bank word
 * @param requestGroupLanes lanes whose 32-bit accesses are served together (16 on 1.x: conflicts
 *     are counted per half-warp; 32 later)
 * @param sameWordRule what happens when lanes share a bank word
 * @param wideAccess how 64- and 128-bit accesses are split into passes
 * @param independentThreadScheduling whether lanes of a warp have their own program counter (7.0+)
 * @param maxThreadsPerBlock largest block
 * @param maxSharedMemoryPerBlockBytes shared memory a block may use without opting in (static
 *     allocations are limited to this)
 * @param maxSharedMemoryPerBlockOptInBytes shared memory a block may use after opting in with
 *     {@code cudaFuncSetAttribute} (equal to the default where there is no opt-in)
 * @param sharedMemoryPerSmBytes shared memory of one multiprocessor, at its largest configuration
 * @param maxResidentBlocksPerSm blocks resident on one multiprocessor at once
 * @param maxResidentThreadsPerSm threads resident on one multiprocessor at once
 * @param smCount multiprocessors of the product named in {@code description}
 * @param globalAccessRule how global accesses become transactions
 * @param globalSectorBytes the unit in which global traffic is counted (32-byte sectors)
 * @param sources citation of each value, keyed by field name
 */
@JsonPropertyOrder({
  "name",
  "description",
  "computeCapability",
  "warpSize",
  "sharedMemoryBanks",
  "bankWidthBytes",
  "supportedBankWidthsBytes",
  "requestGroupLanes",
  "sameWordRule",
  "wideAccess",
  "independentThreadScheduling",
  "maxThreadsPerBlock",
  "maxSharedMemoryPerBlockBytes",
  "maxSharedMemoryPerBlockOptInBytes",
  "sharedMemoryPerSmBytes",
  "maxResidentBlocksPerSm",
  "maxResidentThreadsPerSm",
  "smCount",
  "globalAccessRule",
  "globalSectorBytes",
  "sources"
})
public record Architecture(
    String name,
    String description,
    String computeCapability,
    int warpSize,
    int sharedMemoryBanks,
    int bankWidthBytes,
    List<Integer> supportedBankWidthsBytes,
    int requestGroupLanes,
    SameWordRule sameWordRule,
    WideAccess wideAccess,
    boolean independentThreadScheduling,
    int maxThreadsPerBlock,
    int maxSharedMemoryPerBlockBytes,
    int maxSharedMemoryPerBlockOptInBytes,
    int sharedMemoryPerSmBytes,
    int maxResidentBlocksPerSm,
    int maxResidentThreadsPerSm,
    int smCount,
    GlobalAccessRule globalAccessRule,
    int globalSectorBytes,
    Map<String, String> sources) {

  /** Copies the collections, so that a value is immutable; sources are kept sorted by field. */
  public Architecture {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(supportedBankWidthsBytes, "supportedBankWidthsBytes");
    Objects.requireNonNull(sources, "sources");
    supportedBankWidthsBytes = List.copyOf(supportedBankWidthsBytes);
    sources = Collections.unmodifiableMap(new TreeMap<>(sources));
  }

  /**
   * The most bytes of local memory (a thread's stack frame: its local arrays) a kernel may use
   * per thread. Compute capability 1.x: 16 KB (CUDA Programming Guide 2.3, appendix A). From 2.0
   * on the guide says 512 KB; on an H100 (driver 580, CUDA 13.0) a launch whose frame is 523,712
   * bytes (512 KiB less 576) passes this check and one of 523,744 fails with
   * cudaErrorInvalidValue, as does cudaDeviceSetLimit(cudaLimitStackSize) past 523,712
   * ({@code hardware/measurements/local_memory_limit.txt}). The driver's reserve is taken to be
   * the same on the other parts from 2.0 on, which were not measured.
   */
  public int maxLocalMemoryPerThreadBytes() {
    return computeMajor() < 2 ? 16 * 1024 : LOCAL_BYTES_PER_THREAD;
  }

  /** The major number of the compute capability: 9 for "9.0". */
  public int computeMajor() {
    return Integer.parseInt(computeCapability.substring(0, computeCapability.indexOf('.')));
  }

  /**
   * The largest grid of a launch along {@code axis} (0 x, 1 y, 2 z) for compute capability
   * {@code major} (CUDA C Programming Guide, "Compute Capabilities", Table 21 and 1.x's Appendix
   * A): x 2^31 − 1 from 3.0 on, 65,535 before; y 65,535; z 65,535 from 2.0 on, 1 on 1.x. A larger
   * one fails with cudaErrorInvalidConfiguration.
   */
  public static long maxGridDim(int major, int axis) {
    if (axis == 0) {
      return major >= 3 ? Integer.MAX_VALUE : 65_535;
    }
    return axis == 2 && major < 2 ? 1 : 65_535;
  }

  /** The largest block along {@code axis}: x and y 1,024 from 2.0 on (512 on 1.x), z 64 (same source). */
  public static long maxBlockDim(int major, int axis) {
    return axis == 2 ? 64 : major >= 2 ? 1024 : 512;
  }

  /** {@link #maxLocalMemoryPerThreadBytes} from compute capability 2.0 on: 512 KiB less the 576 bytes the driver keeps. */
  public static final int LOCAL_BYTES_PER_THREAD = 512 * 1024 - 576;

  /** This architecture with another bank width; unchecked, see {@link Architectures#withBankWidth}. */
  Architecture withBankWidthUnchecked(int width) {
    return new Architecture(
        name,
        description,
        computeCapability,
        warpSize,
        sharedMemoryBanks,
        width,
        supportedBankWidthsBytes,
        requestGroupLanes,
        sameWordRule,
        wideAccess,
        independentThreadScheduling,
        maxThreadsPerBlock,
        maxSharedMemoryPerBlockBytes,
        maxSharedMemoryPerBlockOptInBytes,
        sharedMemoryPerSmBytes,
        maxResidentBlocksPerSm,
        maxResidentThreadsPerSm,
        smCount,
        globalAccessRule,
        globalSectorBytes,
        sources);
  }
}
