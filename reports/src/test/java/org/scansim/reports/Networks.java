package org.scansim.reports;

import java.util.ArrayList;
import java.util.List;
import org.scansim.sim.check.Circuit;

/**
 * Scan circuits built by running the algorithms on ranges instead of numbers: every value is a
 * range [lo, hi] of inputs, and a ⊕ records a node the way the scan proof's tracker does (the
 * range its result combines, valid when the operands are adjacent, one level below its deeper
 * operand).
 */
final class Networks {
  private Networks() {}

  /** Records nodes; ids are list positions, inputs first. */
  static final class Builder {
    final int n;
    final List<Circuit.Node> nodes = new ArrayList<>();

    Builder(int n) {
      this.n = n;
      for (int i = 0; i < n; i++) {
        nodes.add(new Circuit.Node(i, i, i, true, 0, Circuit.NONE, Circuit.NONE));
      }
    }

    /** The node a ⊕ b (either may be {@link Circuit#IDENTITY}). */
    int op(int a, int b) {
      int id = nodes.size();
      if (a == Circuit.IDENTITY || b == Circuit.IDENTITY) {
        Circuit.Node x = nodes.get(a == Circuit.IDENTITY ? b : a);
        nodes.add(new Circuit.Node(id, x.lo(), x.hi(), x.valid(), x.depth() + 1, a, b));
        return id;
      }
      Circuit.Node x = nodes.get(a);
      Circuit.Node y = nodes.get(b);
      boolean valid = x.valid() && y.valid() && x.hi() + 1 == y.lo();
      nodes.add(new Circuit.Node(id, valid ? x.lo() : 1, valid ? y.hi() : 0, valid, Math.max(x.depth(), y.depth()) + 1, a, b));
      return id;
    }

    int[] inputs() {
      int[] v = new int[n];
      for (int i = 0; i < n; i++) {
        v[i] = i;
      }
      return v;
    }

    Circuit circuit(int[] outputs) {
      return new Circuit(n, List.copyOf(nodes), outputs.clone());
    }
  }

  /** Kogge-Stone (Hillis-Steele, PMPP's double-buffered form): at stride d, v[i] = v[i - d] ⊕ v[i] for i ≥ d. */
  static Circuit koggeStone(int n) {
    Builder b = new Builder(n);
    int[] v = b.inputs();
    for (int d = 1; d < n; d *= 2) {
      int[] next = v.clone();
      for (int i = d; i < n; i++) {
        next[i] = b.op(v[i - d], v[i]);
      }
      v = next;
    }
    return b.circuit(v);
  }

  /**
   * Sklansky (CUDA Handbook, Figure 13.10): at level k every element in the upper half of a block
   * of 2^k adds the last element of the block's lower half.
   */
  static Circuit sklansky(int n) {
    Builder b = new Builder(n);
    int[] v = b.inputs();
    for (int half = 1; half < n; half *= 2) {
      int[] next = v.clone();
      for (int i = 0; i < n; i++) {
        if ((i & half) != 0) {
          next[i] = b.op(v[(i & ~(2 * half - 1)) + half - 1], v[i]);
        }
      }
      v = next;
    }
    return b.circuit(v);
  }

  /**
   * Brent-Kung in PMPP's inclusive form (chapter 11, {@code kernels/pmpp/brent_kung.cu}): an
   * up-sweep (reduction tree) with strides 1, 2, .., n/2, then a down-sweep with strides n/4 .. 1
   * that adds v[index] into v[index + stride], index = (t + 1) * 2 * stride - 1.
   */
  static Circuit brentKungInclusive(int n) {
    Builder b = new Builder(n);
    int[] v = b.inputs();
    for (int stride = 1; stride < n; stride *= 2) {
      for (int t = 0; (t + 1) * 2 * stride - 1 < n; t++) {
        int index = (t + 1) * 2 * stride - 1;
        v[index] = b.op(v[index - stride], v[index]);
      }
    }
    for (int stride = n / 4; stride > 0; stride /= 2) {
      for (int t = 0; (t + 1) * 2 * stride - 1 + stride < n; t++) {
        int index = (t + 1) * 2 * stride - 1;
        v[index + stride] = b.op(v[index], v[index + stride]);
      }
    }
    return b.circuit(v);
  }

  /**
   * Harris's Listing 2 (work-efficient, exclusive): the same up-sweep, the last element cleared to
   * the identity, then a down-sweep that swaps and adds (t = v[ai]; v[ai] = v[bi]; v[bi] += t).
   */
  static Circuit blellochExclusive(int n) {
    Builder b = new Builder(n);
    int[] v = b.inputs();
    for (int stride = 1; stride < n; stride *= 2) {
      for (int i = 2 * stride - 1; i < n; i += 2 * stride) {
        v[i] = b.op(v[i - stride], v[i]);
      }
    }
    v[n - 1] = Circuit.IDENTITY;
    for (int stride = n / 2; stride >= 1; stride /= 2) {
      for (int i = 2 * stride - 1; i < n; i += 2 * stride) {
        int t = v[i - stride];
        v[i - stride] = v[i];
        v[i] = b.op(v[i], t);
      }
    }
    return b.circuit(v);
  }
}
