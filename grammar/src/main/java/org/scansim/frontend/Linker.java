package org.scansim.frontend;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.FunctionTemplate;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.diag.Span;

/**
 * Joins a program's translation units into one, as a linker joins their objects: every unit's
 * declarations in the order the files were given, so that a function one unit calls through a
 * header's prototype is the one another unit defines. What a header shared by several units
 * declares (a struct, a constant, an inline function, a template) comes once: a declaration met
 * again at the same place of the same file is the same declaration (C++'s one-definition rule),
 * and is kept from the first unit that included it. The type checker then sees the program whole.
 */
final class Linker {
  private Linker() {}

  /** The units as one, named by the first (the program's own file). */
  static TranslationUnit link(List<TranslationUnit> units) {
    if (units.size() == 1) {
      return units.get(0);
    }
    List<Decl> decls = new ArrayList<>();
    Map<String, FunctionTemplate> templates = new LinkedHashMap<>();
    List<StructDef> structs = new ArrayList<>();
    Set<String> seenDecls = new HashSet<>();
    Set<String> seenStructs = new HashSet<>();
    for (TranslationUnit u : units) {
      for (Decl d : u.decls()) {
        if (seenDecls.add(key(d))) {
          decls.add(d);
        }
      }
      u.templates().forEach(templates::putIfAbsent);
      for (StructDef s : u.structs()) {
        if (seenStructs.add(s.name() + "@" + where(s.nameSpan()))) {
          structs.add(s);
        }
      }
    }
    return new TranslationUnit(units.get(0).file(), decls, templates, structs);
  }

  /** A declaration's identity across units: what it declares and where (a template's instances by their names). */
  private static String key(Decl d) {
    String what = d instanceof Decl.Function f ? "f " + f.name() + (f.body() == null ? " proto" : "")
        : d instanceof Decl.Variables v ? "v " + String.join(",", v.vars().stream().map(x -> x.name()).toList())
        : "s";
    return what + "@" + where(d.span());
  }

  private static String where(Span s) {
    return s == null ? "?" : (s.file() == null ? "" : s.file().name()) + ":" + s.line() + ":" + s.col();
  }
}
