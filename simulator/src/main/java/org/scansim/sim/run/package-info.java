/**
 * One run of a kernel file. {@link org.scansim.sim.run.Simulation} puts a host interpreter in
 * front of a simulated device and the checkers, and is the engine's public face: device buffers
 * the caller fills and reads, a call of a host entry, findings and the scan proof. {@link
 * org.scansim.sim.run.ScanRun} is the harness behind {@code scansim run --n N}: it finds a kernel
 * file's entry {@code void NAME(const T *in, T *out, int n)}, fills the input deterministically
 * with small integers (so every partial sum is exact in float), runs it and compares the output
 * with a reference scan. {@link org.scansim.sim.run.ProgramRun} runs a whole program's
 * {@code main} with its arguments instead: the program brings its own data and checks.
 */
package org.scansim.sim.run;
