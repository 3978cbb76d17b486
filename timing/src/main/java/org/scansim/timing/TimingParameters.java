package org.scansim.timing;

import java.util.Map;

/**
 * The timing model's numbers for one architecture preset, each with its source (a datasheet, a
 * tuning guide, or a calibration kernel of this project and its recorded measurement). Data, not
 * code, found by {@link TimingPresets}: {@code org/scansim/timing/ARCH.json} for the preset's first
 * card, {@code ARCH-CARD.json} for another card of the same architecture measured apart (the H200
 * beside the H100: the same SM, other memory and clock).
 *
 * @param cardKey                  the card's short name ({@code h100}, {@code h200}), as {@code run --card} takes it
 * @param clockHz                  SM clock the durations are given at
 * @param schedulersPerSm          warp schedulers an SM has
 * @param issueCycles              cycles one scheduler takes to issue a warp instruction (1 from Kepler on: a warp instruction a
 *                                 cycle; 4 on G80, whose 8 scalar processors take 4 cycles over a warp's 32 lanes)
 * @param launchCycles             fixed cost of a launch: from its start to its first warp's first instruction and from its last warp's end
 * @param aluLatency               cycles from an arithmetic instruction's issue to its result
 * @param specialLatency           the same for division and remainder
 * @param sharedLatency            cycles from a shared load's issue to its data when it is one wavefront (each further wavefront
 *                                 adds {@code sharedConflictCycles}: a warp's two half-warps on G80, a conflict's extra passes)
 * @param sharedCyclesPerWavefront cycles the shared-memory pipe takes to serve one wavefront (one conflict-free pass over the
 *                                 banks: a warp's on Hopper, a half-warp's on G80)
 * @param globalLoadLatency        cycles from a global load's issue to its data (device memory)
 * @param globalStoreLatency       cycles a global store takes to drain after it issues
 * @param globalSectorsPerCycle    32-byte sectors an SM moves a cycle
 * @param dramBytesPerCycle        device-memory bandwidth of the whole card, in bytes an SM cycle
 * @param barrierCycles            cycles from the last warp's arrival at a barrier to the block's release
 * @param barrierCyclesPerWarp     more cycles a barrier takes for each warp of the block
 * @param l1Latency                cycles from a global load's issue to its data when every sector it reads is in L1
 * @param l2Latency                the same when they are in L2 (a load past L1, as a volatile one, of sectors the block touched)
 * @param conversionLatency        cycles from a conversion between integer and floating point to its result
 * @param globalCaches             whether global loads can be served by L1 or L2 (false on G80: compute capability 1.x does not
 *                                 cache global memory, so every load is a device-memory load and moves its sectors)
 * @param sharedConflictCycles     cycles each wavefront past a request's first adds to its warp's wait for a shared load (the
 *                                 pipe still serves a wavefront each {@code sharedCyclesPerWavefront} to all warps)
 * @param pageLatency              cycles from a global load's issue to its data from device memory once the block has loaded
 *                                 before, on a 2 MiB page it has not loaded from (null: {@code globalLoadLatency}, not measured)
 * @param dramLatency              the same on a page the block has loaded from (null: {@code globalLoadLatency}, not measured);
 *                                 {@code globalLoadLatency} is then the block's first load's
 * @param indirectCallCycles       cycles a device virtual call holds its warp beyond its instructions (the object's vtable
 *                                 pointer from local memory, the vtable's entry, CALL.REL and RET; null: none, not measured)
 * @param smStartCycles            how much later a launch's block starts for each doubling of the SMs its blocks have reached
 *                                 (block k of the first {@code smCount}: log2(k + 1) times this; null: none, not measured)
 * @param blockDispatchCycles      cycles the card takes to dispatch each block past the first {@code smCount}, whatever the room
 *                                 on the SMs, plus {@code blockDispatchCyclesPerWarp} for each of its warps (null: none)
 * @param blockDispatchCyclesPerWarp see {@code blockDispatchCycles}
 * @param globalIssueCycles        cycles a warp's global load holds its path to L1: the warp's next global load waits
 *                                 (Nsight's {@code lg_throttle}; null: none, not measured)
 * @param fenceCycles              cycles a fence of the device's scope ({@code __threadfence}) holds its warp once the warp's
 *                                 global stores have drained (Nsight's {@code membar}; null: none, not measured)
 * @param atomicLatency            cycles from a global atomic's issue to its result, the operation done in L2 (null: {@code
 *                                 globalLoadLatency}, not measured)
 */
public record TimingParameters(String arch, String cardKey, String card, boolean calibrated, long clockHz, int schedulersPerSm, int issueCycles, int launchCycles,
    int aluLatency, int specialLatency, int sharedLatency, int sharedCyclesPerWavefront, int globalLoadLatency, int globalStoreLatency,
    int globalSectorsPerCycle, int dramBytesPerCycle, double barrierCycles, double barrierCyclesPerWarp, int l1Latency, int l2Latency,
    int conversionLatency, double sharedConflictCycles, boolean globalCaches, Integer pageLatency, Integer dramLatency,
    Integer indirectCallCycles, Double smStartCycles, Double blockDispatchCycles, Double blockDispatchCyclesPerWarp,
    Integer globalIssueCycles, Integer fenceCycles, Integer atomicLatency, Map<String, String> sources) {

  /**
   * The earliest block {@code k} (in launch order) of blocks of {@code warps} warps can start, from
   * the launch's start: the card reaches the SMs one doubling after another, then dispatches a
   * block at a time ({@link #smStartCycles}, {@link #blockDispatchCycles}); 0 where not measured.
   */
  public long dispatch(long k, int warps, int sms) {
    double start = smStartCycles == null ? 0 : smStartCycles * (Math.log(1 + Math.min(k, sms - 1L)) / Math.log(2));
    double each = (blockDispatchCycles == null ? 0 : blockDispatchCycles) + (blockDispatchCyclesPerWarp == null ? 0 : blockDispatchCyclesPerWarp) * warps;
    return Math.round(start + each * Math.max(0, k - (sms - 1L)));
  }

  /** {@link #indirectCallCycles}, or none where it was not measured. */
  public int virtualCallCycles() {
    return indirectCallCycles == null ? 0 : indirectCallCycles;
  }

  /** {@link #globalIssueCycles}, or none where it was not measured. */
  public int globalThrottleCycles() {
    return globalIssueCycles == null ? 0 : globalIssueCycles;
  }

  /** {@link #atomicLatency}, or the first load's where it was not measured. */
  public int atomicResultLatency() {
    return atomicLatency == null ? globalLoadLatency : atomicLatency;
  }

  /** {@link #fenceCycles}, or none where it was not measured. */
  public int memoryFenceCycles() {
    return fenceCycles == null ? 0 : fenceCycles;
  }

  /** {@link #pageLatency}, or the first load's where it was not measured. */
  public int newPageLatency() {
    return pageLatency == null ? globalLoadLatency : pageLatency;
  }

  /** {@link #dramLatency}, or the first load's where it was not measured. */
  public int samePageLatency() {
    return dramLatency == null ? globalLoadLatency : dramLatency;
  }

  /** What these parameters are, in a few words, for a report: the preset, what it was calibrated on, and its clock. */
  public String describe() {
    return arch + (calibrated ? ", calibrated on " + card : ", not calibrated against any card")
        + String.format(java.util.Locale.ROOT, ", %.2f GHz", clockHz / 1e9);
  }
}
