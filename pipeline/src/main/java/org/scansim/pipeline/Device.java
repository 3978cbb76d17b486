package org.scansim.pipeline;

import org.scansim.frontend.Frontend;
import org.scansim.sim.run.ScanRun;

/**
 * A GPU a {@link RunSpec} runs on: the simulated one ({@link #SIMULATED}, through {@link Runner})
 * or a real card (the hardware module's {@code CardDevice}, through JCuda), behind one interface so
 * that a command runs either the same way and renders either's {@link RunResult}.
 */
public interface Device {
  /** {@code spec} at {@code n}, with the caller's extras (the simulated GPU's progress and observer; a card ignores them). */
  RunResult run(Frontend.Result compiled, RunSpec spec, int n, Runner.Extras extras) throws ScanRun.UsageException, DeviceUnavailable;

  /** The simulated GPU. */
  Device SIMULATED = Runner::simulate;
}
