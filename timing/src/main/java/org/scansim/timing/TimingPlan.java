package org.scansim.timing;

import java.util.List;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.arch.Architecture;

/**
 * How a run is timed, resolved once: the architecture and the parameters it is timed with, or why
 * it has no cycles. The one place that makes a {@link TimingObserver} ({@link #observer}, a fresh
 * one per run: an observer times one run); every command goes through it (ModuleLayeringTest).
 *
 * @param arch       the architecture the run simulates
 * @param parameters the timing model's numbers for it, or null when the run is not timed
 * @param reason     why the run is not timed (null when it is, or when nobody asked)
 */
public record TimingPlan(Architecture arch, TimingParameters parameters, String reason) {
  /** A run timed with {@code arch}'s parameters for {@code card} (null: its default card), or, without parameters, why not. */
  public static TimingPlan of(Architecture arch, String card) {
    return TimingPresets.of(arch, card).map(p -> new TimingPlan(arch, p, null))
        .orElseGet(() -> new TimingPlan(arch, null, TimingPresets.noParameters(arch)));
  }

  /** A run not timed, for {@code reason} (null: nobody asked for cycles). */
  public static TimingPlan off(Architecture arch, String reason) {
    return new TimingPlan(arch, null, reason);
  }

  /** Whether the run gets cycles. */
  public boolean timed() {
    return parameters != null;
  }

  /** A new observer for one run of {@code ir}, or null when the run is not timed. */
  public TimingObserver observer(IrModule ir) {
    return parameters == null ? null : new TimingObserver(arch, parameters, ir);
  }

  /**
   * Why {@code card} cannot time {@code arch} (null when it can, or when no card is named): the
   * same words for {@code run --card} and a sweep's {@code options.card}.
   */
  public static String cardProblem(Architecture arch, String card) {
    if (card == null) {
      return null;
    }
    List<String> cards = TimingPresets.cards(arch);
    if (cards.contains(card.toLowerCase(java.util.Locale.ROOT))) {
      return null;
    }
    return cards.isEmpty() ? "the timing model has no cards for " + arch.name()
        : "the timing model has parameters for " + String.join(" and ", cards) + " on " + arch.name();
  }
}
