package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/**
 * A function type as a function pointer's declarator writes it (C11 §6.7.6.3): the result
 * ({@code result} with {@code resultPointers}) and the parameters, in {@code void (*f)(float *,
 * int)} the {@code void} and {@code (float *, int)}.
 */
public record Signature(Span span, TypeSpec result, List<PointerLevel> resultPointers, List<Param> params) {
  public Signature {
    resultPointers = List.copyOf(resultPointers);
    params = List.copyOf(params);
  }
}
