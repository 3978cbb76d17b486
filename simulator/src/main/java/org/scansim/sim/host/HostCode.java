package org.scansim.sim.host;

import org.scansim.frontend.ir.Enums;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;

/**
 * A host function's compiled code with its commonest instructions decoded once into flat arrays:
 * for each pc an operation of this class ({@link #op}) and its registers, branch targets and
 * scale. Host code runs one thread and its loops (filling an input, checking a result on the
 * CPU) run once per element, so the interpreter's cost per instruction is the program's: a
 * decoded instruction is dispatched on one int read from an array instead of through the
 * instruction object, its operation and its type. Everything not decoded here ({@link #GENERAL})
 * runs through the instruction itself, as every instruction did before; a decoded one computes
 * exactly what {@link org.scansim.sim.engine.Alu} computes for it.
 */
final class HostCode {
  /** Not decoded: the interpreter's general path runs it from its {@link CInsn}. */
  static final int GENERAL = 0;
  static final int BR = 1;
  static final int CBR = 2;
  /** A move, and a conversion that leaves the bits as they are (i32 to i64: registers hold it sign-extended). */
  static final int MOV = 3;
  /** 64-bit add, subtract, multiply (I64, U64): the bits wrap, as {@code Alu.norm} leaves them. */
  static final int ADD64 = 4;
  static final int SUB64 = 5;
  static final int MUL64 = 6;
  /** 32-bit signed add, subtract, multiply: the result sign-extended from 32 bits. */
  static final int ADD32 = 7;
  static final int SUB32 = 8;
  static final int MUL32 = 9;
  /** Signed integer comparisons (I8 to I64), and equality of any integer or pointer: 1 or 0. */
  static final int LT = 10;
  static final int LE = 11;
  static final int GT = 12;
  static final int GE = 13;
  static final int EQ = 14;
  static final int NE = 15;
  /** A pointer moved by a register times a scale ({@link #scale}). */
  static final int PTR_ADD = 16;
  /** A conversion to a 32-bit signed integer from a wider or equal integer: the low 32 bits, sign-extended. */
  static final int TO_I32 = 17;
  /** A load and a store: host memory checked and reached as the general path does, without its dispatch. */
  static final int LD = 18;
  static final int ST = 19;
  /**
   * {@code rand()}: the C library's generator, called directly (a library call otherwise goes by its
   * name, and reads the clock for the run's deadline; rand takes no time to speak of).
   */
  static final int RAND = 20;
  /** A 32-bit signed division and remainder: {@code Alu}'s fault for a divisor of 0, the low 32 bits otherwise. */
  static final int DIV32 = 21;
  static final int REM32 = 22;
  /** Float arithmetic (add, subtract, multiply, divide of F32 or F64): {@code Alu.floatBinary}. */
  static final int FLOAT = 23;
  /** Any other comparison (floats, unsigned): {@code Alu.compare}. */
  static final int CMP = 24;
  /** Any other conversion (to or from a float, narrowing): {@code Alu.convert}. */
  static final int CONVERT = 25;
  /** Bitwise and, or, exclusive or: of 64-bit integers as they are, of 32-bit signed ones sign-extended. */
  static final int AND64 = 26;
  static final int OR64 = 27;
  static final int XOR64 = 28;
  static final int AND32 = 29;
  static final int OR32 = 30;
  static final int XOR32 = 31;
  /**
   * A C math function of {@link HostLibrary#PURE_MATH} ({@code fabsf} in a check loop): the library's
   * own call, without the wall-clock read the general path makes at each library call (it takes no time).
   */
  static final int MATH = 32;

  final Code code;
  final int[] op;
  final int[] dst;
  final int[] a;
  final int[] b;
  final int[] target;
  final int[] elseTarget;
  final long[] scale;
  /** A load's, store's or rand's type. */
  final IrType[] type;
  /** Per pc: how often a backward branch went there (toward compiling the loop it closes, {@link HostLoops}). */
  final int[] backEdges;
  /** Per pc: the furthest backward branch to it so far (the loop it heads ends there). */
  final int[] loopEnd;
  /** Per pc: the compiled loop that holds it, or null. */
  final HostLoops.Body[] loops;
  /** Per pc of a load or a store: the host allocation it reached last, or null. */
  final org.scansim.sim.memory.Allocation[] site;

  HostCode(Code code) {
    this.code = code;
    int n = code.insns.length;
    op = new int[n];
    dst = new int[n];
    a = new int[n];
    b = new int[n];
    target = new int[n];
    elseTarget = new int[n];
    scale = new long[n];
    type = new IrType[n];
    backEdges = new int[n];
    loops = new HostLoops.Body[n];
    loopEnd = new int[n];
    site = new org.scansim.sim.memory.Allocation[n];
    for (int pc = 0; pc < n; pc++) {
      CInsn in = code.insns[pc];
      op[pc] = decode(in);
      dst[pc] = in.dst;
      a[pc] = in.args.length > 0 ? in.args[0] : -1;
      b[pc] = in.args.length > 1 ? in.args[1] : -1;
      target[pc] = in.target;
      elseTarget[pc] = in.elseTarget;
      scale[pc] = in.op == Op.PTR_ADD ? in.ir.imm() : 0;
      type[pc] = in.type;
    }
  }

  private static int decode(CInsn in) {
    IrType t = in.type;
    boolean wide = t == IrType.I64 || t == IrType.U64;
    return switch (in.op) {
      case BR -> BR;
      case CBR -> CBR;
      case MOV -> MOV;
      case ADD -> t.isFloat() ? FLOAT : wide ? ADD64 : t == IrType.I32 ? ADD32 : GENERAL;
      case SUB -> t.isFloat() ? FLOAT : wide ? SUB64 : t == IrType.I32 ? SUB32 : GENERAL;
      case MUL -> t.isFloat() ? FLOAT : wide ? MUL64 : t == IrType.I32 ? MUL32 : GENERAL;
      case DIV -> t.isFloat() ? FLOAT : t == IrType.I32 ? DIV32 : GENERAL;
      case AND -> wide ? AND64 : t == IrType.I32 ? AND32 : GENERAL;
      case OR -> wide ? OR64 : t == IrType.I32 ? OR32 : GENERAL;
      case XOR -> wide ? XOR64 : t == IrType.I32 ? XOR32 : GENERAL;
      case REM -> t == IrType.I32 ? REM32 : GENERAL;
      case SETP -> comparison(in);
      case CVT -> conversion(t, in.srcType);
      case PTR_ADD -> PTR_ADD;
      case LD -> LD;
      case ST -> ST;
      case CUDA -> in.ir.cuda() != Enums.CudaCall.LIBRARY || in.dst < 0 ? GENERAL
          : "rand".equals(in.ir.callee()) && in.args.length == 0 ? RAND
          : HostLibrary.PURE_MATH.contains(in.ir.callee()) ? MATH : GENERAL;
      // other ops: not decoded; the interpreter's general path runs them from the instruction
      default -> GENERAL;
    };
  }

  /** Integer, pointer and predicate comparisons as {@code Alu.compare} makes them; floating point (NaN, -0.0) and unsigned ones through it ({@link #CMP}). */
  private static int comparison(CInsn in) {
    IrType t = in.type;
    if (t.isFloat()) {
      return CMP;
    }
    boolean signed = t.isSigned(); // I8 to I64: ordered as Long.compare orders them
    return switch (in.ir.cmp()) {
      case EQ -> EQ;
      case NE -> NE;
      case LT -> signed ? LT : CMP;
      case LE -> signed ? LE : CMP;
      case GT -> signed ? GT : CMP;
      case GE -> signed ? GE : CMP;
    };
  }

  /**
   * Integer to integer conversions whose result is the value itself or its low 32 bits, as {@code
   * Alu.convert} gives them: to the same type or to 64 bits, the bits as they are (a register
   * holds a narrower value sign- or zero-extended already); to i32, the low 32 bits sign-extended.
   */
  private static int conversion(IrType to, IrType from) {
    if (!from.isInteger()) {
      return CONVERT;
    }
    if (to == from || to == IrType.I64 || to == IrType.U64) {
      return MOV;
    }
    return to == IrType.I32 ? TO_I32 : CONVERT;
  }
}
