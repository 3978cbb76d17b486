package org.scansim.sim.arch;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The architecture presets and user architecture files: the one entry point of this package.
 *
 * <p>A preset is a JSON file beside this class ({@code g80.json}, ...); a user file has the same
 * fields (see {@link Architecture}), every one required, no others allowed, and a citation for every
 * value in {@code sources}. Problems are reported as an {@link ArchitectureException} whose message
 * names the file and the field, one line per problem.
 */
public final class Architectures {
  private static final List<String> PRESETS =
      List.of("g80", "fermi", "kepler", "volta", "ampere", "hopper");

  /** Configured once and never changed, so shared safely by all threads. */
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  private Architectures() {}

  /** The preset names, oldest architecture first: g80, fermi, kepler, volta, ampere, hopper. */
  public static List<String> presets() {
    return PRESETS;
  }

  /**
   * A preset by name.
   *
   * @throws IllegalArgumentException if there is no preset of that name
   */
  public static Architecture preset(String name) {
    if (!PRESETS.contains(name)) {
      throw new IllegalArgumentException(
          "no architecture preset \"" + name + "\"; presets: " + String.join(", ", PRESETS));
    }
    return LOADED.computeIfAbsent(name, Architectures::read);
  }

  /** The presets read so far (records: shared safely, equal to a fresh read). */
  private static final java.util.concurrent.ConcurrentMap<String, Architecture> LOADED = new java.util.concurrent.ConcurrentHashMap<>();

  private static Architecture read(String name) {
    String resource = name + ".json";
    try (InputStream in = Architectures.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("preset resource missing: " + resource);
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "preset " + name);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ArchitectureException e) {
      throw new IllegalStateException("invalid preset " + name + ":\n" + e.getMessage(), e);
    }
  }

  /**
   * The preset whose facts {@code arch} has, every field but the labels ({@code name}, {@code
   * description}, {@code sources}) equal: what the timing model's calibrated parameters and the
   * catalog's per-architecture settings may be looked up by. Empty for an architecture of the
   * user's own.
   */
  public static java.util.Optional<String> presetOf(Architecture arch) {
    JsonNode facts = facts(arch);
    if (PRESETS.contains(arch.name()) && facts.equals(presetFacts(arch.name()))) {
      return java.util.Optional.of(arch.name());
    }
    return PRESETS.stream().filter(p -> facts.equals(presetFacts(p))).findFirst();
  }

  /** Each preset's facts, made once. */
  private static final java.util.concurrent.ConcurrentMap<String, JsonNode> PRESET_FACTS = new java.util.concurrent.ConcurrentHashMap<>();

  private static JsonNode presetFacts(String name) {
    return PRESET_FACTS.computeIfAbsent(name, p -> facts(preset(p)));
  }

  /**
   * The name per-architecture settings are keyed by (the catalog's defines and size limits, the
   * timing model's parameters): the preset whose facts {@code arch} has, else its own name.
   */
  public static String settingsName(Architecture arch) {
    return presetOf(arch).orElse(arch.name());
  }

  /** Whether {@code name} is a preset's, ignoring case. */
  public static boolean isPresetName(String name) {
    return PRESETS.contains(name.toLowerCase(Locale.ROOT));
  }

  /** {@code arch}'s fields as JSON without the labels, which are no facts. */
  private static JsonNode facts(Architecture arch) {
    com.fasterxml.jackson.databind.node.ObjectNode tree = MAPPER.valueToTree(arch);
    tree.remove(ArchitectureFile.UNSOURCED);
    return tree;
  }

  /** The facts {@code arch} states otherwise than preset {@code p}, as "field (value; the preset's value)". */
  private static List<String> differences(Architecture arch, Architecture p) {
    JsonNode mine = facts(arch);
    JsonNode theirs = presetFacts(p.name());
    List<String> out = new ArrayList<>();
    for (java.util.Iterator<String> it = theirs.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!theirs.get(f).equals(mine.get(f))) {
        out.add(f + " (" + mine.get(f) + "; the preset's " + theirs.get(f) + ")");
      }
    }
    return out;
  }

  /**
   * A preset by name (case-insensitive), or else the architecture file at that path.
   *
   * @throws ArchitectureException if it is neither a preset nor a readable, valid file
   */
  public static Architecture load(String nameOrPath) throws ArchitectureException {
    String lower = nameOrPath.toLowerCase(Locale.ROOT);
    if (PRESETS.contains(lower)) {
      return preset(lower);
    }
    Path path;
    try {
      path = Path.of(nameOrPath);
    } catch (InvalidPathException e) {
      throw unknown(nameOrPath);
    }
    if (!Files.exists(path)) {
      throw unknown(nameOrPath);
    }
    return load(path);
  }

  /** The largest architecture file read (the presets are about 2 KiB). */
  public static final long MAX_FILE_BYTES = 1L << 20;

  /**
   * The architecture file at {@code file}: a regular file of at most {@link #MAX_FILE_BYTES}.
   *
   * @throws ArchitectureException if it cannot be read or is not a valid architecture
   */
  public static Architecture load(Path file) throws ArchitectureException {
    String text;
    try {
      text = org.scansim.files.InputFiles.readString(file, MAX_FILE_BYTES);
    } catch (org.scansim.files.InputFiles.InputException e) {
      throw new ArchitectureException(file + ": error: " + e.getMessage());
    }
    Architecture arch = parse(text, file.toString());
    // A file that takes a preset's name must be that preset: its name would claim the preset's
    // calibrated timing and catalog settings for facts they were not measured on.
    if (isPresetName(arch.name())) {
      Architecture p = preset(arch.name().toLowerCase(Locale.ROOT));
      List<String> differ = differences(arch, p);
      if (!differ.isEmpty()) {
        throw new ArchitectureException(file + ": error: field \"name\": \"" + arch.name() + "\" is a preset's name, and this file"
            + " differs from that preset in " + String.join(", ", differ) + "; give it a name of its own (the timing model's"
            + " calibrated parameters belong to the preset's facts)");
      }
    }
    return arch;
  }

  /**
   * Reads an architecture from JSON text; {@code origin} (a file name) starts every message.
   *
   * @throws ArchitectureException if the text is not a valid architecture
   */
  public static Architecture parse(String json, String origin) throws ArchitectureException {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where = at == null ? origin : origin + ":" + at.getLineNr() + ":" + at.getColumnNr();
      throw new ArchitectureException(where + ": error: malformed JSON: " + e.getOriginalMessage());
    }
    if (tree == null || tree.isMissingNode()) {
      throw new ArchitectureException(origin + ": error: empty file, expected a JSON object");
    }
    List<String> problems = ArchitectureFile.problems(tree);
    if (!problems.isEmpty()) {
      List<String> lines = new ArrayList<>();
      for (String p : problems) {
        lines.add(origin + ": error: " + p);
      }
      throw new ArchitectureException(lines);
    }
    try {
      return MAPPER.treeToValue(tree, Architecture.class);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      // Not expected once the tree has been checked; still a message, not a trace.
      throw new ArchitectureException(origin + ": error: " + e.getMessage());
    }
  }

  /** The JSON text of {@code arch}, fields in declaration order, as {@link #parse} reads it. */
  public static String toJson(Architecture arch) {
    try {
      return MAPPER.writeValueAsString(arch) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * {@code arch} switched to another bank width, as {@code cudaDeviceSetSharedMemConfig} does on
   * Kepler (compute capability 3.x: {@code cudaSharedMemBankSizeEightByte}).
   *
   * @throws ArchitectureException if the architecture does not support that width
   */
  public static Architecture withBankWidth(Architecture arch, int bankWidthBytes)
      throws ArchitectureException {
    if (!arch.supportedBankWidthsBytes().contains(bankWidthBytes)) {
      throw new ArchitectureException(
          "architecture \"" + arch.name() + "\" (" + arch.description() + ") has no "
              + bankWidthBytes + "-byte bank mode; its bank widths: "
              + arch.supportedBankWidthsBytes());
    }
    return arch.withBankWidthUnchecked(bankWidthBytes);
  }

  private static ArchitectureException unknown(String nameOrPath) {
    return new ArchitectureException(
        "unknown architecture \"" + nameOrPath + "\"" + org.scansim.text.Nearest.quoted(org.scansim.text.Nearest.of(nameOrPath, PRESETS)) + ": not a preset ("
            + String.join(", ", PRESETS) + ") and no such file");
  }
}
