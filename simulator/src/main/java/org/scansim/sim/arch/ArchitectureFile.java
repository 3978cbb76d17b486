package org.scansim.sim.arch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Checks the JSON tree of an architecture file before it is bound to {@link Architecture}, so that
 * every problem is reported with the field it concerns, in the file's terms, rather than as a
 * Jackson exception. Also checks the relations between fields once each is valid on its own.
 */
final class ArchitectureFile {
  private ArchitectureFile() {}

  private enum Kind {
    TEXT,
    INTEGER,
    BOOLEAN,
    ENUM,
    INTEGER_LIST,
    TEXT_MAP
  }

  /** One field of the file: its JSON kind and, for an integer, the values allowed. */
  private record Field(
      String name, Kind kind, Class<? extends Enum<?>> enumType, Predicate<Integer> ok, String okText) {}

  /** Fields that are labels, not facts, and so need no source. */
  static final Set<String> UNSOURCED = Set.of("name", "description", "sources");

  private static final List<Field> FIELDS =
      List.of(
          text("name"),
          text("description"),
          text("computeCapability"),
          integer("warpSize", v -> v == 32, "32 (the only warp size modelled)"),
          integer("sharedMemoryBanks", v -> v == 16 || v == 32, "16 or 32"),
          integer("bankWidthBytes", v -> v == 4 || v == 8, "4 or 8"),
          new Field("supportedBankWidthsBytes", Kind.INTEGER_LIST, null, v -> v == 4 || v == 8, "4 or 8"),
          integer("requestGroupLanes", v -> v == 8 || v == 16 || v == 32, "8, 16 or 32"),
          enumeration("sameWordRule", SameWordRule.class),
          enumeration("wideAccess", WideAccess.class),
          new Field("independentThreadScheduling", Kind.BOOLEAN, null, null, null),
          positive("maxThreadsPerBlock"),
          integer("maxSharedMemoryPerBlockBytes", v -> v >= 0, "0 or more"),
          integer("maxSharedMemoryPerBlockOptInBytes", v -> v >= 0, "0 or more"),
          integer("sharedMemoryPerSmBytes", v -> v >= 0, "0 or more"),
          positive("maxResidentBlocksPerSm"),
          positive("maxResidentThreadsPerSm"),
          positive("smCount"),
          enumeration("globalAccessRule", GlobalAccessRule.class),
          integer(
              "globalSectorBytes",
              v -> v >= 4 && v <= 256 && Integer.bitCount(v) == 1,
              "a power of two from 4 to 256"),
          new Field("sources", Kind.TEXT_MAP, null, null, null));

  /** The field names, in file order. */
  static List<String> fieldNames() {
    List<String> names = new ArrayList<>();
    for (Field f : FIELDS) {
      names.add(f.name());
    }
    return names;
  }

  /** The problems of {@code tree} as a file, each naming its field; empty when it is valid. */
  static List<String> problems(JsonNode tree) {
    List<String> problems = new ArrayList<>();
    if (!(tree instanceof ObjectNode)) {
      problems.add("expected a JSON object with the fields " + String.join(", ", fieldNames()));
      return problems;
    }
    Set<String> known = new HashSet<>(fieldNames());
    for (Iterator<String> it = tree.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!known.contains(name)) {
        problems.add("unknown field \"" + name + "\"" + suggestion(name, known));
      }
    }
    for (Field f : FIELDS) {
      JsonNode value = tree.get(f.name());
      if (value == null) {
        problems.add("missing field \"" + f.name() + "\"");
      } else {
        checkValue(f, value, problems);
      }
    }
    if (problems.isEmpty()) {
      checkSources(tree.get("sources"), problems);
      checkRelations(tree, problems);
    }
    return problems;
  }

  private static void checkValue(Field f, JsonNode v, List<String> problems) {
    String at = "field \"" + f.name() + "\": ";
    switch (f.kind()) {
      case TEXT -> {
        if (!v.isTextual() || v.asText().isBlank()) {
          problems.add(at + "expected a non-empty string, got " + shown(v));
        } else if (f.name().equals("computeCapability") && !v.asText().matches("[0-9]+\\.[0-9]+")) {
          problems.add(at + "expected a version such as \"9.0\", got " + shown(v));
        }
      }
      case INTEGER -> {
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
          problems.add(at + "expected an integer, got " + shown(v));
        } else if (!f.ok().test(v.intValue())) {
          problems.add(at + "expected " + f.okText() + ", got " + v.intValue());
        }
      }
      case BOOLEAN -> {
        if (!v.isBoolean()) {
          problems.add(at + "expected true or false, got " + shown(v));
        }
      }
      case ENUM -> {
        List<String> names = new ArrayList<>();
        for (Enum<?> e : f.enumType().getEnumConstants()) {
          names.add(e.name());
        }
        if (!v.isTextual() || !names.contains(v.asText())) {
          problems.add(at + "expected one of " + String.join(", ", names) + ", got " + shown(v));
        }
      }
      case INTEGER_LIST -> {
        if (!v.isArray() || v.isEmpty()) {
          problems.add(at + "expected a non-empty list of integers, got " + shown(v));
          return;
        }
        for (int i = 0; i < v.size(); i++) {
          JsonNode e = v.get(i);
          if (!e.isIntegralNumber() || !e.canConvertToInt() || !f.ok().test(e.intValue())) {
            problems.add(at + "element " + i + ": expected " + f.okText() + ", got " + shown(e));
          }
        }
      }
      case TEXT_MAP -> {
        if (!v.isObject()) {
          problems.add(at + "expected an object from field name to citation, got " + shown(v));
          return;
        }
        for (Map.Entry<String, JsonNode> e : v.properties()) {
          if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
            problems.add(
                at + "entry \"" + e.getKey() + "\": expected a non-empty citation, got "
                    + shown(e.getValue()));
          }
        }
      }
    }
  }

  private static void checkSources(JsonNode sources, List<String> problems) {
    Set<String> known = new HashSet<>(fieldNames());
    for (Iterator<String> it = sources.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key) || UNSOURCED.contains(key)) {
        problems.add(
            "field \"sources\": entry \"" + key + "\" names no sourced field"
                + suggestion(key, known));
      }
    }
    for (String name : fieldNames()) {
      if (!UNSOURCED.contains(name) && !sources.has(name)) {
        problems.add(
            "field \"sources\": no citation for \"" + name + "\" (every value needs one: a guide"
                + " section, a whitepaper, or \"measured: ...\")");
      }
    }
  }

  private static void checkRelations(JsonNode t, List<String> problems) {
    int width = t.get("bankWidthBytes").intValue();
    boolean listed = false;
    for (JsonNode w : t.get("supportedBankWidthsBytes")) {
      listed |= w.intValue() == width;
    }
    if (!listed) {
      problems.add(
          "field \"bankWidthBytes\": " + width + " is not in supportedBankWidthsBytes "
              + t.get("supportedBankWidthsBytes"));
    }
    int perBlock = t.get("maxSharedMemoryPerBlockBytes").intValue();
    int optIn = t.get("maxSharedMemoryPerBlockOptInBytes").intValue();
    int perSm = t.get("sharedMemoryPerSmBytes").intValue();
    if (optIn < perBlock) {
      problems.add(
          "field \"maxSharedMemoryPerBlockOptInBytes\": " + optIn
              + " is less than maxSharedMemoryPerBlockBytes " + perBlock);
    }
    if (perSm < optIn) {
      problems.add(
          "field \"sharedMemoryPerSmBytes\": " + perSm
              + " is less than maxSharedMemoryPerBlockOptInBytes " + optIn);
    }
    int threadsPerBlock = t.get("maxThreadsPerBlock").intValue();
    int threadsPerSm = t.get("maxResidentThreadsPerSm").intValue();
    if (threadsPerSm < threadsPerBlock) {
      problems.add(
          "field \"maxResidentThreadsPerSm\": " + threadsPerSm
              + " is less than maxThreadsPerBlock " + threadsPerBlock);
    }
  }

  private static String shown(JsonNode v) {
    String s = v.toString();
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }

  /** " (did you mean "x"?)" for the closest known name within an edit distance of 3, case aside, else "". */
  private static String suggestion(String name, Set<String> known) {
    return org.scansim.text.Nearest.quoted(org.scansim.text.Nearest.of(name, known, 3, true));
  }

  private static Field text(String name) {
    return new Field(name, Kind.TEXT, null, null, null);
  }

  private static Field integer(String name, Predicate<Integer> ok, String okText) {
    return new Field(name, Kind.INTEGER, null, ok, okText);
  }

  private static Field positive(String name) {
    return integer(name, v -> v > 0, "a positive integer");
  }

  private static Field enumeration(String name, Class<? extends Enum<?>> type) {
    return new Field(name, Kind.ENUM, type, null, null);
  }
}
