package org.scansim.frontend.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.TerminalNode;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Expr.BinaryOp;
import org.scansim.frontend.ast.Expr.UnaryOp;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.parse.CudaParser.ArgumentExpressionListContext;
import org.scansim.frontend.parse.CudaParser.ArrowExpressionContext;
import org.scansim.frontend.parse.CudaParser.AssignmentExpressionContext;
import org.scansim.frontend.parse.CudaParser.AssignmentOperationContext;
import org.scansim.frontend.parse.CudaParser.BoolLiteralContext;
import org.scansim.frontend.parse.CudaParser.CallExpressionContext;
import org.scansim.frontend.parse.CudaParser.CastExpressionContext;
import org.scansim.frontend.parse.CudaParser.CharLiteralContext;
import org.scansim.frontend.parse.CudaParser.CommaExpressionContext;
import org.scansim.frontend.parse.CudaParser.ConditionalExpressionContext;
import org.scansim.frontend.parse.CudaParser.DeleteExpressionContext;
import org.scansim.frontend.parse.CudaParser.ExpressionContext;
import org.scansim.frontend.parse.CudaParser.FloatingLiteralContext;
import org.scansim.frontend.parse.CudaParser.FunctionalCastContext;
import org.scansim.frontend.parse.CudaParser.GlobalNameExpressionContext;
import org.scansim.frontend.parse.CudaParser.IdentifierExpressionContext;
import org.scansim.frontend.parse.CudaParser.IndexExpressionContext;
import org.scansim.frontend.parse.CudaParser.IntegerLiteralContext;
import org.scansim.frontend.parse.CudaParser.LambdaExpressionContext;
import org.scansim.frontend.parse.CudaParser.LaunchExpressionContext;
import org.scansim.frontend.parse.CudaParser.MemberExpressionContext;
import org.scansim.frontend.parse.CudaParser.NamedCastContext;
import org.scansim.frontend.parse.CudaParser.NewExpressionContext;
import org.scansim.frontend.parse.CudaParser.NewObjectExpressionContext;
import org.scansim.frontend.parse.CudaParser.NullLiteralContext;
import org.scansim.frontend.parse.CudaParser.ParenthesizedExpressionContext;
import org.scansim.frontend.parse.CudaParser.PostfixExpressionContext;
import org.scansim.frontend.parse.CudaParser.PrimaryContext;
import org.scansim.frontend.parse.CudaParser.QualifiedNameExpressionContext;
import org.scansim.frontend.parse.CudaParser.SingleExpressionContext;
import org.scansim.frontend.parse.CudaParser.SizeofExpressionContext;
import org.scansim.frontend.parse.CudaParser.SizeofTypeExpressionContext;
import org.scansim.frontend.parse.CudaParser.StringLiteralContext;
import org.scansim.frontend.parse.CudaParser.TemplateIdExpressionContext;
import org.scansim.frontend.parse.CudaParser.ThisExpressionContext;
import org.scansim.frontend.parse.CudaParser.UnaryExpressionContext;

/**
 * Builds expressions. Left-recursive chains ({@code a + b + c + ...}, {@code a[i][j]}, {@code
 * x.y.z}) are folded in a loop rather than by recursion, so a long chain in a hostile input costs
 * no stack; the parser itself handles such chains iteratively too.
 */
final class ExprBuilder extends CudaParserBaseVisitor<Expr> {
  private final BuildContext b;
  private final DeclarationBuilder decls;

  ExprBuilder(BuildContext b, DeclarationBuilder decls) {
    this.b = b;
    this.decls = decls;
  }

  // ------------------------------------------------------------------------------------------
  // Entry points

  /** An expression with the comma operator (C11 §6.5.17). */
  Expr build(ExpressionContext ctx) {
    if (ctx == null) {
      return b.placeholder(b.spans.range(0, 0));
    }
    Deque<CommaExpressionContext> spine = new ArrayDeque<>();
    ExpressionContext cur = ctx;
    while (cur instanceof CommaExpressionContext comma) {
      spine.push(comma);
      cur = comma.expression();
    }
    ExpressionContext first = cur;
    return inChain(spine.size(), ctx, () -> commas(ctx, first, spine));
  }

  /**
   * Operators in chains along the current path of the tree: a chain ({@code a + b + ... + z}, a
   * comma list) is built in a loop but makes a tree as deep as it is long, which every later pass
   * walks by recursion. Counted, so that one input gives one answer on every run (the parser counts
   * every other kind of nesting: {@link DepthLimitedParser}).
   */
  private int chains;

  /**
   * Operators in chains along one path: with the parser's {@link DepthLimitedParser#MAX_DEPTH}, the
   * deepest tree the later passes walk (70,000 levels; on the {@link org.scansim.threads.LargeStack}'s 256 MiB a chain
   * of 280,000 still compiled).
   */
  static final int MAX_CHAINS = 50_000;

  /** Whether the limit was reported: once a file. */
  private boolean tooDeep;

  /**
   * {@code build}'s tree for a chain of {@code length} operators at {@code at}, counted while it
   * is built; past {@link #MAX_CHAINS} along the path, a placeholder, the limit reported once.
   */
  private Expr inChain(int length, ParserRuleContext at, java.util.function.Supplier<Expr> build) {
    if (chains + length > MAX_CHAINS) {
      if (!tooDeep) {
        tooDeep = true;
        b.check(at, "expression nested too deep: more than " + MAX_CHAINS + " operators in a chain (or in chains inside one another)");
      }
      return b.placeholder(b.span(at));
    }
    chains += length;
    try {
      return build.get();
    } finally {
      chains -= length;
    }
  }

  private Expr commas(ExpressionContext ctx, ExpressionContext cur, Deque<CommaExpressionContext> spine) {
    Expr acc =
        cur instanceof SingleExpressionContext single
            ? build(single.assignmentExpression())
            : b.placeholder(cur == null ? b.span(ctx) : b.span(cur));
    while (!spine.isEmpty()) {
      CommaExpressionContext comma = spine.pop();
      acc = new Expr.Binary(b.span(comma), BinaryOp.COMMA, acc, build(comma.assignmentExpression()));
    }
    return acc;
  }

  /** An expression without a top-level comma: an operand, argument or initialiser. */
  Expr build(AssignmentExpressionContext ctx) {
    if (ctx == null) {
      return b.placeholder(b.spans.range(0, 0));
    }
    Deque<AssignmentExpressionContext> spine = new ArrayDeque<>();
    AssignmentExpressionContext cur = ctx;
    while (cur != null && isSuffix(cur)) {
      spine.push(cur);
      cur = cur.getChild(AssignmentExpressionContext.class, 0);
    }
    AssignmentExpressionContext first = cur;
    return inChain(spine.size(), ctx, () -> {
      Expr acc = first == null ? b.placeholder(b.span(spine.peek())) : visitOrPlaceholder(first);
      while (!spine.isEmpty()) {
        acc = suffix(spine.pop(), acc);
      }
      return acc;
    });
  }

  List<Expr> arguments(ArgumentExpressionListContext ctx) {
    if (ctx == null) {
      return List.of();
    }
    List<Expr> out = new ArrayList<>();
    for (AssignmentExpressionContext arg : ctx.assignmentExpression()) {
      out.add(build(arg));
    }
    return out;
  }

  private Expr visitOrPlaceholder(ParserRuleContext ctx) {
    Expr e = ctx.accept(this);
    return e != null ? e : b.placeholder(b.span(ctx));
  }

  @Override
  protected Expr defaultResult() {
    return null; // an alternative left incomplete by a syntax error
  }

  // ------------------------------------------------------------------------------------------
  // Alternatives whose first operand is an expression: postfix, binary, conditional, assignment

  private static boolean isSuffix(AssignmentExpressionContext ctx) {
    return ctx.getChildCount() > 0 && ctx.getChild(0) instanceof AssignmentExpressionContext;
  }

  private Expr suffix(AssignmentExpressionContext ctx, Expr left) {
    Span span = b.span(ctx);
    if (ctx instanceof IndexExpressionContext c) {
      return new Expr.Index(span, left, build(c.expression()));
    }
    if (ctx instanceof CallExpressionContext c) {
      return call(c, left, arguments(c.argumentExpressionList()));
    }
    if (ctx instanceof LaunchExpressionContext c) {
      return launch(c, left);
    }
    if (ctx instanceof MemberExpressionContext c) {
      return member(span, left, c.IDENTIFIER(), false);
    }
    if (ctx instanceof ArrowExpressionContext c) {
      // p->x is (*p).x (C11 §6.5.2.3 ¶4).
      return member(span, BuildContext.isPlaceholder(left) ? left : new Expr.Unary(left.span(), UnaryOp.DEREF, left), c.IDENTIFIER(), true);
    }
    if (ctx instanceof PostfixExpressionContext c) {
      UnaryOp op = c.op != null && c.op.getType() == CudaLexer.DEC ? UnaryOp.POST_DEC : UnaryOp.POST_INC;
      return new Expr.Unary(span, op, left);
    }
    if (ctx instanceof ConditionalExpressionContext c) {
      return new Expr.Conditional(span, left, build(c.expression()), build(c.assignmentExpression(1)));
    }
    Token op = ctx.getChildCount() > 1 && ctx.getChild(1) instanceof TerminalNode t ? t.getSymbol() : null;
    AssignmentExpressionContext rightCtx = ctx.getChild(AssignmentExpressionContext.class, 1);
    Expr right = rightCtx == null ? b.placeholder(span) : build(rightCtx);
    if (ctx instanceof AssignmentOperationContext) {
      return new Expr.Assign(span, op == null ? null : compoundOperator(op.getType()), left, right);
    }
    BinaryOp binary = op == null ? null : binaryOperator(op.getType());
    if (binary == null) {
      return b.placeholder(span);
    }
    return new Expr.Binary(span, binary, left, right);
  }

  private Expr member(Span span, Expr object, TerminalNode name, boolean arrow) {
    if (name == null) {
      return b.placeholder(span);
    }
    return new Expr.Member(span, object, name.getText(), b.span(name), arrow);
  }

  private Expr call(CallExpressionContext ctx, Expr callee, List<Expr> args) {
    Span span = b.span(ctx);
    if (callee instanceof Expr.Name name) {
      if (BuildContext.isPlaceholder(name)) {
        return name;
      }
      String feature = Unsupported.forFunction(name.id());
      if (feature != null) {
        b.error(ctx.getStart(), feature);
        return b.placeholder(span);
      }
      ClassBuilder.ClassInfo cls = b.currentClass;
      if (cls != null && cls.methods.containsKey(name.id()) && !b.namespaces.isLocal(name.id())) {
        if (cls.methods.get(name.id())) {
          return new Expr.Call(span, cls.def.name() + "::" + name.id(), name.span(), args); // a static member function
        }
        if (!cls.staticContext) {
          // A member function called in another: this->f(args).
          List<Expr> all = new ArrayList<>();
          all.add(new Expr.Unary(name.span(), UnaryOp.DEREF, new Expr.Name(name.span(), b.thisName())));
          all.addAll(args);
          return new Expr.Call(span, "." + name.id(), name.span(), all);
        }
      }
      return new Expr.Call(span, name.id(), name.span(), args);
    }
    if (callee instanceof Expr.Member m && !BuildContext.isPlaceholder(m.object())) {
      // A member function call, obj.f(args): the callee ".f", the object its first argument. The
      // type checker allows it on cooperative groups (block.sync()) and refuses it on anything else.
      List<Expr> all = new ArrayList<>();
      all.add(m.object());
      all.addAll(args);
      return new Expr.Call(span, "." + m.member(), m.memberSpan(), all);
    }
    if (callee instanceof Expr.Lambda l) {
      // [](int x) { ... }(3): the closure's call operator on the closure object, as obj(args) is.
      List<Expr> all = new ArrayList<>();
      all.add(l);
      all.addAll(args);
      return new Expr.Call(span, ".operator()", l.span(), all);
    }
    if (callee instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF && u.operand() instanceof Expr.Name n) {
      // (*f)(args): a call through the pointer f, as f(args) is (C11 §6.5.2.2 ¶1; *f is the function again).
      return new Expr.Call(span, n.id(), n.span(), args);
    }
    if (!BuildContext.isPlaceholder(callee)) {
      b.check(ctx.getStart(), Unsupported.FUNCTION_POINTERS + " here: call through a named pointer, f(...) or (*f)(...)");
    }
    return b.placeholder(span);
  }

  private Expr launch(LaunchExpressionContext ctx, Expr kernel) {
    Span span = b.span(ctx);
    List<ArgumentExpressionListContext> lists = ctx.argumentExpressionList();
    int close = ctx.LAUNCH_CLOSE() == null ? Integer.MAX_VALUE : ctx.LAUNCH_CLOSE().getSymbol().getTokenIndex();
    List<Expr> config = new ArrayList<>();
    List<Expr> args = new ArrayList<>();
    for (ArgumentExpressionListContext list : lists) {
      (list.getStart().getTokenIndex() < close ? config : args).addAll(arguments(list));
    }
    if (!(kernel instanceof Expr.Name name)) {
      b.check(ctx.getStart(), "a kernel launch needs the name of a kernel");
      return b.placeholder(span);
    }
    if (BuildContext.isPlaceholder(name)) {
      return name;
    }
    if (config.size() < 2 || config.size() > 4) {
      b.check(
          ctx.LAUNCH_OPEN(),
          "a kernel launch takes 2 to 4 configuration arguments (grid, block, shared bytes, stream), not "
              + config.size());
    }
    return new Expr.Launch(span, name.id(), name.span(), config, args);
  }

  // ------------------------------------------------------------------------------------------
  // Prefix alternatives (C11 §6.5.3, §6.5.4)

  @Override
  public Expr visitPrimary(PrimaryContext ctx) {
    return ctx.primaryExpression() == null ? null : visitOrPlaceholder(ctx.primaryExpression());
  }

  @Override
  public Expr visitUnaryExpression(UnaryExpressionContext ctx) {
    Expr operand = build(ctx.assignmentExpression());
    if (ctx.op == null) {
      return null;
    }
    UnaryOp op =
        switch (ctx.op.getType()) {
          case CudaLexer.INC -> UnaryOp.PRE_INC;
          case CudaLexer.DEC -> UnaryOp.PRE_DEC;
          case CudaLexer.PLUS -> UnaryOp.PLUS;
          case CudaLexer.MINUS -> UnaryOp.NEG;
          case CudaLexer.NOT -> UnaryOp.NOT;
          case CudaLexer.TILDE -> UnaryOp.BITNOT;
          case CudaLexer.STAR -> UnaryOp.DEREF;
          default -> UnaryOp.ADDR;
        };
    return new Expr.Unary(b.span(ctx), op, operand);
  }

  @Override
  public Expr visitSizeofExpression(SizeofExpressionContext ctx) {
    return new Expr.SizeofExpr(b.span(ctx), build(ctx.assignmentExpression()));
  }

  @Override
  public Expr visitCastExpression(CastExpressionContext ctx) {
    TypeName type = decls.typeName(ctx.typeName());
    Expr operand = build(ctx.assignmentExpression());
    return type == null ? b.placeholder(b.span(ctx)) : new Expr.Cast(b.span(ctx), type, operand);
  }

  /** {@code delete p} and {@code delete[] p}: calls of the host's {@code operator delete} and {@code operator delete[]}. */
  @Override
  public Expr visitDeleteExpression(DeleteExpressionContext ctx) {
    Span span = b.span(ctx);
    Expr operand = build(ctx.assignmentExpression());
    return new Expr.Call(span, ctx.LBRACKET() != null ? "operator delete[]" : "operator delete", b.span(ctx.DELETE()), List.of(operand));
  }

  // ------------------------------------------------------------------------------------------
  // Primary expressions (C11 §6.5.1)

  @Override
  public Expr visitIdentifierExpression(IdentifierExpressionContext ctx) {
    String id = ctx.IDENTIFIER().getText();
    BuildContext.Bound bound = b.templateValues.get(id);
    if (bound != null) {
      return literal(b.span(ctx), bound);
    }
    int qualified = id.lastIndexOf("::");
    BuildContext.Alias param = qualified > 0 ? b.templateTypes.get(id.substring(0, qualified)) : null;
    if (param != null && param.spec().struct() != null && param.pointers().isEmpty()) {
      // Op::identity in a template whose Op is a class: that class's static member.
      return new Expr.Name(b.span(ctx), param.spec().struct().name() + id.substring(qualified));
    }
    if (b.currentClass != null && b.currentClass.fields.contains(id) && !b.currentClass.staticContext && !b.namespaces.isLocal(id)) {
      // A field named in a member function is this->field (C++ [class.mfct.non-static] ¶3).
      Span at = b.span(ctx);
      return Expr.Member.of(b.thisName(), id, at, at);
    }
    if (qualified > 0) {
      // Clock::now() where Clock is a class of a namespace in scope (using namespace std::chrono;): its static member.
      String owner = id.substring(0, qualified);
      String cls = b.namespaces.resolveType(owner, b.classes::containsKey);
      if (!cls.equals(owner) && b.classes.containsKey(cls)) {
        return new Expr.Name(b.span(ctx), cls + id.substring(qualified));
      }
      // ... or where Clock is an alias of one (using Clock = std::chrono::steady_clock;).
      String alias = b.namespaces.resolveType(owner, b.aliases::containsKey);
      BuildContext.Alias a = b.aliases.get(alias);
      if (a != null && a.spec().struct() != null && a.pointers().isEmpty() && b.classes.containsKey(a.spec().struct().name())) {
        return new Expr.Name(b.span(ctx), a.spec().struct().name() + id.substring(qualified));
      }
    }
    return new Expr.Name(b.span(ctx), b.namespaces.resolve(id));
  }

  /** A value template parameter where it is named in an instance: a literal of the parameter's type. */
  private static Expr literal(Span span, BuildContext.Bound bound) {
    org.scansim.frontend.ast.BaseType t = bound.type().base();
    if (t == org.scansim.frontend.ast.BaseType.BOOL) {
      return new Expr.BoolLit(span, bound.value() != 0);
    }
    boolean unsigned = switch (t) {
      case UCHAR, USHORT, UINT, ULONG, ULLONG, SIZE_T -> true;
      default -> false;
    };
    int longs = switch (t) {
      case LONG, ULONG, SIZE_T -> 1;
      case LLONG, ULLONG -> 2;
      default -> 0;
    };
    long v = bound.value();
    Expr lit = new Expr.IntLit(span, Math.abs(v), true, unsigned, longs, false, Long.toString(Math.abs(v)));
    return v < 0 ? new Expr.Unary(span, UnaryOp.NEG, lit) : lit;
  }

  /**
   * A function template named in an expression: with explicit arguments, its instance, built now
   * ({@code scan<256, float>}); without, the template's name, whose arguments the type checker
   * deduces from the call.
   */
  @Override
  public Expr visitTemplateNameExpression(CudaParser.TemplateNameExpressionContext ctx) {
    Span span = b.span(ctx);
    Token at = ctx.TEMPLATE_NAME().getSymbol();
    String name = b.namespaces.resolveType(at.getText(), b.templates::containsKey);
    TemplateDef t = b.templates.get(name);
    String shortName = at.getText().substring(at.getText().lastIndexOf(':') + 1);
    if (t == null && TypeNames.GROUP_TEMPLATES.contains(shortName) && ctx.explicitTemplateArguments() != null) {
      // cooperative_groups::tiled_partition<32>, cooperative_groups::plus<int>: the arguments in the name.
      List<String> written = new ArrayList<>();
      for (CudaParser.ExplicitTemplateArgumentContext a : ctx.explicitTemplateArguments().explicitTemplateArgument()) {
        if (a instanceof CudaParser.TypeExplicitArgumentContext ta) {
          TypeName tn = decls.typeName(ta.typeName());
          if (tn == null) {
            return b.placeholder(span);
          }
          written.add(TemplateDef.typeArg(tn).spelling());
        } else if (a instanceof CudaParser.ValueExplicitArgumentContext va) {
          Long c = templateConstant(va.templateValue());
          if (c == null) {
            return b.placeholder(span);
          }
          written.add(Long.toString(c));
        } else {
          b.check(a.getStart(), "a function type is a template argument of std::function only");
          return b.placeholder(span);
        }
      }
      return new Expr.Name(span, "cooperative_groups::" + shortName + "<" + String.join(", ", written) + ">");
    }
    if (t == null) {
      b.check(at, "'" + at.getText() + "' is not a function template in scope here");
      return b.placeholder(span);
    }
    if (ctx.explicitTemplateArguments() == null) {
      return new Expr.Name(span, name);
    }
    String instance = instance(t, at, ctx.explicitTemplateArguments());
    return instance == null ? b.placeholder(span) : new Expr.Name(span, instance);
  }

  /** The class template's instance that the written arguments ask for, built if it is new; null after an error (reported). */
  org.scansim.frontend.ast.StructDef classInstance(TemplateDef t, Token at, CudaParser.ExplicitTemplateArgumentsContext written) {
    List<org.scansim.frontend.ast.FunctionTemplate.Arg> all = templateArguments(t, at, written);
    if (all != null && t.name().equals("std::vector") && !all.isEmpty() && all.get(0).isType()
        && (all.get(0).spec().struct() != null || !all.get(0).pointers().isEmpty())) {
      // scansim's own <vector> holds numbers: its new T[n] and T() are those of numbers.
      b.check(at, "a std::vector of " + (all.get(0).spec().struct() != null ? "'" + all.get(0).spec().struct().simpleName() + "'"
          : "pointers") + " is not supported: scansim's <vector> holds numbers and characters (std::vector<float>, std::vector<int>)");
      return null;
    }
    return all == null ? null : t.instantiateClass(all);
  }

  /** The written template arguments completed with the template's defaults; null after an error (reported). */
  private List<org.scansim.frontend.ast.FunctionTemplate.Arg> templateArguments(TemplateDef t, Token at,
      CudaParser.ExplicitTemplateArgumentsContext written) {
    List<org.scansim.frontend.ast.FunctionTemplate.Arg> args = new ArrayList<>();
    for (CudaParser.ExplicitTemplateArgumentContext a : written.explicitTemplateArgument()) {
      if (a instanceof CudaParser.TypeExplicitArgumentContext ta) {
        TypeName tn = decls.typeName(ta.typeName());
        if (tn == null) {
          return null;
        }
        args.add(TemplateDef.typeArg(tn));
      } else if (a instanceof CudaParser.ValueExplicitArgumentContext va) {
        Long c = templateConstant(va.templateValue());
        if (c == null) {
          return null;
        }
        args.add(org.scansim.frontend.ast.FunctionTemplate.Arg.ofValue(c));
      } else {
        b.check(a.getStart(), "a function type is a template argument of std::function only, not of '" + t.name() + "'");
        return null;
      }
    }
    return t.complete(args, at);
  }

  /**
   * The name of the instance of {@code t} that the written arguments ask for, built if it is
   * new (C++ [temp.arg.explicit]); null after an error was reported.
   */
  String instance(TemplateDef t, Token at, CudaParser.ExplicitTemplateArgumentsContext written) {
    List<org.scansim.frontend.ast.FunctionTemplate.Arg> all = templateArguments(t, at, written);
    if (all == null) {
      return null;
    }
    String key = t.instanceName(all);
    if (t.building(key)) {
      return key; // a recursive call of the instance being built
    }
    org.scansim.frontend.ast.Decl.Function instance = t.instantiate(all);
    return instance == null ? null : instance.name();
  }

  /** A template argument's constant value; null after saying it is not one. */
  Long templateConstant(CudaParser.TemplateValueContext ctx) {
    if (ctx == null || ctx.templateOperand().isEmpty() || ctx.templateOperand().size() != ctx.op.size() + 1) {
      return null;
    }
    // Operands and operators in a row, combined by C's precedence (C11 6.5.5-6.5.12).
    Deque<Long> values = new ArrayDeque<>();
    Deque<Token> ops = new ArrayDeque<>();
    for (int i = 0; i < ctx.templateOperand().size(); i++) {
      CudaParser.TemplateOperandContext o = ctx.templateOperand(i);
      Expr operand = o.primaryExpression() == null ? null : visitOrPlaceholder(o.primaryExpression());
      Long v = operand == null ? null : constant(operand, b);
      if (v == null) {
        if (operand instanceof Expr.Name n && b.namespaces.isLocal(n.id())) {
          b.check(o.getStart(), "'" + n.id() + "' is declared inside a function: scansim takes a template argument only from a literal, a const"
              + " integer of file scope, or arithmetic on them (a local const: move it to file scope, const int " + n.id() + " = ...;)");
        } else {
          b.check(o.getStart(), "a template argument must be a constant here: a literal, a const integer, or arithmetic on them");
        }
        return null;
      }
      if (o.getChildCount() > 1) {
        int sign = ((TerminalNode) o.getChild(0)).getSymbol().getType();
        v = sign == CudaLexer.MINUS ? -v : sign == CudaLexer.TILDE ? ~v : v == 0 ? 1L : 0L;
      }
      if (i > 0) {
        Token op = ctx.op.get(i - 1);
        while (!ops.isEmpty() && precedence(ops.peek()) >= precedence(op)) {
          if (!apply(values, ops.pop())) {
            return null;
          }
        }
        ops.push(op);
      }
      values.push(v);
    }
    while (!ops.isEmpty()) {
      if (!apply(values, ops.pop())) {
        return null;
      }
    }
    return values.pop();
  }

  private static int precedence(Token op) {
    return switch (op.getType()) {
      case CudaLexer.STAR, CudaLexer.DIV, CudaLexer.MOD -> 5;
      case CudaLexer.PLUS, CudaLexer.MINUS -> 4;
      case CudaLexer.SHL -> 3;
      case CudaLexer.AMP -> 2;
      case CudaLexer.CARET -> 1;
      default -> 0;
    };
  }

  /** Combines the top two values with op, by {@link #constant}'s arithmetic (C's operators on them). */
  private boolean apply(Deque<Long> values, Token op) {
    long r = values.pop();
    long l = values.pop();
    Long v = constant(new Expr.Binary(null, binaryOperator(op.getType()), literal(l), literal(r)), b);
    if (v == null) {
      b.check(op, "the template argument divides by zero or shifts out of range");
      return false;
    }
    values.push(v);
    return true;
  }

  private static Expr literal(long v) {
    return new Expr.IntLit(null, v, true, false, 0, false, Long.toString(v));
  }


  /**
   * The value of an integer constant expression as far as the builder can tell (literals, const
   * integers of file scope, template value parameters, and C's operators on them); null when it
   * is not one.
   */
  static Long constant(Expr e, BuildContext b) {
    if (e instanceof Expr.IntLit i) {
      return i.value();
    }
    if (e instanceof Expr.CharLit c) {
      return (long) c.value();
    }
    if (e instanceof Expr.BoolLit x) {
      return x.value() ? 1L : 0L;
    }
    if (e instanceof Expr.Name n) {
      return b.namespaces.isLocal(n.id()) ? null : b.constants.get(n.id());
    }
    if (e instanceof Expr.Cast c) {
      return constant(c.operand(), b);
    }
    if (e instanceof Expr.Unary u) {
      Long v = constant(u.operand(), b);
      return v == null ? null : switch (u.op()) {
        case NEG -> -v;
        case PLUS -> v;
        case BITNOT -> ~v;
        case NOT -> v == 0 ? 1L : 0L;
        default -> null;
      };
    }
    if (e instanceof Expr.Conditional c) {
      Long k = constant(c.cond(), b);
      return k == null ? null : constant(k != 0 ? c.then() : c.els(), b);
    }
    if (e instanceof Expr.Binary x) {
      Long l = constant(x.left(), b);
      Long r = constant(x.right(), b);
      if (l == null || r == null) {
        return null;
      }
      return switch (x.op()) {
        case ADD -> l + r;
        case SUB -> l - r;
        case MUL -> l * r;
        case DIV -> r == 0 ? null : l / r;
        case REM -> r == 0 ? null : l % r;
        case SHL -> r < 0 || r > 63 ? null : l << r;
        case SHR -> r < 0 || r > 63 ? null : l >> r;
        case LT -> l < r ? 1L : 0L;
        case GT -> l > r ? 1L : 0L;
        case LE -> l <= r ? 1L : 0L;
        case GE -> l >= r ? 1L : 0L;
        case EQ -> l.equals(r) ? 1L : 0L;
        case NE -> !l.equals(r) ? 1L : 0L;
        case BIT_AND -> l & r;
        case BIT_XOR -> l ^ r;
        case BIT_OR -> l | r;
        case LOG_AND -> l != 0 && r != 0 ? 1L : 0L;
        case LOG_OR -> l != 0 || r != 0 ? 1L : 0L;
        case COMMA -> r;
      };
    }
    return null;
  }

  @Override
  public Expr visitIntegerLiteral(IntegerLiteralContext ctx) {
    Token t = ctx.INTEGER_LITERAL().getSymbol();
    return Literals.integer(t.getText(), b.span(t), problems(t));
  }

  @Override
  public Expr visitFloatingLiteral(FloatingLiteralContext ctx) {
    Token t = ctx.FLOATING_LITERAL().getSymbol();
    return Literals.floating(t.getText(), b.span(t), problems(t));
  }

  @Override
  public Expr visitCharLiteral(CharLiteralContext ctx) {
    Token t = ctx.CHAR_LITERAL().getSymbol();
    return new Expr.CharLit(b.span(t), Literals.character(t.getText(), problems(t)));
  }

  @Override
  public Expr visitStringLiteral(StringLiteralContext ctx) {
    StringBuilder value = new StringBuilder();
    for (TerminalNode part : ctx.STRING_LITERAL()) {
      value.append(Literals.string(part.getText(), problems(part.getSymbol())));
    }
    return new Expr.StringLit(b.span(ctx), value.toString());
  }

  @Override
  public Expr visitBoolLiteral(BoolLiteralContext ctx) {
    return new Expr.BoolLit(b.span(ctx), ctx.kw != null && ctx.kw.getType() == CudaLexer.TRUE);
  }

  @Override
  public Expr visitNullLiteral(NullLiteralContext ctx) {
    return new Expr.NullLit(b.span(ctx));
  }

  @Override
  public Expr visitParenthesizedExpression(ParenthesizedExpressionContext ctx) {
    return build(ctx.expression());
  }

  @Override
  public Expr visitSizeofTypeExpression(SizeofTypeExpressionContext ctx) {
    TypeName type = decls.typeName(ctx.typeName());
    return type == null ? b.placeholder(b.span(ctx)) : new Expr.SizeofType(b.span(ctx), type);
  }

  /** {@code Pair{1.0f, 0}}: refused by name. */
  @Override
  public Expr visitBracedTemporary(CudaParser.BracedTemporaryContext ctx) {
    if (ctx.kw != null) {
      b.error(ctx.kw, Unsupported.BRACED_TEMPORARIES);
    }
    return b.placeholder(b.span(ctx));
  }

  /** {@code float(x)}, {@code int(x)}; {@code dim3(x, y)} is a call of the builtin dim3. */
  @Override
  public Expr visitFunctionalCast(FunctionalCastContext ctx) {
    Span span = b.span(ctx);
    List<Expr> args = arguments(ctx.argumentExpressionList());
    Token kw = ctx.kw;
    if (kw == null) {
      return null;
    }
    switch (kw.getType()) {
      case CudaLexer.DIM3 -> {
        return new Expr.Call(span, "dim3", b.span(kw), args);
      }
      case CudaLexer.VECTOR_TYPE -> {
        b.check(kw, "'" + kw.getText() + "' has no constructor: build one with make_" + kw.getText() + "(...)");
        return b.placeholder(span);
      }
      case CudaLexer.HALF -> {
        b.error(kw, Unsupported.HALF);
        return b.placeholder(span);
      }
      default -> {}
    }
    TypeName type = decls.keywordType(kw);
    if (type.spec().struct() != null && type.spec().struct().isClass()) {
      // Add(), Point(x, y): a temporary of a class, made by its constructor (C++ [expr.type.conv]).
      return new Expr.Call(span, Expr.Call.TEMPORARY + type.spec().struct().name(), b.span(kw), args);
    }
    if (type.spec().struct() != null && args.size() != 1) {
      // C++17 has no parenthesised aggregate initialisation (C++20 [dcl.init.general] ¶16.6.2.2).
      b.check(kw, "'" + kw.getText() + "(...)' does not build a struct: declare a variable with a brace list ("
          + kw.getText() + " v = {...};)");
      return b.placeholder(span);
    }
    if (args.isEmpty() && type.spec().struct() == null) {
      // int(), T() of a number or pointer: value-initialised, zero (C++ [expr.type.conv] ¶2, [dcl.init] ¶8).
      return new Expr.Cast(span, type, new Expr.IntLit(span, 0, true, false, 0, false, "0"));
    }
    if (args.size() != 1) {
      b.check(kw, "a functional cast to '" + kw.getText() + "' takes exactly one argument");
      return b.placeholder(span);
    }
    return new Expr.Cast(span, type, args.get(0));
  }

  /** {@code std::vector<int>(n, 0)}, {@code duration<double, std::milli>(end - start)}: a temporary of a class template's instance. */
  @Override
  public Expr visitTemplatedFunctionalCast(CudaParser.TemplatedFunctionalCastContext ctx) {
    Span span = b.span(ctx);
    List<Expr> args = arguments(ctx.argumentExpressionList());
    Token named = ctx.TYPE_NAME().getSymbol();
    org.scansim.frontend.ast.StructDef def = namedInstance(named, ctx.explicitTemplateArguments());
    if (def == null) {
      return b.placeholder(span);
    }
    return new Expr.Call(span, Expr.Call.TEMPORARY + def.name(), b.span(named), args);
  }

  /**
   * A class template instance's static member: {@code std::numeric_limits<float>::max()} (a
   * constant, {@link NumericLimits}) or a static member function of a class template's instance,
   * {@code BlockScan<float, 256>::size()}, called as {@code Class::member} is.
   */
  @Override
  public Expr visitTemplateMemberExpression(CudaParser.TemplateMemberExpressionContext ctx) {
    Span span = b.span(ctx);
    Token named = ctx.TYPE_NAME().getSymbol();
    String member = ctx.IDENTIFIER().getText();
    boolean called = ctx.LPAREN() != null;
    String template = b.namespaces.resolveType(named.getText(), b.classTemplates::containsKey);
    if (template.equals(NumericLimits.NAME)) {
      List<CudaParser.ExplicitTemplateArgumentContext> written = ctx.explicitTemplateArguments().explicitTemplateArgument();
      if (written.size() != 1 || !(written.get(0) instanceof CudaParser.TypeExplicitArgumentContext ta)) {
        b.check(named, "std::numeric_limits takes one type");
        return b.placeholder(span);
      }
      TypeName type = decls.typeName(ta.typeName());
      if (type == null) {
        return b.placeholder(span);
      }
      if (!NumericLimits.known(member)) {
        b.error(ctx.IDENTIFIER(), "std::numeric_limits<T>::" + member + " is not simulated");
        return b.placeholder(span);
      }
      if (called == NumericLimits.isValue(member) || called && ctx.argumentExpressionList() != null) {
        b.check(ctx.IDENTIFIER(), NumericLimits.isValue(member) ? "std::numeric_limits<T>::" + member + " is a value, not a function"
            : "std::numeric_limits<T>::" + member + " is a function: " + member + "()");
        return b.placeholder(span);
      }
      String[] why = new String[1];
      Expr value = NumericLimits.of(type, member, span, why);
      if (value == null) {
        b.error(ctx.IDENTIFIER(), why[0]);
        return b.placeholder(span);
      }
      return value;
    }
    org.scansim.frontend.ast.StructDef def = namedInstance(named, ctx.explicitTemplateArguments());
    if (def == null) {
      return b.placeholder(span);
    }
    if (!called) {
      b.error(ctx.IDENTIFIER(), "static data members are not supported: '" + named.getText() + "<...>::" + member + "'");
      return b.placeholder(span);
    }
    return new Expr.Call(span, def.name() + "::" + member, b.span(ctx.IDENTIFIER()), arguments(ctx.argumentExpressionList()));
  }

  /** The instance of the class template {@code named} for the written arguments; null after an error (reported). */
  private org.scansim.frontend.ast.StructDef namedInstance(Token named, CudaParser.ExplicitTemplateArgumentsContext written) {
    TemplateDef t = b.classTemplates.get(b.namespaces.resolveType(named.getText(), b.classTemplates::containsKey));
    if (t == null) {
      b.check(named, "'" + named.getText() + "' is not a class template here");
      return null;
    }
    return classInstance(t, named, written);
  }

  /** {@code static_cast<T>(e)}, {@code reinterpret_cast<T *>(e)}, {@code const_cast<T *>(e)}. */
  @Override
  public Expr visitNamedCast(NamedCastContext ctx) {
    Span span = b.span(ctx);
    if (ctx.kw != null && ctx.kw.getType() == CudaLexer.DYNAMIC_CAST) {
      b.error(ctx.kw, Unsupported.DYNAMIC_CAST);
      return b.placeholder(span);
    }
    TypeName type = decls.typeName(ctx.typeName());
    Expr operand = build(ctx.expression());
    return type == null ? b.placeholder(span) : new Expr.Cast(span, type, operand);
  }

  // ------------------------------------------------------------------------------------------
  // Outside the subset

  @Override
  public Expr visitTemplateIdExpression(TemplateIdExpressionContext ctx) {
    b.error(ctx.IDENTIFIER(), Unsupported.forTemplate(ctx.IDENTIFIER().getText()));
    return b.placeholder(b.span(ctx));
  }

  @Override
  public Expr visitQualifiedNameExpression(QualifiedNameExpressionContext ctx) {
    return new Expr.Name(b.span(ctx), b.namespaces.resolve(ctx.getText()));
  }

  @Override
  public Expr visitGlobalNameExpression(GlobalNameExpressionContext ctx) {
    return new Expr.Name(b.span(ctx), b.namespaces.resolve(ctx.getText()));
  }

  @Override
  public Expr visitThisExpression(ThisExpressionContext ctx) {
    if (b.currentClass != null && !b.currentClass.staticContext) {
      return new Expr.Name(b.span(ctx), b.thisName()); // the member function's first parameter (in a lambda, the captured one)
    }
    b.error(ctx.THIS(), b.currentClass != null ? "'this' in a static member function" : Unsupported.THIS);
    return b.placeholder(b.span(ctx));
  }

  @Override
  public Expr visitLambdaExpression(LambdaExpressionContext ctx) {
    if (ctx.exception != null || ctx.braceBody() == null) { // `[i] = x` after a lost name
      return b.placeholder(b.span(ctx));
    }
    if (!b.namespaces.inFunction()) {
      b.error(ctx.getStart(), "a lambda at file scope is not supported: define it in a function, or write a function");
      return b.placeholder(b.span(ctx));
    }
    return LambdaBuilder.build(ctx, b);
  }

  /**
   * {@code new T} and {@code new T[n]} (zeroed with {@code new T[n]()}): a call of the host's
   * {@code operator new} or {@code operator new[]} for {@code sizeof(T)} or {@code sizeof(T) * n}
   * bytes, cast to {@code T *}. Placement new, an initializer and arrays of arrays are refused.
   */
  @Override
  public Expr visitNewExpression(NewExpressionContext ctx) {
    Span span = b.span(ctx);
    if (ctx.balancedParens() != null) {
      b.error(ctx.NEW(), "placement new is not supported");
      return b.placeholder(span);
    }
    boolean array = !ctx.expression().isEmpty();
    boolean init = ctx.LPAREN() != null;
    boolean emptyInit = init && ctx.argumentExpressionList() == null; // ()
    TypeName t = decls.typeName(ctx.typeName());
    if (t == null) {
      return b.placeholder(span);
    }
    boolean object = !array && t.pointers().isEmpty() && t.spec().struct() != null && t.spec().struct().isClass();
    if (ctx.expression().size() > 1 || init && !(array && emptyInit) && !object) {
      b.error(ctx.NEW(), ctx.expression().size() > 1 ? "'new' of an array of arrays is not supported"
          : "'new' with an initializer is not supported: allocate, then assign the value");
      return b.placeholder(span);
    }
    Expr bytes = new Expr.SizeofType(span, t);
    List<Expr> args = new java.util.ArrayList<>();
    if (array) {
      bytes = new Expr.Binary(span, Expr.BinaryOp.MUL, bytes, build(ctx.expression(0)));
    }
    args.add(bytes);
    if (array) {
      args.add(new Expr.IntLit(span, emptyInit ? 1 : 0, true, false, 0, false, emptyInit ? "1" : "0"));
    }
    List<org.scansim.frontend.ast.PointerLevel> pointers = new java.util.ArrayList<>(t.pointers());
    pointers.add(new org.scansim.frontend.ast.PointerLevel(false, false, false));
    Expr allocation = new Expr.Cast(span, new TypeName(t.span(), t.spec(), pointers),
        new Expr.Call(span, array ? "operator new[]" : "operator new", b.span(ctx.NEW()), args));
    if (!object) {
      return allocation;
    }
    // new T(args) of a class: the allocation, then the constructor its arguments choose (C++ [expr.new] ¶22).
    List<Expr> all = new java.util.ArrayList<>();
    all.add(allocation);
    if (ctx.argumentExpressionList() != null) {
      all.addAll(arguments(ctx.argumentExpressionList()));
    }
    return new Expr.Call(span, Expr.Call.NEW_OBJECT, b.span(ctx.NEW()), all);
  }

  @Override
  public Expr visitNewObjectExpression(NewObjectExpressionContext ctx) {
    b.error(ctx.NEW(), Unsupported.NEW);
    return b.placeholder(b.span(ctx));
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  Literals.Problems problems(Token at) {
    return new Literals.Problems() {
      @Override
      public void error(String message) {
        b.error(at, message);
      }

      @Override
      public void warning(String message) {
        b.warning(at, message);
      }
    };
  }

  private static BinaryOp binaryOperator(int tokenType) {
    return switch (tokenType) {
      case CudaLexer.STAR -> BinaryOp.MUL;
      case CudaLexer.DIV -> BinaryOp.DIV;
      case CudaLexer.MOD -> BinaryOp.REM;
      case CudaLexer.PLUS -> BinaryOp.ADD;
      case CudaLexer.MINUS -> BinaryOp.SUB;
      case CudaLexer.SHL -> BinaryOp.SHL;
      case CudaLexer.SHR -> BinaryOp.SHR;
      case CudaLexer.LT -> BinaryOp.LT;
      case CudaLexer.GT -> BinaryOp.GT;
      case CudaLexer.LE -> BinaryOp.LE;
      case CudaLexer.GE -> BinaryOp.GE;
      case CudaLexer.EQ -> BinaryOp.EQ;
      case CudaLexer.NE -> BinaryOp.NE;
      case CudaLexer.AMP -> BinaryOp.BIT_AND;
      case CudaLexer.CARET -> BinaryOp.BIT_XOR;
      case CudaLexer.PIPE -> BinaryOp.BIT_OR;
      case CudaLexer.AND_AND -> BinaryOp.LOG_AND;
      case CudaLexer.OR_OR -> BinaryOp.LOG_OR;
      default -> null;
    };
  }

  /** The operator of a compound assignment; null for plain {@code =} (C11 §6.5.16.2). */
  private static BinaryOp compoundOperator(int tokenType) {
    return switch (tokenType) {
      case CudaLexer.MUL_ASSIGN -> BinaryOp.MUL;
      case CudaLexer.DIV_ASSIGN -> BinaryOp.DIV;
      case CudaLexer.MOD_ASSIGN -> BinaryOp.REM;
      case CudaLexer.ADD_ASSIGN -> BinaryOp.ADD;
      case CudaLexer.SUB_ASSIGN -> BinaryOp.SUB;
      case CudaLexer.SHL_ASSIGN -> BinaryOp.SHL;
      case CudaLexer.SHR_ASSIGN -> BinaryOp.SHR;
      case CudaLexer.AND_ASSIGN -> BinaryOp.BIT_AND;
      case CudaLexer.XOR_ASSIGN -> BinaryOp.BIT_XOR;
      case CudaLexer.OR_ASSIGN -> BinaryOp.BIT_OR;
      default -> null;
    };
  }
}
