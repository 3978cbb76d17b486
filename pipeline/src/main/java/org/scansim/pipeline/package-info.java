/**
 * One run pipeline for every command: a run resolved once ({@link org.scansim.pipeline.RunSpec}:
 * file, defines, architecture, entry or kernel, scan, checkers, timing, budgets), run on the
 * simulated GPU by {@link org.scansim.pipeline.Runner} (the one place that makes the simulator's
 * request and attaches the timing model), its outcome with its timing ({@link
 * org.scansim.pipeline.SimRun}) and its report ({@link org.scansim.pipeline.SimRun#report}, the
 * one place a simulated run's report is made). The simulated GPU and a real card are one {@link
 * org.scansim.pipeline.Device} ({@link org.scansim.pipeline.Device#SIMULATED}, the hardware
 * module's {@code CardDevice}), each giving a {@link org.scansim.pipeline.RunResult}: its report as
 * text and JSON, its fault, its result and findings. Commands resolve their options into a spec,
 * run it on a device and render the result; catalog runs, sweeps and the benchmarks build their
 * specs the same way.
 *
 * <p>Not here: resolving a catalog name (the catalog's), compiling (each caller reports its own
 * diagnostics), JCuda (the hardware module), rendering (reports, html). A card's report is its own
 * (launch times, no counters), not a {@code RunReport}.
 */
package org.scansim.pipeline;
