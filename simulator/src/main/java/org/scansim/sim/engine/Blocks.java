package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ir.Op;

/**
 * A compiled kernel's basic blocks for {@link RedundantLoads}: each block's first instruction,
 * predecessors and successors (a barrier does not end a block), and the loops a load may be moved
 * before. Blocks are numbered in instruction order, so a branch to an earlier or the same block is
 * a back edge.
 */
final class Blocks {
  final int[] starts;
  final List<List<Integer>> preds = new ArrayList<>();
  final List<int[]> succs = new ArrayList<>();
  /** Per block: the end (exclusive instruction index) of the loop it heads, or -1 when it heads none a load may be moved before. */
  final int[] loopEnd;
  private final CInsn[] insns;

  Blocks(CInsn[] insns) {
    this.insns = insns;
    int n = insns.length;
    boolean[] leader = AccessMerging.leaders(insns, false);
    List<Integer> s = new ArrayList<>();
    int[] blockOf = new int[n];
    for (int i = 0; i < n; i++) {
      if (leader[i]) {
        s.add(i);
      }
      blockOf[i] = s.size() - 1;
    }
    starts = s.stream().mapToInt(Integer::intValue).toArray();
    for (int b = 0; b < starts.length; b++) {
      preds.add(new ArrayList<>());
    }
    for (int b = 0; b < starts.length; b++) {
      CInsn last = insns[end(b) - 1];
      int[] to;
      if (last.op == Op.BR) {
        to = new int[] {last.target};
      } else if (last.op == Op.CBR) {
        to = last.target == last.elseTarget ? new int[] {last.target} : new int[] {last.target, last.elseTarget};
      } else if (last.op == Op.RET) {
        to = new int[0];
      } else {
        to = last.index + 1 < n ? new int[] {last.index + 1} : new int[0]; // falls through to the next block
      }
      List<Integer> blocks = new ArrayList<>();
      for (int t : to) {
        if (t < n) {
          blocks.add(blockOf[t]);
          preds.get(blockOf[t]).add(b);
        }
      }
      succs.add(blocks.stream().mapToInt(Integer::intValue).toArray());
    }
    loopEnd = new int[starts.length];
    for (int h = 0; h < starts.length; h++) {
      loopEnd[h] = loop(h);
    }
  }

  int end(int b) {
    return b + 1 < starts.length ? starts[b + 1] : insns.length;
  }

  /**
   * The end of the loop block {@code h} heads, when nvcc could load before it: its back edges
   * come from later blocks, every way in from outside is a branch to {@code h}; else -1.
   */
  private int loop(int h) {
    int last = -1;
    boolean entry = false;
    for (int p : preds.get(h)) {
      if (p >= h) {
        last = Math.max(last, end(p));
      } else {
        CInsn t = insns[end(p) - 1];
        entry = true;
        if (t.op != Op.BR && t.op != Op.CBR) {
          return -1; // entered by falling through: no branch to tell a new entry by
        }
      }
    }
    if (last < 0 || !entry) {
      return -1;
    }
    int first = starts[h];
    for (CInsn in : insns) {
      if ((in.index < first || in.index >= last) && (in.op == Op.BR || in.op == Op.CBR)) {
        for (int t : new int[] {in.target, in.elseTarget}) {
          if (t > first && t < last) {
            return -1; // entered elsewhere than at the header
          }
        }
      }
    }
    return last;
  }
}
