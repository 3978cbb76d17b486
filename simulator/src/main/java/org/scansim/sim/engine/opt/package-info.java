/**
 * The engine's optimisations, each invisible in every report (tests run with each on and off and
 * compare): straight-line traces of uniform code ({@link org.scansim.sim.engine.opt.Traces}),
 * registers held once per warp when every lane holds the same value ({@link
 * org.scansim.sim.engine.opt.Uniformity}), registers that are never live at once sharing storage
 * ({@link org.scansim.sim.engine.opt.Registers}), and a thread's adjacent accesses merged into one
 * ({@link org.scansim.sim.engine.opt.AccessMerging}). None is taken while checkers are on.
 *
 * <p>Not modelled: nothing; these change how fast the engine runs, never what it reports.
 */
package org.scansim.sim.engine.opt;
