/**
 * The same kernel files on a real NVIDIA GPU: {@link org.scansim.hardware.GpuRun} runs a file's
 * host entry with the simulator's host interpreter driving a CUDA device through JCuda's driver
 * API ({@link org.scansim.hardware.JCudaDevice}, a {@link org.scansim.sim.device.GpuDevice}), after {@code nvcc}
 * compiled the file for the card. Without a driver, a device or {@code nvcc} it says which is
 * missing ({@link org.scansim.hardware.GpuUnavailable}). {@link org.scansim.hardware.CardDevice}
 * puts the card behind the run pipeline's {@code Device}, its result a {@link
 * org.scansim.hardware.CardRun}: the report of {@code run --device gpu}, in the simulated run's
 * model (the reports module's {@code RunReport}), with each launch's time by CUDA events in place
 * of counters.
 *
 * <p>Beside it: {@link org.scansim.hardware.NsightCompute} records Nsight Compute's counters of
 * the same runs, {@link org.scansim.hardware.Sanitizer} runs compute-sanitizer's tools on them,
 * and {@link org.scansim.hardware.Tools} finds the NVIDIA tools and runs child processes with a
 * time limit (the cli's {@code bench --processes} runs scansim's launcher through it); the cli's
 * {@code crosscheck} puts them beside the simulator's report. Not modelled: several GPUs, streams.
 */
package org.scansim.hardware;
