package org.scansim.frontend.diag;

/**
 * A compile abandoned by its caller (a grading budget passed): the thread it runs on was
 * interrupted, and the front end's loops (the preprocessor's tokens, the lexer's, the parser's
 * rules, the checker's expressions) stop at the next step instead of running
 * on in the background with a core of the machine.
 */
public final class Cancellation extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private Cancellation() {
    super("the compile was cancelled", null, false, false);
  }

  /** Stops the compile running on this thread if it was interrupted. */
  public static void check() {
    if (Thread.currentThread().isInterrupted()) {
      throw new Cancellation();
    }
  }

  /** The exception a cancelled compile ends with. */
  public static Cancellation cancelled() {
    return new Cancellation();
  }
}
