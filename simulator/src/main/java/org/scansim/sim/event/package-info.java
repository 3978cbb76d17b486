/**
 * The execution-event seam: {@link org.scansim.sim.event.ExecutionObserver} hears, per warp and
 * in order, each instruction a warp issues with its active lanes and source position, and what
 * each cost in memory (shared wavefronts, global sectors, local accesses, atomics), divergence,
 * reconvergence and barriers, each block's between its begin and end. A timing model consumes it;
 * the functional engine reports to it only when one is attached (the traces and the memory
 * shortcuts report each instruction and request), on the launching thread, or on every thread
 * through the observer's workers.
 *
 * <p>It depends on the IR alone. Not modelled here: time itself, which is the consumer's.
 */
package org.scansim.sim.event;
