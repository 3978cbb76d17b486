package org.scansim.frontend.ir;

import java.util.List;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.AtomicOp;
import org.scansim.frontend.ir.Enums.Cmp;
import org.scansim.frontend.ir.Enums.CudaCall;
import org.scansim.frontend.ir.Enums.Fence;
import org.scansim.frontend.ir.Enums.ShuffleMode;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.ir.Enums.Vote;

/**
 * One IR instruction. Which optional fields are set depends on {@link #op()}: {@code cmp} for
 * SETP, {@code space}/{@code isVolatile} for LD/ST/ATOM/ADDR ({@code vector} for LD/ST), {@code symbol} for ADDR, {@code
 * callee} for CALL/LAUNCH, {@code imm} for PTR_ADD/PTR_DIFF scales, the branch targets for
 * BR/CBR, and so on. {@code type} is the operation type (the result type of arithmetic, the
 * compared type of SETP, the memory type of LD/ST, the target type of CVT).
 *
 * <p>Built once by the lowering through the fluent setters and not changed afterwards.
 */
public final class Insn {
  private final Op op;
  private final IrType type;
  private final Span span;
  private Reg dst;
  private List<Operand> args = List.of();
  private Cmp cmp;
  private MemSpace space;
  private boolean isVolatile;
  private int vector = 1;
  private boolean copy;
  private String symbol;
  private SpecialReg sreg;
  private Fence fence;
  private AtomicOp atomic;
  private ShuffleMode shuffle;
  private Vote vote;
  private CudaCall cuda;
  private long imm;
  private String callee;
  private String text;
  private Block target;
  private Block elseTarget;
  private Block reconverge;
  /** Its place in its module's instructions, in program order ({@link IrModule}), or -1 outside a module. */
  private int id = -1;

  public Insn(Op op, IrType type, Span span) {
    this.op = op;
    this.type = type;
    this.span = span;
  }

  /** Its place in its module's instructions, in program order, from 0; -1 when no module holds it. */
  public int id() {
    return id;
  }

  void number(int id) {
    this.id = id;
  }

  public Op op() {
    return op;
  }

  public IrType type() {
    return type;
  }

  public Span span() {
    return span;
  }

  public Reg dst() {
    return dst;
  }

  public List<Operand> args() {
    return args;
  }

  public Operand arg(int i) {
    return args.get(i);
  }

  public Cmp cmp() {
    return cmp;
  }

  public MemSpace space() {
    return space;
  }

  public boolean isVolatile() {
    return isVolatile;
  }

  public String symbol() {
    return symbol;
  }

  public SpecialReg sreg() {
    return sreg;
  }

  public Fence fence() {
    return fence;
  }

  public AtomicOp atomic() {
    return atomic;
  }

  public ShuffleMode shuffle() {
    return shuffle;
  }

  public Vote vote() {
    return vote;
  }

  public CudaCall cuda() {
    return cuda;
  }

  public long imm() {
    return imm;
  }

  public String callee() {
    return callee;
  }

  /**
   * Where PRINTF's text goes, in its {@code imm} above bit 0 (which says the format is an operand,
   * known at run time): the program's output (printf; fprintf to stdout or stderr), a stream
   * (fprintf: the FILE pointer is the first operand), host memory (sprintf: the buffer first) or
   * host memory of a size (snprintf: the buffer and its size first).
   */
  public static final int PRINTF_OUTPUT = 0;
  public static final int PRINTF_STREAM = 1;
  public static final int PRINTF_BUFFER = 2;
  public static final int PRINTF_BOUNDED = 3;

  /** PRINTF's destination, one of the {@code PRINTF_} constants. */
  public int printfSink() {
    return (int) (imm >> 1);
  }

  /** Whether PRINTF's format is an operand (after the destination's), a host string known at run time. */
  public boolean printfDynamic() {
    return (imm & 1) != 0;
  }

  /** How many operands name PRINTF's destination, before its format or values. */
  public int printfLeading() {
    return switch (printfSink()) {
      case PRINTF_OUTPUT -> 0;
      case PRINTF_BOUNDED -> 2;
      default -> 1;
    };
  }

  /** The format of PRINTF, the message of ASSERT. */
  public String text() {
    return text;
  }

  /** BR's target, CBR's target when the condition is true. */
  public Block target() {
    return target;
  }

  /** CBR's target when the condition is false. */
  public Block elseTarget() {
    return elseTarget;
  }

  /** CBR's reconvergence point: the immediate post-dominator of its block, or null for the exit. */
  public Block reconverge() {
    return reconverge;
  }

  public boolean isTerminator() {
    return op == Op.BR || op == Op.CBR || op == Op.RET;
  }

  // ---- fluent setters used by the lowering ----

  public Insn dst(Reg r) {
    this.dst = r;
    return this;
  }

  public Insn args(Operand... a) {
    this.args = List.of(a);
    return this;
  }

  public Insn args(List<Operand> a) {
    this.args = List.copyOf(a);
    return this;
  }

  public Insn cmp(Cmp c) {
    this.cmp = c;
    return this;
  }

  public Insn space(MemSpace s) {
    this.space = s;
    return this;
  }

  public Insn setVolatile(boolean v) {
    this.isVolatile = v;
    return this;
  }

  /**
   * An LD or ST that leads {@code n} accesses of one aligned vector ({@code ld.v4.f32}): it and the
   * next n - 1 accesses of its kind and type in its block, at consecutive addresses, are one
   * access of n times its width, as nvcc moves a {@code float4}.
   */
  public Insn vector(int n) {
    this.vector = n;
    return this;
  }

  /**
   * An LD or ST of a struct copy ({@code q = p}): it moves a field's value without using it, so a
   * field never written is not a read of an uninitialised value (C11 §6.2.6.1 ¶6), and the copy's
   * field is as unwritten as the original's.
   */
  public Insn copying() {
    this.copy = true;
    return this;
  }

  public boolean isCopy() {
    return copy;
  }

  /** How many accesses this one leads as one vector access; 1 for a plain one. */
  public int vector() {
    return vector;
  }

  public Insn symbol(String s) {
    this.symbol = s;
    return this;
  }

  public Insn sreg(SpecialReg s) {
    this.sreg = s;
    return this;
  }

  public Insn fence(Fence f) {
    this.fence = f;
    return this;
  }

  public Insn atomic(AtomicOp a) {
    this.atomic = a;
    return this;
  }

  public Insn shuffle(ShuffleMode m) {
    this.shuffle = m;
    return this;
  }

  public Insn vote(Vote v) {
    this.vote = v;
    return this;
  }

  public Insn cuda(CudaCall c) {
    this.cuda = c;
    return this;
  }

  public Insn imm(long v) {
    this.imm = v;
    return this;
  }

  public Insn callee(String c) {
    this.callee = c;
    return this;
  }

  public Insn text(String t) {
    this.text = t;
    return this;
  }

  public Insn target(Block b) {
    this.target = b;
    return this;
  }

  public Insn elseTarget(Block b) {
    this.elseTarget = b;
    return this;
  }

  Insn reconverge(Block b) {
    this.reconverge = b;
    return this;
  }
}
