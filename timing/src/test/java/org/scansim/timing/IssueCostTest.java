package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Block;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;

/** The SASS nvcc issues for IR instructions, as read from the catalog's SASS: each rule on a kernel small enough to count by hand. */
class IssueCostTest {
  private record Compiled(IssueCost cost, LoopControl loops, List<Insn> insns) {
    List<Insn> of(Op op) {
      return insns.stream().filter(i -> i.op() == op).toList();
    }
  }

  private static Compiled compile(String kernel) {
    Frontend.Result r = Frontend.compile(new SourceFile("k.cu", kernel + "\nvoid entry(float *out, int n) { k<<<1, 64>>>(out, n); }\n"),
        Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    List<Insn> insns = new ArrayList<>();
    for (IrFunction f : r.ir().functions()) {
      if (f.isKernel()) {
        for (Block b : f.blocks()) {
          insns.addAll(b.insns());
        }
      }
    }
    LoopControl loops = new LoopControl(r.ir());
    return new Compiled(new IssueCost(r.ir(), loops), loops, insns);
  }

  @Test
  void integerDivisionByARegisterIsASequenceAndByAPowerOfTwoAShift() {
    Compiled c = compile("__global__ void k(float *out, int n) { unsigned t = threadIdx.x; out[t] = (float) (t / (unsigned) n) + (float) (t / 4u); }");
    List<Insn> div = c.of(Op.DIV);
    assertThat(div).hasSize(2);
    assertThat(c.cost().slots(div.get(0))).as("I2F, MUFU.RCP, F2I, IMAD.HI and fix-ups").isEqualTo(18);
    assertThat(c.cost().slots(div.get(1))).as("a shift").isEqualTo(1);
  }

  @Test
  void aSecondReadOfTheSameValueIsFree() {
    Compiled c = compile("__global__ void k(float *out, int n) { out[threadIdx.x] = 1.0f; out[threadIdx.x + 64] = 2.0f; }");
    List<Insn> sregs = c.of(Op.SREG);
    assertThat(sregs).hasSize(2);
    assertThat(c.cost().slots(sregs.get(0))).as("one S2R").isEqualTo(1);
    assertThat(c.cost().slots(sregs.get(1))).as("the same register again").isZero();
  }

  @Test
  void aSmallIfIsPredicatedAndOneWithABarrierIsBranched() {
    Compiled small = compile("__global__ void k(float *out, int n) { if (threadIdx.x < 5) out[threadIdx.x] = 1.0f; __syncthreads(); }");
    Insn cbr = small.of(Op.CBR).get(0);
    assertThat(small.cost().predicatedBody(cbr)).as("the body's address and store, issued by every warp").isPositive().isLessThanOrEqualTo(IssueCost.PREDICATE_LIMIT);
    assertThat(small.cost().slots(cbr)).as("no branch").isZero();
    assertThat(small.cost().branched(cbr)).isFalse();
    Compiled big = compile("__global__ void k(float *out, int n) { if (threadIdx.x < 5) { __syncthreads(); out[threadIdx.x] = 1.0f; } }");
    Insn branch = big.of(Op.CBR).get(0);
    assertThat(big.cost().predicatedBody(branch)).isEqualTo(-1);
    // Not the if before the return (an @P EXIT): the barrier's if is followed by the return, so
    // this one is a tail; one with code after it is branched.
    Compiled after = compile("__global__ void k(float *out, int n) { if (threadIdx.x < 5) { __syncthreads(); out[threadIdx.x] = 1.0f; }"
        + " out[threadIdx.x + 64] = 2.0f; }");
    assertThat(after.cost().branched(after.of(Op.CBR).get(0))).as("BSSY and BSYNC").isTrue();
  }

  @Test
  void theProloguePaysForTheStackGlobalMemorySharedMemoryAndEachParameterRead() {
    Compiled c = compile("__global__ void k(float *out, int n) { __shared__ float s[64]; s[threadIdx.x] = n; __syncthreads();"
        + " out[threadIdx.x] = s[63 - threadIdx.x]; }");
    // LDC R1; ULDC.64 (global); S2UR, UMOV, ULEA (shared); LDC of out and of n.
    assertThat(c.cost().entry(c.insns().get(0))).isEqualTo(1 + 1 + 3 + 2);
    assertThat(c.cost().entry(c.insns().get(1))).isZero();
  }

  @Test
  void anIntegerMultiplyAddIsOneInstructionAndAPointerOffsetOne() {
    Compiled c = compile("__global__ void k(float *out, int n) { int i = threadIdx.x * n + 3; out[i] = 1.0f; }");
    Insn add = c.of(Op.ADD).get(0);
    assertThat(c.cost().slots(add)).as("the add of a product used once: IMAD").isZero();
    assertThat(c.cost().slots(c.of(Op.MUL).get(0))).isEqualTo(1);
    assertThat(c.cost().slots(c.of(Op.PTR_ADD).get(0))).as("IMAD.WIDE").isEqualTo(1);
  }

  @Test
  void inALoopUnrolledCompletelyAnAffineIndexIsOneInstruction() {
    // PMPP's Brent-Kung reverse tree: (threadIdx.x + 1) * stride * 2 - 1 with stride a constant in
    // each unrolled copy is one LEA of threadIdx.x (hardware/.../sass/pmpp_brent_kung.sass).
    Compiled c = compile("__global__ void k(float *out, int n) { __shared__ float xy[2048];"
        + " for (int stride = 512; stride > 0; stride /= 2) { __syncthreads(); unsigned index = (threadIdx.x + 1) * stride * 2 - 1;"
        + " if (index + stride < 2048) xy[index + stride] += xy[index]; } }");
    List<Insn> muls = c.of(Op.MUL);
    assertThat(muls).hasSize(2);
    assertThat(muls).as("folded into the subtract that uses them").allSatisfy(m -> assertThat(c.cost().slots(m)).isZero());
    Insn sub = c.of(Op.SUB).get(0);
    assertThat(c.cost().slots(sub)).as("the one LEA: its result is the index the condition and addresses use").isEqualTo(1);
    // threadIdx.x + 1 does not change in the loop: hoisted (LoopControl), never issued in it.
    Insn plusOne = c.of(Op.ADD).stream().filter(a -> a.arg(1) instanceof org.scansim.frontend.ir.Imm).findFirst().orElseThrow();
    assertThat(c.loops().id(plusOne)).isNotNegative();
    assertThat(c.loops().mode(c.loops().id(plusOne))).isEqualTo(LoopControl.Mode.FULL);
  }

  @Test
  void anUnrolledAffineIndexUsedOnlyAsAnAddressStillIssuesOnce() {
    // The index feeds the address alone: the loop rules drop the address arithmetic affine in the
    // induction variable, so one step of the chain must pay (one LEA an unrolled copy), not none.
    Compiled c = compile("__global__ void k(float *out, int n) { __shared__ float xy[2048];"
        + " for (int stride = 512; stride > 0; stride /= 2) { __syncthreads(); xy[(threadIdx.x + 1) * stride * 2 - 1] += 1.0f; } }");
    long paid = 0;
    for (Insn in : c.insns()) {
      boolean arithmetic = (in.op() == Op.MUL || in.op() == Op.SUB || in.op() == Op.ADD || in.op() == Op.SHL) && !in.type().isFloat();
      boolean dropped = c.cost().mode(in) == LoopControl.Mode.FULL
          || c.loops().id(in) >= 0 && c.loops().mode(c.loops().id(in)) == LoopControl.Mode.FULL;
      if (arithmetic && !dropped && !c.cost().predicated(in)) {
        paid += c.cost().slots(in);
      }
    }
    assertThat(paid).as("issue slots of the index's arithmetic an unrolled copy").isEqualTo(1);
  }

  @Test
  void aMinOrMaxSelectIsOneInstructionButAPickFromAnotherArrayIsNot() {
    // out[0] = s > out[i] ? s : out[i] reads out[i] again on one side: one IMNMX, the branch free.
    Compiled max = compile("""
        __global__ void k(float *out, int n) {
            float s = 0.0f;
            for (int i = 1; i < n; ++i) { s = s > out[i] ? s : out[i]; }
            out[0] = s;
        }""");
    List<Insn> picks = max.of(Op.CBR).stream().filter(b -> b.span().line() == 3 && max.cost().predicatedBody(b) < 0
        && !max.cost().branched(b) && max.loops().id(b) < 0).toList();
    assertThat(picks).as("the select's branch: neither predicated nor branched").hasSize(1);
    // s > out[i] ? s : q[i], q another array: a select and a load, not a min or max.
    Compiled other = compile("""
        __global__ void k(float *out, int n) {
            float s = 0.0f;
            const float *q = out + 64;
            for (int i = 1; i < n; ++i) { s = s > out[i] ? s : q[i]; }
            out[0] = s;
        }""");
    List<Insn> ifs = other.of(Op.CBR).stream().filter(b -> b.span().line() == 4 && other.loops().id(b) < 0).toList();
    assertThat(ifs).hasSize(1);
    assertThat(other.cost().predicatedBody(ifs.get(0)) >= 0 || other.cost().branched(ifs.get(0))).as("predicated or branched").isTrue();
  }

  @Test
  void anIfIsUnswitchedOnlyOnAConditionItsOwnLoopDoesNotChange() {
    // p = i < n is hoisted out of the inner loop but changes with the outer one: not unswitched there.
    Compiled c = compile("""
        __global__ void k(float *out, int n) {
            bool p = false;
            float s = 0.0f;
            for (int i = 0; i < n; ++i) {
                for (int j = 1; j < 64; j *= 2) { p = i < 7; s += (float) j; }
                if (p) { s += 1.0f; } else { s -= 1.0f; }
            }
            out[0] = s;
        }""");
    List<Insn> ifs = c.of(Op.CBR).stream().filter(b -> b.span().line() == 6).toList();
    assertThat(ifs).hasSize(1);
    assertThat(c.cost().predicatedBody(ifs.get(0)) >= 0 || c.cost().branched(ifs.get(0))).as("predicated or branched").isTrue();
  }
}
