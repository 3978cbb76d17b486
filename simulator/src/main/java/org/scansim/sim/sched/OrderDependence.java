package org.scansim.sim.sched;

import org.scansim.sim.memory.Footprints;

/**
 * Thrown out of a launch whose blocks, run on several threads, may have seen each other's writes
 * to global memory ({@link Footprints}): the caller runs the whole program again on one thread,
 * whose result is the one every thread count reports.
 */
public final class OrderDependence extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OrderDependence(String message) {
    super(message, null, false, false);
  }
}
