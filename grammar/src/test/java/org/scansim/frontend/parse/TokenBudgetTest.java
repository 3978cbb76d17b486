package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.DiagnosticPrinter;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;

/**
 * A file of more than {@link TokenScan#MAX_TOKENS} tokens is refused at the token past the limit,
 * before a parse tree is built: a 5 MB initializer list took 43 s and 4.1 GB to check.
 */
class TokenBudgetTest {
  private static Frontend.Result compile(String text) {
    return Frontend.compile(new SourceFile("init.cu", text), new LinkedHashMap<>(), IncludeLoader.NONE);
  }

  private static String initializer(int values) {
    return "__device__ float t[] = {" + "1,".repeat(values) + "1};\n";
  }

  @Test
  void aHugeInitializerIsRefusedAtTheTokenPastTheLimit() {
    String text = initializer(2_500_000);
    long start = System.nanoTime();
    Frontend.Result r = compile(text);
    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(r.ok()).isFalse();
    String out = DiagnosticPrinter.render(r.diagnostics().sorted(), r.diagnostics().dropped());
    // Tokens: __device__ float t [ ] = { then "1 ," pairs: token number MAX_TOKENS + 1 (1-based) is the first refused.
    int refused = TokenScan.MAX_TOKENS; // 0-based index of the first token past the limit
    int column = "__device__ float t[] = {".length() + 1 + (refused - 7);
    assertThat(out).startsWith("init.cu:1:" + column + ": error: the file has more than " + TokenScan.MAX_TOKENS + " tokens");
    assertThat(r.diagnostics().errorCount()).isEqualTo(1);
    assertThat(seconds).as("a hang guard, not a benchmark").isLessThan(30);
  }

  @Test
  void aLargeButAllowedInitializerCompiles() {
    Frontend.Result r = compile(initializer(100_000) + "__global__ void k(float *o) { o[threadIdx.x] = t[threadIdx.x]; }\n");
    assertThat(r.ok()).as(DiagnosticPrinter.render(r.diagnostics().sorted(), 0)).isTrue();
  }
}
