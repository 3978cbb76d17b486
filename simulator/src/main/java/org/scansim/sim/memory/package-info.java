/**
 * Simulated memory: one block of bytes per array or buffer with a taint byte per word ({@link
 * org.scansim.sim.memory.Allocation}), the allocations of one address space under a budget
 * ({@link org.scansim.sim.memory.Heap}), pointers as a space, an allocation id and an offset
 * ({@link org.scansim.sim.memory.Ptr}), the checkers' per-word state an allocation carries
 * ({@link org.scansim.sim.memory.Shadow}), the global ranges a block touched ({@link
 * org.scansim.sim.memory.Footprints}) and the memory models that price an access in shared-memory
 * wavefronts and global sectors ({@link org.scansim.sim.memory.MemoryModel}, {@link
 * org.scansim.sim.memory.ArchMemoryModel}, from {@code sim.banks}).
 *
 * <p>Not modelled: caches, pages, virtual addresses, alignment faults beyond a type's size, and
 * any space but global, shared, local, constant and host.
 */
package org.scansim.sim.memory;
