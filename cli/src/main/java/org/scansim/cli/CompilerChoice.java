package org.scansim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.sched.SimulatedGpu;

/**
 * The launcher's question for a large run (docs/performance.md, "Which compiler"): which of Java's
 * compilers it wants, which only the compiled code can answer. Blocks replayed from a recorded
 * block make a short, simple hot path that Java's quick compiler (C1) runs well, and compiling it
 * with the optimizing one (C2) takes a core from the run: Harris's scan at 2^24 ends a quarter
 * sooner with C1 alone. Blocks the interpreter runs one by one (atomics, checkers, a seeded order)
 * run twice as fast in C2's code. So for a run of 2^24 elements or more the launcher starts Java
 * with C1 alone and names a file in {@link #ASKED}; a run that wants C2 writes it and stops before
 * it says anything, and the launcher starts it again with both compilers. (A file, not an exit
 * code: a program's own exit status is scansim's.) Until the run answers, its messages are held,
 * and said once it goes on or stops for another reason. A large program starts with both
 * compilers, C2 kept to its hot methods ({@link HotMethods}): one that wants C2 everywhere takes
 * the directives back and goes on.
 */
final class CompilerChoice {
  /** The environment variable in which the launcher names the file of the answer, when it asks. */
  static final String ASKED = "SCANSIM_JIT_ASK";

  private final Path answer;
  private final StringWriter held;
  private final PrintWriter err;

  private CompilerChoice(PrintWriter err, String asked) {
    this.err = err;
    this.answer = asked == null || asked.isEmpty() ? null : Path.of(asked);
    this.held = answer != null ? new StringWriter() : null;
  }

  /** The question for a command whose messages go to err: asked when the launcher set {@link #ASKED}. */
  static CompilerChoice of(PrintWriter err) {
    return new CompilerChoice(err, System.getenv(ASKED));
  }

  /** Where the command's messages go until it answers: held while asked (a run started again would say them twice). */
  PrintWriter messages() {
    return held == null ? err : new PrintWriter(held, true);
  }

  /**
   * Whether the run, on {@code module}, stops for the launcher to start it again with C2: asked,
   * and its blocks will be run one by one (a kernel that cannot be replayed, or {@code
   * blockByBlock}: checkers, a seeded order, several schedules). Then the answer is written and
   * the messages held are dropped (the run started again says them); otherwise they are said, and
   * the run goes on, as it does when the answer cannot be written.
   */
  boolean wantsC2(IrModule module, boolean blockByBlock) {
    if (held == null) {
      return false;
    }
    if (blockByBlock || !SimulatedGpu.replaysEveryKernel(module)) {
      if (HotMethods.asked() && HotMethods.withdraw()) {
        release(); // a large program: both compilers already, now C2 for every method too
        return false;
      }
      try {
        Files.writeString(answer, "c2\n");
        held.getBuffer().setLength(0);
        return true;
      } catch (java.io.IOException | RuntimeException e) {
        // no answer: the run goes on with C1
      }
    }
    release();
    return false;
  }

  /** Says the messages held so far (a command that stops for another reason, or goes on). */
  void release() {
    if (held != null && held.getBuffer().length() > 0) {
      err.print(held);
      err.flush();
      held.getBuffer().setLength(0);
    }
  }
}
