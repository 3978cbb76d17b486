package org.scansim.sim.engine;

/**
 * Warp-wide operations: shuffles (CUDA C Guide §7.22) and votes (§7.21). Lanes read their
 * source lane's register as it was before the instruction; a source lane outside the active
 * mask gives its stale register value, as the hardware does when the mask is wrong.
 */
final class Warps {
  private Warps() {}

  static void shuffle(CInsn in, Warp w, int mask, long[] before, CheckHooks checker, int[] source) {
    long[] src = w.regs[in.args[1]];
    long[] lane = w.regs[in.args[2]];
    long[] width = w.regs[in.args[3]];
    System.arraycopy(src, 0, before, 0, 32); // sources as they were before the instruction
    int taintBefore = w.taint[in.args[1]];
    long[] d = w.regs[in.dst];
    int taint = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int s = source(in, l, lane[l], width[l]);
      source[l] = s;
      d[l] = before[s];
      if ((taintBefore & (1 << s)) != 0) {
        taint |= 1 << l;
      }
    }
    w.taint[in.dst] = (w.taint[in.dst] & ~mask) | taint;
    if (checker != null) {
      checker.shuffle(in, w, mask, source);
    }
  }

  /** The lane whose value lane l of shuffle {@code in} reads, given its lane (or delta, or mask) and width operands. */
  static int source(CInsn in, int l, long lane, long width) {
    int wd = (int) width;
    if (wd <= 0 || wd > 32 || (wd & (wd - 1)) != 0) {
      wd = 32;
    }
    int segment = l & ~(wd - 1);
    int s = switch (in.ir.shuffle()) {
      case IDX -> segment + (int) (lane & (wd - 1));
      case UP -> l - (int) lane >= segment ? l - (int) lane : l;
      case DOWN -> l + (int) lane < segment + wd ? l + (int) lane : l;
      case BFLY -> (l ^ (int) lane) < segment + wd && (l ^ (int) lane) >= segment ? l ^ (int) lane : l;
    };
    return s & 31;
  }

  static void vote(CInsn in, Warp w, int mask) {
    long[] member = w.regs[in.args[0]];
    long[] pred = w.regs[in.args[1]];
    if (in.ir.vote() == org.scansim.frontend.ir.Enums.Vote.MATCH_ANY || in.ir.vote() == org.scansim.frontend.ir.Enums.Vote.MATCH_ALL) {
      match(in, w, mask, member, pred);
      return;
    }
    int ballot = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if (pred[l] != 0 && (member[l] & (1L << l)) != 0) {
        ballot |= 1 << l;
      }
    }
    long[] d = w.regs[in.dst];
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int members = (int) member[l] & mask;
      d[l] = switch (in.ir.vote()) {
        case BALLOT -> ballot & 0xFFFF_FFFFL;
        case ANY -> (ballot & members) != 0 ? 1 : 0;
        case ALL -> (ballot & members) == members ? 1 : 0;
        case MATCH_ANY, MATCH_ALL -> throw new IllegalStateException("a match is match()'s");
      };
    }
    w.taint[in.dst] &= ~mask;
  }

  /**
   * {@code __match_any_sync} and {@code __match_all_sync} (CUDA C++ Guide, "Warp Match
   * Functions"): among the lanes of the mask that run it (a lane that has returned is not
   * compared, as on the H200: hardware/measurements/2026-11-29-h200-exited-lanes), those whose
   * value is the lane's own; for all, the mask of them when every one agrees, else 0.
   */
  private static void match(CInsn in, Warp w, int mask, long[] member, long[] value) {
    long[] d = w.regs[in.dst];
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int members = (int) member[l] & mask;
      int same = 0;
      for (int k = members; k != 0; k &= k - 1) {
        int o = Integer.numberOfTrailingZeros(k);
        if (value[o] == value[l]) {
          same |= 1 << o;
        }
      }
      d[l] = (in.ir.vote() == org.scansim.frontend.ir.Enums.Vote.MATCH_ANY ? same : same == members ? members : 0) & 0xFFFF_FFFFL;
    }
    w.taint[in.dst] &= ~mask;
  }
}
