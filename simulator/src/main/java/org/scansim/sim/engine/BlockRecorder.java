package org.scansim.sim.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;

/**
 * Watches one block run instruction by instruction and writes its {@link BlockTape}: for each
 * register lane of each warp, whether its value is the same in every block ({@link
 * BlockTape#CONST}), an affine function of the block index ({@link BlockTape#AFFINE}, as the
 * block's first element {@code blockIdx.x * 1024 + tid} is), or something only a run can
 * compute ({@link BlockTape#TAPE}: what was loaded, and what is not affine in the block index).
 * The control flow and every address must be of the first two kinds; each comparison of an
 * affine value, each integer that must not wrap and each access that must stay inside its array
 * narrows the range of blocks the tape stands for. Anything else (a branch or an address that
 * depends on memory, an instruction the tape does not model) refuses the tape, with the reason.
 */
final class BlockRecorder {
  /** Global accesses whose step is a multiple of this many bytes count the same sectors and segments in every block. */
  static final long ALIGN = 256;
  private static final long MAX_STEP = 1L << 31;
  private static final long MAX_VALUE = 1L << 61;

  private final int b0;
  private final BlockExecutor block;
  /** Per warp, register and lane: the kind and the step (the value is the register's, read when needed). */
  private final byte[][][] kind;
  private final long[][][] step;
  /** Per warp and register: the tape's scratch copy holds this register's non-tape lanes. */
  private final boolean[][] synced;
  private final List<BlockTape.Entry> entries = BlockTape.newList();
  /** The range of k = b − b0 the tape stands for. */
  private long kLo;
  private long kHi;
  private long period = 1;
  private final Map<Integer, Long> steps = new HashMap<>();
  /** Why the block's tape cannot be replayed (kept for a debugger: no report shows it yet), or null. */
  private String refused;
  private final byte[] outKind = new byte[32];
  private final long[] outStep = new long[32];

  BlockRecorder(int b0, long blocks, BlockExecutor block, int warps) {
    this.b0 = b0;
    this.block = block;
    int registers = block.code().registerCount();
    this.kind = new byte[warps][registers][32];
    this.step = new long[warps][registers][32];
    this.synced = new boolean[warps][registers];
    this.kLo = -b0;
    this.kHi = blocks - 1 - b0;
  }

  /** The tape, once the block has run (null when refused). */
  BlockTape tape() {
    if (refused != null) {
      return null;
    }
    return new BlockTape(b0, b0 + kLo, b0 + kHi, (int) period, steps, entries);
  }

  private void refuse(String why) {
    if (refused == null) {
      refused = why;
    }
  }

  /** Narrows the range to the k where v + d × k lies in min..max. */
  private void within(long v, long d, long min, long max) {
    if (d == 0) {
      if (v < min || v > max) {
        refuse("a value outside its range");
      }
      return;
    }
    // v + d k <= max and v + d k >= min (no overflow: |v| < 2^61, |d| <= 2^31, |k| < 2^31)
    long a = max - v;
    long c = min - v;
    if (d > 0) {
      kHi = Math.min(kHi, Math.floorDiv(a, d));
      kLo = Math.max(kLo, -Math.floorDiv(-c, d));
    } else {
      kHi = Math.min(kHi, Math.floorDiv(-c, -d));
      kLo = Math.max(kLo, -Math.floorDiv(a, -d));
    }
    if (kLo > 0 || kHi < 0) {
      refuse("a range that excludes the recorded block");
    }
  }

  private static boolean affineType(IrType t) {
    return t == IrType.I32 || t == IrType.U32 || t == IrType.I64 || t == IrType.U64;
  }

  /**
   * Whether v, an affine value of type t in the recorded block, is inside the type (else it
   * wrapped there, and only running gives it); if so, narrows the range so that it stays inside.
   */
  private boolean fits(IrType t, long v, long d) {
    long min = switch (t) {
      case I32 -> Integer.MIN_VALUE;
      case U32, U64 -> 0;
      default -> -MAX_VALUE;
    };
    long max = switch (t) {
      case I32 -> Integer.MAX_VALUE;
      case U32 -> 0xFFFF_FFFFL;
      default -> MAX_VALUE;
    };
    if (v < min || v > max) {
      return false;
    }
    within(v, d, min, max);
    return true;
  }

  /** Before the interpreter runs {@code in} (not a branch) for the lanes of mask of warp w. */
  void before(Warp w, CInsn in, int mask) {
    if (refused != null) {
      return;
    }
    int wi = w.index;
    switch (in.op) {
      case LD -> load(w, in, mask);
      case ST -> store(w, in, mask);
      // other ops: an arithmetic or special-register instruction (the run refuses what a tape does not model first)
      default -> alu(w, in, mask, in.once ? -1 : mask);
    }
    if (in.dst >= 0 && in.op != Op.ST) {
      synced[wi][in.dst] = false;
    }
  }

  /** A conditional branch: its condition must be the same in every block of the range. */
  void branch(Warp w, CInsn in, int mask, boolean uniform) {
    byte[] k = kind[w.index][in.a()];
    int lanes = uniform ? 1 : mask;
    for (int m = lanes; m != 0; m &= m - 1) {
      if (k[Integer.numberOfTrailingZeros(m)] != BlockTape.CONST) {
        refuse("a branch on a value loaded from memory or computed from the block index (" + in.span.position() + ")");
        return;
      }
    }
  }

  /** An instruction other than an access: mask, the lanes it runs for; lanes, those it writes (all for a uniform register). */
  private void alu(Warp w, CInsn in, int runMask, int mask) {
    int wi = w.index;
    int dst = in.dst;
    if (dst < 0) {
      return;
    }
    if (in.op == Op.SHFL) {
      // A lane may read a lane that does not run the shuffle, whose kind the loop below does not
      // see: the tape runs it, with every operand's other lanes set.
      for (int a : in.args) {
        sync(w, a);
      }
      entries.add(new BlockTape.Exec(wi, in, runMask, w.slot));
      setLanes(wi, dst, mask, BlockTape.TAPE, 0);
      return;
    }
    long[][] r = w.regs;
    boolean tape = false;
    boolean affine = false;
    for (int a : in.args) {
      byte[] k = kind[wi][a];
      int lanes = in.once ? 1 : mask;
      for (int m = lanes; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        tape |= k[l] == BlockTape.TAPE;
        affine |= k[l] != BlockTape.CONST;
      }
    }
    if (in.op == Op.SREG) {
      SpecialReg s = in.ir.sreg();
      if (s == SpecialReg.CTAID_X) {
        setLanes(wi, dst, mask, BlockTape.AFFINE, 1);
      } else {
        setLanes(wi, dst, mask, BlockTape.CONST, 0);
      }
      return;
    }
    if (!tape && !affine) {
      setLanes(wi, dst, mask, BlockTape.CONST, 0);
      return;
    }
    if (!tape && in.args.length <= 2) {
      // Operands constant or affine: affine when the operation keeps it so, else computed by the tape.
      byte[] ka = in.args.length > 0 ? kind[wi][in.args[0]] : null;
      byte[] kb = in.args.length > 1 ? kind[wi][in.args[1]] : null;
      long[] sa = in.args.length > 0 ? step[wi][in.args[0]] : null;
      long[] sb = in.args.length > 1 ? step[wi][in.args[1]] : null;
      long[] va = in.args.length > 0 ? r[in.args[0]] : null;
      long[] vb = in.args.length > 1 ? r[in.args[1]] : null;
      byte[] kd = kind[wi][dst];
      long[] sd = step[wi][dst];
      boolean all = true;
      byte[] outKind = this.outKind;
      long[] outStep = this.outStep;
      for (int m = mask; m != 0 && all; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        int la = in.once ? 0 : l;
        int lb = in.once || in.uniformB ? 0 : l;
        all = affineLane(in, ka, sa, va, kb, sb, vb, la, lb, l, outKind, outStep);
      }
      if (all) {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          kd[l] = outKind[l];
          sd[l] = outStep[l];
        }
        return;
      }
    }
    if ((in.op == Op.DIV || in.op == Op.REM) && in.type != null && !in.type.isFloat()) {
      refuse("an integer division of values the tape computes, which may fault in another block (" + in.span.position() + ")");
      return;
    }
    // Computed by the tape: its operands' other lanes set first, then the instruction itself.
    for (int a : in.args) {
      sync(w, a);
    }
    entries.add(new BlockTape.Exec(wi, in, runMask, w.slot));
    setLanes(wi, dst, mask, BlockTape.TAPE, 0);
  }

  /**
   * One lane of an instruction whose operands are constant or affine: writes the result's kind
   * and step to out[l] and returns true when it is affine (or constant) and the range keeps it
   * from wrapping; false when only running it gives the value.
   */
  private boolean affineLane(CInsn in, byte[] ka, long[] sa, long[] va, byte[] kb, long[] sb, long[] vb, int la, int lb, int l,
      byte[] outKind, long[] outStep) {
    long a = va == null ? 0 : va[la];
    long da = ka == null || ka[la] == BlockTape.CONST ? 0 : sa[la];
    long b = vb == null ? 0 : vb[lb];
    long db = kb == null || kb[lb] == BlockTape.CONST ? 0 : sb[lb];
    boolean ptrA = ka != null && ka[la] == BlockTape.AFFINE_PTR;
    boolean ptrB = kb != null && kb[lb] == BlockTape.AFFINE_PTR;
    IrType t = in.type;
    long v;
    long d;
    switch (in.op) {
      case MOV -> {
        outKind[l] = ka[la];
        outStep[l] = da;
        return true;
      }
      case PTR_ADD -> {
        if (ptrB) {
          return false;
        }
        long scale = in.ir.imm();
        try {
          d = Math.addExact(da, Math.multiplyExact(db, scale));
        } catch (ArithmeticException e) {
          return false;
        }
        if (Math.abs(d) > MAX_STEP) {
          return false;
        }
        outKind[l] = d == 0 ? BlockTape.CONST : BlockTape.AFFINE_PTR;
        outStep[l] = d;
        return true;
      }
      case SETP -> {
        if (ptrA || ptrB || !affineType(in.srcType)) {
          return false;
        }
        if (in.srcType == IrType.U64 && (a < 0 || b < 0)) {
          return false;
        }
        long e;
        long de;
        try {
          e = Math.subtractExact(a, b);
          de = Math.subtractExact(da, db);
        } catch (ArithmeticException x) {
          return false;
        }
        if (de != 0) {
          if (e == 0) {
            kLo = Math.max(kLo, 0);
            kHi = Math.min(kHi, 0);
          } else if (e > 0) {
            within(e, de, 1, MAX_VALUE);
          } else {
            within(e, de, -MAX_VALUE, -1);
          }
        }
        outKind[l] = BlockTape.CONST;
        outStep[l] = 0;
        return true;
      }
      // other ops: by their integer arithmetic below
      default -> { }
    }
    if (ptrA || ptrB || !affineType(t)) {
      return false;
    }
    try {
      switch (in.op) {
        case ADD -> {
          v = Math.addExact(a, b);
          d = Math.addExact(da, db);
        }
        case SUB -> {
          v = Math.subtractExact(a, b);
          d = Math.subtractExact(da, db);
        }
        case NEG -> {
          v = Math.negateExact(a);
          d = Math.negateExact(da);
        }
        case MUL -> {
          if (da != 0 && db != 0) {
            return false;
          }
          v = Math.multiplyExact(a, b);
          d = da != 0 ? Math.multiplyExact(da, b) : Math.multiplyExact(db, a);
        }
        case SHL -> {
          if (db != 0 || b < 0 || b > 30) {
            return false;
          }
          v = Math.multiplyExact(a, 1L << b);
          d = Math.multiplyExact(da, 1L << b);
        }
        case CVT -> {
          if (!affineType(in.srcType)) {
            return false;
          }
          v = a;
          d = da;
        }
        // other ops: not affine in the block index, computed by the tape
        default -> {
          return false;
        }
      }
    } catch (ArithmeticException e) {
      return false;
    }
    if (Math.abs(d) > MAX_STEP || Math.abs(v) > MAX_VALUE) {
      return false;
    }
    if (!fits(t, v, d)) {
      return false;
    }
    outKind[l] = d == 0 ? BlockTape.CONST : BlockTape.AFFINE;
    outStep[l] = d;
    return true;
  }

  private void setLanes(int wi, int reg, int mask, byte k, long d) {
    byte[] kr = kind[wi][reg];
    long[] sr = step[wi][reg];
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      kr[l] = k;
      sr[l] = d;
    }
  }

  /** Sets the scratch copy of register reg's non-tape lanes before an instruction of the tape reads them. */
  private void sync(Warp w, int reg) {
    int wi = w.index;
    if (synced[wi][reg]) {
      return;
    }
    synced[wi][reg] = true;
    byte[] k = kind[wi][reg];
    int tapeLanes = 0;
    boolean any = false;
    for (int l = 0; l < 32; l++) {
      if (k[l] == BlockTape.TAPE) {
        tapeLanes |= 1 << l;
      } else {
        any = true;
      }
    }
    if (any) {
      entries.add(new BlockTape.Set(wi, reg, k.clone(), w.regs[reg].clone(), step[wi][reg].clone(), tapeLanes));
    }
  }

  /** The allocation and lane offsets of an access; null (refused) when the tape cannot replay it. */
  private Allocation access(Warp w, CInsn in, int mask, int[] offsets, long[] stepOut) {
    int wi = w.index;
    long[] p = w.regs[in.a()];
    byte[] k = kind[wi][in.a()];
    long[] s = step[wi][in.a()];
    Allocation a = null;
    long d = 0;
    boolean first = true;
    int size = in.type.size();
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if (k[l] == BlockTape.TAPE || k[l] == BlockTape.AFFINE) {
        refuse("an address computed from memory or not affine in the block index (" + in.span.position() + ")");
        return null;
      }
      long lane = k[l] == BlockTape.CONST ? 0 : s[l];
      Allocation la = switch (Ptr.space(p[l])) {
        case Ptr.SHARED -> block.sharedAllocation(Ptr.id(p[l]));
        case Ptr.GLOBAL -> block.lx().global.get(Ptr.id(p[l]));
        default -> null;
      };
      if (la == null || la.freed) {
        refuse("an access to memory other than shared or global arrays (" + in.span.position() + ")");
        return null;
      }
      if (first) {
        a = la;
        d = lane;
        first = false;
      } else if (la != a || lane != d) {
        refuse("an access whose lanes move differently from block to block (" + in.span.position() + ")");
        return null;
      }
      long off = Ptr.offset(p[l]);
      offsets[l] = (int) off;
      within(off, lane, 0, a.size() - size);
    }
    if (a == null) {
      return null;
    }
    if (in.vector && d % Math.max(1, in.widthBytes) != 0) {
      refuse("a vector access whose step breaks its alignment (" + in.span.position() + ")");
      return null;
    }
    if (a.space == Ptr.SHARED && d != 0) {
      refuse("a shared access that moves with the block index (" + in.span.position() + ")");
      return null;
    }
    if (a.space == Ptr.GLOBAL && d != 0) {
      Long before = steps.putIfAbsent(a.id, d);
      if (before != null && before != d) {
        refuse("accesses to one array that move by different steps (" + in.span.position() + ")");
        return null;
      }
      if (block.lx().memoryModel.sectorShift() > 8) {
        refuse("sectors of more than " + ALIGN + " bytes");
        return null;
      }
      long per = ALIGN / gcd(Math.abs(d), ALIGN);
      if (per > 1 && !(Integer.bitCount(mask) == 1 && sameSectors(a, mask, offsets, d, per, Math.max(1, in.widthBytes)))) {
        period = lcm(period, per);
      }
    } else if (a.space == Ptr.GLOBAL) {
      Long before = steps.putIfAbsent(a.id, 0L);
      if (before != null && before != 0) {
        refuse("accesses to one array that move by different steps (" + in.span.position() + ")");
        return null;
      }
    }
    stepOut[0] = d;
    return a;
  }

  /**
   * Whether a one-lane access counts the same sectors at each of the p shifts by d the residues
   * of the block index give (as a single aligned word does, on every preset but the half-warp
   * rules of compute 1.x): then it does not make the tape count per residue.
   */
  private boolean sameSectors(Allocation a, int mask, int[] offsets, long d, long p, int size) {
    int l = Integer.numberOfTrailingZeros(mask);
    long[] addr = new long[32];
    long base = ((long) a.id << 32) + offsets[l];
    addr[l] = base;
    var model = block.lx().memoryModel;
    int first = model.sectors(addr, mask, size);
    for (long j = 1; j < p; j++) {
      addr[l] = base + j * d;
      if (model.sectors(addr, mask, size) != first) {
        return false;
      }
    }
    return true;
  }

  private void load(Warp w, CInsn in, int mask) {
    if (in.forward != null || in.sinkCompare != null) {
      for (int i = 1; i < in.args.length; i++) {
        requireConst(w, in.args[i], mask, in);
      }
    }
    int[] offsets = new int[32];
    long[] d = new long[1];
    Allocation a = access(w, in, mask, offsets, d);
    if (a == null) {
      return;
    }
    entries.add(new BlockTape.Access(BlockTape.LOAD, w.index, in, mask, a.space == Ptr.GLOBAL ? a : null, sharedIndex(a), offsets, d[0]));
    setLanes(w.index, in.dst, mask, BlockTape.TAPE, 0);
  }

  private void store(Warp w, CInsn in, int mask) {
    int[] offsets = new int[32];
    long[] d = new long[1];
    Allocation a = access(w, in, mask, offsets, d);
    if (a == null) {
      return;
    }
    sync(w, in.b());
    entries.add(new BlockTape.Access(BlockTape.STORE, w.index, in, mask, a.space == Ptr.GLOBAL ? a : null, sharedIndex(a), offsets, d[0]));
  }

  private void requireConst(Warp w, int reg, int mask, CInsn in) {
    byte[] k = kind[w.index][reg];
    for (int m = mask; m != 0; m &= m - 1) {
      if (k[Integer.numberOfTrailingZeros(m)] != BlockTape.CONST) {
        refuse("a load counted by a comparison that moves with the block index (" + in.span.position() + ")");
        return;
      }
    }
  }

  private int sharedIndex(Allocation a) {
    return a.space == Ptr.SHARED ? block.sharedIndexOf(a) : -1;
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  private static long lcm(long a, long b) {
    return a / gcd(a, b) * b;
  }
}
