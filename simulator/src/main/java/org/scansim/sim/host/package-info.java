/**
 * Host code: {@link org.scansim.sim.host.HostInterpreter} runs a file's host code (an entry, or
 * a whole program's {@code main} with its argv) on one thread with host memory of its own, and
 * reaches the GPU only through {@link org.scansim.sim.device.GpuDevice}, holding device pointers
 * as opaque values; {@link org.scansim.sim.host.HostCode} decodes the instructions host loops are
 * made of once, so that the interpreter dispatches on an array, and {@link
 * org.scansim.sim.host.HostLoops} compiles a loop that has run hot to JVM bytecode (ASM), handing
 * back to the interpreter at every call and before every budget check, so that nothing a run
 * reports changes. {@link org.scansim.sim.host.HostLibrary} is the C library that code calls:
 * numbers from text, glibc's {@code rand}, strings and memory, output, {@code <cmath>}, and the
 * streams of {@link org.scansim.sim.host.HostFiles} ({@code fopen}, reading the program's folder
 * and nothing outside it, writing to memory only; standard input) with {@link
 * org.scansim.sim.host.Scanf}'s conversions.
 *
 * <p>Not modelled: threads, the file system beyond reading the program's folder (directories,
 * seeking, files read and written at once), processes ({@code system} runs nothing), signals,
 * the machine's clock (every clock, {@code time}, {@code clock}, {@code gettimeofday}, {@code
 * clock_gettime}, counts host instructions, a nanosecond each, plus the timing model's time of the
 * launches: deterministic), the
 * C library's locale, {@code errno} beyond what {@code perror} prints, and the order of
 * unsequenced evaluations a compiler may choose (arguments run left to right).
 */
package org.scansim.sim.host;
