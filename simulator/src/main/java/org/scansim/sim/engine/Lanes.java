package org.scansim.sim.engine;

import org.scansim.sim.memory.Ptr;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Enums.SpecialReg;

/**
 * Type-specialised lane loops for the instructions scan kernels spend their time in: 32- and
 * 64-bit integer and single-precision arithmetic, integer comparisons, the conversions that only
 * re-normalise a register, pointer arithmetic and {@code threadIdx.x}. Each is decoded once per
 * instruction ({@link #decode}) and runs as a plain loop over the 32 lanes when the whole warp is
 * active (a loop the JIT unrolls and, for the simplest kinds, vectorises), or over the set bits of
 * the mask otherwise. Uniform registers hold their value in all 32 lanes, so operands are read
 * the same way whatever their uniformity. The results are bit for bit those of {@link Alu},
 * which runs everything not listed here.
 */
public final class Lanes {
  private Lanes() {}

  public static final int GENERIC = 0;
  public static final int MOV = 1;
  public static final int ADD_I32 = 2;
  public static final int SUB_I32 = 3;
  public static final int MUL_I32 = 4;
  public static final int AND = 5;
  public static final int OR = 6;
  public static final int XOR = 7;
  public static final int SHL_I32 = 8;
  public static final int SHR_I32 = 9;
  public static final int MIN_I32 = 10;
  public static final int MAX_I32 = 11;
  public static final int ADD_U32 = 12;
  public static final int SUB_U32 = 13;
  public static final int MUL_U32 = 14;
  public static final int SHL_U32 = 15;
  public static final int SHR_U32 = 16;
  public static final int ADD_I64 = 17;
  public static final int SUB_I64 = 18;
  public static final int MUL_I64 = 19;
  public static final int ADD_F32 = 20;
  public static final int SUB_F32 = 21;
  public static final int MUL_F32 = 22;
  public static final int LT = 23;
  public static final int LE = 24;
  public static final int GT = 25;
  public static final int GE = 26;
  public static final int EQ = 27;
  public static final int NE = 28;
  public static final int TO_I32 = 29;
  public static final int TO_U32 = 30;
  public static final int INT_TO_F32 = 31;
  public static final int PTR_ADD = 32;
  public static final int TID_X = 33;

  /** The specialised loop for {@code in}, or {@link #GENERIC}. */
  static int decode(CInsn in) {
    IrType t = in.type;
    return switch (in.op) {
      case MOV -> MOV;
      case ADD, SUB, MUL, AND, OR, XOR, SHL, SHR, MIN, MAX -> binary(in.op, t);
      case SETP -> compare(in);
      case CVT -> convert(in.type, in.srcType);
      case PTR_ADD -> PTR_ADD;
      case SREG -> in.ir.sreg() == SpecialReg.TID_X ? TID_X : GENERIC;
      // other ops: no specialised loop
      default -> GENERIC;
    };
  }

  private static int binary(Op op, IrType t) {
    if (t == IrType.I32) {
      return switch (op) {
        case ADD -> ADD_I32;
        case SUB -> SUB_I32;
        case MUL -> MUL_I32;
        case AND -> AND;
        case OR -> OR;
        case XOR -> XOR;
        case SHL -> SHL_I32;
        case SHR -> SHR_I32;
        case MIN -> MIN_I32;
        case MAX -> MAX_I32;
        // other ops: no specialised loop
        default -> GENERIC;
      };
    }
    if (t == IrType.U32) {
      return switch (op) {
        case ADD -> ADD_U32;
        case SUB -> SUB_U32;
        case MUL -> MUL_U32;
        case AND -> AND;
        case OR -> OR;
        case XOR -> XOR;
        case SHL -> SHL_U32;
        case SHR -> SHR_U32;
        // other ops: no specialised loop
        default -> GENERIC;
      };
    }
    if (t == IrType.I64) {
      return switch (op) {
        case ADD -> ADD_I64;
        case SUB -> SUB_I64;
        case MUL -> MUL_I64;
        // other ops: no specialised loop
        default -> GENERIC;
      };
    }
    if (t == IrType.F32) {
      return switch (op) {
        case ADD -> ADD_F32;
        case SUB -> SUB_F32;
        case MUL -> MUL_F32;
        // other ops: no specialised loop
        default -> GENERIC;
      };
    }
    return GENERIC;
  }

  /** Signed comparisons of I32 and I64, and U32 (held zero-extended, so a signed compare agrees). */
  private static int compare(CInsn in) {
    IrType t = in.type;
    if (t != IrType.I32 && t != IrType.I64 && t != IrType.U32) {
      return GENERIC;
    }
    return switch (in.ir.cmp()) {
      case LT -> LT;
      case LE -> LE;
      case GT -> GT;
      case GE -> GE;
      case EQ -> EQ;
      case NE -> NE;
    };
  }

  /** Conversions between integer types of at most 64 bits that only re-normalise, and integer to float. */
  private static int convert(IrType to, IrType from) {
    boolean fromInt = from == IrType.I32 || from == IrType.U32 || from == IrType.I64;
    if (!fromInt && from != IrType.U64) {
      return GENERIC;
    }
    if (to == from || to == IrType.I64 && from != IrType.U64 || to == IrType.U64 && from == IrType.U32) {
      return MOV; // the register already holds the value sign- or zero-extended as the target needs
    }
    if (to == IrType.I32) {
      return TO_I32;
    }
    if (to == IrType.U32) {
      return TO_U32;
    }
    if (to == IrType.F32 && fromInt) {
      return INT_TO_F32;
    }
    return GENERIC;
  }

  /**
   * The value {@code kind} computes from single operand values a and b (b unused by the one-operand
   * kinds): a uniform register's one value, bit for bit what the lane loop gives any lane.
   * Not for {@link #TID_X}, which is never uniform.
   */
  static long scalar(int kind, CInsn in, long a, long b) {
    return switch (kind) {
      case MOV -> a;
      case ADD_I32 -> (a + b) << 32 >> 32;
      case SUB_I32 -> (a - b) << 32 >> 32;
      case MUL_I32 -> a * b << 32 >> 32;
      case AND -> a & b;
      case OR -> a | b;
      case XOR -> a ^ b;
      case SHL_I32 -> (b & ~31L) != 0 ? 0 : a << b << 32 >> 32;
      case SHR_I32 -> (b & ~31L) != 0 ? (a >= 0 ? 0 : -1) : a >> b;
      case MIN_I32 -> min32(a, b);
      case MAX_I32 -> max32(a, b);
      case ADD_U32 -> (a + b) & 0xFFFF_FFFFL;
      case SUB_U32 -> (a - b) & 0xFFFF_FFFFL;
      case MUL_U32 -> (a * b) & 0xFFFF_FFFFL;
      case SHL_U32 -> (b & ~31L) != 0 ? 0 : (a << b) & 0xFFFF_FFFFL;
      case SHR_U32 -> (b & ~31L) != 0 ? 0 : a >>> b;
      case ADD_I64 -> a + b;
      case SUB_I64 -> a - b;
      case MUL_I64 -> a * b;
      case ADD_F32 -> Alu.f(Alu.f(a) + Alu.f(b));
      case SUB_F32 -> Alu.f(Alu.f(a) - Alu.f(b));
      case MUL_F32 -> Alu.f(Alu.f(a) * Alu.f(b));
      case LT, LE, GT, GE, EQ, NE -> compare(kind, a, b) ? 1 : 0;
      case TO_I32 -> a << 32 >> 32;
      case TO_U32 -> a & 0xFFFF_FFFFL;
      case INT_TO_F32 -> Alu.f((float) a);
      case PTR_ADD -> Ptr.add(a, b * in.ir.imm());
      default -> throw new IllegalStateException("lane kind " + kind + " has no single value");
    };
  }

  // The loops below are written without branches and without int casts ((int) x is x << 32 >> 32
  // on a register), so that the JIT turns the 32-lane loops into vector instructions.

  /** All ones when the shift amount s is below 32 (taken unsigned), else 0: CUDA's shifts by 32 or more give 0. */
  static long inRange(long s) {
    return ((s >>> 5) - 1) >> 63;
  }

  /** 1 when a < b (signed 64-bit, overflow included: Hacker's Delight 2-12), else 0. */
  private static long less(long a, long b) {
    long diff = a - b;
    return (diff ^ ((a ^ b) & (diff ^ a))) >>> 63;
  }

  /** 1 when a != b, else 0. */
  private static long differ(long a, long b) {
    long x = a ^ b;
    return (x | -x) >>> 63;
  }

  /** The smaller of two 32-bit values held in registers (their difference cannot overflow). */
  private static long min32(long a, long b) {
    long diff = a - b;
    return b + (diff & (diff >> 63));
  }

  private static long max32(long a, long b) {
    long diff = a - b;
    return a - (diff & (diff >> 63));
  }

  /** Runs {@code kind} for the lanes of {@code mask} (see the class comment). */
  public static void run(int kind, CInsn in, long[] d, long[] a, long[] b, int mask, Warp w) {
    switch (kind) {
      case MOV -> mov(d, a, mask);
      case ADD_I32 -> addI32(d, a, b, mask);
      case SUB_I32 -> subI32(d, a, b, mask);
      case MUL_I32 -> mulI32(d, a, b, mask);
      case AND -> and(d, a, b, mask);
      case OR -> or(d, a, b, mask);
      case XOR -> xor(d, a, b, mask);
      case SHL_I32 -> {
        if (in.uniformB) {
          shlI32(d, a, b[0], mask);
        } else {
          shlI32(d, a, b, mask);
        }
      }
      case SHR_I32 -> {
        if (in.uniformB) {
          shrI32(d, a, b[0], mask);
        } else {
          shrI32(d, a, b, mask);
        }
      }
      case MIN_I32 -> minI32(d, a, b, mask);
      case MAX_I32 -> maxI32(d, a, b, mask);
      case ADD_U32 -> addU32(d, a, b, mask);
      case SUB_U32 -> subU32(d, a, b, mask);
      case MUL_U32 -> mulU32(d, a, b, mask);
      case SHL_U32 -> {
        if (in.uniformB) {
          shlU32(d, a, b[0], mask);
        } else {
          shlU32(d, a, b, mask);
        }
      }
      case SHR_U32 -> {
        if (in.uniformB) {
          shrU32(d, a, b[0], mask);
        } else {
          shrU32(d, a, b, mask);
        }
      }
      case ADD_I64 -> addI64(d, a, b, mask);
      case SUB_I64 -> subI64(d, a, b, mask);
      case MUL_I64 -> mulI64(d, a, b, mask);
      case ADD_F32 -> addF32(d, a, b, mask);
      case SUB_F32 -> subF32(d, a, b, mask);
      case MUL_F32 -> mulF32(d, a, b, mask);
      case LT -> lt(d, a, b, mask);
      case LE -> le(d, a, b, mask);
      case GT -> gt(d, a, b, mask);
      case GE -> ge(d, a, b, mask);
      case EQ -> eq(d, a, b, mask);
      case NE -> ne(d, a, b, mask);
      case TO_I32 -> toI32(d, a, mask);
      case TO_U32 -> toU32(d, a, mask);
      case INT_TO_F32 -> intToF32(d, a, mask);
      case PTR_ADD -> ptrAdd(d, a, b, in.ir.imm(), mask);
      case TID_X -> tidX(d, w, mask);
      default -> throw new IllegalStateException("lane kind " + kind);
    }
  }

  private static void mov(long[] d, long[] a, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l];
    }
  }

  private static void addI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (a[l] + b[l]) << 32 >> 32;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (a[l] + b[l]) << 32 >> 32;
    }
  }

  private static void subI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (a[l] - b[l]) << 32 >> 32;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (a[l] - b[l]) << 32 >> 32;
    }
  }

  private static void mulI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] * b[l] << 32 >> 32;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] * b[l] << 32 >> 32;
    }
  }

  private static void and(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] & b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] & b[l];
    }
  }

  private static void or(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] | b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] | b[l];
    }
  }

  private static void xor(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] ^ b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] ^ b[l];
    }
  }

  // Shifts by one amount for every lane (a uniform register: a constant, a loop's step): the
  // amount is decoded once and the loop shifts by a scalar, which the JIT vectorises.

  private static void shlI32(long[] d, long[] a, long s, int mask) {
    long keep = inRange(s);
    long sh = s & 31;
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] << sh << 32 >> 32 & keep;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] << sh << 32 >> 32 & keep;
    }
  }

  private static void shrI32(long[] d, long[] a, long s, int mask) {
    long sh = (s & 31) | (~inRange(s) & 31);
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] >> sh;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] >> sh;
    }
  }

  private static void shlU32(long[] d, long[] a, long s, int mask) {
    long keep = inRange(s) & 0xFFFF_FFFFL;
    long sh = s & 31;
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] << sh & keep;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] << sh & keep;
    }
  }

  private static void shrU32(long[] d, long[] a, long s, int mask) {
    long keep = inRange(s);
    long sh = s & 31;
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] >>> sh & keep;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] >>> sh & keep;
    }
  }

  private static void shlI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (b[l] & ~31L) != 0 ? 0 : a[l] << b[l] << 32 >> 32;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (b[l] & ~31L) != 0 ? 0 : a[l] << b[l] << 32 >> 32;
    }
  }

  private static void shrI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (b[l] & ~31L) != 0 ? (a[l] >= 0 ? 0 : -1) : a[l] >> b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (b[l] & ~31L) != 0 ? (a[l] >= 0 ? 0 : -1) : a[l] >> b[l];
    }
  }

  private static void minI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = min32(a[l], b[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = min32(a[l], b[l]);
    }
  }

  private static void maxI32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = max32(a[l], b[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = max32(a[l], b[l]);
    }
  }

  private static void addU32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (a[l] + b[l]) & 0xFFFF_FFFFL;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (a[l] + b[l]) & 0xFFFF_FFFFL;
    }
  }

  private static void subU32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (a[l] - b[l]) & 0xFFFF_FFFFL;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (a[l] - b[l]) & 0xFFFF_FFFFL;
    }
  }

  private static void mulU32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (a[l] * b[l]) & 0xFFFF_FFFFL;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (a[l] * b[l]) & 0xFFFF_FFFFL;
    }
  }

  private static void shlU32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (b[l] & ~31L) != 0 ? 0 : (a[l] << b[l]) & 0xFFFF_FFFFL;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (b[l] & ~31L) != 0 ? 0 : (a[l] << b[l]) & 0xFFFF_FFFFL;
    }
  }

  private static void shrU32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = (b[l] & ~31L) != 0 ? 0 : a[l] >>> b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (b[l] & ~31L) != 0 ? 0 : a[l] >>> b[l];
    }
  }

  private static void addI64(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] + b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] + b[l];
    }
  }

  private static void subI64(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] - b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] - b[l];
    }
  }

  private static void mulI64(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] * b[l];
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] * b[l];
    }
  }

  private static void addF32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = Alu.f(Alu.f(a[l]) + Alu.f(b[l]));
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = Alu.f(Alu.f(a[l]) + Alu.f(b[l]));
    }
  }

  private static void subF32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = Alu.f(Alu.f(a[l]) - Alu.f(b[l]));
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = Alu.f(Alu.f(a[l]) - Alu.f(b[l]));
    }
  }

  private static void mulF32(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = Alu.f(Alu.f(a[l]) * Alu.f(b[l]));
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = Alu.f(Alu.f(a[l]) * Alu.f(b[l]));
    }
  }

  /** Whether {@code kind} is one of the comparisons. */
  public static boolean isCompare(int kind) {
    return kind >= LT && kind <= NE;
  }

  /**
   * The lanes of {@code mask} whose predicate the comparison {@code kind} of a and b would set:
   * a comparison and the branch on its result in one pass, without writing the predicate. Every
   * lane is compared (a lane outside the mask compares whatever its registers hold, harmlessly).
   */
  static int compareMask(int kind, long[] a, long[] b, int mask) {
    return switch (kind) {
      case LT -> ltMask(a, b) & mask;
      case LE -> ~ltMask(b, a) & mask;
      case GT -> ltMask(b, a) & mask;
      case GE -> ~ltMask(a, b) & mask;
      case EQ -> ~neMask(a, b) & mask;
      case NE -> neMask(a, b) & mask;
      default -> throw new IllegalStateException("not a comparison: lane kind " + kind);
    };
  }

  /** The comparison {@code kind} of two single values (a uniform predicate's one value). */
  static boolean compare(int kind, long a, long b) {
    return switch (kind) {
      case LT -> a < b;
      case LE -> a <= b;
      case GT -> a > b;
      case GE -> a >= b;
      case EQ -> a == b;
      case NE -> a != b;
      default -> throw new IllegalStateException("not a comparison: lane kind " + kind);
    };
  }

  /**
   * 1 << l for lane l: the bit of each lane in a mask. The mask loops below stay scalar (the JIT
   * does not vectorise a reduction into lane bits in any form tried: a table, a shift by the
   * lane, a ternary per lane); this branch-free form measured best in place, by a few percent.
   */
  private static final long[] LANE_BIT = new long[32];

  static {
    for (int l = 0; l < 32; l++) {
      LANE_BIT[l] = 1L << l;
    }
  }

  private static int ltMask(long[] a, long[] b) {
    long set = 0;
    for (int l = 0; l < 32; l++) {
      set |= -less(a[l], b[l]) & LANE_BIT[l];
    }
    return (int) set;
  }

  private static int neMask(long[] a, long[] b) {
    long set = 0;
    for (int l = 0; l < 32; l++) {
      set |= -differ(a[l], b[l]) & LANE_BIT[l];
    }
    return (int) set;
  }

  private static void lt(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = less(a[l], b[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = less(a[l], b[l]);
    }
  }

  private static void le(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = less(b[l], a[l]) ^ 1;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = less(b[l], a[l]) ^ 1;
    }
  }

  private static void gt(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = less(b[l], a[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = less(b[l], a[l]);
    }
  }

  private static void ge(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = less(a[l], b[l]) ^ 1;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = less(a[l], b[l]) ^ 1;
    }
  }

  private static void eq(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = differ(a[l], b[l]) ^ 1;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = differ(a[l], b[l]) ^ 1;
    }
  }

  private static void ne(long[] d, long[] a, long[] b, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = differ(a[l], b[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = differ(a[l], b[l]);
    }
  }

  private static void toI32(long[] d, long[] a, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] << 32 >> 32;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] << 32 >> 32;
    }
  }

  private static void toU32(long[] d, long[] a, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = a[l] & 0xFFFF_FFFFL;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = a[l] & 0xFFFF_FFFFL;
    }
  }

  private static void intToF32(long[] d, long[] a, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = Alu.f((float) a[l]);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = Alu.f((float) a[l]);
    }
  }


  private static void ptrAdd(long[] d, long[] a, long[] b, long scale, int mask) {
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        d[l] = Ptr.add(a[l], b[l] * scale);
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = Ptr.add(a[l], b[l] * scale);
    }
  }

  /**
   * The comparison {@code kind} of threadIdx.x with {@code v}, for the lanes of a warp whose
   * lanes lie in one row of the block, threadIdx.x of lane l being {@code x0 + l} (x0 &ge; 0): the
   * mask {@link #compareMask} would give, from a bound instead of a loop over the lanes.
   */
  static int threadXMask(int kind, int x0, long v) {
    // below: lanes with x0 + l < v; atMost: lanes with x0 + l <= v.
    int below = v <= x0 ? 0 : v - x0 >= 32 ? -1 : (1 << (int) (v - x0)) - 1;
    int atMost = v < x0 ? 0 : v - x0 >= 31 ? -1 : (1 << (int) (v - x0 + 1)) - 1;
    return switch (kind) {
      case LT -> below;
      case LE -> atMost;
      case GT -> ~atMost;
      case GE -> ~below;
      case EQ -> below ^ atMost;
      case NE -> ~(below ^ atMost);
      default -> throw new IllegalStateException("not a comparison: lane kind " + kind);
    };
  }

  /** The comparison that holds for (b, a) where {@code kind} holds for (a, b). */
  static int swapped(int kind) {
    return switch (kind) {
      case LT -> GT;
      case LE -> GE;
      case GT -> LT;
      case GE -> LE;
      default -> kind;
    };
  }

  /** threadIdx.x of lane l: the linear thread index modulo blockDim.x. */
  private static void tidX(long[] d, Warp w, int mask) {
    int x0 = w.rowX;
    if (x0 >= 0) { // the warp's lanes lie in one row of the block: no wrap-around
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        d[l] = x0 + l;
      }
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = (w.firstThread + l) % w.blockX;
    }
  }
}
