package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/** A type written without a name, as in casts and {@code sizeof}: specifiers and pointers. */
public record TypeName(Span span, TypeSpec spec, List<PointerLevel> pointers) {
  public TypeName {
    pointers = List.copyOf(pointers);
  }
}
