package org.scansim.pipeline;

/** The device cannot run anything here (no driver, no card, no compiler): one line that says what is missing. */
public class DeviceUnavailable extends Exception {
  private static final long serialVersionUID = 1L;

  public DeviceUnavailable(String message) {
    super(message, null, false, false);
  }
}
