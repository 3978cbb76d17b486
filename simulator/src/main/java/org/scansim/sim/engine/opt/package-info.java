/**
 * The engine's optimisations, each invisible in every report (tests run with each on and off and
 * compare): straight-line traces of uniform code ({@link org.scansim.sim.engine.opt.Traces}; not
 * taken while checkers are on; with an execution observer, each instruction a trace covers is
 * reported issued as if run one by one), registers held once per warp when every
 * lane holds the same value ({@link org.scansim.sim.engine.opt.Uniformity}; off while checkers
 * follow values), registers that are never live at once sharing storage ({@link
 * org.scansim.sim.engine.opt.Registers}), and the arithmetic of a trace that a warp repeating
 * its path through the block before may skip, its shared addresses taken from that block's lane
 * checks ({@link org.scansim.sim.engine.opt.BlockInvariance}).
 *
 * <p>Not modelled: nothing; these change how fast the engine runs, never what it reports. (Merging
 * a thread's paired accesses changes the counts, as nvcc's merging does: it is the engine's
 * {@code AccessMerging}, a model, not an optimisation.)
 */
package org.scansim.sim.engine.opt;
