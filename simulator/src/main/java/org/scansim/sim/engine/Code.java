package org.scansim.sim.engine;

import java.util.List;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;

/**
 * One kernel (or host function) ready to execute: device functions it calls are inlined, every
 * operand is a register index, constants live in registers {@code firstConstant..} with their
 * values in {@link #constants}. {@link #memory} lists the memory variables its ADDR
 * instructions name: its own and inlined callees' locals and shared arrays, then the module's.
 */
public final class Code {
  public final IrFunction function;
  public final CInsn[] insns;
  public final IrType[] regTypes;
  public final int firstConstant;
  public final long[] constants;
  public final int[] params;
  public final List<MemoryVar> memory;
  /** For each memory entry, whether it is a module-level (file-scope) variable. */
  public final boolean[] moduleLevel;
  /** Per register: held once per warp (the optimiser's {@code Uniformity}); none until {@link #setUniform}. */
  public boolean[] uniform;

  public Code(IrFunction function, CInsn[] insns, IrType[] regTypes, int firstConstant, long[] constants, int[] params,
      List<MemoryVar> memory, boolean[] moduleLevel) {
    this.function = function;
    this.insns = insns;
    this.regTypes = regTypes;
    this.firstConstant = firstConstant;
    this.constants = constants;
    this.params = params;
    this.memory = memory;
    this.moduleLevel = moduleLevel;
    this.uniform = new boolean[regTypes.length];
    for (CInsn in : insns) {
      in.decode();
    }
    this.boundary = new boolean[insns.length + 1];
    this.segmentEnd = new int[insns.length];
    findSegments();
  }

  /**
   * Straight-line segments: runs of instructions without control flow (branches, returns,
   * barriers) and without a branch target or reconvergence point inside. A warp entering a
   * segment at pc runs every instruction up to {@code segmentEnd[pc]} with one mask, so the
   * interpreter runs them in one go and counts the segment once ({@link
   * LaunchContext#foldInstructionCounts}). {@code boundary[i]}: instruction i starts a new run
   * (it is control flow, or a leader).
   */
  public final boolean[] boundary;
  /** The end (exclusive) of the segment entered at pc; pc itself for a control-flow instruction. */
  public final int[] segmentEnd;

  public static boolean isControl(CInsn in) {
    return in.op.isControl();
  }

  private void findSegments() {
    int n = insns.length;
    boundary[0] = true;
    boundary[n] = true;
    for (CInsn in : insns) {
      if (isControl(in)) {
        boundary[in.index] = true;
        boundary[in.index + 1] = true;
      }
      for (int t : new int[] {in.target, in.elseTarget, in.reconverge}) {
        if (t >= 0 && (in.op == org.scansim.frontend.ir.Op.BR || in.op == org.scansim.frontend.ir.Op.CBR)) {
          boundary[t] = true;
        }
      }
    }
    int end = n;
    for (int pc = n - 1; pc >= 0; pc--) {
      if (isControl(insns[pc])) {
        segmentEnd[pc] = pc;
        end = pc;
      } else {
        segmentEnd[pc] = end;
        if (boundary[pc]) {
          end = pc;
        }
      }
    }
  }

  /** Marks the uniform registers (one flag per register) and the instructions that write or read them. */
  public void setUniform(boolean[] uniform) {
    this.uniform = uniform;
    for (CInsn in : insns) {
      in.once = in.dst >= 0 && uniform[in.dst];
      in.uniformB = in.rb >= 0 && uniform[in.rb];
    }
    synchronized (this) {
      traces = null;
      keptChains = null;
    }
  }

  private Trace[] traces;
  private java.util.function.Function<Code, Trace[]> traceBuilder;

  /** Sets the traces: those of the program this one was packed from, renamed (the optimiser's {@code Registers}). */
  public synchronized void setTraces(Trace[] traces) {
    this.traces = traces;
    this.keptChains = null;
  }

  private KeptChain[] keptChains;
  private java.util.function.Function<Code, KeptChain[]> chainPlanner;

  /** How {@link #keptChains} are found on first use: the optimiser installs its planner with the traces'. */
  public synchronized void planChainsWith(java.util.function.Function<Code, KeptChain[]> planner) {
    this.chainPlanner = planner;
  }

  /**
   * The kept chains of each trace, by the pc it starts at ({@code engine.opt.BlockInvariance}),
   * found on first use; null when no optimiser installed a planner.
   */
  public synchronized KeptChain[] keptChains() {
    if (keptChains == null && chainPlanner != null) {
      keptChains = chainPlanner.apply(this);
    }
    return keptChains;
  }

  /** How {@link #traces} are built on first use: the optimiser installs its builder ({@code Traces.install}). */
  public synchronized void buildTracesWith(java.util.function.Function<Code, Trace[]> builder) {
    this.traceBuilder = builder;
  }

  /**
   * The traces runs without checkers take, built on first use (synchronized: the block threads of
   * a launch ask for them at once); null when no optimiser installed a builder (then every warp
   * runs instruction by instruction).
   */
  public synchronized Trace[] traces() {
    if (traces == null && traceBuilder != null) {
      traces = traceBuilder.apply(this);
    }
    return traces;
  }

  private boolean[] mayCarryShadow;

  /**
   * The registers that may hold a value the value-tracking checkers follow (a ⊕-graph node, or
   * the origin of an uninitialised value): those a load or an atomic writes, and those any other
   * instruction writes from such a register ({@link #reach}). The others never hold one (their
   * shadows stay zero), so the checkers need not follow the instructions that write them.
   */
  public synchronized boolean[] mayCarryShadow() {
    if (mayCarryShadow == null) {
      mayCarryShadow = reach(i -> i.op == Op.LD || i.op == Op.ATOM, i -> true);
    }
    return mayCarryShadow;
  }

  /**
   * The registers a value can reach, flow-insensitively (a fixed point over the instructions,
   * so loops are followed round): those an instruction {@code source} accepts writes, and those an
   * instruction {@code passes} accepts writes from a reached register.
   */
  public boolean[] reach(java.util.function.Predicate<CInsn> source, java.util.function.Predicate<CInsn> passes) {
    boolean[] reached = new boolean[regTypes.length];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (CInsn i : insns) {
        if (i.dst < 0 || reached[i.dst]) {
          continue;
        }
        boolean r = source.test(i);
        if (!r && passes.test(i)) {
          for (int a : i.args) {
            r |= a >= 0 && a < reached.length && reached[a];
          }
        }
        if (r) {
          reached[i.dst] = true;
          changed = true;
        }
      }
    }
    return reached;
  }

  private int[] readBeforeWrite;

  /**
   * The registers some path from the entry may read before writing them (a "maybe
   * uninitialised" data-flow analysis over the instruction array): the only ones a reused warp
   * must zero. Parameters and constants are written before the entry. Every lane follows some
   * path of the control-flow graph, so a register written on every path to a read is written
   * in every lane that reads it.
   */
  int[] readBeforeWrite() {
    if (readBeforeWrite == null) {
      readBeforeWrite = findReadBeforeWrite();
    }
    return readBeforeWrite;
  }

  private int[] findReadBeforeWrite() {
    int n = insns.length;
    int regs = regTypes.length;
    java.util.BitSet entry = new java.util.BitSet(regs);
    for (int p : params) {
      entry.set(p);
    }
    entry.set(firstConstant, regs);
    // in[pc]: registers written on every path to pc (null: no path seen yet).
    java.util.BitSet[] in = new java.util.BitSet[n + 1];
    in[0] = entry;
    java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>();
    work.add(0);
    while (!work.isEmpty()) {
      int pc = work.poll();
      if (pc >= n) {
        continue;
      }
      CInsn i = insns[pc];
      java.util.BitSet out = (java.util.BitSet) in[pc].clone();
      if (i.dst >= 0) {
        out.set(i.dst);
      }
      for (int s : successors(i)) {
        if (s < 0) {
          continue;
        }
        if (in[s] == null) {
          in[s] = out;
          work.add(s);
        } else {
          java.util.BitSet meet = (java.util.BitSet) in[s].clone();
          meet.and(out);
          if (!meet.equals(in[s])) {
            in[s] = meet;
            work.add(s);
          }
        }
      }
    }
    java.util.BitSet reset = new java.util.BitSet(regs);
    for (int pc = 0; pc < n; pc++) {
      if (in[pc] == null) {
        continue; // unreachable
      }
      for (int a : insns[pc].args) {
        // A shuffle reads other lanes' registers, whose paths (one may have returned early) this does not follow.
        if (!in[pc].get(a) || insns[pc].op == org.scansim.frontend.ir.Op.SHFL) {
          reset.set(a);
        }
      }
    }
    reset.clear(firstConstant, regs); // constants are never written
    return reset.stream().toArray();
  }

  private static int[] successors(CInsn i) {
    return switch (i.op.control()) {
      case JUMP -> new int[] {i.target};
      case BRANCH -> new int[] {i.target, i.elseTarget};
      case RETURN -> new int[0];
      case NONE, BARRIER, WARP_BARRIER -> new int[] {i.index + 1};
    };
  }

  public int registerCount() {
    return regTypes.length;
  }
}
