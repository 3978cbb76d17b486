package org.scansim.sim.host;

/**
 * What {@code cudaGetDeviceProperties} and {@code cudaDeviceGetAttribute} answer for the one
 * simulated device: the architecture preset's numbers (the device's memory is the run's budget;
 * clocks, buses and caches are not modelled and read 0).
 *
 * @param name                        the preset's description ("NVIDIA H100 ..."), as the device's name
 * @param totalGlobalMem              the simulated device memory, in bytes
 * @param sharedMemPerBlock           static shared memory a block may have
 * @param sharedMemPerBlockOptin      shared memory a block may opt in to
 * @param sharedMemPerMultiprocessor  shared memory of an SM
 * @param maxThreadsPerBlock          threads a block may have
 * @param maxThreadsPerMultiProcessor threads resident on an SM
 * @param maxBlocksPerMultiProcessor  blocks resident on an SM
 * @param multiProcessorCount         SMs
 * @param major                       compute capability, major
 * @param minor                       compute capability, minor
 * @param warpSize                    threads of a warp
 */
public record DeviceProperties(String name, long totalGlobalMem, long sharedMemPerBlock, long sharedMemPerBlockOptin,
    long sharedMemPerMultiprocessor, int maxThreadsPerBlock, int maxThreadsPerMultiProcessor, int maxBlocksPerMultiProcessor,
    int multiProcessorCount, int major, int minor, int warpSize) {}
