package org.scansim.sim.check;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.scansim.sim.engine.CheckHooks;

/** The checkers a run can turn on ({@code --check races,bounds,init,barriers,proof} or {@code all}). */
public enum Check {
  /** Read-after-write, write-after-read and write-after-write hazards between barriers ({@link RaceCheck}). */
  RACES(CheckHooks.Need.READ_ORDER),
  /** Accesses outside the declared array, reported and skipped instead of stopping the run ({@link BoundsCheck}). */
  BOUNDS(CheckHooks.Need.BOUNDS_EVENTS),
  /** Reads of memory nothing wrote, and whether such a value reaches an output ({@link InitCheck}). */
  INIT(CheckHooks.Need.VALUE_ORIGINS),
  /** A {@code __syncthreads} (or {@code __syncwarp}) that not every thread reaches ({@link BarrierCheck}). */
  BARRIERS(CheckHooks.Need.BARRIER_EVENTS),
  /** The symbolic scan proof: every output must hold exactly the right range of inputs ({@link ProofCheck}). */
  PROOF(CheckHooks.Need.VALUE_TAGS);

  /** What the check needs of the engine beyond the accesses, operations and barriers every checker hears (often nothing more). */
  private final Set<CheckHooks.Need> needs;

  Check(CheckHooks.Need... needs) {
    this.needs = needs.length == 0 ? Set.of() : EnumSet.of(needs[0], needs);
  }

  /** What the checks of {@code checks} need of the engine together. */
  public static Set<CheckHooks.Need> needs(Set<Check> checks) {
    Set<CheckHooks.Need> out = EnumSet.noneOf(CheckHooks.Need.class);
    for (Check c : checks) {
      out.addAll(c.needs);
    }
    return out;
  }

  public String spelling() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Every checker's spelling, in the order reports list them. */
  public static java.util.List<String> spellings() {
    return java.util.Arrays.stream(values()).map(Check::spelling).toList();
  }

  /** Every checker. */
  public static Set<Check> all() {
    return EnumSet.allOf(Check.class);
  }

  /**
   * Parses a comma-separated list such as {@code races,bounds} or {@code all}; an empty string
   * is the empty set.
   *
   * @throws IllegalArgumentException naming the unknown checker and the known ones
   */
  public static Set<Check> parse(String csv) {
    return parse(csv, true);
  }

  /**
   * The same, where {@code all} means every checker that applies: without {@code proofApplies}
   * (a program, or an entry whose scan kind is not known) it leaves the proof out, which a run
   * then refuses only when it is named.
   */
  public static Set<Check> parse(String csv, boolean proofApplies) {
    EnumSet<Check> out = EnumSet.noneOf(Check.class);
    for (String part : csv.split(",")) {
      String p = part.trim().toLowerCase(Locale.ROOT);
      if (p.isEmpty()) {
        continue;
      }
      if (p.equals("all")) {
        for (Check c : all()) {
          if (c != PROOF || proofApplies) {
            out.add(c);
          }
        }
        continue;
      }
      Check found = null;
      for (Check c : values()) {
        if (c.spelling().equals(p)) {
          found = c;
        }
      }
      if (found == null) {
        throw new IllegalArgumentException("unknown checker '" + part.trim() + "'" + org.scansim.text.Nearest.hint(p, spellings())
            + "; known: all, " + String.join(", ", spellings()));
      }
      out.add(found);
    }
    return out;
  }
}
