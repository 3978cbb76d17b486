package org.scansim.sim.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;

/**
 * Models the one nvcc optimisation that changes shared-memory instruction counts in the seed
 * kernels: two 32-bit shared accesses of the same kind in one basic block (of any 32-bit types:
 * a struct's float and int fields too), to {@code a[2k]} and
 * {@code a[2k+1]} of the same array (byte addresses {@code 8m} and {@code 8m + 4} for the same
 * affine m), with no shared access in between that could alias them, are issued as one 64-bit
 * access. Measured on Hopper with {@code nvcc -O3} (hardware/measurements/README.md): Harris's
 * block A stores become one STS.64 and block E loads one LDS.64, while {@code temp[ai]} /
 * {@code temp[bi]} pairs stay 32-bit. The merged pair is counted once, as a 64-bit access at the
 * first instruction; both still move their data.
 *
 * <p>It also makes one access of each vector access the IR marks ({@code ld.v4.f32} of a {@code
 * float4}, {@link org.scansim.frontend.ir.Insn#vector}): its first instruction counts the whole
 * width, the others are counted with it.
 *
 * <p>Address arithmetic is tracked as affine forms over the values live at block entry (and over
 * each array's base), which is enough for the index expressions of scan kernels.
 */
public final class AccessMerging {
  private AccessMerging() {}

  /** Marks merged pairs in place: {@link CInsn#widthBytes} 8 on the first, {@link CInsn#countedWith} on the second. */
  public static void apply(Code code) {
    CInsn[] insns = code.insns;
    boolean[] leader = leaders(insns, true);
    Map<Integer, Affine> forms = new HashMap<>();
    CInsn pendingLoad = null;
    CInsn pendingStore = null;
    CInsn vector = null;
    int vectorLeft = 0;
    for (CInsn in : insns) {
      if (leader[in.index]) {
        forms.clear();
        pendingLoad = null;
        pendingStore = null;
        vectorLeft = 0;
      }
      switch (in.op) {
        case LD, ST -> {
          // A vector access the source asked for (a float4): one access of its whole width.
          if (in.ir.vector() > 1) {
            in.vector = true;
            in.widthBytes = in.ir.vector() * in.type.size();
            vector = in;
            vectorLeft = in.ir.vector() - 1;
            pendingLoad = null;
            pendingStore = null;
            break;
          }
          if (vectorLeft > 0 && in.op == vector.op && in.type == vector.type) {
            in.countedWith = vector.index;
            vectorLeft--;
            break;
          }
          boolean shared = isShared(code, in, forms);
          if (!shared) {
            if (!isGlobal(code, in, forms)) {
              pendingLoad = null; // a generic access might touch shared memory
              pendingStore = null;
            }
            break;
          }
          Affine addr = form(forms, in.a(), code);
          boolean load = in.op == Op.LD;
          CInsn pending = load ? pendingLoad : pendingStore;
          if (pending != null && in.type.size() == 4 && pending.type.size() == 4
              && addr.minus(form(forms, pending.a(), code)).isConstant(4)) {
            pending.widthBytes = 8;
            in.countedWith = pending.index;
            pending = null;
          } else {
            pending = in.type.size() == 4 && form(forms, in.a(), code).alignedTo(8) ? in : null;
          }
          if (load) {
            pendingLoad = pending;
            pendingStore = null;
          } else {
            pendingStore = pending;
            pendingLoad = null;
          }
        }
        // A barrier, a branch or a return ends the block (a leader follows); the active mask, launches,
        // CUDA calls, printf and assert leave a thread's memory and lanes as they are.
        case BAR, ACTIVEMASK, LAUNCH, CUDA, PRINTF, ASSERT, BR, CBR, RET -> {}
        // other ops: arithmetic passes (Op.computes); an atomic, a fence, __syncwarp, a call, a
        // shuffle or a vote (or any op not named) may touch memory or lanes: no pair across it
        default -> {
          if (!in.op.computes()) {
            pendingLoad = null;
            pendingStore = null;
          }
        }
      }
      if (in.dst >= 0) {
        forms.put(in.dst, define(code, in, forms, null));
      }
    }
    ArmMerging.apply(code, leader);
    StoreForwarding.apply(code, leader);
    RedundantLoads.apply(code);
    LoadSinking.apply(code);
  }

  /**
   * The instructions that begin a basic block: the first, every branch target, and each one after
   * a branch or a return (or a barrier, with {@code barriers}); one more flag for the end.
   */
  static boolean[] leaders(CInsn[] insns, boolean barriers) {
    boolean[] leader = new boolean[insns.length + 1];
    leader[0] = true;
    for (CInsn in : insns) {
      if (in.op == Op.BR || in.op == Op.CBR) {
        leader[in.target] = true;
        if (in.elseTarget >= 0) {
          leader[in.elseTarget] = true;
        }
      }
      if (in.op == Op.BR || in.op == Op.CBR || in.op == Op.RET || barriers && in.op == Op.BAR) {
        leader[in.index + 1] = true;
      }
    }
    return leader;
  }

  static boolean isShared(Code code, CInsn in, Map<Integer, Affine> forms) {
    if (in.ir.space() == MemSpace.SHARED) {
      return true;
    }
    Integer base = form(forms, in.a(), code).memoryBase();
    return base != null && code.memory.get(base).space() == MemSpace.SHARED;
  }

  /** A generic access through a kernel parameter: nvcc treats kernel pointer parameters as global. */
  private static boolean isGlobal(Code code, CInsn in, Map<Integer, Affine> forms) {
    if (in.ir.space() == MemSpace.GLOBAL) {
      return true;
    }
    Affine a = form(forms, in.a(), code);
    for (int p : code.params) {
      if (a.coefficient(p) == 1) {
        return true;
      }
    }
    return false;
  }

  static Affine form(Map<Integer, Affine> forms, int reg, Code code) {
    Affine f = forms.get(reg);
    if (f != null) {
      return f;
    }
    if (reg >= code.firstConstant && code.regTypes[reg].isInteger()) {
      return Affine.constant(code.constants[reg - code.firstConstant]);
    }
    return Affine.atom(reg);
  }

  /**
   * The form of {@code in}'s result. With {@code intern}, a pure operation the form cannot follow
   * (a product of two registers) is a value named by its operation and operands' forms, so two
   * blocks that compute it alike get the same atom; without, each instruction's is its own.
   */
  static Affine define(Code code, CInsn in, Map<Integer, Affine> forms, Map<Object, Integer> intern) {
    boolean integer = in.type != null && (in.type.isInteger() || in.type == IrType.PTR);
    switch (in.op) {
      case MOV -> {
        return form(forms, in.a(), code);
      }
      case ADD, SUB -> {
        if (integer) {
          Affine a = form(forms, in.a(), code);
          Affine b = form(forms, in.b(), code);
          return in.op == Op.ADD ? a.plus(b) : a.minus(b);
        }
      }
      case MUL -> {
        Affine a = form(forms, in.a(), code);
        Affine b = form(forms, in.b(), code);
        if (integer && b.isConstant()) {
          return a.times(b.constant());
        }
        if (integer && a.isConstant()) {
          return b.times(a.constant());
        }
      }
      case SHL -> {
        Affine b = form(forms, in.b(), code);
        if (integer && b.isConstant() && b.constant() >= 0 && b.constant() < 32) {
          return form(forms, in.a(), code).times(1L << b.constant());
        }
      }
      case CVT -> {
        if (integer && in.srcType != null && in.srcType.isInteger() && in.type.size() >= in.srcType.size()) {
          return form(forms, in.a(), code);
        }
      }
      case PTR_ADD -> {
        return form(forms, in.a(), code).plus(form(forms, in.b(), code).times(in.ir.imm()));
      }
      case ADDR -> {
        return Affine.memory(in.memory);
      }
      // other ops: no affine form (an opaque value below, if pure)
      default -> {}
    }
    if (intern != null && in.op.pure() && in.op != Op.LD && in.ir != null) {
      List<Affine> operands = new java.util.ArrayList<>(in.args.length);
      for (int r : in.args) {
        operands.add(form(forms, r, code));
      }
      Numbering key = new Numbering(in.op, in.type, in.ir.cmp(), in.ir.sreg(), in.ir.imm(), in.srcType, operands);
      return Affine.atom(intern.computeIfAbsent(key, k -> 2_000_000 + intern.size()));
    }
    return Affine.atom(1_000_000 + in.index); // a value of its own
  }

  /** What makes two pure operations one value: the operation, its types and immediates, and its operands' forms. */
  record Numbering(Op op, IrType type, Object cmp, Object sreg, long imm, IrType srcType, List<Affine> operands) {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Numbering n && n.op == op && n.type == type && java.util.Objects.equals(n.cmp, cmp)
          && java.util.Objects.equals(n.sreg, sreg) && n.imm == imm && n.srcType == srcType && java.util.Objects.equals(n.operands, operands);
    }

    @Override
    public int hashCode() {
      int h = java.util.Objects.hashCode(op);
      h = 31 * h + java.util.Objects.hashCode(type);
      h = 31 * h + java.util.Objects.hashCode(cmp);
      h = 31 * h + java.util.Objects.hashCode(sreg);
      h = 31 * h + Long.hashCode(imm);
      h = 31 * h + java.util.Objects.hashCode(srcType);
      return 31 * h + java.util.Objects.hashCode(operands);
    }
  }

  /** sum of coefficient * atom + constant; atoms are registers at block entry or array bases. */
  record Affine(Map<Integer, Long> terms, long constant) {
    private static final int MEMORY_BASE = -1_000_000;

    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Affine a && a.constant == constant && java.util.Objects.equals(a.terms, terms);
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(terms) + Long.hashCode(constant);
    }

    /** The form as text, its terms in order: the same for equal forms. */
    String key() {
      return new java.util.TreeMap<>(terms) + "+" + constant;
    }

    static Affine constant(long c) {
      return new Affine(Map.of(), c);
    }

    static Affine atom(int id) {
      return new Affine(Map.of(id, 1L), 0);
    }

    static Affine memory(int index) {
      return atom(MEMORY_BASE - index);
    }

    Integer memoryBase() {
      for (var e : terms.entrySet()) {
        if (e.getKey() <= MEMORY_BASE && e.getValue() == 1) {
          return MEMORY_BASE - e.getKey();
        }
      }
      return null;
    }

    long coefficient(int atom) {
      return terms.getOrDefault(atom, 0L);
    }

    boolean isConstant() {
      return terms.isEmpty();
    }

    boolean isConstant(long c) {
      return terms.isEmpty() && constant == c;
    }

    Affine plus(Affine o) {
      Map<Integer, Long> t = new HashMap<>(terms);
      o.terms.forEach((k, v) -> t.merge(k, v, Long::sum));
      t.values().removeIf(v -> v == 0);
      return new Affine(Map.copyOf(t), constant + o.constant);
    }

    Affine minus(Affine o) {
      return plus(o.times(-1));
    }

    Affine times(long k) {
      Map<Integer, Long> t = new HashMap<>();
      terms.forEach((a, v) -> {
        if (v * k != 0) {
          t.put(a, v * k);
        }
      });
      return new Affine(Map.copyOf(t), constant * k);
    }

    /** Whether every value of the form is a multiple of n (array bases are 16-byte aligned). */
    boolean alignedTo(long n) {
      if (constant % n != 0) {
        return false;
      }
      for (var e : terms.entrySet()) {
        if (e.getKey() > MEMORY_BASE && e.getValue() % n != 0) {
          return false;
        }
      }
      return true;
    }
  }
}
