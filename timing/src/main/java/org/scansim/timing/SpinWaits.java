package org.scansim.timing;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;

/**
 * The reads of a spin-wait: a load or atomic inside a loop whose value decides whether the loop
 * goes on ({@code while (atomicAdd(&flags[bid], 0) == 0) {}}, {@code do f = flags[j]; while (f ==
 * NOT_READY);}). Such a read returns what another block wrote only once that block wrote it, so
 * {@link BlockSync} makes it wait for the write; a read whose value only feeds arithmetic (a
 * predecessor's sum read after its flag) does not wait.
 */
final class SpinWaits {
  private final Set<Insn> reads = Collections.newSetFromMap(new IdentityHashMap<>());

  SpinWaits(IrModule module) {
    for (IrFunction f : DeviceCode.of(module)) {
      function(f);
    }
  }

  boolean spins(Insn in) {
    return reads.contains(in);
  }

  /** Whether the module has a spin-wait at all (without one, no block waits for another). */
  boolean any() {
    return !reads.isEmpty();
  }

  private void function(IrFunction f) {
    List<Block> bs = f.blocks();
    Map<Block, Integer> at = new IdentityHashMap<>();
    for (int i = 0; i < bs.size(); i++) {
      at.put(bs.get(i), i);
    }
    for (int i = 0; i < bs.size(); i++) {
      Insn back = bs.get(i).terminator();
      if (back == null || back.target() == null || !at.containsKey(back.target()) || at.get(back.target()) > i) {
        continue;
      }
      int from = at.get(back.target());
      // The loop's exit tests: a conditional back edge (do-while), and each branch in it that leaves it.
      Set<Integer> wanted = new HashSet<>();
      for (int j = from; j <= i; j++) {
        Insn t = bs.get(j).terminator();
        if (t != null && t.op() == Op.CBR && t.args().size() > 0 && t.arg(0) instanceof Reg r && leaves(t, at, from, i)) {
          wanted.add(r.id());
        }
      }
      Map<Integer, List<Insn>> defs = new HashMap<>();
      for (int j = from; j <= i; j++) {
        for (Insn in : bs.get(j).insns()) {
          if (in.dst() != null && in.op() != Op.ST) {
            defs.computeIfAbsent(in.dst().id(), k -> new java.util.ArrayList<>()).add(in);
          }
        }
      }
      // Backwards through the loop's definitions from the exit tests.
      java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>(wanted);
      while (!work.isEmpty()) {
        for (Insn d : defs.getOrDefault(work.pop(), List.of())) {
          if (d.op() == Op.LD || d.op() == Op.ATOM) {
            reads.add(d);
            continue;
          }
          for (Operand a : d.args()) {
            if (a instanceof Reg r && wanted.add(r.id())) {
              work.push(r.id());
            }
          }
        }
      }
    }
  }

  /** Whether branch {@code t} can leave the loop of blocks {@code from} to {@code to}. */
  private static boolean leaves(Insn t, Map<Block, Integer> at, int from, int to) {
    for (Block target : new Block[] {t.target(), t.elseTarget()}) {
      if (target != null && at.containsKey(target) && (at.get(target) < from || at.get(target) > to)) {
        return true;
      }
    }
    return false;
  }
}
