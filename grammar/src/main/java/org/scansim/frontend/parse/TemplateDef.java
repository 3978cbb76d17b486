package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.FunctionTemplate;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.FunctionDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.FunctionTemplateDefinitionContext;
import org.scansim.frontend.parse.CudaParser.ParameterDeclarationContext;
import org.scansim.frontend.parse.CudaParser.ParametersContext;

/**
 * A function template kept as its parse tree and instantiated by building that tree again with
 * its parameters bound: a type parameter as an alias of the argument type, a value parameter as
 * a literal of its type wherever it is named. Each distinct argument list is built once; an
 * instance is named with its arguments ({@code scan<256, float>}). Instances nest at most
 * {@value #MAX_DEPTH} deep (a template that instantiates itself with ever new arguments stops
 * there with an error, as C++ compilers bound it).
 */
final class TemplateDef implements FunctionTemplate {
  static final int MAX_DEPTH = 64;
  /** Most instances of all templates in one file: a template that instantiates itself without end stops here. */
  static final int MAX_INSTANCES = 1000;

  /** The function template's definition, or null for a class template's. */
  private final FunctionTemplateDefinitionContext ctx;
  /** The class template's definition, or null for a function template's. */
  private final CudaParser.ClassTemplateDefinitionContext classCtx;
  private final Map<String, org.scansim.frontend.ast.StructDef> classInstances = new HashMap<>();
  private final BuildContext b;
  private final DeclarationBuilder decls;
  private final String name;
  private final Span span;
  private final List<String> namespace;
  private final List<Param> params;
  /** The type of each value parameter (null for a type parameter). */
  private final List<TypeSpec> valueTypes;
  private final List<Pattern> patterns;
  private final Map<String, Decl.Function> instances = new HashMap<>();
  private final java.util.Set<String> building = new java.util.HashSet<>();
  /** Each parameter's default as written, evaluated per use with the earlier arguments bound (null: none). */
  private final List<org.antlr.v4.runtime.ParserRuleContext> defaults;

  TemplateDef(FunctionTemplateDefinitionContext ctx, BuildContext b, DeclarationBuilder decls, String name, Span span,
      List<Param> params, List<TypeSpec> valueTypes, List<org.antlr.v4.runtime.ParserRuleContext> defaults) {
    this(ctx, null, b, decls, name, span, params, valueTypes, defaults);
  }

  /** A class template: {@code template <typename T, int BLOCK = 256> struct BlockScan { ... };}. */
  TemplateDef(CudaParser.ClassTemplateDefinitionContext classCtx, BuildContext b, DeclarationBuilder decls, String name, Span span,
      List<Param> params, List<TypeSpec> valueTypes, List<org.antlr.v4.runtime.ParserRuleContext> defaults) {
    this(null, classCtx, b, decls, name, span, params, valueTypes, defaults);
  }

  private TemplateDef(FunctionTemplateDefinitionContext ctx, CudaParser.ClassTemplateDefinitionContext classCtx, BuildContext b,
      DeclarationBuilder decls, String name, Span span, List<Param> params, List<TypeSpec> valueTypes,
      List<org.antlr.v4.runtime.ParserRuleContext> defaults) {
    this.defaults = new ArrayList<>(defaults);
    this.ctx = ctx;
    this.classCtx = classCtx;
    this.b = b;
    this.decls = decls;
    this.name = name;
    this.span = span;
    this.namespace = b.namespaces.snapshot();
    this.params = List.copyOf(params);
    this.valueTypes = new ArrayList<>(valueTypes);
    this.patterns = computePatterns();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Span span() {
    return span;
  }

  @Override
  public List<Param> params() {
    return params;
  }

  @Override
  public List<Pattern> patterns() {
    return patterns;
  }

  private List<Pattern> computePatterns() {
    if (ctx == null) {
      return List.of(); // a class template's arguments are written, never deduced
    }
    List<Pattern> out = new ArrayList<>();
    if (ctx.declarator() instanceof FunctionDeclaratorContext f && f.parameterList() instanceof ParametersContext ps) {
      for (ParameterDeclarationContext p : ps.parameterDeclaration()) {
        out.add(pattern(p));
      }
    }
    return java.util.Collections.unmodifiableList(out);
  }

  /** The type parameter a function parameter is written with ({@code const T *in}), or null. */
  private Pattern pattern(ParameterDeclarationContext p) {
    if (p.declarationSpecifiers() == null) {
      return null;
    }
    for (CudaParser.DeclarationSpecifierContext s : p.declarationSpecifiers().declarationSpecifier()) {
      if (s instanceof CudaParser.TypeSpecifierItemContext t && t.typeSpecifier() instanceof CudaParser.TypedefNameSpecifierContext n) {
        for (int i = 0; i < params.size(); i++) {
          if (params.get(i).isType() && params.get(i).name().equals(n.TYPE_NAME().getText())) {
            // A reference (const T &a) binds to the argument itself: only the * levels count.
            int pointers = p.declarator() instanceof CudaParser.ObjectDeclaratorContext o ? stars(o.pointer()) + (o.arrayDimension().isEmpty() ? 0 : 1)
                : p.abstractDeclarator() instanceof CudaParser.PointerAbstractDeclaratorContext a ? stars(a.pointer()) : 0;
            return new Pattern(i, pointers);
          }
        }
      }
    }
    return null;
  }

  private static int stars(List<CudaParser.PointerContext> levels) {
    return (int) levels.stream().filter(l -> l instanceof CudaParser.PointerLevelContext).count();
  }

  /** The instance's name: {@code scan<256, float>}; one of templates told apart by arity adds its parameters' count. */
  String instanceName(List<Arg> args) {
    List<String> parts = args.stream().map(Arg::spelling).toList();
    return name + "<" + String.join(", ", parts) + ">" + (overloaded ? "/" + patterns.size() : "");
  }

  /** Whether another template shares its name (with another number of parameters). */
  private boolean overloaded;

  void markOverloaded() {
    overloaded = true;
  }

  /**
   * The explicit arguments completed with the parameters' defaults; null after reporting, at
   * {@code at}, what is missing or of the wrong kind.
   */
  List<Arg> complete(List<Arg> explicit, org.antlr.v4.runtime.Token at) {
    if (explicit.size() > params.size()) {
      b.check(at, "too many template arguments for '" + name + "': it takes " + params.size() + ", not " + explicit.size());
      return null;
    }
    List<Arg> args = new ArrayList<>(explicit);
    for (int i = 0; i < params.size(); i++) {
      Param p = params.get(i);
      if (i >= args.size()) {
        Arg d = defaultArg(i, args);
        if (d == null) {
          if (defaults.get(i) == null) {
            b.check(at, "'" + name + "' needs every template argument written or defaulted here: '" + p.name() + "' is not"
                + " (arguments are deduced only when none is written)");
          }
          return null;
        }
        args.add(d);
      }
      if (args.get(i).isType() != p.isType()) {
        b.check(at, "template argument " + (i + 1) + " of '" + name + "' must be " + (p.isType() ? "a type" : "a constant")
            + " (its parameter is '" + p.name() + "')");
        return null;
      }
    }
    return args;
  }

  /**
   * Parameter i's default with the arguments before it bound ({@code int ITEMS = 2 * BLOCK},
   * {@code typename U = T}); null when it has none or it is not a constant (reported).
   */
  @Override
  public Arg defaultArg(int i, List<Arg> before) {
    org.antlr.v4.runtime.ParserRuleContext d = defaults.get(i);
    if (d == null) {
      return null;
    }
    Map<String, BuildContext.Alias> types = b.templateTypes;
    Map<String, BuildContext.Bound> values = b.templateValues;
    b.templateTypes = new HashMap<>();
    b.templateValues = new HashMap<>();
    // Names in a default are the template's: looked up where it is defined, not where it is used.
    Namespaces.Saved saved = b.namespaces.enterSnapshot(namespace);
    try {
      for (int k = 0; k < i && k < before.size(); k++) {
        Arg a = before.get(k);
        if (a == null) {
          continue;
        }
        if (a.isType()) {
          b.templateTypes.put(params.get(k).name(), new BuildContext.Alias(a.spec(), a.pointers()));
        } else {
          b.templateValues.put(params.get(k).name(), new BuildContext.Bound(a.value(), valueTypes.get(k)));
        }
      }
      if (d instanceof CudaParser.TypeNameContext tn) {
        TypeName t = decls.typeName(tn);
        return t == null ? null : typeArg(t);
      }
      Long c = b.exprs.templateConstant((CudaParser.TemplateValueContext) d);
      return c == null ? null : Arg.ofValue(c);
    } finally {
      b.templateTypes = types;
      b.templateValues = values;
      b.namespaces.restore(saved);
      flushLate();
    }
  }

  /** The instance of that name built so far, or null. */
  Decl.Function built(String name) {
    return instances.get(name);
  }

  @Override
  public Decl.Function instantiate(List<Arg> args) {
    return instance(args, instances, key -> {
      Decl.Function f = decls.functionDefinition(ctx.declarationSpecifiers(), ctx.declarator(), false, ctx.compoundStatement(), ctx);
      if (f == null) {
        return null;
      }
      Decl.Function instance = new Decl.Function(f.span(), f.qualifiers(), f.returnSpec(), f.returnPointers(), key, f.nameSpan(),
          f.params(), f.body());
      instances.put(key, instance);
      b.pendingInstances.add(instance);
      return instance;
    });
  }

  /** The class template's instance for these arguments (built once), or null after an error. */
  org.scansim.frontend.ast.StructDef instantiateClass(List<Arg> args) {
    return instance(args, classInstances, key -> {
      org.scansim.frontend.ast.StructDef def = ClassBuilder.defineInstance(key, classCtx.IDENTIFIER().getText(), classCtx.braceBody(),
          b.span(classCtx), b, early -> classInstances.put(key, early));
      classInstances.put(key, def);
      return def;
    });
  }

  /** Whether this is a class template. */
  boolean isClassTemplate() {
    return classCtx != null;
  }

  /**
   * The instance for {@code args} from {@code cache}, or built by {@code build} with the
   * parameters bound (each type parameter an alias of its argument, each value one a literal),
   * in the template's namespace; null past the limits on instances (reported once).
   */
  private <T> T instance(List<Arg> args, Map<String, T> cache, java.util.function.Function<String, T> build) {
    String key = instanceName(args);
    if (cache.containsKey(key)) {
      return cache.get(key);
    }
    if (b.instantiationDepth >= MAX_DEPTH || b.instanceCount >= MAX_INSTANCES) {
      if (!b.instancesExhausted) {
        b.instancesExhausted = true;
        b.check((ctx != null ? ctx.TEMPLATE() : classCtx.TEMPLATE()).getSymbol(), "instantiating '" + key + "' "
            + (b.instantiationDepth >= MAX_DEPTH ? "nests templates more than " + MAX_DEPTH + " deep"
            : "makes more than " + MAX_INSTANCES + " template instances") + " (does a template instantiate itself without end?)");
        flushLate();
      }
      cache.put(key, null);
      return null;
    }
    b.instanceCount++;
    cache.put(key, null); // an instance that needs itself while it is built refers to its name
    building.add(key);
    // Aliases a body declares (typedef T V;) are its own: each instance declares them anew.
    java.util.Map<String, BuildContext.Alias> aliases = new HashMap<>(b.aliases);
    Namespaces.Saved saved = b.namespaces.enterSnapshot(namespace);
    Map<String, BuildContext.Alias> types = b.templateTypes;
    Map<String, BuildContext.Bound> values = b.templateValues;
    ClassBuilder.ClassInfo currentClass = b.currentClass;
    b.currentClass = null;
    b.templateTypes = new HashMap<>();
    b.templateValues = new HashMap<>();
    for (int i = 0; i < params.size(); i++) {
      Arg a = args.get(i);
      if (a.isType()) {
        b.templateTypes.put(params.get(i).name(), new BuildContext.Alias(a.spec(), a.pointers()));
      } else {
        b.templateValues.put(params.get(i).name(), new BuildContext.Bound(a.value(), valueTypes.get(i)));
      }
    }
    b.instantiationDepth++;
    try {
      return build.apply(key);
    } finally {
      building.remove(key);
      b.instantiationDepth--;
      b.templateTypes = types;
      b.templateValues = values;
      b.currentClass = currentClass;
      b.namespaces.restore(saved);
      b.aliases.clear();
      b.aliases.putAll(aliases);
      flushLate();
    }
  }

  /** Whether the instance of this name is being built (a recursive call names it before it is done). */
  boolean building(String key) {
    return building.contains(key);
  }

  /** The instances built since the last call, nested ones first, for a type checker that deduced one. */
  @Override
  public List<Decl.Function> newInstances() {
    List<Decl.Function> out = new ArrayList<>();
    b.pendingInstances.forEach(d -> out.add((Decl.Function) d));
    b.pendingInstances.clear();
    return out;
  }

  /** After the parse, errors found while building an instance go to the compilation's diagnostics. */
  private void flushLate() {
    if (b.errors.late != null && b.instantiationDepth == 0) {
      b.errors.flushTo(b.errors.late);
    }
  }

  /** A type argument from a type name as written ({@code float}, {@code const int *}). */
  static Arg typeArg(TypeName t) {
    return Arg.ofType(t.spec(), t.pointers());
  }
}
