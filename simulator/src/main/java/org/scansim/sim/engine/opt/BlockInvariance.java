package org.scansim.sim.engine.opt;

import java.util.BitSet;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.KeptChain;
import org.scansim.sim.engine.Trace;

/**
 * The work a block repeats from the block before it: which registers hold the same value in
 * every block of a launch at each instruction, and in each trace the arithmetic that only
 * computes shared addresses from them.
 *
 * <p>A register is <em>block-invariant</em> at an instruction when, on every path to it, its
 * value was computed by pure arithmetic from the kernel's parameters, constants and the thread's
 * own coordinates (threadIdx, blockDim, gridDim, the lane): never from blockIdx, memory, another
 * lane or the runtime. This is a forward analysis over the control-flow graph, each lane
 * following its own path; registers that the packer gives to several values are told apart by
 * where they are read. A warp that takes, in one block, the same path as in the block before it
 * on the same executor (the same instruction and lanes at each step: {@code Warp#samePath})
 * therefore holds the same value in each of these registers at each step as it did there.
 *
 * <p>A trace's <em>kept chains</em> ({@link KeptChain}) are its block-invariant computations whose
 * results nothing reads but the address of a full warp's shared access, and nothing after the
 * trace: the access's lane check as the block before found it ({@code SeenAddresses}) stands in
 * for the pointers, so a warp on the same path skips the chain. Everything else runs as before.
 */
public final class BlockInvariance {
  private BlockInvariance() {}

  /** Whether {@code in} computes a block-invariant value from block-invariant operands. */
  static boolean keepsInvariance(CInsn in) {
    if (in.op == Op.SREG) {
      SpecialReg s = in.ir.sreg();
      return s != SpecialReg.CTAID_X && s != SpecialReg.CTAID_Y && s != SpecialReg.CTAID_Z;
    }
    return in.op.pure();
  }

  /** The registers that may differ from block to block on entry to each instruction. */
  static BitSet[] variantIn(Code code) {
    CInsn[] insns = code.insns;
    int n = insns.length;
    BitSet[] in = new BitSet[n + 1];
    for (int i = 0; i <= n; i++) {
      in[i] = new BitSet();
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int pc = 0; pc < n; pc++) {
        CInsn i = insns[pc];
        BitSet out = in[pc];
        if (i.dst >= 0) {
          boolean variant = variantResult(i, out);
          if (variant != out.get(i.dst)) {
            out = (BitSet) out.clone();
            out.set(i.dst, variant);
          }
        }
        switch (i.op.control()) {
          case JUMP -> changed |= join(in[i.target], out);
          case BRANCH -> {
            changed |= join(in[i.target], out);
            changed |= join(in[i.elseTarget], out);
          }
          case RETURN -> {}
          case NONE, BARRIER, WARP_BARRIER -> changed |= join(in[pc + 1], out);
        }
      }
    }
    return in;
  }

  private static boolean variantResult(CInsn i, BitSet variant) {
    if (!keepsInvariance(i)) {
      return true;
    }
    for (int a : i.args) {
      if (variant.get(a)) {
        return true;
      }
    }
    return false;
  }

  private static boolean join(BitSet into, BitSet from) {
    int before = into.cardinality();
    into.or(from);
    return into.cardinality() != before;
  }

  /** Each trace's kept chains, by the pc it starts at; null where a trace has none. */
  public static KeptChain[] plans(Code code) {
    Trace[] traces = code.traces();
    int n = code.insns.length;
    KeptChain[] plans = new KeptChain[n];
    if (traces == null) {
      return plans;
    }
    BitSet[] variant = variantIn(code);
    BitSet[] live = Traces.liveness(code);
    for (int pc = 0; pc < n; pc++) {
      Trace tr = traces[pc];
      if (tr != null) {
        plans[pc] = plan(tr, variant[tr.pcs[0]], live[tr.end], code.insns, variant);
      }
    }
    return plans;
  }

  /**
   * The kept chains of one trace: its ops whose block-invariant results only feed other such ops
   * or the address of a shared access (which then takes the kept lane check), and are dead after
   * the trace; null when there is none.
   */
  static KeptChain plan(Trace tr, BitSet variantAtEntry, BitSet liveAtEnd, CInsn[] insns, BitSet[] variantIn) {
    CInsn[] ops = tr.ops;
    int n = ops.length;
    BitSet variant = (BitSet) variantAtEntry.clone();
    boolean[] invariantResult = new boolean[n];
    boolean[] invariantAddress = new boolean[n];
    for (int i = 0; i < n; i++) {
      CInsn in = ops[i];
      // Invariant here and at the instruction itself, whichever path reaches it: then every run
      // of the access on a repeated path has the block before's pointers, so its kept instances
      // line up with that block's (a pointer that may change space from block to block never is).
      CInsn at = insns[in.index];
      invariantAddress[i] = sharedAccess(in) && !variant.get(in.a()) && !variantIn[in.index].get(at.a());
      if (in.dst >= 0) {
        boolean v = variantResult(in, variant);
        invariantResult[i] = !v;
        variant.set(in.dst, v);
      }
    }
    BitSet needed = (BitSet) liveAtEnd.clone();
    if (tr.compare != null) {
      for (int a : tr.compare.args) {
        needed.set(a);
      }
    }
    boolean[] skip = new boolean[n];
    boolean[] trusted = new boolean[n];
    boolean any = false;
    for (int i = n - 1; i >= 0; i--) {
      CInsn in = ops[i];
      if (in.dst >= 0 && invariantResult[i] && !needed.get(in.dst)) {
        skip[i] = true;
        any = true;
        continue;
      }
      if (in.dst >= 0) {
        needed.clear(in.dst);
      }
      for (int k = 0; k < in.args.length; k++) {
        if (k == 0 && invariantAddress[i]) {
          trusted[i] = true;
        } else {
          needed.set(in.args[k]);
        }
      }
    }
    if (!any) {
      return null;
    }
    // A shared access whose address is still computed (or comes from before the trace) checks
    // its lanes as before.
    for (int i = 0; i < n; i++) {
      trusted[i] = trusted[i] && addressSkipped(ops, skip, i);
    }
    return new KeptChain(ops, skip, trusted);
  }

  /** Whether op i's address register is last written before it, in the trace, by a skipped op. */
  private static boolean addressSkipped(CInsn[] ops, boolean[] skip, int i) {
    int r = ops[i].a();
    for (int j = i - 1; j >= 0; j--) {
      if (ops[j].dst == r) {
        return skip[j];
      }
    }
    return false;
  }

  /** A shared load or store whose lanes the executor may keep ({@code SeenAddresses}: full warps' shared accesses). */
  private static boolean sharedAccess(CInsn in) {
    return (in.op == Op.LD || in.op == Op.ST) && in.space == MemSpace.SHARED && !in.vtable;
  }
}
