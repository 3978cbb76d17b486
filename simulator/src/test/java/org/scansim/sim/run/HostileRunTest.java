package org.scansim.sim.run;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;

/**
 * Hostile and careless programs end in a positioned fault within their budgets, whatever the
 * shape of the launch: huge grids, sizes past 2 GiB computed from declarations, unsigned grid
 * dimensions, allocation loops, deep host recursion, a loop that keeps applying ⊕ under the scan
 * proof. Each case failed before (a hang past the wall-clock budget, an exception, a wrapped
 * size, a fault without a position).
 */
class HostileRunTest {
  private static final String ENTRY = "void scan(const float *in, float *out, int n)";

  private static ScanRun.Outcome run(String body, Set<Check> checks, int threads, long wallMillis, long deviceBytes)
      throws ScanRun.UsageException {
    Frontend.Result r = Frontend.compile(new SourceFile("h.cu", body), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    ScanRun.Request req = ScanRun.Request.of(32, Architectures.preset("hopper"))
        .entry("scan")
        .expect(ScanRun.Expect.INCLUSIVE)
        .maxWarpInstructions(100_000_000L)
        .threads(threads)
        .withOptions(new ScanRun.Options(checks, 0, wallMillis, false, deviceBytes));
    return ScanRun.run(r, req);
  }

  private static ScanRun.Outcome run(String body) throws ScanRun.UsageException {
    return run(body, Set.of(), 1, 0, 1L << 24);
  }

  private static Fault fault(ScanRun.Outcome o) {
    assertThat(o.fault()).as("the run faulted").isNotNull();
    return o.fault();
  }

  @ParameterizedTest
  @ValueSource(strings = {"2147483647", "dim3(2147483647, 65535, 65535)"})
  void aHugeGridOfEmptyBlocksStopsAtTheWallClock(String grid) throws Exception {
    String src = "__global__ void k(float *o) { }\n" + ENTRY + " { k<<<" + grid + ", 1>>>(out); }\n";
    for (Set<Check> checks : java.util.List.<Set<Check>>of(Set.of(), Check.all())) {
      for (int threads : new int[] {1, 2}) {
        long start = System.nanoTime();
        Fault f = fault(run(src, checks, threads, 500, 1L << 24));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertThat(f.kind()).isEqualTo(Kind.RUNAWAY);
        assertThat(f.getMessage()).startsWith("the run passed its wall-clock budget; block (").contains("of k (of ");
        assertThat(f.budget()).isEqualTo(Fault.Budget.WALL_CLOCK);
        assertThat(f.span().position()).isEqualTo("h.cu:1:17");
        assertThat(seconds).as("stopped near its 0.5 s budget (a hang guard, not a benchmark)").isLessThan(10);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"1 << 29", "1 << 30"})
  void sharedArraysOfTwoGibibytesAndMoreFailTheLaunch(String count) throws Exception {
    String src = "__global__ void k(float *o) { __shared__ float s[" + count + "]; s[threadIdx.x] = 1; o[threadIdx.x] = s[0]; }\n"
        + ENTRY + " { k<<<1, n>>>(out); }\n";
    long bytes = 4L << Integer.parseInt(count.substring(5));
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.LAUNCH);
    assertThat(f.span().position()).isEqualTo("h.cu:2:49");
    assertThat(f.getMessage()).isEqualTo("launch of k needs " + bytes + " bytes of shared memory per block; hopper allows at most "
        + 49152 + " (cudaErrorInvalidValue)");
  }

  @Test
  void dynamicSharedBytesOfSizeMaxFailTheLaunch() throws Exception {
    String src = "__global__ void k(float *o) { extern __shared__ float s[]; o[threadIdx.x] = 0; }\n"
        + ENTRY + " { k<<<1, n, (size_t) -1>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.LAUNCH);
    assertThat(f.getMessage()).isEqualTo("launch of k needs 18446744073709551615 bytes of dynamic shared memory per block; "
        + "hopper allows at most 49152 (cudaErrorInvalidValue)");
  }

  @Test
  void localArraysOfGibibytesFailTheLaunch() throws Exception {
    // Each array is 4 GiB, the largest declaration the type checker takes: 8 GiB a thread in all.
    String src = "__global__ void k(float *o) { float a[1 << 30], b[1 << 30]; a[threadIdx.x] = 1; b[0] = 2;"
        + " o[threadIdx.x] = a[0] + b[0]; }\n" + ENTRY + " { k<<<1, n>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.LAUNCH);
    assertThat(f.getMessage()).startsWith("launch of k needs 8589934592 bytes of local memory per thread (its local array 'a'");
  }

  @Test
  void aDeviceVariableTooLargeIsAPositionedFault() throws Exception {
    String src = "__device__ float g[1 << 29];\n__global__ void k(float *o) { o[threadIdx.x] = g[0]; }\n"
        + ENTRY + " { k<<<1, n>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(f.span().position()).isEqualTo("h.cu:1:18");
    assertThat(f.getMessage()).startsWith("__device__ variable 'g' of 2147483648 bytes: ");
    // With checks too, as the faulting kernel's finding.
    ScanRun.Outcome checked = run(src, Check.all(), 1, 0, 1L << 24);
    assertThat(checked.fault().kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(checked.findings()).extracting(x -> x.kind()).containsExactly(Kind.OUT_OF_MEMORY);
  }

  @Test
  void anUnsignedGridPastTheLimitIsNamedAsTheProgramWroteIt() throws Exception {
    String src = "__global__ void k(float *o) { }\n" + ENTRY + " { k<<<2147483648u, 1>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.LAUNCH);
    assertThat(f.getMessage()).isEqualTo("launch of k with a grid of 2147483648x1x1 blocks: gridDim.x may be at most 2147483647 on"
        + " hopper (cudaErrorInvalidConfiguration)");
    assertThat(f.launch().grid()).containsExactly(2147483648L, 1L, 1L);
  }

  @Test
  void aBlockDimensionPastItsLimitFailsTheLaunch() throws Exception {
    String src = "__global__ void k(float *o) { }\n" + ENTRY + " { k<<<1, dim3(1, 1, 128)>>>(out); }\n";
    assertThat(fault(run(src)).getMessage()).isEqualTo(
        "launch of k with blocks of 1x1x128 threads: blockDim.z may be at most 64 on hopper (cudaErrorInvalidConfiguration)");
  }

  @Test
  void aLoopOfCudaMallocsWithoutFreeStopsAtTheDeviceBudget() throws Exception {
    String src = "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n" + ENTRY + " {\n"
        + "  for (int i = 0; i < 1000000; i++) { float *p; cudaMalloc(&p, 1 << 20); }\n  k<<<1, n>>>(out);\n}\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(f.span().position()).isEqualTo("h.cu:3:49");
    assertThat(f.getMessage()).startsWith("cudaMalloc of p: 1048576 bytes would pass the memory budget of 16777216 bytes");
  }

  @Test
  void aLoopOfSmallCudaMallocsStopsAtTheAllocationCount() throws Exception {
    String src = "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n" + ENTRY + " {\n"
        + "  for (int i = 0; i < 1000000; i++) { float *p; cudaMalloc(&p, 4); cudaFree(p); }\n  k<<<1, n>>>(out);\n}\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(f.getMessage()).contains("the run has made 100000 allocations");
  }

  @Test
  void aCudaMallocNoCardCouldGiveReturnsTheErrorAsACardDoes() throws Exception {
    String src = "__global__ void k(float *o, int v) { o[threadIdx.x] = v; }\n" + ENTRY + " {\n"
        + "  float *p; int e = cudaMalloc(&p, (size_t) -1);\n  k<<<1, n>>>(out, e);\n}\n";
    ScanRun.Outcome o = run(src);
    assertThat(o.fault()).isNull();
    assertThat(o.correct()).isFalse(); // out holds cudaErrorMemoryAllocation (2), not the scan
    assertThat(o.mismatches().get(0)).startsWith("out[0] = 2, ");
  }

  @Test
  void aCudaMallocACardCouldGiveButPastTheBudgetIsAFault() throws Exception {
    String src = "__global__ void k(float *o) { o[threadIdx.x] = 0; }\n" + ENTRY + " {\n"
        + "  float *p; if (cudaMalloc(&p, (size_t) 1 << 30) != cudaSuccess) { return; }\n  k<<<1, n>>>(out);\n}\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(f.getMessage()).startsWith("cudaMalloc of p: 1073741824 bytes would pass the memory budget of 16777216 bytes");
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void deepHostRecursionIsNamedWithItsPositionOnAnyThread(int threads) throws Exception {
    String src = "int f(int x) { return x == 0 ? 0 : 1 + f(x - 1); }\n__global__ void k(float *o, int v) { o[threadIdx.x] = v; }\n"
        + ENTRY + " { int v = f(1000000); k<<<1, n>>>(out, v); }\n";
    // On a thread of the default stack size too, as `scansim run` calls it.
    Fault[] f = new Fault[1];
    Thread t = new Thread(() -> {
      try {
        f[0] = run(src, Set.of(), threads, 0, 1L << 24).fault();
      } catch (ScanRun.UsageException e) {
        throw new AssertionError(e);
      }
    });
    t.start();
    t.join();
    assertThat(f[0].kind()).isEqualTo(Kind.RUNAWAY);
    assertThat(f[0].span().position()).isEqualTo("h.cu:1:40");
    assertThat(f[0].getMessage()).isEqualTo("host recursion deeper than 10000 calls in 'f'");
    assertThat(f[0].budget()).isEqualTo(Fault.Budget.HOST_RECURSION);
  }

  @Test
  void aLoopApplyingTheOperatorUnderTheProofIsARunawayWithItsPosition() throws Exception {
    String src = "__global__ void k(const float *in, float *o) { float v = in[0]; while (true) { o[threadIdx.x] = v; v = v + in[1]; } }\n"
        + ENTRY + " { k<<<1, n>>>(in, out); }\n";
    Fault f = fault(run(src, EnumSet.of(Check.PROOF), 1, 0, 1L << 24));
    assertThat(f.kind()).isEqualTo(Kind.RUNAWAY);
    assertThat(f.span().position()).isEqualTo("h.cu:1:104");
    assertThat(f.budget()).isEqualTo(Fault.Budget.PROOF_NODES);
    assertThat(f.getMessage()).contains("nodes of the ⊕ graph").contains("warp 0 of block (0,0,0) (threads 0..31) was applying ⊕ at h.cu:1:104");
  }

  @Test
  void theFaultNamesTheLaunchItStopped() throws Exception {
    String src = "__global__ void ok(float *o) { o[threadIdx.x] = 0; }\n__global__ void bad(float *o) { o[1 << 30] = 1; }\n"
        + ENTRY + " { ok<<<1, n>>>(out); bad<<<dim3(2, 1, 1), 32>>>(out); }\n";
    ScanRun.Outcome o = run(src);
    Fault f = fault(o);
    assertThat(o.launches()).hasSize(1);
    assertThat(f.launch().index()).isEqualTo(1);
    assertThat(f.launch().kernel()).isEqualTo("bad");
    assertThat(f.launch().launchSite().position()).isEqualTo("h.cu:3:68");
    assertThat(f.launch().grid()).containsExactly(2L, 1L, 1L);
    assertThat(f.launch().block()).containsExactly(32L, 1L, 1L);
  }

  @Test
  void hostCodeStopsAtTheWallClockToo() throws Exception {
    // An empty host loop ran 12.8 s past --wall-seconds 2; a loop of copies did not end in 60 s.
    for (String loop : new String[] {"for (;;) { }", "for (;;) { cudaMemcpy(out, in, n * 4, cudaMemcpyDeviceToDevice); }"}) {
      String src = "__global__ void k(float *o) { }\n" + ENTRY + " { " + loop + " }\n";
      long start = System.nanoTime();
      Fault f = fault(run(src.replace("n * 4", "(size_t) n * 4"), Set.of(), 1, 500, 1L << 24));
      assertThat((System.nanoTime() - start) / 1e9).as(loop).isLessThan(10);
      assertThat(f.kind()).isEqualTo(Kind.RUNAWAY);
      assertThat(f.getMessage()).startsWith("the run passed its wall-clock budget in host code at h.cu:2:");
      assertThat(f.budget()).isEqualTo(Fault.Budget.WALL_CLOCK);
    }
  }

  @Test
  void localMemoryOfABlockCountsAgainstTheDeviceBudget() throws Exception {
    // 1,024 threads of 480,000 bytes: 491,520,000 bytes a block; the budget of 16 MiB less in and out (2 x 32 floats).
    String src = "__global__ void k(float *o) { float a[120000]; a[threadIdx.x] = 1; o[threadIdx.x] = a[threadIdx.x]; }\n"
        + ENTRY + " { k<<<1, 1024>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.OUT_OF_MEMORY);
    assertThat(f.span().position()).isEqualTo("h.cu:2:49");
    assertThat(f.getMessage()).isEqualTo("launch of k needs 491520000 bytes of local memory for one block (480000 bytes a"
        + " thread, 1024 threads), more than the 16776960 bytes the device-memory budget of 16777216 bytes has left"
        + " (cudaErrorMemoryAllocation)");
  }

  @Test
  void aHugeGridOfCommunicatingBlocksIsRefusedAtItsLaunch() throws Exception {
    // The residency scheduler's order of 2^31 blocks needed 8.6 GB.
    String src = "__global__ void k(float *o) { atomicAdd(o, 1.0f); }\n" + ENTRY + " { k<<<dim3(65535, 32767, 1), 1>>>(out); }\n";
    Fault f = fault(run(src));
    assertThat(f.kind()).isEqualTo(Kind.LAUNCH);
    assertThat(f.span().position()).isEqualTo("h.cu:2:49");
    assertThat(f.getMessage()).startsWith("launch of k with 2147385345 blocks that may communicate");
  }

  @Test
  void aHostFunctionsArraysEndWithItsCall() throws Exception {
    // 20,000 calls of a function with a 1 KB array: the arrays were never freed, and the run ran out of a 16 MiB budget.
    String src = "int helper(int x) { int t[256]; t[x & 255] = x; return t[x & 255]; }\n"
        + "__global__ void k(float *o, int v) { o[threadIdx.x] = v; }\n"
        + ENTRY + " { int s = 0; for (int i = 0; i < 20000; i++) s += helper(i) & 1; k<<<1, n>>>(out, s); }\n";
    ScanRun.Outcome o = run(src);
    assertThat(o.fault()).isNull();
    // A pointer to a returned call's array is a use after free, not a read of whatever is there.
    String dangling = "int *leak() { int t[4]; t[0] = 7; return t; }\n__global__ void k(float *o, int v) { o[threadIdx.x] = v; }\n"
        + ENTRY + " { int *p = leak(); k<<<1, n>>>(out, *p); }\n";
    Fault f = fault(run(dangling));
    assertThat(f.kind()).isEqualTo(Kind.USE_AFTER_FREE);
    assertThat(f.getMessage()).isEqualTo("host code uses 't' after the call that held it returned");
  }
}
