package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile-input campaign of issue 43, kept: seeded generators ({@link HostileInputs}) of
 * kernels, grading specs, sweep specs and garbled sources, each case a test. Every case must end
 * in an exit code of the README's (0 to 3), never a stack trace or an internal error, change none
 * of its inputs, write only its own outputs, and give the same answer when run again (on two
 * threads where the command takes {@code --threads}). A run stopped by the wall clock, the one
 * budget that depends on the machine, is not compared.
 *
 * <p>CI runs {@value #CI_CASES} cases of each kind with seed {@value #CI_SEED}; {@code
 * -Dhostile.seed=S -Dhostile.cases=N} runs others ({@code tools/hostile/campaign.sh}).
 */
class HostileCampaignTest {
  static final long CI_SEED = 43;
  static final int CI_CASES = 50;

  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  @TestFactory
  Stream<DynamicNode> hostileInputsEndInAnAnswerAndTheSameOneTwice() {
    long seed = Long.getLong("hostile.seed", CI_SEED);
    int cases = Integer.getInteger("hostile.cases", CI_CASES);
    List<DynamicNode> kinds = new ArrayList<>();
    kinds.add(kind("kernels", cases, new HostileInputs(seed)::kernel));
    kinds.add(kind("grading specs", cases, new HostileInputs(seed + 1)::spec));
    kinds.add(kind("sweep specs", cases, new HostileInputs(seed + 2)::sweep));
    kinds.add(kind("sources", cases, new HostileInputs(seed + 3)::source));
    return kinds.stream();
  }

  private DynamicContainer kind(String name, int cases, IntFunction<HostileInputs.Case> gen) {
    List<DynamicTest> tests = new ArrayList<>();
    for (int i = 0; i < cases; i++) {
      HostileInputs.Case c = gen.apply(i);
      tests.add(DynamicTest.dynamicTest(c.name() + " " + String.join(" ", c.args()), () -> check(c)));
    }
    return DynamicContainer.dynamicContainer(name, tests);
  }

  private void check(HostileInputs.Case c) throws Exception {
    Path folder = Files.createDirectories(dir.resolve(c.name()));
    for (Map.Entry<String, String> f : c.files().entrySet()) {
      Path p = folder.resolve(f.getKey());
      Files.createDirectories(p.getParent());
      Files.write(p, bytes(f.getValue()));
    }
    Map<String, String> inputs = snapshot(folder);
    List<String> args = c.args().stream().map(a -> a.replace("DIR", folder.toString())).toList();
    CliRun first = run(args);
    Map<String, String> outputs = outputs(folder, inputs);
    assertThat(snapshot(folder)).as("the inputs are unchanged").containsAllEntriesOf(inputs);
    List<String> again = new ArrayList<>(args);
    if (args.get(0).equals("run")) {
      again.addAll(List.of("--threads", "2"));
    } else if (args.contains("--threads")) {
      again.set(again.indexOf("--threads") + 1, "2");
    }
    CliRun second = run(again);
    // What the runs said, the files they wrote included (a grading's wall-clock stop is in its results).
    String said = first.out() + first.err() + second.out() + second.err() + String.join("", outputs.values())
        + String.join("", outputs(folder, inputs).values());
    if (!said.contains("wall-clock budget") && !said.contains("wallSeconds")) {
      assertThat(second.code()).as("the same exit code again").isEqualTo(first.code());
      assertThat(second.out()).as("the same output again").isEqualTo(first.out());
      assertThat(timeless(second.err())).as("the same messages again").isEqualTo(timeless(first.err()));
      assertThat(outputs(folder, inputs)).as("the same files again").isEqualTo(outputs);
    }
    if (args.get(0).equals("grade") && first.code() == Main.OK) {
      try (Stream<Path> s = Files.walk(folder.resolve("out"))) {
        for (Path p : s.filter(p -> p.getFileName().toString().equals("results.json")).toList()) {
          JSON.readTree(p.toFile()); // valid JSON, or this throws
        }
      }
    }
  }

  /** UTF-8, but a lone surrogate (which UTF-8 cannot encode) as the byte 0xFF: a file that is not UTF-8 text, as a user's may be. */
  static byte[] bytes(String text) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        out.writeBytes(text.substring(i, i + 2).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        i++;
      } else if (Character.isSurrogate(c)) {
        out.write(0xFF);
      } else {
        out.writeBytes(String.valueOf(c).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    return out.toByteArray();
  }

  /**
   * Messages without the times a progress line gives ("done in 2 s"), which are the machine's, not
   * the answer's, and without a sweep's progress lines before its last ("2/4 points done in 5 s,
   * about 5 s left"), which come every few seconds of the machine's time (SweepProgress).
   */
  private static String timeless(String err) {
    return err.replaceAll("(?m)^scansim: sweep: \\d+/\\d+ points done in [^\\n]*, about [^\\n]* left\\n", "")
        .replaceAll("\\b\\d+(\\.\\d+)? ?(ms|s|min|h)\\b", "T");
  }

  private static CliRun run(List<String> args) {
    CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> CliRun.of(args.toArray(String[]::new)),
        () -> "ran past 120 s: " + args);
    String all = r.out() + r.err();
    assertThat(r.code()).as(all).isBetween(Main.OK, Main.KERNEL_FAULT);
    assertThat(all).doesNotContain("Exception").doesNotContain("internal error").doesNotContain("\tat org.")
        .doesNotContain("StackOverflow").doesNotContain("OutOfMemory");
    return r;
  }

  /** Every file under the folder, by its path, with its text. */
  private static Map<String, String> snapshot(Path folder) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> s = Files.walk(folder)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        out.put(folder.relativize(p).toString(), new String(Files.readAllBytes(p), java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
    return out;
  }

  /** The files the command wrote: all but its inputs. */
  private static Map<String, String> outputs(Path folder, Map<String, String> inputs) throws IOException {
    Map<String, String> all = snapshot(folder);
    all.keySet().removeAll(inputs.keySet());
    return all;
  }
}
