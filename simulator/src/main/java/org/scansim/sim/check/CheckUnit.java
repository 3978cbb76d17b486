package org.scansim.sim.check;

import org.scansim.sim.engine.Code;

/**
 * One checker of a run: which {@link Check} it is (what it needs of the engine is the check's, {@link
 * Check#needs}). {@link Checker} hears the engine and calls each unit that is on, lane by lane
 * in lane order (a unit's findings then come in the order of the lanes, whichever units are on).
 * A unit keeps its own state; a worker of the checkers for one thread's blocks has its own units.
 */
interface CheckUnit {
  Check check();

  /** A new kernel launch with {@code code}. */
  default void newLaunch(Code code) {}
}
