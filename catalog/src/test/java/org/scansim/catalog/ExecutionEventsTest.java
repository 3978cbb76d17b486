package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import org.scansim.sim.event.ExecutionObserver;
import org.scansim.sim.run.ScanRun;

/**
 * The execution-event seam reports what the counters count: for every catalog kernel on hopper
 * and g80, the events of a run with an observer add up, launch by launch, to the counters of the
 * same run without one (traces, shortcuts and several threads on), and each memory request or
 * atomic follows the issue of its instruction by its warp.
 */
class ExecutionEventsTest {
  static Catalog catalog;

  @BeforeAll
  static void load() throws Exception {
    catalog = Catalog.load(CatalogTest.root().resolve("kernels"));
  }

  /** Sums the events of each launch into a Counters, and checks each warp's order as it goes. */
  static final class Summing implements ExecutionObserver {
    final List<Counters> launches = new ArrayList<>();
    /** Reconvergences per launch: at most one for each divergent branch (none for one whose paths exit). */
    final List<long[]> reconverges = new ArrayList<>();
    final List<String> disorder = new ArrayList<>();
    private final Map<Long, Insn> lastIssued = new HashMap<>();
    private Counters c;

    private Counters c() {
      return c;
    }

    private void follows(int block, int warp, Insn insn, String what) {
      Insn last = lastIssued.get(((long) block << 16) | warp);
      if (last != insn && disorder.size() < 5) {
        disorder.add(what + " of " + insn + " at " + insn.span().position() + " by warp " + warp + " of block " + block
            + " after it issued " + last);
      }
    }

    @Override
    public void launch(String kernel, long blocks, int threadsPerBlock) {
      c = new Counters();
      launches.add(c);
      reconverges.add(new long[1]);
      lastIssued.clear();
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      c().warpInstructions++;
      c().threadInstructions += Integer.bitCount(activeMask);
      lastIssued.put(((long) block << 16) | warp, insn);
    }

    @Override
    public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int ideal) {
      follows(block, warp, insn, "a shared access");
      if (store) {
        c().sharedStoreInstructions++;
        c().sharedStoreWavefronts += wavefronts;
        c().sharedStoreIdealWavefronts += ideal;
      } else {
        c().sharedLoadInstructions++;
        c().sharedLoadWavefronts += wavefronts;
        c().sharedLoadIdealWavefronts += ideal;
      }
    }

    @Override
    public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
      follows(block, warp, insn, "a global access");
      c().addGlobal(store, 1, sectors);
    }

    @Override
    public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
      follows(block, warp, insn, "a local access");
      if (store) {
        c().localStoreInstructions++;
      } else {
        c().localLoadInstructions++;
      }
    }

    @Override
    public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
      follows(block, warp, insn, "an atomic");
      assertThat(insn.op()).isEqualTo(Op.ATOM);
      c().atomics++;
    }

    @Override
    public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
      follows(block, warp, insn, "a divergent branch");
      assertThat(taken & ~activeMask).isZero();
      assertThat(taken).isNotZero().isNotEqualTo(activeMask);
      c().divergentBranches++;
    }

    @Override
    public void reconverge(int block, int warp, int mask) {
      assertThat(mask).isNotZero();
      reconverges.get(reconverges.size() - 1)[0]++;
    }

    @Override
    public void barrier(int block, Insn insn) {
      assertThat(insn.op()).isEqualTo(Op.BAR);
      c().barriers++;
    }
  }

  /** Two sizes a kernel supports on arch: one block's worth and the largest of the catalog's up to 65,537. */
  private static List<Integer> sizes(Kernel k, String arch) {
    List<Integer> all = CatalogRun.sizesOf(k, arch).stream().filter(n -> n <= 65_537).toList();
    if (all.isEmpty()) {
      return all;
    }
    int small = all.stream().filter(n -> n >= 256).findFirst().orElse(all.get(all.size() - 1));
    int large = all.get(all.size() - 1);
    return small == large ? List.of(small) : List.of(small, large);
  }

  @TestFactory
  Stream<DynamicTest> eventsAddUpToTheCounters() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Kernel k : catalog.kernels()) {
      for (String arch : List.of("hopper", "g80")) {
        for (int n : sizes(k, arch)) {
          tests.add(DynamicTest.dynamicTest(k.name() + " " + arch + " n=" + n, () -> check(k, arch, n)));
        }
      }
    }
    assertThat(tests).hasSizeGreaterThan(catalog.kernels().size());
    tests.add(DynamicTest.dynamicTest("branches that diverge reconverge", ExecutionEventsTest::divergedPathsReconverge));
    return tests.stream();
  }

  private static void check(Kernel k, String arch, int n) throws Exception {
    Frontend.Result r = new CatalogRun(1).compile(k, arch);
    ScanRun.Request plain = ScanRun.Request.of(n, Architectures.preset(arch))
        .expect(k.inclusive() ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE)
        .threads(2);
    ScanRun.Outcome without = ScanRun.run(r, plain);
    Summing events = new Summing();
    ScanRun.Outcome with = ScanRun.run(r, plain.withOptions(ScanRun.Options.NONE.withObserver(events)));
    assertThat(without.fault()).isNull();
    assertThat(with.correct()).isEqualTo(without.correct());
    assertThat(events.disorder).isEmpty();
    assertThat(events.launches).hasSameSizeAs(without.launches());
    for (int i = 0; i < without.launches().size(); i++) {
      LaunchRecord l = without.launches().get(i);
      Counters e = events.launches.get(i);
      Counters c = l.counters();
      String at = "launch " + i + " (" + l.kernel() + ")";
      assertThat(e.warpInstructions).as(at + " warp instructions").isEqualTo(c.warpInstructions).isPositive();
      assertThat(e.threadInstructions).as(at + " thread instructions").isEqualTo(c.threadInstructions);
      assertThat(e.sharedLoadInstructions).as(at + " shared loads").isEqualTo(c.sharedLoadInstructions);
      assertThat(e.sharedStoreInstructions).as(at + " shared stores").isEqualTo(c.sharedStoreInstructions);
      assertThat(e.sharedLoadWavefronts).as(at + " shared load wavefronts").isEqualTo(c.sharedLoadWavefronts);
      assertThat(e.sharedStoreWavefronts).as(at + " shared store wavefronts").isEqualTo(c.sharedStoreWavefronts);
      assertThat(e.sharedLoadIdealWavefronts).as(at + " ideal shared load wavefronts").isEqualTo(c.sharedLoadIdealWavefronts);
      assertThat(e.sharedStoreIdealWavefronts).as(at + " ideal shared store wavefronts").isEqualTo(c.sharedStoreIdealWavefronts);
      assertThat(e.globalLoadInstructions).as(at + " global loads").isEqualTo(c.globalLoadInstructions);
      assertThat(e.globalStoreInstructions).as(at + " global stores").isEqualTo(c.globalStoreInstructions);
      assertThat(e.globalLoadSectors).as(at + " global load sectors").isEqualTo(c.globalLoadSectors);
      assertThat(e.globalStoreSectors).as(at + " global store sectors").isEqualTo(c.globalStoreSectors);
      assertThat(e.localLoadInstructions).as(at + " local loads").isEqualTo(c.localLoadInstructions);
      assertThat(e.localStoreInstructions).as(at + " local stores").isEqualTo(c.localStoreInstructions);
      assertThat(e.atomics).as(at + " atomics").isEqualTo(c.atomics);
      assertThat(e.barriers).as(at + " barriers").isEqualTo(c.barriers);
      assertThat(e.divergentBranches).as(at + " divergent branches").isEqualTo(c.divergentBranches);
      assertThat(events.reconverges.get(i)[0]).as(at + " reconvergences").isLessThanOrEqualTo(c.divergentBranches);
    }
  }

  /** Harris's Blelloch scan diverges under {@code if (thid < d)} in every sweep, and every such path reconverges. */
  private static void divergedPathsReconverge() throws Exception {
    Kernel k = catalog.kernels().stream().filter(x -> x.name().equals("harris/blelloch")).findFirst().orElseThrow();
    Frontend.Result r = new CatalogRun(1).compile(k, "hopper");
    Summing events = new Summing();
    ScanRun.Outcome o = ScanRun.run(r, ScanRun.Request.of(1024, Architectures.preset("hopper")).expect(ScanRun.Expect.EXCLUSIVE)
        .withOptions(ScanRun.Options.NONE.withObserver(events)));
    long divergent = o.launches().get(0).counters().divergentBranches;
    assertThat(divergent).isPositive();
    assertThat(events.reconverges.get(0)[0]).isEqualTo(divergent);
  }
}
