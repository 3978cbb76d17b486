package org.scansim.sim.device;

import org.scansim.sim.result.Fault;
import org.scansim.frontend.diag.Span;

/**
 * A run's wall-clock budget, shared by the host interpreter and the device: host code and
 * kernels past it stop as a runaway ({@link Fault.Budget#WALL_CLOCK}).
 */
public final class Deadline {
  private volatile long nanos = Long.MAX_VALUE;

  /** The {@link System#nanoTime()} after which the run stops. */
  public void set(long nanos) {
    this.nanos = nanos;
  }

  public long nanos() {
    return nanos;
  }

  /** Stops host code past the budget, at {@code at}. */
  public void checkHost(Span at) {
    if (System.nanoTime() > nanos) {
      throw Fault.pastWallClock(at, " in host code at " + at.position());
    }
  }
}
