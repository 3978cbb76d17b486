package org.scansim.frontend.ir;

import org.scansim.frontend.diag.Span;

/**
 * A variable that lives in memory rather than in a register: a {@code __shared__} array or
 * scalar, the dynamic {@code extern __shared__} array, a {@code __device__}/{@code __constant__}
 * global, a host global, or a local array / address-taken local. {@code elemType} is the type of
 * one element and {@code count} the number of elements (-1 for dynamic shared memory, sized at
 * launch). {@code init} holds initial element values as IR immediates' bits (may be shorter than
 * count: the rest is zero), or null when uninitialised. {@code address}: for a host pointer
 * initialised with a string literal ({@code const char *name = "scan";}), the module variable
 * whose address is its initial value; else null.
 */
public record MemoryVar(String name, MemSpace space, IrType elemType, long count, long[] init, Span span,
    org.scansim.frontend.sema.Type layout, String address) {
  /** A variable whose elements are all of {@code elemType}: no layout to name its bytes by. */
  public MemoryVar(String name, MemSpace space, IrType elemType, long count, long[] init, Span span) {
    this(name, space, elemType, count, init, span, null, null);
  }

  public MemoryVar(String name, MemSpace space, IrType elemType, long count, long[] init, Span span,
      org.scansim.frontend.sema.Type layout) {
    this(name, space, elemType, count, init, span, layout, null);
  }

  /** Where byte {@code offset} of the variable is, for messages: {@code [3].first} of a struct array, {@code [7]} otherwise. */
  public String element(long offset) {
    return layout != null ? org.scansim.frontend.sema.Type.path(layout, offset) : "[" + offset / elemType.size() + "]";
  }

  /** The variable's size in bytes; {@code Long.MAX_VALUE} when that passes what a long holds. */
  public long bytes() {
    if (count < 0) {
      return 0;
    }
    return count > Long.MAX_VALUE / elemType.size() ? Long.MAX_VALUE : count * elemType.size();
  }

  public boolean isDynamic() {
    return count < 0;
  }
}
