package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What an executor keeps of its full warps' shared lane checks ({@link SeenAddresses}) changes
 * nothing a run reports: runs with it and without give the same output, counters and faults, on
 * kernels whose shared addresses are the same in every block (taken from what was kept) and on
 * kernels whose addresses depend on the block, on the data, or leave the array in a later block.
 */
class SeenAddressesTest {
  /** 64 threads a block; shared indices that depend on the block and on the data, beside ones that do not. */
  private static final String VARYING = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[128];
          int t = threadIdx.x;
          int b = blockIdx.x;
          s[t] = in[b * 64 + t];
          s[t + 64] = t;
          __syncthreads();
          int v = s[(t * (1 + (b & 7)) + b) % 128];
          int w = s[in[b * 64 + t] & 127];
          int u = s[t * 2];
          __syncthreads();
          s[(t * 2 + b) % 128] = v + w + u;
          __syncthreads();
          out[b * 64 + t] = s[t] + s[t + 64];
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  /** A loop of 16 turns, each reading and writing shared words that are the same in every block. */
  private static final String LOOP = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[64];
          int t = threadIdx.x;
          s[t] = in[blockIdx.x * 64 + t];
          __syncthreads();
          for (int d = 0; d < 16; d++) {
              int v = s[(t + d) % 64];
              __syncthreads();
              s[t] = v + d;
              __syncthreads();
          }
          out[blockIdx.x * 64 + t] = s[t];
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  /** The same shape, but block 5 reads past the array (a fault, with the same message either way). */
  private static final String OUT_OF_BOUNDS = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[64];
          int t = threadIdx.x;
          s[t] = in[blockIdx.x * 64 + t];
          __syncthreads();
          out[blockIdx.x * 64 + t] = s[blockIdx.x == 5 ? t + 1 : t];
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  private static KernelRuns.Run both(String source, int n, int threads, long leastHits) {
    SeenAddresses.on = false;
    KernelRuns.Run without = KernelRuns.run(source, n, threads);
    SeenAddresses.on = true;
    SeenAddresses.counting = true;
    SeenAddresses.HITS.set(0);
    SeenAddresses.TAKEN.set(0);
    KernelRuns.Run with = KernelRuns.run(source, n, threads);
    // Compared with the kept pointers, or taken without them by a warp on the block before's path (KeptChain).
    assertThat(SeenAddresses.HITS.get() + SeenAddresses.TAKEN.get()).as("accesses that took a kept result")
        .isGreaterThanOrEqualTo(leastHits);
    assertThat(with).isEqualTo(without);
    return with;
  }

  private static final boolean ON = SeenAddresses.on;
  private static final boolean REPLAY = BlockReplay.on;

  /** Block replay would run most blocks without the interpreter whose kept checks this test counts. */
  @BeforeEach
  void runEveryBlock() {
    BlockReplay.on = false;
  }

  @AfterEach
  void restore() {
    SeenAddresses.on = ON;
    BlockReplay.on = REPLAY;
    SeenAddresses.counting = false;
  }

  @Test
  void addressesThatDependOnTheBlockOrTheDataGiveWhatTheLaneCheckGives() {
    // 40 blocks of 2 warps: five accesses (the stores at t and t + 64, the loads at 2t, t and
    // t + 64) are the same in every block, so each warp's take the kept results in every block
    // after its executor's first: 5 x 2 x 39 on one thread, 5 x 2 x 38 at least on two (an
    // executor a thread). The rest differ from block to block (the block's or the data's).
    KernelRuns.Run one = both(VARYING, 64 * 40, 1, 5 * 2 * 39);
    assertThat(one.counters()).isNotEmpty();
    assertThat(both(VARYING, 64 * 40, 2, 5 * 2 * 38)).isEqualTo(one);
  }

  @Test
  void aLoopsTurnsAreKeptEachInItsPlace() {
    // 16 turns of a load and a store, plus the first store and the last load: 34 accesses a warp,
    // each the same in every block (30 blocks, 2 warps).
    both(LOOP, 64 * 30, 1, 34 * 2 * 29);
  }

  @Test
  void aBlockThatLeavesTheArrayFaultsAsWithout() {
    KernelRuns.Run r = both(OUT_OF_BOUNDS, 64 * 8, 1, 1);
    assertThat(r.fault()).contains("out-of-bounds shared access");
  }
}
