package org.scansim.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.scansim.frontend.Frontend;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/**
 * Whole simulations through the public API, as {@code scansim run} does them less the report:
 * Harris's bank-conflict-free block scan of one block ({@code kernels/harris/conflict_free.cu},
 * n = 2048) and his scan-then-propagate of arrays of any size ({@code
 * kernels/harris/scan_large_array.cu}, n = 65536: 64 block scans, the scan of their sums, the
 * uniform add). Each kernel file is compiled once in the setup; a benchmark call is one run on
 * Hopper, on one thread, with the output checked against the exclusive scan.
 *
 * <p>The kernel files are found under {@code kernels/} of the checkout: the system property
 * {@code scansim.home} names it, otherwise the nearest folder above the working directory with
 * {@code kernels/} and a {@code pom.xml}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KernelBench {
  private Architecture hopper;
  private Frontend.Result conflictFree;
  private Frontend.Result scanLargeArray;

  @Setup
  public void setup() throws ScanRun.UsageException {
    hopper = Architectures.preset("hopper");
    Path kernels = kernelsDir();
    conflictFree = compile(kernels.resolve("harris/conflict_free.cu"));
    scanLargeArray = compile(kernels.resolve("harris/scan_large_array.cu"));
    check(run(conflictFree, 2048), 2048);
    check(run(scanLargeArray, 65536), 65536);
  }

  @Benchmark
  public ScanRun.Outcome conflictFree2048() throws ScanRun.UsageException {
    return run(conflictFree, 2048);
  }

  @Benchmark
  public ScanRun.Outcome scanLargeArray65536() throws ScanRun.UsageException {
    return run(scanLargeArray, 65536);
  }

  private ScanRun.Outcome run(Frontend.Result compiled, int n) throws ScanRun.UsageException {
    return ScanRun.run(compiled, ScanRun.Request.of(n, hopper).expect(ScanRun.Expect.EXCLUSIVE));
  }

  private static void check(ScanRun.Outcome o, int n) {
    if (o.fault() != null || !Boolean.TRUE.equals(o.correct())) {
      throw new IllegalStateException(o.entry() + " at n = " + n + " did not scan correctly: "
          + (o.fault() != null ? o.fault().getMessage() : o.mismatches()));
    }
  }

  private static Frontend.Result compile(Path file) {
    Frontend.Result r = Frontend.compileFile(file, new LinkedHashMap<>());
    if (!r.ok()) {
      throw new IllegalStateException(file + " does not compile: " + r.diagnostics().all());
    }
    return r;
  }

  /** kernels/ of the checkout, found as the scansim command finds it. */
  public static Path kernelsDir() {
    String home = System.getProperty("scansim.home");
    if (home != null && !home.isBlank()) {
      return Paths.get(home).resolve("kernels");
    }
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p.resolve("kernels");
      }
    }
    throw new IllegalStateException("no kernels/ above " + Paths.get("").toAbsolutePath()
        + ": run from the scansim checkout or pass -Dscansim.home=<checkout> (with -jvmArgs for the fork)");
  }
}
