package org.scansim.sim.check;

import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Warp;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.result.Kind;

/** {@link Check#BOUNDS}: an access outside the declared array it points into, reported; the engine skips the lane. */
final class BoundsCheck implements CheckUnit {
  private final Checker owner;

  BoundsCheck(Checker owner) {
    this.owner = owner;
  }

  @Override
  public Check check() {
    return Check.BOUNDS;
  }


  void outOfBounds(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, long off, int size) {
    if (owner.findings.counted(Finding.key(Kind.OUT_OF_BOUNDS, null, a.name, in.span, null))) {
      return;
    }
    long index = Math.floorDiv(off, Math.max(1, size));
    String space = Ptr.spaceName(a.space);
    String thread = Checker.thread(w, lane);
    owner.findings.add(new Finding(Kind.OUT_OF_BOUNDS, null, in.span, null, a.name, String.valueOf(index), thread,
        b.blockName(), 1, (in.op == Op.ST ? "write" : in.op == Op.ATOM ? "atomic" : "read") + " of " + space + " " + a.name
            + "[" + index + "], outside the array's " + a.size() / Math.max(1, size) + " elements, by thread " + thread
            + " of block " + b.blockName() + (a.space == Ptr.SHARED ? " (it may land in another shared array: the hardware would not complain)" : "")));
  }
}
