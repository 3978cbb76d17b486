package org.scansim.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.ir.IrFunction;
import org.scansim.frontend.ir.IrModule;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.Op;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.engine.AccessMerging;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Compiler;

/**
 * The catalog's and the examples' memory instructions per kernel and source line, the engine's
 * model of nvcc's (the IR compiled as the engine runs it, after the model of nvcc's memory
 * optimisations) against nvcc's SASS for sm_90 (hardware/measurements/2026-11-29-sass-memory-lines,
 * static counts). Shared loads and stores, global (and generic) loads and stores and atomics are
 * compared; local memory is not (nvcc keeps small locals in registers).
 *
 * <p>Where they differ today is listed in {@code known-differences.tsv} beside the data, with the
 * IR's count, nvcc's and the cause their counts show ({@link #cause}): the list may only shrink. A difference not in it fails (a change made the
 * IR further from nvcc's code), and so does a listed one that is gone (take it off the list), so the
 * list stays what it says. Made with {@code -Dsass.update=true}, then reviewed.
 */
class SassMemoryLinesTest {
  private static final Path DATA = Path.of("hardware", "measurements", "2026-11-29-sass-memory-lines");
  private static final Pattern MANGLED = Pattern.compile("_Z(\\d+)(.*)");

  /** One compared class of memory operation, by SASS opcode and by IR space and operation. */
  private static String sassClass(String op) {
    return switch (op) {
      case "LDS" -> "shared-load";
      case "STS" -> "shared-store";
      case "LDG", "LD" -> "global-load";
      case "STG", "ST" -> "global-store";
      case "ATOMG", "ATOMS", "ATOM", "RED" -> "atomic";
      default -> null;
    };
  }

  @Test
  void theIrsMemoryOperationsPerLineDifferFromNvccsOnlyWhereListed() throws Exception {
    Path root = KernelFiles.repositoryRoot();
    Map<String, Map<String, Integer>> sass = new TreeMap<>(); // "file|variant|kernel" -> "line|class" -> count
    for (String row : Files.readAllLines(root.resolve(DATA).resolve("memory-lines.tsv"), StandardCharsets.UTF_8)) {
      String[] f = row.split("\t");
      if (f[0].equals("file") || sassClass(f[4]) == null) {
        continue;
      }
      Matcher m = MANGLED.matcher(f[2]);
      if (!m.matches()) {
        continue;
      }
      String kernel = m.group(2).substring(0, Integer.parseInt(m.group(1)));
      sass.computeIfAbsent(f[0] + "|" + f[1] + "|" + kernel, k -> new TreeMap<>()).merge(f[3] + "|" + sassClass(f[4]), Integer.parseInt(f[5]),
          Integer::sum);
    }
    assertThat(sass).as("the recorded SASS counts cover the catalog").hasSizeGreaterThan(30);
    Set<String> differences = new TreeSet<>();
    int compared = 0;
    int kernels = 0;
    List<KernelFiles.Variant> all = new ArrayList<>(KernelFiles.variants());
    try (java.util.stream.Stream<Path> examples = Files.walk(root.resolve("examples"))) {
      // The examples' own kernels and whole programs too, each file alone (one that needs its other files is left out).
      examples.filter(p -> p.toString().endsWith(".cu")).sorted()
          .forEach(p -> all.add(new KernelFiles.Variant(p, root.relativize(p).toString(), Map.of())));
    }
    for (KernelFiles.Variant v : all) {
      String rel = root.relativize(v.file()).toString();
      String variant = v.name().equals(rel) ? "-" : v.name().substring(rel.length() + 1);
      String text = Files.readString(v.file(), StandardCharsets.UTF_8);
      Frontend.Result r = Frontend.compile(new SourceFile(rel, text), v.defines(), IncludeLoader.NONE);
      if (!r.ok()) {
        continue; // FrontendAcceptsCatalogTest's concern
      }
      Map<String, List<IrFunction>> byName = new HashMap<>();
      for (IrFunction fn : r.ir().functions()) {
        if (fn.isKernel()) {
          byName.computeIfAbsent(fn.name().replaceAll("<.*", ""), k -> new ArrayList<>()).add(fn);
        }
      }
      for (Map.Entry<String, List<IrFunction>> e : byName.entrySet()) {
        Map<String, Integer> nvcc = sass.get(rel + "|" + variant + "|" + e.getKey());
        if (nvcc == null || e.getValue().size() != 1) {
          continue; // a kernel nvcc made no memory operation in, or a template's several instances (not told apart by name)
        }
        kernels++;
        Map<String, Integer> ir = new TreeMap<>();
        count(r.ir(), e.getValue().get(0), rel, ir);
        Set<String> keys = new TreeSet<>(ir.keySet());
        keys.addAll(nvcc.keySet());
        for (String k : keys) {
          compared++;
          int a = ir.getOrDefault(k, 0);
          int b = nvcc.getOrDefault(k, 0);
          if (a != b) {
            String[] lc = k.split("\\|");
            differences.add(rel + "\t" + variant + "\t" + e.getKey() + "\t" + lc[0] + "\t" + lc[1] + "\t" + a + "\t" + b + "\t" + cause(a, b));
          }
        }
      }
    }
    Path table = root.resolve(DATA).resolve("known-differences.tsv");
    String header = "file\tvariant\tkernel\tline\tclass\tir\tnvcc\tcause";
    if (Boolean.getBoolean("sass.update")) {
      Files.writeString(table, header + "\n" + String.join("\n", differences) + "\n", StandardCharsets.UTF_8);
    }
    Set<String> known = new HashSet<>(Files.readAllLines(table, StandardCharsets.UTF_8));
    known.remove(header);
    known.remove("");
    System.out.printf("SASS memory lines: %d kernels, %d (line, class) pairs compared, %d differ%n", kernels, compared, differences.size());
    assertThat(kernels).as("kernels compared").isGreaterThan(30);
    Set<String> added = new TreeSet<>(differences);
    added.removeAll(known);
    Set<String> gone = new TreeSet<>(known);
    gone.removeAll(differences);
    assertThat(added).as("differences from nvcc's code not in known-differences.tsv (the list may only shrink)").isEmpty();
    assertThat(gone).as("listed differences that are gone: take them off known-differences.tsv").isEmpty();
  }

  /**
   * What a difference is, by its counts: nvcc's copies of an unrolled loop's body (more in nvcc),
   * an access nvcc merged into a neighbour's vector access or kept in a register (fewer in nvcc,
   * none at all), or one nvcc's line table gives another line (none in the IR).
   */
  static String cause(int ir, int nvcc) {
    if (ir == 0) {
      return "on another line in the IR";
    }
    if (nvcc == 0) {
      return "merged into a neighbour's access or kept in a register";
    }
    return nvcc > ir ? "unrolled: a copy per unrolled iteration" : "fewer in nvcc: merged or kept in a register";
  }

  /**
   * {@code fn}'s memory instructions per "line|class" in {@code file}, as the engine's model of
   * nvcc issues them: every called device function inlined, after the model of nvcc's memory
   * optimisations (AccessMerging, ArmMerging, RedundantLoads, DeadStores): a removed load or dead
   * store is none; a merged pair is one, a load at the first access's line and a store at the
   * second's (nvcc's STS.64 is at the later line); an access both arms of an if/else share is
   * one, a load at the first arm's line and a store at the second's; a generic access is classed
   * by the space the model resolves it to.
   */
  private static void count(IrModule module, IrFunction fn, String file, Map<String, Integer> out) {
    Code code = Compiler.compile(module, fn);
    AccessMerging.apply(code);
    for (CInsn in : code.insns) {
      boolean load = in.op == Op.LD;
      boolean pairFirst = !in.vector && in.type != null && in.widthBytes > in.type.size();
      boolean counted = switch (in.op) {
        case LD -> !in.elided && in.countedWith < 0 && (in.armPartner < 0 || in.armPartner > in.index);
        case ST -> !in.elided && !pairFirst && (in.countedWith < 0 || !code.insns[in.countedWith].vector)
            && (in.armPartner < 0 || in.armPartner < in.index);
        case ATOM -> true;
        default -> false;
      };
      if (!counted || in.span == null || in.span.file() == null || !in.span.file().name().equals(file)) {
        continue;
      }
      MemSpace s = in.vtable ? MemSpace.GLOBAL : in.space != null ? in.space : in.ir.space(); // a virtual call: its vtable's load
      boolean shared = s == MemSpace.SHARED;
      boolean global = s == MemSpace.GLOBAL || s == MemSpace.GENERIC;
      String c = switch (in.op) {
        case LD -> shared ? "shared-load" : global ? "global-load" : null;
        case ST -> shared ? "shared-store" : global ? "global-store" : null;
        default -> shared || global ? "atomic" : null;
      };
      if (c != null) {
        out.merge(in.span.line() + "|" + c, 1, Integer::sum);
      }
    }
  }
}
