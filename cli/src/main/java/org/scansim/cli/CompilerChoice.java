package org.scansim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.scansim.frontend.ir.IrModule;
import org.scansim.sim.sched.SimulatedGpu;

/**
 * The launcher's question for a large run (docs/performance.md, "Which compiler"): which of Java's
 * compilers it wants, which only the compiled code can answer. Blocks replayed from a recorded
 * block make a short, simple hot path that Java's quick compiler (C1) runs well, and compiling it
 * with the optimizing one (C2) takes a core from the run: Harris's scan at 2^24 ends a quarter
 * sooner with C1 alone. Blocks the interpreter runs one by one (atomics, shuffles, checkers, a
 * seeded order) run twice as fast in C2's code. So for a run of 2^24 elements or more the launcher
 * starts Java with C1 alone and sets {@link #ASKED}; a run that wants C2 stops before it says
 * anything, with {@link #WANTS_C2}, and the launcher starts it again with both compilers.
 */
final class CompilerChoice {
  /** The environment variable the launcher sets when it asks. */
  static final String ASKED = "SCANSIM_JIT_ASK";
  /** The exit code of a run that wants C2, before it says anything (EX_TEMPFAIL: "try again"). */
  static final int WANTS_C2 = 75;

  private final StringWriter held;
  private final PrintWriter err;

  private CompilerChoice(PrintWriter err) {
    this.err = err;
    this.held = System.getenv(ASKED) != null ? new StringWriter() : null;
  }

  /** The question for a command whose messages go to err: asked when the launcher set {@link #ASKED}. */
  static CompilerChoice of(PrintWriter err) {
    return new CompilerChoice(err);
  }

  /** Where the command's messages go until it answers: held while asked (a run started again would say them twice). */
  PrintWriter messages() {
    return held == null ? err : new PrintWriter(held, true);
  }

  /**
   * Whether the run, on {@code module}, should stop for the launcher to start it again with C2:
   * asked, and its blocks will be run one by one (a kernel that cannot be replayed, or {@code
   * blockByBlock}: checkers, a seeded order, several schedules). Otherwise the messages held are
   * said, and the run goes on.
   */
  boolean wantsC2(IrModule module, boolean blockByBlock) {
    if (held == null) {
      return false;
    }
    if (blockByBlock || !SimulatedGpu.replaysEveryKernel(module)) {
      return true;
    }
    release();
    return false;
  }

  /** Says the messages held (a command that stops for another reason). */
  void release() {
    if (held != null) {
      err.print(held);
      err.flush();
      held.getBuffer().setLength(0);
    }
  }
}
