package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.parse.CudaParser.AsmStatementContext;
import org.scansim.frontend.parse.CudaParser.BlockItemContext;
import org.scansim.frontend.parse.CudaParser.BlockStatementContext;
import org.scansim.frontend.parse.CudaParser.BreakStatementContext;
import org.scansim.frontend.parse.CudaParser.CaseLabelContext;
import org.scansim.frontend.parse.CudaParser.CompoundStatementContext;
import org.scansim.frontend.parse.CudaParser.ContinueStatementContext;
import org.scansim.frontend.parse.CudaParser.DeclarationContext;
import org.scansim.frontend.parse.CudaParser.DeclarationItemContext;
import org.scansim.frontend.parse.CudaParser.DeclarationSpecifiersContext;
import org.scansim.frontend.parse.CudaParser.DefaultLabelContext;
import org.scansim.frontend.parse.CudaParser.DoWhileStatementContext;
import org.scansim.frontend.parse.CudaParser.EmptyStatementContext;
import org.scansim.frontend.parse.CudaParser.ExpressionContext;
import org.scansim.frontend.parse.CudaParser.ExpressionStatementContext;
import org.scansim.frontend.parse.CudaParser.ForDeclarationContext;
import org.scansim.frontend.parse.CudaParser.ForExpressionContext;
import org.scansim.frontend.parse.CudaParser.ForInitContext;
import org.scansim.frontend.parse.CudaParser.ForStatementContext;
import org.scansim.frontend.parse.CudaParser.GotoStatementContext;
import org.scansim.frontend.parse.CudaParser.IfStatementContext;
import org.scansim.frontend.parse.CudaParser.InitDeclaratorContext;
import org.scansim.frontend.parse.CudaParser.InitDeclaratorListContext;
import org.scansim.frontend.parse.CudaParser.LabelStatementContext;
import org.scansim.frontend.parse.CudaParser.NestedFunctionDefinitionContext;
import org.scansim.frontend.parse.CudaParser.ReturnStatementContext;
import org.scansim.frontend.parse.CudaParser.StatementContext;
import org.scansim.frontend.parse.CudaParser.StatementItemContext;
import org.scansim.frontend.parse.CudaParser.SwitchStatementContext;
import org.scansim.frontend.parse.CudaParser.ThrowStatementContext;
import org.scansim.frontend.parse.CudaParser.TryStatementContext;
import org.scansim.frontend.parse.CudaParser.UsingStatementContext;
import org.scansim.frontend.parse.CudaParser.WhileStatementContext;

/**
 * Builds statements (C11 §6.8). The grammar reads {@code case} and {@code default} labels as
 * statements of their own; here the items of a switch body are grouped into {@link Stmt.Case}s,
 * one per label, and a label anywhere else is reported.
 */
final class StmtBuilder extends CudaParserBaseVisitor<Stmt> {
  private final BuildContext b;
  private final ExprBuilder exprs;
  private final DeclarationBuilder decls;
  private int switchDepth;

  StmtBuilder(BuildContext b, ExprBuilder exprs, DeclarationBuilder decls) {
    this.b = b;
    this.exprs = exprs;
    this.decls = decls;
  }

  @Override
  protected Stmt defaultResult() {
    return null; // an alternative left incomplete by a syntax error
  }

  Stmt.Block block(CompoundStatementContext ctx) {
    if (ctx == null) {
      return new Stmt.Block(b.spans.range(0, 0), List.of());
    }
    List<Stmt> items = new ArrayList<>();
    for (BlockItemContext item : ctx.blockItem()) {
      Stmt s = blockItem(item);
      if (s != null) {
        items.add(s);
      }
    }
    return new Stmt.Block(b.span(ctx), items);
  }

  private Stmt blockItem(BlockItemContext item) {
    if (item instanceof DeclarationItemContext d) {
      return declaration(d.declaration());
    }
    if (item instanceof NestedFunctionDefinitionContext f) {
      b.error(f.declarator(), "function definition is not allowed here; is a '}' missing before it?");
      block(f.compoundStatement()); // for the errors inside
      return new Stmt.Empty(b.span(f));
    }
    if (item instanceof StatementItemContext s && s.statement() != null) {
      return statement(s.statement(), item);
    }
    return null;
  }

  /** A statement, or an empty one where a syntax error left none. */
  private Stmt statement(StatementContext ctx, ParserRuleContext parent) {
    Stmt s = ctx == null ? null : ctx.accept(this);
    return s != null ? s : new Stmt.Empty(b.span(ctx != null ? ctx : parent));
  }

  private Stmt declaration(DeclarationContext ctx) {
    if (ctx == null) {
      return null;
    }
    return declaration(ctx.declarationSpecifiers(), ctx.initDeclaratorList(), ctx);
  }

  private Stmt declaration(
      DeclarationSpecifiersContext specifiers, InitDeclaratorListContext list, ParserRuleContext whole) {
    List<InitDeclaratorContext> inits = list == null ? List.of() : list.initDeclarator();
    List<VarDecl> vars = new ArrayList<>();
    for (Object item : decls.declaration(specifiers, inits, whole, true)) {
      if (item instanceof VarDecl v) {
        vars.add(v);
      }
    }
    return vars.isEmpty() ? new Stmt.Empty(b.span(whole)) : new Stmt.DeclStmt(b.span(whole), vars);
  }

  // ------------------------------------------------------------------------------------------
  // Statements of the subset

  @Override
  public Stmt visitBlockStatement(BlockStatementContext ctx) {
    return block(ctx.compoundStatement());
  }

  @Override
  public Stmt visitExpressionStatement(ExpressionStatementContext ctx) {
    return new Stmt.ExprStmt(b.span(ctx), exprs.build(ctx.expression()));
  }

  @Override
  public Stmt visitEmptyStatement(EmptyStatementContext ctx) {
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitIfStatement(IfStatementContext ctx) {
    Expr cond = exprs.build(ctx.expression());
    Stmt then = statement(ctx.statement(0), ctx);
    Stmt els = ctx.ELSE() == null ? null : statement(ctx.statement(1), ctx);
    return new Stmt.If(b.span(ctx), cond, then, els);
  }

  @Override
  public Stmt visitWhileStatement(WhileStatementContext ctx) {
    return new Stmt.While(b.span(ctx), exprs.build(ctx.expression()), statement(ctx.statement(), ctx));
  }

  @Override
  public Stmt visitDoWhileStatement(DoWhileStatementContext ctx) {
    Stmt body = statement(ctx.statement(), ctx);
    return new Stmt.DoWhile(b.span(ctx), body, exprs.build(ctx.expression()));
  }

  @Override
  public Stmt visitForStatement(ForStatementContext ctx) {
    Stmt init = null;
    ForInitContext forInit = ctx.forInit();
    if (forInit instanceof ForDeclarationContext d) {
      init = declaration(d.declarationSpecifiers(), d.initDeclaratorList(), d);
      if (init instanceof Stmt.Empty) {
        init = null;
      }
    } else if (forInit instanceof ForExpressionContext e) {
      init = new Stmt.ExprStmt(b.span(e), exprs.build(e.expression()));
    }
    // The condition is the expression between the two ';', the step the one after them.
    Token secondSemi = ctx.SEMI().size() > 1 ? ctx.SEMI(1).getSymbol() : null;
    Expr cond = null;
    Expr step = null;
    List<ExpressionContext> parts = ctx.expression();
    for (int i = 0; i < parts.size(); i++) {
      ExpressionContext part = parts.get(i);
      boolean beforeSecond =
          secondSemi == null || secondSemi.getTokenIndex() < 0
              ? i == 0 && parts.size() > 1
              : part.getStart().getTokenIndex() < secondSemi.getTokenIndex();
      if (beforeSecond) {
        cond = exprs.build(part);
      } else {
        step = exprs.build(part);
      }
    }
    return new Stmt.For(b.span(ctx), init, cond, step, statement(ctx.statement(), ctx));
  }

  /** How many range-based for statements this file has, naming each one's hidden variables. */
  private int rangeFors;

  /**
   * {@code for (decl : range) body}, as C++ [stmt.ranged] defines it: {@code { auto &__range =
   * range; auto __begin = begin, __end = end; for (; __begin != __end; ++__begin) { decl =
   * *__begin; body } }}, where begin and end are {@code range + 0} and {@code range + N} of an
   * array, or {@code range.begin()} and {@code range.end()} of a class (the type checker chooses).
   * A name (or a member, an element) is read where it stands; any other range is held by
   * reference when it is an object, by value when it is a call's value.
   */
  @Override
  public Stmt visitRangeForStatement(CudaParser.RangeForStatementContext ctx) {
    org.scansim.frontend.diag.Span span = b.span(ctx);
    Expr range = exprs.build(ctx.expression());
    org.scansim.frontend.diag.Span at = range.span();
    int n = ++rangeFors;
    List<Stmt> outer = new ArrayList<>();
    boolean plain = designator(range); // v, s.v, a[i].v: read twice as written
    String subject = "__range" + n;
    if (!plain) {
      outer.add(hidden(at, subject, range, true)); // the object a call's reference names, or (the type checker) its value
    }
    String begin = "__begin" + n;
    String end = "__end" + n;
    outer.add(hidden(at, begin, new Expr.Call(at, Expr.Call.RANGE_BEGIN, at, List.of(plain ? range : new Expr.Name(at, subject))), false));
    outer.add(hidden(at, end, new Expr.Call(at, Expr.Call.RANGE_END, at,
        List.of(plain ? exprs.build(ctx.expression()) : new Expr.Name(at, subject))), false));
    VarDecl element = decls.rangeVariable(ctx.declarationSpecifiers(), ctx.declarator(),
        new org.scansim.frontend.ast.Initializer.Single(at, new Expr.Unary(at, Expr.UnaryOp.DEREF, new Expr.Name(at, begin))), ctx);
    Stmt body = statement(ctx.statement(), ctx);
    List<Stmt> inner = new ArrayList<>();
    if (element != null) {
      inner.add(new Stmt.DeclStmt(element.span(), List.of(element)));
    }
    inner.add(body);
    Expr cond = new Expr.Binary(at, Expr.BinaryOp.NE, new Expr.Name(at, begin), new Expr.Name(at, end));
    Expr step = new Expr.Unary(at, Expr.UnaryOp.PRE_INC, new Expr.Name(at, begin));
    outer.add(new Stmt.For(span, null, cond, step, new Stmt.Block(body.span(), inner)));
    return new Stmt.Block(span, outer);
  }

  /** Whether {@code e} names an object without computing anything but addresses ({@code v}, {@code s.v}, {@code a[2].v}). */
  private static boolean designator(Expr e) {
    if (e instanceof Expr.Name) {
      return true;
    }
    if (e instanceof Expr.Member m) {
      return designator(m.object());
    }
    if (e instanceof Expr.Index ix) {
      return designator(ix.base()) && (ix.index() instanceof Expr.Name || ix.index() instanceof Expr.IntLit);
    }
    return e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF && designator(u.operand());
  }

  /** {@code auto name = value;} (or {@code auto &name = value;}), a range-based for's own variable. */
  private Stmt hidden(org.scansim.frontend.diag.Span at, String name, Expr value, boolean reference) {
    b.namespaces.local(name);
    VarDecl d = new VarDecl(at, java.util.Set.of(), new org.scansim.frontend.ast.TypeSpec(at, org.scansim.frontend.ast.BaseType.AUTO,
        false, false), List.of(), name, at, List.of(), new org.scansim.frontend.ast.Initializer.Single(at, value), reference);
    return new Stmt.DeclStmt(at, List.of(d));
  }

  @Override
  public Stmt visitBreakStatement(BreakStatementContext ctx) {
    return new Stmt.Break(b.span(ctx));
  }

  @Override
  public Stmt visitContinueStatement(ContinueStatementContext ctx) {
    return new Stmt.Continue(b.span(ctx));
  }

  @Override
  public Stmt visitReturnStatement(ReturnStatementContext ctx) {
    return new Stmt.Return(b.span(ctx), ctx.expression() == null ? null : exprs.build(ctx.expression()));
  }

  /** C11 §6.8.4.2: the body's items are grouped into cases, each running to the next label. */
  @Override
  public Stmt visitSwitchStatement(SwitchStatementContext ctx) {
    Expr value = exprs.build(ctx.expression());
    List<Stmt.Case> cases = new ArrayList<>();
    CompoundStatementContext body = ctx.compoundStatement();
    if (body == null) {
      return new Stmt.Switch(b.span(ctx), value, cases);
    }
    switchDepth++;
    try {
      ParserRuleContext label = null;
      Expr labelValue = null;
      Token end = null;
      List<Stmt> current = null;
      boolean reportedOrphans = false;
      for (BlockItemContext item : body.blockItem()) {
        StatementContext st = item instanceof StatementItemContext si ? si.statement() : null;
        if (st instanceof CaseLabelContext || st instanceof DefaultLabelContext) {
          if (label != null) {
            cases.add(new Stmt.Case(b.spans.of(label.getStart(), end), labelValue, current));
          }
          label = st;
          labelValue = st instanceof CaseLabelContext c ? exprs.build(c.assignmentExpression()) : null;
          end = st.getStop();
          current = new ArrayList<>();
          continue;
        }
        Stmt built = blockItem(item);
        if (current == null) {
          if (!reportedOrphans) {
            b.check(item, "statements before the first 'case' label of a switch are not supported");
            reportedOrphans = true;
          }
          continue;
        }
        if (built != null) {
          current.add(built);
        }
        end = item.getStop();
      }
      if (label != null) {
        cases.add(new Stmt.Case(b.spans.of(label.getStart(), end), labelValue, current));
      }
    } finally {
      switchDepth--;
    }
    return new Stmt.Switch(b.span(ctx), value, cases);
  }

  /** A case label that is not an item of a switch body. */
  @Override
  public Stmt visitCaseLabel(CaseLabelContext ctx) {
    misplacedLabel(ctx, "case");
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitDefaultLabel(DefaultLabelContext ctx) {
    misplacedLabel(ctx, "default");
    return new Stmt.Empty(b.span(ctx));
  }

  private void misplacedLabel(ParserRuleContext ctx, String which) {
    if (b.errors.hasSyntaxErrors()) {
      return; // most likely the switch itself did not parse
    }
    if (switchDepth > 0) {
      b.check(ctx, "'" + which + "' labels nested inside a statement of the switch are not supported");
    } else {
      b.check(ctx, "'" + which + "' label not within a switch statement");
    }
  }

  // ------------------------------------------------------------------------------------------
  // Outside the subset: reported, and skipped

  @Override
  public Stmt visitStaticAssertStatement(CudaParser.StaticAssertStatementContext ctx) {
    return staticAssert(ctx.staticAssert());
  }

  /** A static_assert, at file scope or in a body. */
  Stmt.StaticAssert staticAssert(CudaParser.StaticAssertContext ctx) {
    StringBuilder message = null;
    if (!ctx.STRING_LITERAL().isEmpty()) {
      message = new StringBuilder();
      for (org.antlr.v4.runtime.tree.TerminalNode part : ctx.STRING_LITERAL()) {
        message.append(Literals.string(part.getText(), exprs.problems(part.getSymbol())));
      }
    }
    return new Stmt.StaticAssert(b.span(ctx), exprs.build(ctx.assignmentExpression()), message == null ? null : message.toString());
  }

  @Override
  public Stmt visitGotoStatement(GotoStatementContext ctx) {
    return new Stmt.Goto(b.span(ctx), ctx.IDENTIFIER().getText(), b.span(ctx.IDENTIFIER()));
  }

  @Override
  public Stmt visitLabelStatement(LabelStatementContext ctx) {
    return new Stmt.Label(b.span(ctx), ctx.IDENTIFIER().getText());
  }

  @Override
  public Stmt visitTryStatement(TryStatementContext ctx) {
    b.error(ctx.TRY(), Unsupported.EXCEPTIONS);
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitThrowStatement(ThrowStatementContext ctx) {
    b.error(ctx.THROW(), Unsupported.EXCEPTIONS);
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitAsmStatement(AsmStatementContext ctx) {
    b.error(ctx.getStart(), Unsupported.ASM);
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitNamespaceUseStatement(CudaParser.NamespaceUseStatementContext ctx) {
    decls.namespaceUse(ctx.namespaceUse());
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitAliasStatement(CudaParser.AliasStatementContext ctx) {
    decls.alias(ctx.aliasDeclaration());
    return new Stmt.Empty(b.span(ctx));
  }

  @Override
  public Stmt visitUsingStatement(UsingStatementContext ctx) {
    b.error(ctx.USING(), Unsupported.NAMESPACES);
    return new Stmt.Empty(b.span(ctx));
  }
}
