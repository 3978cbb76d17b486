package org.scansim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;
import org.scansim.hardware.GpuRun;
import org.scansim.hardware.GpuUnavailable;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.device.LaunchRecord;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.run.ScanRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code scansim crosscheck}: the same kernel file on the simulator and on the first CUDA device,
 * on the same inputs, compared size by size: the launches (kernel, grid, block, dynamic shared
 * memory) and the outputs bit for bit. Where a catalog kernel's erratum makes it wrong (a race, a
 * read of memory nothing wrote: {@code Kernel.correctAt}), its result is not defined there: its
 * outputs are shown, not compared.
 */
@Command(name = "crosscheck", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
    description = {"Compares a kernel file's runs on the simulator and on the first CUDA device.",
        "On the same inputs, at each size: the launches, and the outputs bit for bit (where a catalog kernel's erratum makes it",
        "wrong, its result is not defined: shown, not compared).",
        "Exit code 0 when everything compared is equal, 1 when something differs, 3 when a run faulted, 4 without a usable GPU."})
final class CrosscheckCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "FILE|NAME", description = "a .cu file, or a catalog kernel's name (scansim catalog)")
  String target;

  @Option(names = "--n", required = true, split = ",", paramLabel = "N[,N...]", description = "numbers of elements")
  List<Integer> sizes;

  @Option(names = "--entry", paramLabel = "NAME", description = "the host entry (needed when the file has several)")
  String entry;

  @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "hopper", description = "the simulated architecture; default: hopper")
  String arch;

  @Option(names = "-D", paramLabel = "NAME[=VALUE]", description = "define a preprocessor macro (repeatable), for both runs")
  List<String> defines;

  @Option(names = "--nvcc", paramLabel = "PATH", description = "nvcc (default: nvcc on the PATH)")
  Path nvcc;

  @Option(names = "--json", paramLabel = "OUT", description = "also write the comparison as JSON to OUT")
  Path json;

  /** One size: both runs' launches and verdicts, and how their outputs compare. */
  record Row(int n, List<String> simLaunches, List<String> gpuLaunches, boolean launchesEqual, Boolean simCorrect, Boolean gpuCorrect,
      boolean resultDefined, String outputs, boolean outputsEqual, List<String> differences, double gpuMillis, boolean faulted) {}

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    Architecture a = RunCommand.architecture(arch, err);
    if (a == null) {
      return Main.INVALID_INPUT;
    }
    RunCommand.Target t = RunCommand.resolve(target, a, defines, null, err);
    if (t == null) {
      return Main.INVALID_INPUT;
    }
    if (json != null && !CircuitCommand.safeToWrite(json, t.inputs(), err)) {
      return Main.INVALID_INPUT;
    }
    Kernel kernel = null;
    if (!Files.exists(Path.of(target)) && !target.endsWith(".cu")) {
      try {
        kernel = CatalogLocation.load().find(target).orElse(null);
      } catch (Catalog.CatalogException e) {
        kernel = null; // resolve() read it a moment ago
      }
    }
    Frontend.Result compiled = Compilation.compile(t.file(), t.defines(), err);
    if (!compiled.ok()) {
      return Main.INVALID_INPUT;
    }
    List<Row> rows = new ArrayList<>();
    String card = null;
    try {
      GpuRun.checkAvailable(nvcc);
      Symbol.Function e = ScanRun.entry(compiled, entry);
      Type elem = ((Type.Pointer) e.paramTypes().get(0)).pointee();
      IrType type = IrType.of(elem);
      for (int n : sizes) {
        byte[][] simOut = new byte[1][];
        ScanRun.Outcome sim = ScanRun.execute(compiled, ScanRun.Request.of(n, a).entry(entry).expect(t.expect()), elem,
            (s, in, o, count) -> {
              s.call(e.name(), new long[] {in, o, count});
              simOut[0] = s.read(o, count * type.size());
            }, e.name());
        GpuRun.Outcome gpu = GpuRun.run(compiled, t.file(), Defines.parse(t.defines()), n, entry, t.expect(), nvcc);
        card = gpu.card() + " (" + gpu.arch() + ")";
        rows.add(row(n, type, sim, simOut[0], gpu, kernel == null || kernel.correctAt(n)));
      }
    } catch (GpuUnavailable e) {
      err.println("scansim: no usable GPU: " + e.getMessage());
      return Main.NO_GPU;
    } catch (ScanRun.UsageException e) {
      err.println("scansim: error: " + e.getMessage());
      return Main.INVALID_INPUT;
    }
    out.print(text(t.file(), card, a.name(), rows));
    out.flush();
    if (json != null) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("file", t.file().toString());
      m.put("card", card);
      m.put("arch", a.name());
      m.put("catalogName", kernel == null ? null : kernel.name());
      m.put("defines", t.defines());
      m.put("sizes", rows);
      try {
        RunCommand.write(json, new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m) + "\n");
      } catch (java.io.IOException ex) {
        err.println("scansim: error: cannot write " + json + ": " + ex.getMessage());
        return Main.INVALID_INPUT;
      }
    }
    if (rows.stream().anyMatch(Row::faulted)) {
      return Main.KERNEL_FAULT;
    }
    boolean equal = rows.stream().allMatch(r -> r.launchesEqual() && r.outputsEqual());
    return equal ? Main.OK : Main.FAILED;
  }

  private static Row row(int n, IrType type, ScanRun.Outcome sim, byte[] simOut, GpuRun.Outcome gpu, boolean defined) {
    List<String> s = new ArrayList<>();
    for (LaunchRecord l : sim.launches()) {
      s.add(launch(l.kernel(), List.of((long) l.grid()[0], (long) l.grid()[1], (long) l.grid()[2]),
          List.of((long) l.block()[0], (long) l.block()[1], (long) l.block()[2]), l.dynamicSharedBytes()));
    }
    List<String> g = new ArrayList<>();
    double millis = 0;
    for (GpuRun.Launch l : gpu.launches()) {
      g.add(launch(l.kernel(), l.grid(), l.block(), l.dynamicSharedBytes()));
      millis += l.millis();
    }
    List<String> differences = new ArrayList<>();
    String outputs;
    boolean outputsEqual;
    boolean faulted = sim.fault() != null || gpu.fault() != null;
    if (faulted) {
      outputs = "not compared: " + (sim.fault() != null ? "the simulated run faulted (" + sim.fault().kind() + ")" : "")
          + (sim.fault() != null && gpu.fault() != null ? ", " : "")
          + (gpu.fault() != null ? "the GPU run faulted (" + gpu.fault().getMessage() + ")" : "");
      outputsEqual = sim.fault() != null && gpu.fault() != null;
    } else if (simOut == null || gpu.result() == null) {
      outputs = "not compared: an output could not be read";
      outputsEqual = false;
    } else {
      int size = type.size();
      Allocation a = wrap(simOut);
      Allocation b = wrap(gpu.result());
      long differ = 0;
      for (int i = 0; i < n; i++) {
        long x = a.load(type, i * size);
        long y = b.load(type, i * size);
        if (x != y) {
          if (differences.size() < 5) {
            differences.add("out[" + i + "]: simulator " + format(type, x) + ", GPU " + format(type, y));
          }
          differ++;
        }
      }
      if (!defined) {
        outputs = "not compared: the result is not defined at this size (the kernel's erratum); " + differ + " of " + n + " differ";
        outputsEqual = true;
      } else {
        outputs = differ == 0 ? "equal, bit for bit" : differ + " of " + n + " differ";
        outputsEqual = differ == 0;
      }
    }
    return new Row(n, s, g, s.equals(g), sim.correct(), gpu.correct(), defined, outputs, outputsEqual, differences, millis, faulted);
  }

  private static Allocation wrap(byte[] bytes) {
    Allocation a = new Allocation("out", Ptr.HOST, bytes.length, 0);
    System.arraycopy(bytes, 0, a.bytes, 0, bytes.length);
    return a;
  }

  private static String format(IrType t, long bits) {
    return switch (t) {
      case F32 -> Float.toString(Float.intBitsToFloat((int) bits)) + " (0x" + Integer.toHexString((int) bits) + ")";
      case F64 -> Double.toString(Double.longBitsToDouble(bits));
      case PRED, I8, U8, I16, U16, I32, U32, I64, U64, PTR -> Long.toString(bits);
    };
  }

  private static String launch(String kernel, List<Long> grid, List<Long> block, long shared) {
    return kernel + "<<<" + grid.get(0) + "x" + grid.get(1) + "x" + grid.get(2) + ", " + block.get(0) + "x" + block.get(1) + "x" + block.get(2)
        + ", " + shared + ">>>";
  }

  static String text(Path file, String card, String arch, List<Row> rows) {
    StringBuilder s = new StringBuilder();
    s.append("crosscheck ").append(file).append(": the simulator (").append(arch).append(") against ").append(card).append('\n');
    for (Row r : rows) {
      s.append("n = ").append(r.n()).append(": launches ").append(r.launchesEqual() ? "the same (" + r.simLaunches().size() + ")" : "DIFFER")
          .append("; result: simulator ").append(verdict(r.simCorrect())).append(", GPU ").append(verdict(r.gpuCorrect()))
          .append("; outputs ").append(r.outputs()).append(String.format(java.util.Locale.ROOT, "; GPU time %.3f ms%n", r.gpuMillis()));
      if (!r.launchesEqual()) {
        s.append("  simulator: ").append(r.simLaunches()).append("\n  GPU:       ").append(r.gpuLaunches()).append('\n');
      }
      for (String d : r.differences()) {
        s.append("  ").append(d).append('\n');
      }
    }
    return s.toString();
  }

  private static String verdict(Boolean correct) {
    return correct == null ? "-" : correct ? "correct" : "wrong";
  }
}
