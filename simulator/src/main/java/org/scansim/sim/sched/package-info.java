/**
 * The simulated GPU behind {@link org.scansim.sim.device.GpuDevice}: {@link
 * org.scansim.sim.sched.SimulatedGpu} holds global memory and the module's variables, checks each
 * launch against the architecture, and runs its blocks: independent blocks in chunks on all host
 * threads ({@link org.scansim.sim.sched.Crew}, {@link org.scansim.threads.Parallel}), blocks
 * that communicate taking turns under a residency limit, in a seeded legal order. When blocks of
 * one chunk touched each other's global words it throws {@link
 * org.scansim.sim.sched.OrderDependence} and the harness runs the whole run again on one thread,
 * so reports do not depend on the thread count.
 *
 * <p>Not modelled: SM occupancy beyond the residency limit, the hardware block scheduler's
 * order, and time.
 */
package org.scansim.sim.sched;
