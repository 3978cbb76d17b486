package org.scansim.sim.check;

import org.scansim.frontend.diag.Span;
import org.scansim.sim.result.Kind;

/** {@link Check#BARRIERS}: a {@code __syncthreads} (or {@code __syncwarp}) not every thread of the block reaches. */
final class BarrierCheck implements CheckUnit {
  private final Checker owner;

  BarrierCheck(Checker owner) {
    this.owner = owner;
  }

  @Override
  public Check check() {
    return Check.BARRIERS;
  }


  /** Threads of one block wait at two different barriers, {@code at} and {@code other} (null: some have exited). */
  void divergent(Span at, Span other, String message) {
    owner.findings.add(new Finding(Kind.DIVERGENT_BARRIER, null, at, other, null, null, null, null, 1, message));
  }
}
