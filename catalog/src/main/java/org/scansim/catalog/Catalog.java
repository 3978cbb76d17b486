package org.scansim.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The kernel catalog: every {@code NAME.json} beside a {@code NAME.cu} under {@code kernels/},
 * read with Jackson and checked (unknown fields, missing fields, bad formulas, duplicate names are
 * errors that name the file).
 */
public final class Catalog {
  /** Thrown for metadata that cannot be read or does not make sense. */
  public static final class CatalogException extends Exception {
    private static final long serialVersionUID = 1L;

    public CatalogException(String message) {
      super(message);
    }
  }

  private record FileEntries(List<Kernel> kernels) {}

  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .build();

  private static final Set<String> CHECKS = Set.of("exact", "pow2", "atMax", "atMost", "none");

  private final Path root;
  private final Map<String, Kernel> kernels;

  private Catalog(Path root, Map<String, Kernel> kernels) {
    this.root = root;
    this.kernels = kernels;
  }

  /** Reads the catalog under {@code kernelsDir} (the repository's {@code kernels/}). */
  public static Catalog load(Path kernelsDir) throws CatalogException {
    if (!Files.isDirectory(kernelsDir)) {
      throw new CatalogException("no kernel catalog at " + kernelsDir);
    }
    List<Path> files;
    try (Stream<Path> s = Files.walk(kernelsDir)) {
      files = s.filter(p -> p.toString().endsWith(".json") && Files.isRegularFile(p))
          .filter(p -> Files.exists(cuBeside(p)))
          .sorted(Comparator.comparing(Path::toString))
          .toList();
    } catch (IOException e) {
      throw new CatalogException("cannot read " + kernelsDir + ": " + e.getMessage());
    }
    Map<String, Kernel> out = new LinkedHashMap<>();
    for (Path f : files) {
      FileEntries fe;
      try {
        fe = JSON.readValue(f.toFile(), FileEntries.class);
      } catch (JsonProcessingException e) {
        throw new CatalogException(f + ": " + e.getOriginalMessage() + location(e));
      } catch (IOException e) {
        throw new CatalogException(f + ": " + e.getMessage());
      }
      if (fe.kernels() == null || fe.kernels().isEmpty()) {
        throw new CatalogException(f + ": no \"kernels\"");
      }
      for (Kernel k : fe.kernels()) {
        Kernel kk = k.withFile(cuBeside(f));
        validate(f, kk);
        if (out.put(kk.name(), kk) != null) {
          throw new CatalogException(f + ": the name '" + kk.name() + "' is used twice in the catalog");
        }
      }
    }
    return new Catalog(kernelsDir, out);
  }

  private static String location(JsonProcessingException e) {
    return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
  }

  private static Path cuBeside(Path json) {
    String n = json.getFileName().toString();
    return json.resolveSibling(n.substring(0, n.length() - ".json".length()) + ".cu");
  }

  private static void validate(Path f, Kernel k) throws CatalogException {
    String where = f + ": kernel '" + k.name() + "': ";
    if (k.name() == null || !k.name().matches("[a-z0-9_]+/[a-z0-9_]+")) {
      throw new CatalogException(f + ": a kernel needs a name like folder/file_variant, not '" + k.name() + "'");
    }
    if (k.title() == null || k.source() == null || k.source().document() == null || k.source().where() == null) {
      throw new CatalogException(where + "title, source.document and source.where are required");
    }
    if (!"inclusive".equals(k.scan()) && !"exclusive".equals(k.scan())) {
      throw new CatalogException(where + "scan must be inclusive or exclusive, not '" + k.scan() + "'");
    }
    if (k.sizes() == null || k.sizes().min() < 1 || k.sizes().max() < k.sizes().min() || k.sizes().max() > (1 << 24)) {
      throw new CatalogException(where + "sizes need 1 ≤ min ≤ max ≤ 16777216");
    }
    if (k.work() == null || k.work().formula() == null || !CHECKS.contains(k.work().check())) {
      throw new CatalogException(where + "work needs a formula and a check among " + CHECKS);
    }
    try {
      Formula.parse(k.work().formula());
      if (k.depth() != null) {
        Formula.parse(k.depth());
      }
    } catch (Formula.FormulaException e) {
      throw new CatalogException(where + e.getMessage());
    }
    for (Kernel.Property p : k.properties()) {
      int bounds = (p.equals() != null ? 1 : 0) + (p.atMost() != null ? 1 : 0) + (p.atLeast() != null ? 1 : 0);
      if (p.arch() == null || p.counter() == null || bounds != 1 || p.n() < 1) {
        throw new CatalogException(where + "a property needs arch, n, counter and exactly one of equals, atMost, atLeast");
      }
      if (!CatalogRun.counterNames().contains(p.counter())) {
        throw new CatalogException(where + "no counter '" + p.counter() + "'; counters: " + CatalogRun.counterNames());
      }
    }
  }

  public Path root() {
    return root;
  }

  public List<Kernel> kernels() {
    return List.copyOf(kernels.values());
  }

  public Optional<Kernel> find(String name) {
    return Optional.ofNullable(kernels.get(name));
  }

  /**
   * Names close to {@code name}, for "did you mean": those that hold its last part or are held by
   * it, else the one fewest edits away ({@link org.scansim.text.Nearest}: "harris/bleloch").
   */
  public List<String> near(String name) {
    List<String> out = new ArrayList<>();
    String tail = name.contains("/") ? name.substring(name.indexOf('/') + 1) : name;
    for (String k : kernels.keySet()) {
      if (k.contains(tail) || tail.contains(k.substring(k.indexOf('/') + 1))) {
        out.add(k);
      }
    }
    if (out.isEmpty()) {
      String nearest = org.scansim.text.Nearest.of(name, kernels.keySet());
      if (nearest != null) {
        out.add(nearest);
      }
    }
    return out;
  }
}
