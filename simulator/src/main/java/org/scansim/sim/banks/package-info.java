/**
 * Memory-access cost models for one warp-level instruction: {@link
 * org.scansim.sim.banks.SharedMemoryBanks} (shared-memory wavefronts, ideal wavefronts and conflict
 * degree per request group, following the CUDA C Programming Guide's compute-capability appendices
 * and, for 64/128-bit accesses on 5.x+, measurements) and {@link
 * org.scansim.sim.banks.GlobalCoalescing} (32-byte sectors of a global access, as Nsight Compute
 * counts them; the 1.0/1.1 half-warp coalescing rule for G80). Both are immutable per architecture
 * and allocate nothing per call: the caller passes a reusable result object.
 *
 * <p>What it does not model: time (how long a wavefront takes, pipelining, queueing between warps
 * — the timing model's business); caches (L1, L2, texture); atomics; which lane's store wins when
 * several write one word; the unspecified choice of 1.x broadcast word (the cheapest choice is
 * taken); compiler merging of adjacent accesses into one wide access (the engine's {@code
 * AccessMerging} decides that; this package costs the access it is given); distributed shared memory and TMA on Hopper; the 1.2/1.3 coalescing rules. Addresses are
 * assumed naturally aligned; a misaligned one is costed by the bytes it touches. Where a rule is
 * measured rather than documented (5.x+ 64/128-bit phases and the pairing of wide loads, measured
 * with Nsight Compute on sm_90 and checked row by row by {@code HopperProbeTest}) or assumed
 * (Kepler 128-bit; Fermi's "majority" of 128-bit accesses taken as all; 1.x stores treated like
 * loads), the class comment says so.
 */
package org.scansim.sim.banks;
