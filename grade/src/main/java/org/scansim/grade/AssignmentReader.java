package org.scansim.grade;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.scansim.catalog.Formula;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanOp;
import org.scansim.sim.run.ScanRun;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.sema.Type;

/**
 * Reads an assignment spec strictly: malformed JSON, an unknown or duplicated field, a value of
 * the wrong type, a missing field, a formula that does not parse or gives an impossible launch at
 * one of the sizes are each an error naming the file, the position or field, and what is
 * expected. Never a stack trace.
 */
public final class AssignmentReader {
  /** The largest spec file read (a bound, as for kernel files). */
  static final long MAX_BYTES = 1 << 20;
  /** The largest n: partial sums of the generated input stay exact in float up to 2^24. */
  static final int MAX_N = 1 << 24;

  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
      // A number or true where text goes ("title": 5) is an error, as the README says of wrong types
      // (Jackson turns them into text by default); the defines' values, which may be numbers, are read apart.
      .withCoercionConfig(com.fasterxml.jackson.databind.type.LogicalType.Textual, c -> c
          .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Integer, com.fasterxml.jackson.databind.cfg.CoercionAction.Fail)
          .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Float, com.fasterxml.jackson.databind.cfg.CoercionAction.Fail)
          .setCoercion(com.fasterxml.jackson.databind.cfg.CoercionInputShape.Boolean, com.fasterxml.jackson.databind.cfg.CoercionAction.Fail))
      .build();

  /**
   * Jackson's default reading, which turns numbers and text into each other and reads null into a
   * primitive: only to find the unknown fields after an error that stopped {@link #JSON}, so made
   * only then.
   */
  private static final class Lenient {
    static final ObjectMapper JSON = JsonMapper.builder().build();
  }

  private AssignmentReader() {}

  // The file as Jackson sees it: every field optional here, so that a missing one is reported by
  // name below rather than as a mapping failure.
  record SpecFile(String title, String entry, LaunchFile launch, String scan, String op, String arch, List<Integer> sizes,
      Map<String, com.fasterxml.jackson.databind.JsonNode> defines, BudgetsFile budgets, PointsFile points, String file, Map<String, String> visibility,
      List<String> leaderboard, List<RunFile> runs) {}

  /** One run of a whole program: its arguments, standard input, the output it must print and its exit status. */
  record RunFile(List<String> args, String stdin, String output, Integer exitStatus) {}

  /** The most runs a whole-program assignment may list, and the most text one run's fields may hold. */
  static final int MAX_RUNS = 64;
  static final int MAX_RUN_TEXT = 1 << 20;

  record LaunchFile(String block, String grid, String sharedBytes) {}

  record BudgetsFile(Long maxWarpInstructions, Double wallSeconds, Long deviceBytes, Double compileSeconds) {}

  record PointsFile(BigDecimal correctness, BigDecimal races, BigDecimal barriers, BigDecimal bounds,
      BigDecimal initialisation, WorkFile workEfficiency, ConflictsFile bankConflicts) {}

  record WorkFile(BigDecimal points, String bound) {}

  record ConflictsFile(BigDecimal points, String max) {}

  /** Reads the spec at {@code file}; messages start with the path as given. */
  public static Assignment read(Path file) throws GradeException {
    String origin = file.toString();
    String text;
    try {
      if (!Files.isRegularFile(file)) {
        throw new GradeException(origin + ": error: no such file");
      }
      if (Files.size(file) > MAX_BYTES) {
        throw new GradeException(origin + ": error: larger than " + (MAX_BYTES >> 10) + " KiB; not an assignment spec");
      }
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
          .toString();
    } catch (CharacterCodingException e) {
      throw new GradeException(origin + ": error: not a UTF-8 text file");
    } catch (IOException e) {
      throw new GradeException(origin + ": error: cannot read: " + e.getMessage());
    }
    return parse(text, origin);
  }

  /** Reads a spec from text; {@code origin} starts every message. */
  public static Assignment parse(String text, String origin) throws GradeException {
    if (text.isBlank()) {
      throw new GradeException(origin + ": error: empty file; expected a JSON object with the assignment's fields");
    }
    SpecFile f;
    // Unknown fields are collected, not thrown at the first: the spec's author sees every problem at once.
    UnknownFields unknown = new UnknownFields();
    try {
      f = JSON.readerFor(SpecFile.class).withHandler(unknown).readValue(text);
    } catch (JsonProcessingException e) {
      List<String> all = new ArrayList<>(unknownPastTheFirstError(text, unknown).problems(origin, text));
      all.add(describe(e, origin, text));
      throw new GradeException(inOrder(all));
    } catch (IOException e) {
      throw new GradeException(origin + ": error: cannot read: " + e.getMessage());
    }
    if (f == null) {
      throw new GradeException(origin + ": error: empty file; expected a JSON object");
    }
    List<String> problems = new ArrayList<>();
    Assignment a = validate(f, origin, problems);
    if (!problems.isEmpty() || !unknown.isEmpty()) {
      List<String> all = new ArrayList<>(unknown.problems(origin, text));
      problems.forEach(p -> all.add(located(origin, text, p) + ": error: " + p));
      throw new GradeException(inOrder(all));
    }
    return a;
  }

  /**
   * The unknown fields of the whole spec, when a value of the wrong type (or another error) stopped
   * the reading: read again, each value of the wrong type skipped as if null, so that the unknown
   * fields after it are found too; those found before the error when even that reading stops short.
   */
  private static UnknownFields unknownPastTheFirstError(String text, UnknownFields found) {
    UnknownFields all = new LenientUnknownFields();
    try {
      Lenient.JSON.readerFor(SpecFile.class).withHandler(all).readValue(text);
    } catch (IOException | RuntimeException e) {
      // stopped again (malformed JSON, a duplicate field, a value a record refuses): what it found so far
    }
    return all.found.size() >= found.found.size() ? all : found;
  }

  /**
   * Every unknown field of the spec, with the known field nearest its name ("race" for "races")
   * and the fields known where it is; each skipped so that reading goes on.
   */
  private static class UnknownFields extends com.fasterxml.jackson.databind.deser.DeserializationProblemHandler {

    /** Where each kind of object sits in a spec (an entry of "runs" is named by the list). */
    private static final Map<Class<?>, String> PATHS = Map.of(SpecFile.class, "", LaunchFile.class, "launch", BudgetsFile.class,
        "budgets", PointsFile.class, "points", WorkFile.class, "points.workEfficiency", ConflictsFile.class, "points.bankConflicts",
        RunFile.class, "runs");

    private record Unknown(String at, String name, List<String> known) {}

    private final List<Unknown> found = new ArrayList<>();

    @Override
    public boolean handleUnknownProperty(com.fasterxml.jackson.databind.DeserializationContext ctxt,
        com.fasterxml.jackson.core.JsonParser p, com.fasterxml.jackson.databind.JsonDeserializer<?> deserializer, Object bean,
        String name) throws IOException {
      // Where the object is, by the record read: a record's fields are replayed to this handler after
      // the object ends, where the parser's own context no longer says where they were.
      Class<?> type = deserializer == null ? null : deserializer.handledType();
      List<String> known = deserializer == null ? List.of()
          : deserializer.getKnownPropertyNames().stream().map(String::valueOf).sorted().toList();
      found.add(new Unknown(PATHS.getOrDefault(type, ""), name, known));
      p.skipChildren();
      return true;
    }

    boolean isEmpty() {
      return found.isEmpty();
    }

    List<String> problems(String origin, String text) {
      List<String> out = new ArrayList<>();
      for (Unknown u : found) {
        List<String> parts = new ArrayList<>(u.at().isEmpty() ? List.of() : List.of(u.at().split("\\.")));
        parts.add(u.name());
        String in = u.at().isEmpty() ? "" : u.at().equals("runs") ? " in an entry of runs" : " in \"" + u.at() + "\"";
        out.add(at(origin, text, parts) + ": error: unknown field \"" + u.name() + "\"" + in + near(u.name(), u.known())
            + "; known fields" + (in.isEmpty() ? "" : " there") + ": " + String.join(", ", u.known()));
      }
      return out;
    }
  }

  /** The unknown fields, with each value of the wrong type skipped as null so that reading goes on past it. */
  private static final class LenientUnknownFields extends UnknownFields {
    @Override
    public Object handleUnexpectedToken(com.fasterxml.jackson.databind.DeserializationContext ctxt,
        com.fasterxml.jackson.databind.JavaType targetType, com.fasterxml.jackson.core.JsonToken t, com.fasterxml.jackson.core.JsonParser p,
        String failureMsg) throws IOException {
      p.skipChildren();
      return null;
    }

    @Override
    public Object handleWeirdStringValue(com.fasterxml.jackson.databind.DeserializationContext ctxt, Class<?> targetType, String value,
        String failureMsg) {
      return null;
    }

    @Override
    public Object handleWeirdNumberValue(com.fasterxml.jackson.databind.DeserializationContext ctxt, Class<?> targetType, Number value,
        String failureMsg) {
      return null;
    }
  }

  /** The problems by their place in the file (line, then column); those of the whole file last. */
  private static List<String> inOrder(List<String> problems) {
    java.util.regex.Pattern at = java.util.regex.Pattern.compile(":(\\d+):(\\d+): error: ");
    return problems.stream().sorted(java.util.Comparator.comparingLong((String p) -> {
      java.util.regex.Matcher m = at.matcher(p);
      return m.find() ? Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2)) : Long.MAX_VALUE;
    })).toList();
  }

  private static Assignment validate(SpecFile f, String origin, List<String> problems) {
    String title = required(f.title(), "title", problems);
    if (title != null && title.isBlank()) {
      problems.add("\"title\" is empty");
    }
    if (title != null && title.codePoints().anyMatch(c -> Character.isISOControl(c) || c == 0x2028 || c == 0x2029)) {
      problems.add("\"title\" holds a control character (an escape, a newline); a title is one line of plain text");
    }
    Signature entry = null;
    if (required(f.entry(), "entry", problems) != null) {
      try {
        entry = Signature.parse(f.entry());
      } catch (IllegalArgumentException e) {
        problems.add("\"entry\": " + e.getMessage());
      }
    }
    boolean program = entry != null && entry.program();
    List<Assignment.ProgramCase> cases = null;
    if (program) {
      cases = programRuns(f, problems);
    } else if (f.runs() != null) {
      problems.add("\"runs\" is for a whole-program assignment (\"entry\": \"main\"); a scan entry is run at \"sizes\"");
    }
    ScanRun.Expect scan = null;
    if (program) {
      // A program checks its own output against the runs' expected text: no scan, operator or sizes of the harness.
    } else if (required(f.scan(), "scan", problems) != null) {
      if (f.scan().equals("inclusive") || f.scan().equals("exclusive")) {
        scan = ScanRun.Expect.valueOf(f.scan().toUpperCase(Locale.ROOT));
      } else {
        problems.add("\"scan\" must be \"inclusive\" or \"exclusive\", not \"" + f.scan() + "\"" + near(f.scan(), List.of("inclusive", "exclusive")));
      }
    }
    ScanOp op = ScanOp.SUM;
    if (f.op() != null && !program) {
      try {
        op = ScanOp.parse(f.op());
        if (entry != null && !op.appliesTo(IrType.of(((Type.Pointer) entry.params().get(0)).pointee()))) {
          problems.add("\"op\": " + op.spelling() + " is a bitwise operator, and the entry's elements are "
              + ((Type.Pointer) entry.params().get(0)).pointee().spelling());
        }
      } catch (IllegalArgumentException e) {
        problems.add("\"op\" must be one of sum, max, min, prod, and, or, xor, not \"" + f.op() + "\""
            + near(f.op(), List.of("sum", "max", "min", "prod", "and", "or", "xor")));
      }
    }
    org.scansim.sim.arch.Architecture arch = null;
    if (required(f.arch(), "arch", problems) != null) {
      if (Architectures.presets().contains(f.arch())) {
        arch = Architectures.preset(f.arch());
      } else {
        problems.add("\"arch\" must be one of " + String.join(", ", Architectures.presets()) + ", not \"" + f.arch() + "\""
            + near(f.arch(), Architectures.presets()));
      }
    }
    List<Integer> sizes = program ? java.util.stream.IntStream.rangeClosed(1, cases.size()).boxed().toList() : sizes(f.sizes(), problems);
    Map<String, String> defines = defines(f.defines(), problems);
    Assignment.Budgets budgets = budgets(f.budgets(), problems);
    Assignment.Launch launch = null;
    if (entry != null && !program) {
      if (entry.kernel() && f.launch() == null) {
        problems.add("a kernel entry (__global__) needs \"launch\": {\"block\": ..., \"grid\": ...} (formulas in n)");
      } else if (!entry.kernel() && f.launch() != null) {
        problems.add("\"launch\" is only for a kernel entry (__global__); a host entry launches its own kernels");
      } else if (entry.kernel()) {
        launch = launch(f.launch(), sizes, arch, problems);
      }
    }
    Assignment.Points points = points(f.points(), sizes, problems);
    String file = file(f.file(), problems);
    Map<String, String> visibility = visibility(f.visibility(), problems);
    List<String> leaderboard = leaderboard(f.leaderboard(), problems);
    return problems.isEmpty()
        ? new Assignment(origin, title, entry, launch, scan, op, arch, sizes, defines, budgets, points, file, visibility, leaderboard, cases)
        : null;
  }

  /**
   * A whole-program assignment's runs (1 to {@link #MAX_RUNS}); the fields only a scan entry has
   * (scan, op, sizes, launch, work and conflict limits, a leaderboard) are each an error here.
   */
  private static List<Assignment.ProgramCase> programRuns(SpecFile f, List<String> problems) {
    String why = " is for a scan entry; a whole program (\"entry\": \"main\") prints its own output, which each of \"runs\" gives";
    for (String field : List.of("scan", "op", "sizes", "launch")) {
      Object v = switch (field) {
        case "scan" -> f.scan();
        case "op" -> f.op();
        case "sizes" -> f.sizes();
        default -> f.launch();
      };
      if (v != null) {
        problems.add("\"" + field + "\"" + why);
      }
    }
    if (f.points() != null && (f.points().workEfficiency() != null || f.points().bankConflicts() != null)) {
      problems.add("\"points." + (f.points().workEfficiency() != null ? "workEfficiency" : "bankConflicts") + "\"" + why);
    }
    if (f.leaderboard() != null && !f.leaderboard().isEmpty()) {
      problems.add("\"leaderboard\"" + why);
    }
    if (f.runs() == null || f.runs().isEmpty()) {
      problems.add(f.runs() == null ? "missing field \"runs\": a whole program is graded by its runs, each {\"args\": [...], \"output\": \"...\"}"
          : "\"runs\" is empty; list the program's runs, each {\"args\": [...], \"output\": \"...\"}");
      return List.of();
    }
    if (f.runs().size() > MAX_RUNS) {
      problems.add("\"runs\" lists " + f.runs().size() + " runs; at most " + MAX_RUNS);
      return List.of();
    }
    List<Assignment.ProgramCase> out = new ArrayList<>();
    for (int i = 0; i < f.runs().size(); i++) {
      RunFile r = f.runs().get(i);
      String at = "\"runs[" + i + "]";
      if (r == null) {
        problems.add(at + "\" must be an object {\"args\": [...], \"output\": \"...\"}");
        continue;
      }
      List<String> args = r.args() == null ? List.of() : r.args();
      if (args.stream().anyMatch(java.util.Objects::isNull)) {
        problems.add(at + ".args\" must be a list of text (each argument as the shell passes it)");
        continue;
      }
      if (r.output() == null) {
        problems.add(at + ".output\" is missing: the text the program must print, standard output and error in order");
        continue;
      }
      int text = args.stream().mapToInt(String::length).sum() + r.output().length() + (r.stdin() == null ? 0 : r.stdin().length());
      if (text > MAX_RUN_TEXT) {
        problems.add(at + "\" holds more than " + (MAX_RUN_TEXT >> 10) + " KiB of text");
        continue;
      }
      int status = r.exitStatus() == null ? 0 : r.exitStatus();
      if (status < 0 || status > 255) {
        problems.add(at + ".exitStatus\" must be from 0 to 255 (a process's exit status), not " + status);
        continue;
      }
      out.add(new Assignment.ProgramCase(List.copyOf(args), r.stdin() == null ? "" : r.stdin(), r.output(), status));
    }
    return out;
  }

  /** " (did you mean "x"?)" for the known value nearest a wrong one, or "". */
  private static String near(String given, java.util.Collection<String> known) {
    return org.scansim.text.Nearest.quoted(given == null ? null : org.scansim.text.Nearest.of(given, known));
  }

  /** The file a submission folder must hold: a relative path inside it, ending in .cu. */
  private static String file(String file, List<String> problems) {
    if (file == null) {
      return null;
    }
    java.nio.file.Path p;
    try {
      p = java.nio.file.Path.of(file).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      problems.add("\"file\": \"" + file + "\" is not a file name");
      return null;
    }
    if (file.isBlank() || p.isAbsolute() || p.startsWith("..") || !file.endsWith(".cu")) {
      problems.add("\"file\": \"" + file + "\" must be a .cu file's path inside the submission folder, such as \"scan.cu\"");
      return null;
    }
    return p.toString();
  }

  private static Map<String, String> visibility(Map<String, String> given, List<String> problems) {
    Map<String, String> out = new LinkedHashMap<>();
    if (given == null) {
      return out;
    }
    for (Map.Entry<String, String> e : given.entrySet()) {
      if (!Assignment.TEST_GROUPS.contains(e.getKey())) {
        problems.add("\"visibility\": \"" + e.getKey() + "\" is not a test group" + near(e.getKey(), Assignment.TEST_GROUPS)
            + "; use one of " + String.join(", ", Assignment.TEST_GROUPS));
      } else if (!Assignment.VISIBILITIES.contains(e.getValue())) {
        problems.add("\"visibility\": \"" + e.getKey() + "\" must be one of " + String.join(", ", Assignment.VISIBILITIES)
            + " (Gradescope's visibilities), not \"" + e.getValue() + "\"" + near(e.getValue(), Assignment.VISIBILITIES));
      } else {
        out.put(e.getKey(), e.getValue());
      }
    }
    return out;
  }

  private static List<String> leaderboard(List<String> given, List<String> problems) {
    if (given == null) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (String column : given) {
      if ("cycles".equals(column)) {
        problems.add("\"leaderboard\": \"cycles\" is not measured: the grader does not run the timing model (scansim run does); use "
            + String.join(" or ", Assignment.LEADERBOARD));
      } else if (!Assignment.LEADERBOARD.contains(column)) {
        problems.add("\"leaderboard\": \"" + column + "\" is not a column" + near(column, Assignment.LEADERBOARD) + "; use "
            + String.join(" or ", Assignment.LEADERBOARD));
      } else if (out.contains(column)) {
        problems.add("\"leaderboard\": \"" + column + "\" is listed twice");
      } else {
        out.add(column);
      }
    }
    return List.copyOf(out);
  }

  private static <T> T required(T value, String field, List<String> problems) {
    if (value == null) {
      problems.add("missing field \"" + field + "\"");
    }
    return value;
  }

  private static List<Integer> sizes(List<Integer> sizes, List<String> problems) {
    if (sizes == null || sizes.isEmpty()) {
      problems.add(sizes == null ? "missing field \"sizes\"" : "\"sizes\" is empty; list the n to run at");
      return List.of();
    }
    TreeSet<Integer> sorted = new TreeSet<>();
    for (Integer n : sizes) {
      if (n == null || n < 1 || n > MAX_N) {
        problems.add("\"sizes\": " + n + " is not a size; each n must be 1 ≤ n ≤ " + MAX_N);
      } else if (!sorted.add(n)) {
        problems.add("\"sizes\": " + n + " is listed twice");
      }
    }
    return List.copyOf(sorted);
  }

  private static Map<String, String> defines(Map<String, com.fasterxml.jackson.databind.JsonNode> given, List<String> problems) {
    Map<String, String> out = new LinkedHashMap<>();
    if (given == null) {
      return out;
    }
    Map<String, String> defines = new LinkedHashMap<>();
    for (Map.Entry<String, com.fasterxml.jackson.databind.JsonNode> d : given.entrySet()) {
      com.fasterxml.jackson.databind.JsonNode v = d.getValue();
      if (v == null || v.isNull()) {
        defines.put(d.getKey(), null);
      } else if (v.isTextual() || v.isIntegralNumber() || v.isFloatingPointNumber()) {
        defines.put(d.getKey(), v.isTextual() ? v.textValue() : v.asText());
      } else {
        problems.add("\"defines." + d.getKey() + "\" must be text, a number or null");
      }
    }
    for (Map.Entry<String, String> d : defines.entrySet()) {
      if (!d.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        problems.add("\"defines\": \"" + d.getKey() + "\" is not a macro name");
      } else if (d.getValue() != null && (d.getValue().contains("\n") || d.getValue().contains("\r"))) {
        problems.add("\"defines\": the value of " + d.getKey() + " spans several lines");
      }
      out.put(d.getKey(), d.getValue());
    }
    return out;
  }

  private static Assignment.Budgets budgets(BudgetsFile b, List<String> problems) {
    Assignment.Budgets d = Assignment.Budgets.DEFAULTS;
    if (b == null) {
      return d;
    }
    long warp = b.maxWarpInstructions() == null ? d.maxWarpInstructions() : b.maxWarpInstructions();
    double wall = b.wallSeconds() == null ? d.wallSeconds() : b.wallSeconds();
    long bytes = b.deviceBytes() == null ? d.deviceBytes() : b.deviceBytes();
    double compile = b.compileSeconds() == null ? d.compileSeconds() : b.compileSeconds();
    if (warp < 1) {
      problems.add("\"budgets.maxWarpInstructions\" must be at least 1");
    }
    if (!(wall > 0 && wall <= 3600)) {
      problems.add("\"budgets.wallSeconds\" must be more than 0 and at most 3600");
    }
    if (!(compile > 0 && compile <= 3600)) {
      problems.add("\"budgets.compileSeconds\" must be more than 0 and at most 3600");
    }
    if (bytes < 1 || bytes > (4L << 30)) {
      problems.add("\"budgets.deviceBytes\" must be between 1 and " + (4L << 30) + " (4 GiB)");
    }
    return new Assignment.Budgets(warp, wall, bytes, compile);
  }

  private static Assignment.Launch launch(LaunchFile l, List<Integer> sizes, org.scansim.sim.arch.Architecture arch,
      List<String> problems) {
    Formula block = formula(l.block(), "launch.block", true, problems);
    Formula grid = formula(l.grid(), "launch.grid", true, problems);
    Formula shared = formula(l.sharedBytes() == null ? "0" : l.sharedBytes(), "launch.sharedBytes", true, problems);
    if (block == null || grid == null || shared == null) {
      return null;
    }
    for (int n : sizes) {
      whole(block, n, 1, arch == null ? Integer.MAX_VALUE : arch.maxThreadsPerBlock(), "launch.block", problems);
      whole(grid, n, 1, Integer.MAX_VALUE, "launch.grid", problems);
      whole(shared, n, 0, Integer.MAX_VALUE, "launch.sharedBytes", problems);
    }
    return new Assignment.Launch(block, grid, shared);
  }

  /**
   * A limit's formula must give a finite number, 0 or more, at every size of the spec: checked
   * when the spec is read, so that no student is graded against infinity or NaN.
   */
  private static void finite(Formula f, List<Integer> sizes, String field, List<String> problems) {
    if (f == null) {
      return;
    }
    for (int n : sizes) {
      double v = f.at(n);
      if (!Double.isFinite(v) || v < 0) {
        problems.add("\"" + field + "\" = " + f.text() + " gives " + Scoring.number(v) + " at n = " + n
            + "; it must be a finite number, 0 or more, at every size");
        return;
      }
    }
  }

  /** The formula's value at n must be a whole number in [min, max]: one problem per formula. */
  private static void whole(Formula f, int n, long min, long max, String field, List<String> problems) {
    double v = f.at(n);
    if (!Double.isFinite(v) || v != Math.rint(v) || v < min || v > max) {
      String p = "\"" + field + "\" = " + f.text() + " gives " + Scoring.number(v) + " at n = " + n + "; it must be a whole number from "
          + min + " to " + max;
      if (problems.stream().noneMatch(q -> q.startsWith("\"" + field + "\""))) {
        problems.add(p);
      }
    }
  }

  private static Formula formula(String text, String field, boolean needed, List<String> problems) {
    if (text == null) {
      if (needed) {
        problems.add("missing field \"" + field + "\"");
      }
      return null;
    }
    try {
      return Formula.parse(text);
    } catch (Formula.FormulaException e) {
      problems.add("\"" + field + "\": " + e.getMessage());
      return null;
    }
  }

  private static Assignment.Points points(PointsFile p, List<Integer> sizes, List<String> problems) {
    if (p == null) {
      problems.add("missing field \"points\"");
      return null;
    }
    BigDecimal correctness = nonNegative(required(p.correctness(), "points.correctness", problems), "points.correctness", problems);
    Assignment.Limit work = null;
    if (p.workEfficiency() != null) {
      BigDecimal pts = nonNegative(required(p.workEfficiency().points(), "points.workEfficiency.points", problems),
          "points.workEfficiency.points", problems);
      Formula bound = formula(p.workEfficiency().bound(), "points.workEfficiency.bound", true, problems);
      finite(bound, sizes, "points.workEfficiency.bound", problems);
      work = new Assignment.Limit(pts, bound);
    }
    Assignment.Limit conflicts = null;
    if (p.bankConflicts() != null) {
      BigDecimal pts = nonNegative(required(p.bankConflicts().points(), "points.bankConflicts.points", problems),
          "points.bankConflicts.points", problems);
      Formula max = formula(p.bankConflicts().max(), "points.bankConflicts.max", true, problems);
      finite(max, sizes, "points.bankConflicts.max", problems);
      conflicts = new Assignment.Limit(pts, max);
    }
    return new Assignment.Points(correctness, nonNegative(p.races(), "points.races", problems),
        nonNegative(p.barriers(), "points.barriers", problems), nonNegative(p.bounds(), "points.bounds", problems),
        nonNegative(p.initialisation(), "points.initialisation", problems), work, conflicts);
  }

  private static BigDecimal nonNegative(BigDecimal v, String field, List<String> problems) {
    if (v != null && v.signum() < 0) {
      problems.add("\"" + field + "\" must not be negative");
    }
    if (v != null && v.scale() > 4) {
      problems.add("\"" + field + "\" has more than 4 decimals");
    }
    return v;
  }

  /** A Jackson failure as {@code file:line:col: error: ...}, naming the field and what it must be. */
  private static String describe(JsonProcessingException e, String origin, String text) {
    JsonLocation at = e.getLocation();
    String where = at == null || at.getLineNr() < 1 ? origin : origin + ":" + at.getLineNr() + ":" + at.getColumnNr();
    if (e instanceof UnrecognizedPropertyException u) {
      // Jackson reports the end of the object (it buffers a record's fields); point at the name.
      where = fieldPosition(text, u.getPropertyName()).map(p -> origin + ":" + p).orElse(where);
      String in = path(u.getPath().subList(0, u.getPath().size() - 1));
      return where + ": error: unknown field \"" + u.getPropertyName() + "\"" + (in.isEmpty() ? "" : " in \"" + in + "\"")
          + "; known fields" + (in.isEmpty() ? "" : " there") + ": " + known(u.getKnownPropertyIds());
    }
    if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
      return where + ": error: \"" + path(m.getPath()) + "\" must be " + expected(m.getTargetType());
    }
    if (e instanceof MismatchedInputException m && m.getPath().isEmpty()) {
      return where + ": error: expected a JSON object with the assignment's fields";
    }
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      return where + ": error: \"" + path(m.getPath()) + "\": " + e.getOriginalMessage();
    }
    return where + ": error: malformed JSON: " + e.getOriginalMessage();
  }

  /**
   * Where a problem with a field ({@code "points.bankConflicts.max" = ...}) is: {@code
   * origin:line:col} of the field's name in the text, or the origin alone.
   */
  private static String located(String origin, String text, String problem) {
    if (!problem.startsWith("\"")) {
      return origin;
    }
    int end = problem.indexOf('"', 1);
    if (end < 0) {
      return origin;
    }
    return at(origin, text, List.of(problem.substring(1, end).split("\\.")));
  }

  /** {@code origin:line:col} of the field at {@code path} ("points", "bankConflicts", "max"), or the origin alone. */
  private static String at(String origin, String text, List<String> path) {
    // Each part of the path after the one before it: "points.bankConflicts.points" is the points of
    // the bankConflicts inside the top-level points, not the first "points" of the file.
    int at = -1;
    for (String part : path) {
      if (part.startsWith("[")) {
        continue;
      }
      int next = keyAt(text, part.replaceAll("\\[.*$", ""), at + 1);
      if (next < 0) {
        break;
      }
      at = next;
    }
    return at < 0 ? origin : origin + ":" + lineCol(text, at);
  }

  /** Where the first {@code "name":} at or after {@code from} starts, or -1. */
  private static int keyAt(String text, String name, int from) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"" + java.util.regex.Pattern.quote(name) + "\"\\s*:").matcher(text);
    return m.find(from) ? m.start() : -1;
  }

  /** line:col of the first {@code "name":} in the text, if it is there. */
  private static java.util.Optional<String> fieldPosition(String text, String name) {
    int at = keyAt(text, name, 0);
    return at < 0 ? java.util.Optional.empty() : java.util.Optional.of(lineCol(text, at));
  }

  private static String lineCol(String text, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return line + ":" + (offset - lineStart + 1);
  }

  private static String path(List<JsonMappingException.Reference> refs) {
    StringBuilder s = new StringBuilder();
    for (JsonMappingException.Reference r : refs) {
      if (r.getFieldName() != null) {
        s.append(s.length() == 0 ? "" : ".").append(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        s.append('[').append(r.getIndex()).append(']');
      }
    }
    return s.toString();
  }

  private static String known(Collection<Object> ids) {
    return String.join(", ", ids.stream().map(String::valueOf).sorted().toList());
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return "a value of another type";
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type == Double.class || type == double.class || type == BigDecimal.class) {
      return "a number";
    }
    if (type == String.class) {
      return "a string";
    }
    if (List.class.isAssignableFrom(type) || Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    return "an object";
  }
}
