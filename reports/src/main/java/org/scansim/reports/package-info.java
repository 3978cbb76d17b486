/**
 * The report model of a run (plain records serialised by Jackson with a stable property order,
 * so the same run gives byte-identical JSON) and its renderers: JSON and a readable text report
 * with per-launch, per-site and histogram tables. Also the scan proof's circuit ({@code Circuit}):
 * {@link org.scansim.reports.CircuitStats} (work, depth, nodes per level, fan-out),
 * {@link org.scansim.reports.CircuitText} for the terminal and {@link org.scansim.reports.CircuitSvg}
 * for a picture in the style of the CUDA Handbook's scan circuits.
 * {@link org.scansim.reports.FindingsText} renders checker findings and faults as diagnostics with the
 * source line and a caret, for the autograder's reports.
 */
package org.scansim.reports;
