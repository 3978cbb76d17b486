package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Warps that take a block's path again skip the arithmetic that only computes shared addresses
 * ({@link KeptChain}, {@code engine.opt.BlockInvariance}) and change nothing a run reports: runs
 * with the chains kept and without give the same output, counters and faults, on a tree loop
 * whose addresses are the same in every block, on blocks whose paths differ (a loop entered at a
 * place that depends on the block), and on addresses that depend on the block or on the data.
 */
class KeptChainTest {
  /**
   * Harris's up-sweep on 128 elements a block (64 threads, 2 warps), with padding, loads and
   * stores guarded by n: the tree loop's addresses follow from the thread and the loop alone.
   */
  private static final String TREE = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[132];
          int t = threadIdx.x;
          int g = blockIdx.x * 128 + t;
          s[t + (t >> 5)] = g < n ? in[g] : 0;
          s[t + 64 + ((t + 64) >> 5)] = g + 64 < n ? in[g + 64] : 0;
          int offset = 1;
          for (int d = 64; d > 0; d >>= 1) {
              __syncthreads();
              if (t < d) {
                  int ai = offset * (2 * t + 1) - 1;
                  int bi = offset * (2 * t + 2) - 1;
                  ai += ai >> 5;
                  bi += bi >> 5;
                  s[bi] += s[ai];
              }
              offset *= 2;
          }
          __syncthreads();
          if (g < n) out[g] = s[t + (t >> 5)];
          if (g + 64 < n) out[g + 64] = s[t + 64 + ((t + 64) >> 5)];
      }
      void entry(int *out, const int *in, int n) { k<<<(n + 127) / 128, 64>>>(out, in, n); }
      """;

  /**
   * A loop whose shared access starts at a turn that depends on the block: the k-th access is at
   * another address from one block to the next, so a warp whose path changed must not take the
   * block before's lane check.
   */
  private static final String SHIFTED = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[64];
          int t = threadIdx.x;
          s[t] = in[blockIdx.x * 64 + t];
          int first = blockIdx.x % 3;
          int acc = 0;
          __syncthreads();
          for (int d = 0; d < 6; d++) {
              if (d >= first) {
                  acc += s[(t + 7 * d) & 63];
              }
          }
          out[blockIdx.x * 64 + t] = acc;
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  /** Shared indices that depend on the block and on the data, beside ones that do not. */
  private static final String VARYING = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[128];
          int t = threadIdx.x;
          int b = blockIdx.x;
          s[t] = in[b * 64 + t];
          s[t + 64] = t;
          __syncthreads();
          int v = s[(t * (1 + (b & 7)) + b) & 127];
          int w = s[in[b * 64 + t] & 127];
          int u = s[(t * 2 + 1) & 127];
          __syncthreads();
          s[(t * 2 + b) & 127] = v + w + u;
          __syncthreads();
          out[b * 64 + t] = s[t] + s[(t + 64) & 127];
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  /** A loop of 6,000 turns (past the 16,384 steps a warp's path is kept for) with a shared address from its counter. */
  private static final String LONG = """
      __global__ void k(int *out, const int *in, int n) {
          __shared__ int s[64];
          int t = threadIdx.x;
          s[t] = in[blockIdx.x * 64 + t];
          __syncthreads();
          int acc = 0;
          for (int d = 0; d < 6000; d++) {
              if (t < 48) {
                  acc += s[(t + d) & 63];
              }
              acc ^= d;
          }
          out[blockIdx.x * 64 + t] = acc;
      }
      void entry(int *out, const int *in, int n) { k<<<n / 64, 64>>>(out, in, n); }
      """;

  /** The run without kept chains and with: the same; returns the accesses that took a kept lane check. */
  private static long taken(String source, int n, int threads) {
    KeptChain.on = false;
    KernelRuns.Run without = KernelRuns.run(source, n, threads);
    KeptChain.on = true;
    SeenAddresses.counting = true;
    SeenAddresses.TAKEN.set(0);
    KernelRuns.Run with = KernelRuns.run(source, n, threads);
    assertThat(with).isEqualTo(without);
    assertThat(without.fault()).isNull();
    return SeenAddresses.TAKEN.get();
  }

  private static final boolean ON = KeptChain.on;
  private static final boolean REPLAY = BlockReplay.on;

  /** Block replay would run most blocks without the interpreter whose kept checks this test counts. */
  @BeforeEach
  void runEveryBlock() {
    BlockReplay.on = false;
  }

  @AfterEach
  void restore() {
    KeptChain.on = ON;
    BlockReplay.on = REPLAY;
    SeenAddresses.counting = false;
  }

  @Test
  void aTreeLoopsAddressesAreTakenFromTheBlockBefore() {
    // 20 blocks, the last one short (n = 20 x 128 - 10): every block takes the same path through
    // the tree loop. Its full-warp turns: d = 64 (both warps) and d = 32 (warp 0), each a load of
    // ai, a load of bi and a store of bi, all three computed from t and offset alone: 9 accesses a
    // block, taken in every block after the executor's first (19 on one thread, 18 at least on two).
    assertThat(taken(TREE, 20 * 128 - 10, 1)).isGreaterThanOrEqualTo(9 * 19);
    assertThat(taken(TREE, 20 * 128 - 10, 2)).isGreaterThanOrEqualTo(9 * 18);
  }

  @Test
  void aWarpWhosePathChangedChecksItsLanes() {
    // Consecutive blocks enter the loop's body at another turn (first = b % 3): a block's path
    // is the one before it only up to the loop, so only the store to s[t] before it is taken,
    // by each of 2 warps in 29 blocks on one thread; the loop's loads check their lanes.
    assertThat(taken(SHIFTED, 64 * 30, 1)).isEqualTo(2 * 29);
    taken(SHIFTED, 64 * 30, 2);
  }

  @Test
  void aPathLongerThanTheStepsKeptIsComparedUpToThem() {
    // Each turn is several steps (the loop's test, the if, its body, the rest): past 16,384 the
    // rest of each block runs whole, and what came before is taken as usual.
    assertThat(taken(LONG, 64 * 4, 1)).isPositive();
  }

  @Test
  void addressesThatDependOnTheBlockOrTheDataAreComputed() {
    taken(VARYING, 64 * 40, 1);
    taken(VARYING, 64 * 40, 2);
  }
}
