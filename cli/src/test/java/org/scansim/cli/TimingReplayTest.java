package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.sema.Symbol;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.run.ScanRun;
import org.scansim.timing.TimingObserver;
import org.scansim.timing.TimingParameters;
import org.scansim.timing.TimingPresets;

/**
 * The timing model against the H100's recorded cycles (hardware/measurements/timing-2026-11-26-h100):
 * every launch of every calibration kernel and single-block catalog kernel at each recorded size,
 * the model's SM cycles beside the median of 10 runs on the card. Prints the table and the error;
 * fails past the targets (docs/timing.md).
 */
class TimingReplayTest {
  static final Path DIR = ReadmeExamplesTest.root().resolve("hardware/measurements/timing-2026-11-26-h100");

  /** One compared launch. */
  record Case(String name, int n, int launch, long card, long model, long cardInsts, long modelInsts) {
    double error() {
      return (double) (model - card) / card;
    }
  }

  static List<Case> replay(String file, int maxN) throws Exception {
    return replay(file, 0, maxN);
  }

  static List<Case> replay(String file, int minN, int maxN) throws Exception {
    return replay(file, minN, maxN, null);
  }

  /** The launches of {@code file} with sizes from {@code minN} to {@code maxN}, timed with the parameters of {@code card} (null: the H100's). */
  static List<Case> replay(String file, int minN, int maxN, String card) throws Exception {
    return replay(file, minN, maxN, card, false);
  }

  /** The same, leaving out the {@link #NOT_COVERED} kernels before they run when {@code coveredOnly}. */
  static List<Case> replay(String file, int minN, int maxN, String card, boolean coveredOnly) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<Case> out = new ArrayList<>();
    PrintWriter err = new PrintWriter(new StringWriter());
    Architecture a = Targets.architecture("hopper", err);
    TimingParameters p = TimingPresets.ofPreset("hopper", card).orElseThrow();
    for (String line : Files.readAllLines(DIR.resolve(file))) {
      JsonNode doc = json.readTree(line);
      for (JsonNode kernel : doc.get("kernels")) {
        String name = kernel.get("catalogName").isNull() ? ReadmeExamplesTest.root().resolve(kernel.get("file").asText()).toString()
            : kernel.get("catalogName").asText();
        String caseName = kernel.get("catalogName").isNull() ? kernel.get("file").asText() : name;
        if (coveredOnly && NOT_COVERED.stream().anyMatch(caseName::startsWith)) {
          continue;
        }
        List<String> defines = new ArrayList<>();
        kernel.get("defines").forEach(d -> defines.add(d.asText()));
        Targets.Target t = Targets.resolve(name, a, kernel.get("catalogName").isNull() ? defines : null, null, err);
        Frontend.Result compiled = Compilation.compile(t.file(), t.defines(), err);
        for (JsonNode row : kernel.get("sizes")) {
          int n = row.get("n").asInt();
          if (n < minN || n > maxN || row.get("timing").isNull()) {
            continue;
          }
          TimingObserver timing = new TimingObserver(a, p, compiled.ir());
          Symbol.Function e = ScanRun.entry(compiled, null);
          ScanRun.Outcome o = ScanRun.execute(compiled, ScanRun.Request.of(n, a).withOptions(ScanRun.Options.NONE.withObserver(timing)),
              ((org.scansim.frontend.sema.Type.Pointer) e.paramTypes().get(0)).pointee(),
              (s, in, outPtr, count) -> s.call(e.name(), new long[] {in, outPtr, count}), e.name());
          timing.finish();
          if (o.fault() != null) {
            continue; // the simulator's own limits (the card's number stays recorded)
          }
          for (JsonNode l : row.get("timing")) {
            int i = l.get("launch").asInt();
            if (i < timing.launches().size()) {
              out.add(new Case(caseName + (defines.isEmpty() ? "" : " " + defines), n, i, l.get("smCycles").get("median").asLong(),
                  timing.launches().get(i).smCycles(), l.get("warpInstructions").get("median").asLong(), timing.launches().get(i).issued()));
            }
          }
        }
      }
    }
    return out;
  }

  static String table(List<Case> cases) {
    StringBuilder s = new StringBuilder();
    for (Case c : cases) {
      s.append(String.format(Locale.ROOT, "%-60s n=%-9d #%d card %,10d model %,10d  %+6.1f%%  instructions %,9d %,9d %5.2f%n", c.name(), c.n(),
          c.launch(), c.card(), c.model(), 100 * c.error(), c.cardInsts(), c.modelInsts(), (double) c.modelInsts() / Math.max(1, c.cardInsts())));
    }
    s.append(String.format(Locale.ROOT, "mean absolute error %.1f%%, %.0f%% within 10%%, largest %.1f%%, over %d launches%n", 100 * mean(cases),
        100 * within(cases, 0.10), 100 * largest(cases), cases.size()));
    return s.toString();
  }

  static double mean(List<Case> cases) {
    return cases.stream().mapToDouble(c -> Math.abs(c.error())).average().orElse(0);
  }

  static double within(List<Case> cases, double bound) {
    return cases.stream().filter(c -> Math.abs(c.error()) <= bound).count() / (double) cases.size();
  }

  static double largest(List<Case> cases) {
    return cases.stream().mapToDouble(c -> Math.abs(c.error())).max().orElse(0);
  }

  /**
   * What the model does not cover yet, each with its cause (docs/timing.md): left out of the
   * bounds, still printed.
   */
  static final List<String> NOT_COVERED = List.of(
      "kernels/calibration/imad_chain.cu", // nvcc folds four steps of x * 3 + 1 into one multiply-add: not a latency
      // One thread streaming through global memory: L1 serves 7 loads in 8 (BlockCaches), but nvcc
      // unrolls the loop 16 times and issues its loads ahead of their uses, which the model does not
      // (52 to 61 % too slow; before the caches, 4 to 7 times).
      "sequential/sequential_exclusive",
      "sequential/sequential_inclusive",
      "handbook/reduce_then_scan", // each thread loops over global memory: the same (up to 89 % too slow at 2048)
      // A block's look-back reads its predecessors' status; the model releases such a spin-wait at the
      // status's first write (the aggregate), the card often later (BlockSync): up to 93 % too fast.
      "modern/decoupled_lookback");

  /** The kernels whose SASS the issue rules were read from ({@code IssueCost}): the others are held out. */
  static final List<String> CALIBRATED_ON = List.of("harris/blelloch", "harris/conflict_free", "handbook/sklansky", "harris/naive_scan",
      "pmpp/kogge_stone");

  static List<Case> covered(List<Case> cases) {
    return cases.stream().filter(c -> NOT_COVERED.stream().noneMatch(c.name()::startsWith)).toList();
  }

  @Test
  void calibrationKernels() throws Exception {
    List<Case> all = new ArrayList<>(replay("calibration.jsonl", 1 << 20));
    all.addAll(replay("../timing-2026-11-27-h100-cache/timing.jsonl", 1 << 20)); // the L1 and L2 chains
    System.out.print(table(all));
    List<Case> cases = covered(all);
    System.out.print(table(cases).lines().reduce((a, b) -> b).orElse("") + " (covered)\n");
    assertThat(cases).hasSizeGreaterThan(20);
    // The targets: 5 % mean error, none beyond 20 %.
    assertThat(mean(cases)).as("mean absolute error").isLessThan(0.05);
    assertThat(largest(cases)).as("largest error").isLessThan(0.20);
  }

  @Test
  void singleBlockCatalogKernels() throws Exception {
    List<Case> all = replay("catalog.jsonl", 2048);
    System.out.print(table(all));
    List<Case> cases = covered(all);
    System.out.print(table(cases).lines().reduce((a, b) -> b).orElse("") + " (covered)\n");
    assertThat(cases).hasSizeGreaterThan(60);
    // The targets: 5 % mean error, at least 90 % of launches within 10 %, none beyond 20 %.
    assertThat(mean(cases)).as("mean absolute error").isLessThan(0.05);
    assertThat(within(cases, 0.10)).as("share within 10 %").isGreaterThanOrEqualTo(0.90);
    assertThat(largest(cases)).as("largest error").isLessThan(0.20);
    // Kernels held out of any calibration: the issue rules (IssueCost) were read off the SASS of
    // these four, and its predication limit fitted on Harris's Listings 2 and 3; the machine's
    // parameters come from the calibration kernels alone. The target for the rest: 10 %.
    List<Case> heldOut = cases.stream().filter(c -> CALIBRATED_ON.stream().noneMatch(c.name()::startsWith)).toList();
    System.out.print(table(heldOut).lines().reduce((a, b) -> b).orElse("") + " (held out: every kernel but " + CALIBRATED_ON + ")\n");
    assertThat(heldOut).hasSizeGreaterThan(40);
    assertThat(mean(heldOut)).as("mean absolute error of the held-out kernels").isLessThan(0.10);
    // The issued instructions track smsp__inst_executed (before IssueCost: 0.49 to 1.4 times, 26 % off
    // on average): now 0.82 (three_phase) to 1.21 (the lecture's Kogge-Stone) times, 9 % off on average.
    double off = 0;
    for (Case c : cases) {
      double ratio = (double) c.modelInsts() / c.cardInsts();
      assertThat(ratio).as(c.name() + " n=" + c.n() + " issued / executed").isBetween(0.75, 1.30);
      off += Math.abs(ratio - 1) / cases.size();
    }
    assertThat(off).as("mean distance of issued / executed from 1").isLessThan(0.10);
    // Padding variants of Harris's scan (Listing 2 and the Listing 3 builds): where the card puts
    // two of them 8 % or more apart, the model orders them the same way.
    List<Case> variants = all.stream().filter(c -> c.name().startsWith("harris/blelloch") || c.name().startsWith("harris/conflict_free")).toList();
    List<String> misordered = new ArrayList<>();
    int pairs = 0;
    for (Case a : variants) {
      for (Case b : variants) {
        if (a.n() == b.n() && a.card() > b.card() && (a.card() - b.card()) >= 0.08 * b.card()) {
          pairs++;
          if (a.model() <= b.model()) {
            misordered.add(a.name() + " and " + b.name() + " at n = " + a.n());
          }
        }
      }
    }
    System.out.println(pairs + " pairs of padding variants 8 % or more apart on the card; misordered: " + misordered);
    assertThat(pairs).isGreaterThan(5);
    // At n = 1024 the card runs Listing 3 9 % faster than Listing 2: the model orders them so since
    // a conflict's extra wavefronts delay their warp 2 cycles each (shared_conflict_chain.cu).
    assertThat(misordered).isEmpty();
  }

  @Test
  void theH200WithItsOwnParameters() throws Exception {
    // The H200's memory and clock parameters come from its calibration kernels alone
    // (hardware/measurements/timing-2026-11-27-h200); its SM's from the H100's.
    List<Case> all = replay("../timing-2026-11-27-h200/timing.jsonl", 0, 1 << 24, "h200");
    System.out.print(table(all));
    List<Case> calibration = all.stream().filter(c -> c.name().contains("calibration")).toList();
    List<Case> kernels = covered(all.stream().filter(c -> !c.name().contains("calibration") && c.n() <= 2048).toList());
    System.out.print(table(calibration).lines().reduce((a, b) -> b).orElse("") + " (H200 calibration)\n");
    System.out.print(table(kernels).lines().reduce((a, b) -> b).orElse("") + " (H200 single-block kernels, covered)\n");
    assertThat(calibration).hasSizeGreaterThan(10);
    assertThat(kernels).hasSizeGreaterThan(60);
    // The H100's parameters on the H200 are off by its 1,200 cycles less fixed cost: the card's own do better.
    List<Case> asH100 = covered(replay("../timing-2026-11-27-h200/timing.jsonl", 0, 2048, null).stream()
        .filter(c -> !c.name().contains("calibration")).toList());
    System.out.print(table(asH100).lines().reduce((a, b) -> b).orElse("") + " (the same with the H100's parameters)\n");
    assertThat(mean(kernels)).isLessThan(mean(asH100));
    // Every kernel is held out of the H200's calibration: the bound for held-out kernels
    // (10 % mean), and its "none beyond 20 %".
    assertThat(mean(kernels)).as("mean absolute error").isLessThan(0.10);
    assertThat(largest(kernels)).as("largest error").isLessThan(0.20);
  }

  @Test
  void theH200sChains() throws Exception {
    // pageLatency, dramLatency and indirectCallCycles come from these chains' slopes (page_chain,
    // sector_chain, virtual_chain); their intercepts, copy_block's and reread_block's launches (a later
    // launch's first load of what earlier ones touched costs what the first did) and reread_chain's
    // chain (what the launch before wrote costs what the host's copy did) are the model's to meet.
    List<Case> all = replay("../2026-11-30-h200-chains/timing.jsonl", 0, 1 << 25, "h200");
    System.out.print(table(all));
    assertThat(all).hasSizeGreaterThanOrEqualTo(44);
    // empty_grid's launches give smStartCycles and blockDispatchCycles (a launch's cost with its
    // blocks); reread_chain's copy by 8 to 128 blocks of 1,024 threads is held out of that fit.
    List<Case> held = all;
    assertThat(largest(held)).as("largest error").isLessThan(0.10);
    List<Case> chains = held.stream().filter(c -> c.name().contains("chain") && !(c.name().contains("reread_chain") && c.launch() == 0)).toList();
    assertThat(chains).hasSize(15);
    assertThat(largest(chains)).as("the chains").isLessThan(0.02);
  }

  @Test
  void theH200sLoadStreams() throws Exception {
    // Summing loops ptxas unrolls 16 times (LoopControl.Mode.RUNTIME_SMALL): 16 loads issue before
    // their adds. globalIssueCycles comes from triangle_loads with one warp and with four (one a
    // scheduler), whose loads L1 serves, at n = 256; the rest is held out.
    List<Case> all = replay("../2026-11-30-h200-load-streams/timing.jsonl", 0, 1 << 20, "h200");
    System.out.print(table(all));
    List<Case> fitted = all.stream().filter(c -> c.name().contains("triangle_loads") && c.n() == 256
        && (c.name().contains("BLOCK=32]") || c.name().contains("BLOCK=128]"))).toList();
    assertThat(fitted).hasSize(2);
    assertThat(largest(fitted)).as("the fitted launches").isLessThan(0.02);
    // Held out: the same loops at n = 128 and with 8 warps a block: within 25% (n = 128, one warp: 14% fast).
    List<Case> triangles = all.stream().filter(c -> c.name().contains("triangle_loads") && !c.name().contains("BLOCK=1024]")).toList();
    assertThat(triangles).hasSize(6);
    assertThat(largest(triangles)).as("triangle_loads").isLessThan(0.25);
    // Where every load comes from L1 and 32 warps share the SM, the SM's path to L1 bounds it.
    List<Case> full = all.stream().filter(c -> c.name().contains("BLOCK=1024]")).toList();
    assertThat(full).isNotEmpty();
    assertThat(largest(full)).as("triangle_loads with 32 warps").isLessThan(0.10);
    // A known gap, kept in view: load_stream's two new sectors every 16 loads cost the card more
    // than one new sector's latency; the model is 18 to 27% fast there (31% before globalIssueCycles).
    List<Case> streams = all.stream().filter(c -> c.name().contains("load_stream")).toList();
    assertThat(streams).hasSize(6);
    assertThat(streams).allSatisfy(c -> assertThat(c.error()).as(c.name() + " n=" + c.n()).isBetween(-0.30, 0.0));
  }

  @Test
  void theH200sFencesAndAtomics() throws Exception {
    // fenceCycles comes from fence_chain without stores, atomicLatency from atomic_chain (the
    // least-squares slopes); a fence after a store, PMPP's chained scan at 64 and 1,024 blocks and
    // the decoupled look-back are held out.
    List<Case> all = replay("../2026-11-30-h200-fences/timing.jsonl", 0, 1 << 20, "h200");
    System.out.print(table(all));
    List<Case> fences = all.stream().filter(c -> c.name().contains("fence_chain.cu [STORE=0]")).toList();
    assertThat(fences).hasSize(3);
    assertThat(largest(fences)).as("fences alone").isLessThan(0.02);
    // The card's chains of atomics, and of stores each behind a fence, are no straight lines: at n =
    // 2,048 they take 236 and 363 cycles a step, at 16,384 442 and 518. The model's line meets both ends.
    List<Case> ends = all.stream().filter(c -> (c.name().contains("atomic_chain") || c.name().equals("kernels/calibration/fence_chain.cu"))
        && c.n() != 2048).toList();
    assertThat(ends).hasSize(4);
    assertThat(largest(ends)).as("atomics, and fences after stores, at 256 and 16,384").isLessThan(0.10);
    // Held out: PMPP's chained scan, a chain of blocks each waiting on an atomic, reading its
    // predecessor's sum and publishing its own behind a fence (1,413 cycles a link on the card).
    List<Case> chained = all.stream().filter(c -> c.name().contains("chained_scan") && c.launch() == 1).toList();
    assertThat(chained).hasSize(2);
    assertThat(largest(chained)).as("the chained scan at 64 and 1,024 blocks").isLessThan(0.10);
    // A known gap: the decoupled look-back's tiles read what is there when they look (BlockSync
    // releases at the first write), so past a few tiles the model has no chain and is too fast.
    List<Case> lookback = all.stream().filter(c -> c.name().contains("decoupled_lookback")).toList();
    assertThat(lookback).hasSize(4);
    assertThat(lookback.get(0).error()).as("2 tiles").isBetween(-0.10, 0.10);
    assertThat(lookback.subList(1, 4)).allSatisfy(c -> assertThat(c.error()).as("n=" + c.n()).isBetween(-0.80, -0.30));
  }

  @Test
  void arbitrarySizeScansTotalTime() throws Exception {
    // A run's GPU time is the sum of its launches': per kernel and size, the model's sum against the card's.
    // Chained scans included: each block waits for its predecessor's flag (BlockSync).
    List<Case> launches = covered(replay("catalog.jsonl", 1 << 16, 1 << 24, null, true));
    java.util.Map<String, long[]> runs = new java.util.TreeMap<>();
    for (Case c : launches) {
      long[] sum = runs.computeIfAbsent(c.name() + " n=" + c.n(), k -> new long[2]);
      sum[0] += c.card();
      sum[1] += c.model();
    }
    List<Case> totals = new ArrayList<>();
    runs.forEach((k, v) -> totals.add(new Case(k, 0, 0, v[0], v[1], 0, 0)));
    System.out.print(table(totals));
    assertThat(totals).hasSizeGreaterThanOrEqualTo(6);
    // The target: a run's total GPU time within 15 % of the card's.
    assertThat(largest(totals)).as("largest error of a run's total").isLessThan(0.15);
  }
}
