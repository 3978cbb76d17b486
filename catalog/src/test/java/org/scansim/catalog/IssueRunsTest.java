package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.frontend.Frontend;
import org.scansim.pipeline.Timings;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingObserver;
import org.scansim.timing.TimingPlan;

/**
 * The timing model takes a trace's instructions a run at a time (the engine's {@code issueRun},
 * one call for the instructions up to each of the trace's operations). Held to the reference that
 * hears every issue one at a time ({@link TimingPlan#oneAtATime}): for every catalog kernel
 * on each architecture with timing parameters, at its smallest size of a few blocks and its
 * largest up to 65,537, on two threads, every launch's cycles, stalls and phases are the same,
 * and so is why a run has none.
 */
class IssueRunsTest {
  static Catalog catalog;
  static final ObjectMapper JSON = new ObjectMapper();

  @BeforeAll
  static void load() throws Exception {
    catalog = Catalog.load(CatalogTest.root().resolve("kernels"));
  }

  @TestFactory
  Stream<DynamicTest> runsTimeAsOneIssueAtATime() {
    List<DynamicTest> tests = new ArrayList<>();
    for (Kernel k : catalog.kernels()) {
      for (String arch : List.of("hopper", "g80", "fermi")) {
        if (!TimingPlan.of(Architectures.preset(arch), null).timed()) {
          continue;
        }
        List<Integer> sizes = CatalogRun.sizesOf(k, arch).stream().filter(n -> n <= 65_537).toList();
        for (int n : sizes.isEmpty() ? List.<Integer>of() : List.of(sizes.get(0), sizes.get(sizes.size() - 1)).stream().distinct().toList()) {
          tests.add(DynamicTest.dynamicTest(k.name() + " " + arch + " n=" + n, () -> compare(k, arch, n)));
        }
      }
    }
    assertThat(tests).hasSizeGreaterThan(catalog.kernels().size());
    return tests.stream();
  }

  private static void compare(Kernel k, String archName, int n) throws Exception {
    Architecture arch = Architectures.preset(archName);
    Frontend.Result r = new CatalogRun(1).compile(k, archName);
    TimingPlan plan = TimingPlan.of(arch, null);
    TimingObserver runs = plan.observer(r.ir());
    TimingObserver reference = plan.oneAtATime(r.ir());
    String withRuns = timed(k, r, arch, n, runs);
    String oneAtATime = timed(k, r, arch, n, reference);
    assertThat(withRuns).isEqualTo(oneAtATime).contains("smCycles");
  }

  private static String timed(Kernel k, Frontend.Result r, Architecture arch, int n, TimingObserver timer) throws Exception {
    ScanRun.Request req = ScanRun.Request.of(n, arch).expect(k.inclusive() ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE)
        .threads(2).withOptions(ScanRun.Options.NONE.withObserver(timer));
    ScanRun.Outcome o = ScanRun.run(r, req);
    return JSON.writeValueAsString(Timings.of(timer, o)) + " " + Timings.note(timer);
  }
}
