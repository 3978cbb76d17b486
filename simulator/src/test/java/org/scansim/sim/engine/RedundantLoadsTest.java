package org.scansim.sim.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.result.Counters;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.run.Simulation;

/**
 * nvcc's redundant loads, forwarded stores, loads before loops and dead stores ({@link
 * RedundantLoads}, {@link DeadStores}) against the loads and stores nvcc 13.0's PTX holds for the
 * kernels of engine/redundant_loads.cu, which the file records beside each kernel; where nvcc is
 * installed, the recorded numbers are checked against nvcc's PTX too.
 */
class RedundantLoadsTest {
  private static final Path FILE = Path.of("src", "test", "resources", "engine", "redundant_loads.cu");
  private static final Pattern EXPECTED = Pattern.compile("// nvcc: (\\w+) ([^\\n]*)");
  private static final List<String> CLASSES = List.of("ld.shared", "st.shared", "ld.global", "st.global");

  /** Per kernel: the PTX's static counts, and (after {@code dynamic:}) one warp's where a loop runs. */
  private record Expected(Map<String, Integer> ptx, Map<String, Integer> run) {}

  private static Map<String, Expected> expected(String source) {
    Map<String, Expected> out = new LinkedHashMap<>();
    Matcher m = EXPECTED.matcher(source);
    while (m.find()) {
      String[] halves = m.group(2).split("dynamic:");
      Map<String, Integer> ptx = counts(halves[0]);
      Map<String, Integer> run = new TreeMap<>(ptx);
      if (halves.length > 1) {
        run.putAll(counts(halves[1]));
      }
      out.put(m.group(1), new Expected(ptx, run));
    }
    return out;
  }

  private static Map<String, Integer> counts(String text) {
    Map<String, Integer> out = new TreeMap<>();
    for (String kv : text.trim().split("\\s+")) {
      String[] p = kv.split("=");
      out.put(p[0], Integer.parseInt(p[1]));
    }
    return out;
  }

  private static Map<String, Integer> run(Frontend.Result r, String kernel, EnumSet<Check> checks) {
    Simulation sim = new Simulation(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults());
    sim.setChecks(checks, 0, 1 << 10);
    Simulation.Buffer in = sim.allocate("in", IrType.I32, 64);
    Simulation.Buffer out = sim.allocate("out", IrType.I32, 64);
    in.setInputs(64, i -> i % 7);
    sim.launch(kernel, new int[] {1, 1, 1}, new int[] {32, 1, 1}, 0, new long[] {in.pointer(), out.pointer(), 32});
    Counters c = sim.launches().get(0).counters();
    return new TreeMap<>(Map.of("ld.shared", (int) c.sharedLoadInstructions, "st.shared", (int) c.sharedStoreInstructions,
        "ld.global", (int) c.globalLoadInstructions, "st.global", (int) c.globalStoreInstructions));
  }

  @Test
  void eachKernelLoadsAndStoresWhatNvccLeaves() throws IOException {
    String source = Files.readString(FILE, StandardCharsets.UTF_8);
    Frontend.Result r = Frontend.compile(new SourceFile("redundant_loads.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Map<String, Expected> expected = expected(source);
    assertThat(expected).hasSizeGreaterThan(12);
    for (EnumSet<Check> checks : List.of(EnumSet.noneOf(Check.class), EnumSet.of(Check.RACES, Check.BOUNDS, Check.INIT))) {
      for (Map.Entry<String, Expected> e : expected.entrySet()) {
        assertThat(run(r, e.getKey(), checks)).as(e.getKey() + " " + checks).isEqualTo(e.getValue().run());
      }
    }
  }

  /**
   * A kernel past the analysis's budget ({@link RedundantLoads#MAX_WORK}): 2,000 loops, each behind
   * an if of its own, each loop reading what the one before stored. Every load is kept, as before
   * the model, rather than the analysis running on.
   */
  @Test
  void aKernelPastTheBudgetKeepsEveryLoad() {
    StringBuilder src = new StringBuilder("__global__ void big(int *in, int *out, int n) {\n  __shared__ int s[1024];\n"
        + "  int t = threadIdx.x;\n  int acc = 0;\n  s[t] = in[t];\n");
    for (int i = 0; i < 2000; i++) {
      src.append("  if ((t + ").append(i).append(") & 1) s[t] = acc + ").append(i).append(";\n");
      src.append("  for (int j = 0; j < (n & 3); j++) acc += s[t] + s[t];\n");
    }
    src.append("  out[t] = acc;\n}\n");
    Frontend.Result r = Frontend.compile(new SourceFile("big.cu", src.toString()), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    Code code = Compiler.compile(r.ir(), r.ir().function("big"));
    AccessMerging.apply(code);
    long loads = java.util.Arrays.stream(code.insns).filter(in -> in.op == org.scansim.frontend.ir.Op.LD).count();
    assertThat(loads).isGreaterThan(4000);
    assertThat(java.util.Arrays.stream(code.insns).filter(in -> in.elided || in.loopSlot >= 0)).as("loads or stores removed").isEmpty();
  }

  @Test
  void theRecordedCountsAreNvccs() throws Exception {
    Path nvcc = null;
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "nvcc"))) {
        nvcc = Path.of(dir, "nvcc");
        break;
      }
    }
    Assumptions.assumeTrue(nvcc != null, "nvcc is not on the PATH: the recorded counts are not compared with its PTX");
    Path dir = Files.createTempDirectory("redundant-loads");
    Path ptx = dir.resolve("k.ptx");
    try {
      Process p = new ProcessBuilder(nvcc.toString(), "-arch=sm_90", "-ptx", "-o", ptx.toString(), FILE.toAbsolutePath().toString())
          .redirectErrorStream(true).start();
      String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(log).isZero();
      Map<String, Map<String, Integer>> found = new TreeMap<>();
      String kernel = null;
      Pattern entry = Pattern.compile("\\.entry _Z\\d+(\\w+?)Pi");
      Pattern access = Pattern.compile("^\\s*(ld|st)(\\.volatile)?\\.(shared|global)");
      for (String line : Files.readAllLines(ptx)) {
        Matcher e = entry.matcher(line);
        if (e.find()) {
          kernel = e.group(1);
          Map<String, Integer> zero = new TreeMap<>();
          CLASSES.forEach(c -> zero.put(c, 0));
          found.put(kernel, zero);
        }
        Matcher a = access.matcher(line);
        if (kernel != null && a.find()) {
          found.get(kernel).merge(a.group(1) + "." + a.group(3), 1, Integer::sum);
        }
      }
      Map<String, Map<String, Integer>> recorded = new TreeMap<>();
      expected(Files.readString(FILE, StandardCharsets.UTF_8)).forEach((k, v) -> recorded.put(k, v.ptx()));
      assertThat(found).isEqualTo(recorded);
    } finally {
      for (Path f : new ArrayList<>(List.of(ptx, dir))) {
        Files.deleteIfExists(f);
      }
    }
  }
}
