/**
 * Host code: {@link org.scansim.sim.host.HostInterpreter} runs a file's host code (an entry, or
 * a whole program's {@code main} with its argv) on one thread with host memory of its own, and
 * reaches the GPU only through {@link org.scansim.sim.device.GpuDevice}, holding device pointers
 * as opaque values. {@link org.scansim.sim.host.HostLibrary} is the C library that code calls:
 * numbers from text, glibc's {@code rand}, strings and memory, output, {@code <cmath>}.
 *
 * <p>Not modelled: threads, files and standard input, signals, the machine's clock ({@code time}
 * is the epoch and {@code clock} counts host instructions), the C library's locale, and the
 * order of unsequenced evaluations a compiler may choose (arguments run left to right).
 */
package org.scansim.sim.host;
