package org.scansim.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepSpecTest {
  @TempDir Path dir;

  private SweepSpec read(String name, String text) throws Exception {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return SweepSpec.read(p);
  }

  private String error(String name, String text) {
    Path p = dir.resolve(name);
    try {
      Files.writeString(p, text);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return org.assertj.core.api.Assertions.catchThrowableOfType(SweepSpec.SpecException.class, () -> SweepSpec.read(p)).getMessage();
  }

  @Test
  void yamlAndJsonSayTheSameSweep() throws Exception {
    SweepSpec y = read("s.yaml", """
        kernels: [a.cu, harris/blelloch]
        variants:
          plain: []
          "n >> 5": {LOG_NUM_BANKS: 5, ZERO: ""}
          both: [A=1, B]
        sizes: [64, 2^10..2^11]
        archs: [g80, hopper]
        options: {expect: exclusive, check: [races, bounds], seed: 3}
        """);
    SweepSpec j = read("s.json", """
        {"kernels": ["a.cu", "harris/blelloch"],
         "variants": {"plain": [], "n >> 5": {"LOG_NUM_BANKS": 5, "ZERO": null}, "both": ["A=1", "B"]},
         "sizes": "64,2^10..2^11", "archs": ["g80", "hopper"],
         "options": {"expect": "exclusive", "check": "races,bounds", "seed": 3}}
        """);
    assertThat(y.kernels()).isEqualTo(j.kernels()).containsExactly("a.cu", "harris/blelloch");
    assertThat(y.variants()).isEqualTo(j.variants());
    assertThat(y.variants().get(1).asOptions()).containsExactly("LOG_NUM_BANKS=5", "ZERO");
    assertThat(y.variants().get(2).defines().keySet()).containsExactly("A", "B");
    assertThat(y.variants().get(2).defines().get("A")).isEqualTo("1");
    assertThat(y.variants().get(2).defines().get("B")).isNull();
    assertThat(y.sizes()).isEqualTo(j.sizes()).containsExactly(64, 1024, 2048);
    assertThat(y.options().seed()).isEqualTo(3);
    assertThat(y.options().check()).containsExactly("races", "bounds");
    assertThat(j.options().check()).containsExactly("races,bounds");
    // kernel, then variant, then architecture, then size: 2 × 3 × 2 × 3 points, numbered in that order
    List<Point> points = y.points();
    assertThat(points).hasSize(36);
    assertThat(points.get(0)).isEqualTo(new Point(0, "a.cu", "plain", "g80", 64));
    assertThat(points.get(3)).isEqualTo(new Point(3, "a.cu", "plain", "hopper", 64));
    assertThat(points.get(6)).isEqualTo(new Point(6, "a.cu", "n >> 5", "g80", 64));
    assertThat(points.get(35)).isEqualTo(new Point(35, "harris/blelloch", "both", "hopper", 2048));
  }

  @Test
  void eachArchitectureMayHaveItsOwnDefines() throws Exception {
    SweepSpec s = read("s.yml", "kernels: k.cu\nsizes: 64\narchs:\n  g80: [NUM_BANKS=16, LOG_NUM_BANKS=4]\n  hopper: []\n");
    assertThat(s.archs()).containsExactly("g80", "hopper");
    assertThat(s.archDefines()).containsOnlyKeys("g80");
    assertThat(s.archDefines().get("g80")).containsExactly(Map.entry("NUM_BANKS", "16"), Map.entry("LOG_NUM_BANKS", "4"));
    assertThat(s.points()).extracting(Point::arch).containsExactly("g80", "hopper");
    assertThatThrownBy(() -> read("t.yml", "kernels: k.cu\nsizes: 64\narchs:\n  g80: [1BAD]\n")).hasMessageContaining("'1BAD' is not a macro name");
  }

  @Test
  void defaultsAreRunsDefaults() throws Exception {
    SweepSpec s = read("s.yml", "kernels: k.cu\nsizes: 1024\n");
    assertThat(s.variants()).containsExactly(new SweepSpec.Variant("default", Map.of()));
    assertThat(s.archs()).containsExactly("hopper");
    SweepSpec.Options o = s.options();
    assertThat(o.maxInstructions()).isEqualTo(2_000_000_000L);
    assertThat(o.wallSeconds()).isEqualTo(600);
    assertThat(o.timing()).isTrue();
    assertThat(o.expect()).isNull();
  }

  @Test
  void sharding() throws Exception {
    SweepSpec s = read("s.yaml", "kernels: [k.cu]\nvariants: {a: [], b: [], c: []}\nsizes: 2^1..2^4\n");
    List<Point> all = s.points();
    assertThat(all).hasSize(12);
    for (int shards = 1; shards <= 5; shards++) {
      int n = shards;
      List<Integer> seen = new java.util.ArrayList<>();
      for (int i = 0; i < shards; i++) {
        int shard = i;
        seen.addAll(all.stream().filter(p -> p.inShard(shard, n)).map(Point::index).toList());
      }
      assertThat(seen).as("every point in exactly one of %d shards", shards).hasSize(12).doesNotHaveDuplicates();
    }
  }

  @Test
  void errorsNameTheFileAndThePlace() {
    String f = dir.resolve("s.yaml").toString();
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: [64\n"))
        .isEqualTo(f + ":2:11: error: while parsing a flow sequence: expected ',' or ']', but got <stream end>");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsize: 64\n"))
        .isEqualTo(f + ": error: unknown field 'size' (the fields: archs, kernels, options, sizes, variants)");
    assertThat(error("s.yaml", "kernels: [k.cu]\n")).isEqualTo(f + ": error: sizes: missing: the sizes to run (2^6..2^11, or a list such as"
        + " [64, 1000, 2^20])");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 2^40\n")).isEqualTo(f + ": error: sizes: 2^40 is not a size (1 … 2^30)");
    assertThat(error("s.yaml", "kernels: [k.cu, k.cu]\nsizes: 64\n")).isEqualTo(f + ": error: kernels: 'k.cu' is listed twice");
    assertThat(error("s.yaml", "kernels: []\nsizes: 64\n")).isEqualTo(f + ": error: kernels: empty: name at least one");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\nvariants: {a: [1X]}\n"))
        .isEqualTo(f + ": error: variants.a: '1X' is not a macro name");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\nvariants: {a: [A, A=2]}\n"))
        .isEqualTo(f + ": error: variants.a: A is defined twice");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\noptions: {expect: both}\n"))
        .isEqualTo(f + ": error: options.expect: inclusive or exclusive, not 'both'");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\noptions: {seed: -1}\n"))
        .isEqualTo(f + ": error: options.seed: a whole number from 0 to 9223372036854775807, not -1");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\noptions: {threads: 2}\n")).contains("unknown field 'threads'");
    assertThat(error("s.yaml", "- a\n- b\n")).isEqualTo(f + ": error: a sweep spec is a map of kernels, variants, sizes, archs and options");
    assertThat(error("s.txt", "kernels: [k.cu]\n")).isEqualTo(dir.resolve("s.txt") + ": error: a sweep spec is a .yaml, .yml or .json file");
    assertThat(error("s.json", "{\"kernels\": [\"k.cu\"], \"sizes\": 64,}")).startsWith(dir.resolve("s.json") + ":1:");
    // a key twice: YAML calls it an error, and the last one must not silently win
    assertThat(error("s.json", "{\"kernels\": [\"k.cu\"], \"sizes\": 256, \"sizes\": 512}"))
        .startsWith(dir.resolve("s.json") + ":1:").endsWith(": error: 'sizes' is given twice in one map");
    assertThat(error("s.yaml", "kernels: [k.cu]\nsizes: 64\nvariants:\n  v: []\n  v: [A]\n"))
        .startsWith(f + ":").endsWith(": error: 'v' is given twice in one map");
  }

  @Test
  void hostileSpecsAreBounded() throws Exception {
    // a million points is refused before anything runs
    StringBuilder kernels = new StringBuilder("kernels: [");
    for (int i = 0; i < 2000; i++) {
      kernels.append(i == 0 ? "" : ", ").append("k").append(i).append(".cu");
    }
    assertThat(error("s.yaml", kernels + "]\nsizes: 2^1..2^30\nvariants: {a: [], b: []}\n"))
        .endsWith("error: 120000 points (kernels × variants × archs × sizes): at most 100000 in one sweep");
    // YAML's aliases cannot blow a small file up into a huge tree: they are refused where they stand
    StringBuilder bomb = new StringBuilder("kernels: [k.cu]\nsizes: 64\noptions:\n  entry: e\nvariants:\n a: &a [x, x, x, x, x, x, x, x, x]\n");
    for (char c = 'b'; c <= 'k'; c++) {
      bomb.append(' ').append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        bomb.append(i == 0 ? "" : ", ").append('*').append((char) (c - 1));
      }
      bomb.append("]\n");
    }
    assertThat(error("bomb.yaml", bomb.toString())).isEqualTo(dir.resolve("bomb.yaml") + ":7:9: error: YAML aliases (*a) are not supported:"
        + " write the value out");
    assertThat(error("alias.yaml", "kernels: [k.cu]\nsizes: 64\nvariants:\n  a: &pad [NO_PADDING]\n  b: *pad\n"))
        .isEqualTo(dir.resolve("alias.yaml") + ":5:6: error: YAML aliases (*pad) are not supported: write the value out");
    Path big = dir.resolve("big.yaml");
    Files.writeString(big, "#".repeat(2 << 20));
    assertThatThrownBy(() -> SweepSpec.read(big)).hasMessage(big + ": error: larger than 1 MiB: not a sweep spec");
    assertThatThrownBy(() -> SweepSpec.read(dir)).hasMessageContaining("error: a sweep spec is a .yaml");
  }
}
