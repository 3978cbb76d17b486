package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.run.ScanRun;

/**
 * The timing model takes a run of issued instructions at once ({@code issueRun}): for every scan
 * kernel of the catalog (not the calibration or faulty ones), on one thread and on two, its launches' timing (cycles, issue count, stalls by
 * reason, phase and site) equals what it gives when it hears the same run as one issue an
 * instruction, the interface's default, which a wrapper that does not pass the run on restores.
 */
class IssueRunTest {
  static final Architecture HOPPER = Architectures.preset("hopper");

  static Stream<Path> kernels() throws IOException {
    Path root = Path.of("..", "kernels");
    List<Path> files = new java.util.ArrayList<>();
    for (String dir : List.of("harris", "lecture", "modern", "pmpp", "handbook", "sequential")) {
      try (Stream<Path> s = Files.list(root.resolve(dir))) {
        s.filter(p -> p.toString().endsWith(".cu")).sorted().forEach(files::add);
      }
    }
    assertThat(files).as("catalog kernels").hasSizeGreaterThan(10);
    return files.stream();
  }

  @ParameterizedTest
  @MethodSource("kernels")
  void aRunTakenAtOnceIsTimedAsOneIssueEach(Path file) {
    sameEitherWay(file.toString(), Frontend.compileFile(file, Map.of()));
  }

  /**
   * Any sequence of a kernel's instructions, heard as one run or as one issue each, makes the same
   * trace: seeded random sequences of the device instructions of Harris's scan and of a kernel of
   * multiplies and adds (loop control, fused multiply-adds and the instructions that end a pair,
   * memory instructions with no request, barriers: what a run of the engine's rarely holds), each
   * a block of one warp.
   */
  @Test
  void anySequenceHeardAsARunIsTimedAsOneIssueEach() {
    String mix = """
        __global__ void mix(float *out, const float *in, int n) {
            __shared__ float s[256];
            int t = threadIdx.x;
            float a = in[t];
            float b = a * 1.5f;
            int u = t ^ 3;
            float c = b + a;
            for (int i = 0; i < n; i++) {
                c = c * 0.5f + s[(t + i) & 255];
                u += i / 3;
            }
            s[t] = c;
            __syncthreads();
            out[t] = s[u & 255] * c + b;
        }
        void scan(float *out, const float *in, int n) { mix<<<1, 256>>>(out, in, n); }
        """;
    randomRuns(Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of()));
    randomRuns(Frontend.compile(new SourceFile("mix.cu", mix), Map.of(), IncludeLoader.NONE));
  }

  private static void randomRuns(Frontend.Result r) {
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    List<Insn> all = new java.util.ArrayList<>();
    for (org.scansim.frontend.ir.IrFunction f : DeviceCode.of(r.ir())) {
      for (org.scansim.frontend.ir.Block b : f.blocks()) {
        all.addAll(b.insns());
      }
    }
    java.util.Random random = new java.util.Random(48);
    for (int k = 0; k < 300; k++) {
      Insn[] run = new Insn[1 + random.nextInt(40)];
      for (int i = 0; i < run.length; i++) {
        run[i] = all.get(random.nextInt(all.size()));
      }
      TimingObserver atOnce = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
      TimingObserver oneByOne = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
      for (TimingObserver t : List.of(atOnce, oneByOne)) {
        t.launch("k", 1, 32);
        t.blockBegin(0);
      }
      int split = random.nextInt(run.length); // two runs: the second starts where the first left off
      atOnce.issueRun(0, 0, run, 0, split, -1);
      atOnce.issueRun(0, 0, run, split, run.length, -1);
      for (Insn in : run) {
        oneByOne.issue(0, 0, in, -1);
      }
      for (TimingObserver t : List.of(atOnce, oneByOne)) {
        t.blockEnd(0);
        t.finish();
      }
      assertThat(atOnce.launches()).as(java.util.Arrays.toString(run)).isEqualTo(oneByOne.launches());
    }
  }

  /**
   * Blocks heard on the launching thread (an observer beside it that gives no workers keeps them
   * there) are timed as a worker times them: a divergent branch's cost included.
   */
  @Test
  void theLaunchingThreadTimesBlocksAsAWorkerDoes() {
    for (String file : List.of("harris/scan_large_array.cu", "pmpp/chained_scan.cu")) {
      Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", file), Map.of());
      List<TimingObserver.LaunchTiming> workers = timed(r, 8192, 2, t -> t);
      List<TimingObserver.LaunchTiming> launching = timed(r, 8192, 2, t -> org.scansim.sim.event.Observers.all(t, new ExecutionObserver() {}));
      assertThat(launching).as(file).isNotEmpty().isEqualTo(workers);
    }
  }

  /**
   * Once its traces pass their budget (a runaway), the timing model no longer listens: the engine
   * then stops calling it, and the run is untimed, said why.
   */
  @Test
  void aRunPastTheTracesBudgetIsNoLongerHeard() {
    Frontend.Result r = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of());
    TimingObserver timing = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir(), 4096);
    Insn[] run = DeviceCode.of(r.ir()).get(0).blocks().get(0).insns().toArray(new Insn[0]);
    timing.launch("k", 1, 32);
    timing.blockBegin(0);
    assertThat(timing.listening()).isTrue();
    int issued = 0;
    while (timing.listening() && issued < 1_000_000) {
      timing.issueRun(0, 0, run, 0, run.length, -1);
      issued += run.length;
    }
    assertThat(timing.listening()).as("after " + issued + " instructions").isFalse();
    assertThat(issued).as("the budget holds about 2,000 instructions").isBetween(1000, 4096);
    timing.blockEnd(0);
    timing.finish();
    assertThat(timing.untimed()).contains("passed their memory budget");
    assertThat(timing.launches()).isEmpty();
  }

  private static void sameEitherWay(String name, Frontend.Result r) {
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    int timedLaunches = 0;
    Runs seen = new Runs();
    for (int n : new int[] {1024, 8192}) { // one block, and several for the kernels that take them (the others refuse)
      for (int threads : new int[] {1, 2}) {
        List<TimingObserver.LaunchTiming> atOnce = timed(r, n, threads, t -> new Counting(t, seen));
        List<TimingObserver.LaunchTiming> oneByOne = timed(r, n, threads, OneByOne::new);
        assertThat(atOnce).as(name + " at n = " + n + " on " + threads + " threads").isEqualTo(oneByOne);
        timedLaunches += atOnce.size();
      }
    }
    assertThat(timedLaunches).as("launches timed").isPositive();
    assertThat(seen.longest).as("runs of several instructions reached the model").isGreaterThan(1);
  }

  private static List<TimingObserver.LaunchTiming> timed(Frontend.Result r, int n, int threads, UnaryOperator<ExecutionObserver> wrap) {
    TimingObserver timing = new TimingObserver(HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), r.ir());
    String entry = ScanRun.entries(r).get(0).name();
    ScanRun.Request req = ScanRun.Request.of(n, HOPPER).entry(entry).threads(threads)
        .withOptions(ScanRun.Options.NONE.withObserver(wrap.apply(timing)));
    try {
      ScanRun.run(r, req);
    } catch (ScanRun.UsageException e) {
      throw new AssertionError(e);
    }
    timing.finish();
    return timing.launches();
  }

  private static final class Runs {
    int longest;
  }

  /** Passes every event on, runs as runs, and notes the longest run. */
  private static final class Counting extends OneByOne {
    private final Runs seen;

    Counting(ExecutionObserver inner, Runs seen) {
      super(inner);
      this.seen = seen;
    }

    @Override
    ExecutionObserver wrap(ExecutionObserver w) {
      return new Counting(w, seen);
    }

    @Override
    public void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
      synchronized (seen) {
        seen.longest = Math.max(seen.longest, to - from);
      }
      inner.issueRun(block, warp, insns, from, to, activeMask);
    }
  }

  /** Passes every event on but a run, which it hears as the interface's default does: one issue each. */
  static class OneByOne implements ExecutionObserver {
    final ExecutionObserver inner;

    OneByOne(ExecutionObserver inner) {
      this.inner = inner;
    }

    ExecutionObserver wrap(ExecutionObserver w) {
      return new OneByOne(w);
    }

    @Override
    public void launch(String kernel, long blocks, int threadsPerBlock) {
      inner.launch(kernel, blocks, threadsPerBlock);
    }

    @Override
    public long elapsedNanos() {
      return inner.elapsedNanos();
    }

    @Override
    public ExecutionObserver worker() {
      ExecutionObserver w = inner.worker();
      return w == null ? null : wrap(w);
    }

    @Override
    public void restart() {
      inner.restart();
    }

    @Override
    public void blockBegin(int block) {
      inner.blockBegin(block);
    }

    @Override
    public void blockEnd(int block) {
      inner.blockEnd(block);
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      inner.issue(block, warp, insn, activeMask);
    }

    @Override
    public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
      inner.sharedAccess(block, warp, insn, store, lanes, wavefronts, idealWavefronts);
    }

    @Override
    public boolean wantsSharedAddresses() {
      return inner.wantsSharedAddresses();
    }

    @Override
    public void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {
      inner.sharedAddresses(block, warp, insn, store, lanes, size, addresses);
    }

    @Override
    public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
      inner.globalAccess(block, warp, insn, store, lanes, sectors, address);
    }

    @Override
    public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
      inner.localAccess(block, warp, insn, store, lanes);
    }

    @Override
    public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
      inner.atomic(block, warp, insn, lanes, address, changed);
    }

    @Override
    public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
      inner.divergentBranch(block, warp, insn, activeMask, taken);
    }

    @Override
    public void reconverge(int block, int warp, int mask) {
      inner.reconverge(block, warp, mask);
    }

    @Override
    public void barrier(int block, Insn insn) {
      inner.barrier(block, insn);
    }
  }
}
