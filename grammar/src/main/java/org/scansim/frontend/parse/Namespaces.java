package org.scansim.frontend.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Namespaces flattened into qualified names while the AST is built (C++ [basic.namespace]): a
 * name declared in {@code namespace scan { ... }} is declared as {@code scan::name}, and each name
 * a file uses is resolved, in source order, to the declaration it denotes:
 *
 * <ul>
 *   <li>an unqualified name: a local variable or parameter of the function being built; else the
 *       enclosing namespaces' declarations, innermost first, then the file's; else a name brought
 *       in by a using-declaration ({@code using scan::add;}) or a using-directive ({@code using
 *       namespace scan;}), the function's and then the file's;
 *   <li>a qualified name ({@code scan::add}, {@code ::add}): its first part expanded when it is a
 *       namespace alias ({@code namespace cg = cooperative_groups;}), looked up in the enclosing
 *       namespaces first (C++ [namespace.qual]), else taken as written; {@code std::} before a
 *       name the subset knows ({@code std::min}) is dropped.
 * </ul>
 *
 * Not modelled: block scopes (a local variable shadows a namespace's name from its declaration to
 * the end of the function), argument-dependent lookup, and ambiguity between two using-directives
 * (the first that declares the name wins). An anonymous namespace adds no prefix: its names are
 * the file's.
 */
final class Namespaces {
  /** What the type checker knows by name (the standard streams, built-ins, the C library). */
  private final KnownNames names;

  Namespaces(KnownNames names) {
    this.names = names;
  }

  /** The enclosing named namespaces, innermost first, each as a prefix ("scan::detail::"). */
  private final Deque<String> prefixes = new ArrayDeque<>();
  /** The namespaces entered so far, qualified ("scan", "scan::detail"). */
  private final Set<String> known = new HashSet<>();
  /** Names declared at namespace or file scope (functions, variables, aliases), qualified. */
  private final Set<String> declared = new HashSet<>();
  /** Namespace aliases: {@code cg} → {@code cooperative_groups}, qualified where declared. */
  private final Map<String, String> aliases = new HashMap<>();
  /** Using-directives in force at file scope, and in the function being built. */
  private final List<String> fileUsings = new ArrayList<>();
  private final List<String> functionUsings = new ArrayList<>();
  /** Using-declarations: the short name → the qualified one. */
  private final Map<String, String> fileUsingNames = new HashMap<>();
  private final Map<String, String> functionUsingNames = new HashMap<>();
  /** The parameters and local variables of the function being built; null outside functions. */
  private Set<String> locals;

  /** What {@link #enterSnapshot} replaces, for {@link #restore}. */
  record Saved(List<String> prefixes, Set<String> locals, List<String> functionUsings, Map<String, String> functionUsingNames) {}

  /** The enclosing namespaces' prefixes, innermost first (for a template to be built there later). */
  List<String> snapshot() {
    return List.copyOf(prefixes);
  }

  /** Builds from here on inside the namespaces of {@code snapshot}, outside any function; returns what to restore. */
  Saved enterSnapshot(List<String> snapshot) {
    Saved s = new Saved(List.copyOf(prefixes), locals, List.copyOf(functionUsings), Map.copyOf(functionUsingNames));
    prefixes.clear();
    prefixes.addAll(snapshot);
    locals = null;
    functionUsings.clear();
    functionUsingNames.clear();
    return s;
  }

  void restore(Saved s) {
    prefixes.clear();
    prefixes.addAll(s.prefixes());
    locals = s.locals();
    functionUsings.clear();
    functionUsings.addAll(s.functionUsings());
    functionUsingNames.clear();
    functionUsingNames.putAll(s.functionUsingNames());
  }

  /** The qualifying prefix of the current namespace, "" at file scope. */
  String prefix() {
    return prefixes.isEmpty() ? "" : prefixes.peek();
  }

  /** Enters {@code namespace name { ... }} (null or empty: an anonymous namespace). */
  void enter(String name) {
    prefixes.push(name == null || name.isEmpty() ? prefix() : prefix() + name + "::");
    if (!prefix().isEmpty()) {
      known.add(prefix().substring(0, prefix().length() - 2));
    }
  }

  /** Whether {@code qualifier} ({@code scan} of {@code scan::add}) names a namespace or namespace alias in scope. */
  boolean isNamespace(String qualifier) {
    String q = expandAlias(qualifier.startsWith("::") ? qualifier.substring(2) : qualifier);
    return known.contains(q) || prefixes.stream().anyMatch(p -> known.contains(p + q));
  }

  void leave() {
    prefixes.pop();
  }

  /** Declares {@code name} in the current namespace; returns its qualified name. */
  String declare(String name) {
    String full = name.contains("::") ? qualified(name, declared::contains) : prefix() + name;
    declared.add(full);
    return full;
  }

  /** {@code namespace alias = target;}. */
  void alias(String alias, String target) {
    aliases.put(prefix() + alias, expandAlias(target.startsWith("::") ? target.substring(2) : target));
  }

  /** Most using-directives in force at once: each one is tried for every name not found otherwise. */
  static final int MAX_USINGS = 64;

  /**
   * {@code using namespace target;}, in the function being built or at file scope; false when
   * {@link #MAX_USINGS} are in force already (the caller reports it).
   */
  boolean useNamespace(String target) {
    String t = expandAlias(target.startsWith("::") ? target.substring(2) : target);
    String full = prefixes.stream().map(p -> p + t).filter(known::contains).findFirst().orElse(t);
    List<String> usings = locals != null ? functionUsings : fileUsings;
    if (usings.contains(full + "::")) {
      return true;
    }
    if (usings.size() >= MAX_USINGS) {
      return false;
    }
    usings.add(full + "::");
    return true;
  }

  /** {@code using ns::name;}. */
  void useName(String qualifiedName) {
    String full = qualified(qualifiedName, n -> declared.contains(n) || GROUP_FUNCTIONS.contains(n));
    String shortName = full.contains("::") ? full.substring(full.lastIndexOf("::") + 2) : full;
    (locals != null ? functionUsingNames : fileUsingNames).put(shortName, full);
  }

  /** A function's body begins: its parameters are its first locals. */
  void beginFunction(List<String> params) {
    locals = new HashSet<>(params);
    functionUsings.clear();
    functionUsingNames.clear();
  }

  void endFunction() {
    locals = null;
    functionUsings.clear();
    functionUsingNames.clear();
  }

  /** Whether a function's body is being built. */
  boolean inFunction() {
    return locals != null;
  }

  /** Whether {@code name} is a parameter or local variable of the function being built. */
  boolean isLocal(String name) {
    return locals != null && locals.contains(name);
  }

  /** The locals so far, to be put back when a lambda's body (whose parameters and locals are its own) is done. */
  Set<String> saveLocals() {
    return locals == null ? null : new HashSet<>(locals);
  }

  void restoreLocals(Set<String> saved) {
    locals = saved;
  }

  /** A local variable of the function being built. */
  void local(String name) {
    if (locals != null) {
      locals.add(name);
    }
  }

  /** The functions of cooperative_groups.h the subset knows (its types are aliases, its templates TEMPLATE_NAMEs). */
  static final Set<String> GROUP_FUNCTIONS = Set.of("cooperative_groups::this_thread_block", "cooperative_groups::sync",
      "cooperative_groups::reduce", "cooperative_groups::inclusive_scan", "cooperative_groups::exclusive_scan",
      "cooperative_groups::this_grid", "cooperative_groups::coalesced_threads");

  /** The qualified name of the variable or function {@code name} denotes where it is used. */
  String resolve(String name) {
    Predicate<String> known = n -> declared.contains(n) || GROUP_FUNCTIONS.contains(n)
        || names.stream(n);
    if (name.contains("::")) {
      return qualified(name, known);
    }
    if (locals != null && locals.contains(name)) {
      return name;
    }
    return unqualified(name, known);
  }

  /** The qualified name of the type alias {@code name} denotes, among those {@code known} says exist. */
  String resolveType(String name, Predicate<String> known) {
    return name.contains("::") ? qualified(name, known) : unqualified(name, known);
  }

  private String unqualified(String name, Predicate<String> known) {
    for (String p : prefixes) {
      if (known.test(p + name)) {
        return p + name;
      }
    }
    if (known.test(name)) {
      return name;
    }
    for (Map<String, String> names : List.of(functionUsingNames, fileUsingNames)) {
      String full = names.get(name);
      if (full != null) {
        return full;
      }
    }
    for (List<String> usings : List.of(functionUsings, fileUsings)) {
      for (String u : usings) {
        if (known.test(u + name)) {
          return u + name;
        }
      }
    }
    return name;
  }

  private String qualified(String name, Predicate<String> known) {
    String q = expandAlias(name.startsWith("::") ? name.substring(2) : name);
    if (!name.startsWith("::")) {
      for (String p : prefixes) {
        if (known.test(p + q)) {
          return p + q;
        }
      }
    }
    if (!name.startsWith("::") && !known.test(q)) {
      for (List<String> usings : List.of(functionUsings, fileUsings)) {
        for (String u : usings) {
          if (known.test(u + q)) {
            return u + q; // using namespace std::chrono; ... high_resolution_clock::now()
          }
        }
      }
    }
    // std::min, std::size_t: the names the subset has without std::. Any other std:: name stays,
    // and is reported as the standard library's.
    if (!known.test(q) && q.startsWith("std::") && q.indexOf("::", 5) < 0) {
      String rest = q.substring("std::".length());
      if (known.test(rest) || names.builtIn(rest)) {
        return rest;
      }
    }
    return q;
  }

  /** {@code name} with its first part replaced when that part is a namespace alias in scope. */
  private String expandAlias(String name) {
    int cut = name.indexOf("::");
    String first = cut < 0 ? name : name.substring(0, cut);
    for (Iterator<String> it = prefixes.iterator(); ; ) {
      String p = it.hasNext() ? it.next() : "";
      String target = aliases.get(p + first);
      if (target != null) {
        return cut < 0 ? target : target + name.substring(cut);
      }
      if (p.isEmpty()) {
        return name;
      }
    }
  }
}
