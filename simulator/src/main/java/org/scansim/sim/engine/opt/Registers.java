package org.scansim.sim.engine.opt;

import org.scansim.sim.engine.Trace;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;

/**
 * Register packing: the lowering gives every variable and temporary of a kernel (and of every
 * inlined call) a register of its own, over a hundred for Harris's prescan, and each warp holds
 * every register as a {@code long[32]}. Registers whose values are never live at once share one
 * array here, as a register allocator colours an interference graph (Chaitin): Harris's prescan
 * goes from 145 registers to 47, a block's sixteen warps from about 600 KB to 200 KB.
 *
 * <p>Two registers interfere when one is written where the other is live afterwards ({@link
 * Traces#liveness}). That is exact per lane: each lane follows its own path through the
 * control-flow graph and an instruction writes only the lanes it runs for, so a value another
 * lane still needs is never overwritten. A register keeps an array of its own where that
 * reasoning does not hold or where its identity matters elsewhere:
 *
 * <ul>
 *   <li>constants and parameters (written before the entry), and registers live at the entry
 *       (read before written on some path: zero in a new warp, {@link Code#readBeforeWrite});
 *   <li>uniform registers ({@link Uniformity}): written in all 32 lanes at once;
 *   <li>what shuffles and votes read or write (they read other lanes' registers);
 *   <li>registers holding threadIdx.x ({@link Traces#threadIndexX} needs their single writer).
 * </ul>
 *
 * The traces ({@link Traces}) are built before packing and renamed with the instructions: their
 * programs keep some values longer than the instructions do (a computation shared within a trace),
 * so their interference counts too. Packing first would hand those registers to other values and
 * leave the traces' optimiser less to share.
 *
 * <p>Only registers of one type, and alike in whether a loaded value may reach them ({@link
 * Traces#mayBeTainted}, {@link Code#mayCarryShadow}), share: those flow-insensitive analyses give
 * the same answers after packing, so the traces keep every optimisation and the checkers follow
 * the same registers. The program's behaviour, counters and findings are those of the unpacked
 * program.
 */
public final class Registers {
  private Registers() {}

  /** Largest instructions × registers packed: the liveness sets cost that many bits. */
  static final long MAX_WORK = 1L << 26;

  /** The program with packed registers, or {@code code} itself when packing would not shrink it. */
  public static Code pack(Code code) {
    CInsn[] insns = code.insns;
    int n = insns.length;
    int regs = code.regTypes.length;
    if (n == 0 || (long) n * regs > MAX_WORK) {
      return code;
    }
    BitSet[] liveIn = Traces.liveness(code);
    boolean[] own = new boolean[regs];
    for (int r = code.firstConstant; r < regs; r++) {
      own[r] = true;
    }
    for (int p : code.params) {
      own[p] = true;
    }
    for (int r = 0; r < regs; r++) {
      own[r] |= code.uniform[r];
    }
    for (int r = liveIn[0].nextSetBit(0); r >= 0; r = liveIn[0].nextSetBit(r + 1)) {
      own[r] = true;
    }
    for (CInsn in : insns) {
      if (in.op == org.scansim.frontend.ir.Op.SHFL || in.op == org.scansim.frontend.ir.Op.VOTE) {
        if (in.dst >= 0) {
          own[in.dst] = true;
        }
        for (int a : in.args) {
          own[a] = true;
        }
      }
    }
    boolean[] tid = Traces.threadIndexX(code);
    boolean[] taint = Traces.mayBeTainted(code);
    boolean[] shadow = code.mayCarryShadow();
    for (int r = 0; r < regs; r++) {
      own[r] |= tid[r];
    }

    // The trace programs read what the instructions read at their ends; their shared
    // computations may keep a value longer than the instructions do. A trace that would read at its
    // start a register the instructions hold dead there (none is known) keeps that register apart.
    Trace[] traces = code.traces() != null ? code.traces() : Traces.build(code);
    for (int pc = 0; pc < n; pc++) {
      if (traces[pc] != null) {
        BitSet live = traceLive(traces[pc], liveIn, null, own);
        live.andNot(liveIn[pc]);
        for (int r = live.nextSetBit(0); r >= 0; r = live.nextSetBit(r + 1)) {
          own[r] = true;
        }
      }
    }

    // The interference graph over the registers that may share: of the instructions, then of the traces.
    BitSet[] adj = new BitSet[regs];
    for (int r = 0; r < regs; r++) {
      if (!own[r]) {
        adj[r] = new BitSet();
      }
    }
    BitSet out = new BitSet();
    for (CInsn in : insns) {
      if (in.dst < 0 || own[in.dst]) {
        continue;
      }
      out.clear();
      Traces.liveOut(in, liveIn, out);
      interfere(in.dst, out, adj, own);
    }
    for (Trace tr : traces) {
      if (tr != null) {
        traceLive(tr, liveIn, adj, own);
      }
    }

    // Greedy colouring in register order, within each class of alike registers.
    int[] map = new int[regs];
    int next = 0;
    Map<List<Object>, List<BitSet>> classes = new HashMap<>();
    Map<BitSet, Integer> slotIndex = new java.util.IdentityHashMap<>();
    List<IrType> types = new ArrayList<>();
    List<Boolean> uniform = new ArrayList<>();
    for (int r = 0; r < code.firstConstant; r++) {
      if (own[r]) {
        map[r] = next++;
        types.add(code.regTypes[r]);
        uniform.add(code.uniform[r]);
        continue;
      }
      List<BitSet> slots = classes.computeIfAbsent(List.of(code.regTypes[r], taint[r], shadow[r]), k -> new ArrayList<>());
      BitSet slot = null;
      for (BitSet s : slots) {
        if (!s.intersects(adj[r])) {
          slot = s;
          break;
        }
      }
      if (slot == null) {
        slot = new BitSet();
        slots.add(slot);
        slotIndex.put(slot, next++);
        types.add(code.regTypes[r]);
        uniform.add(false);
      }
      slot.set(r);
      map[r] = slotIndex.get(slot);
    }
    int firstConstant = next;
    if (firstConstant == code.firstConstant) {
      return code;
    }
    for (int r = code.firstConstant; r < regs; r++) {
      map[r] = next++;
      types.add(code.regTypes[r]);
      uniform.add(code.uniform[r]);
    }

    CInsn[] packed = new CInsn[n];
    for (int i = 0; i < n; i++) {
      CInsn in = insns[i];
      packed[i] = renamed(in, map);
    }
    int[] params = new int[code.params.length];
    for (int k = 0; k < params.length; k++) {
      params[k] = map[code.params[k]];
    }
    Code c = new Code(code.function, packed, types.toArray(new IrType[0]), firstConstant, code.constants, params, code.memory,
        code.moduleLevel);
    boolean[] u = new boolean[uniform.size()];
    for (int r = 0; r < u.length; r++) {
      u[r] = uniform.get(r);
    }
    c.setUniform(u);
    Trace[] moved = new Trace[n];
    for (int pc = 0; pc < n; pc++) {
      Trace tr = traces[pc];
      if (tr != null) {
        CInsn[] ops = new CInsn[tr.ops.length];
        for (int k = 0; k < ops.length; k++) {
          ops[k] = renamed(tr.ops[k], map);
        }
        moved[pc] = new Trace(ops, tr.pcs, tr.issued, tr.end, tr.backEdges, tr.branch == null ? null : packed[tr.branch.index],
            tr.compare == null ? null : renamed(tr.compare, map), tr.threadX);
      }
    }
    c.setTraces(moved);
    Traces.install(c);
    return c;
  }

  /** {@code in} reading and writing the registers {@code map} gives for its own. */
  private static CInsn renamed(CInsn in, int[] map) {
    int[] args = new int[in.args.length];
    for (int k = 0; k < args.length; k++) {
      args[k] = map[in.args[k]];
    }
    CInsn c = new CInsn(in, in.dst < 0 ? in.dst : map[in.dst], args);
    c.uniformB = in.uniformB; // uniform registers stay uniform
    return c;
  }

  /** Register d, written where the registers of {@code live} are live after, interferes with each of them. */
  private static void interfere(int d, BitSet live, BitSet[] adj, boolean[] own) {
    for (int x = live.nextSetBit(0); x >= 0; x = live.nextSetBit(x + 1)) {
      if (x != d && !own[x]) {
        adj[d].set(x);
        adj[x].set(d);
      }
    }
  }

  /**
   * The registers live at the start of a trace's program, walking it backwards from what its end
   * reads (the successors' live registers, and the branch condition or the compared operands);
   * with {@code adj}, adds the interference of each register it writes.
   */
  private static BitSet traceLive(Trace tr, BitSet[] liveIn, BitSet[] adj, boolean[] own) {
    BitSet live = new BitSet();
    CInsn br = tr.branch;
    if (br == null) {
      live.or(liveIn[tr.end]);
    } else {
      live.or(liveIn[br.target]);
      live.or(liveIn[br.elseTarget]);
      for (int a : (tr.compare == null ? br : tr.compare).args) {
        live.set(a);
      }
    }
    for (int k = tr.ops.length - 1; k >= 0; k--) {
      CInsn in = tr.ops[k];
      if (in.dst >= 0) {
        if (adj != null && !own[in.dst]) {
          interfere(in.dst, live, adj, own);
        }
        live.clear(in.dst);
      }
      for (int a : in.args) {
        live.set(a);
      }
    }
    return live;
  }
}
