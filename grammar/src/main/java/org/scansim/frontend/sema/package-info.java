/**
 * The type checker: scopes and symbols, C's types with CUDA's memory spaces, the usual
 * arithmetic conversions and integer promotions, constant folding of array sizes and
 * initializers, lvalues, the builtins' signatures, and the checks a C compiler makes before
 * code is generated. Its result ({@link org.scansim.frontend.sema.Sema}) is what the lowering
 * reads.
 *
 * <p>Not modelled: C++'s overload resolution, templates and user-defined types; {@code long
 * double}; variable-length arrays (an array's size must be a constant, at most 4 GiB).
 */
package org.scansim.frontend.sema;
