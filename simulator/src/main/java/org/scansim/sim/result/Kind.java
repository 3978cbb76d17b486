package org.scansim.sim.result;

/**
 * What went wrong: the kind of a fault that stopped a run, or of a checker's finding (a fault
 * the run stopped at is also its finding, of the same kind). Each has the spelling reports and
 * the faulty corpus's {@code .expect} files use; code compares kinds, never their text.
 */
public enum Kind {
  // Faults that stop a run.
  /** A budget ran out: instructions, wall clock, launches, host steps or recursion, the scan proof's graph. */
  RUNAWAY("runaway"),
  /** A launch the architecture refuses (dimensions, shared or local memory per block). */
  LAUNCH("launch"),
  /** The device-memory budget, or the Java heap, could not hold what the run needs. */
  OUT_OF_MEMORY("out-of-memory"),
  OUT_OF_BOUNDS("out-of-bounds"),
  DIVERGENT_BARRIER("divergent-barrier"),
  /** Every resident block waits for one that is not resident. */
  DEADLOCK("deadlock"),
  INVALID_ADDRESS("invalid-address"),
  USE_AFTER_FREE("use-after-free"),
  ASSERT("assert"),
  /** The program called {@code exit} with a status other than 0. */
  EXIT("exit"),
  DIVISION_BY_ZERO("division-by-zero"),
  UNSUPPORTED("unsupported"),
  /** The scan proof's node budget, before the instruction that reached it is known. */
  BUDGET("budget"),
  INTERRUPTED("interrupted"),
  /** A fault of the simulator itself. */
  INTERNAL("internal"),
  // Findings that only checkers make.
  RACE("race"),
  /** A hazard between lanes of a warp before Volta, legal there only by lock step. */
  WARP_SYNCHRONOUS("warp-synchronous"),
  UNINITIALISED_READ("uninitialised-read"),
  SCAN_PROOF("scan-proof"),
  SCHEDULE_DIFFERENCE("schedule-difference");

  private final String spelling;

  Kind(String spelling) {
    this.spelling = spelling;
  }

  /** As reports, JSON and the {@code .expect} files write it: {@code out-of-bounds}. */
  public String spelling() {
    return spelling;
  }

  @Override
  public String toString() {
    return spelling;
  }
}
