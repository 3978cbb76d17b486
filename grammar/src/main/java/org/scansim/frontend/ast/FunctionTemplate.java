package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/**
 * A function template (C++ [temp.fct]) as the parser keeps it: not checked or lowered itself, but
 * instantiated once per distinct list of arguments, each instance an ordinary {@link Decl.Function}
 * named with its arguments ({@code scan<256, float>}), so that the IR shows every instantiation.
 * Explicit arguments ({@code scan<256, float><<<g, b>>>(...)}) are instantiated while the AST is
 * built; arguments deduced from a call's argument types ({@code add(x, y)}) by the type checker.
 */
public interface FunctionTemplate {
  /** Where a template that shares its name with others of other arities is kept too: its name and how many parameters it has. */
  static String arityKey(String name, int parameters) {
    return name + "/" + parameters;
  }

  /** The qualified name, without arguments. */
  String name();

  /** Where the template is defined: its name. */
  Span span();

  List<Param> params();

  /**
   * For each function parameter, the type template parameter it is written with and how many
   * {@code *} follow it ({@code const T *in}: T, 1); null where it names no type parameter.
   */
  List<Pattern> patterns();

  /** The instance for one argument per template parameter, built once per distinct list; null after an error. */
  Decl.Function instantiate(List<Arg> args);

  /** Parameter i's default, with the arguments {@code before} it bound; null when it has none. */
  Arg defaultArg(int i, List<Arg> before);

  /** The instances built since the last call (those the last instance needed too), nested ones first. */
  List<Decl.Function> newInstances();

  /** A template parameter: {@code typename T} or {@code int BLOCK} (its default: {@link #defaultArg}). */
  record Param(String name, boolean isType) {}

  /** A template argument: a type ({@code spec} with {@code pointers}) or a constant ({@code value}). */
  record Arg(TypeSpec spec, List<PointerLevel> pointers, Long value) {
    public static Arg ofType(TypeSpec spec, List<PointerLevel> pointers) {
      return new Arg(spec, List.copyOf(pointers), null);
    }

    public static Arg ofValue(long value) {
      return new Arg(null, List.of(), value);
    }

    public boolean isType() {
      return spec != null;
    }

    /** As the instance's name spells it: {@code float}, {@code const int *}, {@code 256}. */
    public String spelling() {
      if (!isType()) {
        return Long.toString(value);
      }
      return (spec.isConst() ? "const " : "") + spec.spelling() + (pointers.isEmpty() ? "" : " " + "*".repeat(pointers.size()));
    }
  }

  /** Function parameter i is written with type parameter {@code param} under {@code pointers} levels. */
  record Pattern(int param, int pointers) {}
}
