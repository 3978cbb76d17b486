package org.scansim.frontend.parse;

import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.SyntaxErrors.Kind;

/** What the three builders share: the span mapping, the error collector and the type aliases. */
final class BuildContext {
  /** The name of the placeholder expression built where an unsupported construct was reported. */
  static final String ERROR_NAME = "<error>";

  final Spans spans;
  final SyntaxErrors errors;

  /**
   * What a typedef or using alias stands for: a base type with its qualifiers and the pointer
   * levels of its declarator ({@code typedef float *floatp;}).
   */
  record Alias(org.scansim.frontend.ast.TypeSpec spec, java.util.List<org.scansim.frontend.ast.PointerLevel> pointers) {}

  /** The aliases declared so far, by name; a name whose declaration was refused maps to null. */
  final java.util.Map<String, Alias> aliases = new java.util.HashMap<>();

  /**
   * Namespaces (C++ [basic.namespace]), flattened here: every name declared in {@code namespace
   * a { namespace b { ... } }} is declared as {@code a::b::name}, and every name used is resolved
   * to the qualified name it denotes, so that the type checker and the IR see one flat scope of
   * qualified names. See {@link Namespaces}.
   */
  final Namespaces namespaces;

  /** The function templates defined so far, by qualified name. */
  final java.util.Map<String, TemplateDef> templates = new java.util.LinkedHashMap<>();
  /** While a template instance is built: its type parameters' arguments, by parameter name. */
  java.util.Map<String, Alias> templateTypes = java.util.Map.of();
  /** While a template instance is built: its value parameters' arguments. */
  java.util.Map<String, Bound> templateValues = java.util.Map.of();
  /** How deep template instances are being built inside one another. */
  int instantiationDepth;
  /** Template instances built in this file, and whether the limit on them was reported. */
  int instanceCount;
  boolean instancesExhausted;
  /** Instances built since the file-scope declaration being built began; they go before it. */
  final java.util.List<org.scansim.frontend.ast.Decl> pendingInstances = new java.util.ArrayList<>();
  /** The expression builder, for constants written in types ({@code thread_block_tile<32>}). */
  ExprBuilder exprs;
  /** The declaration builder, for the declarators of struct fields. */
  DeclarationBuilder decls;
  /** The template instances an explicit instantiation named, to refuse a second one. */
  final java.util.Set<String> explicitInstances = new java.util.HashSet<>();
  /** Class templates by qualified name, each instantiated per argument list (TemplateDef). */
  final java.util.Map<String, TemplateDef> classTemplates = new java.util.HashMap<>();
  /** Classes with member functions, by qualified name (ClassBuilder). */
  final java.util.Map<String, ClassBuilder.ClassInfo> classes = new java.util.HashMap<>();
  /** The class whose member function's body is being built, or null. */
  ClassBuilder.ClassInfo currentClass;
  /** Member functions of the classes the declaration being built defines; they go after it. */
  final java.util.List<org.scansim.frontend.ast.Decl> pendingMembers = new java.util.ArrayList<>();
  /** The statement builder, for member functions' bodies. */
  StmtBuilder stmtBuilder;
  /** The structs defined, in source order. */
  final java.util.List<org.scansim.frontend.ast.StructDef> structs = new java.util.ArrayList<>();
  /** How deep struct bodies are being built inside one another (a nested definition is refused). */
  int structDepth;
  /** The std::function classes made so far, by signature ({@code void ()}). */
  final java.util.Map<String, org.scansim.frontend.ast.StructDef> functionClasses = new java.util.HashMap<>();
  /** How many lambda bodies enclose what is being built: in one, {@code this} is the captured object's pointer. */
  int lambdaDepth;

  /** The name {@code this} has here: the member function's own, or in a lambda's body the captured one. */
  String thisName() {
    return lambdaDepth > 0 ? LambdaBuilder.CAPTURED_THIS : "this";
  }
  /** File-scope integer constants ({@code const int BLOCK = 256;}) by qualified name, for template arguments. */
  final java.util.Map<String, Long> constants = new java.util.HashMap<>();

  /** A value template parameter's argument and the parameter's type. */
  record Bound(long value, org.scansim.frontend.ast.TypeSpec type) {}

  BuildContext(Spans spans, SyntaxErrors errors, KnownNames names) {
    this.namespaces = new Namespaces(names);
    this.spans = spans;
    this.errors = errors;
    TypeNames.PREDEFINED.forEach((name, base) -> aliases.put(name,
        new Alias(new org.scansim.frontend.ast.TypeSpec(null, base, false, false), java.util.List.of())));
    aliases.put("FILE", new Alias(org.scansim.frontend.ast.TypeSpec.of(null, org.scansim.frontend.ast.StructDef.FILE, false, false),
        java.util.List.of()));
    TypeNames.COOPERATIVE_GROUPS.forEach((name, base) -> aliases.put(name,
        new Alias(new org.scansim.frontend.ast.TypeSpec(null, base, false, false), java.util.List.of())));
  }

  Span span(ParserRuleContext ctx) {
    return spans.of(ctx);
  }

  Span span(Token token) {
    return spans.of(token);
  }

  Span span(TerminalNode node) {
    return spans.of(node);
  }

  /** An error at a token: an unsupported construct or a semantic check made while building. */
  void error(Token at, String message) {
    errors.add(Kind.UNSUPPORTED, Spans.offset(at), spans.of(at), message);
  }

  void error(TerminalNode at, String message) {
    error(at.getSymbol(), message);
  }

  /** An error spanning a whole node, positioned at its first token. */
  void error(ParserRuleContext at, String message) {
    errors.add(Kind.UNSUPPORTED, Spans.offset(at.getStart()), spans.of(at), message);
  }

  /** A check of a well-formed construct; dropped where a syntax error made the tree a guess. */
  void check(Token at, String message) {
    errors.add(Kind.CHECK, Spans.offset(at), spans.of(at), message);
  }

  void check(TerminalNode at, String message) {
    check(at.getSymbol(), message);
  }

  void check(ParserRuleContext at, String message) {
    errors.add(Kind.CHECK, Spans.offset(at.getStart()), spans.of(at), message);
  }

  void check(int offset, Span span, String message) {
    errors.add(Kind.CHECK, offset, span, message);
  }

  void warning(ParserRuleContext at, String message) {
    errors.add(Kind.WARNING, Spans.offset(at.getStart()), spans.of(at), message);
  }

  void warning(Token at, String message) {
    errors.add(Kind.WARNING, Spans.offset(at), spans.of(at), message);
  }

  /** The stand-in for an expression that could not be built; it is never type-checked. */
  Expr placeholder(Span span) {
    return new Expr.Name(span, ERROR_NAME);
  }

  static boolean isPlaceholder(Expr e) {
    return e instanceof Expr.Name n && ERROR_NAME.equals(n.id());
  }
}
