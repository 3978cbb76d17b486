/**
 * One run pipeline for every command: a run resolved once ({@link org.scansim.pipeline.RunSpec}:
 * file, defines, architecture, entry or kernel, scan, checkers, timing, budgets), run on the
 * simulated GPU by {@link org.scansim.pipeline.Runner} (the one place that makes the simulator's
 * request and attaches the timing model), its outcome with its timing ({@link
 * org.scansim.pipeline.SimRun}) and its report ({@link org.scansim.pipeline.SimRun#report}, the
 * one place a simulated run's report is made). Commands resolve their options into a spec and
 * render the report; catalog runs, sweeps and the benchmarks build their specs the same way.
 *
 * <p>Not here: resolving a catalog name (the catalog's), compiling (each caller reports its own
 * diagnostics), the real GPU (the hardware module), rendering (reports, html).
 */
package org.scansim.pipeline;
