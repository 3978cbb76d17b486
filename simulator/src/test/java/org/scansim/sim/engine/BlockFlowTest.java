package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.run.Fingerprints;

/**
 * A tape's dataflow ({@link BlockFlow}) gives the run its tape gives, byte for byte (output,
 * every counter of every launch, site and phase, work and the taint that decides it), runs where
 * it can, calibrates again where blocks load unlike each other, and refuses what it cannot stand
 * for.
 */
class BlockFlowTest {
  private final boolean replay = BlockReplay.on;
  private final boolean flow = BlockFlow.on;

  @BeforeEach
  void count() {
    BlockReplay.counting = true;
    BlockFlow.RAN.set(0);
  }

  @AfterEach
  void restore() {
    BlockReplay.on = replay;
    BlockFlow.on = flow;
    BlockReplay.counting = false;
  }

  private static IrModule compile(String source) {
    return ReplayKernels.compiled("flow.cu", source).ir();
  }

  /** The run as every block runs it (no replay), as the tape replays it (no flow), and with flows. */
  private static String run(IrModule m, int n, boolean its, int threads, boolean replay, boolean flow) {
    BlockReplay.on = replay;
    BlockFlow.on = flow;
    return Fingerprints.of(m, "entry", n, its, sim -> sim.setThreads(threads));
  }

  /** Runs m every way and requires one answer; returns the blocks flows ran. */
  private static long sameEveryWay(IrModule m, int n) {
    long before = BlockFlow.RAN.get();
    for (boolean its : new boolean[] {true, false}) {
      String every = run(m, n, its, 1, false, false);
      long ran = BlockFlow.RAN.get();
      assertThat(run(m, n, its, 1, true, false)).as("tape, %s", its ? "hopper" : "fermi").isEqualTo(every);
      assertThat(BlockFlow.RAN.get()).as("flows run with flows off").isEqualTo(ran);
      for (int threads : new int[] {1, 2}) {
        assertThat(run(m, n, its, threads, true, true)).as("flow, %s, %d threads", its ? "hopper" : "fermi", threads).isEqualTo(every);
      }
    }
    return BlockFlow.RAN.get() - before;
  }

  @Test
  void aTreeScanRunsAsItsTapeAndMostBlocksThroughTheFlow() {
    // 65 blocks, the last partial: per run one recorded, one calibrating replay per worker, the partial one run.
    long ran = sameEveryWay(compile(ReplayKernels.TREE), 64 * 256 + 100);
    assertThat(ran).as("blocks run by a flow in four runs with flows").isGreaterThanOrEqualTo(4 * 58L);
  }

  /**
   * Unsigned words through shared memory (a stored value read back zero-extended, and as a signed
   * int widened to 64 bits, a computed one and a constant), a shared word no thread wrote (the
   * bytes every block starts from),
   * and a word each thread reads from its neighbour.
   */
  private static final String WORDS = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ unsigned s[128];
        __shared__ float never[128];
        __shared__ unsigned big[128];
        int i = blockIdx.x * 128 + threadIdx.x;
        unsigned u = (unsigned) in[i];
        s[threadIdx.x] = u * 2654435761u + (unsigned) blockIdx.x;
        big[threadIdx.x] = 4000000000u - threadIdx.x;
        __syncthreads();
        unsigned v = s[threadIdx.x ^ 1] >> 3;
        long long x = ((int *) s)[threadIdx.x ^ 2];
        long long y = ((int *) big)[threadIdx.x ^ 3];
        out[i] = (float) (v & 1023u) + in[i] + (float) (((unsigned *) never)[threadIdx.x] >> 24) + (float) (x >> 24) + (float) (y >> 28);
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void unsignedAndUnwrittenSharedWordsAreReadAsTheTapeReadsThem() {
    assertThat(sameEveryWay(compile(WORDS), 64 * 128)).isGreaterThanOrEqualTo(4 * 58L);
  }

  /**
   * A warp scan by shuffles (up, then a butterfly, an index and a down shuffle within segments
   * of 16 and 8 lanes): the shuffles' lanes are the same in every block, so each lane names the
   * value it reads.
   */
  private static final String SHUFFLES = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        float v = in[i];
        for (int d = 1; d < 32; d *= 2) {
          float t = __shfl_up_sync(0xffffffff, v, d);
          if ((threadIdx.x & 31) >= d) { v += t; }
        }
        float x = __shfl_xor_sync(0xffffffff, v, 3, 16);
        float y = __shfl_sync(0xffffffff, v, threadIdx.x + 7);
        float z = __shfl_down_sync(0xffffffff, v, 5, 8);
        out[i] = v + x * 0.5f + y * 0.25f + z * 0.125f;
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void shufflesReplayAndTheirLanesNameTheValuesTheyRead() {
    assertThat(sameEveryWay(compile(SHUFFLES), 64 * 128)).isGreaterThanOrEqualTo(4 * 58L);
  }

  /**
   * The lanes that run a shuffle read only constants, but the lanes they read from hold what their
   * block loaded (a shuffle from a lane that does not run it): the tape must run the shuffle, not
   * take the recorded block's result for a constant.
   */
  private static final String SHUFFLE_FROM_IDLE_LANES = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        float v = 0.0f;
        if ((threadIdx.x & 31) >= 16) { v = in[i]; }
        float t = 1.0f;
        if ((threadIdx.x & 31) < 16) { t = __shfl_down_sync(0xffff, v, 16); }
        out[i] = t + 2.0f;
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void aShuffleFromLanesThatDoNotRunItReadsTheirValuesInEveryBlock() {
    BlockReplay.REPLAYED.set(0);
    sameEveryWay(compile(SHUFFLE_FROM_IDLE_LANES), 64 * 128);
    assertThat(BlockReplay.REPLAYED.get()).as("blocks replayed").isPositive();
  }

  /**
   * Words a block loads more than once (the flow loads each once): every thread reads its block's
   * word of sums (a warp access whose lanes read one word), as an int and as an unsigned, and each
   * thread its own element and its neighbour's (the same words in two warp accesses). (Sums is an
   * array of its own: a tape's accesses to one array move by one step per block.)
   */
  private static final String SAME_WORDS = """
      __global__ void k(const int *in, const int *sums, int *out, unsigned *big, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        int s = sums[blockIdx.x];
        unsigned u = ((const unsigned *) sums)[blockIdx.x];
        int next = threadIdx.x < 127 ? in[i + 1] : 0;
        out[i] = in[i] + next + s;
        big[i] = u * 3u + (unsigned) sums[blockIdx.x];
      }
      __global__ void firsts(const int *in, int *sums) {
        sums[blockIdx.x * 128 + threadIdx.x] = in[(blockIdx.x * 128 + threadIdx.x) * 128];
      }
      void entry(const int *in, int *out, int n) {
        int *sums;
        unsigned *big;
        cudaMalloc((void **)&sums, (n / 128) * sizeof(int));
        cudaMalloc((void **)&big, n * sizeof(unsigned));
        firsts<<<n / 128 / 128, 128>>>(in, sums);
        k<<<n / 128, 128>>>(in, sums, out, big, n);
        cudaFree(sums);
        cudaFree(big);
      }
      """;

  @Test
  void wordsABlockLoadsTwiceAreOneValueInEveryBlock() {
    // 1,024 blocks: sums moves a word per block, so a tape stands for the blocks of one residue of
    // 64 (a sector's alignment), and replay pays from 8 blocks a residue on.
    assertThat(sameEveryWay(compile(SAME_WORDS), 1024 * 128)).isGreaterThanOrEqualTo(4 * 800L);
  }

  /**
   * Every third block of the second kernel loads words the first kernel wrote from a constant
   * (untainted: its additions are not work), the others words from the input: the flow, calibrated
   * on one kind of block, must not count the other's work as its own; and what it stores is
   * tainted as the tape would taint it (a third kernel's work counts it).
   */
  private static final String TAINT = """
      __global__ void fill(const float *in, float *tmp, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        if (blockIdx.x % 3 == 0) { tmp[i] = 2.0f; } else { tmp[i] = in[i]; }
      }
      __global__ void sum(const float *tmp, float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        out[i] = tmp[i] + tmp[i] * 3.0f;
      }
      __global__ void again(float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        out[i] = out[i] + 1.0f;
      }
      void entry(const float *in, float *out, int n) {
        float *tmp;
        cudaMalloc((void **)&tmp, n * sizeof(float));
        fill<<<n / 128, 128>>>(in, tmp, n);
        sum<<<n / 128, 128>>>(tmp, out, n);
        again<<<n / 128, 128>>>(out, n);
        cudaFree(tmp);
      }
      """;

  @Test
  void blocksThatLoadUnlikeTheCalibrationAreReplayedByTheirTape() {
    IrModule m = compile(TAINT);
    int n = 90 * 128;
    long calibrated = BlockFlow.CALIBRATED.get();
    assertThat(sameEveryWay(m, n)).as("blocks the flows ran").isPositive();
    // Each of the four runs with flows calibrates again at its first blocks of each kind, up to eight times.
    assertThat(BlockFlow.CALIBRATED.get() - calibrated).as("calibrations").isGreaterThanOrEqualTo(4 * 8L);
  }

  /** A thread reads back the word it stored (a load of the block's own store); bytes. */
  private static final String OWN_STORE = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        out[i] = in[i] + 1.0f;
        out[i] = out[i] * 2.0f;
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;
  private static final String BYTES = """
      __global__ void k(const float *in, float *out, int n) {
        __shared__ unsigned char c[128];
        int i = blockIdx.x * 128 + threadIdx.x;
        c[threadIdx.x] = (unsigned char) in[i];
        __syncthreads();
        out[i] = (float) c[127 - threadIdx.x];
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  /** Each lane reads the lane its input names: a shuffle whose source the data decides. */
  private static final String SHUFFLE_BY_DATA = """
      __global__ void k(const float *in, float *out, int n) {
        int i = blockIdx.x * 128 + threadIdx.x;
        float v = in[i];
        out[i] = __shfl_sync(0xffffffff, v * 2.0f, (int) v & 31);
      }
      void entry(const float *in, float *out, int n) {
        k<<<n / 128, 128>>>(in, out, n);
      }
      """;

  @Test
  void aTapeTheFlowCannotStandForIsReplayedEntryByEntry() {
    for (String source : new String[] {OWN_STORE, BYTES, SHUFFLE_BY_DATA}) {
      IrModule m = compile(source);
      long replayed = BlockReplay.REPLAYED.get();
      assertThat(sameEveryWay(m, 64 * 128)).as("blocks a flow ran").isZero();
      assertThat(BlockReplay.REPLAYED.get()).as("blocks the tape replayed").isGreaterThan(replayed);
    }
  }
}
