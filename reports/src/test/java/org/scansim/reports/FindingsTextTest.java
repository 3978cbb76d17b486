package org.scansim.reports;

import org.scansim.sim.result.Kind;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.sim.check.Finding;

/** Findings read like compiler diagnostics: position, kind, message, the source line and a caret. */
class FindingsTextTest {
  private static final SourceFile FILE = new SourceFile("scan.cu", String.join("\n",
      "__global__ void k(float *xy) {",
      "\tfor (int s = 1; s < 32; s *= 2)",
      "\t\txy[threadIdx.x] += xy[threadIdx.x - s];",
      "}",
      ""));

  private static Span span(int line, int col, int endCol) {
    return new Span(FILE, line, col, line, endCol, null);
  }

  @Test
  void aRaceShowsBothAccessesWithCaretsUnderTheirColumns() {
    Finding race = new Finding(Kind.RACE, "read-after-write", span(3, 3, 18), span(3, 22, 41), "xy", "5", "0..31",
        "(0,0,0)", 31, "thread 5 reads xy[4] before thread 4's write is ordered by a barrier");
    assertThat(FindingsText.render(List.of(race))).isEqualTo(String.join("\n",
        "scan.cu:3:3: race (read-after-write): thread 5 reads xy[4] before thread 4's write is ordered by a barrier",
        "    3 | \t\txy[threadIdx.x] += xy[threadIdx.x - s];",
        "      | \t\t^~~~~~~~~~~~~~~",
        "scan.cu:3:22: note: the other access",
        "    3 | \t\txy[threadIdx.x] += xy[threadIdx.x - s];",
        "      | \t\t                   ^~~~~~~~~~~~~~~~~~~",
        "      = 31 times; first in threads 0..31 of block (0,0,0); array xy, element 5",
        ""));
  }

  @Test
  void aFindingWithoutPositionStillSaysWhatHappened() {
    Finding f = new Finding(Kind.RUNAWAY, null, null, null, null, null, null, null, 1, "the run stopped at its budget");
    assertThat(FindingsText.render(f)).isEqualTo("scansim: runaway: the run stopped at its budget\n");
  }

  @Test
  void aFaultRendersAtItsPosition() {
    assertThat(FindingsText.at(span(2, 2, 5), "fault (out-of-bounds)", "index 40 of 'xy'")).isEqualTo(String.join("\n",
        "scan.cu:2:2: fault (out-of-bounds): index 40 of 'xy'",
        "    2 | \tfor (int s = 1; s < 32; s *= 2)",
        "      | \t^~~",
        ""));
  }

  @Test
  void noFindingsRenderNothing() {
    assertThat(FindingsText.render(List.of())).isEmpty();
  }
}
