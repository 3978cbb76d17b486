package org.scansim.sim.engine;

import java.util.Set;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;

/**
 * Models nvcc deleting the stores to a {@code __shared__} array that nothing reads: once {@link
 * RedundantLoads} has served every load of the array from registers, and its address goes
 * nowhere but into its own loads and stores, LLVM's global optimiser sees a variable only ever
 * written and removes the stores (nvcc 13.0's PTX for {@code s[t] = in[t]; out[t] = s[t] + s[t];}
 * holds no shared access at all; the double-buffered scan copying through {@code temp[t]}
 * stores 88 times a block on the H200 where the source stores 116).
 *
 * <p>The array's stores still write memory (the checkers see them); they are counted nowhere
 * ({@link CInsn#elided}). Not for a dynamic {@code extern __shared__} array (external to LLVM)
 * nor for global memory (the host may read it).
 */
final class DeadStores {
  private DeadStores() {}

  /**
   * Marks the dead stores; {@code bases} gives each load and store's array (-1: not known),
   * {@code escaped} the arrays whose address reaches more than their accesses.
   */
  static void apply(Code code, int[] bases, Set<Integer> escaped) {
    CInsn[] insns = code.insns;
    for (CInsn in : insns) {
      if (in.op == Op.CALL) {
        return; // a function the engine did not inline may read any array
      }
    }
    boolean[] read = new boolean[code.memory.size()];
    for (CInsn in : insns) {
      if (in.op == Op.LD && !in.elided && bases[in.index] >= 0) {
        read[bases[in.index]] = true;
      }
    }
    for (CInsn in : insns) {
      int m = bases[in.index];
      if (in.op != Op.ST || m < 0 || read[m] || escaped.contains(m) || in.ir.isVolatile()) {
        continue;
      }
      MemoryVar v = code.memory.get(m);
      if (v.space() == MemSpace.SHARED && !v.isDynamic()) {
        in.elided = true;
      }
    }
  }
}
