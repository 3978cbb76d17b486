/**
 * The harness behind {@code scansim run}: finds a kernel file's entry {@code void NAME(const T
 * *in, T *out, int n)}, allocates its device buffers, fills the input deterministically with
 * small integers (so every partial sum is exact in float, DESIGN §4), runs it on the simulated
 * device and compares the output with a reference scan.
 */
package org.scansim.sim.run;
