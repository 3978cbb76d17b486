package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ProgramRun;
import org.scansim.sim.run.ScanRun;

/**
 * A differential fuzz of compiled host loops ({@link HostLoops}): random host programs
 * ({@link RandomPrograms}) run with every loop compiled to JVM bytecode at its first backward
 * branch and with none compiled (the interpreter, the reference) must print the same text, exit
 * with the same status and fault at the same place with the same message.
 *
 * <p>{@code -Dscansim.fuzz.programs=N} runs N programs (30 by default), {@code
 * -Dscansim.fuzz.from=S} starts at seed S.
 */
class HostFuzzTest {
  private final int before = HostInterpreter.compileAfter;

  @AfterEach
  void restore() {
    HostInterpreter.compileAfter = before;
  }

  @Test
  void compiledLoopsDoWhatTheInterpreterDoes() throws Exception {
    int programs = Integer.getInteger("scansim.fuzz.programs", 30);
    long from = Long.getLong("scansim.fuzz.from", 0L);
    int compiledBefore = HostLoops.COMPILED.get();
    int faulted = 0;
    for (long seed = from; seed < from + programs; seed++) {
      String source = RandomPrograms.program(seed);
      Frontend.Result r = Frontend.compile(new SourceFile("prog" + seed + ".cu", source), Map.of(), IncludeLoader.NONE);
      assertThat(r.ok()).as("seed %d does not compile: %s%n%s", seed, r.diagnostics().all(), source).isTrue();
      String compiled = said(run(r, 1));
      String interpreted = said(run(r, -1));
      assertThat(compiled).as("seed %d%n%s", seed, source).isEqualTo(interpreted);
      if (interpreted.contains("\nfault ")) {
        faulted++;
      }
    }
    // Every program has five loops that fill its arrays; the generated ones must compile too, and
    // some programs must fault (an index past an array's end), most not.
    assertThat(HostLoops.COMPILED.get() - compiledBefore).as("loops compiled").isGreaterThan(6 * programs);
    assertThat(faulted).as("programs that faulted").isLessThan(programs / 2 + 1);
    if (programs >= 30) {
      assertThat(faulted).as("programs that faulted").isPositive();
    }
  }

  private static ScanRun.Outcome run(Frontend.Result r, int compileAfter) throws Exception {
    HostInterpreter.compileAfter = compileAfter;
    return ProgramRun.run(r, ScanRun.Request.of(1, Architectures.preset("hopper")), List.of());
  }

  private static String said(ScanRun.Outcome o) {
    String fault = o.fault() == null ? "" : "\nfault " + o.fault().kind() + " at " + o.fault().span().position() + ": " + o.fault().getMessage();
    return o.output() + "exit " + o.exitStatus() + fault;
  }
}
