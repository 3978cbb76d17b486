/**
 * The execution-event seam: {@link org.scansim.sim.event.ExecutionObserver} hears, per warp and
 * in order, each instruction a warp issues with its active lanes and source position, and what
 * each cost in memory (shared wavefronts, global sectors, local accesses, atomics), divergence,
 * reconvergence and barriers. A timing model consumes it; the functional engine reports to it
 * only when one is attached: traces are then off, and the memory shortcuts report each request.
 *
 * <p>It depends on the IR alone. Not modelled here: time itself, which is the consumer's.
 */
package org.scansim.sim.event;
