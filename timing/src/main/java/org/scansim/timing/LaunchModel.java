package org.scansim.timing;

import java.util.List;
import java.util.PriorityQueue;
import org.scansim.sim.arch.Architecture;

/**
 * A launch's blocks over the card's SMs: as many blocks resident on an SM at once as its limits
 * on threads and blocks allow, each new block started on the slot that frees first (block order),
 * co-resident blocks sharing the SM's schedulers and shared-memory pipe, all of them sharing the
 * card's device-memory bandwidth, no block before the card has dispatched it ({@link
 * TimingParameters#dispatch}); plus the launch's fixed cost. Not modelled: the register file's
 * and shared memory's limits on residency, and L2 hits between blocks.
 */
final class LaunchModel {
  private LaunchModel() {}

  /**
   * A launch's predicted time: {@code smCycles} (the counterpart of {@code
   * sm__cycles_elapsed.max}), {@code durationNs} at the parameters' clock; {@code blocksPerSm}
   * resident at once, {@code waves} of them, the longest block alone ({@code blockCycles}), and
   * what bounds the launch: "blocks", "bandwidth"; {@code issueCycles} the least the launch's
   * instructions take to issue on the SMs its blocks occupy, and {@code memoryCycles} the least its
   * device-memory traffic takes at the card's bandwidth (each a bound the launch cannot beat).
   */
  record LaunchTime(long smCycles, long durationNs, int blocksPerSm, long waves, long blockCycles, String bound, long issued,
      long issueCycles, long memoryCycles) {}

  /** {@code count} blocks in a row, each taking {@code time}. */
  record Run(SmModel.BlockTime time, long count) {}

  static LaunchTime run(List<SmModel.BlockTime> blocks, int threadsPerBlock, Architecture a, TimingParameters p) {
    return ofRuns(blocks.stream().map(b -> new Run(b, 1)).toList(), threadsPerBlock, a, p);
  }

  /** Blocks of a launch of {@code total} resident on an SM at once (its thread and block limits, and no more than the launch needs). */
  static int perSm(long total, int threadsPerBlock, Architecture a) {
    int warpsPerBlock = (threadsPerBlock + 31) / 32;
    int resident = (int) Math.max(1, Math.min(a.maxResidentBlocksPerSm(), a.maxResidentThreadsPerSm() / Math.max(1, warpsPerBlock * 32L)));
    int sms = a.smCount();
    return (int) Math.max(1, Math.min(resident, (total + sms - 1) / sms));
  }

  /**
   * How long block {@code b} holds its slot among {@code perSm} blocks resident together: as long
   * as {@code perSm} blocks like it take on one SM at once ({@link SmModel#together}), at least as
   * long as it alone would, or as the SM takes to issue and serve all of them.
   */
  static long occupied(SmModel.BlockTime b, int perSm, TimingParameters p) {
    long alone = Math.max(b.cycles(), b.together());
    return Math.max(alone, Math.max(perSm * b.issued() * p.issueCycles() / p.schedulersPerSm(), perSm * b.wavefronts() * p.sharedCyclesPerWavefront()));
  }

  /** The launch of the blocks of {@code runs}, in order. */
  static LaunchTime ofRuns(List<Run> runs, int threadsPerBlock, Architecture a, TimingParameters p) {
    long total = 0;
    for (Run r : runs) {
      total += r.count();
    }
    int sms = a.smCount();
    int perSm = perSm(total, threadsPerBlock, a);
    PriorityQueue<Long> slots = new PriorityQueue<>();
    for (int i = 0; i < Math.min((long) sms * perSm, total); i++) {
      slots.add(0L);
    }
    long finish = 0;
    long longest = 0;
    long sectors = 0;
    long issued = 0;
    int warps = (threadsPerBlock + 31) / 32;
    long index = 0;
    for (Run r : runs) {
      SmModel.BlockTime b = r.time();
      long shared = occupied(b, perSm, p);
      for (long k = 0; k < r.count(); k++) {
        long start = Math.max(slots.poll(), p.dispatch(index++, warps, sms)); // a free slot, once the card has dispatched it
        long stop = start + shared;
        slots.add(stop);
        finish = Math.max(finish, stop);
      }
      longest = Math.max(longest, b.cycles());
      sectors += b.sectors() * r.count();
      issued += b.issued() * r.count();
    }
    long bandwidth = sectors * 32 / Math.max(1, p.dramBytesPerCycle());
    String bound = bandwidth > finish ? "bandwidth" : "blocks";
    long cycles = p.launchCycles() + Math.max(finish, bandwidth);
    long waves = (total + (long) sms * perSm - 1) / ((long) sms * perSm);
    // The busiest SM runs ceil(total / sms) of the blocks, each issuing the launch's mean.
    long busiest = (total + sms - 1) / sms;
    long issuing = Math.round((double) issued * p.issueCycles() * busiest / ((double) p.schedulersPerSm() * Math.max(1, total)));
    return new LaunchTime(cycles, Math.round(cycles * 1e9 / p.clockHz()), perSm, waves, longest, bound, issued, issuing, bandwidth);
  }
}
