package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Span;

/** Bad input never makes the preprocessor throw or hang, and every output range maps back. */
class RobustnessTest {

  private static final String[] SEEDS = {
    "c11_example3.c", "c11_example4.c", "eval_recursion.c", "directives_in_args.c", "splices.c",
    "comments.c", "cond_skipped.c", "variadic_gnu_comma.c", "stringify_nested.c", "harris.c",
  };
  private static final String NOISE = "#()\\\n\"'/*,.<>#:%?\t ## # include define if endif else x y 0 1";

  @Test
  void mutatedProgramsArePreprocessedWithoutExceptions() throws IOException {
    List<String> seeds = new ArrayList<>();
    for (String name : SEEDS) {
      try (InputStream in = RobustnessTest.class.getResourceAsStream("/pp/" + name)) {
        assertThat(in).as(name).isNotNull();
        seeds.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    Random random = new Random(20240601);
    IncludeLoaderStub loader =
        new IncludeLoaderStub().with("a.h", "#define A 1\n#if A\nint a;\n").with("b.h", "#include \"a.h\"\n");
    for (int round = 0; round < 400; round++) {
      String text = mutate(seeds.get(random.nextInt(seeds.size())), random);
      if (round % 7 == 0) {
        text = "#include \"b.h\"\n" + text;
      }
      String input = text;
      Pp pp = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(10), () -> Pp.run("m.cu", input, loader));
      String out = pp.text();
      for (int k = 0; k < 20; k++) {
        int a = random.nextInt(out.length() + 1);
        int b = a + random.nextInt(Math.max(1, out.length() - a + 1));
        Span s = pp.out.span(a, b);
        assertThat(s).isNotNull();
        assertThat(s.line()).isBetween(1, s.file().lineCount());
        assertThat(s.endLine()).isBetween(s.line(), s.file().lineCount());
        assertThat(s.col()).isPositive();
      }
    }
  }

  private static String mutate(String s, Random r) {
    StringBuilder b = new StringBuilder(s);
    int edits = 1 + r.nextInt(6);
    for (int i = 0; i < edits && b.length() > 0; i++) {
      int at = r.nextInt(b.length());
      switch (r.nextInt(4)) {
        case 0 -> b.delete(at, Math.min(b.length(), at + 1 + r.nextInt(20)));
        case 1 -> {
          int len = Math.min(b.length() - at, 1 + r.nextInt(40));
          b.insert(r.nextInt(b.length()), b.substring(at, at + len));
        }
        case 2 -> {
          int n = 1 + r.nextInt(4);
          for (int k = 0; k < n; k++) {
            b.insert(at, NOISE.charAt(r.nextInt(NOISE.length())));
          }
        }
        default -> b.setCharAt(at, NOISE.charAt(r.nextInt(NOISE.length())));
      }
    }
    return b.toString();
  }
}
