/**
 * The checkers and what they report. {@link org.scansim.sim.check.Checker} hears every access
 * and operation through the engine's {@link org.scansim.sim.engine.CheckHooks} and keeps per-word
 * shadows and per-lane tags: races, bounds, uninitialised reads, divergent barriers, and the ⊕
 * graph of the scan proof ({@link org.scansim.sim.check.Dataflow}). As values: the checks a run
 * can ask for ({@link org.scansim.sim.check.Check}), one finding aggregated over every time it
 * happened ({@link org.scansim.sim.check.Finding}, collected by {@link
 * org.scansim.sim.check.Findings}), the scan proof's result ({@link
 * org.scansim.sim.check.ScanProof}) and the ⊕ circuit drawn from it ({@link
 * org.scansim.sim.check.Circuit}). Kinds of findings are {@link org.scansim.sim.result.Kind}s,
 * shared with faults.
 *
 * <p>Not modelled: inputs other than the run's; a finding is what the run did with the inputs
 * it was given.
 */
package org.scansim.sim.check;
