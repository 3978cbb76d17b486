package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.run.Fingerprints;

/**
 * Block replay ({@link BlockReplay}) gives the run every block would give, and takes place where
 * it should: a tree scan whose last block is partial replays its full blocks; a kernel whose
 * branch or address depends on loaded data replays none.
 */
class BlockReplayTest {
  private final boolean on = BlockReplay.on;

  @BeforeEach
  void count() {
    BlockReplay.counting = true;
    BlockReplay.REPLAYED.set(0);
  }

  @AfterEach
  void restore() {
    BlockReplay.on = on;
    BlockReplay.counting = false;
  }


  /** Each thread reads the element its input names: an address loaded from memory. */
  private static final String GATHER = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) {
          int j = (int) in[i] % n;
          out[i] = in[j < 0 ? -j : j] + 1.0f;
        }
      }
      void entry(const float *in, float *out, int n) {
        k<<<(n + 127) / 128, 128>>>(in, out, n);
      }
      """;

  private static IrModule compile(String source) {
    return ReplayKernels.compiled("replay.cu", source).ir();
  }

  private static String run(IrModule m, int n, boolean its, int threads, boolean replay) {
    BlockReplay.on = replay;
    return Fingerprints.of(m, "entry", n, its, sim -> sim.setThreads(threads));
  }

  @Test
  void aTreeScanReplaysItsFullBlocksAndReportsAsRunningThem() {
    IrModule m = compile(ReplayKernels.TREE);
    int n = 64 * 256 + 100; // 65 blocks, the last partial
    for (boolean its : new boolean[] {true, false}) {
      long before = BlockReplay.REPLAYED.get();
      String every = run(m, n, its, 1, false);
      assertThat(BlockReplay.REPLAYED.get()).as("replayed with replay off").isEqualTo(before);
      for (int threads : new int[] {1, 2}) {
        assertThat(run(m, n, its, threads, true)).as("%s, %d threads", its ? "hopper" : "fermi", threads).isEqualTo(every);
      }
    }
    // Of 65 blocks on one thread and on two, at least 60 each time were replayed (the partial one never).
    assertThat(BlockReplay.REPLAYED.get()).isGreaterThanOrEqualTo(4 * 60L);
  }


  /** Each block adds its elements to one total with an atomic: the tape does not model atomics. */
  private static final String ATOMIC = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        if (i < n) { atomicAdd(&out[0], in[i]); }
      }
      void entry(const float *in, float *out, int n) {
        k<<<(n + 127) / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void aKernelTheTapeDoesNotModelIsRunBlockByBlock() {
    for (String source : new String[] {GATHER, ATOMIC}) { // an address loaded from memory; atomics
      IrModule m = compile(source);
      int n = 64 * 128;
      String every = run(m, n, true, 1, false);
      assertThat(run(m, n, true, 1, true)).isEqualTo(every);
      assertThat(BlockReplay.REPLAYED.get()).isZero();
    }
  }

  /** Block 40 divides by zero (an integer division of loaded values): a tape would skip the fault. */
  private static final String DIVIDE = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x;
        int d = (int) in[i] + (blockIdx.x == 40 ? -1000 : 1000);
        if (i < n) { out[i] = (float) (1000000 / (d - (blockIdx.x == 40 ? (int) in[i] - 1000 : 0))); }
      }
      void entry(const float *in, float *out, int n) {
        k<<<(n + 127) / 128, 128>>>(in, out, n);
      }
      """;

  /** Thread 0 of each block reads a float4 at element blockIdx.x: aligned in one block of four only. */
  private static final String VECTOR = """
      __global__ void k(const float *in, float *out, int n) {
        if (threadIdx.x == 0) {
          float4 v = reinterpret_cast<const float4 *>(in + blockIdx.x)[0];
          out[blockIdx.x] = v.x + v.w;
        }
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void aFaultInALaterBlockIsReportedAsRunningItReportsIt() {
    for (String source : new String[] {DIVIDE, VECTOR}) {
      IrModule m = compile(source);
      int n = 64 * 128;
      String every = run(m, n, true, 1, false);
      assertThat(every).as("the run without replay faults").startsWith("fault ");
      assertThat(run(m, n, true, 1, true)).isEqualTo(every);
      // On two threads the memory a faulted launch leaves depends on how far the other thread ran (no user sees it): the fault.
      assertThat(run(m, n, true, 2, true).lines().findFirst()).isEqualTo(every.lines().findFirst());
    }
  }
}
