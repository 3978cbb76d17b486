package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Hostile input ends quickly with one error. */
class BudgetTest {

  private static Pp quickly(String src) {
    return Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Pp.run(src));
  }

  @Test
  void doublingMacroBombStopsAtTheExpansionLimit() {
    StringBuilder b = new StringBuilder("#define A0 x x\n");
    for (int i = 1; i <= 60; i++) {
      b.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
    }
    b.append("int v = A60;\n");
    Pp pp = quickly(b.toString());
    assertThat(pp.errors()).containsExactly("macro expansion exceeds the limit of 1000000 expansions");
    assertThat(pp.diagnostic("limit").span().line()).isEqualTo(62);
  }

  @Test
  void argumentDoublingBombStopsAtTheTokenLimit() {
    String src = "#define F(x) x x x x\n" + "F(".repeat(30) + "a" + ")".repeat(30) + "\n";
    Pp pp = quickly(src);
    assertThat(pp.errors()).hasSize(1);
    assertThat(pp.errors().get(0)).startsWith("macro expansion exceeds the limit of");
  }

  @Test
  void deepNestingNeitherOverflowsTheStackNorHangs() {
    String src = "#define F(x) (x)\n" + "F(".repeat(50_000) + "1" + ")".repeat(50_000) + "\n";
    Pp pp = quickly(src);
    assertThat(pp.errors())
        .containsExactly("macro expansion exceeds the limit of " + Budget.MAX_NESTING + " nested arguments");
  }

  @Test
  void outputLimit() {
    StringBuilder b = new StringBuilder("#define A0 ").append("y".repeat(4000)).append('\n');
    for (int i = 1; i <= 20; i++) {
      b.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
    }
    b.append("A20\n");
    Pp pp = quickly(b.toString());
    assertThat(pp.errors()).contains("preprocessed output exceeds the limit of " + Budget.MAX_OUTPUT_CHARS + " characters");
    assertThat(pp.text().length()).isLessThanOrEqualTo(Budget.MAX_OUTPUT_CHARS);
  }

  @Test
  void afterTheLimitTheRestIsCopiedUnexpanded() {
    StringBuilder b = new StringBuilder("#define A0 x\n");
    for (int i = 1; i <= 25; i++) {
      b.append("#define A").append(i).append(" A").append(i - 1).append(" A").append(i - 1).append('\n');
    }
    b.append("A25\n#define N 3\nint n = N;\n");
    Pp pp = quickly(b.toString());
    assertThat(pp.errors()).hasSize(1);
    assertThat(pp.text()).endsWith("int n = N;\n");
  }

  @Test
  void manyErrorsAreBounded() {
    Pp pp = quickly("#define F(a, b) a\n" + "F(1)\n".repeat(100_000));
    assertThat(pp.diags.errorCount()).isEqualTo(100_000);
    assertThat(pp.diags.all().size()).isLessThanOrEqualTo(org.scansim.frontend.diag.Diagnostics.MAX_ERRORS);
  }
}
