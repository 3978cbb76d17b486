package org.scansim.frontend.sema;

import java.util.HashMap;
import java.util.Map;

/** One lexical scope of names (C11 §6.2.1): a file, a function body, a block, a for header. */
final class Scope {
  private final Scope parent;
  private final Map<String, Symbol> names = new HashMap<>();

  Scope(Scope parent) {
    this.parent = parent;
  }

  Scope parent() {
    return parent;
  }

  Symbol lookup(String name) {
    for (Scope s = this; s != null; s = s.parent) {
      Symbol found = s.names.get(name);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  Symbol lookupHere(String name) {
    return names.get(name);
  }

  /** Every name visible here, inner scopes' first: the candidates of a "did you mean". */
  java.util.List<String> visibleNames() {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (Scope s = this; s != null; s = s.parent) {
      out.addAll(s.names.keySet());
    }
    return out;
  }

  void define(Symbol symbol) {
    names.put(symbol.name(), symbol);
  }
}
