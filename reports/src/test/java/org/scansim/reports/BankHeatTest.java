package org.scansim.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/** The words each bank served, on access patterns whose banks are worked out by hand. */
class BankHeatTest {
  @TempDir Path dir;

  /**
   * One block of 64 threads (two warps): a store to s[t] (every bank once per warp), a barrier,
   * a load of s[2t] (stride two: the even banks twice per warp on 32 banks), a load of s[0] (one
   * word for the whole warp) and a store to d[t] (doubles: two words a lane).
   */
  static final String KERNEL = """
      __global__ void k(const float *in, float *out, int n) {
          __shared__ float s[128];
          __shared__ double d[64];
          int t = threadIdx.x;
          s[t] = in[t];
          __syncthreads();
          float a = s[2 * t];
          float b = s[0];
          d[t] = a;
          __syncthreads();
          out[t] = a + b + (float) d[63 - t];
      }
      void entry(const float *in, float *out, int n) { k<<<1, 64>>>(in, out, n); }
      """;

  private List<BankHeat.Launch> heat(String arch, int threads) throws Exception {
    Path f = dir.resolve("k.cu");
    Files.writeString(f, KERNEL);
    Frontend.Result r = Frontend.compileFile(f, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    var a = Architectures.preset(arch);
    BankHeat h = new BankHeat(a.sharedMemoryBanks(), a.bankWidthBytes());
    ScanRun.run(r, ScanRun.Request.of(64, a).threads(threads).withOptions(ScanRun.Options.NONE.withObserver(h)));
    return h.launches();
  }

  private static long[] repeat(int banks, long even, long odd) {
    long[] r = new long[banks];
    for (int b = 0; b < banks; b++) {
      r[b] = b % 2 == 0 ? even : odd;
    }
    return r;
  }

  @Test
  void wordsPerBankAndPhaseOnHopper() throws Exception {
    List<BankHeat.Launch> launches = heat("hopper", 1);
    assertThat(launches).hasSize(1);
    Map<String, long[][]> sites = launches.get(0).sites();
    String f = dir.resolve("k.cu").toString();
    // s[t] = ...: phase 0, two warps, 32 distinct words each, one per bank
    assertThat(sites.get(f + ":5:5 st")).isDeepEqualTo(new long[][] {repeat(32, 2, 2)});
    // s[2t]: phase 1; each warp reads words 0, 2, ..., 62 (or 64 ... 126): the even banks two words each
    assertThat(sites.get(f + ":7:15 ld")).isDeepEqualTo(new long[][] {repeat(32, 0, 0), repeat(32, 4, 0)});
    // s[0]: one word per request, bank 0
    long[] bank0 = new long[32];
    bank0[0] = 2;
    assertThat(sites.get(f + ":8:15 ld")).isDeepEqualTo(new long[][] {new long[32], bank0});
    // d[t] = a: 64 doubles after s's 512 bytes; a warp's 32 doubles are 64 words, two per bank
    assertThat(sites.get(f + ":9:5 st")).isDeepEqualTo(new long[][] {new long[32], repeat(32, 4, 4)});
  }

  @Test
  void sixteenBanksOnG80() throws Exception {
    Map<String, long[][]> sites = heat("g80", 1).get(0).sites();
    String f = dir.resolve("k.cu").toString();
    assertThat(sites.get(f + ":5:5 st")).isDeepEqualTo(new long[][] {repeat(16, 4, 4)});
    // 16 banks: a warp's 32 words at stride two are 4 on each even bank (a warp's access, whatever its half-warp requests)
    assertThat(sites.get(f + ":7:15 ld")).isDeepEqualTo(new long[][] {repeat(16, 0, 0), repeat(16, 8, 0)});
  }

  /** A load and a store at one position ({@code s[t] += 1}) are two sites, each with its own words, as the report's site table has them. */
  @Test
  void aLoadAndAStoreAtOnePositionAreTwoSites() throws Exception {
    Path f = dir.resolve("plus.cu");
    Files.writeString(f, """
        __global__ void k(const float *in, float *out, int n) {
            __shared__ float s[32];
            s[threadIdx.x] = in[threadIdx.x];
            __syncthreads(); // else nvcc (and the model of it) takes s[threadIdx.x] from the register just stored
            s[threadIdx.x] += 1.0f;
            out[threadIdx.x] = s[threadIdx.x];
        }
        void entry(const float *in, float *out, int n) { k<<<1, 32>>>(in, out, n); }
        """);
    Frontend.Result r = Frontend.compileFile(f, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    var a = Architectures.preset("hopper");
    BankHeat h = new BankHeat(a.sharedMemoryBanks(), a.bankWidthBytes());
    ScanRun.run(r, ScanRun.Request.of(32, a).withOptions(ScanRun.Options.NONE.withObserver(h)));
    Map<String, long[][]> sites = h.launches().get(0).sites();
    // one warp, 32 words, one in each bank, in the phase after the barrier: once for the load and
    // once for the store, not summed together
    assertThat(sites.get(f + ":5:5 ld")).isDeepEqualTo(new long[][] {new long[32], repeat(32, 1, 1)});
    assertThat(sites.get(f + ":5:5 st")).isDeepEqualTo(new long[][] {new long[32], repeat(32, 1, 1)});
  }

  /** Many independent blocks heard by workers on several threads: the sums are the one thread's, and n times one block's. */
  @Test
  void theSameOnAnyThreadCountAcrossManyBlocks() throws Exception {
    Path f = dir.resolve("many.cu");
    Files.writeString(f, KERNEL.replace("k<<<1, 64>>>", "k<<<n / 64, 64>>>").replace("in[t]", "in[blockIdx.x * 64 + t]")
        .replace("out[t]", "out[blockIdx.x * 64 + t]"));
    Frontend.Result r = Frontend.compileFile(f, Map.of());
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    var a = Architectures.preset("hopper");
    List<Map<String, long[][]>> runs = new java.util.ArrayList<>();
    for (int threads : new int[] {1, 4}) {
      BankHeat h = new BankHeat(a.sharedMemoryBanks(), a.bankWidthBytes());
      ScanRun.run(r, ScanRun.Request.of(64 * 512, a).threads(threads).withOptions(ScanRun.Options.NONE.withObserver(h)));
      runs.add(h.launches().get(0).sites());
    }
    assertThat(runs.get(1).keySet()).isEqualTo(runs.get(0).keySet()).hasSize(5);
    runs.get(0).forEach((k, v) -> assertThat(runs.get(1).get(k)).as(k).isDeepEqualTo(v));
    // 512 blocks of the one-block kernel's words: s[2t] is 512 × 4 words on each even bank
    assertThat(runs.get(0).get(f + ":7:15 ld")).isDeepEqualTo(new long[][] {repeat(32, 0, 0), repeat(32, 4 * 512, 0)});
  }
}
