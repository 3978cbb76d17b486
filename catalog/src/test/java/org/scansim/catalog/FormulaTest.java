package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class FormulaTest {
  @Test
  void evaluatesWithMathematicalPrecedence() {
    assertThat(Formula.parse("2*(n-1)").at(512)).isEqualTo(1022);
    assertThat(Formula.parse("n*log2(n) - (n-1)").at(1024)).isEqualTo(9217);
    assertThat(Formula.parse("2*n - 2 - log2(n)").at(2048)).isEqualTo(4083);
    assertThat(Formula.parse("-2^2").at(0)).isEqualTo(-4);
    assertThat(Formula.parse("2^3^2").at(0)).isEqualTo(512);
    assertThat(Formula.parse("n*ceil(log2(n)) - 2^ceil(log2(n)) + 1").at(1000)).isEqualTo(1000 * 10 - 1024 + 1);
    assertThat(Formula.parse("max(n, 3) / min(4, 8)").at(2)).isEqualTo(0.75);
    assertThat(Formula.parse("floor(n/3)").at(10)).isEqualTo(3);
  }

  @Test
  void log2IsExactAtPowersOfTwo() {
    for (int k = 0; k <= 30; k++) {
      assertThat(Formula.parse("log2(n)").at(1L << k)).isEqualTo(k);
    }
  }

  @Test
  void badFormulasAreRejectedWithTheReason() {
    assertThatThrownBy(() -> Formula.parse("2*(n-1")).hasMessageContaining("formula '2*(n-1'").hasMessageContaining("column");
    assertThatThrownBy(() -> Formula.parse("m+1")).hasMessageContaining("unknown name 'm'");
    assertThatThrownBy(() -> Formula.parse("log(n)")).hasMessageContaining("unknown function 'log'");
    assertThatThrownBy(() -> Formula.parse("min(n)")).hasMessageContaining("min takes 2 arguments");
    assertThatThrownBy(() -> Formula.parse("n $ 2")).hasMessageContaining("column 3");
    // In the spec's words, not the parser's.
    assertThatThrownBy(() -> Formula.parse("log2(n) -")).hasMessage("formula 'log2(n) -': column 10: the formula ends too soon: -, (,"
        + " a name or a number should follow");
    assertThatThrownBy(() -> Formula.parse("n $ 2")).hasMessage("formula 'n $ 2': column 3: '$' is not part of a formula (numbers, n,"
        + " + - * / ^, parentheses, log2, ceil, floor, min, max)");
    assertThatThrownBy(() -> Formula.parse("n )")).hasMessageStartingWith("formula 'n )': column 3: ')' cannot come here");
    // A comma among the tokens that could come; a missing closing parenthesis named.
    assertThatThrownBy(() -> Formula.parse("min(n, 2")).hasMessageContaining("the formula ends too soon: , or ) should follow");
    assertThatThrownBy(() -> Formula.parse("(n")).hasMessageContaining("the formula ends too soon: ) should follow");
  }
}
