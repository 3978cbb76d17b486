package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * Computes immediate post-dominators (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
 * Algorithm", on the reversed CFG with one virtual exit after every RET) and stores, on every
 * CBR, the block where the two paths meet again: the reconvergence point of a SIMT stack (the
 * PDOM scheme of Fung et al. used by GPGPU-Sim). Blocks that never reach an exit (an infinite
 * loop) reconverge at the exit, that is, never.
 */
final class PostDominators {
  private PostDominators() {}

  static void annotate(List<Block> blocks) {
    int n = blocks.size();
    int exit = n;
    List<List<Integer>> preds = new ArrayList<>(); // predecessors in the reversed graph = successors
    List<List<Integer>> succs = new ArrayList<>(); // successors in the reversed graph = predecessors
    for (int i = 0; i <= n; i++) {
      preds.add(new ArrayList<>());
      succs.add(new ArrayList<>());
    }
    for (Block b : blocks) {
      List<Block> s = b.successors();
      if (s.isEmpty()) {
        preds.get(b.id()).add(exit);
        succs.get(exit).add(b.id());
      }
      for (Block t : s) {
        preds.get(b.id()).add(t.id());
        succs.get(t.id()).add(b.id());
      }
    }
    // Reverse post-order of the reversed graph, from the exit.
    int[] order = new int[n + 1];
    int[] rank = new int[n + 1];
    java.util.Arrays.fill(rank, -1);
    int count = postOrder(exit, succs, rank, order);
    int[] idom = new int[n + 1];
    java.util.Arrays.fill(idom, -1);
    idom[exit] = exit;
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int k = count - 1; k >= 0; k--) {
        int b = order[k];
        if (b == exit) {
          continue;
        }
        int nd = -1;
        for (int p : preds.get(b)) {
          if (idom[p] == -1) {
            continue;
          }
          nd = nd == -1 ? p : intersect(p, nd, idom, rank);
        }
        if (nd != -1 && idom[b] != nd) {
          idom[b] = nd;
          changed = true;
        }
      }
    }
    for (Block b : blocks) {
      Insn t = b.terminator();
      if (t != null && t.op() == Op.CBR) {
        int d = idom[b.id()];
        t.reconverge(d == -1 || d == exit ? null : blocks.get(d));
      }
    }
  }

  private static int postOrder(int root, List<List<Integer>> succs, int[] rank, int[] order) {
    // Iterative DFS so that a huge function cannot overflow the Java stack.
    int count = 0;
    int[] stack = new int[rank.length];
    int[] next = new int[rank.length];
    boolean[] seen = new boolean[rank.length];
    int sp = 0;
    stack[sp++] = root;
    seen[root] = true;
    while (sp > 0) {
      int v = stack[sp - 1];
      List<Integer> s = succs.get(v);
      if (next[v] < s.size()) {
        int w = s.get(next[v]++);
        if (!seen[w]) {
          seen[w] = true;
          stack[sp++] = w;
        }
      } else {
        sp--;
        rank[v] = count;
        order[count++] = v;
      }
    }
    return count;
  }

  private static int intersect(int a, int b, int[] idom, int[] rank) {
    while (a != b) {
      while (rank[a] < rank[b]) {
        a = idom[a];
      }
      while (rank[b] < rank[a]) {
        b = idom[b];
      }
    }
    return a;
  }
}
