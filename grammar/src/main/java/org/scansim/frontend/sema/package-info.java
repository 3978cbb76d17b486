/**
 * The type checker: scopes and symbols, C's types with CUDA's memory spaces, the usual
 * arithmetic conversions and integer promotions, constant folding of array sizes and
 * initializers, lvalues, the builtins' signatures, C's layout of structs and vector types, C++'s
 * overload resolution and template argument deduction for the subset's types, and the checks a
 * C compiler makes before code is generated, references' binding, and the host's C library
 * ({@link org.scansim.frontend.sema.CLibrary}) and iostream's output streams. Its result ({@link
 * org.scansim.frontend.sema.Sema}) is what the lowering reads.
 *
 * <p>Classes are structs with member functions {@code Class::name} (first parameter {@code this}),
 * constructors and one base class, virtual calls through a vtable. Not modelled: access control
 * (public and private are not checked), several base classes, unions, enums; {@code long double};
 * variable-length arrays (an array's size must be a constant, at most 4 GiB).
 */
package org.scansim.frontend.sema;
