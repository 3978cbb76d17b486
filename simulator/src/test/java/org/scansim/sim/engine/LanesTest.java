package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Enums;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.ir.Reg;

/**
 * The specialised lane loops ({@link Lanes}) against the general ALU ({@link Alu}), which they
 * promise to match bit for bit: every decoded kind, on edge values and random ones of its types,
 * under full, partial and single-lane masks, with the second operand varying per lane or the
 * same in every lane (a uniform register, which the shifts read once). Inactive lanes must keep
 * what they held. The single-value form of each kind ({@link Lanes#scalar}, for uniform
 * registers) must give every lane's value. The compare-and-branch masks ({@link Lanes#compareMask}, {@link Lanes#compare})
 * are checked against the predicate {@link Alu#compare} writes.
 */
class LanesTest {
  private static final int[] MASKS = {-1, 0x0000_FFFF, 0xA5A5_A5A5, 1, 0x8000_0000, 0x7FFF_FFFE};
  private static final long GARBAGE = 0x5A5A_5A5A_1234_5678L;

  private static final IrType[] TYPES = {IrType.I32, IrType.U32, IrType.I64, IrType.U64, IrType.F32};

  static Stream<Arguments> binaries() {
    List<Arguments> out = new ArrayList<>();
    for (Op op : new Op[] {Op.ADD, Op.SUB, Op.MUL, Op.AND, Op.OR, Op.XOR, Op.SHL, Op.SHR, Op.MIN, Op.MAX}) {
      for (IrType t : TYPES) {
        CInsn in = insn(op, t, t, null);
        if (in.lane != Lanes.GENERIC) {
          out.add(Arguments.of(op, t));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> comparisons() {
    List<Arguments> out = new ArrayList<>();
    for (Enums.Cmp c : Enums.Cmp.values()) {
      for (IrType t : TYPES) {
        if (insn(Op.SETP, t, t, c).lane != Lanes.GENERIC) {
          out.add(Arguments.of(c, t));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> conversions() {
    List<Arguments> out = new ArrayList<>();
    for (IrType to : TYPES) {
      for (IrType from : TYPES) {
        if (insn(Op.CVT, to, from, null).lane != Lanes.GENERIC) {
          out.add(Arguments.of(to, from));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}.{1}")
  @MethodSource("binaries")
  void binaryLoopsMatchTheAlu(Op op, IrType t) {
    CInsn in = insn(op, t, t, null);
    SplittableRandom rnd = new SplittableRandom(op.ordinal() * 31L + t.ordinal());
    for (int round = 0; round < 40; round++) {
      long[] a = operands(t, rnd, round, false);
      boolean shift = op == Op.SHL || op == Op.SHR;
      for (boolean uniform : new boolean[] {false, true}) {
        long[] b = shift ? shiftAmounts(t, rnd, round, uniform) : uniform ? same(operands(t, rnd, round + 1, false)[5]) : operands(t, rnd, round + 1, true);
        in.uniformB = uniform;
        for (int mask : MASKS) {
          long[] want = garbage();
          Alu.binary(in, want, a, b, mask);
          long[] got = garbage();
          Lanes.run(in.lane, in, got, a, b, mask, null);
          assertThat(got).as("%s.%s round %d mask %08x uniform %s, a=%s b=%s", op, t, round, mask, uniform,
              java.util.Arrays.toString(a), java.util.Arrays.toString(b)).containsExactly(want);
          if (mask == -1) {
            assertScalar(in, a, b, want);
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "setp.{0}.{1}")
  @MethodSource("comparisons")
  void comparisonLoopsAndBranchMasksMatchTheAlu(Enums.Cmp c, IrType t) {
    CInsn in = insn(Op.SETP, t, t, c);
    SplittableRandom rnd = new SplittableRandom(c.ordinal() * 17L + t.ordinal());
    for (int round = 0; round < 40; round++) {
      long[] a = operands(t, rnd, round, false);
      long[] b = round % 3 == 0 ? a.clone() : operands(t, rnd, round + 1, true); // equal lanes too
      if (round % 3 == 1) {
        for (int l = 0; l < 32; l += 3) {
          b[l] = a[l];
        }
      }
      for (int mask : MASKS) {
        long[] want = garbage();
        Alu.compare(in, want, a, b, mask);
        long[] got = garbage();
        Lanes.run(in.lane, in, got, a, b, mask, null);
        assertThat(got).as("%s.%s round %d mask %08x", c, t, round, mask).containsExactly(want);
        if (mask == -1) {
          assertScalar(in, a, b, want);
        }
        int wantMask = 0;
        for (int l = 0; l < 32; l++) {
          if ((mask >>> l & 1) != 0 && want[l] != 0) {
            wantMask |= 1 << l;
          }
        }
        assertThat(Lanes.compareMask(in.lane, a, b, mask)).as("%s.%s round %d mask %08x", c, t, round, mask).isEqualTo(wantMask);
      }
      long[] one = garbage();
      Alu.compare(in, one, a, b, 1);
      assertThat(Lanes.compare(in.lane, a[0], b[0])).isEqualTo(one[0] != 0);
    }
  }

  /**
   * The bound a trace uses for threadIdx.x against a uniform value ({@link Lanes#threadXMask}), on
   * either side of the comparison, against the predicate the ALU writes lane by lane: lanes
   * holding x0 + l, the uniform value around and far from them.
   */
  @ParameterizedTest(name = "threadX.{0}.{1}")
  @MethodSource("comparisons")
  void threadIndexBoundsMatchTheAlu(Enums.Cmp c, IrType t) {
    CInsn in = insn(Op.SETP, t, t, c);
    long lo = t == IrType.U32 ? 0 : t == IrType.I32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
    long hi = t == IrType.U32 ? 0xFFFF_FFFFL : t == IrType.I32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
    for (int x0 : new int[] {0, 1, 5, 31, 32, 33, 64, 480, 992, 1023 - 31}) {
      long[] tid = new long[32];
      for (int l = 0; l < 32; l++) {
        tid[l] = x0 + l;
      }
      List<Long> values = new ArrayList<>(List.of(lo, hi, lo + 1, hi - 1, 0L, -1L, 1L));
      for (long v = x0 - 40L; v <= x0 + 72L; v++) {
        values.add(v);
      }
      for (long v : values) {
        if (v < lo || v > hi) {
          continue;
        }
        long[] same = new long[32];
        java.util.Arrays.fill(same, v);
        for (int mask : MASKS) {
          assertThat(Lanes.threadXMask(in.lane, x0, v) & mask).as("%s.%s x0 %d v %d", c, t, x0, v)
              .isEqualTo(aluMask(in, tid, same, mask));
          assertThat(Lanes.threadXMask(Lanes.swapped(in.lane), x0, v) & mask).as("swapped %s.%s x0 %d v %d", c, t, x0, v)
              .isEqualTo(aluMask(in, same, tid, mask));
        }
      }
    }
  }

  /** The lanes of mask where the ALU's comparison of a and b holds. */
  private static int aluMask(CInsn in, long[] a, long[] b, int mask) {
    long[] p = new long[32];
    Alu.compare(in, p, a, b, -1);
    int m = 0;
    for (int l = 0; l < 32; l++) {
      m |= p[l] != 0 ? 1 << l : 0;
    }
    return m & mask;
  }

  @ParameterizedTest(name = "cvt.{0}.{1}")
  @MethodSource("conversions")
  void conversionLoopsMatchTheAlu(IrType to, IrType from) {
    CInsn in = insn(Op.CVT, to, from, null);
    SplittableRandom rnd = new SplittableRandom(to.ordinal() * 13L + from.ordinal());
    for (int round = 0; round < 40; round++) {
      long[] a = operands(from, rnd, round, false);
      for (int mask : MASKS) {
        long[] want = garbage();
        Alu.convert(in, want, a, mask);
        long[] got = garbage();
        Lanes.run(in.lane, in, got, a, null, mask, null);
        assertThat(got).as("cvt %s <- %s round %d mask %08x", to, from, round, mask).containsExactly(want);
        if (mask == -1) {
          assertScalar(in, a, new long[32], want);
        }
      }
    }
  }

  /** {@link Lanes#scalar} (a uniform register's one value) gives each lane's value from that lane's operands. */
  private static void assertScalar(CInsn in, long[] a, long[] b, long[] want) {
    for (int l = 0; l < 32; l++) {
      assertThat(Lanes.scalar(in.lane, in, a[l], b[l])).as("scalar %s lane %d: %d, %d", in.op, l, a[l], b[l]).isEqualTo(want[l]);
    }
  }

  private static CInsn insn(Op op, IrType type, IrType src, Enums.Cmp cmp) {
    Insn ir = new Insn(op, type, new SourceFile("t.cu", "x").span(0, 1)).dst(new Reg(0, type, null));
    if (cmp != null) {
      ir = ir.cmp(cmp);
    }
    CInsn in = new CInsn(ir, src, 0, op == Op.CVT ? new int[] {1} : new int[] {1, 2}, 0);
    in.decode();
    return in;
  }

  private static long[] garbage() {
    long[] g = new long[32];
    java.util.Arrays.fill(g, GARBAGE);
    return g;
  }

  private static long[] same(long v) {
    long[] x = new long[32];
    java.util.Arrays.fill(x, v);
    return x;
  }

  /** Values of type t as a register holds them: edge values first, then random ones. */
  private static long[] operands(IrType t, SplittableRandom rnd, int round, boolean second) {
    long[] edges = switch (t) {
      case I32 -> new long[] {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE, 2, -2, 0x7FFF, 0x10000, 12345, -98765};
      case U32 -> new long[] {0, 1, 0xFFFF_FFFFL, 0x7FFF_FFFFL, 0x8000_0000L, 2, 0xFFFF_FFFEL, 0x10000, 31, 32};
      case I64, U64 -> new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 0xFFFF_FFFFL, 0x1_0000_0000L, -0x1_0000_0000L, 3};
      case F32 -> new long[] {Alu.f(0f), Alu.f(-0f), Alu.f(1.5f), Alu.f(Float.NaN), Alu.f(Float.POSITIVE_INFINITY),
          Alu.f(Float.NEGATIVE_INFINITY), Alu.f(Float.MIN_VALUE), Alu.f(Float.MAX_VALUE), Alu.f(16777216f), Alu.f(-3.75f),
          Alu.f(2.5e9f), Alu.f(-2.5e9f), Alu.f(4.3e9f)};
      default -> throw new IllegalArgumentException(t.toString());
    };
    long[] v = new long[32];
    for (int l = 0; l < 32; l++) {
      int k = (l + round * 7 + (second ? 3 : 0)) % 40;
      v[l] = k < edges.length ? edges[k] : random(t, rnd);
    }
    return v;
  }

  private static long random(IrType t, SplittableRandom rnd) {
    return switch (t) {
      case I32 -> rnd.nextInt();
      case U32 -> rnd.nextInt() & 0xFFFF_FFFFL;
      case I64, U64 -> rnd.nextLong();
      case F32 -> Alu.f((float) (rnd.nextGaussian() * Math.pow(10, rnd.nextInt(-5, 11))));
      default -> throw new IllegalArgumentException(t.toString());
    };
  }

  /** Shift amounts: in range, at and past the width, and huge (negative as a signed value). */
  private static long[] shiftAmounts(IrType t, SplittableRandom rnd, int round, boolean uniform) {
    long[] amounts = {0, 1, 5, 31, 32, 33, 40, 63, 64, 100, t == IrType.I32 ? -1 : 0xFFFF_FFFFL, t == IrType.I32 ? Integer.MIN_VALUE : 0x8000_0000L};
    if (uniform) {
      return same(amounts[round % amounts.length]);
    }
    long[] v = new long[32];
    for (int l = 0; l < 32; l++) {
      v[l] = (l + round) % 3 == 0 ? amounts[(l + round) % amounts.length] : rnd.nextInt(0, 36);
    }
    return v;
  }
}
