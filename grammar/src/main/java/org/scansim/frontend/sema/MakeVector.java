package org.scansim.frontend.sema;

/**
 * The callee of {@code make_float4(...)} and its kin (CUDA's vector_functions.h): builds a value
 * of the built-in vector type {@code type}, each argument converted to its component's type.
 */
public record MakeVector(Type.Struct type) {}
