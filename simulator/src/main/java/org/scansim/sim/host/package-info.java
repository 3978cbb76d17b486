/**
 * Host code: {@link org.scansim.sim.host.HostInterpreter} runs a kernel file's host entry on one
 * thread with host memory of its own, and reaches the GPU only through {@link
 * org.scansim.sim.device.GpuDevice}, holding device pointers as opaque values.
 *
 * <p>Not modelled: the C library beyond printf and assert, threads, files, and host timing.
 */
package org.scansim.sim.host;
