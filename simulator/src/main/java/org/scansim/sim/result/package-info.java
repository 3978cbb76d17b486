/**
 * What a run reports of its launches, whichever GPU ran them: each launch's record with its
 * per-site rows or the fault that stopped it ({@link org.scansim.sim.result.LaunchRecord}), its
 * counters ({@link org.scansim.sim.result.Counters}), and faults with their kinds and budgets
 * ({@link org.scansim.sim.result.Fault}, {@link org.scansim.sim.result.Kind}; code compares kinds,
 * never text). Values only: every part of the simulator, the reports and the commands read them.
 *
 * <p>Not modelled: timing (the timing module's {@code LaunchTiming}), findings of the checkers
 * ({@code sim.check}).
 */
package org.scansim.sim.result;
