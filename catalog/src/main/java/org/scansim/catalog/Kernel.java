package org.scansim.catalog;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * One catalog entry: a kernel file compiled with some defines, and what the literature says about
 * it. Read by Jackson from the {@code NAME.json} beside {@code NAME.cu} (format in
 * {@code kernels/README.md}); {@link #file} is filled in by the {@link Catalog}.
 */
public record Kernel(
    String name,
    String title,
    Map<String, String> defines,
    Map<String, Map<String, String>> definesOn,
    Source source,
    String scan,
    Sizes sizes,
    Work work,
    String depth,
    List<Property> properties,
    Erratum erratum,
    String notes,
    @JsonIgnore Path file) {

  public record Source(String document, String seed, String where) {}

  /** Supported n; {@code maxOn} lowers the maximum on an architecture (G80's 512-thread blocks). */
  public record Sizes(int min, int max, boolean powerOfTwo, Map<String, Integer> maxOn) {
    public int max(String arch) {
      return maxOn == null ? max : maxOn.getOrDefault(arch, max);
    }

    public boolean supports(long n, String arch) {
      return n >= min && n <= max(arch) && (!powerOfTwo || Long.bitCount(n) == 1);
    }

    public String describe() {
      String range = min == max ? "n = " + min : min + " ≤ n ≤ " + max;
      if (maxOn != null && !maxOn.isEmpty()) {
        range += " (" + String.join(", ", maxOn.entrySet().stream().map(e -> "≤ " + e.getValue() + " on " + e.getKey()).toList()) + ")";
      }
      return powerOfTwo ? range + ", powers of two" : range;
    }
  }

  /** The work counter as a formula in n; {@code check} says where it must hold (see README). */
  public record Work(String formula, String check) {}

  /** A counter the simulator must report for this kernel on one architecture at one size. */
  public record Property(String arch, int n, String counter, Long equals, Long atMost, Long atLeast, String text) {
    public boolean holds(long measured) {
      return (equals == null || measured == equals) && (atMost == null || measured <= atMost)
          && (atLeast == null || measured >= atLeast);
    }

    public String expectation() {
      return equals != null ? "= " + equals : atMost != null ? "≤ " + atMost : "≥ " + atLeast;
    }
  }

  /** An error of the printed text kept on purpose; results are wrong from {@code wrongFrom} on (null: never). */
  public record Erratum(String text, Integer wrongFrom) {}

  Kernel withFile(Path f) {
    return new Kernel(name, title, defines == null ? Map.of() : defines, definesOn == null ? Map.of() : definesOn, source, scan, sizes, work, depth,
        properties == null ? List.of() : properties, erratum, notes, f);
  }

  /** The defines of this entry on an architecture: its own plus the architecture's extra ones. */
  public Map<String, String> definesFor(String arch) {
    Map<String, String> out = new java.util.LinkedHashMap<>(defines);
    out.putAll(definesOn.getOrDefault(arch, Map.of()));
    return out;
  }

  /** {@link #definesFor} as {@code -D} options, {@code NAME} or {@code NAME=VALUE}, in order. */
  public List<String> defineOptions(String arch) {
    List<String> out = new java.util.ArrayList<>();
    definesFor(arch).forEach((name, value) -> out.add(value.isEmpty() ? name : name + "=" + value));
    return out;
  }

  /** The metadata file this entry was read from: {@code NAME.json} beside {@link #file}. */
  @JsonIgnore
  public Path metadataFile() {
    return file.resolveSibling(file.getFileName().toString().replaceFirst("\\.cu$", "") + ".json");
  }

  /**
   * Why the sizes {@code ns} are not all this kernel's on {@code arch} by its metadata, or null
   * when they are: the sizes it runs, and those of {@code ns} it does not.
   */
  public String sizeRefusal(List<? extends Number> ns, String arch) {
    List<String> not = ns.stream().filter(n -> !sizes.supports(n.longValue(), arch)).map(String::valueOf).toList();
    return not.isEmpty() ? null : name + " runs " + sizes.describe() + " (its catalog metadata); n = " + String.join(", ", not)
        + (not.size() == 1 ? " is" : " are") + " not among them on " + arch;
  }

  public boolean inclusive() {
    return scan.equals("inclusive");
  }

  /** Whether the results at n are meant to be right (false where a kept erratum breaks them). */
  public boolean correctAt(long n) {
    return erratum == null || erratum.wrongFrom() == null || n < erratum.wrongFrom();
  }
}
