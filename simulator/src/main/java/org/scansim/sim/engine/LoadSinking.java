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
 * ({@link Memory}) for the lanes whose comparison ({@link CInsn#sinkCompare}, its operands the
 * load's second and third arguments, unchanged from the load to the comparison) sends them to the
 * side that uses it.
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
    BitSet writtenBeforeCompare = null;
    CInsn branch = null;
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
        case ST, ATOM, BAR, BAR_WARP, FENCE, CALL, LAUNCH, CUDA, PRINTF, ASSERT, SHFL, VOTE, ACTIVEMASK, RET -> {
          return;
        }
        case MOV, ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, NEG, NOT, SETP, CVT, MIN, MAX, ABS, POPC, CLZ, FFS, ADDR,
            PTR_ADD, PTR_DIFF, LD, SREG -> {} // no write to memory, no wait: the load may move past it
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
        writtenBeforeCompare = (BitSet) written.clone();
      }
      if (in.dst >= 0) {
        written.set(in.dst);
      }
      pc++;
    }
    if (branch == null || compare == null || branch.args.length == 0 || branch.args[0] != compare.dst || branch.reconverge < 0
        || compare.args.length != 2) {
      return;
    }
    // The comparison's operands hold at the load what they hold at the comparison, and its result
    // reaches the branch unchanged.
    for (int a : compare.args) {
      if (writtenBeforeCompare.get(a) || values.get(a)) {
        return;
      }
    }
    for (int i = compare.index + 1; i < branch.index; i++) {
      if (insns[i].dst == compare.dst) {
        return;
      }
    }
    if (compare.index < l || branch.index < compare.index) {
      return;
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
    CInsn marked = new CInsn(load, load.dst, new int[] {load.a(), compare.args[0], compare.args[1]});
    marked.sinkCompare = compare;
    marked.sinkNegate = inOther;
    insns[l] = marked;
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
