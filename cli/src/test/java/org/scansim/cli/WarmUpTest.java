package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The start-up work done ahead: its kernel compiles cleanly (a warm-up that failed would be
 * dropped in silence, and warm nothing), each command gets the work it will need, and the preset
 * warmed is the one the line names.
 */
class WarmUpTest {
  @Test
  void itsKernelCompilesWithoutADiagnostic() {
    var r = WarmUp.frontEnd();
    assertThat(r.ok()).as(r.diagnostics().toString()).isTrue();
    assertThat(r.diagnostics().all()).isEmpty();
  }

  @Test
  void commandsThatCompileGetWorkAndTheRestNone() {
    for (String c : new String[] {"check", "run", "grade", "sweep", "crosscheck", "circuit"}) {
      assertThat(WarmUp.work(new String[] {c, "x.cu"})).as(c).isNotNull();
    }
    for (String c : new String[] {"catalog", "claims", "merge", "bench", "help", "--version", "--help", "rnu"}) {
      assertThat(WarmUp.work(new String[] {c})).as(c).isNull();
    }
    assertThat(WarmUp.work(new String[0])).isNull();
  }

  @Test
  void warmsThePresetTheLineNames() {
    assertThat(WarmUp.archOf(new String[] {"run", "x.cu", "--arch", "Volta"})).isEqualTo("volta");
    assertThat(WarmUp.archOf(new String[] {"run", "x.cu", "--arch=fermi", "--n", "64"})).isEqualTo("fermi");
    assertThat(WarmUp.archOf(new String[] {"run", "x.cu", "--arch", "my-gpu.json"})).isEqualTo("hopper");
    assertThat(WarmUp.archOf(new String[] {"run", "x.cu", "--arch"})).isEqualTo("hopper");
    assertThat(WarmUp.archOf(new String[] {"run", "x.cu"})).isEqualTo("hopper");
  }

  @Test
  void itsWorkForARunRunsToTheEnd() {
    WarmUp.work(new String[] {"run", "x.cu", "--arch", "ampere"}).run(); // throws if a step fails
  }
}
