package org.scansim.frontend.parse;

/**
 * The names the type checker knows without a declaration in the file, which the parser's name
 * resolution ({@link Namespaces}) needs to place {@code std::} names: given to the parser by
 * whoever runs both ({@link org.scansim.frontend.Frontend}), so that the parser does not depend on
 * the stage after it.
 */
public interface KnownNames {
  /** Whether {@code qualified} is one of the standard streams the subset has ({@code std::cout}, ...). */
  boolean stream(String qualified);

  /** Whether {@code name} is a built-in or a C library function the subset has ({@code min}, {@code printf}, ...). */
  boolean builtIn(String name);
}
