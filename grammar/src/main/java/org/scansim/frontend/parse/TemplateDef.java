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

  private final FunctionTemplateDefinitionContext ctx;
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

  TemplateDef(FunctionTemplateDefinitionContext ctx, BuildContext b, DeclarationBuilder decls, String name, Span span,
      List<Param> params, List<TypeSpec> valueTypes) {
    this.ctx = ctx;
    this.b = b;
    this.decls = decls;
    this.name = name;
    this.span = span;
    this.namespace = b.namespaces.snapshot();
    this.params = List.copyOf(params);
    this.valueTypes = new ArrayList<>(valueTypes);
    this.patterns = patterns();
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
    if (patterns != null) {
      return patterns;
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
            int pointers = p.declarator() instanceof CudaParser.ObjectDeclaratorContext o ? o.pointer().size() + (o.arrayDimension().isEmpty() ? 0 : 1)
                : p.abstractDeclarator() instanceof CudaParser.PointerAbstractDeclaratorContext a ? a.pointer().size() : 0;
            return new Pattern(i, pointers);
          }
        }
      }
    }
    return null;
  }

  /** The instance's name: {@code scan<256, float>}. */
  String instanceName(List<Arg> args) {
    List<String> parts = args.stream().map(Arg::spelling).toList();
    return name + "<" + String.join(", ", parts) + ">";
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
        if (p.defaultArg() == null) {
          b.check(at, "'" + name + "' needs every template argument written or defaulted here: '" + p.name() + "' is not"
              + " (arguments are deduced only when none is written)");
          return null;
        }
        args.add(p.defaultArg());
      }
      if (args.get(i).isType() != p.isType()) {
        b.check(at, "template argument " + (i + 1) + " of '" + name + "' must be " + (p.isType() ? "a type" : "a constant")
            + " (its parameter is '" + p.name() + "')");
        return null;
      }
    }
    return args;
  }

  @Override
  public Decl.Function instantiate(List<Arg> args) {
    String key = instanceName(args);
    if (instances.containsKey(key)) {
      return instances.get(key);
    }
    if (b.instantiationDepth >= MAX_DEPTH) {
      b.check(ctx.TEMPLATE().getSymbol(), "instantiating '" + key + "' nests templates more than " + MAX_DEPTH + " deep");
      instances.put(key, null);
      return null;
    }
    instances.put(key, null); // an instance that needs itself while it is built refers to its name
    Namespaces.Saved saved = b.namespaces.enterSnapshot(namespace);
    Map<String, BuildContext.Alias> types = b.templateTypes;
    Map<String, BuildContext.Bound> values = b.templateValues;
    b.templateTypes = new HashMap<>();
    b.templateValues = new HashMap<>();
    for (int i = 0; i < params.size(); i++) {
      Arg a = args.get(i);
      if (a.isType()) {
        b.templateTypes.put(params.get(i).name(), new BuildContext.Alias(a.spec(), a.pointers(), null));
      } else {
        b.templateValues.put(params.get(i).name(), new BuildContext.Bound(a.value(), valueTypes.get(i)));
      }
    }
    b.instantiationDepth++;
    try {
      Decl.Function f = decls.functionDefinition(ctx.declarationSpecifiers(), ctx.declarator(), ctx.compoundStatement(), ctx);
      if (f == null) {
        return null;
      }
      Decl.Function instance = new Decl.Function(f.span(), f.qualifiers(), f.returnSpec(), f.returnPointers(), key, f.nameSpan(),
          f.params(), f.body());
      instances.put(key, instance);
      b.pendingInstances.add(instance);
      return instance;
    } finally {
      b.instantiationDepth--;
      b.templateTypes = types;
      b.templateValues = values;
      b.namespaces.restore(saved);
    }
  }

  /** A type argument from a type name as written ({@code float}, {@code const int *}). */
  static Arg typeArg(TypeName t) {
    return Arg.ofType(t.spec(), t.pointers());
  }
}
