/**
 * The timing model: when each warp's instructions run, from what the functional engine says they
 * did (the execution events of {@link org.scansim.sim.event.ExecutionObserver}), as MGPUSim keeps
 * {@code timing} apart from {@code emu}. {@link org.scansim.timing.TimingObserver} turns the events
 * into per-warp traces; {@link org.scansim.timing.SmModel} times one block on one SM (schedulers,
 * scoreboard, shared pipe, global memory, barriers); {@link org.scansim.timing.LaunchModel} spreads
 * a launch's blocks over the SMs and adds its fixed cost; {@link
 * org.scansim.timing.TimingParameters} holds the numbers, each with its source.
 *
 * <p>Not modelled (yet): the register file and shared memory as limits on residency, caches
 * beyond one latency for every global load, instruction issue calibrated per class against SASS
 * (the IR's instructions are issued one for one, but for moves, conversions, address arithmetic
 * and jumps, which take no slot), where stalls go per source line, and blocks that communicate
 * (timed in the pieces the engine runs them in).
 */
package org.scansim.timing;
