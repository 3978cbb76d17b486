package org.scansim.grade;

import java.math.BigDecimal;
import java.util.Set;
import java.util.function.Function;
import org.scansim.sim.check.Check;
import org.scansim.sim.result.Kind;

/**
 * The checkers an assignment grades, one row each, in the order every submission's results list
 * them: the test's title, its key in a spec's {@code points} and {@code visibility}, the kinds of
 * finding and of fault that fail it, and the words for one problem. {@link Scoring}'s test
 * names, points, groups and results, and {@link Assignment#TEST_GROUPS}, come from this table.
 */
enum GradedCheck {
  RACES(Check.RACES, "No races", "races", Assignment.Points::races,
      Set.of(Kind.RACE, Kind.WARP_SYNCHRONOUS, Kind.SCHEDULE_DIFFERENCE), Set.of(), "race"),
  BARRIERS(Check.BARRIERS, "No barrier divergence", "barriers", Assignment.Points::barriers,
      Set.of(Kind.DIVERGENT_BARRIER), Set.of(Kind.DIVERGENT_BARRIER), "divergent barrier"),
  BOUNDS(Check.BOUNDS, "In bounds", "bounds", Assignment.Points::bounds,
      Set.of(Kind.OUT_OF_BOUNDS, Kind.INVALID_ADDRESS, Kind.USE_AFTER_FREE),
      Set.of(Kind.OUT_OF_BOUNDS, Kind.INVALID_ADDRESS, Kind.USE_AFTER_FREE), "access out of bounds"),
  INIT(Check.INIT, "Initialised reads", "initialisation", Assignment.Points::initialisation,
      Set.of(Kind.UNINITIALISED_READ), Set.of(), "read of uninitialised memory");

  /** The checker whose findings this test reads. */
  final Check check;
  /** The test's title in the results. */
  final String title;
  /** Its key in a spec's {@code points} and {@code visibility}. */
  final String key;
  /** Its points in an assignment (null: not graded). */
  final Function<Assignment.Points, BigDecimal> points;
  /** The findings that fail it. */
  final Set<Kind> findingKinds;
  /** The faults a run stopped at that fail it. */
  final Set<Kind> faultKinds;
  /** One problem, in words. */
  final String what;

  GradedCheck(Check check, String title, String key, Function<Assignment.Points, BigDecimal> points, Set<Kind> findingKinds,
      Set<Kind> faultKinds, String what) {
    this.check = check;
    this.title = title;
    this.key = key;
    this.points = points;
    this.findingKinds = findingKinds;
    this.faultKinds = faultKinds;
    this.what = what;
  }
}
