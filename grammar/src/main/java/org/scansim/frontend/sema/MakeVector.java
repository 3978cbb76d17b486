package org.scansim.frontend.sema;

/**
 * The callee of a call that builds a value of the struct {@code type} field by field, each
 * argument converted to its field's type: {@code make_float4(...)} and its kin (CUDA's
 * vector_functions.h), and a lambda's closure object from its captures ({@link Closures}).
 */
public record MakeVector(Type.Struct type) {}
