package org.scansim.sim.engine;

import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;

/**
 * An IR instruction compiled for execution: operands are register indices (immediates become
 * constant registers), branch targets are instruction indices, memory symbols are indices into
 * the program's memory table. Mutable only while the {@link Compiler} patches targets.
 */
public final class CInsn {
  public final Op op;
  public final IrType type;
  /** The type of the first operand (what CVT converts from, what SETP compares). */
  public final IrType srcType;
  public final int dst;
  public final int[] args;
  public final Insn ir;
  public final Span span;
  /** Index of this instruction in the program (a "site" for counters). */
  public final int index;
  public int target = -1;
  public int elseTarget = -1;
  /** Reconvergence pc of a CBR, or -1 for the function's exit. */
  public int reconverge = -1;
  /** ADDR: index into {@link Code#memory}. */
  public int memory = -1;
  /** Bytes per lane this access is counted as (8 for a pair merged by {@link AccessMerging}). */
  public int widthBytes;
  /** The first access of a vector the IR marks ({@code ld.v4}): counted as {@link #widthBytes}, which its address must be aligned to. */
  public boolean vector;
  /** For the second access of a merged pair: the index of the first, which counts both; else -1. */
  public int countedWith = -1;
  /** An access nvcc issues once for both arms of an if/else ({@link ArmMerging}): the other arm's access, else -1. */
  public int armPartner = -1;
  /** With {@link #armPartner}: the first instruction of the other arm. */
  public int armOther = -1;
  /**
   * A load nvcc mostly replaces by the value the loop's previous iteration stored ({@link
   * StoreForwarding}); it reads the loop's exit test operands as its second and third arguments.
   */
  public StoreForwarding.Loop forward;
  /**
   * An access nvcc does not issue: a load served from a register that holds its value ({@link
   * RedundantLoads}), a store no load reads ({@link DeadStores}). It runs, counted nowhere.
   */
  public boolean elided;
  /**
   * A load nvcc issues once before a loop ({@link RedundantLoads}: load PRE, LICM): counted on a
   * thread's first run of it since it entered the loop, whose slot in {@link Warp#loopLoads} this is; else -1.
   */
  public int loopSlot = -1;
  /**
   * Where a load or store goes as nvcc's model sees it ({@link RedundantLoads}): the IR's space, or
   * for a generic access the space of its array or of a kernel's pointer parameter; null when not
   * known (and before the model runs).
   */
  public org.scansim.frontend.ir.MemSpace space;
  /**
   * A virtual call's read of its object's class: the card loads the function's address from the
   * class's vtable in global memory instead, which {@link Memory} counts (one 8-byte global load,
   * a sector for each class among the lanes).
   */
  public boolean vtable;
  /**
   * A load nvcc sinks into one side of the branch after it ({@link LoadSinking}): the comparison
   * that decides the branch; else null. Its operands' sources ({@link LoadSinking.Chain}: the
   * load's argument 1 + k, or step -1 - s of {@link #sinkChain}).
   */
  public CInsn sinkCompare;
  public int[] sinkCompareSources;
  /** The pure instructions that compute the comparison's operands, in order, and each one's sources. */
  public CInsn[] sinkChain;
  public int[][] sinkChainSources;
  /** The load's side is the branch's else side: counted for the lanes whose comparison is false. */
  public boolean sinkNegate;
  /** A branch into such a loop from outside: the slots of the loops it enters, whose lanes start anew; else null. */
  public int[] entersLoop;
  /** Writes a uniform register: runs once for the warp, on its operands' single values. */
  public boolean once;
  /** The specialised lane loop that runs this instruction ({@link Lanes#decode}), or {@link Lanes#GENERIC}. */
  public int lane;
  /**
   * The first and second operand registers, or -1, as {@link #decode} found them in {@link #args}
   * (read on every execution: kept out of the array).
   */
  public int ra = -1;
  int rb = -1;
  /** The second operand is a uniform register ({@link Code#setUniform}): one value for every lane. */
  public boolean uniformB;
  /** How the result's taint follows from the operands' ({@link #TAINT_CLEAR}, {@link #TAINT_COPY}, {@link #TAINT_JOIN}). */
  final byte taintRule;
  /**
   * Arithmetic that counts as an application of the scan operator when an operand is derived from
   * the input (every arithmetic operation but on predicates: docs/engine.md, "What a report counts").
   */
  final boolean work;

  /** The result is never derived from the input (comparisons, special registers, pointer arithmetic). */
  static final byte TAINT_CLEAR = 0;
  /** The result is derived from the input where the first operand is (copies, conversions). */
  static final byte TAINT_COPY = 1;
  /** The result is derived from the input where either operand is. */
  static final byte TAINT_JOIN = 2;

  private static byte taintRule(Op op) {
    return switch (op.taint()) {
      case CLEAR -> TAINT_CLEAR;
      case COPY -> TAINT_COPY;
      case JOIN -> TAINT_JOIN;
    };
  }

  private static boolean isWork(Op op, IrType type) {
    return op.mayApplyScanOperator() && type != IrType.PRED;
  }

  public CInsn(Insn ir, IrType srcType, int dst, int[] args, int index) {
    this.op = ir.op();
    this.type = ir.type();
    this.srcType = srcType;
    this.dst = dst;
    this.args = args;
    this.ir = ir;
    this.span = ir.span();
    this.index = index;
    this.widthBytes = type == null ? 0 : type.size();
    this.taintRule = taintRule(op);
    this.work = isWork(op, type);
  }

  /** A synthetic MOV or BR made by inlining a call. */
  public CInsn(Op op, IrType type, int dst, int[] args, Insn origin, int index) {
    this.op = op;
    this.type = type;
    this.srcType = type;
    this.dst = dst;
    this.args = args;
    this.ir = origin;
    this.span = origin.span();
    this.index = index;
    this.taintRule = taintRule(op);
    this.work = isWork(op, type);
  }

  /**
   * A copy of {@code from} that writes {@code dst} and reads {@code args}: how {@code engine.opt.Traces}
   * retargets an instruction (same site, span and counting; the lane loop decoded again).
   */
  public CInsn(CInsn from, int dst, int[] args) {
    this.op = from.op;
    this.type = from.type;
    this.srcType = from.srcType;
    this.dst = dst;
    this.args = args;
    this.ir = from.ir;
    this.span = from.span;
    this.index = from.index;
    this.target = from.target;
    this.elseTarget = from.elseTarget;
    this.reconverge = from.reconverge;
    this.memory = from.memory;
    this.widthBytes = from.widthBytes;
    this.vector = from.vector;
    this.countedWith = from.countedWith;
    this.armPartner = from.armPartner;
    this.armOther = from.armOther;
    this.forward = from.forward;
    this.elided = from.elided;
    this.loopSlot = from.loopSlot;
    this.entersLoop = from.entersLoop;
    this.space = from.space;
    this.vtable = from.vtable;
    this.sinkCompare = from.sinkCompare;
    this.sinkCompareSources = from.sinkCompareSources;
    this.sinkChain = from.sinkChain;
    this.sinkChainSources = from.sinkChainSources;
    this.sinkNegate = from.sinkNegate;
    this.once = from.once;
    this.taintRule = from.taintRule;
    this.work = from.work;
    decode();
    this.uniformB = from.uniformB && rb == from.rb;
  }

  /** Decodes the operands and the lane loop, once the {@link Compiler} has patched the operands. */
  public void decode() {
    ra = args.length > 0 ? args[0] : -1;
    rb = args.length > 1 ? args[1] : -1;
    lane = Lanes.decode(this);
  }

  public int a() {
    return args[0];
  }

  public int b() {
    return args[1];
  }
}
