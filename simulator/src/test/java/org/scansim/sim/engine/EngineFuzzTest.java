package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.run.Fingerprints;
import org.scansim.sim.run.Simulation;
import org.scansim.sim.sched.OrderDependence;

/**
 * A differential fuzz of the engine's fast paths: random kernels of scan shapes
 * ({@link RandomKernels}) run with every shortcut off (each instruction one at a time, uniform
 * values in every lane, a register of its own for every value, no kept lane checks or chains, one
 * thread), which is the reference, and with every shortcut on, on one thread and on two, before
 * Volta and after; everything a user can see of a run ({@link Fingerprints}: output, printf,
 * every counter of every launch, site and phase, the fault) must be the same, byte for byte.
 *
 * <p>{@code -Dscansim.fuzz.kernels=N} runs N kernels (40 by default, the suite's share), and
 * {@code -Dscansim.fuzz.from=S} starts at seed S, for a longer campaign:
 * {@code mvn -pl simulator test -Dtest=EngineFuzzTest -Dscansim.fuzz.kernels=5000}.
 */
class EngineFuzzTest {
  private static final boolean CHAINS = KeptChain.on;
  private static final boolean SEEN = SeenAddresses.on;

  @AfterEach
  void restore() {
    KeptChain.on = CHAINS;
    SeenAddresses.on = SEEN;
    SeenAddresses.counting = false;
  }

  @Test
  void everyShortcutGivesTheReferencesRun() {
    int kernels = Integer.getInteger("scansim.fuzz.kernels", 40);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    int[] sizes = {1, 33, 1000, 3000};
    int completed = 0;
    int faulted = 0;
    SeenAddresses.counting = true;
    SeenAddresses.HITS.set(0);
    SeenAddresses.TAKEN.set(0);
    for (long seed = from; seed < from + kernels; seed++) {
      String source = RandomKernels.kernel(seed);
      Frontend.Result r = Frontend.compile(new SourceFile("fuzz" + seed + ".cu", source), Map.of(), IncludeLoader.NONE);
      assertThat(r.ok()).as("seed %d does not compile: %s%n%s", seed, r.diagnostics().all(), source).isTrue();
      IrModule module = r.ir();
      int n = sizes[(int) Math.floorMod(seed, (long) sizes.length)];
      for (boolean its : new boolean[] {true, false}) {
        String where = "seed " + seed + ", n = " + n + ", " + (its ? "hopper" : "fermi");
        String reference = visible(reference(module, n, its));
        same(where + ", shortcuts on, one thread", reference, visible(fast(module, n, its, 1)), source);
        same(where + ", shortcuts on, two threads", reference, visible(fast(module, n, its, 2)), source);
        if (reference.startsWith("fault ")) {
          faulted++;
        } else {
          completed++;
        }
      }
    }
    // The fuzz must reach what it tests: most runs complete, some fault, and the kept lane checks
    // are taken (a warp on the block before's path) as well as compared.
    assertThat(completed).as("runs that completed").isGreaterThan(kernels);
    if (kernels >= 40) {
      assertThat(faulted).as("runs that faulted").isPositive();
      assertThat(SeenAddresses.HITS.get()).as("kept lane checks compared and found equal").isPositive();
      assertThat(SeenAddresses.TAKEN.get()).as("kept lane checks taken without their pointers").isPositive();
    }
  }

  /**
   * Checked runs (every checker: races, bounds, uninitialised reads, barriers, the scan proof) take
   * no traces, but run blocks on every thread: their findings, counts and faults must not depend
   * on how many. {@code -Dscansim.fuzz.checked=N} kernels (15 by default).
   */
  @Test
  void checkedRunsFindTheSameOnAnyThreadCount() {
    int kernels = Integer.getInteger("scansim.fuzz.checked", 15);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    int[] sizes = {1, 33, 1000, 3000};
    int findings = 0;
    for (long seed = from; seed < from + kernels; seed++) {
      String source = RandomKernels.kernel(seed);
      Frontend.Result r = Frontend.compile(new SourceFile("fuzz" + seed + ".cu", source), Map.of(), IncludeLoader.NONE);
      assertThat(r.ok()).as("seed %d does not compile: %s%n%s", seed, r.diagnostics().all(), source).isTrue();
      int n = sizes[(int) Math.floorMod(seed, (long) sizes.length)];
      for (boolean its : new boolean[] {true, false}) {
        String where = "seed " + seed + ", n = " + n + ", " + (its ? "hopper" : "fermi") + ", checked";
        String one = visible(checked(r.ir(), n, its, 1));
        same(where + ", two threads", one, visible(checked(r.ir(), n, its, 2)), source);
        findings += one.contains("Finding[") ? 1 : 0;
      }
    }
    assertThat(findings).as("checked runs with findings").isPositive();
  }

  private static String checked(IrModule module, int n, boolean its, int threads) {
    Consumer<Simulation> checks = sim -> {
      sim.setChecks(java.util.EnumSet.allOf(org.scansim.sim.check.Check.class), n, 1 << 16);
      sim.setThreads(threads);
    };
    try {
      return Fingerprints.of(module, "entry", n, its, checks);
    } catch (OrderDependence e) {
      return Fingerprints.of(module, "entry", n, its, checks.andThen(sim -> sim.setThreads(1)));
    }
  }

  /**
   * What a user sees of a run: all of it, or, when the launch faulted, the fault (the product
   * reports no counters of a faulted launch, and blocks that ran beside the faulting one on other
   * threads may have written memory the run on one thread never reached).
   */
  private static String visible(String fingerprint) {
    return fingerprint.startsWith("fault ") ? fingerprint.substring(0, fingerprint.indexOf('\n') + 1) : fingerprint;
  }

  /** Fails with the first line that differs, short enough to read, and the kernel. */
  private static void same(String what, String expected, String actual, String source) {
    if (expected.equals(actual)) {
      return;
    }
    String[] e = expected.split("\n", -1);
    String[] a = actual.split("\n", -1);
    int i = 0;
    while (i < e.length && i < a.length && e[i].equals(a[i])) {
      i++;
    }
    String el = i < e.length ? e[i] : "(none)";
    String al = i < a.length ? a[i] : "(none)";
    int c = 0;
    while (c < el.length() && c < al.length() && el.charAt(c) == al.charAt(c)) {
      c++;
    }
    int from = Math.max(0, c - 80);
    throw new AssertionError(what + ": line " + (i + 1) + " differs at column " + (c + 1) + "\n  reference: ..."
        + el.substring(Math.min(from, el.length()), Math.min(el.length(), c + 120)) + "\n  shortcuts: ..."
        + al.substring(Math.min(from, al.length()), Math.min(al.length(), c + 120)) + "\n" + source);
  }

  private static String reference(IrModule module, int n, boolean its) {
    KeptChain.on = false;
    SeenAddresses.on = false;
    Consumer<Simulation> off = Fingerprints.traces(false).andThen(Fingerprints.uniformRegisters(false))
        .andThen(Fingerprints.registerPacking(false)).andThen(sim -> sim.setThreads(1));
    return Fingerprints.of(module, "entry", n, its, off);
  }

  private static int reruns;

  private static String fast(IrModule module, int n, boolean its, int threads) {
    KeptChain.on = true;
    SeenAddresses.on = true;
    try {
      return Fingerprints.of(module, "entry", n, its, sim -> sim.setThreads(threads));
    } catch (OrderDependence e) {
      // Blocks on several threads touched each other's global memory: the product reports the
      // run on one thread (ScanRun, ProgramRun), and so does this.
      reruns++;
      return Fingerprints.of(module, "entry", n, its, sim -> sim.setThreads(1));
    }
  }
}
