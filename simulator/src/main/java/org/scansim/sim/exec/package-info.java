/**
 * The SIMT engine and everything it runs with, for now in one package: the simulated device and
 * its launches ({@link org.scansim.sim.exec.Device}, {@link org.scansim.sim.exec.Simulation}),
 * the host interpreter, blocks and warps with their SIMT stacks, the interpreter and its lane
 * loops, memory (allocations, heaps, pointers, the memory models), the checkers, and the
 * optimisations (traces, uniform registers, register packing, access merging). It executes the
 * IR one instruction for a whole warp under an active mask and counts what Nsight Compute counts.
 *
 * <p>Not modelled: time (no cycles, latencies or scheduling policy beyond a legal order of warps
 * and blocks), caches, and any memory space but global, shared, local, constant and host.
 * Issue 26 splits this package by part (host, device, engine, memory, scheduling, checkers).
 */
package org.scansim.sim.exec;
