package org.scansim.catalog;

import org.scansim.sim.result.Counters;
import org.scansim.sim.result.LaunchRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.check.ScanProof;
import org.scansim.sim.run.ScanRun;

/**
 * The quantitative statements of the papers and books the kernels come from (kernels/README.md),
 * each with the experiment that tests it on the simulator and a verdict. Nothing here is a stored
 * number: every measurement is taken when the claims run; the depth and fan-out claims run the
 * scan proof, the speed claims the timing model ({@link TimeClaims}).
 */
public final class Claims {
  public enum Verdict {
    /** The measurement agrees with the statement. */
    CONFIRMED,
    /** It agrees only under a reading the output spells out. */
    PARTLY,
    /** It disagrees. */
    REFUTED,
    /** The simulator cannot measure it; the output says what is missing (no claim is, today). */
    WAITING
  }

  /** One claim and what the simulator found. {@code data} holds the measured numbers. */
  public record Result(String id, String statement, String source, String experiment, String measured, Verdict verdict,
      Map<String, Object> data) {}

  private final Catalog catalog;
  private final CatalogRun runs;

  public Claims(Catalog catalog, CatalogRun runs) {
    this.catalog = catalog;
    this.runs = runs;
  }

  /** Thrown when an experiment cannot run (a kernel missing from the catalog, a fault). */
  public static final class ClaimException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ClaimException(String message) {
      super(message);
    }
  }

  public List<Result> evaluate() {
    List<Result> out = new ArrayList<>();
    out.add(naiveWork());
    out.add(factorOfTwenty());
    out.add(listing2AddsAndSwaps());
    out.add(sixteenWay());
    out.add(paddingRemovesConflicts());
    out.add(asPrinted());
    out.add(table151());
    out.add(koggeStoneWork());
    out.add(brentKungWork());
    out.add(threePhaseOperations());
    out.add(speedup512());
    out.add(resources512());
    out.add(koggeStoneManyNodes());
    out.add(brentKungFanOut());
    out.add(brentKungDepth());
    out.add(sklanskyDepth());
    out.add(koggeStoneFanOut());
    out.addAll(new TimeClaims(catalog, runs).evaluate());
    return out;
  }

  // ---- the ⊕ graph (the scan proof's dataflow tracking)

  private static final List<Integer> CIRCUIT_SIZES = List.of(16, 64, 256, 1024);

  /** The scan proof of k at each size (with a section of n where the kernel has one), checked to prove the scan. */
  private Map<Integer, ScanProof> proofs(String name, boolean sectionOfN) {
    Kernel k = kernel(name);
    Map<Integer, ScanProof> out = new LinkedHashMap<>();
    for (int n : CIRCUIT_SIZES) {
      try {
        ScanRun.Outcome o = runs.run(k, n, Architectures.preset("hopper"),
            sectionOfN ? Map.of("SECTION_SIZE", String.valueOf(n)) : Map.of(), java.util.EnumSet.of(Check.PROOF));
        if (o.fault() != null || o.proof() == null || !o.proof().proved()) {
          throw new ClaimException(name + " at n = " + n + ": the scan proof does not hold"
              + (o.fault() != null ? ": " + o.fault().getMessage() : o.proof() == null ? "" : ": " + o.proof().failures()));
        }
        out.put(n, o.proof());
      } catch (ScanRun.UsageException e) {
        throw new ClaimException(name + ": " + e.getMessage());
      }
    }
    return out;
  }

  private static Map<Integer, Long> each(Map<Integer, ScanProof> proofs, java.util.function.ToLongFunction<ScanProof> f) {
    Map<Integer, Long> out = new LinkedHashMap<>();
    proofs.forEach((n, p) -> out.put(n, f.applyAsLong(p)));
    return out;
  }

  private Result brentKungFanOut() {
    Map<Integer, ScanProof> p = proofs("pmpp/brent_kung", true);
    Map<Integer, Long> phase = each(p, ScanProof::maxFanOutPerPhase);
    Map<Integer, Long> level = each(p, ScanProof::maxFanOutPerLevel);
    boolean perStage = phase.values().stream().allMatch(v -> v <= 1);
    boolean perLevel = level.values().stream().allMatch(v -> v <= 2);
    return new Result("handbook-brent-kung-fan-out", "Brent-Kung circuits are notable for having a constant fan-out of 2.",
        "Wilt, The CUDA Handbook, §13.3 Scan and Circuit Design, Figure 13.8",
        "the ⊕ graph of pmpp/brent_kung (SECTION_SIZE = n) at n = " + CIRCUIT_SIZES + ": the most ⊕ reading one value within one "
            + "barrier phase (a stage of the circuit) and within one dependency level",
        "per barrier phase " + phase + " reader(s): with the value's own wire going on, a fan-out of 2 at every n; per dependency "
            + "level " + level + ": drawn by dataflow depth the down-sweep's first ⊕ share levels with the up-sweep, and the value "
            + "x0..x(n/2−1) feeds one ⊕ per down-sweep stage, all in one level",
        perStage && perLevel ? Verdict.CONFIRMED : perStage ? Verdict.PARTLY : Verdict.REFUTED,
        data("perPhase", phase, "perLevel", level));
  }

  private Result brentKungDepth() {
    Map<Integer, ScanProof> p = proofs("pmpp/brent_kung", true);
    Map<Integer, Long> depth = each(p, ScanProof::depth);
    boolean stated = p.keySet().stream().allMatch(n -> depth.get(n) == 2 * (long) log2(n) - 1);
    boolean lessOne = p.keySet().stream().allMatch(n -> depth.get(n) == 2 * (long) log2(n) - 2);
    return new Result("handbook-brent-kung-depth", "Each stage in the recursive decomposition increases the depth by 2 (depth 2·log2(n) − 1).",
        "Wilt, The CUDA Handbook, §13.3, Figure 13.9",
        "depth (longest chain of dependent ⊕) of pmpp/brent_kung, SECTION_SIZE = n, n = " + CIRCUIT_SIZES,
        "depth " + depth + (lessOne ? " = 2·log2(n) − 2: each doubling of n adds 2, as stated, but PMPP's down-sweep starts its first "
            + "⊕ (x0..x(3n/4−1)) in the level where the up-sweep's last one ends, one level less than 2·log2(n) − 1; its barrier "
            + "phases number 2·log2(n) − 1" : ""),
        stated ? Verdict.CONFIRMED : lessOne ? Verdict.PARTLY : Verdict.REFUTED, data("depth", depth));
  }

  private Result sklanskyDepth() {
    Map<Integer, ScanProof> p = proofs("handbook/sklansky", false);
    Map<Integer, Long> depth = each(p, ScanProof::depth);
    Map<Integer, Long> fan = each(p, ScanProof::maxFanOutPerLevel);
    boolean ok = p.keySet().stream().allMatch(n -> depth.get(n) == (long) log2(n));
    return new Result("handbook-sklansky-depth", "Sklansky's circuit has the minimum depth, log2(n).",
        "Wilt, The CUDA Handbook, §13.3, Figure 13.10", "depth of handbook/sklansky at n = " + CIRCUIT_SIZES,
        "depth " + depth + " (log2 n); the price is fan-out: one value feeds " + fan + " ⊕ of one level (n/2)",
        ok ? Verdict.CONFIRMED : Verdict.REFUTED, data("depth", depth, "fanOutPerLevel", fan));
  }

  private Result koggeStoneFanOut() {
    Map<Integer, ScanProof> p = proofs("pmpp/kogge_stone", true);
    Map<Integer, Long> level = each(p, ScanProof::maxFanOutPerLevel);
    Map<Integer, Long> phase = each(p, ScanProof::maxFanOutPerPhase);
    Map<Integer, Long> depth = each(p, ScanProof::depth);
    boolean ok = level.values().stream().allMatch(v -> v == 2) && phase.values().stream().allMatch(v -> v == 2);
    return new Result("handbook-kogge-stone-fan-out", "Kogge-Stone has a constant fan-out of 2.",
        "Wilt, The CUDA Handbook, §13.3, Figure 13.11",
        "the ⊕ graph of pmpp/kogge_stone (SECTION_SIZE = n) at n = " + CIRCUIT_SIZES,
        "most ⊕ of one level reading one value " + level + ", of one barrier phase " + phase + " (the value's own position and one "
            + "stride further); depth " + depth + " = log2 n, minimum like Sklansky's",
        ok ? Verdict.CONFIRMED : Verdict.REFUTED, data("perLevel", level, "perPhase", phase, "depth", depth));
  }

  // ---- Harris

  private Map<Integer, Long> naiveSweep;

  /** Listing 1 (corrected)'s work at n = 32 … 1024, measured once for the claims that use it. */
  private Map<Integer, Long> naiveWorkSweep() {
    if (naiveSweep == null) {
      naiveSweep = sweep(kernel("harris/naive_scan"), "hopper", pow2(32, 1024), Map.of(), c -> c.work);
    }
    return naiveSweep;
  }

  /** Whether the naive scan's work is exactly n·log2(n) − (n − 1) at every size of the sweep. */
  private static boolean naiveExact(Map<Integer, Long> work) {
    return work.entrySet().stream().allMatch(e -> e.getValue() == (long) (e.getKey() * log2(e.getKey()) - (e.getKey() - 1)));
  }

  private Result naiveWork() {
    Map<Integer, Long> work = naiveWorkSweep();
    Fit.Model best = Fit.best(work);
    boolean exact = naiveExact(work);
    return new Result("harris-naive-work", "This naïve implementation performs O(n log2 n) addition operations.",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), §39.2.1 A Naïve Parallel Scan",
        "harris/naive_scan (Listing 1 corrected), work at n = 32 … 1024 on hopper, fitted",
        "work " + work + "; best fit O(" + best.label() + ")" + (exact ? "; exactly n·log2(n) − (n − 1) at every size" : ""),
        best == Fit.Model.N_LOG_N ? Verdict.CONFIRMED : Verdict.REFUTED, data("work", work, "fit", best.label(), "exact", exact));
  }

  private Result factorOfTwenty() {
    boolean exact = naiveExact(naiveWorkSweep());
    int n = 1 << 20;
    long naiveAt = (long) n * 20 - (n - 1);
    long sequential = totals(run(kernel("sequential/sequential_inclusive"), n, "hopper", Map.of())).work;
    long large = totals(run(kernel("harris/scan_large_array"), n, "hopper", Map.of())).work;
    double vsSeq = (double) naiveAt / sequential;
    double vsListing2 = (double) naiveAt / (2.0 * (n - 1));
    double vsLarge = (double) naiveAt / large;
    String measured = String.format(Locale.ROOT,
        "naive work at 2^20 = %d (%s); sequential scan %d adds → %.1f×; Listing 2's 2(n − 1) adds → %.1f×; "
            + "the arbitrary-size work-efficient scan measured %d → %.1f×",
        naiveAt, exact ? "from the exact fit n·log2(n) − (n − 1) over n = 32 … 1024: Listing 1 runs one block" : "extrapolated",
        sequential, vsSeq, vsListing2, large, vsLarge);
    Verdict v = !exact ? Verdict.REFUTED : vsSeq >= 18 && vsSeq < 20 ? (vsListing2 >= 18 ? Verdict.CONFIRMED : Verdict.PARTLY) : Verdict.REFUTED;
    return new Result("harris-factor-of-20",
        "In the case of a scan of 1 million elements, the performance difference between this naïve implementation and a "
            + "theoretical work-efficient parallel implementation would be almost a factor of 20.",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), §39.2.1",
        "work of the naive scan at n = 2^20 against the sequential scan and the work-efficient scans at 2^20",
        measured + (v == Verdict.PARTLY ? ". Almost 20× holds against n − 1 adds (log2 of 2^20 is 20); against Listing 2's own "
            + "2(n − 1) adds the factor is about 10" : ""),
        v, data("naiveWork", naiveAt, "sequentialWork", sequential, "scanLargeArrayWork", large, "ratioToSequential", round(vsSeq),
            "ratioToListing2", round(vsListing2), "ratioToScanLargeArray", round(vsLarge)));
  }

  private Result listing2AddsAndSwaps() {
    Kernel k = kernel("harris/blelloch");
    int swapLine = lineOf(k, "temp[ai] = temp[bi];");
    Map<Integer, Long> adds = new LinkedHashMap<>();
    Map<Integer, Long> swaps = new LinkedHashMap<>();
    boolean ok = true;
    for (int n : pow2(2, 2048)) {
      ScanRun.Outcome o = run(k, n, "hopper", Map.of());
      adds.put(n, totals(o).work);
      long s = 0;
      for (LaunchRecord l : o.launches()) {
        for (LaunchRecord.Site site : l.sites()) {
          if (site.span().line() == swapLine && site.operation().equals("st")) {
            s += site.counters().threadInstructions;
          }
        }
      }
      swaps.put(n, s);
      ok &= adds.get(n) == 2L * (n - 1) && s == n - 1;
    }
    return new Result("harris-listing2-adds-swaps", "This scan algorithm performs O(n) operations (it performs 2*(n-1) adds and n-1 swaps).",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), §39.2.2 A Work-Efficient Parallel Scan",
        "harris/blelloch (Listing 2), work and the stores of 'temp[ai] = temp[bi]' (line " + swapLine + ") at n = 2 … 2048",
        "adds " + adds + "; swaps " + swaps, ok ? Verdict.CONFIRMED : Verdict.REFUTED, data("adds", adds, "swaps", swaps));
  }

  private Result sixteenWay() {
    Counters c = totals(run(kernel("harris/blelloch"), 512, "g80", Map.of()));
    return new Result("harris-16-way", "If we are scanning a 512-element array, the shared memory reads and writes in the inner "
            + "loops of Listing 2 experience up to 16-way bank conflicts.",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), §39.2.3 Avoiding Bank Conflicts", "harris/blelloch at n = 512 on g80 (16 banks, half-warps)",
        "largest conflict degree " + c.maxConflictDegree + "; bank conflicts " + c.sharedLoadBankConflicts() + " on loads, "
            + c.sharedStoreBankConflicts() + " on stores",
        c.maxConflictDegree == 16 ? Verdict.CONFIRMED : Verdict.REFUTED,
        data("maxConflictDegree", c.maxConflictDegree, "loadConflicts", c.sharedLoadBankConflicts(), "storeConflicts", c.sharedStoreBankConflicts()));
  }

  private Result paddingRemovesConflicts() {
    Counters plain = totals(run(kernel("harris/blelloch"), 512, "g80", Map.of()));
    Counters padded = totals(run(kernel("harris/conflict_free_g80"), 512, "g80", Map.of()));
    Counters zero = totals(run(kernel("harris/conflict_free_g80"), 512, "g80", Map.of("ZERO_BANK_CONFLICTS", "")));
    long before = plain.sharedLoadBankConflicts() + plain.sharedStoreBankConflicts();
    long after = padded.sharedLoadBankConflicts() + padded.sharedStoreBankConflicts();
    long none = zero.sharedLoadBankConflicts() + zero.sharedStoreBankConflicts();
    double removed = before == 0 ? 0 : 100.0 * (before - after) / before;
    return new Result("harris-padding", "We can avoid most bank conflicts by adding a variable amount of padding to each shared "
            + "memory array index we compute (Listing 3; ZERO_BANK_CONFLICTS avoids them all).",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), §39.2.3, Listing 3", "n = 512 on g80: Listing 2, corrected Listing 3 for 16 banks, and with ZERO_BANK_CONFLICTS",
        String.format(Locale.ROOT, "bank conflicts %d → %d (%.1f%% removed), largest degree %d → %d; with ZERO_BANK_CONFLICTS %d conflicts, degree %d",
            before, after, removed, plain.maxConflictDegree, padded.maxConflictDegree, none, zero.maxConflictDegree),
        after < before / 2 && none == 0 ? Verdict.CONFIRMED : Verdict.REFUTED,
        data("conflictsListing2", before, "conflictsListing3", after, "conflictsZero", none, "percentRemoved", round(removed)));
  }

  private Result asPrinted() {
    int listing1 = firstWrong(kernel("harris/naive_scan_as_printed"));
    int listing3 = firstWrong(kernel("harris/conflict_free_as_printed"));
    int typo = firstWrong(kernel("harris/conflict_free_typo"));
    int zero = firstWrong(kernel("harris/conflict_free_as_printed_zero"));
    return new Result("harris-as-printed", "Listings 1 and 3, as printed, compute an exclusive scan.",
        "Harris, Sengupta and Owens, \"Parallel Prefix Sum (Scan) with CUDA\" (GPU Gems 3, ch. 39), Listing 1 and Listing 3 with blocks A–E",
        "the printed kernels on hopper at every power of two they support (Listing 3) or every size of the catalog's list (Listing 1)",
        "Listing 1 as printed: " + wrongFrom(listing1) + " (its += adds into the output buffer); Listing 3 as printed: "
            + wrongFrom(listing3) + "; the bankOffsetB typo alone: " + wrongFrom(typo) + "; as printed with ZERO_BANK_CONFLICTS: "
            + wrongFrom(zero) + " (the printed macro pads nothing, which hides the typo)",
        listing1 > 0 && listing3 > 0 ? Verdict.REFUTED : Verdict.CONFIRMED,
        data("listing1WrongFrom", listing1, "listing3WrongFrom", listing3, "typoWrongFrom", typo, "zeroWrongFrom", zero));
  }

  // ---- EE 382C lecture

  private Result table151() {
    record Row(String algorithm, String kernel, String time, String work) {}
    List<Row> rows = List.of(new Row("Sequential", "sequential/sequential_inclusive", "n", "n"),
        new Row("Hillis-Steele", "harris/naive_scan", "log n", "n log n"),
        new Row("Blelloch", "lecture/blelloch_prescan", "log n", "n"));
    StringBuilder m = new StringBuilder();
    Map<String, Object> d = new LinkedHashMap<>();
    boolean all = true;
    for (Row r : rows) {
      Kernel k = kernel(r.kernel());
      List<Integer> sizes = pow2(32, 1024);
      Map<Integer, Long> work = sweep(k, "hopper", sizes, Map.of(), c -> c.work);
      Map<Integer, Long> steps = sweep(k, "hopper", sizes, Map.of(), c -> c.maxThreadWork);
      Fit.Model w = Fit.best(work);
      Fit.Model t = Fit.best(steps);
      all &= w.label().equals(r.work()) && t.label().equals(r.time());
      m.append(String.format(Locale.ROOT, "%s (%s): time O(%s) [steps %s], work O(%s) [%s]; ", r.algorithm(), r.kernel(), t.label(),
          steps.values(), w.label(), work.values()));
      d.put(r.algorithm(), data("kernel", r.kernel(), "steps", steps, "work", work, "timeFit", t.label(), "workFit", w.label()));
    }
    return new Result("lecture-table-15.1", "Table 15.1: Sequential O(n) time and work; Hillis-Steele O(log n) time, O(n log n) work; "
            + "Blelloch O(log n) time, O(n) work.",
        "EE 382C/361C Multicore Computing, lecture 15 notes, §15.2.4 Complexity Table",
        "work and steps (the most scan operations any one thread performs) at n = 32 … 1024, each fitted to 1, log n, n, n log n",
        m.toString().replaceAll("; $", ""), all ? Verdict.CONFIRMED : Verdict.REFUTED, d);
  }

  // ---- PMPP and the CSc 8530 slides

  private Result koggeStoneWork() {
    Kernel k = kernel("pmpp/kogge_stone");
    Map<Integer, Long> work = new LinkedHashMap<>();
    boolean ok = true;
    for (int n : pow2(32, 1024)) {
      long w = totals(run(k, n, "hopper", Map.of("SECTION_SIZE", String.valueOf(n)))).work;
      work.put(n, w);
      ok &= w == (long) (n * log2(n)) - (n - 1);
    }
    return new Result("kogge-stone-work", "Kogge-Stone's total work is W = n·log(n) − (n − 1) = O(n log n).",
        "CSc 8530 Parallel Algorithms slides, \"Prefix sums\": Kogge-Stone – speed and work efficiency; Hwu, Kirk and El Hajj, Programming Massively Parallel Processors (4th ed.), §11.2",
        "pmpp/kogge_stone with SECTION_SIZE = n, n = 32 … 1024", "work " + work, ok ? Verdict.CONFIRMED : Verdict.REFUTED, data("work", work));
  }

  private Result brentKungWork() {
    Kernel k = kernel("pmpp/brent_kung");
    Map<Integer, Long> work = new LinkedHashMap<>();
    boolean ok = true;
    for (int n : pow2(64, 2048)) {
      long w = totals(run(k, n, "hopper", Map.of("SECTION_SIZE", String.valueOf(n)))).work;
      work.put(n, w);
      ok &= w == 2L * n - 2 - (long) log2(n);
    }
    return new Result("brent-kung-work", "Brent-Kung's work is W(n) = (n − 1 − log n) + (n − 1) = 2n − 2 − log n = O(n).",
        "CSc 8530 Parallel Algorithms slides, \"Prefix sums\": Brent-Kung work efficiency; Hwu, Kirk and El Hajj, Programming Massively Parallel Processors (4th ed.), §11.4",
        "pmpp/brent_kung with SECTION_SIZE = n, n = 64 … 2048", "work " + work, ok ? Verdict.CONFIRMED : Verdict.REFUTED, data("work", work));
  }

  private Result threePhaseOperations() {
    Kernel k = kernel("lecture/three_phase");
    int n = 4096;
    int t = 512;
    ScanRun.Outcome o = run(k, n, "hopper", Map.of());
    List<Counters> phases = o.launches().get(0).phases();
    long p1 = phases.get(1).work; // after the load's barrier, before Kogge-Stone's first
    long p3 = 0; // the last barrier phase that does any work
    for (int i = phases.size() - 1; i > 1 && p3 == 0; i--) {
      p3 = phases.get(i).work;
    }
    long p2 = totals(o).work - p1 - p3;
    long s1 = n - 1;
    long s2 = (long) (t * log2(t));
    long s3 = n - t;
    boolean exactAsStated = p1 == s1 && p2 == s2 && p3 == s3;
    boolean withinStated = p1 <= s1 && p2 <= s2 && p3 <= s3;
    return new Result("three-phase-operations", "With n elements and t threads the three-phase kernel does n − 1 operations in phase 1, "
            + "t·log(t) in phase 2 (Kogge-Stone) and n − t in phase 3.",
        "CSc 8530 Parallel Algorithms slides, \"Prefix sums\": An even more efficient kernel",
        "lecture/three_phase at n = 4096, t = 512 (subsections of 8); work per barrier phase",
        String.format(Locale.ROOT, "phase 1: %d (stated %d), phase 2: %d (stated %d), phase 3: %d (stated %d); total %d vs %d. "
            + "Phase 1 scans t subsections of n/t, so n − t operations; Kogge-Stone over t values is t·log2(t) − (t − 1); phase 3 "
            + "skips the first subsection and each subsection's last element: (t − 1)(n/t − 1). The slide's counts are upper bounds "
            + "that every phase stays within", p1, s1, p2, s2, p3, s3, p1 + p2 + p3, s1 + s2 + s3),
        exactAsStated ? Verdict.CONFIRMED : withinStated ? Verdict.PARTLY : Verdict.REFUTED,
        data("phase1", p1, "phase2", p2, "phase3", p3, "stated1", s1, "stated2", s2, "stated3", s3));
  }

  private Result speedup512() {
    long seq = totals(run(kernel("sequential/sequential_inclusive"), 512, "hopper", Map.of())).maxThreadWork;
    long ks = totals(run(kernel("pmpp/kogge_stone"), 512, "hopper", Map.of("SECTION_SIZE", "512"))).maxThreadWork;
    double speedup = (double) seq / ks;
    return new Result("kogge-stone-speedup-512", "For n = 512 the speedup of Kogge-Stone with n processors is 512/9 ≈ 56.9.",
        "CSc 8530 Parallel Algorithms slides, \"Prefix sums\": Kogge-Stone – speed and work efficiency",
        "steps (the most scan operations any one thread performs) of the sequential scan and of pmpp/kogge_stone at n = 512",
        String.format(Locale.ROOT, "sequential %d steps, Kogge-Stone %d steps: speedup %.1f (the slide divides n = 512 by 9; the "
            + "sequential scan needs n − 1 = 511 additions)", seq, ks, speedup),
        ks == 9 && Math.abs(speedup - 56.9) < 0.5 ? Verdict.CONFIRMED : Verdict.REFUTED,
        data("sequentialSteps", seq, "koggeStoneSteps", ks, "speedup", round(speedup)));
  }

  private Result resources512() {
    long ks = totals(run(kernel("pmpp/kogge_stone"), 512, "hopper", Map.of("SECTION_SIZE", "512"))).work;
    long seq = totals(run(kernel("sequential/sequential_inclusive"), 512, "hopper", Map.of())).work;
    double ratio = (double) ks / seq;
    return new Result("kogge-stone-resources-512", "For n = 512, Kogge-Stone needs about 8 times the resources of O(n) work.",
        "CSc 8530 Parallel Algorithms slides, \"Prefix sums\": Brent-Kung: a more efficient kernel",
        "work of pmpp/kogge_stone and of the sequential scan at n = 512",
        String.format(Locale.ROOT, "Kogge-Stone %d operations, sequential %d: %.2f×", ks, seq, ratio),
        Math.abs(ratio - 8) < 0.5 ? Verdict.CONFIRMED : Verdict.REFUTED, data("koggeStone", ks, "sequential", seq, "ratio", round(ratio)));
  }

  // ---- CUDA Handbook

  private Result koggeStoneManyNodes() {
    long ks = totals(run(kernel("pmpp/kogge_stone"), 1024, "hopper", Map.of())).work;
    long bk = totals(run(kernel("pmpp/brent_kung"), 1024, "hopper", Map.of("SECTION_SIZE", "1024"))).work;
    return new Result("handbook-kogge-stone-operations", "Kogge-Stone has many operation nodes; software implementations analogous "
            + "to Kogge-Stone are work-inefficient.",
        "Wilt, The CUDA Handbook, §13.3, Figure 13.11", "work of pmpp/kogge_stone and pmpp/brent_kung at n = 1024",
        String.format(Locale.ROOT, "Kogge-Stone %d operations, Brent-Kung %d: %.1f× as many", ks, bk, (double) ks / bk),
        ks > 3 * bk ? Verdict.CONFIRMED : Verdict.REFUTED, data("koggeStone", ks, "brentKung", bk));
  }

  // ---- helpers

  private Kernel kernel(String name) {
    return catalog.find(name).orElseThrow(() -> new ClaimException("the claims need catalog kernel '" + name + "'"));
  }

  private ScanRun.Outcome run(Kernel k, int n, String arch, Map<String, String> extra) {
    try {
      ScanRun.Outcome o = runs.run(k, n, arch, extra);
      if (o.fault() != null) {
        throw new ClaimException(k.name() + " at n = " + n + " on " + arch + ": " + o.fault().getMessage());
      }
      return o;
    } catch (ScanRun.UsageException e) {
      throw new ClaimException(k.name() + ": " + e.getMessage());
    }
  }

  private static Counters totals(ScanRun.Outcome o) {
    return CatalogRun.totals(o);
  }

  private Map<Integer, Long> sweep(Kernel k, String arch, List<Integer> sizes, Map<String, String> extra,
      java.util.function.ToLongFunction<Counters> counter) {
    Map<Integer, Long> out = new LinkedHashMap<>();
    for (int n : sizes) {
      out.put(n, counter.applyAsLong(totals(run(k, n, arch, extra))));
    }
    return out;
  }

  /**
   * The smallest size at which the kernel's output is wrong, or 0: every power of two for a
   * kernel of powers of two, else the catalog's list of sizes.
   */
  private int firstWrong(Kernel k) {
    List<Integer> sizes = k.sizes().powerOfTwo() ? pow2(Math.max(1, k.sizes().min()), k.sizes().max("hopper"))
        : CatalogRun.sizesOf(k, "hopper");
    for (int n : sizes) {
      ScanRun.Outcome o = run(k, n, "hopper", Map.of());
      if (!Boolean.TRUE.equals(o.correct())) {
        return n;
      }
    }
    return 0;
  }

  private static String wrongFrom(int n) {
    return n == 0 ? "right at every size tried" : "wrong from n = " + n + " (right at every smaller size tried)";
  }

  static int lineOf(Kernel k, String text) {
    try {
      List<String> lines = Files.readAllLines(k.file());
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(text)) {
          return i + 1;
        }
      }
    } catch (IOException e) {
      throw new ClaimException("cannot read " + k.file() + ": " + e.getMessage());
    }
    throw new ClaimException(k.file() + " has no line '" + text + "'");
  }

  static List<Integer> pow2(int from, int to) {
    List<Integer> out = new ArrayList<>();
    for (int n = from; n <= to; n *= 2) {
      out.add(n);
    }
    return out;
  }

  private static double log2(int n) {
    return 31 - Integer.numberOfLeadingZeros(n);
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  static Map<String, Object> data(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}
