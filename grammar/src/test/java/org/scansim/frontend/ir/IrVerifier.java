package org.scansim.frontend.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.ir.Enums.Vote;
import org.scansim.frontend.sema.Space;

/**
 * Checks that an {@link IrModule} is well formed, so that the simulator can execute it without
 * re-checking anything: the front end's tests and the fuzz tests run it on everything the
 * lowering produces. It lives in the tests (test scope): no run pays for it, and the simulator
 * trusts the lowering it has checked. {@link #verify} returns the problems found, each naming the
 * function, the block and the instruction (as {@link IrPrinter} prints it) with its source
 * position; an empty list means the module is valid.
 *
 * <h2>Structure</h2>
 *
 * <ul>
 *   <li>Module: global memory variables have distinct names; functions are found by name.
 *   <li>Function: registers are numbered densely ({@code regs().get(i).id() == i}); the
 *       parameters are the first registers, in order; memory variables have distinct names, none
 *       equal to a module global's (an {@code ADDR} names one or the other, never both); a dynamic
 *       ({@code count == -1}) variable is shared memory; initial values are normalised as
 *       {@link Imm} bits are and no more than {@code count}.
 *   <li>Blocks: at least one; ids are {@code 0..n-1} in list order, the entry first; every block
 *       is non-empty, ends in exactly one terminator ({@code BR}, {@code CBR}, {@code RET}) and
 *       has none before its end; every branch target is a block of the same function; every
 *       block is reachable from the entry (the lowering drops the others).
 *   <li>Reconvergence: the {@link Insn#reconverge()} of a {@code CBR} is the immediate
 *       post-dominator of its block, recomputed here from scratch (iterative post-dominator
 *       sets over the blocks that can reach a {@code RET}), or null when no block post-dominates
 *       it, or when its block cannot reach a {@code RET} at all (an infinite loop never
 *       reconverges). Functions of more than {@value #MAX_PDOM_BLOCKS} blocks skip this one check
 *       (its cost is quadratic in the number of blocks).
 *   <li>Registers: every register operand and destination is the very register object of its
 *       function ({@code regs().get(id) == reg}); a temporary (a register without a C name) that
 *       is read is written somewhere in the function. Named registers (C variables) may be read
 *       before any write, as an uninitialised C variable may.
 *   <li>Immediates are normalised: signed integers sign-extended and unsigned ones zero-extended
 *       from their width, {@code pred} 0 or 1, {@code f32} an exactly representable float, {@code
 *       ptr} only 0 (null).
 *   <li>Every instruction carries a source span.
 * </ul>
 *
 * <h2>Operand conventions</h2>
 *
 * Arithmetic happens on 32/64-bit integers and floats only ("arith" below: i32, u32, i64, u64,
 * f32, f64; "int" is the integer half of it); narrower C types are widened by {@code CVT} first.
 * {@code T} is {@link Insn#type()}.
 *
 * <ul>
 *   <li>{@code MOV}: {@code dst:T = a:T}, any T.
 *   <li>{@code ADD SUB MUL DIV MIN MAX}: {@code dst:T = a:T, b:T}, T arith; {@code REM AND OR XOR
 *       SHL SHR}: the same with T int (a shift's count has been converted to T).
 *   <li>{@code NEG}: {@code dst:T = a:T}, T arith; {@code NOT}: T int or pred; {@code ABS}: T arith.
 *   <li>{@code POPC CLZ FFS}: {@code dst:i32 = a:T}, T int.
 *   <li>{@code SETP}: {@code dst:pred = a:T, b:T}, T any type but pred, with a comparison.
 *   <li>{@code CVT}: {@code dst:T = a}, a of any type, T not pred (a conversion to bool is a
 *       {@code SETP ne} against zero).
 *   <li>{@code ADDR}: {@code dst:ptr}, no operands, T ptr; {@link Insn#symbol()} names a memory
 *       variable of the function or of the module, and {@link Insn#space()} is that variable's;
 *       host memory is addressed only by host functions, the other spaces only by device code.
 *   <li>{@code PTR_ADD}: {@code dst:ptr = base:ptr, index:i64}, T ptr, scale {@code imm >= 1};
 *       {@code PTR_DIFF}: {@code dst:i64 = a:ptr, b:ptr}, T i64, scale {@code imm >= 1}.
 *   <li>{@code LD}: {@code dst:T = [a:ptr]}; {@code ST}: {@code [a:ptr] = v:T}, no dst; both with
 *       a space.
 *   <li>{@code SREG}: {@code dst:u32}, T u32 ({@code dst:i32}, T i32 for {@code warpsize}).
 *   <li>{@code BAR}, {@code FENCE}: nothing; {@code BAR_WARP}: {@code mask:u32}, T u32.
 *   <li>{@code ATOM}: {@code dst:T = [a:ptr], v:T[, v2:T]} (v2 for CAS only), T arith.
 *   <li>{@code SHFL}: {@code dst:T = mask:u32, v:T, lane:i32, width:i32}, T arith.
 *   <li>{@code VOTE}: {@code dst:T = mask:u32, p:pred}, T u32 for ballot, i32 for any/all.
 *   <li>{@code ACTIVEMASK}: {@code dst:u32}, T u32.
 *   <li>{@code CALL}: the callee is a non-kernel function of the module that the caller's
 *       execution space may call; one operand per parameter, of the parameter's type; T and dst
 *       are the callee's return type (both absent for void).
 *   <li>{@code LAUNCH}, in host functions only: the callee is a kernel; operands grid x, y, z and
 *       block x, y, z (u32), shared bytes (u64), then one per kernel parameter of its type; no T,
 *       no dst.
 *   <li>{@code CUDA}, in host functions only: {@code dst:i32}, T i32; malloc (ptr, u64), free
 *       (ptr), memcpy (ptr, ptr, u64, u64), memset (ptr, u64, u64), the others no operands.
 *   <li>{@code PRINTF}: a format text; operands after the default argument promotions (i32, u32,
 *       i64, u64, f64, ptr); no dst. {@code ASSERT}: {@code p:pred} and a text; no dst.
 *   <li>{@code BR}: a target, no operands. {@code CBR}: {@code p:pred}, T pred, two targets.
 *       {@code RET}: {@code v:R} with T = R when the function returns R, nothing when it returns
 *       void.
 *   <li>{@code BAR BAR_WARP FENCE ATOM SHFL VOTE ACTIVEMASK SREG} appear only in functions that
 *       run on the device.
 * </ul>
 */
public final class IrVerifier {
  /** Above this many blocks, the (quadratic) reconvergence check is skipped. */
  static final int MAX_PDOM_BLOCKS = 8192;
  /** Problems kept; a badly broken module yields a bounded report. */
  static final int MAX_PROBLEMS = 200;

  private final IrModule module;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, MemoryVar> globals = new HashMap<>();
  private int dropped;

  private IrFunction fn;
  private Set<Block> blockSet;
  /** Each block's position in the function's list (its id, when the ids are right). */
  private Map<Block, Integer> position;
  private Map<String, MemoryVar> locals;
  private Block block;
  private Insn insn;
  private int index;

  private IrVerifier(IrModule module) {
    this.module = module;
  }

  /** The problems of {@code module}; empty when it is well formed. */
  public static List<String> verify(IrModule module) {
    IrVerifier v = new IrVerifier(module);
    v.run();
    if (v.dropped > 0) {
      v.problems.add("... and " + v.dropped + " more problem(s)");
    }
    return Collections.unmodifiableList(v.problems);
  }

  private void run() {
    if (module == null) {
      problems.add("module is null");
      return;
    }
    for (MemoryVar g : module.globals()) {
      if (g == null) {
        problem("null global memory variable");
        continue;
      }
      if (globals.put(g.name(), g) != null) {
        problem("two global memory variables are named @" + g.name());
      }
      memoryVar(g);
    }
    for (IrFunction f : module.functions()) {
      function(f);
    }
  }

  // ---- reporting ----

  private void problem(String message) {
    if (problems.size() >= MAX_PROBLEMS) {
      dropped++;
      return;
    }
    StringBuilder where = new StringBuilder();
    if (fn != null) {
      where.append('@').append(fn.name());
    }
    if (block != null) {
      where.append(where.length() > 0 ? " " : "").append(block.label());
    }
    if (insn != null) {
      where.append(" #").append(index).append(" `").append(text(insn)).append('`');
      Span s = insn.span();
      if (s != null) {
        where.append(" (").append(s.line()).append(':').append(s.col()).append(')');
      }
    }
    problems.add(where.length() == 0 ? message : where + ": " + message);
  }

  /** The printed instruction, or a fallback when it is too broken to print. */
  static String text(Insn i) {
    try {
      return IrPrinter.insn(i);
    } catch (RuntimeException e) {
      return i.op() + (i.type() == null ? "" : "." + i.type().spelling()) + " " + i.args() + " <unprintable>";
    }
  }

  // ---- memory variables ----

  private void memoryVar(MemoryVar m) {
    String name = "@" + m.name();
    if (m.name() == null || m.name().isEmpty()) {
      problem("memory variable without a name");
    }
    if (m.space() == null || m.space() == MemSpace.GENERIC) {
      problem("memory variable " + name + " has no concrete state space");
    }
    if (m.elemType() == null) {
      problem("memory variable " + name + " has no element type");
      return;
    }
    if (m.count() == 0 || m.count() < -1) {
      problem("memory variable " + name + " has count " + m.count() + " (must be positive, or -1 for dynamic shared memory)");
    }
    if (m.count() == -1 && m.space() != MemSpace.SHARED) {
      problem("memory variable " + name + " is dynamic but not shared");
    }
    if (m.init() != null) {
      if (m.count() >= 0 && m.init().length > m.count()) {
        problem("memory variable " + name + " has " + m.init().length + " initial values for " + m.count() + " elements");
      }
      for (int k = 0; k < m.init().length; k++) {
        String bad = immProblem(m.elemType(), m.init()[k]);
        if (bad != null) {
          problem("initial value " + k + " of " + name + " " + bad);
          break;
        }
      }
    }
  }

  // ---- functions ----

  private void function(IrFunction f) {
    fn = f;
    block = null;
    insn = null;
    try {
      if (f.space() == null) {
        problem("function has no execution space");
        return;
      }
      if (module.function(f.name()) != f) {
        problem("function is not found under its own name in the module");
      }
      for (int i = 0; i < f.regs().size(); i++) {
        Reg r = f.regs().get(i);
        if (r == null || r.id() != i) {
          problem("register " + i + " is numbered " + (r == null ? "null" : r.id()));
        } else if (r.type() == null) {
          problem("register " + r + " has no type");
        }
      }
      for (int i = 0; i < f.params().size(); i++) {
        Reg p = f.params().get(i);
        if (i >= f.regs().size() || f.regs().get(i) != p) {
          problem("parameter " + i + " (" + p + ") is not register " + i);
        }
      }
      locals = new HashMap<>();
      for (MemoryVar m : f.memory()) {
        if (locals.put(m.name(), m) != null) {
          problem("two memory variables are named @" + m.name());
        }
        if (globals.containsKey(m.name())) {
          problem("memory variable @" + m.name() + " has the name of a module global");
        }
        memoryVar(m);
      }
      if (f.blocks().isEmpty()) {
        problem("function has no blocks");
        return;
      }
      blockSet = Collections.newSetFromMap(new IdentityHashMap<>());
      blockSet.addAll(f.blocks());
      position = new IdentityHashMap<>();
      for (int k = 0; k < f.blocks().size(); k++) {
        position.put(f.blocks().get(k), k);
      }
      boolean structured = true;
      for (int k = 0; k < f.blocks().size(); k++) {
        structured &= blockShape(f.blocks().get(k), k);
      }
      for (Block b : f.blocks()) {
        block = b;
        List<Insn> insns = b.insns();
        for (int k = 0; k < insns.size(); k++) {
          insn = insns.get(k);
          index = k;
          if (insn != null) {
            instruction();
          }
        }
        insn = null;
      }
      block = null;
      temporariesAreWritten();
      if (structured) {
        reachability();
        if (f.blocks().size() <= MAX_PDOM_BLOCKS) {
          reconvergence();
        }
      }
    } finally {
      fn = null;
      block = null;
      insn = null;
    }
  }

  /**
   * A vector access ({@link Insn#vector}) of 2 or 4 leads that many accesses of its kind and type
   * in its block, with nothing but address arithmetic between them, at most 16 bytes in all.
   */
  private void vectorGroup() {
    int n = insn.vector();
    if (n == 1) {
      return;
    }
    if (n != 2 && n != 4 || insn.type() == null || n * insn.type().size() > 16) {
      problem("a vector access of " + n + " " + (insn.type() == null ? "untyped" : insn.type().spelling()) + " values");
      return;
    }
    List<Insn> insns = block.insns();
    int found = 1;
    for (int k = index + 1; k < insns.size() && found < n; k++) {
      Insn next = insns.get(k);
      if (next.op() == insn.op() && next.type() == insn.type() && next.vector() == 1) {
        found++;
      } else if (next.op() != Op.PTR_ADD && !(insn.op() == Op.ST && next.op() == Op.LD)) {
        break;
      }
    }
    if (found < n) {
      problem("a vector access of " + n + " is followed by " + (found - 1) + " accesses of its kind");
    }
  }

  /** Ids, terminators and targets of one block; false when its successors cannot be trusted. */
  private boolean blockShape(Block b, int position) {
    block = b;
    insn = null;
    boolean ok = true;
    if (b.id() != position) {
      problem("block at position " + position + " has id " + b.id());
    }
    List<Insn> insns = b.insns();
    if (insns.isEmpty()) {
      problem("block is empty");
      return false;
    }
    for (int k = 0; k < insns.size(); k++) {
      Insn i = insns.get(k);
      if (i == null) {
        problem("instruction " + k + " is null");
        return false;
      }
      insn = i;
      index = k;
      if (i.isTerminator() && k < insns.size() - 1) {
        problem("terminator before the end of the block");
        ok = false;
      }
      if (!i.isTerminator() && k == insns.size() - 1) {
        problem("block does not end in a terminator (br, cbr, ret)");
        ok = false;
      }
      if (i.op() == Op.BR || i.op() == Op.CBR) {
        List<Block> targets = i.op() == Op.BR ? java.util.Arrays.asList(i.target()) : java.util.Arrays.asList(i.target(), i.elseTarget());
        for (Block t : targets) {
          if (t == null) {
            problem("branch without a target");
            ok = false;
          } else if (!blockSet.contains(t)) {
            problem("branch target " + t.label() + " is not a block of this function");
            ok = false;
          }
        }
      }
    }
    insn = null;
    return ok;
  }

  // ---- instructions ----

  private void instruction() {
    Insn i = insn;
    if (i.op() == null) {
      problem("instruction without an opcode");
      return;
    }
    if (i.span() == null) {
      problem("instruction without a source span");
    }
    List<Operand> args = i.args();
    for (int k = 0; k < args.size(); k++) {
      Operand o = args.get(k);
      if (o == null) {
        problem("operand " + (k + 1) + " is null");
        return;
      }
      if (o.type() == null) {
        problem("operand " + (k + 1) + " has no type");
        return;
      }
      if (o instanceof Reg r) {
        ownRegister(r, "operand " + (k + 1));
      } else if (o instanceof Imm imm) {
        String bad = immProblem(imm.type(), imm.bits());
        if (bad != null) {
          problem("operand " + (k + 1) + " " + bad);
        }
      }
    }
    if (i.dst() != null) {
      ownRegister(i.dst(), "destination");
    }
    IrType t = i.type();
    switch (i.op()) {
      case MOV -> {
        if (typed() && arity(1)) {
          dst(t);
          operands(t);
        }
      }
      case ADD, SUB, MUL, DIV, MIN, MAX -> binary(true);
      case REM, AND, OR, XOR, SHL, SHR -> binary(false);
      case NEG, ABS -> {
        if (typed() && arity(1)) {
          requireType(isArith(t), "arithmetic (i32, u32, i64, u64, f32, f64)");
          dst(t);
          operands(t);
        }
      }
      case NOT -> {
        if (typed() && arity(1)) {
          requireType(isInt(t) || t == IrType.PRED, "an integer of 32/64 bits or pred");
          dst(t);
          operands(t);
        }
      }
      case POPC, CLZ, FFS -> {
        if (typed() && arity(1)) {
          requireType(isInt(t), "an integer of 32/64 bits");
          dst(IrType.I32);
          operands(t);
        }
      }
      case SETP -> {
        if (i.cmp() == null) {
          problem("setp without a comparison");
        }
        if (typed() && arity(2)) {
          requireType(t != IrType.PRED, "a value type other than pred");
          dst(IrType.PRED);
          operands(t, t);
        }
      }
      case CVT -> {
        if (typed() && arity(1)) {
          requireType(t != IrType.PRED, "a value type other than pred (a conversion to bool is a setp)");
          dst(t);
        }
      }
      case ADDR -> addr();
      case PTR_ADD -> {
        if (exactType(IrType.PTR) && arity(2)) {
          dst(IrType.PTR);
          operands(IrType.PTR, IrType.I64);
          scale();
        }
      }
      case PTR_DIFF -> {
        if (exactType(IrType.I64) && arity(2)) {
          dst(IrType.I64);
          operands(IrType.PTR, IrType.PTR);
          scale();
        }
      }
      case LD -> {
        needSpace();
        vectorGroup();
        if (typed() && arity(1)) {
          dst(t);
          operands(IrType.PTR);
        }
      }
      case ST -> {
        needSpace();
        vectorGroup();
        if (typed() && arity(2)) {
          dst(null);
          operands(IrType.PTR, t);
        }
      }
      case SREG -> {
        deviceOnly();
        if (i.sreg() == null) {
          problem("sreg without a special register");
          return;
        }
        IrType want = i.sreg() == SpecialReg.WARPSIZE ? IrType.I32 : IrType.U32;
        if (exactType(want) && arity(0)) {
          dst(want);
        }
      }
      case BAR, FENCE -> {
        deviceOnly();
        if (i.op() == Op.FENCE && i.fence() == null) {
          problem("fence without a scope");
        }
        if (arity(0)) {
          dst(null);
        }
      }
      case BAR_WARP -> {
        deviceOnly();
        if (exactType(IrType.U32) && arity(1)) {
          dst(null);
          operands(IrType.U32);
        }
      }
      case ATOM -> atom();
      case SHFL -> {
        deviceOnly();
        if (i.shuffle() == null) {
          problem("shfl without a mode");
        }
        if (typed() && arity(4)) {
          requireType(isArith(t), "arithmetic (i32, u32, i64, u64, f32, f64)");
          dst(t);
          operands(IrType.U32, t, IrType.I32, IrType.I32);
        }
      }
      case VOTE -> {
        deviceOnly();
        if (i.vote() == null) {
          problem("vote without a kind");
          return;
        }
        boolean match = i.vote() == Vote.MATCH_ANY || i.vote() == Vote.MATCH_ALL;
        IrType want = i.vote() == Vote.BALLOT || match ? IrType.U32 : IrType.I32;
        if (exactType(want) && arity(2)) {
          dst(want);
          operands(IrType.U32, match ? IrType.U64 : IrType.PRED);
        }
      }
      case ACTIVEMASK -> {
        deviceOnly();
        if (exactType(IrType.U32) && arity(0)) {
          dst(IrType.U32);
        }
      }
      case CALL -> call();
      case LAUNCH -> launch();
      case CUDA -> cuda();
      case PRINTF -> {
        if (i.text() == null) {
          problem("printf without a format");
        }
        dst(fn.space() == Space.HOST && i.dst() != null ? IrType.I32 : null); // the host's printf returns its count
        int sink = i.printfSink();
        if (sink < Insn.PRINTF_OUTPUT || sink > Insn.PRINTF_BOUNDED || sink != Insn.PRINTF_OUTPUT && fn.space() != Space.HOST) {
          problem("printf to destination " + sink + (sink == Insn.PRINTF_OUTPUT ? "" : " in " + fn.space() + " code"));
        }
        for (int k = 0; k < i.printfLeading() + (i.printfDynamic() ? 1 : 0); k++) {
          if (k >= args.size() || args.get(k).type() != (sink == Insn.PRINTF_BOUNDED && k == 1 ? IrType.U64 : IrType.PTR)) {
            problem("printf's destination or format operand " + (k + 1) + " is missing or of the wrong type");
          }
        }
        for (int k = 0; k < args.size(); k++) {
          IrType a = args.get(k).type();
          if (!(a == IrType.I32 || a == IrType.U32 || a == IrType.I64 || a == IrType.U64 || a == IrType.F64 || a == IrType.PTR)) {
            problem("printf operand " + (k + 1) + " has type " + a.spelling() + ", not a promoted type (i32, u32, i64, u64, f64, ptr)");
          }
        }
      }
      case ASSERT -> {
        if (i.text() == null) {
          problem("assert without a message");
        }
        if (arity(1)) {
          dst(null);
          operands(IrType.PRED);
        }
      }
      case BR -> {
        if (arity(0)) {
          dst(null);
        }
      }
      case CBR -> {
        if (exactType(IrType.PRED) && arity(1)) {
          dst(null);
          operands(IrType.PRED);
        }
        if (i.reconverge() != null && !blockSet.contains(i.reconverge())) {
          problem("reconvergence block " + i.reconverge().label() + " is not a block of this function");
        }
      }
      case RET -> {
        dst(null);
        IrType r = fn.returnType();
        if (r == null) {
          if (t != null || !args.isEmpty()) {
            problem("ret with a value in a function returning void");
          }
        } else if (arity(1)) {
          if (t != r) {
            problem("ret type " + spell(t) + " is not the return type " + r.spelling());
          }
          operands(r);
        }
      }
    }
  }

  private void binary(boolean floatsToo) {
    IrType t = insn.type();
    if (typed() && arity(2)) {
      requireType(floatsToo ? isArith(t) : isInt(t), floatsToo ? "arithmetic (i32, u32, i64, u64, f32, f64)" : "an integer of 32/64 bits");
      dst(t);
      operands(t, t);
    }
  }

  private void addr() {
    Insn i = insn;
    if (!exactType(IrType.PTR) || !arity(0)) {
      return;
    }
    dst(IrType.PTR);
    if (i.symbol() == null) {
      problem("addr without a symbol");
      return;
    }
    MemoryVar m = locals.containsKey(i.symbol()) ? locals.get(i.symbol()) : globals.get(i.symbol());
    if (m == null) {
      problem("@" + i.symbol() + " is not a memory variable of the function or the module");
    } else if (i.space() != m.space()) {
      problem("addr space " + (i.space() == null ? "none" : i.space().spelling()) + " is not the space of @" + m.name() + " ("
          + (m.space() == null ? "none" : m.space().spelling()) + ")");
    } else if (m.space() == MemSpace.HOST ? fn.space() != Space.HOST : !fn.space().onDevice()) {
      problem("a " + fn.space().spelling() + " function cannot address " + m.space().spelling() + " memory");
    }
  }

  private void atom() {
    Insn i = insn;
    deviceOnly();
    needSpace();
    if (i.atomic() == null) {
      problem("atom without an operation");
      return;
    }
    int values = i.atomic() == Enums.AtomicOp.CAS ? 2 : 1;
    if (typed() && arity(1 + values)) {
      requireType(isArith(i.type()), "arithmetic (i32, u32, i64, u64, f32, f64)");
      dst(i.type());
      operands(IrType.PTR, i.type(), i.type());
    }
  }

  private void call() {
    Insn i = insn;
    IrFunction callee = i.callee() == null ? null : module.function(i.callee());
    if (callee == null) {
      problem("call of @" + i.callee() + ", which is not a function of the module");
      return;
    }
    if (callee.isKernel()) {
      problem("call of kernel @" + callee.name() + " (kernels are launched)");
    } else if (callee.space() != null && !fn.space().mayCall(callee.space())) {
      problem("a " + fn.space().spelling() + " function cannot call the " + callee.space().spelling() + " function @" + callee.name());
    }
    if (i.type() != callee.returnType()) {
      problem("call type " + spell(i.type()) + " is not @" + callee.name() + "'s return type " + spell(callee.returnType()));
    }
    dst(callee.returnType());
    if (arity(callee.params().size())) {
      for (int k = 0; k < callee.params().size(); k++) {
        operand(k, callee.params().get(k).type());
      }
    }
  }

  private void launch() {
    Insn i = insn;
    if (fn.space() != Space.HOST) {
      problem("launch outside host code");
    }
    if (i.type() != null) {
      problem("launch has a type");
    }
    dst(null);
    if (i.callee() == null && i.imm() == 1) { // through a kernel pointer: its kernel is known at run time
      if (i.args().size() >= 8) {
        for (int k = 0; k < 6; k++) {
          operand(k, IrType.U32);
        }
        operand(6, IrType.U64);
        operand(7, IrType.PTR);
      } else {
        problem("a launch through a pointer without one");
      }
      return;
    }
    IrFunction kernel = i.callee() == null ? null : module.function(i.callee());
    if (kernel == null) {
      problem("launch of @" + i.callee() + ", which is not a function of the module");
      return;
    }
    if (!kernel.isKernel()) {
      problem("launch of @" + kernel.name() + ", which is not a kernel");
    }
    if (arity(7 + kernel.params().size())) {
      for (int k = 0; k < 6; k++) {
        operand(k, IrType.U32);
      }
      operand(6, IrType.U64);
      for (int k = 0; k < kernel.params().size(); k++) {
        operand(7 + k, kernel.params().get(k).type());
      }
    }
  }

  private void cuda() {
    Insn i = insn;
    if (fn.space() != Space.HOST) {
      problem("CUDA runtime call outside host code");
    }
    if (i.cuda() == null) {
      problem("cuda without a call");
      return;
    }
    List<IrType> want = switch (i.cuda()) {
      case MALLOC, MALLOC_MANAGED -> List.of(IrType.PTR, IrType.U64);
      case FREE -> List.of(IrType.PTR);
      case MEMCPY -> List.of(IrType.PTR, IrType.PTR, IrType.U64, IrType.U64);
      case MEMSET -> List.of(IrType.PTR, IrType.U64, IrType.U64);
      case DEVICE_SYNCHRONIZE, GET_LAST_ERROR, PEEK_AT_LAST_ERROR, DEVICE_RESET -> List.of();
      case SET_DEVICE -> List.of(IrType.I32);
      case GET_DEVICE, GET_DEVICE_COUNT -> List.of(IrType.PTR);
      case EXIT, GET_ERROR_STRING, GET_ERROR_NAME -> List.of(IrType.I32);
      case HOST_MALLOC -> List.of(IrType.U64);
      case HOST_CALLOC -> List.of(IrType.U64, IrType.U64);
      case HOST_FREE, HOST_DELETE, HOST_DELETE_ARRAY -> List.of(IrType.PTR);
      case HOST_NEW -> List.of(IrType.U64);
      case HOST_NEW_ARRAY -> List.of(IrType.U64, IrType.U64);
      case LIBRARY -> library(i) == null ? List.of() : library(i).params().stream().map(IrType::of).toList();
      case FUNCTION_ADDRESS -> List.of();
      case MEMCPY_TO_SYMBOL, MEMCPY_FROM_SYMBOL -> List.of(IrType.PTR, IrType.U64, IrType.U64);
      case CALL_INDIRECT -> i.args().isEmpty() ? List.of(IrType.PTR) : java.util.stream.Stream.concat(java.util.stream.Stream.of(IrType.PTR),
          i.args().subList(1, i.args().size()).stream().map(Operand::type)).toList(); // the callee's types are known at run time
    };
    IrType result = switch (i.cuda()) {
      case GET_ERROR_STRING, GET_ERROR_NAME, HOST_MALLOC, HOST_CALLOC, HOST_NEW, HOST_NEW_ARRAY, FUNCTION_ADDRESS -> IrType.PTR;
      case CALL_INDIRECT -> i.type() == null ? IrType.I32 : i.type();
      case LIBRARY -> library(i) == null || library(i).result() instanceof org.scansim.frontend.sema.Type.Void ? IrType.I32
          : IrType.of(library(i).result());
      default -> IrType.I32;
    };
    if ((i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.MEMCPY_TO_SYMBOL || i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.MEMCPY_FROM_SYMBOL)
        && (i.callee() == null || !globals.containsKey(i.callee()))) {
      problem("a symbol copy of no module variable ('" + i.callee() + "')");
      return;
    }
    if (i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.HOST_DELETE && i.callee() != null && module.function(i.callee()) == null) {
      problem("delete runs no function '" + i.callee() + "'");
      return;
    }
    if (i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.FUNCTION_ADDRESS && (i.callee() == null || module.function(i.callee()) == null)) {
      problem("the address of no function ('" + i.callee() + "')");
      return;
    }
    if (i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.LIBRARY && library(i) == null) {
      problem("no C library function '" + i.callee() + "'");
      return;
    }
    if (i.cuda() == org.scansim.frontend.ir.Enums.CudaCall.LIBRARY && library(i).variadic() && i.args().size() >= want.size()) {
      List<IrType> all = new java.util.ArrayList<>(want); // scanf's places: pointers
      while (all.size() < i.args().size()) {
        all.add(IrType.PTR);
      }
      want = all;
    }
    if (exactType(result) && arity(want.size())) {
      dst(result);
      operands(want.toArray(new IrType[0]));
    }
  }

  private static org.scansim.frontend.sema.CLibrary.Function library(Insn i) {
    return i.callee() == null ? null : org.scansim.frontend.sema.CLibrary.byName(i.callee());
  }

  // ---- checks shared by instructions ----

  private boolean typed() {
    if (insn.type() == null) {
      problem(insn.op().name().toLowerCase(java.util.Locale.ROOT) + " without a type");
      return false;
    }
    return true;
  }

  private boolean exactType(IrType want) {
    if (insn.type() != want) {
      problem("type is " + spell(insn.type()) + ", expected " + want.spelling());
      return false;
    }
    return true;
  }

  private void requireType(boolean ok, String what) {
    if (!ok) {
      problem("type " + spell(insn.type()) + " is not " + what);
    }
  }

  private boolean arity(int n) {
    if (insn.args().size() != n) {
      problem("has " + insn.args().size() + " operand(s), expected " + n);
      return false;
    }
    return true;
  }

  /** The operands' types, in order; extra expected types beyond the operands are ignored. */
  private void operands(IrType... want) {
    for (int k = 0; k < want.length && k < insn.args().size(); k++) {
      operand(k, want[k]);
    }
  }

  private void operand(int k, IrType want) {
    Operand o = insn.args().get(k);
    if (o.type() != want) {
      problem("operand " + (k + 1) + " (" + o + ") has type " + o.type().spelling() + ", expected " + want.spelling());
    }
  }

  /** The destination: absent when {@code want} is null, else a register of type {@code want}. */
  private void dst(IrType want) {
    Reg d = insn.dst();
    if (want == null) {
      if (d != null) {
        problem("has a destination, but " + insn.op().name().toLowerCase(java.util.Locale.ROOT) + " produces no value here");
      }
    } else if (d == null) {
      problem("has no destination register");
    } else if (d.type() != want) {
      problem("destination " + d + " has type " + spell(d.type()) + ", expected " + want.spelling());
    }
  }

  private void scale() {
    if (insn.imm() < 1) {
      problem("scale " + insn.imm() + " is not positive");
    }
  }

  private void needSpace() {
    if (insn.space() == null) {
      problem(insn.op().name().toLowerCase(java.util.Locale.ROOT) + " without a state space");
    }
  }

  private void deviceOnly() {
    if (!fn.space().onDevice()) {
      problem(insn.op().name().toLowerCase(java.util.Locale.ROOT) + " in a host function");
    }
  }

  private void ownRegister(Reg r, String what) {
    if (r.id() < 0 || r.id() >= fn.regs().size() || fn.regs().get(r.id()) != r) {
      problem(what + " " + r + " is not a register of this function");
    }
  }

  private static String spell(IrType t) {
    return t == null ? "none" : t.spelling();
  }

  static boolean isInt(IrType t) {
    return t == IrType.I32 || t == IrType.U32 || t == IrType.I64 || t == IrType.U64;
  }

  static boolean isArith(IrType t) {
    return isInt(t) || t == IrType.F32 || t == IrType.F64;
  }

  /** Why {@code bits} is not a normalised immediate of type {@code t}, or null. */
  static String immProblem(IrType t, long bits) {
    boolean ok = switch (t) {
      case PRED -> bits == 0 || bits == 1;
      case I8 -> bits == (byte) bits;
      case U8 -> (bits & ~0xFFL) == 0;
      case I16 -> bits == (short) bits;
      case U16 -> (bits & ~0xFFFFL) == 0;
      case I32 -> bits == (int) bits;
      case U32 -> (bits & ~0xFFFF_FFFFL) == 0;
      case I64, U64, F64 -> true;
      case F32 -> {
        double d = Double.longBitsToDouble(bits);
        yield Double.isNaN(d) || (double) (float) d == d;
      }
      case PTR -> bits == 0;
    };
    if (ok) {
      return null;
    }
    return "is not a normalised " + t.spelling() + " immediate (bits 0x" + Long.toHexString(bits) + ")";
  }

  // ---- whole-function checks ----

  private void temporariesAreWritten() {
    BitSet written = new BitSet();
    for (Reg p : fn.params()) {
      if (p.id() >= 0) {
        written.set(p.id());
      }
    }
    for (Block b : fn.blocks()) {
      for (Insn i : b.insns()) {
        if (i != null && i.dst() != null && i.dst().id() >= 0) {
          written.set(i.dst().id());
        }
      }
    }
    Set<Reg> reported = new HashSet<>();
    for (Block b : fn.blocks()) {
      block = b;
      for (int k = 0; k < b.insns().size(); k++) {
        insn = b.insns().get(k);
        index = k;
        if (insn == null) {
          continue;
        }
        for (Operand o : insn.args()) {
          if (o instanceof Reg r && r.name() == null && r.id() >= 0 && !written.get(r.id()) && reported.add(r)) {
            problem("temporary " + r + " is read but never written");
          }
        }
      }
      insn = null;
    }
    block = null;
  }

  private void reachability() {
    List<Block> blocks = fn.blocks();
    BitSet seen = new BitSet(blocks.size());
    ArrayDeque<Block> work = new ArrayDeque<>();
    work.push(blocks.get(0));
    seen.set(0);
    while (!work.isEmpty()) {
      for (Block s : successors(work.pop())) {
        if (!seen.get(position.get(s))) {
          seen.set(position.get(s));
          work.push(s);
        }
      }
    }
    for (Block b : blocks) {
      if (!seen.get(position.get(b))) {
        block = b;
        problem("block is unreachable from the entry");
      }
    }
    block = null;
  }

  /** The targets of a block's terminator, read directly (not through {@link Block#successors()}). */
  private static List<Block> successors(Block b) {
    Insn t = b.insns().get(b.insns().size() - 1);
    return switch (t.op().control()) {
      case JUMP -> List.of(t.target());
      case BRANCH -> List.of(t.target(), t.elseTarget());
      case NONE, RETURN, BARRIER, WARP_BARRIER -> List.of();
    };
  }

  /**
   * Recomputes post-dominators as sets (pdom(b) = {b} ∪ ⋂ pdom(s) over the successors s that can
   * reach an exit; pdom of a RET block = itself) and checks every CBR's reconvergence block is
   * the nearest strict post-dominator of its block.
   */
  private void reconvergence() {
    List<Block> blocks = fn.blocks();
    int n = blocks.size();
    List<List<Integer>> preds = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      preds.add(new ArrayList<>());
    }
    for (Block b : blocks) {
      for (Block s : successors(b)) {
        preds.get(position.get(s)).add(position.get(b));
      }
    }
    // Blocks that can reach a RET, found backwards from the RET blocks.
    BitSet exits = new BitSet(n);
    ArrayDeque<Integer> work = new ArrayDeque<>();
    for (Block b : blocks) {
      if (b.terminator().op() == Op.RET) {
        exits.set(position.get(b));
        work.push(position.get(b));
      }
    }
    BitSet live = (BitSet) exits.clone();
    while (!work.isEmpty()) {
      for (int p : preds.get(work.pop())) {
        if (!live.get(p)) {
          live.set(p);
          work.push(p);
        }
      }
    }
    BitSet[] pdom = new BitSet[n];
    for (int k = 0; k < n; k++) {
      if (!live.get(k)) {
        continue;
      }
      pdom[k] = new BitSet(n);
      if (exits.get(k)) {
        pdom[k].set(k);
      } else {
        pdom[k].or(live);
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int k = n - 1; k >= 0; k--) {
        if (!live.get(k) || exits.get(k)) {
          continue;
        }
        BitSet next = null;
        for (Block s : successors(blocks.get(k))) {
          int j = position.get(s);
          if (!live.get(j)) {
            continue;
          }
          if (next == null) {
            next = (BitSet) pdom[j].clone();
          } else {
            next.and(pdom[j]);
          }
        }
        next.set(k);
        if (!next.equals(pdom[k])) {
          pdom[k] = next;
          changed = true;
        }
      }
    }
    int[] size = new int[n];
    for (int k = 0; k < n; k++) {
      size[k] = pdom[k] == null ? 0 : pdom[k].cardinality();
    }
    for (Block b : blocks) {
      Insn t = b.terminator();
      if (t.op() != Op.CBR) {
        continue;
      }
      block = b;
      insn = t;
      index = b.insns().size() - 1;
      int k = position.get(b);
      Block expected = null;
      if (live.get(k)) {
        int best = -1;
        for (int d = pdom[k].nextSetBit(0); d >= 0; d = pdom[k].nextSetBit(d + 1)) {
          // Strict post-dominators form a chain; the nearest one has the largest set.
          if (d != k && (best == -1 || size[d] > size[best])) {
            best = d;
          }
        }
        expected = best == -1 ? null : blocks.get(best);
      }
      Block actual = t.reconverge();
      if (actual != expected) {
        if (actual != null && blockSet.contains(actual) && (!live.get(k) || !pdom[k].get(position.get(actual)) || actual == b)) {
          problem("reconvergence block " + actual.label() + " does not post-dominate " + b.label());
        } else {
          problem("reconvergence block is " + (actual == null ? "exit" : actual.label()) + ", but the immediate post-dominator of "
              + b.label() + " is " + (expected == null ? "exit" : expected.label()));
        }
      }
    }
    block = null;
    insn = null;
  }
}
