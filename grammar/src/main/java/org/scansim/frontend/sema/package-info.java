/**
 * The type checker: scopes and symbols, C's types with CUDA's memory spaces, the usual
 * arithmetic conversions and integer promotions, constant folding of array sizes and
 * initializers, lvalues, the builtins' signatures, C's layout of structs and vector types, C++'s
 * overload resolution and template argument deduction for the subset's types, and the checks a
 * C compiler makes before code is generated, references' binding, and the host's C library
 * ({@link org.scansim.frontend.sema.CLibrary}) and iostream's output streams. Its result ({@link
 * org.scansim.frontend.sema.Sema}) is what the lowering reads.
 *
 * <p>Not modelled: classes (member functions, bases, access control), unions, enums; {@code long
 * double}; variable-length arrays (an array's size must be a constant, at most 4 GiB).
 */
package org.scansim.frontend.sema;
