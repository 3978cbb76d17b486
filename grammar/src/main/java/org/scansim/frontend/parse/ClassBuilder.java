package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.StructDef;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.ClassSpecifierContext;
import org.scansim.frontend.parse.CudaParser.MemberDeclarationContext;

/**
 * Classes (C++ [class]): a {@code struct} or {@code class} whose body has member functions,
 * constructors, a destructor or access specifiers. Its fields make a {@link StructDef} as a plain
 * struct's do; each member function is a function of its own named {@code Class::name} whose
 * first parameter is {@code this} (a pointer to the class, to a const one for a {@code const}
 * member function), and in its body a name of a member that no parameter or local hides is that
 * member of {@code *this} (C++ [class.mfct.non-static] ¶3). A constructor is {@code Class::Class}
 * (its member initializers assignments before its body), the destructor {@code Class::~Class}; a
 * static member function has no {@code this}. The functions follow the class in the translation
 * unit, their prototypes first, so that bodies may use members declared after them. A base class
 * and virtual functions are {@link Inheritance}'s.
 *
 * <p>Refused by name: static data members, member function templates, nested types, unions, and
 * what {@link Inheritance} refuses.
 */
final class ClassBuilder {
  private ClassBuilder() {}

  /** What a member function's body needs of its class: its name, its members, and which functions are static. */
  static final class ClassInfo {
    final StructDef def;
    final String shortName;
    final Set<String> fields = new HashSet<>();
    /** Member function names, each with whether it is static. */
    final Map<String, Boolean> methods = new HashMap<>();
    /** Whether the body being built is a static member function's (no this). */
    boolean staticContext;
    /** Whether the class declares a constructor, and a destructor. */
    boolean constructors;
    boolean destructor;
    /** Whether the class declares a copy constructor ({@code T(const T &other)}), and whether one was made for it. */
    boolean copyConstructor;
    boolean implicitCopy;
    /**
     * Whether device code may make, copy and end its objects: each constructor and destructor it
     * declares is {@code __device__} (an implicit one is what the ones it calls allow, as nvcc
     * infers an implicit member's execution space from them).
     */
    boolean deviceSpecials = true;
    /** Whether the members being read are private or protected (a class's are until an access specifier says otherwise). */
    boolean hidden;
    /** Whether a field is private or protected (then it is no C++03 POD, {@link StructDef#podForLayout}). */
    boolean hiddenField;
    /**
     * Its fields of classes with a constructor or destructor ({@code std::vector<int> counts;}), in
     * declaration order: each made by its class's constructor before the constructor's body runs
     * (the one its member initializer's arguments choose, else the default one) and ended by its
     * destructor after the destructor's body (C++ [class.base.init], [class.dtor] ¶13).
     */
    final List<StructDef.Field> lifetimeFields = new ArrayList<>();
    /**
     * Default member initializers by field ({@code bool ok = true;}, {@code int n{4};}): each used
     * by a constructor whose member initializers do not name the field (C++ [class.base.init] ¶9).
     */
    final Map<String, CudaParser.MemberFieldContext> defaultInits = new HashMap<>();
    /** Its base class's, or null: a class without a base, or a base of fields only (a plain struct). */
    ClassInfo baseInfo;

    ClassInfo(StructDef def, String shortName) {
      this.def = def;
      this.shortName = shortName;
    }

    /** Whether its base class is made or ended by a constructor or destructor of its own. */
    boolean baseLifetime() {
      return baseInfo != null && (baseInfo.constructors || baseInfo.destructor || baseInfo.copyConstructor
          || baseInfo.def.declaredMethods().contains("operator="));
    }

    /** Its own fields, after those of its base. */
    List<StructDef.Field> ownFields() {
      return def.fields().subList(def.inheritedFields(), def.fields().size());
    }

    /** Whether {@code name} is a member the body reaches through {@code this}. */
    boolean isInstanceMember(String name) {
      return !staticContext && (fields.contains(name) || Boolean.FALSE.equals(methods.get(name)));
    }
  }

  /** Whether the body of {@code c} needs a class (anything but fields). */
  static boolean isClass(ClassSpecifierContext c) {
    if (c.kw == null || !(c.kw.getType() == CudaLexer.CLASS || c.kw.getType() == CudaLexer.STRUCT) || c.braceBody() == null
        || c.ALIGN() != null) {
      return false;
    }
    // A bit-field (`unsigned head : 1;`) or a union inside is refused by name as a struct's body is.
    List<Token> tokens = new ArrayList<>();
    StructBuilder.tokens(c.braceBody(), tokens);
    // Only in the body's own declarations: `n > 0 ? n : 1` in a member function's body is no bit-field.
    int depth = 0;
    boolean conditional = false;
    for (int i = 1; i + 1 < tokens.size(); i++) {
      int type = tokens.get(i).getType();
      switch (type) {
        case CudaLexer.LBRACE, CudaLexer.LPAREN, CudaLexer.LBRACKET -> depth++;
        case CudaLexer.RBRACE, CudaLexer.RPAREN, CudaLexer.RBRACKET -> depth--;
        case CudaLexer.QUESTION -> conditional |= depth == 0;
        case CudaLexer.SEMI -> conditional &= depth != 0;
        default -> {}
      }
      if (type == CudaLexer.UNION || depth == 0 && !conditional && type == CudaLexer.COLON
          && tokens.get(i - 1).getType() == CudaLexer.IDENTIFIER && tokens.get(i + 1).getType() == CudaLexer.INTEGER_LITERAL) {
        return false;
      }
    }
    return true;
  }

  /** The class {@code c} defines, or null when it was refused (reported); its member functions go to the build context's pending members. */
  static StructDef define(ClassSpecifierContext c, Token typedefName, BuildContext b) {
    Token nameToken = c.structName() != null ? c.structName().getStart() : null;
    if (nameToken == null) {
      b.error(c.kw, "a class needs a name to have member functions");
      return null;
    }
    StructDef base = null;
    if (c.baseClause() != null) {
      base = Inheritance.base(c.baseClause(), b);
      if (base == null) {
        return null; // reported
      }
    }
    StructDef def = StructBuilder.declare(c.kw, nameToken, typedefName, b);
    if (def == null) {
      return null;
    }
    return defineBody(def, nameToken.getText(), c.braceBody(), b.span(c), b, base, c.kw.getType() == CudaLexer.CLASS);
  }

  /**
   * An instance of a class template: the class its body makes with the template's parameters
   * bound (by the caller), named with its arguments ({@code BlockScan<float, 256>}); its member
   * functions go before the declaration that names it, as a function template's instances do.
   */
  static StructDef defineInstance(String name, String shortName, CudaParser.BraceBodyContext body, Span span, BuildContext b,
      java.util.function.Consumer<StructDef> named) {
    StructDef def = new StructDef(name, span);
    named.accept(def); // its members may name it (vector(const vector<T> &other)) before its body is complete
    int before = b.pendingMembers.size();
    StructDef made = defineBody(def, shortName, body, span, b, null, false);
    made.markNotPodForLayout(); // a template's instance is not laid out as a C struct is by this front end's reckoning
    List<Decl> members = new ArrayList<>(b.pendingMembers.subList(before, b.pendingMembers.size()));
    b.pendingMembers.subList(before, b.pendingMembers.size()).clear();
    b.pendingInstances.addAll(members);
    return made;
  }

  private static StructDef defineBody(StructDef def, String shortName, CudaParser.BraceBodyContext body, Span span, BuildContext b,
      StructDef base, boolean classKeyword) {
    List<Token> tokens = new ArrayList<>();
    StructBuilder.tokens(body, tokens);
    List<Token> inside = tokens.size() < 2 ? List.of() : tokens.subList(1, tokens.size() - 1);
    CudaParser.MemberSpecificationContext members = parse(inside, tokens.get(tokens.size() - 1), b);
    ClassInfo info = new ClassInfo(def, shortName);
    info.hidden = classKeyword;
    def.markClass();
    List<StructDef.Field> fields = new ArrayList<>();
    b.structDepth++;
    try {
      boolean ok = Inheritance.inherit(base, members, info, fields, b);
      for (MemberDeclarationContext m : members.memberDeclaration()) {
        ok &= declareMember(m, info, fields, b);
      }
      def.define(span, fields);
      b.structs.add(def);
      if (!ok) {
        return def;
      }
    } finally {
      b.structDepth--;
    }
    b.classes.put(def.name(), info);
    List<Decl.Function> prototypes = new ArrayList<>();
    List<Decl.Function> definitions = new ArrayList<>();
    if (base != null) {
      def.virtualSignatures().putAll(base.virtualSignatures());
    }
    for (MemberDeclarationContext m : members.memberDeclaration()) {
      Decl.Function f = buildFunction(m, info, b);
      if (f != null) {
        Inheritance.checkOverride(info, m, f, b);
        prototypes.add(f.prototype());
        if (f.body() != null) {
          definitions.add(f.afterPrototype());
        }
      }
    }
    implicitMembers(info, span, prototypes, definitions, b);
    if (info.constructors || info.destructor || info.copyConstructor || def.declaredMethods().contains("operator=") || def.isPolymorphic()
        || base != null || !info.defaultInits.isEmpty() || !info.lifetimeFields.isEmpty() || info.hiddenField
        || def.fields().stream().anyMatch(f -> f.pointers().isEmpty() && f.spec().struct() != null && !f.spec().struct().podForLayout())) {
      def.markNotPodForLayout();
    }
    b.pendingMembers.addAll(prototypes);
    b.pendingMembers.addAll(definitions);
    return def;
  }

  /**
   * The members C++ declares implicitly for a class whose fields or base have constructors or
   * destructors ({@code class Histogram { std::vector<int> counts; ... }}), or that has virtual
   * functions: a default constructor when it declares none, a copy constructor that copies its
   * base and each field (a class's own with its copy constructor; never the object's class), and a
   * destructor when it declares none ([class.default.ctor], [class.copy.ctor], [class.dtor]).
   */
  private static void implicitMembers(ClassInfo info, Span span, List<Decl.Function> prototypes, List<Decl.Function> definitions,
      BuildContext b) {
    TypeSpec none = new TypeSpec(span, BaseType.VOID, false, false);
    if (info.lifetimeFields.isEmpty() && !info.baseLifetime() && !info.def.isPolymorphic()) {
      if (!info.defaultInits.isEmpty() && !info.constructors) {
        // Default member initializers make the implicit default constructor non-trivial: it runs them ([class.default.ctor] ¶4).
        Decl.Function ctor = new Decl.Function(span, Set.of(FunctionQualifier.HOST, FunctionQualifier.DEVICE), none, List.of(),
            info.def.name() + "::" + info.shortName, span, List.of(Param.self(span, info.def, false)),
            new Stmt.Block(span, initialisers(info, Map.of(), true, span, b)));
        prototypes.add(ctor.prototype());
        definitions.add(ctor);
        info.constructors = true;
        info.def.markOnlyImplicitConstructor();
      }
      return;
    }
    List<Decl.Function> made = new ArrayList<>();
    // Callable from device code when the class's own constructors and destructor are, and what they call is (its base's, its
    // fields' classes'), and no field is an array (copied with memcpy, host code's here).
    boolean device = info.deviceSpecials && (info.baseInfo == null || info.baseInfo.deviceSpecials) && info.lifetimeFields.stream()
        .allMatch(f -> b.classes.get(f.spec().struct().name()) != null && b.classes.get(f.spec().struct().name()).deviceSpecials)
        && info.def.fields().stream().allMatch(f -> f.dims().isEmpty());
    info.deviceSpecials = device;
    Set<FunctionQualifier> where = device ? Set.of(FunctionQualifier.HOST, FunctionQualifier.DEVICE) : Set.of();
    if (!info.constructors) {
      made.add(new Decl.Function(span, where, none, List.of(), info.def.name() + "::" + info.shortName, span, List.of(Param.self(span, info.def, false)),
          new Stmt.Block(span, initialisers(info, Map.of(), true, span, b))));
    }
    if (!info.copyConstructor) {
      List<Stmt> copy = new ArrayList<>();
      Expr other = new Expr.Name(span, "__other");
      if (info.def.base() != null) {
        copy.addAll(Inheritance.copyBase(info, span));
      }
      if (info.def.isPolymorphic()) {
        copy.add(Inheritance.setVptr(info.def, span)); // the object's own class, not the copied one's (C++ [class.cdtor])
      }
      for (StructDef.Field f : info.ownFields()) {
        if (f.name().equals(StructDef.VPTR)) {
          continue;
        }
        Expr from = new Expr.Member(span, other, f.name(), span, false);
        copy.add(info.lifetimeFields.contains(f)
            ? new Stmt.ExprStmt(span, new Expr.Call(span, Expr.Call.CONSTRUCT, span, List.of(fieldAddress(f, span), from)))
            : assignField(f, from, span));
      }
      Param source = new Param(span, TypeSpec.of(span, info.def, true, false), List.of(), "__other", span, List.of(), null, true);
      made.add(new Decl.Function(span, where, none, List.of(), info.def.name() + "::" + info.shortName, span,
          List.of(Param.self(span, info.def, false), source), new Stmt.Block(span, copy)));
      info.implicitCopy = true;
    }
    if (!info.def.declaredMethods().contains("operator=")) {
      // C &operator=(const C &other): each field assigned, such fields by their own operator=.
      List<Stmt> assign = new ArrayList<>();
      if (info.def.base() != null) {
        assign.addAll(Inheritance.assignBase(info, span));
      }
      for (StructDef.Field f : info.ownFields()) {
        if (!f.name().equals(StructDef.VPTR)) { // an object keeps its class
          assign.add(assignField(f, new Expr.Member(span, new Expr.Name(span, "__other"), f.name(), span, false), span));
        }
      }
      assign.add(new Stmt.Return(span, new Expr.Unary(span, Expr.UnaryOp.DEREF, new Expr.Name(span, "this"))));
      Param source = new Param(span, TypeSpec.of(span, info.def, true, false), List.of(), "__other", span, List.of(), null, true);
      made.add(new Decl.Function(span, where, TypeSpec.of(span, info.def, false, false), List.of(PointerLevel.REFERENCE),
          info.def.name() + "::operator=", span, List.of(Param.self(span, info.def, false), source), new Stmt.Block(span, assign)));
      info.methods.put("operator=", false);
    }
    if (!info.destructor) {
      List<Stmt> end = new ArrayList<>();
      if (info.def.isPolymorphic()) {
        end.add(Inheritance.setVptr(info.def, span));
      }
      end.addAll(destroyFields(info, span));
      made.add(new Decl.Function(span, where, none, List.of(), info.def.name() + "::~" + info.shortName, span,
          List.of(Param.self(span, info.def, false)), new Stmt.Block(span, end)));
      info.def.declaredMethods().add(StructDef.VIRTUAL_DESTRUCTOR);
    }
    for (Decl.Function f : made) {
      prototypes.add(f.prototype());
      definitions.add(f);
    }
    // A class that holds such a field is itself made and ended by them, where it is a field in turn.
    info.constructors = true;
    info.destructor = true;
  }

  /** {@code this->f = from}; an array field's bytes copied ({@code memcpy(this->f, from, sizeof this->f)}), as C++ copies each element. */
  static Stmt assignField(StructDef.Field f, Expr from, Span at) {
    if (f.dims().isEmpty()) {
      return new Stmt.ExprStmt(at, new Expr.Assign(at, null, field(f.name(), at), from));
    }
    return new Stmt.ExprStmt(at, new Expr.Call(at, "memcpy", at, List.of(field(f.name(), at), from,
        new Expr.SizeofExpr(at, field(f.name(), at)))));
  }


  /** {@code this->name}, built as {@code (*this).name} is. */
  static Expr field(String name, Span at) {
    return Expr.Member.of("this", name, at, at);
  }

  private static Expr fieldAddress(StructDef.Field f, Span at) {
    return new Expr.Unary(at, Expr.UnaryOp.ADDR, field(f.name(), at));
  }

  /**
   * What a constructor does before its body, field by field in declaration order: a field of a
   * class with a constructor made by it (with its member initializer's arguments, else its default
   * member initializer's, else none), any other field assigned its member initializer's value, else
   * its default member initializer's (C++ [class.base.init] ¶9, ¶13). {@code implicit}: the
   * implicit default constructor's, built in the class's scope rather than a constructor's.
   */
  private static List<Stmt> initialisers(ClassInfo info, Map<String, CudaParser.MemberInitializerContext> named, boolean implicit, Span at,
      BuildContext b) {
    List<Stmt> out = new ArrayList<>();
    ClassInfo outer = b.currentClass;
    boolean wasStatic = info.staticContext;
    if (implicit) {
      b.currentClass = info;
      info.staticContext = false;
      b.namespaces.beginFunction(List.of("this"));
    }
    try {
      if (info.def.base() != null) {
        out.addAll(Inheritance.constructBase(info, named.get(Inheritance.BASE_INITIALIZER), at, b));
      }
      if (info.def.isPolymorphic()) {
        out.add(Inheritance.setVptr(info.def, at));
      }
      for (StructDef.Field f : info.ownFields()) {
        CudaParser.MemberFieldContext d = info.defaultInits.get(f.name());
        if (info.lifetimeFields.contains(f)) {
          CudaParser.MemberInitializerContext mi = named.get(f.name());
          if (mi == null && d != null && d.bracedMemberInitializer() != null && d.bracedMemberInitializer().argumentExpressionList() != null
              && f.spec().struct().name().startsWith("std::vector<")) {
            b.error(d.bracedMemberInitializer().getStart(), "a std::vector made from a brace list (its std::initializer_list constructor) is"
                + " not simulated: fill it with push_back, or make n copies of a value with " + f.name() + "(n, value)");
          } else if (mi == null && d != null) {
            Span where = b.span(d);
            List<Expr> args = new ArrayList<>();
            args.add(fieldAddress(f, where));
            args.addAll(defaultArguments(d, b));
            out.add(new Stmt.ExprStmt(where, new Expr.Call(where, Expr.Call.CONSTRUCT, where, args)));
          } else {
            out.addAll(constructFields(info, f, mi, at, b)); // made by its class's constructor
          }
        } else if (named.containsKey(f.name())) {
          Stmt s = memberInit(named.get(f.name()), info, b);
          if (s != null) {
            out.add(s);
          }
        } else if (d != null) {
          List<Expr> args = defaultArguments(d, b);
          Span where = b.span(d);
          if (args.size() > 1) {
            b.error(d.IDENTIFIER(), "a field is initialized with one value here");
            continue;
          }
          Expr value = args.isEmpty() ? new Expr.IntLit(where, 0, true, false, 0, false, "0") : args.get(0);
          out.add(new Stmt.ExprStmt(where, new Expr.Assign(where, null, field(f.name(), where), value)));
        }
      }
    } finally {
      if (implicit) {
        b.namespaces.endFunction();
        info.staticContext = wasStatic;
        b.currentClass = outer;
      }
    }
    return out;
  }

  /** A default member initializer's values: {@code = v} gives one, {@code {a, b}} its list. */
  private static List<Expr> defaultArguments(CudaParser.MemberFieldContext d, BuildContext b) {
    if (d.initializer() instanceof CudaParser.ExpressionInitializerContext e) {
      return List.of(b.exprs.build(e.assignmentExpression()));
    }
    CudaParser.BracedMemberInitializerContext braced = d.bracedMemberInitializer();
    return braced == null || braced.argumentExpressionList() == null ? List.of() : b.exprs.arguments(braced.argumentExpressionList());
  }

  /** The field {@code f} made by its class's constructor, the one its member initializer's arguments choose (or the default one). */
  private static List<Stmt> constructFields(ClassInfo info, StructDef.Field f, CudaParser.MemberInitializerContext mi, Span at,
      BuildContext b) {
    List<Expr> args = new ArrayList<>();
    args.add(fieldAddress(f, at));
    Span where = at;
    if (mi != null && mi.argumentExpressionList() != null) {
      args.addAll(b.exprs.arguments(mi.argumentExpressionList()));
      where = b.span(mi);
    }
    return List.of(new Stmt.ExprStmt(where, new Expr.Call(where, Expr.Call.CONSTRUCT, where, args)));
  }

  /** Each field of a class with a destructor ended, the last declared first, then its base (C++ [class.dtor] ¶13). */
  private static List<Stmt> destroyFields(ClassInfo info, Span at) {
    List<Stmt> out = new ArrayList<>();
    for (int i = info.lifetimeFields.size() - 1; i >= 0; i--) {
      out.add(new Stmt.ExprStmt(at, new Expr.Call(at, Expr.Call.DESTRUCT, at, List.of(fieldAddress(info.lifetimeFields.get(i), at)))));
    }
    if (info.baseInfo != null && info.baseInfo.destructor) {
      out.add(new Stmt.ExprStmt(at, new Expr.Call(at, Expr.Call.DESTRUCT, at, List.of(Inheritance.baseThis(info.def.base(), at)))));
    }
    return out;
  }


  private static CudaParser.MemberSpecificationContext parse(List<Token> tokens, Token close, BuildContext b) {
    return SyntaxParser.parseRule(SyntaxParser.ending(tokens, close), b.spans, b.errors, CudaParser::memberSpecification);
  }

  /** Pass 1: a field's, or a member function's name; false when the member is refused (reported). */
  private static boolean declareMember(MemberDeclarationContext m, ClassInfo info, List<StructDef.Field> fields, BuildContext b) {
    if (m instanceof CudaParser.AccessMemberContext a) {
      if (!Set.of("public", "private", "protected").contains(a.IDENTIFIER().getText())) {
        b.check(a.IDENTIFIER(), "expected a member declaration, not '" + a.IDENTIFIER().getText() + ":'");
        return false;
      }
      info.hidden = !a.IDENTIFIER().getText().equals("public");
      return true; // access is not checked: every member is reachable, as in a struct
    }
    if (m instanceof CudaParser.FieldMemberContext f) {
      info.hiddenField |= info.hidden;
      return fields(f, info, fields, b);
    }
    if (m instanceof CudaParser.TemplateMemberContext t) {
      b.error(t.TEMPLATE(), "member function templates are not supported: make it a function template outside the class");
      return false;
    }
    if (m instanceof CudaParser.MethodMemberContext f) {
      TypeSpecifiers parts = TypeSpecifiers.collect(f.declarationSpecifiers(), f.declarationSpecifiers().declarationSpecifier(), b, true);
      if (parts.unsupported) {
        return false;
      }
      if (f.declarator() instanceof CudaParser.FunctionPointerDeclaratorContext) {
        b.error(f.declarator().getStart(), "function pointer members are not supported");
        return false;
      }
      if (!(f.declarator() instanceof CudaParser.FunctionDeclaratorContext d) || !(d.declaratorName() instanceof CudaParser.SimpleNameContext
          || d.declaratorName() instanceof CudaParser.OperatorNameContext o && (o.operatorSymbol() instanceof CudaParser.CallOperatorSymbolContext
              || o.operatorSymbol() instanceof CudaParser.IndexOperatorSymbolContext || overloadable(o) != null || assignment(o) != null))) {
        b.error(f.declarator().getStart(), f.declarator() instanceof CudaParser.FunctionDeclaratorContext d2 && d2.declaratorName() instanceof CudaParser.OperatorNameContext
            ? "of the member operators, operator(), operator[], the assignments (= += -= ...) and the binary ones (+ - * / % ^ & | << >> == != < > <= >=) are supported"
            : "expected a member function declaration: a name, its parameters in parentheses, then its body or ';'");
        return false;
      }
      for (org.antlr.v4.runtime.tree.TerminalNode word : f.IDENTIFIER()) {
        if (!Set.of("override", "final").contains(word.getText())) {
          b.check(word, "expected '{' or ';' after a member function's parameters, not '" + word.getText() + "'");
          return false;
        }
      }
      String name = methodName((CudaParser.FunctionDeclaratorContext) f.declarator());
      if (f.INTEGER_LITERAL() != null) {
        if (!info.def.virtuals().contains(name) || !f.INTEGER_LITERAL().getText().equals("0")) {
          b.check(f.INTEGER_LITERAL(), "only a virtual function can be pure ('= 0')");
          return false;
        }
        info.def.pureVirtuals().add(name);
      }
      boolean isStatic = parts.storageWords.stream().anyMatch(t -> t.getType() == CudaLexer.STATIC);
      if (isStatic && parts.virtualWord != null) {
        b.check(parts.virtualWord, "a static member function cannot be virtual");
        return false;
      }
      info.methods.put(name, isStatic);
      info.def.declaredMethods().add(name);
      if (name.equals("operator=") && parts.storageWords.stream().noneMatch(ClassBuilder::device)) {
        info.deviceSpecials = false; // a copy assignment of host code: what assigns its objects (a derived class's) is host code too
      }
      return true;
    }
    if (m instanceof CudaParser.ConstructorMemberContext c) {
      if (!c.TYPE_NAME().getText().equals(info.shortName)) {
        b.check(c.TYPE_NAME(), "a member function needs a return type ('" + c.TYPE_NAME().getText() + "' is not the class's name)");
        return false;
      }
      if (c.IDENTIFIER() != null && !c.IDENTIFIER().getText().equals("explicit")) {
        b.check(c.IDENTIFIER(), "unexpected '" + c.IDENTIFIER().getText() + "' before a constructor");
        return false;
      }
      info.constructors = true;
      info.deviceSpecials &= c.defaulted() != null || storage(c.storageClassSpecifier()).stream().anyMatch(ClassBuilder::device);
      String params = c.parameterList() == null ? "" : c.parameterList().getText();
      info.copyConstructor |= !params.contains(",")
          && params.matches("(const)?" + java.util.regex.Pattern.quote(info.shortName) + "(<.*>)?(const)?&.*");
      return true;
    }
    if (m instanceof CudaParser.DestructorMemberContext d) {
      Token name = d.dname;
      if (!name.getText().equals(info.shortName)) {
        b.check(name, "the destructor's name must be the class's, '~" + info.shortName + "'");
        return false;
      }
      if (d.after != null && !Set.of("override", "final").contains(d.after.getText())) {
        b.check(d.after, "expected '{' or ';' after a destructor's parentheses, not '" + d.after.getText() + "'");
        return false;
      }
      if (d.pure != null && (d.VIRTUAL().isEmpty() || !d.pure.getText().equals("0"))) {
        b.check(d.pure, "only a virtual destructor can be pure ('= 0')");
        return false;
      }
      info.destructor = true;
      info.deviceSpecials &= d.defaulted() != null || storage(d.storageClassSpecifier()).stream().anyMatch(ClassBuilder::device);
      info.def.declaredMethods().add(StructDef.VIRTUAL_DESTRUCTOR);
      return true;
    }
    return true; // an empty member
  }

  static String methodName(CudaParser.FunctionDeclaratorContext d) {
    if (d.declaratorName() instanceof CudaParser.OperatorNameContext o) {
      return o.operatorSymbol() instanceof CudaParser.CallOperatorSymbolContext ? "operator()"
          : o.operatorSymbol() instanceof CudaParser.IndexOperatorSymbolContext ? "operator[]"
          : assignment(o) != null ? "operator" + assignment(o) : "operator" + overloadable(o);
    }
    return d.declaratorName().getText();
  }

  /** The binary operators a struct may overload here (C++ [over.binary]), by symbol. */
  private static final Set<String> BINARY = Set.of("+", "-", "*", "/", "%", "^", "&", "|", "<<", ">>", "==", "!=", "<", ">", "<=", ">=");
  /** The assignment operators a class may declare as members (C++ [over.ass]): copy assignment and the compound ones. */
  private static final Set<String> ASSIGNMENT = Set.of("=", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>=");

  /** The symbol of a member {@code operator=} or compound assignment operator; null for any other. */
  static String assignment(CudaParser.OperatorNameContext o) {
    return o.operatorSymbol() instanceof CudaParser.SymbolOperatorSymbolContext s && s.op != null && ASSIGNMENT.contains(s.op.getText())
        ? s.op.getText() : null;
  }

  /** The symbol of {@code operator+} and the other overloadable binary operators; null for any other operator name. */
  static String overloadable(CudaParser.OperatorNameContext o) {
    return o.operatorSymbol() instanceof CudaParser.SymbolOperatorSymbolContext s && s.op != null && BINARY.contains(s.op.getText())
        ? s.op.getText() : null;
  }

  private static boolean fields(CudaParser.FieldMemberContext f, ClassInfo info, List<StructDef.Field> out, BuildContext b) {
    TypeSpecifiers parts = TypeSpecifiers.collect(f.declarationSpecifiers(), f.declarationSpecifiers().declarationSpecifier(), b);
    if (parts.unsupported) {
      return false;
    }
    for (Token t : parts.storageWords) {
      b.error(t, t.getType() == CudaLexer.STATIC ? "static data members are not supported" : "'" + t.getText() + "' is not allowed on a field");
      return false;
    }
    if (parts.typedef != null) {
      // typedef T name; in a class: the member type Class::name (C++ [class.mem]), named from outside as such.
      TypeSpec aliased = parts.normalise(b);
      for (CudaParser.MemberFieldContext d : f.memberField()) {
        if (d.IDENTIFIER() == null) {
          continue;
        }
        if (!d.arrayDimension().isEmpty() || d.initializer() != null || d.bracedMemberInitializer() != null) {
          b.error(d.IDENTIFIER(), "a member typedef is a type's other name: no array dimensions or initializer");
          return false;
        }
        b.aliases.put(info.def.name() + "::" + d.IDENTIFIER().getText(),
            new BuildContext.Alias(aliased, parts.withAliasPointers(b.decls.pointers(d.pointer(), null))));
      }
      return true;
    }
    TypeSpec spec = parts.normalise(b);
    if (spec.base() == BaseType.AUTO) {
      b.check(f.declarationSpecifiers(), "a field cannot be declared 'auto'");
      return false;
    }
    for (CudaParser.MemberFieldContext d : f.memberField()) {
      if (d.IDENTIFIER() == null) {
        continue;
      }
      if (d.initializer() instanceof CudaParser.BracedInitializerContext || (d.initializer() != null || d.bracedMemberInitializer() != null)
          && !d.arrayDimension().isEmpty()) {
        b.error(d.IDENTIFIER(), "a default member initializer of an array or in braces after '=' is not supported: initialize the field in a constructor");
        return false;
      }
      StructDef.Field field = StructBuilder.field(d, d.pointer(), d.IDENTIFIER(), d.arrayDimension(), spec, parts, info.fields, b);
      if (field == null) {
        return false;
      }
      if (d.initializer() != null || d.bracedMemberInitializer() != null) {
        info.defaultInits.put(field.name(), d);
      }
      ClassInfo member = field.pointers().isEmpty() && field.dims().isEmpty() && spec.struct() != null ? b.classes.get(spec.struct().name())
          : null;
      if (member != null && (member.constructors || member.destructor)) {
        info.lifetimeFields.add(field);
      }
      out.add(field);
    }
    return true;
  }

  /** Pass 2: the function a member declares (with its body if it has one), or null. */
  private static Decl.Function buildFunction(MemberDeclarationContext m, ClassInfo info, BuildContext b) {
    CudaParser.DefaultedContext defaulted = m instanceof CudaParser.MethodMemberContext f ? f.defaulted()
        : m instanceof CudaParser.ConstructorMemberContext c ? c.defaulted() : m instanceof CudaParser.DestructorMemberContext d ? d.defaulted() : null;
    if (defaulted != null && defaulted.kw != null && defaulted.kw.getType() == CudaLexer.DELETE) {
      return null; // = delete: not declared, so that a use of it is an error
    }
    Decl.Function f0 = buildDeclared(m, info, b);
    if (f0 != null && defaulted != null) {
      // = default: the implicit function, an empty body (C++ [class.default.ctor], [class.dtor]).
      return new Decl.Function(f0.span(), f0.qualifiers(), f0.returnSpec(), f0.returnPointers(), f0.name(), f0.nameSpan(), f0.params(),
          new Stmt.Block(b.span(defaulted), List.of()));
    }
    return f0;
  }

  private static Decl.Function buildDeclared(MemberDeclarationContext m, ClassInfo info, BuildContext b) {
    if (m instanceof CudaParser.MethodMemberContext f) {
      TypeSpecifiers parts = TypeSpecifiers.collect(f.declarationSpecifiers(), f.declarationSpecifiers().declarationSpecifier(), b, true);
      CudaParser.FunctionDeclaratorContext d = (CudaParser.FunctionDeclaratorContext) f.declarator();
      boolean isStatic = parts.storageWords.stream().anyMatch(t -> t.getType() == CudaLexer.STATIC);
      Set<FunctionQualifier> qualifiers = qualifiers(parts.storageWords, b);
      List<PointerLevel> pointers = parts.withAliasPointers(b.decls.resultPointers(d.pointer()));
      return function(info, methodName(d), b.span(d.declaratorName()), qualifiers, parts.normalise(b), pointers, d.parameterList(),
          f.CONST() != null, isStatic, null, f.compoundStatement(), f, b);
    }
    if (m instanceof CudaParser.ConstructorMemberContext c) {
      return function(info, info.shortName, b.span(c.TYPE_NAME()), qualifiers(storage(c.storageClassSpecifier()), b),
          new TypeSpec(b.span(c.TYPE_NAME()), BaseType.VOID, false, false), List.of(), c.parameterList(), false, false,
          c.memberInitializers(), c.compoundStatement(), c, b);
    }
    if (m instanceof CudaParser.DestructorMemberContext d) {
      return function(info, "~" + info.shortName, b.span(d.getStart()), qualifiers(storage(d.storageClassSpecifier()), b),
          new TypeSpec(b.span(d.getStart()), BaseType.VOID, false, false), List.of(), null, false, false, null, d.compoundStatement(), d, b);
    }
    return null;
  }

  /** Whether {@code word} is {@code __device__}. */
  private static boolean device(Token word) {
    return word != null && word.getType() == CudaLexer.DEVICE;
  }

  private static List<Token> storage(List<CudaParser.StorageClassSpecifierContext> list) {
    return list.stream().map(s -> s.kw).toList();
  }

  private static Set<FunctionQualifier> qualifiers(List<Token> words, BuildContext b) {
    Set<FunctionQualifier> out = EnumSet.noneOf(FunctionQualifier.class);
    for (Token t : words) {
      switch (t.getType()) {
        case CudaLexer.DEVICE -> out.add(FunctionQualifier.DEVICE);
        case CudaLexer.HOST -> out.add(FunctionQualifier.HOST);
        case CudaLexer.INLINE -> out.add(FunctionQualifier.INLINE);
        case CudaLexer.FORCEINLINE -> out.add(FunctionQualifier.FORCEINLINE);
        case CudaLexer.NOINLINE -> out.add(FunctionQualifier.NOINLINE);
        case CudaLexer.STATIC -> {} // a static member function: no this
        default -> b.check(t, "'" + t.getText() + "' is not allowed on a member function");
      }
    }
    return out;
  }

  /** One member function: {@code this} first (unless static), its body built with the class's members in reach. */
  private static Decl.Function function(ClassInfo info, String shortName, Span nameSpan, Set<FunctionQualifier> qualifiers, TypeSpec ret,
      List<PointerLevel> retPointers, CudaParser.ParameterListContext paramList, boolean constThis, boolean isStatic,
      CudaParser.MemberInitializersContext inits, CudaParser.CompoundStatementContext body, ParserRuleContext whole, BuildContext b) {
    List<Param> params = new ArrayList<>();
    if (!isStatic) {
      params.add(Param.self(nameSpan, info.def, constThis)); // a const pointer, so that nothing assigns to it
    }
    if (paramList != null) {
      params.addAll(b.decls.parameters(paramList));
    }
    List<String> paramNames = new ArrayList<>();
    params.stream().filter(p -> p != null && p.name() != null).forEach(p -> paramNames.add(p.name()));
    Stmt.Block block = null;
    ClassInfo outer = b.currentClass;
    b.currentClass = info;
    boolean wasStatic = info.staticContext;
    info.staticContext = isStatic;
    b.namespaces.beginFunction(paramNames);
    try {
      if (body != null) {
        List<Stmt> stmts = new ArrayList<>();
        boolean constructor = !isStatic && shortName.equals(info.shortName);
        // C++ [class.base.init] ¶13: fields are initialised in declaration order, whatever the initializers' order.
        Map<String, CudaParser.MemberInitializerContext> named = new java.util.LinkedHashMap<>();
        if (inits != null) {
          for (CudaParser.MemberInitializerContext mi : inits.memberInitializer()) {
            Token name = mi.IDENTIFIER() != null ? mi.IDENTIFIER().getSymbol() : mi.TYPE_NAME().getSymbol();
            if (info.def.base() != null && name.getText().equals(info.def.base().simpleName())) {
              named.putIfAbsent(Inheritance.BASE_INITIALIZER, mi); // Base(args): the base made first, whatever the order
              continue;
            }
            if (!info.fields.contains(name.getText()) || info.def.fields().stream().limit(info.def.inheritedFields())
                .anyMatch(f -> f.name().equals(name.getText()))) {
              memberInit(mi, info, b); // reports it
              continue;
            }
            named.putIfAbsent(name.getText(), mi);
          }
        }
        if (constructor) {
          stmts.addAll(initialisers(info, named, false, b.span(whole), b));
        }
        boolean destructor = !isStatic && shortName.equals("~" + info.shortName);
        if (destructor && info.def.isPolymorphic()) {
          stmts.add(Inheritance.setVptr(info.def, b.span(whole))); // its own functions are called in its body (C++ [class.cdtor] ¶4)
        }
        Stmt.Block own = b.stmtBuilder.block(body);
        stmts.addAll(own.stmts());
        if (destructor) {
          stmts.addAll(destroyFields(info, own.span()));
        }
        block = new Stmt.Block(own.span(), stmts);
      } else if (inits != null) {
        b.check(inits.getStart(), "member initializers need the constructor's body");
      }
    } finally {
      b.namespaces.endFunction();
      info.staticContext = wasStatic;
      b.currentClass = outer;
    }
    if (params.contains(null)) {
      return null;
    }
    return new Decl.Function(b.span(whole), qualifiers, ret, retPointers, info.def.name() + "::" + shortName, nameSpan, params, block);
  }

  /**
   * A member function defined outside its class ({@code int Counter::get() const { ... }}), with
   * the class's members in reach; it must be declared in the class.
   */
  static Decl.Function outOfLine(ClassInfo info, String shortName, Span nameSpan, Set<FunctionQualifier> qualifiers, TypeSpec ret,
      List<PointerLevel> retPointers, CudaParser.ParameterListContext params, boolean constThis, CudaParser.CompoundStatementContext body,
      ParserRuleContext whole, BuildContext b) {
    boolean isStatic = Boolean.TRUE.equals(info.methods.get(shortName));
    return function(info, shortName, nameSpan, qualifiers, ret, retPointers, params, constThis, isStatic, null, body, whole, b);
  }

  /** {@code Counter::Counter(int s) : step(s) { }}: a constructor defined outside its class; null (reported) for an unknown one. */
  static Decl.Function outOfLineConstructor(CudaParser.ConstructorDefinitionContext c, BuildContext b) {
    ClassInfo info = owner(c.TYPE_NAME(0).getSymbol(), b);
    if (info == null) {
      return null;
    }
    if (!c.TYPE_NAME(1).getText().equals(info.shortName)) {
      b.check(c.TYPE_NAME(1), "'" + c.TYPE_NAME(1).getText() + "' is not a constructor of '" + info.shortName + "'");
      return null;
    }
    return function(info, info.shortName, b.span(c.TYPE_NAME(1)), qualifiers(storage(c.storageClassSpecifier()), b),
        new TypeSpec(b.span(c.TYPE_NAME(1)), BaseType.VOID, false, false), List.of(), c.parameterList(), false, false,
        c.memberInitializers(), c.compoundStatement(), c, b);
  }

  /** {@code Counter::~Counter() { }}: a destructor defined outside its class. */
  static Decl.Function outOfLineDestructor(CudaParser.DestructorDefinitionContext c, BuildContext b) {
    ClassInfo info = owner(c.TYPE_NAME(0).getSymbol(), b);
    if (info == null) {
      return null;
    }
    Token name = c.IDENTIFIER() != null ? c.IDENTIFIER().getSymbol() : c.TYPE_NAME(1).getSymbol();
    if (!name.getText().equals(info.shortName)) {
      b.check(name, "the destructor's name must be the class's, '~" + info.shortName + "'");
      return null;
    }
    return function(info, "~" + info.shortName, b.span(name), qualifiers(storage(c.storageClassSpecifier()), b),
        new TypeSpec(b.span(name), BaseType.VOID, false, false), List.of(), null, false, false, null, c.compoundStatement(), c, b);
  }

  private static ClassInfo owner(Token name, BuildContext b) {
    ClassInfo info = b.classes.get(b.namespaces.resolveType(name.getText(), b.classes::containsKey));
    String alias = b.namespaces.resolveType(name.getText(), b.aliases::containsKey);
    if (info == null && !(b.aliases.containsKey(alias) && b.aliases.get(alias) == null)) { // a refused class was reported
      b.check(name, "'" + name.getText() + "' declares no constructor or destructor here: declare it in the class's body");
    }
    return info;
  }

  /** {@code field(value)} or {@code field{value}} before a constructor's body: {@code this->field = value}. */
  private static Stmt memberInit(CudaParser.MemberInitializerContext mi, ClassInfo info, BuildContext b) {
    Token name = mi.IDENTIFIER() != null ? mi.IDENTIFIER().getSymbol() : mi.TYPE_NAME().getSymbol();
    if (!info.fields.contains(name.getText())) {
      b.check(name, "'" + name.getText() + "' is not a field of '" + info.shortName + "'"
          + (mi.TYPE_NAME() != null ? (info.def.base() == null ? " nor its base class" : " nor its base class '" + info.def.base().simpleName()
              + "' (named by its own name; a delegating constructor is not supported)") : ""));
      return null;
    }
    List<Expr> args = mi.argumentExpressionList() == null ? List.of() : b.exprs.arguments(mi.argumentExpressionList());
    Span at = b.span(mi);
    Expr field = Expr.Member.of("this", name.getText(), at, b.span(name));
    if (args.size() > 1) {
      b.error(name, "a field is initialized with one value here");
      return null;
    }
    Expr value = args.isEmpty() ? new Expr.IntLit(at, 0, true, false, 0, false, "0") : args.get(0);
    return new Stmt.ExprStmt(at, new Expr.Assign(at, null, field, value));
  }
}
