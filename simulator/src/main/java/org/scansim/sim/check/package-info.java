/**
 * The checkers and what they report. Each check is a unit in its own file with its own test:
 * races ({@link org.scansim.sim.check.RaceCheck}), bounds ({@link org.scansim.sim.check.BoundsCheck}), uninitialised reads ({@code
 * InitCheck}), divergent barriers ({@link org.scansim.sim.check.BarrierCheck}) and the ⊕ graph of the scan proof
 * ({@link org.scansim.sim.check.ProofCheck}, with {@link org.scansim.sim.check.Dataflow}; {@link
 * org.scansim.sim.check.ScanProver} proves the output from it). {@link
 * org.scansim.sim.check.Checker} hears every access and operation through the engine's {@link
 * org.scansim.sim.engine.CheckHooks}, keeps what the units share (the findings, per-word shadows,
 * which register lanes carry tags) and calls the units that are on lane by lane. What a check
 * needs of the engine is the check's ({@link org.scansim.sim.check.Check#needs}), so the engine
 * never asks which checks are on. As values: the checks a run can ask for ({@link
 * org.scansim.sim.check.Check}), one finding aggregated over every time it happened ({@link
 * org.scansim.sim.check.Finding}, collected by {@link org.scansim.sim.check.Findings}), the scan
 * proof's result ({@link org.scansim.sim.check.ScanProof}) and the ⊕ circuit drawn from it
 * ({@link org.scansim.sim.check.Circuit}). Kinds of findings are {@link
 * org.scansim.sim.result.Kind}s, shared with faults.
 *
 * <p>Not modelled: inputs other than the run's; a finding is what the run did with the inputs
 * it was given.
 */
package org.scansim.sim.check;
