package org.scansim.frontend.ast;

/**
 * One {@code *} of a declarator with the qualifiers written after it ({@code * const}); or, as
 * the last level of a function's result only, the {@code &} of a function returning a reference
 * ({@code T &at(int i)}), which returns the object's address and whose calls designate the object.
 */
public record PointerLevel(boolean isConst, boolean isVolatile, boolean isRestrict, boolean isReference) {
  public PointerLevel(boolean isConst, boolean isVolatile, boolean isRestrict) {
    this(isConst, isVolatile, isRestrict, false);
  }

  /** The {@code &} of a function returning a reference. */
  public static final PointerLevel REFERENCE = new PointerLevel(false, false, false, true);

  /** Whether the last of {@code levels} is a returned reference's {@code &}. */
  public static boolean endsInReference(java.util.List<PointerLevel> levels) {
    return !levels.isEmpty() && levels.get(levels.size() - 1).isReference();
  }
}
