package org.scansim.sim.engine;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import org.scansim.frontend.ir.Op;

/**
 * Loads nvcc sinks into the one branch that uses them: a load whose value (and the copies made of
 * it) nothing reads before the next conditional branch, and nothing reads outside one side of that
 * branch, is issued on that side only, by the lanes that take it (the block scan's {@code return
 * temp[t]} read only by {@code if (i < n) out[i] = v}: hardware/measurements/sass/classes_scan_kernel.sass).
 * The load still runs where it stands, for every lane, and meets the checkers there; it is counted
 * ({@link Memory}) for the lanes whose comparison ({@link CInsn#sinkCompare}) sends them to the side
 * that uses it, the comparison's operands computed at the load ({@link Chain}: registers unchanged
 * since, carried as the load's further arguments, and pure instructions on the way such as a
 * thread index's read and conversion).
 *
 * <p>Only what is plain to see: the load and the branch in straight-line code (unconditional
 * branches to a block of one predecessor followed), nothing between them that writes memory, waits
 * or calls, and the comparison between them. Not sunk: loads that another model already counts
 * its own way (merged, forwarded, before a loop, a vtable's).
 */
final class LoadSinking {
  private LoadSinking() {}

  /** How far after a load its branch is looked for. */
  static final int REACH = 64;

  static void apply(Code code) {
    CInsn[] insns = code.insns;
    if (insns.length == 0 || insns.length >= RedundantLoads.DEFINED) {
      return;
    }
    Blocks blocks = new Blocks(insns);
    int[] blockOf = new int[insns.length];
    for (int b = 0; b < blocks.starts.length; b++) {
      for (int i = blocks.starts[b]; i < blocks.end(b); i++) {
        blockOf[i] = b;
      }
    }
    for (int l = 0; l < insns.length; l++) {
      CInsn load = insns[l];
      if (load.op == Op.LD && load.dst >= 0 && load.args.length == 1 && !load.elided && load.countedWith < 0 && load.armPartner < 0
          && load.forward == null && load.loopSlot < 0 && !load.vtable && !load.ir.isVolatile()) {
        sink(code, blocks, blockOf, l);
      }
    }
  }

  private static void sink(Code code, Blocks blocks, int[] blockOf, int l) {
    CInsn[] insns = code.insns;
    CInsn load = insns[l];
    BitSet values = new BitSet();
    values.set(load.dst);
    BitSet written = new BitSet(); // what the instructions from the load on write, up to the comparison
    written.set(load.dst);
    BitSet copies = new BitSet(); // the instructions on the way that copy the value
    int pc = l + 1;
    CInsn compare = null;
    CInsn branch = null;
    java.util.List<CInsn> walked = new java.util.ArrayList<>();
    java.util.List<BitSet> writtenBefore = new java.util.ArrayList<>(); // per walked instruction: what was written from the load to it
    for (int steps = 0; steps < REACH && pc < insns.length; steps++) {
      CInsn in = insns[pc];
      if (pc != l + 1 && blocks.starts[blockOf[pc]] == pc && blocks.preds.get(blockOf[pc]).size() != 1) {
        return; // another path joins: the value may come from elsewhere
      }
      switch (in.op) {
        case BR -> {
          if (in.target <= pc || blocks.preds.get(blockOf[in.target]).size() != 1) {
            return;
          }
          pc = in.target;
          continue;
        }
        case CBR -> branch = in;
        // other ops: arithmetic and loads write no memory and wait for nothing, so the load may move
        // past them; a store, an atomic, a barrier, a fence, a call, a warp exchange, a return (or
        // any op not named) stops it
        default -> {
          if (!in.op.computes() && in.op.access() != Op.Access.READ) {
            return;
          }
        }
      }
      if (branch != null) {
        break;
      }
      boolean reads = false;
      for (int a : in.args) {
        reads |= values.get(a);
      }
      if (reads) {
        if (in.op != Op.MOV) {
          return; // used before the branch
        }
        values.set(in.dst);
        copies.set(pc);
      } else if (in.dst >= 0 && values.get(in.dst)) {
        return; // one of its copies overwritten
      }
      if (in.op == Op.SETP && in.dst >= 0) {
        compare = in;
      }
      walked.add(in);
      writtenBefore.add((BitSet) written.clone());
      if (in.dst >= 0) {
        written.set(in.dst);
      }
      pc++;
    }
    if (branch == null || compare == null || branch.args.length == 0 || branch.args[0] != compare.dst || branch.reconverge < 0
        || compare.args.length != 2) {
      return;
    }
    // The comparison's operands: registers that hold at the load what they hold at the comparison,
    // or computed on the way from such registers by pure instructions, evaluated again at the load.
    Chain chain = new Chain(walked, writtenBefore, values);
    int[] compareSources = new int[2];
    for (int k = 0; k < 2; k++) {
      compareSources[k] = chain.source(compare.args[k], walked.indexOf(compare));
      if (compareSources[k] == Chain.NONE) {
        return;
      }
    }
    for (int i = walked.indexOf(compare) + 1; i < walked.size(); i++) {
      if (walked.get(i).dst == compare.dst) {
        return; // the branch tests another value
      }
    }
    BitSet taken = region(blocks, blockOf, branch.target, branch.reconverge);
    BitSet other = region(blocks, blockOf, branch.elseTarget, branch.reconverge);
    if (taken == null || other == null) {
      return;
    }
    boolean inTaken = false;
    boolean inOther = false;
    for (int i = 0; i < insns.length; i++) {
      CInsn in = insns[i];
      boolean reads = false;
      for (int a : in.args) {
        reads |= values.get(a);
      }
      if (!reads || copies.get(i)) {
        continue; // the copies on the way
      }
      if (i <= branch.index) {
        return;
      }
      int b = blockOf[i];
      if (taken.get(b) && !other.get(b)) {
        inTaken = true;
      } else if (other.get(b) && !taken.get(b)) {
        inOther = true;
      } else {
        return; // after the branch's paths meet, or on both
      }
    }
    if (inTaken == inOther) {
      return; // read on both sides, or nowhere (a dead load is another model's)
    }
    int[] args = new int[1 + chain.inputs.size()];
    args[0] = load.a();
    for (int k = 0; k < chain.inputs.size(); k++) {
      args[1 + k] = chain.inputs.get(k);
    }
    CInsn marked = new CInsn(load, load.dst, args);
    marked.sinkCompare = compare;
    marked.sinkCompareSources = compareSources;
    marked.sinkChain = chain.steps.toArray(new CInsn[0]);
    marked.sinkChainSources = chain.sources.toArray(new int[0][]);
    marked.sinkNegate = inOther;
    insns[l] = marked;
  }

  /**
   * The values a sunk load's comparison reads, as the load can compute them: a source is the
   * load's argument {@code 1 + k} (a register unchanged from the load on: {@link #inputs}), or the
   * result of step {@code -1 - s} of {@link #steps} (a pure instruction on the way, run again at the
   * load on such sources: a thread index, its conversion, arithmetic on them).
   */
  static final class Chain {
    static final int NONE = Integer.MIN_VALUE;
    /** The most steps a chain takes. */
    static final int MAX_STEPS = 8;
    final java.util.List<Integer> inputs = new java.util.ArrayList<>();
    final java.util.List<CInsn> steps = new java.util.ArrayList<>();
    final java.util.List<int[]> sources = new java.util.ArrayList<>();
    private final java.util.List<CInsn> walked;
    private final java.util.List<BitSet> writtenBefore;
    private final BitSet values;
    private final java.util.Map<Integer, Integer> stepOf = new java.util.HashMap<>(); // walked position -> step

    Chain(java.util.List<CInsn> walked, java.util.List<BitSet> writtenBefore, BitSet values) {
      this.walked = walked;
      this.writtenBefore = writtenBefore;
      this.values = values;
    }

    /** The source of register {@code r} as the instruction at walked position {@code at} reads it, or {@link #NONE}. */
    int source(int r, int at) {
      if (values.get(r)) {
        return NONE; // the loaded value itself
      }
      if (!writtenBefore.get(at).get(r)) {
        int k = inputs.indexOf(r);
        if (k < 0) {
          inputs.add(r);
          k = inputs.size() - 1;
        }
        return k; // unchanged from the load to here
      }
      int def = -1;
      for (int i = at - 1; i >= 0; i--) {
        if (walked.get(i).dst == r) {
          def = i;
          break;
        }
      }
      if (def < 0) {
        return NONE;
      }
      Integer known = stepOf.get(def);
      if (known != null) {
        return -1 - known;
      }
      CInsn d = walked.get(def);
      boolean pure = switch (d.op) {
        case SREG, CVT, MOV, ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, MIN, MAX, NEG, NOT, ABS -> true;
        // other ops: not a step a sunk load can recompute
        default -> false;
      };
      int arity = d.op == Op.SREG ? 0 : d.op == Op.CVT || d.op == Op.MOV || d.op == Op.NEG || d.op == Op.NOT || d.op == Op.ABS ? 1 : 2;
      if (!pure || d.args.length != arity || steps.size() >= MAX_STEPS) {
        return NONE;
      }
      int[] from = new int[arity];
      for (int k = 0; k < arity; k++) {
        from[k] = source(d.args[k], def);
        if (from[k] == NONE) {
          return NONE;
        }
      }
      steps.add(d);
      sources.add(from);
      stepOf.put(def, steps.size() - 1);
      return -1 - (steps.size() - 1);
    }
  }

  /** The blocks reachable from instruction {@code from}'s block without passing {@code join}'s; null when they lead back before it. */
  private static BitSet region(Blocks blocks, int[] blockOf, int from, int join) {
    BitSet seen = new BitSet();
    if (from < 0 || join < 0) {
      return null;
    }
    int stop = blockOf[join];
    Deque<Integer> work = new ArrayDeque<>();
    if (blockOf[from] != stop) {
      work.push(blockOf[from]);
    }
    while (!work.isEmpty()) {
      int b = work.pop();
      if (seen.get(b)) {
        continue;
      }
      seen.set(b);
      for (int s : blocks.succs.get(b)) {
        if (s < blockOf[from] && s != stop) {
          return null; // back out of the side before it begins: a loop around the branch, left alone
        }
        if (s != stop) {
          work.push(s); // loops inside the side (a spin-wait) stay inside it
        }
      }
    }
    return seen;
  }
}
