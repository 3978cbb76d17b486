/**
 * Architecture presets: the hardware facts of one GPU (banks, bank width, request groups, same-word
 * rule, wide accesses, limits, SM count, global coalescing rule) as an immutable {@link
 * org.scansim.sim.arch.Architecture}, read with Jackson from one JSON file per preset ({@code g80},
 * {@code fermi}, {@code kepler}, {@code volta}, {@code ampere}, {@code hopper}, beside these
 * classes) or from a user's file. {@link org.scansim.sim.arch.Architectures} is the entry point.
 *
 * <p>Every value has a citation in the file's {@code sources}, keyed by field name: a CUDA C
 * Programming Guide section or table (the guide version is named: 1.x–3.x facts are only in old
 * guides), a whitepaper or board specification, or "measured" where the fact is known only from
 * measurements ({@code hardware/measurements}). A user file must cite every value too.
 *
 * <p>A preset is one product, named in its description (8800 GTX, Tesla C2050, Tesla K40, V100
 * SXM2, A100 SXM4, H100 SXM5); its SM count is that product's. Not modelled here: clocks,
 * latencies and bandwidths (the timing model's business), register files, L1/L2 sizes, the
 * shared-memory carveout choice (the largest configuration is recorded), and the 1.x kernel
 * parameters that occupy up to 256 bytes of shared memory. Maxwell and Pascal (5.x, 6.x) have no
 * preset; their bank rules are Volta's.
 */
package org.scansim.sim.arch;
