package org.scansim.frontend.pp;

import java.util.HashMap;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;

/** The macros defined at a point of one preprocessing run: {@code #define} and {@code #undef}. */
final class MacroTable {
  private final Map<String, Macro> macros = new HashMap<>();
  private final Diagnostics diags;

  MacroTable(Diagnostics diags) {
    this.diags = diags;
  }

  Macro get(String name) {
    return macros.get(name);
  }

  boolean isDefined(String name) {
    return macros.containsKey(name);
  }

  /** Defines {@code m}; a different redefinition is diagnosed (C11 §6.10.3p2) and replaces it. */
  void define(Macro m) {
    Macro old = macros.get(m.name);
    if (old != null && !old.sameDefinitionAs(m) && m.nameToken != null) {
      Diagnostic d = Diagnostic.warning(m.nameToken.span(), "'" + m.name + "' redefined");
      if (old.nameToken != null) {
        d = d.withNote(old.nameToken.span(), "this is the location of the previous definition");
      }
      diags.report(d);
    }
    macros.put(m.name, m);
  }

  /** {@code #undef} (C11 §6.10.3.5p2); undefining an unknown name is fine. */
  void undef(PpToken name) {
    Macro old = macros.remove(name.text);
    if (old != null && old.builtin != null) {
      diags.warning(name.span(), "undefining '" + name.text + "'");
    }
  }
}
