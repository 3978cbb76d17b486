package org.scansim.sim.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/** What the seam reports for small kernels whose control flow and accesses are known by reading them. */
class ExecutionObserverTest {
  /** Records the events other than issues, as text. */
  static final class Log implements ExecutionObserver {
    final List<String> events = new ArrayList<>();
    int issues;

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      issues++;
    }

    @Override
    public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
      events.add("diverge " + Integer.toHexString(activeMask) + " " + Integer.toHexString(taken));
    }

    @Override
    public void reconverge(int block, int warp, int mask) {
      events.add("reconverge " + Integer.toHexString(mask));
    }

    @Override
    public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
      events.add("atomic " + Integer.toHexString(lanes));
    }

    @Override
    public void barrier(int block, Insn insn) {
      events.add("barrier " + insn.op());
    }
  }

  private static Log run(String kernel, EnumSet<Check> checks) {
    String source = kernel + "\nvoid entry(float *out) { k<<<1, 32>>>(out); }\n";
    Frontend.Result r = Frontend.compile(new SourceFile("e.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setChecks(checks, 0, 1 << 10);
    Log log = new Log();
    sim.setObserver(log);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 31);
    sim.call("entry", new long[] {out.pointer()});
    return log;
  }

  /** Counts the instructions it hears, and stops listening once it has heard {@code enough} (or never, for 0). */
  static final class Deaf implements ExecutionObserver {
    final long enough;
    long heard;

    Deaf(long enough) {
      this.enough = enough;
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      heard++;
    }

    @Override
    public boolean listening() {
      return enough == 0 || heard < enough;
    }
  }

  private static long heard(Deaf deaf) {
    // 8 instructions or so a trip for 400,000 trips: about 3 million instructions, one warp.
    String source = "__global__ void k(float *out) { float x = 0; for (int i = 0; i < 400000; i++) { x += i * 0.5f; } out[threadIdx.x] = x; }\n"
        + "void entry(float *out) { k<<<1, 32>>>(out); }\n";
    Frontend.Result r = Frontend.compile(new SourceFile("e.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setObserver(deaf);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 32);
    sim.call("entry", new long[] {out.pointer()});
    return deaf.heard;
  }

  @Test
  void theEngineStopsTellingAnObserverThatNoLongerListens() {
    long all = heard(new Deaf(0));
    assertThat(all).as("the whole loop").isGreaterThan(1_000_000);
    // The engine asks as the launch's instruction budget passes each 65,536 (one warp runs here):
    // the observer hears at most that many more.
    assertThat(heard(new Deaf(1000))).isBetween(1000L, 1000L + 65_536 + 1024);
    assertThat(Observers.all(new Deaf(1000), new Deaf(0)).listening()).as("one of two still listens").isTrue();
    Deaf done = new Deaf(1);
    done.heard = 1;
    assertThat(Observers.all(done, new Deaf(1)).listening()).isTrue();
    assertThat(Observers.all(done, done).listening()).as("neither listens").isFalse();
  }

  @Test
  void anIfWithoutElseDivergesAndReconvergesOnce() {
    Log log = run("__global__ void k(float *out) { if (threadIdx.x < 5) out[threadIdx.x] = 1; }", EnumSet.noneOf(Check.class));
    assertThat(log.events).hasSize(2);
    assertThat(log.events.get(0)).startsWith("diverge ffffffff ");
    assertThat(log.events.get(1)).isEqualTo("reconverge ffffffff");
    assertThat(log.issues).isPositive();
  }

  @Test
  void anIfElseReconvergesOnceWithEveryLane() {
    Log log = run("__global__ void k(float *out) { if (threadIdx.x % 2) out[threadIdx.x / 2] = 1; else out[15] = 2;"
        + " __syncthreads(); }", EnumSet.noneOf(Check.class));
    assertThat(log.events).hasSize(3);
    assertThat(log.events.get(0)).startsWith("diverge ffffffff ");
    assertThat(log.events.get(1)).isEqualTo("reconverge ffffffff");
    assertThat(log.events.get(2)).isEqualTo("barrier " + Op.BAR);
  }

  @Test
  void anAtomicTheBoundsCheckerSkipsIsNotReportedForThatLane() {
    // out has 31 floats: lane 31's atomic is outside it, recorded as a finding and skipped.
    Log log = run("__global__ void k(float *out) { atomicAdd(&out[threadIdx.x], 1.0f); }", EnumSet.of(Check.BOUNDS));
    assertThat(log.events).containsExactly("atomic 7fffffff");
  }
}
