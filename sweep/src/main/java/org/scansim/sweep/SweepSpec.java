package org.scansim.sweep;

import org.scansim.pipeline.Sizes;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a sweep runs, as its YAML or JSON file says: kernels (files, relative to the spec's folder,
 * or catalog names), variants (named sets of {@code -D} defines), sizes, architectures, and the
 * options of {@code scansim run} by their flag names. The points are every kernel × variant ×
 * architecture × size, in that order ({@link #points}).
 *
 * <pre>
 * kernels: [harris/conflict_free]
 * variants:
 *   no padding: [NO_PADDING]
 *   n >> 5: []
 *   zero: {ZERO_BANK_CONFLICTS: ""}
 * sizes: 2^6..2^11
 * archs: [g80, hopper]
 * options: {check: [races], seed: 0}
 * </pre>
 *
 * <p>{@code archs} may also map each architecture to its own defines, as a variant's are written
 * ({@code {g80: [NUM_BANKS=16, LOG_NUM_BANKS=4], hopper: []}}): a point's defines are the catalog
 * kernel's, then its architecture's ({@link #archDefines}), then its variant's.
 */
public record SweepSpec(Path file, List<String> kernels, List<Variant> variants, List<Integer> sizes, List<String> archs,
    Map<String, Map<String, String>> archDefines, Options options) {

  /** The most points one sweep has. */
  public static final int MAX_POINTS = 100_000;

  /** The largest spec file read. */
  static final long MAX_BYTES = 1 << 20;

  private static final Set<String> FIELDS = Set.of("kernels", "variants", "sizes", "archs", "options");
  private static final Set<String> OPTIONS = Set.of("expect", "op", "check", "entry", "seed", "resident-blocks", "max-instructions",
      "wall-seconds", "timing", "card");
  private static final Pattern MACRO = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** A named set of defines, in the order written; a define without a value has a null one. */
  public record Variant(String name, Map<String, String> defines) {
    /** The defines as {@code -D} takes them: {@code NAME} or {@code NAME=VALUE}. */
    public List<String> asOptions() {
      List<String> out = new ArrayList<>();
      defines.forEach((k, v) -> out.add(v == null ? k : k + "=" + v));
      return out;
    }
  }

  /** {@code scansim run}'s options, the same for every point; null where the flag's default applies; the card in lower case. */
  public record Options(String expect, String op, List<String> check, String entry, long seed, int residentBlocks, long maxInstructions,
      long wallSeconds, boolean timing, String card) {}

  /** A spec that cannot be read: its message names the file, and the place or field. */
  public static final class SpecException extends Exception {
    private static final long serialVersionUID = 1L;

    public SpecException(String message) {
      super(message);
    }
  }

  /** The points, in the sweep's order: kernel, then variant, then architecture, then size. */
  public List<Point> points() {
    List<Point> out = new ArrayList<>();
    for (String k : kernels) {
      for (Variant v : variants) {
        for (String a : archs) {
          for (int n : sizes) {
            out.add(new Point(out.size(), k, v.name(), a, n));
          }
        }
      }
    }
    return out;
  }

  /** Reads and checks a spec file. */
  public static SweepSpec read(Path file) throws SpecException {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    ObjectMapper mapper;
    if (name.endsWith(".json")) {
      mapper = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    } else if (name.endsWith(".yaml") || name.endsWith(".yml")) {
      mapper = YAMLMapper.builder().enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    } else {
      throw new SpecException(file + ": error: a sweep spec is a .yaml, .yml or .json file");
    }
    JsonNode root;
    try {
      if (!Files.isRegularFile(file)) {
        throw new SpecException(file + ": error: " + (Files.isDirectory(file) ? "is a folder, not a sweep spec" : "no such file"));
      }
      if (Files.size(file) > MAX_BYTES) {
        throw new SpecException(file + ": error: larger than " + (MAX_BYTES >> 20) + " MiB: not a sweep spec");
      }
      String text = Files.readString(file);
      noAliases(file, mapper, text);
      root = mapper.readTree(text);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null || at.getLineNr() < 1 ? "" : at.getLineNr() + ":" + at.getColumnNr() + ":";
      java.util.regex.Matcher dup = java.util.regex.Pattern.compile("Duplicate field '([^']*)'").matcher(e.getOriginalMessage());
      if (dup.find()) {
        throw new SpecException(file + ":" + where + " error: '" + dup.group(1) + "' is given twice in one map");
      }
      // SnakeYAML says what it was parsing, then what it found, each with an excerpt: keep the words.
      String message = String.join(": ", e.getOriginalMessage().lines().filter(l -> !l.isBlank() && !l.startsWith(" ")
          && !l.startsWith("\t")).toList());
      message = message.isEmpty() ? "not YAML or JSON" : message;
      throw new SpecException(file + ":" + where + " error: " + message);
    } catch (java.nio.charset.MalformedInputException e) {
      throw new SpecException(file + ": error: not UTF-8 text");
    } catch (IOException e) {
      throw new SpecException(file + ": error: cannot read it: " + e.getMessage());
    }
    return of(file, root);
  }

  /**
   * Refuses YAML's aliases ({@code *name}): Jackson's tree would hold the anchor's name as text
   * where the user meant its value, and aliases of aliases are how a small file grows huge.
   */
  private static void noAliases(Path file, ObjectMapper mapper, String text) throws IOException, SpecException {
    if (!(mapper instanceof YAMLMapper)) {
      return;
    }
    try (JsonParser p = mapper.createParser(text)) {
      while (p.nextToken() != null) {
        if (p instanceof YAMLParser y && y.isCurrentAlias()) {
          JsonLocation at = p.currentTokenLocation();
          throw new SpecException(file + ":" + at.getLineNr() + ":" + at.getColumnNr() + ": error: YAML aliases (*" + p.getText()
              + ") are not supported: write the value out");
        }
      }
    }
  }

  /** Checks a spec's tree; {@code file} names it in messages and anchors its relative paths. */
  static SweepSpec of(Path file, JsonNode root) throws SpecException {
    if (root == null || !root.isObject()) {
      throw error(file, null, "a sweep spec is a map of kernels, variants, sizes, archs and options");
    }
    unknown(file, null, root, FIELDS);
    List<String> kernels = strings(file, "kernels", root.get("kernels"), true);
    List<Variant> variants = variants(file, root.get("variants"));
    JsonNode s = root.get("sizes");
    if (s == null || s.isNull()) {
      throw error(file, "sizes", "missing: the sizes to run (2^6..2^11, or a list such as [64, 1000, 2^20])");
    }
    List<Integer> sizes;
    try {
      sizes = Sizes.parse(String.join(",", strings(file, "sizes", s, true)));
    } catch (Sizes.SizesException e) {
      throw error(file, "sizes", e.getMessage());
    }
    List<String> archs;
    Map<String, Map<String, String>> archDefines = new LinkedHashMap<>();
    JsonNode an = root.get("archs");
    if (an != null && an.isObject()) {
      // Each architecture with its own defines (its bank count, say), written as a variant's are.
      List<String> names = new ArrayList<>();
      for (Variant v : namedDefines(file, "archs", an, "an architecture")) {
        names.add(v.name());
        if (!v.defines().isEmpty()) {
          archDefines.put(v.name(), v.defines());
        }
      }
      archs = List.copyOf(names);
    } else {
      archs = an != null ? strings(file, "archs", an, true) : List.of("hopper");
    }
    Options options = options(file, root.get("options"));
    long points = (long) kernels.size() * variants.size() * archs.size() * sizes.size();
    if (points > MAX_POINTS) {
      throw error(file, null, points + " points (kernels × variants × archs × sizes): at most " + MAX_POINTS + " in one sweep");
    }
    return new SweepSpec(file, kernels, variants, sizes, archs, java.util.Collections.unmodifiableMap(archDefines), options);
  }

  private static List<Variant> variants(Path file, JsonNode node) throws SpecException {
    if (node == null || node.isNull()) {
      return List.of(new Variant("default", Map.of()));
    }
    return namedDefines(file, "variants", node, "a variant");
  }

  /** A map of names to defines ({@code variants}, or {@code archs} in its map form); {@code what} names one in messages. */
  private static List<Variant> namedDefines(Path file, String key, JsonNode node, String what) throws SpecException {
    if (!node.isObject() || node.isEmpty()) {
      throw error(file, key, "a map of names to defines (a list such as [ZERO_BANK_CONFLICTS, NUM_BANKS=16], or a map)");
    }
    List<Variant> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String name = e.getKey();
      String field = key + "." + name;
      if (name.isBlank() || name.chars().anyMatch(Character::isISOControl)) {
        throw error(file, key, what + "'s name is a line of text, not '" + name + "'");
      }
      Map<String, String> defines = new LinkedHashMap<>();
      JsonNode d = e.getValue();
      if (d.isObject()) {
        for (Iterator<Map.Entry<String, JsonNode>> ds = d.fields(); ds.hasNext();) {
          Map.Entry<String, JsonNode> def = ds.next();
          JsonNode v = def.getValue();
          if (!v.isValueNode()) {
            throw error(file, field + "." + def.getKey(), "a define's value is a number or a string");
          }
          define(file, field, defines, def.getKey(), v.isNull() || v.asText().isEmpty() ? null : v.asText());
        }
      } else if (!d.isNull()) {
        for (String o : strings(file, field, d, false)) {
          int eq = o.indexOf('=');
          define(file, field, defines, eq < 0 ? o : o.substring(0, eq), eq < 0 ? null : o.substring(eq + 1));
        }
      }
      out.add(new Variant(name, java.util.Collections.unmodifiableMap(defines)));
    }
    return List.copyOf(out);
  }

  private static void define(Path file, String field, Map<String, String> defines, String name, String value) throws SpecException {
    if (!MACRO.matcher(name).matches()) {
      throw error(file, field, "'" + name + "' is not a macro name");
    }
    if (value != null && value.chars().anyMatch(c -> c == '\n' || c == '\r')) {
      throw error(file, field + "." + name, "a define's value is one line");
    }
    if (defines.containsKey(name)) {
      throw error(file, field, name + " is defined twice");
    }
    defines.put(name, value);
  }

  private static Options options(Path file, JsonNode node) throws SpecException {
    if (node == null || node.isNull()) {
      node = JsonMapper.builder().build().createObjectNode();
    }
    if (!node.isObject()) {
      throw error(file, "options", "a map of run options by their flag names (" + String.join(", ", new java.util.TreeSet<>(OPTIONS)) + ")");
    }
    unknown(file, "options", node, OPTIONS);
    String expect = text(file, "options.expect", node.get("expect"));
    if (expect != null && !expect.equals("inclusive") && !expect.equals("exclusive")) {
      throw error(file, "options.expect", "inclusive or exclusive, not '" + expect + "'");
    }
    List<String> check = node.has("check") ? strings(file, "options.check", node.get("check"), false) : List.of();
    return new Options(expect, text(file, "options.op", node.get("op")), check, text(file, "options.entry", node.get("entry")),
        number(file, "options.seed", node.get("seed"), 0, Long.MAX_VALUE),
        (int) number(file, "options.resident-blocks", node.get("resident-blocks"), 0, 1 << 20),
        number(file, "options.max-instructions", node.get("max-instructions"), 2_000_000_000L, Long.MAX_VALUE),
        number(file, "options.wall-seconds", node.get("wall-seconds"), 600, 365L * 24 * 3600),
        bool(file, "options.timing", node.get("timing")), card(text(file, "options.card", node.get("card"))));
  }

  /** A card's name as the timing model keys it ({@code H100} is {@code h100}, as {@code run --card} takes it). */
  private static String card(String name) {
    return name == null ? null : name.toLowerCase(Locale.ROOT);
  }

  private static void unknown(Path file, String field, JsonNode node, Set<String> known) throws SpecException {
    for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
      String f = it.next();
      if (!known.contains(f)) {
        throw error(file, field, "unknown field '" + f + "' (the fields: " + String.join(", ", new java.util.TreeSet<>(known)) + ")");
      }
    }
  }

  /** A string, a number, or a list of them, as strings; a list's items at most once. */
  private static List<String> strings(Path file, String field, JsonNode node, boolean required) throws SpecException {
    if (node == null || node.isNull()) {
      if (required) {
        throw error(file, field, "missing");
      }
      return List.of();
    }
    List<String> out = new ArrayList<>();
    if (node.isArray()) {
      for (JsonNode item : node) {
        if (!item.isTextual() && !item.isNumber()) {
          throw error(file, field, "a list of names or numbers, not " + kind(item));
        }
        out.add(item.asText());
      }
    } else if (node.isTextual() || node.isNumber()) {
      out.add(node.asText());
    } else {
      throw error(file, field, "a name, a number or a list of them, not " + kind(node));
    }
    if (required && out.isEmpty()) {
      throw error(file, field, "empty: name at least one");
    }
    if (new java.util.HashSet<>(out).size() != out.size()) {
      throw error(file, field, "'" + out.stream().filter(x -> out.indexOf(x) != out.lastIndexOf(x)).findFirst().orElseThrow()
          + "' is listed twice");
    }
    for (String x : out) {
      if (x.isBlank() || x.chars().anyMatch(Character::isISOControl)) {
        throw error(file, field, "an empty or multi-line entry");
      }
    }
    return List.copyOf(out);
  }

  private static String text(Path file, String field, JsonNode node) throws SpecException {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isTextual()) {
      throw error(file, field, "a string, not " + kind(node));
    }
    return node.asText();
  }

  private static long number(Path file, String field, JsonNode node, long dflt, long max) throws SpecException {
    if (node == null || node.isNull()) {
      return dflt;
    }
    if (!node.isIntegralNumber() || !node.canConvertToLong() || node.asLong() < 0 || node.asLong() > max) {
      throw error(file, field, "a whole number from 0 to " + max + ", not " + node);
    }
    return node.asLong();
  }

  private static boolean bool(Path file, String field, JsonNode node) throws SpecException {
    if (node == null || node.isNull()) {
      return true;
    }
    if (!node.isBoolean()) {
      throw error(file, field, "true or false, not " + node);
    }
    return node.asBoolean();
  }

  private static String kind(JsonNode n) {
    return n.isObject() ? "a map" : n.isArray() ? "a list" : n.isBoolean() ? "true or false" : n.isNull() ? "nothing" : "'" + n.asText() + "'";
  }

  private static SpecException error(Path file, String field, String message) {
    return new SpecException(file + ": error: " + (field == null ? "" : field + ": ") + message);
  }
}
