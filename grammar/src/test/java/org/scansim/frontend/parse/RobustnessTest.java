package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SpanMapper;

/**
 * Hostile input: the parser never throws, never hangs, never overflows the stack, and one mistake
 * does not produce a cascade. The time limits are generous guards against hangs and quadratic
 * behaviour, not benchmarks.
 */
class RobustnessTest {

  /** Harris's work-efficient scan with its host code: the base text of the mutation tests. */
  static final String KERNEL =
      """
      #pragma once
      __global__ void prescan(float *g_odata, const float *__restrict__ g_idata, int n) {
        extern __shared__ float temp[];  // allocated on invocation
        int thid = threadIdx.x;
        int offset = 1;
        temp[2 * thid] = g_idata[2 * thid];
        temp[2 * thid + 1] = g_idata[2 * thid + 1];
        for (int d = n >> 1; d > 0; d >>= 1) {
          __syncthreads();
          if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1;
            int bi = offset * (2 * thid + 2) - 1;
            ai += ai >> 5;
            temp[bi] += temp[ai];
          }
          offset *= 2;
        }
        if (thid == 0) { temp[n - 1] = 0; }
        for (int d = 1; d < n; d *= 2) {
          offset >>= 1;
          __syncthreads();
          if (thid < d) {
            int ai = offset * (2 * thid + 1) - 1, bi = offset * (2 * thid + 2) - 1;
            float t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
          }
        }
        __syncthreads();
        g_odata[2 * thid] = temp[2 * thid];
        g_odata[2 * thid + 1] = (thid > 0) ? temp[2 * thid + 1] : 0.0f;
      }

      int main(int argc, char **argv) {
        const int n = 512;
        float *d_in = NULL, *d_out = nullptr;
        cudaMalloc((void **)&d_in, n * sizeof(float));
        cudaMalloc((void **)&d_out, n * sizeof(float));
        dim3 grid(1, 1), block(n / 2);
        prescan<<<grid, block, 2 * n * sizeof(float)>>>(d_out, d_in, n);
        switch (cudaGetLastError()) {
          case cudaSuccess: break;
          default: printf("error %d\\n", 1); return 1;
        }
        cudaFree(d_in);
        return 0;
      }
      """;

  private static final String[] VOCABULARY = {
    "__global__", "__device__", "__shared__", "__constant__", "extern", "static", "const", "volatile",
    "void", "int", "unsigned", "long", "float", "double", "char", "bool", "dim3", "size_t", "struct",
    "template", "typedef", "class", "auto", "if", "else", "for", "while", "do", "switch", "case",
    "default", "break", "continue", "return", "goto", "sizeof", "static_cast", "new", "delete", "this",
    "true", "nullptr", "x", "y", "temp", "threadIdx", "k", "0", "1", "0x1F", "1.5f", "'a'", "\"s\"",
    "(", ")", "[", "]", "{", "}", "<<<", ">>>", "<<", ">>", ">>=", "<", ">", "=", "==", "+", "-", "*",
    "/", "%", "&", "&&", "|", "||", "^", "!", "~", "?", ":", "::", ";", ",", ".", "->", "...", "++",
    "--", "+=", "@", "#", "/*", "*/", "//", "\n", "asm", "try", "float4", "operator", "__launch_bounds__"
  };

  private static TranslationUnit parseQuietly(String text, Diagnostics diags) {
    SourceFile file = new SourceFile("fuzz.cu", text);
    TranslationUnit unit = SyntaxParser.parse(file, text, SpanMapper.identity(file), diags, org.scansim.frontend.Frontend.KNOWN_NAMES);
    assertThat(unit).isNotNull();
    assertThat(unit.decls()).doesNotContainNull();
    for (Diagnostic d : diags.all()) {
      assertThat(d.span()).isNotNull();
      assertThat(d.message()).doesNotContain("mismatched", "expecting", "no viable", "internal error");
    }
    return unit;
  }

  @Test
  void theBaseKernelIsClean() {
    Parsing.Result r = Parsing.parse(KERNEL);
    assertThat(r.headlines()).isEmpty();
    assertThat(r.decls()).hasSize(2);
  }

  @Test
  void randomTokenSoupNeverThrows() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          Random random = new Random(20240601);
          for (int i = 0; i < 2000; i++) {
            int length = random.nextInt(120);
            StringBuilder text = new StringBuilder();
            for (int t = 0; t < length; t++) {
              text.append(VOCABULARY[random.nextInt(VOCABULARY.length)]).append(random.nextInt(4) == 0 ? "" : " ");
            }
            parseQuietly(text.toString(), new Diagnostics());
          }
        });
  }

  @Test
  void mutatedKernelsNeverThrowAndDoNotCascade() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          Random random = new Random(7);
          int maxErrors = 0;
          for (int i = 0; i < 3000; i++) {
            String text = mutate(KERNEL, random, 1 + random.nextInt(3));
            Diagnostics diags = new Diagnostics();
            parseQuietly(text, diags);
            maxErrors = Math.max(maxErrors, diags.errorCount());
          }
          // Up to three small edits: a handful of errors at most, never a cascade.
          assertThat(maxErrors).isLessThanOrEqualTo(12);
        });
  }

  @Test
  void aSingleEditGivesFewErrors() {
    Random random = new Random(11);
    int total = 0;
    for (int i = 0; i < 1000; i++) {
      Diagnostics diags = new Diagnostics();
      parseQuietly(mutate(KERNEL, random, 1), diags);
      assertThat(diags.errorCount()).isLessThanOrEqualTo(5);
      total += diags.errorCount();
    }
    assertThat(total).isLessThan(1500); // on average well under two errors per edit
  }

  /** Deletes, inserts, duplicates or replaces a few pieces of the text. */
  static String mutate(String text, Random random, int edits) {
    StringBuilder s = new StringBuilder(text);
    for (int e = 0; e < edits && s.length() > 0; e++) {
      int at = random.nextInt(s.length());
      switch (random.nextInt(5)) {
        case 0 -> s.delete(at, Math.min(s.length(), at + 1 + random.nextInt(8)));
        case 1 -> s.insert(at, VOCABULARY[random.nextInt(VOCABULARY.length)]);
        case 2 -> s.setCharAt(at, (char) (32 + random.nextInt(95)));
        case 3 -> {
          int end = Math.min(s.length(), at + 1 + random.nextInt(20));
          s.insert(random.nextInt(s.length()), s.substring(at, end));
        }
        default -> s.setLength(at);
      }
    }
    return s.toString();
  }

  // ------------------------------------------------------------------------------------------
  // Nesting and size

  @Test
  void nestingDeeperThan256IsRejectedBeforeParsing() {
    String text = "void f() { x = " + "(".repeat(300) + "1" + ")".repeat(300) + "; }";
    Parsing.Result r = Parsing.parse(text);
    // The function's '{' is level 1, so the 256th '(' is level 257.
    assertThat(r.errors()).containsExactly("t.cu:1:271: error: nesting too deep (more than 256 levels)");
    assertThat(r.decls()).isEmpty();
    assertThat(Parsing.errors("[".repeat(10_000))).containsExactly("t.cu:1:257: error: nesting too deep (more than 256 levels)");
    assertThat(Parsing.errors("{".repeat(257))).containsExactly("t.cu:1:257: error: nesting too deep (more than 256 levels)");
  }

  @Test
  void nestingOf256LevelsParses() {
    Parsing.clean("void f() { x = " + "(".repeat(255) + "1" + ")".repeat(255) + "; }");
    Parsing.clean("void f() " + "{".repeat(256) + " x = 1; " + "}".repeat(256));
    Parsing.clean("void f() { x = a" + "[b".repeat(255) + "]".repeat(255) + "; }");
  }

  @Test
  void deepChainsWithoutBracketsNeverThrow() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          List<String> inputs =
              List.of(
                  "void f() { x = " + "- ".repeat(300_000) + "y; }",
                  "void f() { x = " + "!".repeat(300_000) + "y; }",
                  "void f() { " + "a = ".repeat(300_000) + "1; }",
                  "void f() { x = " + "c ? d : ".repeat(200_000) + "e; }",
                  "void f() { " + "if (x) ".repeat(200_000) + "y = 1; }",
                  "void f() { " + "else ".repeat(100_000) + "}",
                  "void f() { x = " + "(int)".repeat(200_000) + "y; }");
          for (String text : inputs) {
            Diagnostics diags = new Diagnostics();
            parseQuietly(text, diags);
            assertThat(diags.errorCount()).isLessThanOrEqualTo(Diagnostics.MAX_ERRORS);
          }
        });
  }

  @Test
  void realisticDeepCodeParses() {
    StringBuilder chain = new StringBuilder("void f() { if (x == 0) y = 0;");
    for (int k = 1; k < 5000; k++) {
      chain.append(" else if (x == ").append(k).append(") y = ").append(k).append(';');
    }
    Parsing.clean(chain.append(" }").toString());
    Parsing.clean("void f() { " + "if (x) ".repeat(2000) + "y = 1; }");
  }

  @Test
  void aMegabyteOfStatementsParsesQuickly() {
    StringBuilder text = new StringBuilder("__global__ void k(float *a, const float *b, float c, int n) {\n");
    for (int i = 0; text.length() < 1_000_000; i++) {
      text.append("  a[i + ").append(i).append("] = b[i] * c + (a[i] - 1.0f) / 2;\n");
      if (i % 8 == 0) {
        text.append("  for (int j = 0; j < n; j++) { if (a[j] > c) c += a[j]; else c -= 1; }\n");
      }
    }
    String clean = text.append("}\n").toString();
    String broken = clean.replace("a[i + 5000] =", "a[i + 5000] = =");
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          Diagnostics ok = new Diagnostics();
          assertThat(parseQuietly(clean, ok).decls()).hasSize(1);
          assertThat(ok.all()).isEmpty();
          Diagnostics bad = new Diagnostics();
          parseQuietly(broken, bad); // the LL stage with recovery over the whole megabyte
          assertThat(bad.errorCount()).isEqualTo(1);
        });
  }

  @Test
  void manyErrorsAreCappedNotThrown() {
    Diagnostics diags = new Diagnostics();
    parseQuietly("void f() {\n" + "x = ;\n".repeat(5000) + "}\n", diags);
    assertThat(diags.errorCount()).isEqualTo(5000);
    assertThat(diags.all()).hasSize(Diagnostics.MAX_ERRORS);
  }
}
