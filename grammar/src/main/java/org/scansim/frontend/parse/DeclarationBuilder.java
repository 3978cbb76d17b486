package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.scansim.frontend.ast.ArrayDim;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.Storage;
import org.scansim.frontend.ast.FunctionTemplate;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.AbstractDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.ArrayDimensionContext;
import org.scansim.frontend.parse.CudaParser.AssignInitializerContext;
import org.scansim.frontend.parse.CudaParser.BracedInitializerContext;
import org.scansim.frontend.parse.CudaParser.CompoundStatementContext;
import org.scansim.frontend.parse.CudaParser.ConstructorInitializerContext;
import org.scansim.frontend.parse.CudaParser.DeclarationSpecifiersContext;
import org.scansim.frontend.parse.CudaParser.DeclaratorContext;
import org.scansim.frontend.parse.CudaParser.DeclaratorNameContext;
import org.scansim.frontend.parse.CudaParser.EllipsisOnlyContext;
import org.scansim.frontend.parse.CudaParser.ExpressionInitializerContext;
import org.scansim.frontend.parse.CudaParser.FunctionDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.FunctionPointerDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.InitDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.InitializerContext;
import org.scansim.frontend.parse.CudaParser.InitializerPartContext;
import org.scansim.frontend.parse.CudaParser.ObjectDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.OperatorNameContext;
import org.scansim.frontend.parse.CudaParser.ParameterDeclarationContext;
import org.scansim.frontend.parse.CudaParser.ParameterListContext;
import org.scansim.frontend.parse.CudaParser.ParametersContext;
import org.scansim.frontend.parse.CudaParser.PointerAbstractDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.PointerContext;
import org.scansim.frontend.parse.CudaParser.PointerLevelContext;
import org.scansim.frontend.parse.CudaParser.PointerQualifierContext;
import org.scansim.frontend.parse.CudaParser.QualifiedDeclaratorNameContext;
import org.scansim.frontend.parse.CudaParser.ReferenceLevelContext;
import org.scansim.frontend.parse.CudaParser.SimpleNameContext;
import org.scansim.frontend.parse.CudaParser.TypeNameContext;
import org.scansim.frontend.parse.CudaParser.TypeQualifierContext;
import org.scansim.frontend.parse.CudaParser.TypeSpecifierContext;

/**
 * Builds declarations: specifiers, declarators (C11 §6.7.6), parameters, initialisers, type names
 * for casts and sizeof, and functions. One declaration with several declarators ({@code int pout
 * = 0, pin = 1;}) yields one {@link VarDecl} per declarator sharing the specifiers, and a pointer
 * belongs to its declarator only ({@code float *a, b;} declares one pointer).
 */
final class DeclarationBuilder {
  private final BuildContext b;
  private ExprBuilder exprs;
  private StmtBuilder stmts;

  DeclarationBuilder(BuildContext b) {
    this.b = b;
  }

  void wire(ExprBuilder exprs, StmtBuilder stmts) {
    this.exprs = exprs;
    this.stmts = stmts;
  }

  // ------------------------------------------------------------------------------------------
  // Declarations

  /**
   * The variables and function prototypes of one declaration, in source order: {@link VarDecl} or
   * {@link Decl.Function} items (prototypes, only at file scope). {@code whole} is the
   * declaration, for spans and messages.
   */
  List<Object> declaration(
      DeclarationSpecifiersContext specifiers,
      List<InitDeclaratorContext> inits,
      ParserRuleContext whole,
      boolean blockScope) {
    List<Object> out = new ArrayList<>();
    if (specifiers == null) {
      return out;
    }
    TypeSpecifiers parts = TypeSpecifiers.collect(specifiers, specifiers.declarationSpecifier(), b);
    if (parts.unsupported) {
      aliasesRefused(parts, inits);
      return out;
    }
    if (inits.isEmpty() && parts.declaresStruct && parts.typedef == null) {
      if (!parts.storageWords.isEmpty() || parts.isConst || parts.isVolatile) {
        b.warning(whole, "declaration does not declare anything");
      }
      return out; // struct Pair { ... }; or struct Node;
    }
    if (inits.isEmpty()) {
      b.warning(whole, parts.typedef != null ? "typedef requires a name" : "declaration does not declare anything");
      return out;
    }
    if (parts.typedef != null) {
      typedef(parts, inits);
      return out;
    }
    if (parts.definesClass && parts.struct != null) {
      b.check(inits.get(0).getStart(), "declare variables of class '" + parts.struct.name() + "' after its definition ("
          + parts.struct.name() + " x;), where its member functions are known");
      return out;
    }
    boolean anyFunction = false;
    boolean anyVariable = false;
    for (InitDeclaratorContext init : inits) {
      boolean function = init.declarator() instanceof FunctionDeclaratorContext;
      anyFunction |= function;
      anyVariable |= !function;
    }
    TypeSpec spec = parts.normalise(b);
    Set<Storage> storage = anyVariable ? variableStorage(parts) : EnumSet.noneOf(Storage.class);
    Set<FunctionQualifier> qualifiers =
        anyFunction ? functionQualifiers(parts) : EnumSet.noneOf(FunctionQualifier.class);
    for (int i = 0; i < inits.size(); i++) {
      InitDeclaratorContext init = inits.get(i);
      DeclaratorParts d = declarator(init.declarator(), parts, blockScope, true);
      if (d == null || d.bad) {
        continue;
      }
      boolean initialized = init.initializerPart() != null || d.list != null;
      Span span = i == 0 ? b.spans.of(whole.getStart(), init.getStop()) : b.span(init);
      if (d.reference != null && (!d.dims.isEmpty() || !initialized)) {
        b.check(d.reference, !d.dims.isEmpty() ? "arrays of references are not allowed"
            : "declaration of reference variable '" + d.name + "' requires an initializer");
        continue;
      }
      if (d.function != null) {
        if (blockScope) {
          b.check(init.declarator(), "function declarations inside a function are not supported");
          continue;
        }
        if (init.initializerPart() != null) {
          b.check(init.initializerPart(), "function '" + d.name + "' is initialized like a variable");
          continue;
        }
        List<Param> params = parameters(d.function.parameterList());
        out.add(new Decl.Function(span, qualifiers, spec, d.pointers, b.namespaces.declare(d.name), d.nameSpan, params, null));
      } else {
        Initializer initializer = d.list != null ? braced(b.span(d.list), d.list.initializer()) : initializer(init.initializerPart());
        if (d.list != null && (spec.base() == org.scansim.frontend.ast.BaseType.AUTO || d.reference != null)
            && d.pointers.isEmpty() && initializer instanceof Initializer.Braced br && br.items().size() == 1
            && br.items().get(0) instanceof Initializer.Single one) {
          initializer = one; // auto x{e}: x has e's type (C++17 [dcl.type.auto.deduct]); int &r{x} binds r to x
        }
        String name;
        if (blockScope) {
          b.namespaces.local(d.name);
          name = d.name;
        } else {
          name = b.namespaces.declare(d.name);
          if (spec.isConst() && d.pointers.isEmpty() && d.dims.isEmpty() && initializer instanceof Initializer.Single single) {
            Long c = ExprBuilder.constant(single.value(), b);
            if (c != null) {
              b.constants.put(name, c);
            }
          }
        }
        if (!d.dims.isEmpty() && d.pointers.isEmpty() && initializer instanceof Initializer.Braced br && br.items().size() == 1
            && br.items().get(0) instanceof Initializer.Single one && one.value() instanceof Expr.StringLit) {
          initializer = one; // char s[] = {"abc"}: the literal in braces (C11 §6.7.9p14)
        }
        if (!d.dims.isEmpty() && d.pointers.isEmpty() && initializer instanceof Initializer.Single single
            && single.value() instanceof Expr.StringLit text && isCharacter(spec)) {
          initializer = characters(single.span(), text); // char s[] = "abc": its characters and a NUL (C11 §6.7.9p14)
        }
        out.add(new VarDecl(span, storage, d.specFor(spec), d.pointers, name, d.nameSpan, d.dims, initializer, d.reference != null));
      }
    }
    return out;
  }

  /** A range-based for's variable ({@code auto &x}, {@code int x}) with the initializer the statement gives it; null after an error. */
  VarDecl rangeVariable(DeclarationSpecifiersContext specifiers, DeclaratorContext declarator, Initializer init, ParserRuleContext whole) {
    TypeSpecifiers parts = TypeSpecifiers.collect(specifiers, specifiers.declarationSpecifier(), b);
    DeclaratorParts d = declarator(declarator, parts, true);
    if (d == null || d.bad || parts.unsupported) {
      return null;
    }
    if (d.function != null || d.functionParams != null || !d.dims.isEmpty()) {
      b.check(declarator, "a range-based for declares one variable, not a function or an array");
      return null;
    }
    TypeSpec spec = parts.normalise(b);
    b.namespaces.local(d.name);
    return new VarDecl(b.spans.of(whole.getStart(), declarator.getStop()), variableStorage(parts), d.specFor(spec), d.pointers, d.name,
        d.nameSpan, d.dims, init, d.reference != null);
  }

  private static boolean isCharacter(org.scansim.frontend.ast.TypeSpec spec) {
    return spec.base() == org.scansim.frontend.ast.BaseType.CHAR || spec.base() == org.scansim.frontend.ast.BaseType.SCHAR
        || spec.base() == org.scansim.frontend.ast.BaseType.UCHAR;
  }

  /** A string literal's bytes (UTF-8, as printf prints it) and its NUL, as the braced values of a character array. */
  private static Initializer characters(org.scansim.frontend.diag.Span span, Expr.StringLit text) {
    List<Initializer> items = new ArrayList<>();
    for (byte c : (text.value() + "\0").getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      items.add(new Initializer.Single(text.span(), new Expr.CharLit(text.span(), c)));
    }
    return new Initializer.Braced(span, items);
  }

  /** A function definition: {@code __global__ void scan(float *out, ...) { ... }}. */
  Decl.Function functionDefinition(
      DeclarationSpecifiersContext specifiers,
      DeclaratorContext declarator,
      boolean constQualified,
      CompoundStatementContext body,
      ParserRuleContext whole) {
    TypeSpecifiers parts = TypeSpecifiers.collect(specifiers, specifiers.declarationSpecifier(), b);
    if (parts.typedef != null) {
      b.check(parts.typedef, "a function definition cannot be a typedef");
      return null;
    }
    TypeSpec spec = parts.normalise(b);
    DeclaratorParts d = declarator(declarator, parts);
    if (d != null && !d.bad && d.function == null && !parts.unsupported) {
      b.check(declarator, "expected a parameter list before '{' in the definition of '" + d.name + "'");
      return null;
    }
    Set<FunctionQualifier> qualifiers = functionQualifiers(parts);
    if (d != null && !d.bad && d.member != null && !parts.unsupported) {
      return ClassBuilder.outOfLine(d.member, d.name.substring(d.name.lastIndexOf("::") + 2), d.nameSpan, qualifiers, spec, d.pointers,
          d.function.parameterList(), constQualified, body, whole, b);
    }
    if (constQualified && d != null && !d.bad) {
      b.check(declarator, "only a member function can be 'const' ('" + d.name + "' is no member of a class)");
      return null;
    }
    List<Param> params = d == null || d.function == null ? List.of() : parameters(d.function.parameterList());
    String name = d == null || d.bad ? BuildContext.ERROR_NAME : b.namespaces.declare(d.name);
    List<String> paramNames = new ArrayList<>();
    params.stream().filter(p -> p != null && p.name() != null).forEach(p -> paramNames.add(p.name()));
    b.namespaces.beginFunction(paramNames);
    Stmt.Block block;
    try {
      block = stmts.block(body);
    } finally {
      b.namespaces.endFunction();
    }
    if (d == null || d.bad || parts.unsupported) {
      return null;
    }
    return new Decl.Function(b.span(whole), qualifiers, spec, d.pointers, name, d.nameSpan, params, block);
  }

  private Set<Storage> variableStorage(TypeSpecifiers parts) {
    Set<Storage> out = EnumSet.noneOf(Storage.class);
    for (Token t : parts.storageWords) {
      switch (t.getType()) {
        case CudaLexer.EXTERN -> out.add(Storage.EXTERN);
        case CudaLexer.STATIC -> out.add(Storage.STATIC);
        case CudaLexer.REGISTER -> out.add(Storage.REGISTER);
        case CudaLexer.SHARED -> out.add(Storage.SHARED);
        case CudaLexer.CONSTANT -> out.add(Storage.CONSTANT);
        case CudaLexer.DEVICE -> out.add(Storage.DEVICE);
        default -> b.check(t, "'" + t.getText() + "' is not allowed on a variable");
      }
    }
    if (parts.externC != null) {
      out.add(Storage.EXTERN); // C++ [dcl.link] ¶7
    }
    return out;
  }

  private Set<FunctionQualifier> functionQualifiers(TypeSpecifiers parts) {
    Set<FunctionQualifier> out = EnumSet.noneOf(FunctionQualifier.class);
    for (Token t : parts.storageWords) {
      switch (t.getType()) {
        case CudaLexer.GLOBAL -> out.add(FunctionQualifier.GLOBAL);
        case CudaLexer.DEVICE -> out.add(FunctionQualifier.DEVICE);
        case CudaLexer.HOST -> out.add(FunctionQualifier.HOST);
        case CudaLexer.INLINE -> out.add(FunctionQualifier.INLINE);
        case CudaLexer.FORCEINLINE -> out.add(FunctionQualifier.FORCEINLINE);
        case CudaLexer.NOINLINE -> out.add(FunctionQualifier.NOINLINE);
        case CudaLexer.STATIC -> out.add(FunctionQualifier.STATIC);
        case CudaLexer.EXTERN -> out.add(FunctionQualifier.EXTERN);
        default -> b.check(t, "'" + t.getText() + "' is not allowed on a function");
      }
    }
    if (parts.externC != null) {
      out.add(FunctionQualifier.EXTERN); // C++ [dcl.link] ¶7
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // Aliases (C11 §6.7.8, C++ [dcl.typedef])

  /** {@code typedef unsigned int uint, *uintp;}: each declarator names an alias of the type it declares. */
  private void typedef(TypeSpecifiers parts, List<InitDeclaratorContext> inits) {
    for (Token t : parts.storageWords) {
      b.check(t, "'" + t.getText() + "' cannot be combined with 'typedef'");
    }
    TypeSpec spec = parts.normalise(b);
    for (InitDeclaratorContext init : inits) {
      DeclaratorParts d = declarator(init.declarator(), parts);
      if (d == null || d.bad) {
        refuse(init);
        continue;
      }
      if (d.function != null) {
        b.error(init.declarator().getStart(), Unsupported.FUNCTION_TYPEDEFS);
        b.aliases.put(b.namespaces.prefix() + d.name, null);
      } else if (!d.dims.isEmpty()) {
        b.error(init.declarator().getStart(), Unsupported.ARRAY_TYPEDEFS);
        b.aliases.put(b.namespaces.prefix() + d.name, null);
      } else if (init.initializerPart() != null) {
        b.check(init.initializerPart(), "typedef '" + d.name + "' is initialized like a variable");
        b.aliases.put(b.namespaces.prefix() + d.name, null);
      } else {
        declareAlias(b.namespaces.prefix() + d.name, nameToken(init), d.specFor(spec), d.pointers);
      }
    }
  }

  /** The names of a typedef whose type was refused: known, so their uses are not reported again. */
  private void aliasesRefused(TypeSpecifiers parts, List<InitDeclaratorContext> inits) {
    if (parts.typedef != null) {
      inits.forEach(this::refuse);
    }
  }

  private void refuse(InitDeclaratorContext init) {
    DeclaratorParts d = declarator(init.declarator());
    if (d != null && !BuildContext.ERROR_NAME.equals(d.name)) {
      b.aliases.put(b.namespaces.prefix() + d.name, null);
    }
  }

  /**
   * {@code template __global__ void scan<256, float>(const float *, float *, int);} (C++
   * [temp.explicit]): builds the instance. Its parameters must be as many as the instance's; their
   * types are not compared with the instance's (C++ would refuse a mismatch).
   */
  void explicitInstantiation(CudaParser.ExplicitInstantiationContext ctx) {
    Token at = ctx.TEMPLATE_NAME().getSymbol();
    String name = b.namespaces.resolveType(at.getText(), b.templates::containsKey);
    TemplateDef t = b.templates.get(name);
    if (t == null) {
      b.check(at, "'" + at.getText() + "' is not a function template in scope here");
      return;
    }
    String instance = exprs.instance(t, at, ctx.explicitTemplateArguments());
    if (instance == null) {
      return;
    }
    if (!b.explicitInstances.add(instance)) {
      b.check(at, "duplicate explicit instantiation of '" + instance + "'"); // C++ [temp.spec] ¶5
      return;
    }
    Decl.Function f = t.built(instance);
    List<Param> written = parameters(ctx.parameterList());
    if (f == null) {
      return;
    }
    if (f.params().size() != written.size()) {
      b.check(at, "explicit instantiation of '" + instance + "' with " + written.size() + " parameter" + (written.size() == 1 ? "" : "s")
          + " does not match the template's " + f.params().size());
      return;
    }
    for (int i = 0; i < written.size(); i++) {
      String here = signature(written.get(i));
      String there = signature(f.params().get(i));
      if (!here.equals(there)) {
        b.check(at, "explicit instantiation of '" + instance + "' does not match the template: parameter " + (i + 1) + " is '" + here
            + "' here and '" + there + "' in the instance");
        return;
      }
    }
  }

  /** A parameter's type as an explicit instantiation compares it: an array parameter is a pointer (C11 6.7.6.3 ¶7). */
  private static String signature(Param p) {
    StringBuilder s = new StringBuilder();
    s.append(p.spec().isConst() ? "const " : "").append(p.spec().spelling());
    for (PointerLevel level : p.pointers()) {
      s.append(" *").append(level.isConst() ? " const" : "");
    }
    if (!p.dims().isEmpty()) {
      s.append(" *");
    }
    return s.toString();
  }

  /**
   * {@code template <typename T, int BLOCK = 256> __global__ void scan(...) { ... }}: recorded,
   * not built; each use builds an instance ({@link TemplateDef}).
   */
  void functionTemplate(CudaParser.FunctionTemplateDefinitionContext ctx) {
    DeclaratorParts d = declarator(ctx.declarator());
    if (d == null || d.bad || ctx.templateParameterList() == null) {
      return;
    }
    if (d.function == null) {
      b.error(ctx.TEMPLATE(), Unsupported.TEMPLATES);
      return;
    }
    List<FunctionTemplate.Param> params = new ArrayList<>();
    List<TypeSpec> valueTypes = new ArrayList<>();
    List<ParserRuleContext> defaults = new ArrayList<>();
    if (!templateParameters(ctx.templateParameterList(), params, valueTypes, defaults)) {
      return;
    }
    String name = b.namespaces.prefix() + d.name;
    TemplateDef made = new TemplateDef(ctx, b, this, name, d.nameSpan, params, valueTypes, defaults);
    TemplateDef first = b.templates.get(name);
    if (first != null) {
      // Templates of one name are told apart by how many arguments a call passes (std::sort(first, last) and
      // std::sort(first, last, less)): each is kept under its arity as well (FunctionTemplate.arityKey).
      int arity = made.patterns().size();
      if (first.isClassTemplate() || first.patterns().size() == arity || b.templates.containsKey(FunctionTemplate.arityKey(name, arity))) {
        b.error(d.function.getStart(), "a second template named '" + d.name + "' with " + arity + " parameters: overloading function"
            + " templates is supported only between different numbers of parameters");
        return;
      }
      b.templates.put(FunctionTemplate.arityKey(name, first.patterns().size()), first);
      b.templates.put(FunctionTemplate.arityKey(name, arity), made);
      first.markOverloaded(); // their instances are named apart: g<double>/2, g<double>/3
      made.markOverloaded();
      return;
    }
    b.templates.put(name, made);
  }

  /**
   * {@code template <typename T, int BLOCK = 256> struct BlockScan { ... };}: recorded, not built;
   * each argument list it is named with ({@code BlockScan<float>}) builds a class of its own.
   */
  void classTemplate(CudaParser.ClassTemplateDefinitionContext ctx) {
    if (ctx.templateParameterList() == null || ctx.IDENTIFIER() == null || ctx.braceBody() == null) {
      return;
    }
    List<FunctionTemplate.Param> params = new ArrayList<>();
    List<TypeSpec> valueTypes = new ArrayList<>();
    List<ParserRuleContext> defaults = new ArrayList<>();
    if (!templateParameters(ctx.templateParameterList(), params, valueTypes, defaults)) {
      return;
    }
    String name = b.namespaces.prefix() + ctx.IDENTIFIER().getText();
    if (b.classTemplates.containsKey(name) || b.aliases.containsKey(name)) {
      b.check(ctx.IDENTIFIER(), "redefinition of '" + ctx.IDENTIFIER().getText() + "'");
      return;
    }
    b.classTemplates.put(name, new TemplateDef(ctx, b, this, name, b.span(ctx.IDENTIFIER()), params, valueTypes, defaults));
  }

  /** A template's parameters, each a type's or a value's, with their defaults; false after an error (reported). */
  private boolean templateParameters(CudaParser.TemplateParameterListContext list, List<FunctionTemplate.Param> params,
      List<TypeSpec> valueTypes, List<ParserRuleContext> defaults) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (CudaParser.TemplateParameterContext p : list.templateParameter()) {
      Token id;
      if (p instanceof CudaParser.TypeTemplateParameterContext t && t.IDENTIFIER() != null) {
        id = t.IDENTIFIER().getSymbol();
        params.add(new FunctionTemplate.Param(id.getText(), true));
        valueTypes.add(null);
        defaults.add(t.typeName());
      } else if (p instanceof CudaParser.ValueTemplateParameterContext v && v.IDENTIFIER() != null && v.declarationSpecifiers() != null) {
        id = v.IDENTIFIER().getSymbol();
        TypeSpecifiers parts = TypeSpecifiers.collect(v.declarationSpecifiers(), v.declarationSpecifiers().declarationSpecifier(), b);
        TypeSpec type = parts.normalise(b);
        if (parts.unsupported) {
          return false;
        }
        if (!isIntegral(type.base())) {
          b.error(id, "template parameters of type '" + type.base().spelling() + "' are not supported (integers and types are)");
          return false;
        }
        params.add(new FunctionTemplate.Param(id.getText(), false));
        valueTypes.add(type);
        defaults.add(v.templateValue());
      } else {
        return false; // incomplete after a syntax error
      }
      if (!seen.add(id.getText())) {
        b.check(id, "redefinition of template parameter '" + id.getText() + "'");
      }
    }
    return true;
  }

  private static boolean isIntegral(org.scansim.frontend.ast.BaseType t) {
    return switch (t) {
      case BOOL, CHAR, SCHAR, UCHAR, SHORT, USHORT, INT, UINT, LONG, ULONG, LLONG, ULLONG, SIZE_T -> true;
      default -> false;
    };
  }

  /** {@code namespace cg = cooperative_groups;}, {@code using namespace scan;}, {@code using scan::add;}. */
  void namespaceUse(CudaParser.NamespaceUseContext ctx) {
    if (ctx instanceof CudaParser.NamespaceAliasContext a && a.IDENTIFIER() != null && a.qualifiedIdentifier() != null) {
      b.namespaces.alias(a.IDENTIFIER().getText(), a.qualifiedIdentifier().getText());
    } else if (ctx instanceof CudaParser.UsingNamespaceContext u && u.qualifiedIdentifier() != null) {
      if (!b.namespaces.useNamespace(u.qualifiedIdentifier().getText())) {
        b.check(u.getStart(), "more than " + Namespaces.MAX_USINGS + " using-directives in force at once");
      }
    } else if (ctx instanceof CudaParser.UsingDeclarationContext u) {
      StringBuilder name = new StringBuilder();
      for (int i = 1; i < u.getChildCount(); i++) {
        if (u.getChild(i) instanceof org.antlr.v4.runtime.tree.TerminalNode t
            && (t.getSymbol().getType() == CudaLexer.IDENTIFIER || t.getSymbol().getType() == CudaLexer.TYPE_NAME)) {
          name.append(name.length() == 0 ? "" : "::").append(t.getText());
        }
      }
      b.namespaces.useName(name.toString());
    }
  }

  /** {@code using NAME = type;}, at file or block scope. */
  void alias(CudaParser.AliasDeclarationContext ctx) {
    if (ctx == null || ctx.IDENTIFIER() == null) {
      return;
    }
    String name = b.namespaces.prefix() + ctx.IDENTIFIER().getText();
    TypeName t = typeName(ctx.typeName());
    if (t == null) {
      b.aliases.put(name, null);
      return;
    }
    declareAlias(name, ctx.IDENTIFIER().getSymbol(), t.spec(), t.pointers());
  }

  /**
   * Records an alias; declaring one name again is allowed for the same type only (C11 §6.7 ¶3),
   * and otherwise reported with clang's words.
   */
  private void declareAlias(String name, Token token, TypeSpec spec, List<PointerLevel> pointers) {
    Span at = b.span(token);
    BuildContext.Alias before = b.aliases.get(name);
    BuildContext.Alias now = new BuildContext.Alias(spec.at(at, false, false), List.copyOf(pointers));
    // In a function, a typedef hides an outer one of the same name (C11 6.2.1); at file scope the
    // name may be declared again for the same type only (C11 6.7 p3).
    if (before != null && !b.namespaces.inFunction() && !(before.spec().base() == spec.base() && before.spec().struct() == spec.struct()
        && before.spec().isConst() == spec.isConst()
        && before.pointers().equals(now.pointers()))) {
      b.check(token, "typedef redefinition with different types ('" + spelling(now) + "' vs '" + spelling(before) + "')");
      return;
    }
    b.aliases.put(name, now);
  }

  /** The identifier a declarator declares (for positions), or the declarator's first token. */
  private static Token nameToken(InitDeclaratorContext init) {
    DeclaratorContext d = init.declarator();
    DeclaratorNameContext n = d instanceof ObjectDeclaratorContext o ? o.declaratorName()
        : d instanceof FunctionDeclaratorContext f ? f.declaratorName() : null;
    if (d instanceof FunctionPointerDeclaratorContext p && p.IDENTIFIER() != null) {
      return p.IDENTIFIER().getSymbol();
    }
    return n instanceof SimpleNameContext s && s.IDENTIFIER() != null ? s.IDENTIFIER().getSymbol() : init.getStart();
  }

  private static String spelling(BuildContext.Alias a) {
    return (a.spec().isConst() ? "const " : "") + a.spec().spelling() + (a.pointers().isEmpty() ? "" : " " + "*".repeat(a.pointers().size()));
  }

  // ------------------------------------------------------------------------------------------
  // Declarators

  /** What a declarator says; {@code bad} once an unsupported part was reported. */
  static final class DeclaratorParts {
    /** Whether a trailing {@code &} may declare a reference here (a parameter, a local variable). */
    boolean referenceAllowed;
    /** The {@code &} of a reference declarator, or null. */
    Token reference;
    /** A variable's list initializer ({@code x{a, b}}), or null. */
    CudaParser.ListInitializerContext list;
    /** While a function declarator's result levels are read: a trailing {@code &} is {@link PointerLevel#REFERENCE}. */
    boolean returnsReference;
    List<PointerLevel> pointers = List.of();
    String name = BuildContext.ERROR_NAME;
    Span nameSpan;
    List<ArrayDim> dims = List.of();
    FunctionDeclaratorContext function;
    boolean bad;
    /** The class of a member function defined outside it ({@code void Counter::reset() { }}), or null. */
    ClassBuilder.ClassInfo member;
    /** A function pointer's ({@code void (*f)(int)}): the result's pointer levels and the parameters; null otherwise. */
    List<PointerLevel> resultPointers;
    List<Param> functionParams;
    Span functionSpan;

    /** The type the declared name has with {@code spec}: spec itself, or for a function pointer the function type. */
    TypeSpec specFor(TypeSpec spec) {
      return functionParams == null ? spec
          : TypeSpec.function(functionSpan, new org.scansim.frontend.ast.Signature(functionSpan, spec, resultPointers, functionParams));
    }
  }

  /** A declarator of a declaration whose specifiers are {@code parts}: an alias's pointer levels come first. */
  DeclaratorParts declarator(DeclaratorContext ctx, TypeSpecifiers parts) {
    return declarator(ctx, parts, false);
  }

  /** As above; with {@code referenceAllowed}, a trailing {@code &} declares a reference ({@link DeclaratorParts#reference}). */
  DeclaratorParts declarator(DeclaratorContext ctx, TypeSpecifiers parts, boolean referenceAllowed) {
    return declarator(ctx, parts, referenceAllowed, false);
  }

  /** As above; with {@code listAllowed}, a variable's {@code x{a, b}} ({@link DeclaratorParts#list}). */
  private DeclaratorParts declarator(DeclaratorContext ctx, TypeSpecifiers parts, boolean referenceAllowed, boolean listAllowed) {
    DeclaratorParts d = declarator(ctx, referenceAllowed);
    if (d != null && d.list != null && !listAllowed) {
      b.check(d.list, "a list initializer ('{...}') is allowed only where a variable is declared");
      d.bad = true;
    }
    if (d != null && d.functionParams != null) {
      d.resultPointers = parts.withAliasPointers(d.resultPointers); // an alias's levels are the result's
    } else if (d != null) {
      d.pointers = parts.withAliasPointers(d.pointers);
    }
    return d;
  }

  DeclaratorParts declarator(DeclaratorContext ctx) {
    DeclaratorParts d = declarator(ctx, false);
    if (d != null && d.list != null) {
      b.check(d.list, "a list initializer ('{...}') is allowed only where a variable is declared");
      d.bad = true;
    }
    return d;
  }

  private DeclaratorParts declarator(DeclaratorContext ctx, boolean referenceAllowed) {
    if (ctx == null) {
      return null;
    }
    DeclaratorParts d = new DeclaratorParts();
    d.referenceAllowed = referenceAllowed;
    if (ctx instanceof FunctionDeclaratorContext f) {
      d.returnsReference = true; // T &at(int i): a trailing & is the result's
      d.pointers = pointers(f.pointer(), d);
      d.returnsReference = false;
      name(f.declaratorName(), d);
      d.function = f;
    } else if (ctx instanceof ObjectDeclaratorContext o) {
      d.pointers = pointers(o.pointer(), d);
      name(o.declaratorName(), d);
      d.dims = dimensions(o.arrayDimension());
      d.list = o.listInitializer();
    } else if (ctx instanceof FunctionPointerDeclaratorContext p) {
      // void (*f)(float *, int): f is a pointer (the inner levels) to a function (C11 §6.7.6.3).
      if (!p.arrayDimension().isEmpty()) {
        b.error(p.LPAREN(0) != null ? p.LPAREN(0).getSymbol() : p.getStart(), "arrays of function pointers are not supported");
        d.bad = true;
        return d;
      }
      int outer = p.pointer().size() - innerPointers(p);
      d.resultPointers = pointers(p.pointer().subList(0, outer), null);
      d.pointers = pointers(p.pointer().subList(outer, p.pointer().size()), null);
      if (p.IDENTIFIER() != null) { // a parameter's may be unnamed: void (*)(int)
        d.name = p.IDENTIFIER().getText();
        d.nameSpan = b.span(p.IDENTIFIER());
      }
      d.functionSpan = b.span(p);
      d.functionParams = p.parameterList() == null ? List.of() : parameters(p.parameterList());
    } else {
      d.bad = true; // an incomplete alternative after a syntax error
    }
    return d;
  }

  /** How many of a function pointer declarator's pointer levels are inside its parentheses ({@code (*f)}: 1). */
  private static int innerPointers(FunctionPointerDeclaratorContext p) {
    int inside = 0;
    boolean open = false;
    for (ParseTree c : p.children) {
      if (c instanceof org.antlr.v4.runtime.tree.TerminalNode t && t.getSymbol().getType() == CudaLexer.LPAREN && !open) {
        open = true;
      } else if (open && c instanceof CudaParser.PointerContext) {
        inside++;
      } else if (open && c instanceof org.antlr.v4.runtime.tree.TerminalNode) {
        break;
      }
    }
    return inside;
  }

  private void name(DeclaratorNameContext ctx, DeclaratorParts d) {
    if (ctx instanceof SimpleNameContext s && s.IDENTIFIER() != null && s.IDENTIFIER().getText().contains("::")) {
      // Class::member (one token: TypeNames joins a class's name and a member's): a member defined outside its class.
      String text = s.IDENTIFIER().getText();
      String owner = text.substring(0, text.lastIndexOf("::"));
      ClassBuilder.ClassInfo cls = b.classes.get(b.namespaces.resolveType(owner, b.classes::containsKey));
      d.name = text;
      d.nameSpan = b.span(s.IDENTIFIER());
      if (cls == null || !cls.methods.containsKey(text.substring(text.lastIndexOf("::") + 2))) {
        String member = text.substring(text.lastIndexOf("::") + 2);
        String alias = b.namespaces.resolveType(owner, b.aliases::containsKey);
        if (cls == null && b.aliases.containsKey(alias) && b.aliases.get(alias) == null) {
          d.bad = true; // its class was refused, and reported
          return;
        }
        b.check(s.IDENTIFIER().getSymbol(), "'" + owner + "' declares no member function '" + member + "': declare it in the class's body"
            + (cls == null ? " (a class declared without its body, or a namespace scansim does not know)" : ""));
        d.bad = true;
      } else {
        d.member = cls;
      }
    } else if (ctx instanceof SimpleNameContext s && s.IDENTIFIER() != null) {
      d.name = s.IDENTIFIER().getText();
      d.nameSpan = b.span(s.IDENTIFIER());
    } else if (ctx instanceof QualifiedDeclaratorNameContext q) {
      // void scan::add(...) { }: defines what namespace scan declared (C++ [namespace.memdef]); a
      // qualifier that is no namespace is a class: void Counter::reset() { }.
      String text = q.getText();
      if (!b.namespaces.isNamespace(text.substring(0, text.lastIndexOf("::")))) {
        b.error(q.getStart(), Unsupported.CLASSES);
        d.bad = true;
        return;
      }
      d.name = text;
      d.nameSpan = b.span(q);
    } else if (ctx instanceof OperatorNameContext o && ClassBuilder.overloadable(o) != null) {
      d.name = "operator" + ClassBuilder.overloadable(o); // operator+(a, b): called for a + b on a struct (C++ [over.binary])
      d.nameSpan = b.span(o);
    } else if (ctx instanceof OperatorNameContext o) {
      b.error(o.OPERATOR(), Unsupported.OPERATOR_OVERLOADING);
      d.bad = true;
    } else {
      d.bad = true;
    }
  }

  /** A function's result levels ({@code T *f()}, {@code T &f()}): a trailing {@code &} is {@link PointerLevel#REFERENCE}. */
  List<PointerLevel> resultPointers(List<PointerContext> list) {
    DeclaratorParts d = new DeclaratorParts();
    d.returnsReference = true;
    return pointers(list, d);
  }

  List<PointerLevel> pointers(List<PointerContext> list, DeclaratorParts d) {
    List<PointerLevel> out = new ArrayList<>(list.size());
    for (PointerContext p : list) {
      if (p instanceof PointerLevelContext level) {
        boolean isConst = false;
        boolean isVolatile = false;
        boolean isRestrict = false;
        for (PointerQualifierContext q : level.pointerQualifier()) {
          if (q.kw == null) {
            continue;
          }
          switch (q.kw.getType()) {
            case CudaLexer.CONST -> isConst = true;
            case CudaLexer.VOLATILE -> isVolatile = true;
            default -> isRestrict = true;
          }
        }
        out.add(new PointerLevel(isConst, isVolatile, isRestrict));
      } else if (p instanceof ReferenceLevelContext r) {
        boolean last = list.indexOf(p) == list.size() - 1;
        if (r.getStart().getType() == CudaLexer.AND_AND) {
          b.error(r.getStart(), "rvalue references are not supported");
        } else if (d != null && d.returnsReference && last) {
          out.add(PointerLevel.REFERENCE);
          continue;
        } else if (d != null && d.referenceAllowed && last) {
          d.reference = r.getStart();
          continue;
        } else {
          b.error(r.getStart(), Unsupported.REFERENCES);
        }
        if (d != null) {
          d.bad = true;
        }
      }
    }
    return out;
  }

  private List<ArrayDim> dimensions(List<ArrayDimensionContext> list) {
    List<ArrayDim> out = new ArrayList<>(list.size());
    for (ArrayDimensionContext dim : list) {
      out.add(new ArrayDim(b.span(dim), dim.assignmentExpression() == null ? null : exprs.build(dim.assignmentExpression())));
    }
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // Parameters (C11 §6.7.6.3)

  List<Param> parameters(ParameterListContext ctx) {
    if (ctx == null) {
      return List.of();
    }
    if (ctx instanceof EllipsisOnlyContext e) {
      b.error(e.ELLIPSIS(), Unsupported.VARIADIC);
      return List.of();
    }
    if (!(ctx instanceof ParametersContext list)) {
      return List.of();
    }
    if (list.ELLIPSIS() != null) {
      b.error(list.ELLIPSIS(), Unsupported.VARIADIC);
    }
    List<Param> out = new ArrayList<>();
    for (ParameterDeclarationContext p : list.parameterDeclaration()) {
      Param param = parameter(p);
      if (param != null) {
        out.add(param);
      }
    }
    // (void) is an empty list (C11 §6.7.6.3 ¶10).
    if (out.size() == 1 && list.parameterDeclaration().size() == 1) {
      Param only = out.get(0);
      if (only.spec().base() == BaseType.VOID
          && only.pointers().isEmpty()
          && only.dims().isEmpty()
          && only.name() == null
          && !only.spec().isConst()
          && !only.spec().isVolatile()) {
        return List.of();
      }
    }
    return out;
  }

  private Param parameter(ParameterDeclarationContext ctx) {
    DeclarationSpecifiersContext specifiers = ctx.declarationSpecifiers();
    if (specifiers == null) {
      return null;
    }
    TypeSpecifiers parts = TypeSpecifiers.collect(specifiers, specifiers.declarationSpecifier(), b);
    for (Token t : parts.storageWords) {
      if (t.getType() != CudaLexer.REGISTER) { // register is allowed and meaningless (C11 §6.7.6.3 ¶2)
        b.check(t, "'" + t.getText() + "' is not allowed on a parameter");
      }
    }
    if (parts.externC != null) {
      b.check(parts.externC, "'extern' is not allowed on a parameter");
    }
    TypeSpec spec = parts.normalise(b);
    List<PointerLevel> pointers = List.of();
    List<ArrayDim> dims = List.of();
    String name = null;
    Span nameSpan = null;
    boolean bad = parts.unsupported;
    if (parts.typedef != null) {
      b.check(parts.typedef, "'typedef' is not allowed on a parameter");
    }
    boolean reference = false;
    if (ctx.declarator() != null) {
      DeclaratorParts d = declarator(ctx.declarator(), parts, true);
      reference = d != null && d.reference != null;
      if (d.function != null) {
        b.error(d.function.LPAREN() != null ? d.function.LPAREN().getSymbol() : d.function.getStart(), Unsupported.FUNCTION_POINTERS);
        bad = true;
      }
      bad |= d.bad;
      pointers = d.pointers;
      dims = d.dims;
      name = d.nameSpan == null && d.functionParams != null ? null : d.name;
      nameSpan = d.nameSpan;
      spec = d.specFor(spec);
    } else if (ctx.abstractDeclarator() != null) {
      AbstractDeclaratorContext a = ctx.abstractDeclarator();
      DeclaratorParts holder = new DeclaratorParts();
      holder.referenceAllowed = true;
      if (a instanceof PointerAbstractDeclaratorContext p) {
        pointers = parts.withAliasPointers(pointers(p.pointer(), holder));
        reference = holder.reference != null;
        dims = dimensions(p.arrayDimension());
      } else if (a instanceof CudaParser.ArrayAbstractDeclaratorContext arr) {
        dims = dimensions(arr.arrayDimension());
      }
      bad |= holder.bad;
    } else {
      pointers = parts.withAliasPointers(pointers);
    }
    org.scansim.frontend.ast.Expr defaultValue = ctx.assignmentExpression() == null ? null : exprs.build(ctx.assignmentExpression());
    return bad ? null : new Param(b.span(ctx), spec, pointers, name, nameSpan, dims, defaultValue, reference);
  }

  // ------------------------------------------------------------------------------------------
  // Type names (C11 §6.7.7) and initialisers (C11 §6.7.9)

  /** The type of a cast or sizeof; null when it was unsupported (already reported). */
  TypeName typeName(TypeNameContext ctx) {
    if (ctx == null) {
      return null;
    }
    List<ParserRuleContext> items = new ArrayList<>();
    for (ParseTree child : ctx.children) {
      if (child instanceof TypeSpecifierContext || child instanceof TypeQualifierContext) {
        items.add((ParserRuleContext) child);
      }
    }
    TypeSpecifiers parts = TypeSpecifiers.collect(ctx, items, b);
    TypeSpec spec = parts.normalise(b);
    DeclaratorParts holder = new DeclaratorParts();
    List<PointerLevel> pointers = parts.withAliasPointers(pointers(ctx.pointer(), holder));
    if (parts.unsupported || holder.bad) {
      return null;
    }
    return new TypeName(b.span(ctx), spec, pointers);
  }

  /** A type written as one keyword, for the functional cast {@code float(x)}. */
  TypeName keywordType(Token keyword) {
    ParserRuleContext holder = new ParserRuleContext();
    holder.start = keyword;
    holder.stop = keyword;
    TypeSpecifiers parts = TypeSpecifiers.collect(holder, List.of(), b);
    parts.typeWords.add(keyword);
    Span span = b.span(keyword);
    TypeSpec normalised = parts.normalise(b);
    return new TypeName(span, new TypeSpec(span, normalised.base(), false, false, normalised.struct(), normalised.incomplete()),
        parts.withAliasPointers(List.of()));
  }

  private Initializer initializer(InitializerPartContext ctx) {
    if (ctx instanceof AssignInitializerContext a) {
      return initializer(a.initializer());
    }
    if (ctx instanceof ConstructorInitializerContext c) {
      return new Initializer.Constructor(b.span(c), exprs.arguments(c.argumentExpressionList()));
    }
    return null;
  }

  private Initializer initializer(InitializerContext ctx) {
    if (ctx instanceof ExpressionInitializerContext e) {
      return new Initializer.Single(b.span(e), exprs.build(e.assignmentExpression()));
    }
    if (ctx instanceof BracedInitializerContext br) {
      return braced(b.span(br), br.initializer());
    }
    return null;
  }

  private Initializer braced(org.scansim.frontend.diag.Span span, List<InitializerContext> list) {
    List<Initializer> items = new ArrayList<>();
    for (InitializerContext item : list) {
      Initializer built = initializer(item);
      if (built != null) {
        items.add(built);
      }
    }
    return new Initializer.Braced(span, items);
  }
}
