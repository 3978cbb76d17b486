package org.scansim.catalog;

import org.scansim.sim.result.Kind;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.Finding;
import org.scansim.sim.run.ScanRun;

/** What the corpus's exact keys do not show: messages, budgets, schedules, determinism. */
class CheckerBehaviourTest {
  static ScanRun.Outcome run(String file, int n, ScanRun.Expect expect, long budget, int threads, ScanRun.Options o) throws Exception {
    Frontend.Result r = Frontend.compileFile(CatalogTest.root().resolve(Path.of("kernels", file)), Map.of());
    assertThat(r.ok()).isTrue();
    return ScanRun.run(r, ScanRun.Request.of(n, Architectures.preset("hopper"))
        .expect(expect)
        .maxWarpInstructions(budget)
        .threads(threads)
        .withOptions(o));
  }

  static ScanRun.Options checks(Set<Check> c, int schedules, long wallMillis) {
    return new ScanRun.Options(c, schedules, wallMillis, false, 1L << 31);
  }

  @Test
  void anUninitialisedValueIsFollowedToTheOutput() throws Exception {
    ScanRun.Outcome o = run("faulty/uninitialised_identity.cu", 64, ScanRun.Expect.EXCLUSIVE, 50_000_000L, 1, checks(Check.all(), 0, 0));
    assertThat(o.findings()).filteredOn(f -> f.kind().equals(Kind.UNINITIALISED_READ)).isNotEmpty()
        .anySatisfy(f -> assertThat(f.message()).contains("the value reaches out[0"));
    ScanRun.Outcome bk = run("pmpp/brent_kung.cu", 100, ScanRun.Expect.INCLUSIVE, 50_000_000L, 1, checks(Set.of(Check.INIT), 0, 0));
    assertThat(bk.findings()).isNotEmpty().allSatisfy(f -> assertThat(f.message()).endsWith("the value does not reach the output"));
  }

  @Test
  void theWallClockBudgetStopsALoopThatTheInstructionBudgetWouldLetRun() throws Exception {
    long start = System.nanoTime();
    ScanRun.Outcome o = run("faulty/runaway_loop.cu", 96, ScanRun.Expect.INCLUSIVE, Long.MAX_VALUE / 4, 1, checks(Set.of(), 0, 300));
    assertThat(o.fault()).isNotNull();
    assertThat(o.fault().kind()).isEqualTo(Kind.RUNAWAY);
    assertThat(o.fault().getMessage()).contains("wall-clock budget").contains("was still running at");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(30);
  }

  @Test
  void schedulesExposeTheOrderDependentResultOfARace() throws Exception {
    ScanRun.Outcome racy = run("lecture/kogge_stone_inplace.cu", 256, ScanRun.Expect.INCLUSIVE, 50_000_000L, 1, checks(Set.of(), 4, 0));
    assertThat(racy.scheduleDifferences()).isNotEmpty();
    assertThat(racy.findings()).extracting(Finding::kind).contains(Kind.SCHEDULE_DIFFERENCE);
    ScanRun.Outcome fixed = run("pmpp/kogge_stone.cu", 256, ScanRun.Expect.INCLUSIVE, 50_000_000L, 1, checks(Set.of(), 4, 0));
    assertThat(fixed.scheduleDifferences()).isEmpty();
    assertThat(fixed.findings()).isEmpty();
  }

  /** A chained scan without flags: block b reads the running total block b - 1 wrote in the same launch. */
  private static final String CHAINED = """
      #define BLOCK 64
      __global__ void chained(const float *in, float *out, float *totals, int n)
      {
          __shared__ float s[BLOCK];
          int i = blockIdx.x * BLOCK + threadIdx.x;
          s[threadIdx.x] = i < n ? in[i] : 0.0f;
          __syncthreads();
          for (int d = 1; d < BLOCK; d *= 2) {
              float t = threadIdx.x >= d ? s[threadIdx.x - d] : 0.0f;
              __syncthreads();
              s[threadIdx.x] += t;
              __syncthreads();
          }
          float carry = blockIdx.x > 0 ? totals[blockIdx.x - 1] : 0.0f;
          __syncthreads();
          if (threadIdx.x == BLOCK - 1) totals[blockIdx.x] = carry + s[BLOCK - 1];
          if (i < n) out[i] = s[threadIdx.x] + carry;
      }
      void chain(const float *in, float *out, int n)
      {
          float *totals;
          cudaMalloc((void **)&totals, ((n + BLOCK - 1) / BLOCK) * sizeof(float));
          chained<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(in, out, totals, n);
          cudaFree(totals);
      }
      """;

  /**
   * Block b reads the running total block b - 1 wrote in the same launch (a chained scan without
   * flags): a race between blocks even though the writer's and the reader's barrier phases differ
   * (a __syncthreads separates the read from the write), since a barrier orders only the threads
   * of its own block.
   */
  @Test
  void aRaceBetweenBlocksIsFoundWhateverTheirBarrierPhases(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path file = dir.resolve("chained.cu");
    java.nio.file.Files.writeString(file, CHAINED);
    Frontend.Result r = Frontend.compileFile(file, Map.of());
    assertThat(r.ok()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(256, Architectures.preset("hopper"))
        .expect(ScanRun.Expect.INCLUSIVE)
        .maxWarpInstructions(50_000_000L)
        .withOptions(checks(Set.of(Check.RACES), 0, 0)));
    assertThat(o.correct()).isTrue(); // one block after the other, the sums come out right
    assertThat(o.findings()).singleElement().satisfies(f -> {
      assertThat(f.key()).isEqualTo("race/read-after-write totals 16:35 14:36");
      assertThat(f.message()).contains("in different blocks of one launch");
    });
  }

  /**
   * The same kernel without checkers, on several threads: blocks that ran at the same time may
   * have read each other's totals before or after they were written, so the run is repeated on
   * one thread and every thread count reports what one thread computes (here, in block order,
   * the right sums).
   */
  @Test
  void blocksThatReadEachOthersWritesGiveTheOneThreadResultOnAnyThreadCount(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("chained.cu");
    java.nio.file.Files.writeString(file, CHAINED);
    Frontend.Result r = Frontend.compileFile(file, Map.of());
    assertThat(r.ok()).isTrue();
    for (int threads : new int[] {1, 2, 4, 4, 4}) {
      ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(64 * 300, Architectures.preset("hopper"))
          .expect(ScanRun.Expect.INCLUSIVE)
          .maxWarpInstructions(50_000_000L)
          .threads(threads));
      assertThat(o.fault()).isNull();
      assertThat(o.mismatches()).as("%d threads", threads).isEmpty();
      assertThat(o.correct()).as("%d threads", threads).isTrue();
    }
  }

  @Test
  void findingsDoNotDependOnTheThreadCount() throws Exception {
    ScanRun.Outcome one = run("faulty/kogge_stone_one_barrier.cu", 256, ScanRun.Expect.INCLUSIVE, 50_000_000L, 1, checks(Check.all(), 2, 0));
    ScanRun.Outcome four = run("faulty/kogge_stone_one_barrier.cu", 256, ScanRun.Expect.INCLUSIVE, 50_000_000L, 4, checks(Check.all(), 2, 0));
    assertThat(one.findings()).isNotEmpty();
    assertThat(four.findings().toString()).isEqualTo(one.findings().toString());
  }

  /**
   * One thread builds a small ⊕ graph whose fan-outs are counted by hand: a = x0 ⊕ x1 (level 1),
   * b = a ⊕ x2 (level 2), a last value d of the cases below, and out = {x0, a, b, d}. Every ⊕ is
   * in the one barrier phase; only a is read more than once.
   */
  private static final String FAN = """
      __global__ void fan(const float *in, float *out, int n)
      {
          if (threadIdx.x == 0) {
              float a = in[0] + in[1];
              float b = a + in[2];
              float d = D;
              out[0] = in[0];
              out[1] = a;
              out[2] = b;
              out[3] = d;
          }
      }
      void run(const float *in, float *out, int n) { fan<<<1, 32>>>(in, out, n); }
      """;

  private static org.scansim.sim.check.ScanProof fan(Path dir, String d) throws Exception {
    Path file = dir.resolve("fan.cu");
    java.nio.file.Files.writeString(file, FAN.replace("D;", d + ";"));
    Frontend.Result r = Frontend.compileFile(file, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(4, Architectures.preset("hopper"))
        .expect(ScanRun.Expect.INCLUSIVE)
        .maxWarpInstructions(50_000_000L)
        .withOptions(checks(Set.of(Check.PROOF), 0, 0)));
    assertThat(o.fault()).isNull();
    return o.proof();
  }

  @Test
  void fanOutIsCountedPerValuePerLevelAndPerPhase(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    // a read by b (level 2) and by d (level 4): two readers, at different levels.
    org.scansim.sim.check.ScanProof apart = fan(dir, "(b + in[3]) + a");
    assertFan(apart, 2, 1, 2);
    assertThat(apart.maxFanOutValue()).isEqualTo("x0..x1");
    // a read by b and by d, both at level 2.
    assertFan(fan(dir, "in[3] + a"), 2, 2, 2);
    // a read by b (level 2), u = b + a (level 3) and d = u + a (level 4).
    assertFan(fan(dir, "(b + a) + a"), 3, 1, 3);
    // a read by b and twice by t = a + a (all level 2), and by d = t + a (level 3).
    assertFan(fan(dir, "(a + a) + a"), 4, 3, 4);
  }

  /** The most readers of one value: in all, within one dependency level, within one barrier phase. */
  private static void assertFan(org.scansim.sim.check.ScanProof p, int all, int perLevel, int perPhase) {
    assertThat(new int[] {p.maxFanOut(), p.maxFanOutPerLevel(), p.maxFanOutPerPhase()}).containsExactly(all, perLevel, perPhase);
  }

  @Test
  void aScanProofFailureExplainsTheOutput() throws Exception {
    ScanRun.Outcome o = run("faulty/inclusive_exclusive_mixup.cu", 64, ScanRun.Expect.EXCLUSIVE, 50_000_000L, 1,
        checks(Set.of(Check.PROOF), 0, 0));
    assertThat(o.proof().proved()).isFalse();
    assertThat(o.proof().failures().get(0)).isEqualTo("out[0] = x0, expected identity: x0 included but should not be "
        + "(an inclusive result where an exclusive one is expected?)");
  }
}
