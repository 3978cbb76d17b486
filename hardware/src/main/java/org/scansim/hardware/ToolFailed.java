package org.scansim.hardware;

/** Nsight Compute or compute-sanitizer could not measure a run; the message says why, in one line. */
public final class ToolFailed extends Exception {
  private static final long serialVersionUID = 1L;

  public ToolFailed(String message) {
    super(message, null, false, false);
  }
}
