package org.scansim.sim.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/** An observer that gives workers hears independent blocks on several threads, each block whole, once, between its begin and end. */
class ObserverWorkersTest {
  /** The launching thread's observer: it gives a worker for each thread the launch asks for. */
  static final class Main implements ExecutionObserver {
    final List<Worker> workers = Collections.synchronizedList(new ArrayList<>());
    final boolean gives;
    final List<String> own = new ArrayList<>();

    Main(boolean gives) {
      this.gives = gives;
    }

    @Override
    public ExecutionObserver worker() {
      if (!gives) {
        return null;
      }
      Worker w = new Worker(this);
      workers.add(w);
      return w;
    }

    @Override
    public void blockBegin(int block) {
      own.add("begin " + block);
    }

    @Override
    public void blockEnd(int block) {
      own.add("end " + block);
    }
  }

  /** One thread's blocks: checks that every event of a block comes between its begin and end, on one thread. */
  static final class Worker implements ExecutionObserver {
    final Main main;
    final List<Integer> ended = new ArrayList<>();
    int open = -1;
    long issues;
    long accesses;
    Thread thread;
    boolean misplaced;

    Worker(Main main) {
      this.main = main;
    }

    @Override
    public void blockBegin(int block) {
      misplaced |= open != -1;
      open = block;
      mine();
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      misplaced |= block != open;
      issues++;
      mine();
    }

    @Override
    public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
      misplaced |= block != open;
      accesses++;
      mine();
    }

    @Override
    public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
      misplaced |= block != open;
      accesses++;
      mine();
    }

    @Override
    public void blockEnd(int block) {
      misplaced |= block != open;
      ended.add(block);
      open = -1;
      mine();
    }

    private void mine() {
      if (thread == null) {
        thread = Thread.currentThread();
      }
      misplaced |= thread != Thread.currentThread();
    }
  }

  private static final String KERNEL = """
      __global__ void k(float *out) {
        __shared__ float s[64];
        s[threadIdx.x] = threadIdx.x;
        __syncthreads();
        out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
      }
      void entry(float *out) { k<<<256, 64>>>(out); }
      """;

  private static Main run(boolean gives, int threads) {
    Frontend.Result r = Frontend.compile(new SourceFile("w.cu", KERNEL), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setThreads(threads);
    Main main = new Main(gives);
    sim.setObserver(main);
    Simulation.Buffer out = sim.allocate("out", IrType.F32, 256 * 64);
    sim.call("entry", new long[] {out.pointer()});
    return main;
  }

  @Test
  void workersHearEveryBlockOnceAndWholeOnTheirOwnThread() {
    Main main = run(true, 4);
    assertThat(main.own).as("the launching thread's observer hears no block of its own").isEmpty();
    assertThat(main.workers).hasSizeBetween(1, 4);
    List<Integer> all = new ArrayList<>();
    long issues = 0;
    long accesses = 0;
    for (Worker w : main.workers) {
      assertThat(w.misplaced).as("a block's events between its begin and end, on the worker's thread").isFalse();
      assertThat(w.open).as("every block that began ended").isEqualTo(-1);
      all.addAll(w.ended);
      issues += w.issues;
      accesses += w.accesses;
    }
    Collections.sort(all);
    List<Integer> expected = new ArrayList<>();
    for (int b = 0; b < 256; b++) {
      expected.add(b);
    }
    assertThat(all).as("each of the 256 blocks once").isEqualTo(expected);
    // Read off the kernel: each warp makes a shared store, a shared load and a global store; 2 warps a block.
    assertThat(accesses).as("3 requests a warp, 2 warps a block").isEqualTo(256L * 2 * 3);
    // Each warp of 64 threads' 2 warps runs the same instructions; the sum does not depend on the threads.
    assertThat(issues).isEqualTo(run(true, 1).workers.stream().mapToLong(w -> w.issues).sum()).isPositive();
  }

  @Test
  void anObserverWithoutWorkersHearsEveryBlockInOrderOnTheLaunchingThread() {
    Main main = run(false, 4);
    assertThat(main.workers).isEmpty();
    List<String> expected = new ArrayList<>();
    for (int b = 0; b < 256; b++) {
      expected.add("begin " + b);
      expected.add("end " + b);
    }
    assertThat(main.own).isEqualTo(expected);
  }
}
