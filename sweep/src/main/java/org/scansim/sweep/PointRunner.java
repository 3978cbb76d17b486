package org.scansim.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.reports.RunReport;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingPlan;
import org.scansim.pipeline.RunSpec;
import org.scansim.pipeline.Runner;
import org.scansim.pipeline.SimRun;

/**
 * Runs one point as {@code scansim run} runs it, with the same defines (a catalog kernel's own,
 * then the variant's), checks, budgets and timing, and makes its row from the same report; each
 * point compiles its file itself, so that points share nothing while they run. A row does not
 * depend on which points run beside it: a point the Java heap cannot hold while others run is
 * run again alone ({@link #lock}), and only a point that cannot be held alone is a fault.
 */
final class PointRunner {
  private final Plan plan;
  private final int innerThreads;

  /** Points take the read lock together; a point run again alone takes the write lock. */
  private final ReadWriteLock lock = new ReentrantReadWriteLock();

  /** {@code innerThreads}: host threads each point's independent blocks may use (the row is the same for any). */
  PointRunner(Plan plan, int innerThreads) {
    this.plan = plan;
    this.innerThreads = innerThreads;
  }

  Row run(Point p) {
    Row row;
    lock.readLock().lock();
    try {
      row = attempt(p);
    } catch (OutOfMemoryError e) {
      row = null;
    } catch (RuntimeException | StackOverflowError e) {
      row = internal(p, e);
    } finally {
      lock.readLock().unlock();
    }
    if (row != null) {
      return row;
    }
    lock.writeLock().lock();
    try {
      System.gc();
      Row alone = attempt(p);
      return alone != null ? alone : outOfHeap(p);
    } catch (OutOfMemoryError e) {
      return outOfHeap(p);
    } catch (RuntimeException | StackOverflowError e) {
      return internal(p, e);
    } finally {
      lock.writeLock().unlock();
    }
  }

  /** The row of a point the Java heap cannot hold even alone: without the heap's size, which is the machine's, not the point's. */
  private Row outOfHeap(Point p) {
    return fault(p, "the run did not fit the Java heap, even alone (n = " + p.n() + "): run it at a smaller n"
        + (plan.checks().isEmpty() ? "" : ", with fewer checks") + ", or with " + ScanRun.LARGER_HEAP);
  }

  /** A failure of scansim itself at this point: a row that says so, and the sweep goes on. */
  private Row internal(Point p, Throwable e) {
    return fault(p, "scansim failed at this point (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
        + "); please report it");
  }

  private Row fault(Point p, String why) {
    return Row.failed(p, Row.FAULT, why, plan.points().size(), plan.fingerprint());
  }

  /** The point's row, or null when the Java heap ran out (which may be the other points' doing). */
  private Row attempt(Point p) {
    int points = plan.points().size();
    String sweep = plan.fingerprint();
    Plan.Target t = plan.kernels().get(p.kernel());
    Architecture a = plan.archs().get(p.arch());
    SweepSpec.Variant v = plan.spec().variants().stream().filter(x -> x.name().equals(p.variant())).findFirst().orElseThrow();
    List<String> defines = new ArrayList<>();
    if (t.catalog() != null) {
      String settings = org.scansim.sim.arch.Architectures.settingsName(a);
      defines.addAll(t.catalog().defineOptions(settings));
      boolean own = v.defines().isEmpty() && !plan.spec().archDefines().containsKey(p.arch());
      String refusal = own ? t.catalog().sizeRefusal(List.of(p.n()), settings) : null;
      if (refusal != null) {
        return Row.failed(p, Row.REFUSED, refusal, points, sweep); // as run refuses it: for the kernel's own defines only
      }
    }
    // The architecture's own defines (the map form of archs), then the variant's.
    new SweepSpec.Variant(p.arch(), plan.spec().archDefines().getOrDefault(p.arch(), Map.of())).asOptions().forEach(defines::add);
    defines.addAll(v.asOptions());
    Map<String, String> defineMap = org.scansim.frontend.Defines.parse(defines);
    // The file as run names it (relative to the working folder), so that positions in the rows read as run's do.
    Frontend.Result compiled = Frontend.compileFile(Path.of(t.shown()), defineMap);
    if (!compiled.ok()) {
      Diagnostic first = compiled.diagnostics().sorted().stream().filter(Diagnostic::isError).findFirst().orElseThrow();
      int errors = compiled.diagnostics().errorCount();
      // A define the spec gave is the variant's, not a command line's.
      String why = first.headline().replace("<command line>", "variant '" + v.name() + "' defines");
      return Row.failed(p, Row.DOES_NOT_COMPILE, why + (errors > 1 ? " (and " + (errors - 1) + " more)" : ""), points, sweep);
    }
    SweepSpec.Options o = plan.spec().options();
    ScanRun.Expect expect = plan.expect(t);
    // A point without the model's parameters has no cycles and no note saying so: the rows' columns say it.
    TimingPlan timing = TimingPlan.of(a, o.card());
    RunSpec spec = RunSpec.of(t.shown(), a).withDefines(new TreeMap<>(defineMap)).withEntry(o.entry()).withScan(expect, plan.op())
        .withChecks(plan.checks(), 0, false).withTiming(o.timing() && timing.timed() ? timing : TimingPlan.off(a, null))
        .withOrder(o.seed(), o.residentBlocks(), innerThreads).withBudgets(o.maxInstructions(), o.wallSeconds() * 1000, 1L << 31);
    SimRun run;
    try {
      run = Runner.simulate(compiled, spec, p.n(), Runner.Extras.NONE);
    } catch (ScanRun.UsageException e) {
      return Row.failed(p, Row.REFUSED, e.getMessage(), points, sweep);
    }
    ScanRun.Outcome outcome = run.outcome();
    if (outcome.fault() != null && outcome.fault().budget() == org.scansim.sim.result.Fault.Budget.JAVA_HEAP) {
      return null; // the Java heap, perhaps for the points beside it: again, alone
    }
    RunReport report = run.report();
    return Row.of(p, report, points, sweep);
  }
}
