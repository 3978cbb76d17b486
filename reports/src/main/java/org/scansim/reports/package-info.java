/**
 * The report model of a run (plain records serialised by Jackson with a stable property order,
 * so the same run gives byte-identical JSON) and its renderers: JSON and a readable text report
 * with per-launch, per-site and histogram tables; {@link org.scansim.reports.FindingsText} renders
 * checker findings and faults as diagnostics with the source line and a caret.
 */
package org.scansim.reports;
