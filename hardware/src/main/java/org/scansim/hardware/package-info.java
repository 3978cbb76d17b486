/**
 * The same kernel files on a real NVIDIA GPU: {@link org.scansim.hardware.GpuRun} runs a file's
 * host entry with the simulator's host interpreter driving a CUDA device through JCuda's driver
 * API ({@code JCudaDevice}, a {@link org.scansim.sim.device.GpuDevice}), after {@code nvcc}
 * compiled the file for the card. Without a driver, a device or {@code nvcc} it says which is
 * missing ({@link org.scansim.hardware.GpuUnavailable}).
 *
 * <p>Not here yet (issue 27): the side-by-side crosscheck with the simulator, Nsight Compute's
 * counters, compute-sanitizer, recorded measurements. Not modelled: several GPUs, streams.
 */
package org.scansim.hardware;
