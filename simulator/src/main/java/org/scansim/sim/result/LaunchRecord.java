package org.scansim.sim.result;

import java.util.List;
import org.scansim.frontend.diag.Span;

/**
 * What one kernel launch did: its configuration, counters for the launch, per source site (by
 * compiled instruction) and per barrier phase, and the warnings it raised.
 */
public record LaunchRecord(
    String kernel,
    Span launchSite,
    int[] grid,
    int[] block,
    int dynamicSharedBytes,
    int sharedBytesPerBlock,
    Counters counters,
    List<Site> sites,
    List<Counters> phases,
    List<String> warnings) {

  /**
   * A launch that faulted (a bad configuration, a fault in a block, a deadlock): its number among
   * the run's launches and its configuration as the program gave it (unsigned dimensions, as
   * CUDA's {@code dim3}). Its counters are not kept: blocks on other threads may have run past
   * the faulting one, so they would depend on the thread count.
   */
  public record Faulted(int index, String kernel, Span launchSite, List<Long> grid, List<Long> block, long dynamicSharedBytes) {}

  /** The counters of one instruction that did something worth reporting, with its source. */
  public record Site(Span span, String operation, String array, Counters counters) {}
}
