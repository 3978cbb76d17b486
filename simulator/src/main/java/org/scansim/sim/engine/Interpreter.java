package org.scansim.sim.engine;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;

/**
 * Executes a warp's instructions: each one once for all active lanes (a loop over the set bits
 * of the mask), never a tree walk per thread. Divergent branches push the SIMT stack; a warp runs
 * until it reaches a barrier, finishes, or exhausts the launch's instruction budget.
 */
final class Interpreter {
  private final LaunchContext lx;
  private final BlockExecutor block;
  private final CInsn[] insns;
  private final Memory memory;
  private final int[] bankOut = new int[3];
  private final long[] shuffleScratch = new long[32];
  private final int[] shuffleSource = new int[32];
  private final CheckHooks checker;
  /**
   * Hears each instruction as it issues while it listens ({@link ExecutionObserver#listening}), or
   * null: then no cost but this field's test per path taken.
   */
  private ExecutionObserver observer;
  /** With value-tracking checkers: the registers whose writes they follow ({@link Code#mayCarryShadow}). */
  private final boolean[] followed;

  Interpreter(LaunchContext lx, BlockExecutor block) {
    this.lx = lx;
    this.block = block;
    this.insns = lx.code.insns;
    this.memory = new Memory(lx, block);
    this.checker = lx.checker != null && lx.checker.tracksValues() ? lx.checker : null;
    this.followed = checker != null ? lx.code.mayCarryShadow() : null;
    this.uniform = lx.code.uniform;
    this.segmentEnd = lx.code.segmentEnd;
    this.traces = lx.traces ? lx.code.traces() : null;
    this.observer = lx.observer;
    this.chains = traces != null && KeptChain.on && memory.keepsChecks() ? lx.code.keptChains() : null;
  }

  /**
   * Each trace's kept chains, by its pc, when this executor keeps its shared lane checks for the
   * next block (it runs one block after another) and its warps' paths ({@link Warp#note}); else null.
   */
  private final KeptChain[] chains;

  /** The traces of a run without checkers, or null ({@code engine.opt.Traces}). */
  private final Trace[] traces;

  private final int[] segmentEnd;

  private final boolean[] uniform;

  /** While a block is recorded for replay ({@link BlockRecorder}): told of each instruction before it runs; else null. */
  BlockRecorder recorder;

  /**
   * Runs one instruction of a {@link BlockTape} for the lanes of mask, as {@link #execute} runs it
   * in a block: a method of its own, which the launcher keeps C2 from inlining into the replay loop.
   */
  void replay(Warp w, CInsn in, int mask) {
    execute(w, in, mask);
  }

  /** Instructions the current turn may still run (the resident-block scheduler's time slice). */
  long sliceLeft = Long.MAX_VALUE;

  void run(Warp w) {
    while (w.sp > 0 && sliceLeft > 0) {
      int top = w.sp - 1;
      int mask = w.mask[top];
      int pc = w.pc[top];
      if (mask == 0 || pc == w.rpc[top]) {
        w.sp--; // reached the reconvergence point: the entry below continues with the union
        // The paths meet where the entry below waits, unless it is itself a path still to run to that point (an if without else).
        if (observer != null && mask != 0 && w.sp > 0 && w.pc[w.sp - 1] == pc && w.rpc[w.sp - 1] != pc) {
          observer.reconverge(block.linear(), w.index, w.mask[w.sp - 1]);
        }
        continue;
      }
      if (chains != null) {
        w.note(pc, mask);
      }
      Trace tr = traces == null ? null : traces[pc];
      if (tr != null && lx.budget >= tr.pcs.length && (observer == null || tr.opAt != null)
          && (tr.backEdges == 0 || !lx.independentThreadScheduling || w.sp == 1)) {
        trace(w, top, tr, mask);
        continue;
      }
      int end = segmentEnd[pc];
      if (end > pc && lx.budget >= end - pc) {
        segment(w, top, pc, end, mask);
        continue;
      }
      CInsn in = insns[pc];
      if (in.op == Op.BAR_WARP && (mask & ~w.syncWaiting) == 0) {
        waitAtSyncwarp(w, in, mask); // a path that already arrived: let the one it waits for run
        continue;
      }
      sliceLeft--;
      long before = lx.budget;
      if (--lx.budget < 0) {
        throw Fault.runaway(Fault.Budget.INSTRUCTIONS, in.span, "the launch ran past its instruction budget; warp " + w.index + " of block "
            + block.blockName() + " (threads " + BlockExecutor.threadRange(w, mask) + ") was still running at "
            + in.span.position());
      }
      if ((before >>> 16) != (lx.budget >>> 16)) {
        checkIn(w, in, mask);
      }
      int active = Integer.bitCount(mask);
      lx.siteWarp[pc]++;
      lx.siteThread[pc] += active;
      lx.phaseWarp[w.slot]++;
      lx.phaseThread[w.slot] += active;
      if (observer != null) {
        observer.issue(block.linear(), w.index, in.ir, mask);
      }
      switch (in.op.control()) {
        case JUMP -> {
          if (in.entersLoop != null) {
            w.enterLoops(in.entersLoop, mask);
          }
          w.pc[top] = in.target;
          if (in.target <= pc) {
            backEdge(w);
          }
          continue;
        }
        case BRANCH -> {
          if (in.entersLoop != null) {
            w.enterLoops(in.entersLoop, mask);
          }
          branch(w, top, in, mask);
          if (w.sp == top + 1 && w.pc[top] <= pc) { // a uniform backward branch: a loop's back edge
            backEdge(w);
          }
          continue;
        }
        case RETURN -> {
          w.exit(mask);
          continue;
        }
        case BARRIER -> {
          if ((mask & w.live) != w.live) {
            Fault f = new Fault(Kind.DIVERGENT_BARRIER, in.span, "__syncthreads() reached by only some threads of a warp in block "
                + block.blockName() + ": threads " + BlockExecutor.threadRange(w, mask) + " wait, threads "
                + BlockExecutor.threadRange(w, w.live & ~mask) + " took another path");
            if (lx.checker != null && lx.checker.barrierEvents) {
              lx.checker.divergentBarrier(in.span, f.getMessage());
              f.markReported();
            }
            throw f;
          }
          w.pc[top] = pc + 1;
          w.barrierPc = pc;
          return;
        }
        case WARP_BARRIER -> syncwarp(w, top, in, mask);
        case NONE -> {
          execute(w, in, mask);
          w.pc[top] = pc + 1;
        }
      }
    }
  }

  /**
   * Runs the straight-line segment {@code pc..end-1} for the lanes of {@code mask}: no
   * instruction in it branches, waits or is a reconvergence point, so the mask holds throughout
   * and the segment is counted once. Only entered when the budget covers the whole segment (the
   * instruction-by-instruction path reports where a budget runs out).
   */
  private void segment(Warp w, int top, int pc, int end, int mask) {
    charge(w, pc, end - pc, mask);
    lx.segmentWarp[pc]++;
    lx.segmentThread[pc] += Integer.bitCount(mask);
    CInsn[] code = insns;
    if (observer != null) {
      for (int i = pc; i < end; i++) {
        observer.issue(block.linear(), w.index, code[i].ir, mask);
        execute(w, code[i], mask);
      }
    } else {
      for (int i = pc; i < end; i++) {
        execute(w, code[i], mask);
      }
    }
    w.pc[top] = end;
  }

  /**
   * Runs a trace for the lanes of {@code mask}, counted as the instructions it covers, and the
   * conditional branch that ends it, if any, as the instruction-by-instruction path would. Only
   * entered when the budget covers them all. A trace that follows a loop's back edge is taken
   * under independent thread scheduling only by a warp with one stack entry: no sibling path
   * could take a turn at that back edge ({@link #backEdge}), so only the count of back edges moves.
   */
  private void trace(Warp w, int top, Trace tr, int mask) {
    int pc = tr.pcs[0];
    charge(w, pc, tr.pcs.length, mask);
    if (tr.backEdges > 0 && lx.independentThreadScheduling) {
      w.backEdges += tr.backEdges;
    }
    lx.traceWarp[pc]++;
    lx.traceThread[pc] += Integer.bitCount(mask);
    KeptChain kc = chains == null || !w.samePath || mask != -1 ? null : chains[pc];
    if (kc != null && !allKept(kc, w)) {
      kc = null;
    }
    if (observer != null) {
      // Every instruction the trace covers is issued, in order, each before what its op does in
      // memory: the instructions up to an op that may be heard, one run, then the op.
      CInsn[] ops = tr.ops;
      boolean[] heard = tr.heard;
      int issued = 0;
      for (int i = 0; i < ops.length; i++) {
        if (heard[i]) {
          observer.issueRun(block.linear(), w.index, tr.issued, issued, tr.opAt[i] + 1, mask);
          issued = tr.opAt[i] + 1;
        }
        if (kc != null && skipped(kc, i)) {
          continue;
        }
        execute(w, ops[i], mask);
      }
      if (issued < tr.pcs.length) {
        observer.issueRun(block.linear(), w.index, tr.issued, issued, tr.pcs.length, mask);
      }
    } else if (kc != null) {
      CInsn[] ops = tr.ops;
      for (int i = 0; i < ops.length; i++) {
        if (!skipped(kc, i)) {
          execute(w, ops[i], mask);
        }
      }
    } else {
      for (CInsn in : tr.ops) {
        execute(w, in, mask);
      }
    }
    CInsn br = tr.branch;
    if (br == null) {
      w.pc[top] = tr.end;
      return;
    }
    CInsn cmp = tr.compare;
    int taken;
    if (cmp == null) {
      taken = taken(w, br, mask);
    } else if (cmp.once) {
      long[][] r = w.regs;
      taken = Lanes.compare(cmp.lane, r[cmp.a()][0], r[cmp.b()][0]) ? mask : 0;
    } else if (tr.threadX != 0 && w.rowX >= 0) { // threadIdx.x is rowX + lane
      taken = (tr.threadX == Trace.TID_FIRST ? Lanes.threadXMask(cmp.lane, w.rowX, w.regs[cmp.b()][0])
          : Lanes.threadXMask(Lanes.swapped(cmp.lane), w.rowX, w.regs[cmp.a()][0])) & mask;
    } else {
      taken = Lanes.compareMask(cmp.lane, w.regs[cmp.a()], w.regs[cmp.b()], mask);
    }
    take(w, top, br, mask, taken);
    if (w.sp == top + 1 && w.pc[top] <= tr.end) { // a uniform backward branch: a loop's back edge
      backEdge(w);
    }
  }

  /** The kept instances {@link #allKept} found for the trusted accesses of the trace being taken. */
  private SeenAddresses.Site[] keptSites = new SeenAddresses.Site[4];

  /** Whether every shared access of {@code kc} that takes the block before's lane check has it kept. */
  private boolean allKept(KeptChain kc, Warp w) {
    CInsn[] ops = kc.trustedOps;
    if (ops.length > keptSites.length) {
      keptSites = new SeenAddresses.Site[ops.length];
    }
    for (int j = 0; j < ops.length; j++) {
      SeenAddresses.Site s = memory.keptSite(ops[j], w);
      if (s == null) {
        return false;
      }
      keptSites[j] = s;
    }
    return true;
  }

  /**
   * Whether op i of a trace taken with its kept chains {@code kc} is skipped; a shared access
   * that runs is told to take the block before's lane check when its address was skipped.
   */
  private boolean skipped(KeptChain kc, int i) {
    if (kc.skip[i]) {
      return true;
    }
    int j = kc.trustedAt[i];
    if (j >= 0) {
      memory.takeKeptNext(keptSites[j]);
    }
    return false;
  }

  /**
   * Takes {@code len} instructions entered at pc from the budget and the time slice ({@link
   * #checkIn} at each 65,536), and counts them in the warp's barrier phase.
   */
  private void charge(Warp w, int pc, int len, int mask) {
    long before = lx.budget;
    lx.budget -= len;
    sliceLeft -= len;
    if ((before >>> 16) != (lx.budget >>> 16)) {
      checkIn(w, insns[pc], mask);
    }
    lx.phaseWarp[w.slot] += len;
    lx.phaseThread[w.slot] += (long) len * Integer.bitCount(mask);
  }

  /** Every 65,536 instructions: whether the observer still listens, and the wall clock. */
  private void checkIn(Warp w, CInsn in, int mask) {
    if (observer != null && !observer.listening()) {
      observer = null; // a runaway's timing: nothing more it hears changes what it reports
    }
    if (System.nanoTime() > lx.deadline) {
      throw Fault.pastWallClock(in.span, "; warp " + w.index + " of block "
          + block.blockName() + " (threads " + BlockExecutor.threadRange(w, mask) + ") was still running at "
          + in.span.position());
    }
  }

  /**
   * {@code __syncwarp(mask)} (CUDA C Guide §7.6; PTX {@code bar.warp.sync}): the lanes named in
   * the mask wait until all of them have reached a {@code __syncwarp}; lanes that have exited
   * count as arrived. With independent thread scheduling a diverged path that arrives first
   * waits and its sibling path runs until it arrives too, wherever its own {@code __syncwarp}
   * is. Before Volta the lanes of a warp run in lock step, and every lane in the mask must reach
   * the same {@code __syncwarp} together (the Guide leaves anything else undefined): reported.
   */
  private void syncwarp(Warp w, int top, CInsn in, int mask) {
    int lane = Integer.numberOfTrailingZeros(mask);
    int required = (int) w.value(in.a(), lane) & w.live;
    if (!lx.independentThreadScheduling) {
      if ((required & ~mask) != 0) {
        throw new Fault(Kind.DIVERGENT_BARRIER, in.span, "__syncwarp(0x" + Integer.toHexString(required) + ") in block "
            + block.blockName() + " reached by threads " + BlockExecutor.threadRange(w, mask) + " while threads "
            + BlockExecutor.threadRange(w, required & ~mask) + " named in its mask are on another path (before Volta, "
            + "every thread in the mask must reach the same __syncwarp together)");
      }
      w.pc[top]++;
      w.syncCount++;
      return;
    }
    int arrived = w.syncWaiting | mask;
    if ((required & ~arrived) != 0) {
      w.syncWaiting |= mask;
      waitAtSyncwarp(w, in, mask);
      return;
    }
    // Everyone is here: the paths waiting elsewhere move past their __syncwarp too.
    for (int i = 0; i < w.sp; i++) {
      if (i != top && (w.mask[i] & ~w.syncWaiting) == 0 && w.mask[i] != 0 && insns[w.pc[i]].op == Op.BAR_WARP) {
        w.pc[i]++;
      }
    }
    w.syncWaiting &= ~arrived;
    w.syncCount++;
    w.pc[top]++;
  }

  /** The top path waits at a __syncwarp: its sibling path (the other side of its branch) runs. */
  private void waitAtSyncwarp(Warp w, CInsn in, int mask) {
    int top = w.sp - 1;
    for (int j = top - 1; j >= 0 && w.rpc[j] == w.rpc[top]; j--) {
      boolean waiting = (w.mask[j] & ~w.syncWaiting) == 0 && insns[w.pc[j]].op == Op.BAR_WARP;
      if (w.mask[j] != 0 && !waiting) {
        int p = w.pc[top];
        int m = w.mask[top];
        w.pc[top] = w.pc[j];
        w.mask[top] = w.mask[j];
        w.pc[j] = p;
        w.mask[j] = m;
        return;
      }
    }
    int lane = Integer.numberOfTrailingZeros(mask);
    int required = (int) w.value(in.a(), lane) & w.live;
    throw new Fault(Kind.DIVERGENT_BARRIER, in.span, "__syncwarp(0x" + Integer.toHexString(required) + ") in block "
        + block.blockName() + ": threads " + BlockExecutor.threadRange(w, w.syncWaiting) + " wait there for threads "
        + BlockExecutor.threadRange(w, required & ~w.syncWaiting) + " of their warp, which leave the branch without "
        + "reaching a __syncwarp (every thread named in the mask must reach one)");
  }

  /** Back edges a diverged path may take before its sibling path gets a turn. */
  private static final int TURN = 64;

  /**
   * Independent thread scheduling (Volta and later, CUDA C Guide §7.1 "Independent Thread
   * Scheduling"): the paths of a diverged warp are scheduled independently, so a lane spinning on
   * a value another path of its own warp will write eventually sees it. Modelled by letting the
   * two paths waiting for the same reconvergence point take turns every {@link #TURN} loop back
   * edges. Before Volta the taken path runs until it reconverges, and such a spin never ends
   * (reported as a runaway kernel, where the hardware hangs).
   */
  private void backEdge(Warp w) {
    if (!lx.independentThreadScheduling || ++w.backEdges % TURN != 0) {
      return;
    }
    int top = w.sp - 1;
    if (top >= 1 && w.rpc[top] == w.rpc[top - 1] && w.mask[top - 1] != 0) {
      int p = w.pc[top];
      int m = w.mask[top];
      w.pc[top] = w.pc[top - 1];
      w.mask[top] = w.mask[top - 1];
      w.pc[top - 1] = p;
      w.mask[top - 1] = m;
    }
  }

  private void branch(Warp w, int top, CInsn in, int mask) {
    if (recorder != null) {
      recorder.branch(w, in, mask, uniform[in.a()]);
    }
    take(w, top, in, mask, taken(w, in, mask));
  }

  /** The lanes of mask whose condition of the conditional branch {@code in} holds. */
  private int taken(Warp w, CInsn in, int mask) {
    long[] cond = w.regs[in.a()];
    int taken = 0;
    if (uniform[in.a()]) {
      taken = cond[0] != 0 ? mask : 0;
    } else if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        taken |= (cond[l] != 0 ? 1 : 0) << l;
      }
    } else {
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (cond[l] != 0) {
          taken |= 1 << l;
        }
      }
    }
    return taken;
  }

  /** The conditional branch {@code in}, taken by the lanes {@code taken} of mask: the warp follows or splits. */
  private void take(Warp w, int top, CInsn in, int mask, int taken) {
    if (taken == mask) {
      w.pc[top] = in.target;
    } else if (taken == 0) {
      w.pc[top] = in.elseTarget;
    } else {
      lx.counters.divergentBranches++;
      lx.site(in.index).divergentBranches++;
      lx.phase(w.slot).divergentBranches++;
      if (observer != null) {
        observer.divergentBranch(block.linear(), w.index, in.ir, mask, taken);
      }
      // The current entry waits at the reconvergence point with all lanes; the two paths run
      // above it, the taken one first (GPGPU-Sim's order).
      w.pc[top] = in.reconverge;
      if (in.reconverge < 0) {
        w.sp--; // no reconvergence before exit: the paths finish separately
      }
      w.push(in.elseTarget, in.reconverge, mask & ~taken);
      w.push(in.target, in.reconverge, taken);
    }
  }

  /**
   * An instruction writing a uniform register: computed once, as lane 0, on its operands' single
   * values, then written to every lane. It still counts as one warp instruction of all the
   * active lanes.
   */
  private void once(Warp w, CInsn in, int mask) {
    if (in.lane != Lanes.GENERIC) {
      long[][] r = w.regs;
      int[] t = w.taint;
      int ra = in.ra;
      int rb = in.rb;
      long v = Lanes.scalar(in.lane, in, r[ra][0], rb >= 0 ? r[rb][0] : 0);
      long[] d = r[in.dst];
      for (int l = 0; l < 32; l++) {
        d[l] = v;
      }
      int tainted = t[ra] | (rb >= 0 ? t[rb] : 0);
      if (in.taintRule == CInsn.TAINT_CLEAR) {
        t[in.dst] = 0;
      } else {
        t[in.dst] = tainted == 0 ? 0 : -1;
        if (tainted != 0 && in.work) {
          work(w, in, mask);
        }
      }
      return;
    }
    laneZero(w, in, mask); // the instructions without a lane loop, on lane 0
    long[] d = w.regs[in.dst];
    java.util.Arrays.fill(d, 1, 32, d[0]);
  }

  private void laneZero(Warp w, CInsn in, int mask) {
    long[][] r = w.regs;
    int[] t = w.taint;
    long[] d = r[in.dst];
    int tainted = 0;
    for (int a : in.args) {
      tainted |= t[a];
    }
    t[in.dst] = tainted == 0 ? 0 : -1;
    switch (in.op) {
      case ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, MIN, MAX -> {
        Alu.binary(in, d, r[in.a()], r[in.b()], 1);
        if (tainted != 0 && in.work) {
          work(w, in, mask);
        }
      }
      case NEG, NOT, ABS, POPC, CLZ, FFS -> Alu.unary(in, d, r[in.a()], 1);
      case SETP -> {
        Alu.compare(in, d, r[in.a()], r[in.b()], 1);
        t[in.dst] = 0;
      }
      case CVT -> Alu.convert(in, d, r[in.a()], 1);
      case SREG -> Special.read(in, d, 1, w, lx, block.blockIdx());
      case ADDR -> d[0] = memory.address(in, w);
      case PTR_DIFF -> d[0] = (Ptr.offset(r[in.a()][0]) - Ptr.offset(r[in.b()][0])) / in.ir.imm();
      // other ops: no uniform result
      default -> throw new Fault(Kind.INTERNAL, in.span, "instruction " + in.op + " cannot write a uniform register");
    }
    if (in.op == Op.SREG || in.op == Op.ADDR || in.op == Op.PTR_DIFF) {
      t[in.dst] = 0;
    }
  }

  /** The scan operator applied once in each lane of {@code lanes}. */
  private void work(Warp w, CInsn in, int lanes) {
    int n = Integer.bitCount(lanes);
    lx.counters.work += n;
    lx.site(in.index).work += n;
    lx.phase(w.slot).work += n;
    for (int m = lanes; m != 0; m &= m - 1) {
      w.laneWork[Integer.numberOfTrailingZeros(m)]++;
    }
  }

  private void execute(Warp w, CInsn in, int mask) {
    if (recorder != null) {
      recorder.before(w, in, mask);
    }
    if (in.once) {
      once(w, in, mask);
    } else if (in.lane != Lanes.GENERIC && checker == null) {
      lanes(w, in, mask);
    } else {
      general(w, in, mask);
    }
  }

  /** An instruction with a specialised lane loop, without value-tracking checkers: the loop and the taint. */
  private void lanes(Warp w, CInsn in, int mask) {
    long[][] r = w.regs;
    int dst = in.dst;
    int ra = in.ra;
    int rb = in.rb;
    Lanes.run(in.lane, in, r[dst], ra >= 0 ? r[ra] : r[dst], rb >= 0 ? r[rb] : null, mask, w);
    int[] t = w.taint;
    switch (in.taintRule) {
      case CInsn.TAINT_CLEAR -> t[dst] &= ~mask;
      case CInsn.TAINT_COPY -> t[dst] = (t[dst] & ~mask) | (t[ra] & mask);
      default -> {
        int tainted = (t[ra] | t[rb]) & mask;
        t[dst] = (t[dst] & ~mask) | tainted;
        if (tainted != 0 && in.work) {
          work(w, in, tainted);
        }
      }
    }
  }

  private void general(Warp w, CInsn in, int mask) {
    try {
      generalLanes(w, in, mask);
    } catch (Fault f) {
      if (f.span() == null && f.kind() == Kind.BUDGET) {
        // The scan proof's graph filled up here: a loop that keeps applying ⊕, placed as the
        // instruction budget would place it.
        throw Fault.runaway(Fault.Budget.PROOF_NODES, in.span, f.getMessage() + "; warp " + w.index + " of block " + block.blockName() + " (threads "
            + BlockExecutor.threadRange(w, mask) + ") was applying ⊕ at " + in.span.position() + ": does every loop end? (a kernel that applies ⊕ more than 16 times an element"
            + " is proved only at a smaller n)");
      }
      throw f;
    }
  }

  private void generalLanes(Warp w, CInsn in, int mask) {
    long[][] r = w.regs;
    int[] t = w.taint;
    if (checker != null && in.op != Op.LD && in.op != Op.ST && in.op != Op.ATOM && in.op != Op.SHFL && in.dst >= 0
        && followed[in.dst]) {
      checker.alu(in, w, mask);
    }
    if (in.lane != Lanes.GENERIC) {
      lanes(w, in, mask);
      return;
    }
    switch (in.op) {
      case MOV -> {
        long[] d = r[in.dst];
        long[] a = w.regs[in.a()];
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          d[l] = a[l];
        }
        t[in.dst] = (t[in.dst] & ~mask) | (t[in.a()] & mask);
      }
      case ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, MIN, MAX -> {
        Alu.binary(in, r[in.dst], w.regs[in.a()], w.regs[in.b()], mask);
        int tainted = (t[in.a()] | t[in.b()]) & mask;
        t[in.dst] = (t[in.dst] & ~mask) | tainted;
        if (tainted != 0 && in.work) {
          work(w, in, tainted);
        }
      }
      case NEG, NOT, ABS, POPC, CLZ, FFS -> {
        Alu.unary(in, r[in.dst], w.regs[in.a()], mask);
        t[in.dst] = (t[in.dst] & ~mask) | (t[in.a()] & mask);
      }
      case SETP -> {
        Alu.compare(in, r[in.dst], w.regs[in.a()], w.regs[in.b()], mask);
        t[in.dst] &= ~mask;
      }
      case CVT -> {
        Alu.convert(in, r[in.dst], w.regs[in.a()], mask);
        t[in.dst] = (t[in.dst] & ~mask) | (t[in.a()] & mask);
      }
      case SREG -> {
        Special.read(in, r[in.dst], mask, w, lx, block.blockIdx());
        t[in.dst] &= ~mask;
      }
      case ADDR -> {
        long p = memory.address(in, w);
        long[] d = r[in.dst];
        boolean local = in.ir.space() == MemSpace.LOCAL;
        if (!local && mask == -1) {
          java.util.Arrays.fill(d, p); // a shared or global array: the same pointer in every lane
        } else {
          for (int m = mask; m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            d[l] = local ? Ptr.make(Ptr.LOCAL, (in.memory << 10) | (w.firstThread + l), 0) : p;
          }
        }
        t[in.dst] &= ~mask;
      }
      case PTR_ADD -> {
        long[] d = r[in.dst];
        long[] a = w.regs[in.a()];
        long[] b = w.regs[in.b()];
        long scale = in.ir.imm();
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          d[l] = Ptr.add(a[l], b[l] * scale);
        }
        t[in.dst] &= ~mask;
      }
      case PTR_DIFF -> {
        long[] d = r[in.dst];
        long[] a = w.regs[in.a()];
        long[] b = w.regs[in.b()];
        long scale = in.ir.imm();
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          d[l] = (Ptr.offset(a[l]) - Ptr.offset(b[l])) / scale;
        }
        t[in.dst] &= ~mask;
      }
      case LD -> memory.load(in, w, mask, bankOut);
      case ST -> memory.store(in, w, mask, bankOut);
      case ATOM -> memory.atomic(in, w, mask);
      case SHFL -> Warps.shuffle(in, w, mask, shuffleScratch, checker, shuffleSource);
      case VOTE -> Warps.vote(in, w, mask);
      case ACTIVEMASK -> {
        long[] d = r[in.dst];
        for (int m = mask; m != 0; m &= m - 1) {
          d[Integer.numberOfTrailingZeros(m)] = mask & 0xFFFF_FFFFL;
        }
        t[in.dst] &= ~mask;
      }
      case FENCE -> {
        // Memory is sequentially consistent here: a fence orders nothing further.
      }
      case PRINTF -> Printf.warp(in, w, mask, block, lx);
      case ASSERT -> {
        long[] p = w.regs[in.a()];
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          if (p[l] == 0) {
            throw new Fault(Kind.ASSERT, in.span, "assertion '" + in.ir.text() + "' failed in block " + block.blockName()
                + ", thread " + block.threadName(w, l));
          }
        }
      }
      case BAR, BAR_WARP, CALL, LAUNCH, CUDA, BR, CBR, RET ->
          throw new Fault(Kind.INTERNAL, in.span, "instruction " + in.op + " cannot run in device code");
    }
  }
}
