/**
 * The boundary between a host program and a GPU: the CUDA runtime calls host code makes ({@link
 * org.scansim.sim.device.GpuDevice}: malloc, free, copies, memset, launch, synchronize, module
 * variables), which the simulated GPU ({@code sched.SimulatedGpu}) and a real one behind the CUDA
 * driver ({@code hardware.JCudaDevice}) both implement; the architecture's limits a launch is
 * checked against and the run's budgets ({@link org.scansim.sim.device.Limits}), the run's wall
 * clock ({@link org.scansim.sim.device.Deadline}) and saturating arithmetic for declared sizes
 * ({@link org.scansim.sim.device.Sizes}). What a run reports of its launches is {@code sim.result}'s.
 *
 * <p>It depends on the IR, the architecture ({@code sim.arch}, for the limits), memory ({@code
 * sim.memory}, for host buffers) and the results only, so that a second device can be put behind
 * the host interpreter. Managed memory ({@code mallocManaged}) is a buffer host code reads and
 * writes too; CUDA events read {@code elapsedNanos}, the timing model's time. Not modelled here:
 * streams (every stream is the default stream), asynchronous copies (they run at once), more than
 * one device.
 */
package org.scansim.sim.device;
