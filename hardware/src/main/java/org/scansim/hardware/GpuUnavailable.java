package org.scansim.hardware;

/** What a run on a real GPU lacks on this machine, in one line: no driver, no device, no {@code nvcc}. */
public final class GpuUnavailable extends org.scansim.pipeline.DeviceUnavailable {
  private static final long serialVersionUID = 1L;

  public GpuUnavailable(String message) {
    super(message);
  }
}
