package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.Fingerprints;
import org.scansim.sim.run.Simulation;
import org.scansim.sim.sched.OrderDependence;

/**
 * A differential fuzz of the engine's fast paths: random kernels of scan shapes
 * ({@link RandomKernels}) run with every shortcut off (each instruction one at a time, uniform
 * values in every lane, a register of its own for every value, no kept lane checks or chains,
 * every access through the full bank model and coalescer, one thread), which is the reference,
 * and with every shortcut on, on one thread and on two, before Volta and after; everything a user
 * can see of a run ({@link Fingerprints}: output, printf, every counter of every launch, site and
 * phase, the fault) must be the same, byte for byte.
 *
 * <p>{@code -Dscansim.fuzz.kernels=N} runs N kernels (40 by default, the suite's share), and
 * {@code -Dscansim.fuzz.from=S} starts at seed S, for a longer campaign:
 * {@code mvn -pl simulator test -Dtest=EngineFuzzTest -Dscansim.fuzz.kernels=5000}.
 */
class EngineFuzzTest {
  private static final boolean CHAINS = KeptChain.on;
  private static final boolean SEEN = SeenAddresses.on;

  /** Runs on two threads, and those of them that touched another block's memory and ran again on one. */
  private int twoThreadRuns;
  private int reruns;

  private static final boolean REPLAY = BlockReplay.on;
  private static final int MIN_BLOCKS = BlockReplay.minBlocks;
  private static final int PER_RESIDUE = BlockReplay.blocksPerResidue;

  @AfterEach
  void restore() {
    KeptChain.on = CHAINS;
    SeenAddresses.on = SEEN;
    SeenAddresses.counting = false;
    BlockReplay.on = REPLAY;
    BlockReplay.minBlocks = MIN_BLOCKS;
    BlockReplay.blocksPerResidue = PER_RESIDUE;
    BlockReplay.counting = false;
  }

  @Test
  void everyShortcutGivesTheReferencesRun() {
    int kernels = Integer.getInteger("scansim.fuzz.kernels", 40);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    int completed = 0;
    int faulted = 0;
    SeenAddresses.counting = true;
    SeenAddresses.HITS.set(0);
    SeenAddresses.TAKEN.set(0);
    // Replay the fuzz's small grids too (the launch's thresholds are for paying, not for being right).
    BlockReplay.minBlocks = 2;
    BlockReplay.blocksPerResidue = 1;
    BlockReplay.counting = true;
    BlockReplay.REPLAYED.set(0);
    BlockFlow.RAN.set(0);
    for (long seed = from; seed < from + kernels; seed++) {
      IrModule module = RandomKernels.compiled(seed).ir();
      int n = RandomKernels.size(seed);
      for (boolean its : new boolean[] {true, false}) {
        String where = "seed " + seed + ", n = " + n + ", " + (its ? "hopper" : "fermi");
        String reference = visible(reference(module, n, its));
        same(where + ", shortcuts on, one thread", reference, visible(fast(module, n, its, 1)), seed);
        same(where + ", shortcuts on, two threads", reference, visible(fast(module, n, its, 2)), seed);
        if (reference.startsWith("fault ")) {
          faulted++;
        } else {
          completed++;
        }
      }
    }
    if (kernels >= 40) {
      // The fuzz must reach what it tests: most runs complete, some fault, most runs on two
      // threads stay there, and the kept lane checks are taken (a warp on the block before's path)
      // as well as compared.
      assertThat(completed).as("runs that completed").isGreaterThan(kernels);
      assertThat(faulted).as("runs that faulted").isPositive();
      assertThat(reruns).as("runs on two threads that ran again on one, of %d", twoThreadRuns).isLessThan(twoThreadRuns / 2);
      assertThat(SeenAddresses.HITS.get()).as("kept lane checks compared and found equal").isPositive();
      assertThat(SeenAddresses.TAKEN.get()).as("kept lane checks taken without their pointers").isPositive();
      assertThat(BlockReplay.REPLAYED.get()).as("blocks replayed from a recorded block's tape").isPositive();
      assertThat(BlockFlow.RAN.get()).as("blocks run by a tape's dataflow").isPositive();
    }
  }

  /**
   * Checked runs (every checker: races, bounds, uninitialised reads, barriers, the scan proof's
   * ⊕ graph; the proof's verdict, which a scan run asks for, is not compared) take no traces, but
   * run blocks on every thread: their findings, counts and faults must not depend on how many.
   * {@code -Dscansim.fuzz.checked=N} kernels (15 by default).
   */
  @Test
  void checkedRunsFindTheSameOnAnyThreadCount() {
    int kernels = Integer.getInteger("scansim.fuzz.checked", 15);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    int findings = 0;
    for (long seed = from; seed < from + kernels; seed++) {
      IrModule module = RandomKernels.compiled(seed).ir();
      int n = RandomKernels.size(seed);
      for (boolean its : new boolean[] {true, false}) {
        String where = "seed " + seed + ", n = " + n + ", " + (its ? "hopper" : "fermi") + ", checked";
        String one = visible(checked(module, n, its, 1));
        same(where + ", two threads", one, visible(checked(module, n, its, 2)), seed);
        findings += one.contains("Finding[") ? 1 : 0;
      }
    }
    assertThat(findings).as("checked runs with findings").isPositive();
    assertThat(reruns).as("checked runs on two threads that ran again on one, of %d", twoThreadRuns)
        .isLessThan(twoThreadRuns / 2);
  }

  private String checked(IrModule module, int n, boolean its, int threads) {
    Consumer<Simulation> checks = sim -> {
      sim.setChecks(EnumSet.allOf(Check.class), n, 1 << 16);
      sim.setThreads(threads);
    };
    return orOnOneThread(threads, () -> Fingerprints.of(module, "entry", n, its, checks),
        () -> Fingerprints.of(module, "entry", n, its, checks.andThen(sim -> sim.setThreads(1))));
  }

  private static String reference(IrModule module, int n, boolean its) {
    KeptChain.on = false;
    SeenAddresses.on = false;
    BlockReplay.on = false;
    Consumer<Simulation> off = Fingerprints.traces(false).andThen(Fingerprints.uniformRegisters(false))
        .andThen(Fingerprints.registerPacking(false)).andThen(sim -> sim.setThreads(1));
    return Fingerprints.of(module, "entry", n, its ? "hopper" : "fermi", Fingerprints::withoutShortcuts, off);
  }

  private String fast(IrModule module, int n, boolean its, int threads) {
    KeptChain.on = true;
    SeenAddresses.on = true;
    BlockReplay.on = true;
    return orOnOneThread(threads, () -> Fingerprints.of(module, "entry", n, its, sim -> sim.setThreads(threads)),
        () -> Fingerprints.of(module, "entry", n, its, sim -> sim.setThreads(1)));
  }

  /**
   * The run; when blocks on several threads touched each other's global memory, the run on one
   * thread, as the product reports it ({@code ScanRun}, {@code ProgramRun}).
   */
  private String orOnOneThread(int threads, java.util.function.Supplier<String> run, java.util.function.Supplier<String> onOne) {
    if (threads > 1) {
      twoThreadRuns++;
    }
    try {
      return run.get();
    } catch (OrderDependence e) {
      reruns++;
      return onOne.get();
    }
  }

  /**
   * What a user sees of a run: all of it but, when a launch faulted, the memory it left (blocks
   * on other threads may have run past the faulting one; a program stops at the fault, and the
   * report has no counters of the faulted launch, which {@code launches()} leaves out here too).
   */
  private static String visible(String fingerprint) {
    if (!fingerprint.startsWith("fault ")) {
      return fingerprint;
    }
    int first = fingerprint.indexOf('\n');
    int second = fingerprint.indexOf('\n', first + 1);
    return fingerprint.substring(0, first + 1) + fingerprint.substring(second + 1);
  }

  /** Fails with the first line that differs, short enough to read, and the kernel. */
  private static void same(String what, String expected, String actual, long seed) {
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
        + al.substring(Math.min(from, al.length()), Math.min(al.length(), c + 120)) + "\n" + RandomKernels.kernel(seed));
  }
}
