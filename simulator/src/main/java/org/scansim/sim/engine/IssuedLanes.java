package org.scansim.sim.engine;

/**
 * Which lanes of a load nvcc issues, where its optimisations leave some out: a load the loop's
 * previous iteration stored ({@link StoreForwarding}), a load hoisted before its loop ({@link
 * RedundantLoads}: counted on a lane's first run since it entered the loop), and a load sunk into
 * one side of the branch after it ({@link LoadSinking}). Each returns the lanes of {@code mask}
 * the card issues; {@link Memory} counts those and leaves the rest uncounted. The data moves for
 * every lane either way: this decides counting only.
 */
final class IssuedLanes {
  private final LaunchContext lx;
  private final BlockExecutor block;

  IssuedLanes(LaunchContext lx, BlockExecutor block) {
    this.lx = lx;
    this.block = block;
  }

  /** The comparison's lanes of a sunk load ({@link CInsn#sinkCompare}), and its chain's values. */
  private long[] sinkResult;
  private long[][] sinkSteps;

  private long[] sinkSource(CInsn in, Warp w, int source) {
    return source >= 0 ? w.regs[in.args[1 + source]] : sinkSteps[-1 - source];
  }

  /**
   * The lanes of {@code mask} that take the side of the branch a {@link LoadSinking} load was sunk
   * into, by its comparison on the operands the load carries: nvcc issues it on that side only.
   */
  int sunk(CInsn in, Warp w, int mask) {
    if (sinkResult == null) { // made on a block's first sunk load: most kernels have none
      sinkResult = new long[32];
      sinkSteps = new long[LoadSinking.Chain.MAX_STEPS][32];
    }
    for (int s = 0; s < in.sinkChain.length; s++) { // the comparison's operands, as the way to it computes them
      CInsn c = in.sinkChain[s];
      int[] from = in.sinkChainSources[s];
      long[] d = sinkSteps[s];
      switch (c.op) {
        case SREG -> Special.read(c, d, mask, w, lx, block.blockIdx());
        case CVT -> Alu.convert(c, d, sinkSource(in, w, from[0]), mask);
        case MOV -> System.arraycopy(sinkSource(in, w, from[0]), 0, d, 0, 32);
        case NEG, NOT, ABS -> Alu.unary(c, d, sinkSource(in, w, from[0]), mask);
        case ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, MIN, MAX -> Alu.binary(c, d, sinkSource(in, w, from[0]), sinkSource(in, w, from[1]), mask);
        // other ops: never recorded as a step (LoadSinking.source)
        default -> throw new IllegalStateException("not a pure step: " + c.op);
      }
    }
    Alu.compare(in.sinkCompare, sinkResult, sinkSource(in, w, in.sinkCompareSources[0]), sinkSource(in, w, in.sinkCompareSources[1]), mask);
    int taken = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if ((sinkResult[l] != 0) != in.sinkNegate) {
        taken |= 1 << l;
      }
    }
    return taken;
  }

  /**
   * The lanes of {@code mask} running a {@link CInsn#loopSlot} load for the first time since they
   * entered its loop (the others loaded it before the loop), which are now marked as having run it.
   */
  static int firstInLoop(CInsn in, Warp w, int mask) {
    int done = w.loopLoaded(in.loopSlot);
    w.setLoopLoaded(in.loopSlot, done | mask);
    return mask & ~done;
  }

  /**
   * The lanes of {@code mask} whose load of a {@link StoreForwarding} loop the card issues; the
   * others take the value their previous iteration stored. Each lane's iterations left come from
   * the exit test's operands, which the load reads as its second and third arguments.
   */
  static int notForwarded(CInsn in, Warp w, int mask) {
    StoreForwarding.Loop loop = in.forward;
    int slot = loop.slot();
    if (w.forwarding == null || w.forwarding.length <= slot) {
      w.forwarding = java.util.Arrays.copyOf(w.forwarding == null ? new long[0][] : w.forwarding, slot + 1);
    }
    long[] s = w.forwarding[slot];
    if (s == null) {
      s = w.forwarding[slot] = new long[64];
    }
    long[] x = w.regs[in.args[1]];
    long[] bound = w.regs[in.args[2]];
    int issued = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      long left = loop.remaining(x[l], bound[l]);
      if (left <= 0) {
        issued |= 1 << l; // not a count the rule knows: the load issues
        s[32 + l] = 0;
        continue;
      }
      if (s[32 + l] != left + 1) {
        s[l] = left; // not the iteration after the last: a new run of the loop, this many iterations
      }
      s[32 + l] = left;
      if (loop.issues(s[l], s[l] - left)) {
        issued |= 1 << l;
      }
    }
    return issued;
  }
}
