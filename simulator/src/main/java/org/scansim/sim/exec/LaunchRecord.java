package org.scansim.sim.exec;

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

  /** The counters of one instruction that did something worth reporting, with its source. */
  public record Site(Span span, String operation, String array, Counters counters) {}
}
