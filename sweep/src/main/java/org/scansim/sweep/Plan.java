package org.scansim.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.ArchitectureException;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanOp;
import org.scansim.sim.run.ScanRun;

/**
 * A spec with its names resolved before anything runs, so that a typo stops the sweep at once
 * rather than filling it with errors: each kernel's file (a catalog name's, or a path relative to
 * the spec's folder), each architecture, the checkers, the operator and the timing card. Its
 * {@link #fingerprint} identifies the sweep: the points, the options and the bytes of every
 * kernel file and architecture file, so that rows of another sweep, or of the same spec after a
 * kernel changed, are never resumed or merged with these.
 */
public record Plan(SweepSpec spec, Map<String, Target> kernels, Map<String, Architecture> archs, Set<Check> checks, ScanOp op,
    List<Point> points, String fingerprint) {

  /** A kernel as the spec names it: its file as reports show it, and its catalog entry, if a name. */
  public record Target(String name, Path file, String shown, Kernel catalog) {}

  /** A plan that cannot be made: the message says which name is wrong. */
  public static final class PlanException extends Exception {
    private static final long serialVersionUID = 1L;

    PlanException(String message) {
      super(message);
    }
  }

  /**
   * Resolves the spec's names; {@code catalog} is the kernel catalog (null where it cannot be
   * read: then only files may be named, and {@code catalogProblem} says why).
   */
  public static Plan of(SweepSpec spec, Catalog catalog, String catalogProblem) throws PlanException {
    Path dir = spec.file().toAbsolutePath().getParent();
    String where = spec.file() + ": error: ";
    Map<String, Target> kernels = new LinkedHashMap<>();
    for (String k : spec.kernels()) {
      Path f = dir.resolve(k).normalize();
      if (Files.isDirectory(f)) {
        throw new PlanException(where + "kernels: " + k + " is a folder, not a kernel file");
      }
      if (Files.isRegularFile(f)) {
        kernels.put(k, new Target(k, f, shown(f), null));
      } else if (k.endsWith(".cu") || k.contains("\\")) {
        throw new PlanException(where + "kernels: no file " + k + " (a path is read from the spec's folder, " + dir + ")");
      } else if (catalog == null) {
        throw new PlanException(where + "kernels: " + k + " is not a file, and the catalog cannot be read: " + catalogProblem);
      } else {
        Kernel c = catalog.find(k).orElse(null);
        if (c == null) {
          List<String> near = catalog.near(k);
          throw new PlanException(where + "kernels: no file or catalog kernel '" + k + "'"
              + (near.isEmpty() ? " (scansim catalog lists them)" : "; did you mean " + String.join(", ", near) + "?"));
        }
        kernels.put(k, new Target(k, c.file(), shown(c.file()), c));
      }
    }
    Map<String, Architecture> archs = new LinkedHashMap<>();
    for (String a : spec.archs()) {
      if (!Architectures.presets().contains(a) && !Files.isRegularFile(dir.resolve(a))) {
        throw new PlanException(where + "archs: no architecture '" + a + "' (the presets: " + String.join(", ", Architectures.presets())
            + "; or an architecture's JSON file, read from the spec's folder)");
      }
      try {
        archs.put(a, Architectures.presets().contains(a) ? Architectures.load(a) : Architectures.load(dir.resolve(a).toString()));
      } catch (ArchitectureException e) {
        throw new PlanException(where + "archs: " + e.getMessage());
      }
    }
    SweepSpec.Options o = spec.options();
    Set<Check> checks;
    ScanOp op;
    try {
      checks = Check.parse(String.join(",", o.check()));
    } catch (IllegalArgumentException e) {
      throw new PlanException(where + "options.check: " + e.getMessage());
    }
    try {
      op = ScanOp.parse(o.op() == null ? "sum" : o.op());
    } catch (IllegalArgumentException e) {
      throw new PlanException(where + "options.op: " + e.getMessage());
    }
    if (op != ScanOp.SUM && o.expect() == null) {
      throw new PlanException(where + "options.op: " + op.spelling() + " says which scan is checked: add expect: inclusive or exclusive");
    }
    boolean catalogOnly = kernels.values().stream().allMatch(t -> t.catalog() != null);
    if ((checks.contains(Check.PROOF) || op != ScanOp.SUM) && o.expect() == null && !catalogOnly) {
      throw new PlanException(where + "options: the scan proof needs expect: inclusive or exclusive (a catalog kernel's scan is known)");
    }
    if (o.card() != null) {
      for (Architecture a : archs.values()) {
        String problem = org.scansim.timing.TimingPlan.cardProblem(a, o.card());
        if (problem != null) {
          throw new PlanException(where + "options.card: " + o.card() + ": " + problem);
        }
      }
    }
    return new Plan(spec, java.util.Collections.unmodifiableMap(kernels), java.util.Collections.unmodifiableMap(archs), checks, op, spec.points(), fingerprint(spec, kernels, archs));
  }

  /** The points of shard {@code shard} of {@code shards} (all of them for 0 of 1). */
  public List<Point> shard(int shard, int shards) {
    return points.stream().filter(p -> p.inShard(shard, shards)).toList();
  }

  /** A file as a report shows it: relative to the working folder where it is below it. */
  private static String shown(Path f) {
    Path cwd = Path.of("").toAbsolutePath();
    Path abs = f.toAbsolutePath().normalize();
    return abs.startsWith(cwd) ? cwd.relativize(abs).toString() : abs.toString();
  }

  /**
   * Sixteen hex digits of a SHA-256 over the points, the options, and the bytes of each kernel
   * file, catalog kernel's metadata and architecture file; the spec file's own layout and comments
   * do not count, nor do files a kernel includes.
   */
  private static String fingerprint(SweepSpec spec, Map<String, Target> kernels, Map<String, Architecture> archs) throws PlanException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      List<String> parts = new ArrayList<>();
      parts.add(String.valueOf(spec.kernels()));
      spec.variants().forEach(v -> parts.add(v.name() + "=" + v.asOptions()));
      parts.add(String.valueOf(spec.sizes()));
      parts.add(String.valueOf(spec.archs()));
      if (!spec.archDefines().isEmpty()) {
        parts.add(String.valueOf(spec.archDefines())); // only then: earlier sweep files keep their fingerprint
      }
      parts.add(String.valueOf(spec.options()));
      for (String p : parts) {
        md.update(p.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
      }
      for (Target t : kernels.values()) {
        md.update(org.scansim.files.InputFiles.read(t.file(), org.scansim.frontend.diag.SourceReader.MAX_SOURCE_BYTES));
        md.update((byte) 0);
        if (t.catalog() != null) {
          // its metadata: defines, sizes and scan, which the points' rows depend on
          Path meta = t.catalog().metadataFile();
          if (Files.isRegularFile(meta)) {
            md.update(org.scansim.files.InputFiles.read(meta, org.scansim.frontend.diag.SourceReader.MAX_SOURCE_BYTES));
          }
          md.update((byte) 0);
        }
      }
      Path dir = spec.file().toAbsolutePath().getParent();
      for (String a : archs.keySet()) {
        Path f = dir.resolve(a);
        if (!Architectures.presets().contains(a) && Files.isRegularFile(f)) {
          md.update(org.scansim.files.InputFiles.read(f, Architectures.MAX_FILE_BYTES));
        }
        md.update((byte) 0);
      }
      return HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (IOException e) {
      throw new PlanException(spec.file() + ": error: cannot read a kernel file: " + e.getMessage());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  /** The expected scan of a point's kernel: the spec's, else a catalog kernel's own, else none. */
  ScanRun.Expect expect(Target t) {
    String e = spec.options().expect();
    if (e != null) {
      return e.equals("inclusive") ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE;
    }
    return t.catalog() == null ? null : t.catalog().inclusive() ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE;
  }
}
