package org.scansim.sim.engine;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Imm;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemoryVar;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Operand;
import org.scansim.frontend.ir.Reg;

/**
 * Compiles an IR function for execution: flattens its blocks into one instruction array,
 * inlines the device functions it calls (so a warp never needs a call stack: divergence inside
 * a callee reconverges at the call's continuation), and turns immediates into constant
 * registers. Recursion among device functions is rejected: GPUs support it, scan kernels do not
 * use it, and inlining cannot express it.
 */
public final class Compiler {
  private final IrModule module;
  private final List<CInsn> out = new ArrayList<>();
  private final List<IrType> regTypes = new ArrayList<>();
  private final List<Long> constants = new ArrayList<>();
  private final Map<String, Integer> constantIndex = new HashMap<>();
  private final List<MemoryVar> memory = new ArrayList<>();
  private final List<Boolean> moduleLevel = new ArrayList<>();
  private final Deque<String> inlining = new ArrayDeque<>();
  /** Branches to patch: instruction, and the block (in its inlining context) it targets. */
  private final List<Object[]> patches = new ArrayList<>();

  private Compiler(IrModule module) {
    this.module = module;
  }

  /** Compiles {@code f} of {@code module}. */
  public static Code compile(IrModule module, IrFunction f) {
    Compiler c = new Compiler(module);
    return c.run(f);
  }

  private Code run(IrFunction f) {
    Context root = new Context(f, 0, null, -1, null);
    allocateRegisters(root);
    Map<String, Integer> names = declareMemory(f, "");
    emitBody(root, names);
    int firstConstant = regTypes.size();
    for (MemoryVar g : module.globals()) {
      memory.add(g);
      moduleLevel.add(true);
    }
    resolveModuleSymbols();
    patchTargets();
    long[] consts = new long[constants.size()];
    IrType[] types = new IrType[firstConstant + consts.length];
    for (int i = 0; i < firstConstant; i++) {
      types[i] = regTypes.get(i);
    }
    for (int i = 0; i < consts.length; i++) {
      consts[i] = constants.get(i);
      types[firstConstant + i] = constantTypes.get(i);
    }
    // Constant register operands were numbered from CONST_BASE; move them after the real ones.
    for (CInsn ci : out) {
      for (int k = 0; k < ci.args.length; k++) {
        if (ci.args[k] >= CONST_BASE) {
          ci.args[k] = firstConstant + (ci.args[k] - CONST_BASE);
        }
      }
    }
    boolean[] ml = new boolean[moduleLevel.size()];
    for (int i = 0; i < ml.length; i++) {
      ml[i] = moduleLevel.get(i);
    }
    int[] params = new int[f.params().size()];
    for (int i = 0; i < params.length; i++) {
      params[i] = root.regBase + f.params().get(i).id();
    }
    return new Code(f, out.toArray(new CInsn[0]), types, firstConstant, consts, params, List.copyOf(memory), ml);
  }

  private static final int CONST_BASE = 1 << 28;
  private final List<IrType> constantTypes = new ArrayList<>();

  /** One function body being emitted: the kernel itself, or a callee inlined at a call. */
  private record Context(IrFunction f, int regBase, Context caller, int resultReg, Object continuation) {}

  private void allocateRegisters(Context cx) {
    for (Reg r : cx.f().regs()) {
      regTypes.add(r.type());
    }
  }

  private Map<String, Integer> declareMemory(IrFunction f, String prefix) {
    Map<String, Integer> names = new HashMap<>();
    for (MemoryVar m : f.memory()) {
      names.put(m.name(), memory.size());
      memory.add(prefix.isEmpty() ? m : new MemoryVar(prefix + m.name(), m.space(), m.elemType(), m.count(), m.init(), m.span(), m.layout(),
          m.address()));
      moduleLevel.add(false);
    }
    return names;
  }

  /** ADDR of a name not declared in the function refers to a file-scope variable. */
  private final List<CInsn> unresolved = new ArrayList<>();

  private void resolveModuleSymbols() {
    for (CInsn ci : unresolved) {
      String sym = ci.ir.symbol();
      for (int i = 0; i < memory.size(); i++) {
        if (moduleLevel.get(i) && memory.get(i).name().equals(sym)) {
          ci.memory = i;
          break;
        }
      }
      if (ci.memory < 0) {
        throw new Fault(Kind.INTERNAL, ci.span, "unknown memory variable @" + sym);
      }
    }
  }

  private final Map<Context, Map<Block, Integer>> blockPcs = new IdentityHashMap<>();

  private void emitBody(Context cx, Map<String, Integer> names) {
    Map<Block, Integer> pcs = new IdentityHashMap<>();
    blockPcs.put(cx, pcs);
    for (Block b : cx.f().blocks()) {
      pcs.put(b, out.size());
      for (Insn i : b.insns()) {
        emit(cx, i, names);
      }
    }
  }

  private int reg(Context cx, Operand o) {
    if (o instanceof Reg r) {
      return cx.regBase() + r.id();
    }
    Imm imm = (Imm) o;
    long bits = imm.type() == IrType.F32 ? Float.floatToRawIntBits((float) imm.asDouble()) & 0xFFFF_FFFFL : imm.bits();
    String key = imm.type() + ":" + bits;
    Integer idx = constantIndex.get(key);
    if (idx == null) {
      idx = constants.size();
      constants.add(bits);
      constantTypes.add(imm.type());
      constantIndex.put(key, idx);
    }
    return CONST_BASE + idx;
  }

  private int[] regs(Context cx, List<Operand> ops) {
    int[] r = new int[ops.size()];
    for (int k = 0; k < r.length; k++) {
      r[k] = reg(cx, ops.get(k));
    }
    return r;
  }

  private void emit(Context cx, Insn i, Map<String, Integer> names) {
    if (i.op() == Op.CALL && module.function(i.callee()) != null && module.function(i.callee()).space().onDevice()
        && cx.f().space().onDevice()) {
      inline(cx, i);
      return;
    }
    if (i.op() == Op.RET && cx.caller() != null) {
      // Return from an inlined callee: result to the call's destination, then continue after it.
      if (cx.resultReg() >= 0 && !i.args().isEmpty()) {
        out.add(new CInsn(Op.MOV, regTypes.get(cx.resultReg()), cx.resultReg(), new int[] {reg(cx, i.arg(0))}, i, out.size()));
      }
      CInsn br = new CInsn(Op.BR, null, -1, new int[0], i, out.size());
      out.add(br);
      patches.add(new Object[] {br, cx.continuation(), "continuation"});
      return;
    }
    IrType src = i.args().isEmpty() ? null : i.arg(0).type();
    CInsn ci = new CInsn(i, src, i.dst() == null ? -1 : cx.regBase() + i.dst().id(), regs(cx, i.args()), out.size());
    out.add(ci);
    switch (i.op().control()) {
      case JUMP -> patches.add(new Object[] {ci, cx, i.target(), "target"});
      case BRANCH -> {
        patches.add(new Object[] {ci, cx, i.target(), "target"});
        patches.add(new Object[] {ci, cx, i.elseTarget(), "else"});
        if (i.reconverge() != null) {
          patches.add(new Object[] {ci, cx, i.reconverge(), "reconverge"});
        } else if (cx.caller() != null) {
          patches.add(new Object[] {ci, cx.continuation(), "reconverge"});
        }
      }
      case NONE, RETURN, BARRIER, WARP_BARRIER -> {}
    }
    if (i.op() == Op.ADDR) { // the memory variable it names
      Integer m = names.get(i.symbol());
      if (m != null) {
        ci.memory = m;
      } else {
        unresolved.add(ci);
      }
    }
  }

  /** A marker for "the instruction after this call", patched once the callee is emitted. */
  private static final class Continuation {
    int pc = -1;
  }

  private void inline(Context cx, Insn call) {
    IrFunction callee = module.function(call.callee());
    if (inlining.contains(callee.name()) || callee.name().equals(cx.f().name())) {
      throw new Fault(Kind.UNSUPPORTED, call.span(), "recursive device function '" + callee.name() + "' is not supported");
    }
    if (inlining.size() > 64) {
      throw new Fault(Kind.UNSUPPORTED, call.span(), "device functions nested more than 64 calls deep");
    }
    int base = regTypes.size();
    Continuation cont = new Continuation();
    Context inner = new Context(callee, base, cx, call.dst() == null ? -1 : cx.regBase() + call.dst().id(), cont);
    allocateRegisters(inner);
    // Arguments into the callee's parameter registers.
    for (int k = 0; k < callee.params().size(); k++) {
      Reg p = callee.params().get(k);
      out.add(new CInsn(Op.MOV, p.type(), base + p.id(), new int[] {reg(cx, call.arg(k))}, call, out.size()));
    }
    inlining.push(callee.name());
    Map<String, Integer> names = declareMemory(callee, callee.name() + ".");
    int first = out.size();
    emitBody(inner, names);
    if (callee.name().endsWith(org.scansim.frontend.ast.StructDef.DISPATCHER) && first < out.size() && out.get(first).op == Op.LD) {
      out.get(first).vtable = true; // a virtual call's read of the object's class (the dispatcher's first instruction)
    }
    inlining.pop();
    cont.pc = out.size();
  }

  private void patchTargets() {
    for (Object[] p : patches) {
      CInsn ci = (CInsn) p[0];
      int pc;
      String which;
      if (p[1] instanceof Continuation c) {
        pc = c.pc;
        which = (String) p[2];
      } else {
        pc = blockPcs.get((Context) p[1]).get((Block) p[2]);
        which = (String) p[3];
      }
      switch (which) {
        case "target", "continuation" -> ci.target = pc;
        case "else" -> ci.elseTarget = pc;
        default -> ci.reconverge = pc;
      }
    }
  }
}
