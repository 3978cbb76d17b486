package org.scansim.frontend.pp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.Span;

/**
 * The bank-conflict macro of Harris et al., "Parallel Prefix Sum (Scan) with CUDA" (GPU Gems 3,
 * ch. 39), whose missing parentheses make {@code >>} bind after {@code +}: the preprocessor must
 * keep the parentheses exactly as written.
 */
class HarrisMacroTest {

  private static final String SOURCE =
      "#define NUM_BANKS 16\n"
          + "#define LOG_NUM_BANKS 4\n"
          + "#define CONFLICT_FREE_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))\n"
          + "__global__ void k(float *temp, int ai) {\n"
          + "    int bankOffsetA = CONFLICT_FREE_OFFSET(ai);\n"
          + "}\n";

  @Test
  void expandsToTheTokensAsWrittenWithoutAddedParentheses() {
    Pp pp = Pp.run(SOURCE);
    assertThat(pp.diags.all()).isEmpty();
    assertThat(pp.text()).contains("int bankOffsetA = ( ( ai ) >> 16 + ( ai ) >> ( 2 * 4 ) );");
    assertThat(Pp.tokensOf(pp.text().split("\n")[4]))
        .containsExactly(
            "int", "bankOffsetA", "=", "(", "(", "ai", ")", ">>", "16", "+", "(", "ai", ")", ">>",
            "(", "2", "*", "4", ")", ")", ";");
  }

  @Test
  void theSixteenMapsToTheInvocationWithANoteAtNumBanks() {
    Pp pp = Pp.run(SOURCE);
    Span s = pp.spanOfOutput("16");
    int[] call = pp.inputPosition("CONFLICT_FREE_OFFSET(ai)");
    assertThat(s.file()).isSameAs(pp.file);
    assertThat(s.line()).isEqualTo(5);
    assertThat(s.col()).isEqualTo(call[1]);
    assertThat(s.endLine()).isEqualTo(5);
    assertThat(s.endCol()).isEqualTo(call[1] + "CONFLICT_FREE_OFFSET(ai)".length());
    assertThat(s.macro()).isNotNull();
    assertThat(s.macro().macroName()).isEqualTo("CONFLICT_FREE_OFFSET");
    Span spelling = s.macro().spelling();
    assertThat(spelling.line()).isEqualTo(1);
    assertThat(spelling.col()).isEqualTo(19);
    assertThat(spelling.endCol()).isEqualTo(21);
    assertThat(pp.file.line(spelling.line())).startsWith("#define NUM_BANKS");
  }

  @Test
  void otherTokensMapToTheirSpellings() {
    Pp pp = Pp.run(SOURCE);
    int at = pp.text().indexOf("* 4") + 2;
    Span four = pp.out.span(at, at + 1);
    assertThat(four.macro().spelling().line()).isEqualTo(2);
    Span shift = pp.spanOfOutput(">>");
    assertThat(shift.macro().macroName()).isEqualTo("CONFLICT_FREE_OFFSET");
    assertThat(shift.macro().spelling().line()).isEqualTo(3);
    // the argument maps to where the user wrote it
    Span ai = pp.spanOfOutput("ai", 1);
    int[] arg = pp.inputPosition("ai)", 1);
    assertThat(ai.line()).isEqualTo(5);
    assertThat(ai.col()).isEqualTo(arg[1]);
    assertThat(ai.macro()).isNull();
  }

  @Test
  void theWholeExpansionMapsToTheWholeInvocation() {
    Pp pp = Pp.run(SOURCE);
    Span s = pp.spanOfOutput("( ( ai ) >> 16 + ( ai ) >> ( 2 * 4 ) )");
    int[] call = pp.inputPosition("CONFLICT_FREE_OFFSET(ai)");
    assertThat(Pp.where(s))
        .isEqualTo("test.cu:5:" + call[1] + "-5:" + (call[1] + "CONFLICT_FREE_OFFSET(ai)".length()));
    assertThat(s.macro().macroName()).isEqualTo("CONFLICT_FREE_OFFSET");
  }
}
