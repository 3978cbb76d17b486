/**
 * The typed register IR that the simulator executes: per function, a control-flow graph of basic
 * blocks whose instructions read and write typed virtual registers. Every instruction carries the
 * {@link org.scansim.frontend.diag.Span} of the source it came from, so a run-time fault, a bank
 * conflict or a race is reported at the user's line and column.
 *
 * <p>Choices and simplifications: registers are not in SSA form (a C variable is one register,
 * assigned many times), which keeps the IR readable next to the source; arithmetic is only on
 * 32/64-bit integers and floats, narrower C types are widened by explicit {@code cvt}s, as PTX
 * does; memory accesses say which space they use when the lowering knows it ({@code shared} for a
 * {@code __shared__} array) and {@code generic} otherwise, leaving the simulator to resolve the
 * pointer; every conditional branch names its reconvergence block (the immediate post-dominator),
 * which a SIMT stack needs. A struct has no register: every struct object is in memory and a
 * struct expression lowers to its address (a copy is a load and a store per field, a vector
 * type's an {@code ld.v4}), where nvcc would keep a small one in registers.
 */
package org.scansim.frontend.ir;
