/**
 * The timing model: when each warp's instructions run, from what the functional engine says they
 * did (the execution events of {@link org.scansim.sim.event.ExecutionObserver}), as MGPUSim keeps
 * {@code timing} apart from {@code emu}. {@link org.scansim.timing.TimingObserver} hears a run's launches and
 * adds up their blocks' times in block order; its {@link org.scansim.timing.BlockSink}s, one on
 * every thread the engine runs blocks on, turn the events into per-warp traces (a block's events
 * are logged first, {@link org.scansim.timing.BlockLog}, and built into traces only when they differ
 * from the last block's) and time each block; {@link
 * org.scansim.timing.IssueCost} and {@link org.scansim.timing.LoopControl} say what nvcc's SASS
 * issues for each IR instruction; {@link org.scansim.timing.SmModel} times one block on one SM
 * (schedulers, scoreboard, shared pipe, global memory, barriers) and says where each warp's cycles
 * went, by Nsight Compute's stall reasons; {@link org.scansim.timing.LaunchModel} spreads a
 * launch's blocks over the SMs and adds its fixed cost; {@link org.scansim.timing.BlockSync}
 * makes a block's spin-wait ({@link org.scansim.timing.SpinWaits}) wait for the block that
 * releases it, on the launch's clock; {@link org.scansim.timing.TimingParameters} holds the
 * numbers, each with its source. A launch's traces grow within a memory budget (256 MiB, or a
 * quarter of a smaller heap): past it, as an endless loop goes, the run is not timed and says so.
 *
 * <p>Not modelled (yet): the register file and shared memory as limits on residency, caches
 * beyond what a block itself touched ({@link org.scansim.timing.BlockCaches}), the instruction scheduling nvcc
 * does beyond {@link org.scansim.timing.IssueCost}'s rules and {@link
 * org.scansim.timing.LoadHoist}'s early loads, the 8, 4 and 1 copies that end a loop {@link
 * org.scansim.timing.LoopControl} takes as unrolled 16 times, and reads whose value depends on the card's timing
 * (a decoupled look-back's: released at the first write, {@link org.scansim.timing.BlockSync}).
 */
package org.scansim.timing;
