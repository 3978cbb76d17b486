package org.scansim.grade;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;
import org.scansim.reports.FindingsText;

/**
 * The entry an assignment asks for, parsed by the front end from its C declaration, and compared
 * with what a submission defines type by type (not as text: parameter names, spacing and
 * {@code float*} against {@code float *} do not matter; {@code const}, the element type and the
 * execution space do).
 *
 * @param text   the declaration as the spec wrote it
 * @param name   the function's name
 * @param space  {@link Space#HOST} for a host entry (the submission launches its own kernels),
 *               {@link Space#GLOBAL} for a kernel entry (the harness launches it)
 * @param params the parameter types: {@code (const T *in, T *out, int n)}
 */
public record Signature(String text, String name, Space space, Type returnType, List<Type> params) {

  public boolean kernel() {
    return space == Space.GLOBAL;
  }

  /** The entry of a whole-program assignment: {@code main}, in either form C++ allows. */
  static final Signature MAIN = new Signature("main", "main", Space.HOST, Type.INT, List.of());

  /** Whether this is {@link #MAIN}: submissions are whole programs. */
  public boolean program() {
    return this == MAIN;
  }

  /** The declaration without parameter names, e.g. {@code void scan(const float *, float *, int)}. */
  public String spelling() {
    return program() ? "int main() or int main(int argc, char **argv)" : spelling(space, returnType, name, params);
  }

  /**
   * Parses {@code void NAME(const T *in, T *out, int n)} or the same with {@code __global__}.
   *
   * @throws IllegalArgumentException with a message for the spec's reader
   */
  static Signature parse(String text) {
    String decl = text.strip();
    while (decl.endsWith(";")) {
      decl = decl.substring(0, decl.length() - 1).strip();
    }
    if (decl.matches("(int\\s+)?main(\\s*\\([^)]*\\))?")) {
      return MAIN; // a whole program: "main", "int main()", "int main(int argc, char **argv)"
    }
    if (decl.isEmpty() || decl.contains("{") || decl.contains("#")) {
      throw new IllegalArgumentException("\"" + text + "\" is not a function declaration such as void scan(const float *in, float *out, int n)");
    }
    Frontend.Result r = Frontend.compile(new SourceFile("entry", decl + ";\n"), Map.of(), IncludeLoader.NONE);
    Optional<Diagnostic> error = r.diagnostics().sorted().stream().filter(Diagnostic::isError).findFirst();
    if (error.isPresent() || r.ast() == null || r.sema() == null) {
      throw new IllegalArgumentException("\"" + text + "\" is not a valid declaration: "
          + error.map(Diagnostic::message).orElse("it does not parse"));
    }
    List<Decl> decls = r.ast().decls();
    if (decls.size() != 1 || !(decls.get(0) instanceof Decl.Function f)) {
      throw new IllegalArgumentException("\"" + text + "\" must declare exactly one function");
    }
    Symbol.Function s = r.sema().functionOf(f);
    List<Type> p = s.paramTypes();
    boolean shaped = (s.space() == Space.HOST || s.space() == Space.GLOBAL) && s.returnType() instanceof Type.Void
        && p.size() == 3 && p.get(0) instanceof Type.Pointer a && p.get(1) instanceof Type.Pointer b
        && a.pointee().equals(b.pointee()) && a.pointee().isArithmetic() && p.get(2).isInteger();
    if (!shaped) {
      throw new IllegalArgumentException("\"" + text + "\" must have the form void NAME(const T *in, T *out, int n) "
          + "(a host entry) or __global__ void NAME(const T *in, T *out, int n) (a kernel entry)");
    }
    return new Signature(text, s.name(), s.space(), s.returnType(), p);
  }

  /**
   * Why {@code compiled} does not define this entry, rendered with the source line of what it
   * defines instead; empty when it defines it exactly.
   */
  Optional<String> problemWith(Frontend.Result compiled) {
    String file = compiled.file().name();
    if (program()) {
      Symbol.Function main = org.scansim.sim.run.ProgramRun.main(compiled);
      if (main == null) {
        return Optional.of(file + " does not define main(); the assignment asks for a whole program, " + spelling() + "\n");
      }
      try {
        org.scansim.sim.run.ProgramRun.params(main);
        return Optional.empty();
      } catch (org.scansim.sim.run.ScanRun.UsageException e) {
        return Optional.of(FindingsText.at(main.declSpan(), "error", e.getMessage()) + "note: the assignment asks for " + spelling() + "\n");
      }
    }
    Symbol.Function defined = null;
    Symbol.Function declared = null;
    List<String> others = new ArrayList<>();
    for (Decl d : compiled.ast().decls()) {
      if (d instanceof Decl.Function f) {
        Symbol.Function s = compiled.sema().functionOf(f);
        if (s == null) {
          continue;
        }
        if (s.sourceName().equals(name) && (defined == null || s.paramTypes().equals(params))) {
          if (f.body() != null) {
            defined = s;
          } else {
            declared = s;
          }
        } else if (f.body() != null) {
          others.add(spelling(s));
        }
      }
    }
    String wanted = "the assignment asks for " + spelling();
    if (defined == null) {
      String what = declared != null ? file + " declares '" + name + "' but never defines it; " + wanted
          : file + " does not define '" + name + "'; " + wanted;
      return Optional.of(what + (others.isEmpty() ? "" : "\nthe functions it defines: " + String.join("; ", others)) + "\n");
    }
    if (defined.space() == space && defined.returnType().equals(returnType) && defined.paramTypes().equals(params)) {
      return Optional.empty();
    }
    List<String> why = new ArrayList<>();
    if (defined.space() != space) {
      why.add(kernel() ? "it must be a __global__ kernel" : "it must be a plain host function, not " + defined.space().spelling());
    }
    if (!defined.returnType().equals(returnType)) {
      why.add("it must return " + returnType.spelling());
    }
    if (defined.paramTypes().size() != params.size()) {
      why.add("it must take " + params.size() + " parameters, not " + defined.paramTypes().size());
    } else {
      for (int i = 0; i < params.size(); i++) {
        if (!defined.paramTypes().get(i).equals(params.get(i))) {
          why.add("parameter " + (i + 1) + " must be " + params.get(i).spelling().strip() + ", not "
              + defined.paramTypes().get(i).spelling().strip());
        }
      }
    }
    return Optional.of(FindingsText.at(defined.declSpan(), "error", "'" + name + "' is " + spelling(defined) + "; " + wanted)
        + "note: " + String.join("; ", why) + "\n");
  }

  /**
   * The name the runs call in {@code compiled}: the definition of this entry, whose name carries
   * its signature when the file overloads it ({@code scan(const float *, float *, int)}).
   */
  String nameIn(Frontend.Result compiled) {
    for (Decl d : compiled.ast().decls()) {
      if (d instanceof Decl.Function f && f.body() != null) {
        Symbol.Function s = compiled.sema().functionOf(f);
        if (s != null && s.sourceName().equals(name) && s.space() == space && s.paramTypes().equals(params)) {
          return s.name();
        }
      }
    }
    return name;
  }

  static String spelling(Symbol.Function f) {
    return spelling(f.space(), f.returnType(), f.name(), f.paramTypes());
  }

  private static String spelling(Space space, Type ret, String name, List<Type> params) {
    List<String> ps = params.stream().map(t -> t.spelling().strip()).toList();
    return (space == Space.HOST ? "" : space.spelling() + " ") + ret.spelling() + " " + name + "(" + String.join(", ", ps) + ")";
  }
}
