package org.scansim.frontend.parse;

import java.util.List;
import java.util.stream.Collectors;
import org.scansim.frontend.ast.ArrayDim;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.FunctionQualifier;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.Storage;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.ast.TypeSpec;
import org.scansim.frontend.ast.VarDecl;

/**
 * A compact s-expression rendering of the AST for assertions: {@code (+ a (* b c))}. Unary
 * operators print with one operand ({@code (- a)}, {@code (* p)}, {@code (post++ i)}); types print
 * as C spells them ({@code const float*}).
 */
final class SExpr implements Expr.Visitor<String>, Stmt.Visitor<String>, Decl.Visitor<String> {
  private static final SExpr INSTANCE = new SExpr();

  static String of(Expr e) {
    return e == null ? "_" : e.accept(INSTANCE);
  }

  static String of(Stmt s) {
    return s == null ? "_" : s.accept(INSTANCE);
  }

  static String of(Decl d) {
    return d.accept(INSTANCE);
  }

  static String type(TypeSpec spec, List<PointerLevel> pointers) {
    StringBuilder out = new StringBuilder();
    if (spec.isConst()) {
      out.append("const ");
    }
    if (spec.isVolatile()) {
      out.append("volatile ");
    }
    out.append(spec.base().spelling());
    for (PointerLevel p : pointers) {
      out.append('*');
      if (p.isConst()) {
        out.append("const");
      }
      if (p.isVolatile()) {
        out.append("volatile");
      }
      if (p.isRestrict()) {
        out.append("restrict");
      }
    }
    return out.toString();
  }

  static String type(TypeName t) {
    return type(t.spec(), t.pointers());
  }

  static String var(VarDecl v) {
    StringBuilder out = new StringBuilder("(var ");
    for (Storage s : Storage.values()) {
      if (v.storage().contains(s)) {
        out.append(s.spelling()).append(' ');
      }
    }
    out.append(type(v.spec(), v.pointers())).append(' ').append(v.name()).append(dims(v.dims()));
    if (v.init() != null) {
      out.append(' ').append(init(v.init()));
    }
    return out.append(')').toString();
  }

  static String init(Initializer i) {
    if (i instanceof Initializer.Single s) {
      return "= " + of(s.value());
    }
    if (i instanceof Initializer.Braced b) {
      return "{" + b.items().stream().map(SExpr::braced).collect(Collectors.joining(" ")) + "}";
    }
    Initializer.Constructor c = (Initializer.Constructor) i;
    return "(" + c.args().stream().map(SExpr::of).collect(Collectors.joining(" ")) + ")";
  }

  private static String braced(Initializer i) {
    return i instanceof Initializer.Single s ? of(s.value()) : init(i);
  }

  static String dims(List<ArrayDim> dims) {
    return dims.stream().map(d -> "[" + (d.size() == null ? "" : of(d.size())) + "]").collect(Collectors.joining());
  }

  static String param(Param p) {
    return type(p.spec(), p.pointers()) + (p.name() == null ? "" : " " + p.name()) + dims(p.dims());
  }

  private static String join(List<? extends Expr> list) {
    return list.stream().map(SExpr::of).collect(Collectors.joining(" "));
  }

  private static String list(String head, List<String> items) {
    return items.isEmpty() ? "(" + head + ")" : "(" + head + " " + String.join(" ", items) + ")";
  }

  // ------------------------------------------------------------------------------------------
  // Expressions

  @Override
  public String visitIntLit(Expr.IntLit e) {
    return e.text();
  }

  @Override
  public String visitFloatLit(Expr.FloatLit e) {
    return e.text();
  }

  @Override
  public String visitBoolLit(Expr.BoolLit e) {
    return String.valueOf(e.value());
  }

  @Override
  public String visitNullLit(Expr.NullLit e) {
    return "nullptr";
  }

  @Override
  public String visitCharLit(Expr.CharLit e) {
    return "(char " + e.value() + ")";
  }

  @Override
  public String visitStringLit(Expr.StringLit e) {
    return '"' + e.value().replace("\\", "\\\\").replace("\n", "\\n").replace("\"", "\\\"") + '"';
  }

  @Override
  public String visitName(Expr.Name e) {
    return e.id();
  }

  @Override
  public String visitMember(Expr.Member e) {
    return "(. " + of(e.object()) + " " + e.member() + ")";
  }

  @Override
  public String visitIndex(Expr.Index e) {
    return "([] " + of(e.base()) + " " + of(e.index()) + ")";
  }

  @Override
  public String visitCall(Expr.Call e) {
    return e.args().isEmpty() ? "(call " + e.callee() + ")" : "(call " + e.callee() + " " + join(e.args()) + ")";
  }

  @Override
  public String visitLaunch(Expr.Launch e) {
    String args = e.args().isEmpty() ? "" : " " + join(e.args());
    return "(launch " + e.kernel() + " (" + join(e.config()) + ")" + args + ")";
  }

  @Override
  public String visitUnary(Expr.Unary e) {
    String op =
        switch (e.op()) {
          case POST_INC -> "post++";
          case POST_DEC -> "post--";
          default -> e.op().symbol();
        };
    return "(" + op + " " + of(e.operand()) + ")";
  }

  @Override
  public String visitBinary(Expr.Binary e) {
    return "(" + e.op().symbol() + " " + of(e.left()) + " " + of(e.right()) + ")";
  }

  @Override
  public String visitAssign(Expr.Assign e) {
    String op = e.op() == null ? "=" : e.op().symbol() + "=";
    return "(" + op + " " + of(e.target()) + " " + of(e.value()) + ")";
  }

  @Override
  public String visitConditional(Expr.Conditional e) {
    return "(? " + of(e.cond()) + " " + of(e.then()) + " " + of(e.els()) + ")";
  }

  @Override
  public String visitCast(Expr.Cast e) {
    return "(cast " + type(e.type()) + " " + of(e.operand()) + ")";
  }

  @Override
  public String visitSizeofType(Expr.SizeofType e) {
    return "(sizeof " + type(e.type()) + ")";
  }

  @Override
  public String visitSizeofExpr(Expr.SizeofExpr e) {
    return "(sizeof " + of(e.operand()) + ")";
  }

  @Override
  public String visitLambda(Expr.Lambda e) {
    return "(lambda [" + (e.captureDefault() == 0 ? "" : String.valueOf(e.captureDefault()))
        + e.captures().stream().map(c -> (c.byReference() ? " &" : " ") + c.name()).reduce("", String::concat) + "] "
        + e.params().size() + " " + e.body().accept(this) + ")";
  }

  // ------------------------------------------------------------------------------------------
  // Statements

  @Override
  public String visitBlock(Stmt.Block s) {
    return list("block", s.stmts().stream().map(SExpr::of).toList());
  }

  @Override
  public String visitDecl(Stmt.DeclStmt s) {
    return list("decl", s.vars().stream().map(SExpr::var).toList());
  }

  @Override
  public String visitExpr(Stmt.ExprStmt s) {
    return of(s.expr());
  }

  @Override
  public String visitIf(Stmt.If s) {
    return "(if " + of(s.cond()) + " " + of(s.then()) + (s.els() == null ? "" : " " + of(s.els())) + ")";
  }

  @Override
  public String visitFor(Stmt.For s) {
    return "(for " + of(s.init()) + " " + of(s.cond()) + " " + of(s.step()) + " " + of(s.body()) + ")";
  }

  @Override
  public String visitWhile(Stmt.While s) {
    return "(while " + of(s.cond()) + " " + of(s.body()) + ")";
  }

  @Override
  public String visitDoWhile(Stmt.DoWhile s) {
    return "(do " + of(s.body()) + " " + of(s.cond()) + ")";
  }

  @Override
  public String visitBreak(Stmt.Break s) {
    return "break";
  }

  @Override
  public String visitContinue(Stmt.Continue s) {
    return "continue";
  }

  @Override
  public String visitReturn(Stmt.Return s) {
    return s.value() == null ? "(return)" : "(return " + of(s.value()) + ")";
  }

  @Override
  public String visitSwitch(Stmt.Switch s) {
    List<String> cases =
        s.cases().stream()
            .map(
                c ->
                    list(
                        c.label() == null ? "default" : "case " + of(c.label()),
                        c.body().stream().map(SExpr::of).toList()))
            .toList();
    return list("switch " + of(s.value()), cases);
  }

  @Override
  public String visitEmpty(Stmt.Empty s) {
    return ";";
  }

  @Override
  public String visitGoto(Stmt.Goto s) {
    return "(goto " + s.label() + ")";
  }

  @Override
  public String visitLabel(Stmt.Label s) {
    return "(label " + s.name() + ")";
  }

  @Override
  public String visitStaticAssert(org.scansim.frontend.ast.Decl.StaticAssert d) {
    return visitStaticAssert(d.assertion());
  }

  @Override
  public String visitStaticAssert(Stmt.StaticAssert s) {
    return "(static_assert " + s.condition().accept(this) + ")";
  }

  // ------------------------------------------------------------------------------------------
  // Declarations

  @Override
  public String visitFunction(Decl.Function f) {
    StringBuilder out = new StringBuilder("(function ");
    for (FunctionQualifier q : FunctionQualifier.values()) {
      if (f.qualifiers().contains(q)) {
        out.append(q.spelling()).append(' ');
      }
    }
    out.append(type(f.returnSpec(), f.returnPointers())).append(' ').append(f.name());
    out.append(" (").append(f.params().stream().map(SExpr::param).collect(Collectors.joining(", "))).append(")");
    if (f.body() != null) {
      out.append(' ').append(of(f.body()));
    }
    return out.append(')').toString();
  }

  @Override
  public String visitVariables(Decl.Variables v) {
    return list("vars", v.vars().stream().map(SExpr::var).toList());
  }
}
