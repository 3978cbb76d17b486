/**
 * The boundary between a host program and a GPU: the CUDA runtime calls host code makes ({@link
 * org.scansim.sim.device.GpuDevice}: malloc, free, copies, memset, launch, synchronize, module
 * variables), and what a run reports of them: each launch's record and counters ({@link
 * org.scansim.sim.device.LaunchRecord}, {@link org.scansim.sim.device.Counters}), the architecture's
 * limits a launch is checked against ({@link org.scansim.sim.device.Limits}), faults with their
 * kinds and budgets ({@link org.scansim.sim.device.Fault}, {@link org.scansim.sim.device.Kind}) and
 * the run's wall clock ({@link org.scansim.sim.device.Deadline}).
 *
 * <p>It depends on the IR, the architecture ({@code sim.arch}, for the limits) and memory ({@code
 * sim.memory}, for host buffers) only, so that a second device (a real GPU behind the CUDA
 * driver) can be put behind the host interpreter. Managed memory ({@code mallocManaged}) is a
 * buffer host code reads and writes too; CUDA events read {@code elapsedNanos}, the timing
 * model's time. Not modelled here: streams (every stream is the default stream), asynchronous
 * copies (they run at once), more than one device.
 */
package org.scansim.sim.device;
