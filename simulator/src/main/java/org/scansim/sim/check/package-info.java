/**
 * What the checkers report, as values: the checks a run can ask for ({@link
 * org.scansim.sim.check.Check}), the kinds of faults and findings ({@link
 * org.scansim.sim.check.Kind}), one finding aggregated over every time it happened ({@link
 * org.scansim.sim.check.Finding}, collected by {@link org.scansim.sim.check.Findings}), the scan
 * proof's result ({@link org.scansim.sim.check.ScanProof}) and the ⊕ circuit drawn from it ({@link
 * org.scansim.sim.check.Circuit}).
 *
 * <p>The checkers themselves, their shadows and the ⊕ graph still live in {@code sim.exec}, next
 * to the engine they watch (issue 26 moves them here behind the execution-event seam).
 */
package org.scansim.sim.check;
