package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/** Statements (C11 §6.8). */
public sealed interface Stmt {
  Span span();

  <R> R accept(Visitor<R> v);

  interface Visitor<R> {
    R visitBlock(Block s);

    R visitDecl(DeclStmt s);

    R visitExpr(ExprStmt s);

    R visitIf(If s);

    R visitFor(For s);

    R visitWhile(While s);

    R visitDoWhile(DoWhile s);

    R visitBreak(Break s);

    R visitContinue(Continue s);

    R visitReturn(Return s);

    R visitSwitch(Switch s);

    R visitEmpty(Empty s);

    R visitGoto(Goto s);

    R visitLabel(Label s);

    R visitStaticAssert(StaticAssert s);
  }

  /** {@code static_assert(condition, "message")}: a constant condition the type checker checks; the message may be absent. */
  record StaticAssert(Span span, Expr condition, String message) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitStaticAssert(this);
    }
  }

  /** {@code goto label;} (C11 §6.8.6.1): host code only. */
  record Goto(Span span, String label, Span labelSpan) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitGoto(this);
    }
  }

  /** {@code label:}, a statement of its own here (the statement it labels follows it). */
  record Label(Span span, String name) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitLabel(this);
    }
  }

  record Block(Span span, List<Stmt> stmts) implements Stmt {
    public Block {
      stmts = List.copyOf(stmts);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitBlock(this);
    }
  }

  record DeclStmt(Span span, List<VarDecl> vars) implements Stmt {
    public DeclStmt {
      vars = List.copyOf(vars);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitDecl(this);
    }
  }

  record ExprStmt(Span span, Expr expr) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitExpr(this);
    }
  }

  /** {@code els} is null when there is no else branch. */
  record If(Span span, Expr cond, Stmt then, Stmt els) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitIf(this);
    }
  }

  /**
   * {@code init} is a {@link DeclStmt}, an {@link ExprStmt} or null; {@code cond} and {@code step}
   * may be null. {@code step} may be a comma expression.
   */
  record For(Span span, Stmt init, Expr cond, Expr step, Stmt body) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitFor(this);
    }
  }

  record While(Span span, Expr cond, Stmt body) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitWhile(this);
    }
  }

  record DoWhile(Span span, Stmt body, Expr cond) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitDoWhile(this);
    }
  }

  record Break(Span span) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitBreak(this);
    }
  }

  record Continue(Span span) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitContinue(this);
    }
  }

  /** {@code value} is null for {@code return;}. */
  record Return(Span span, Expr value) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitReturn(this);
    }
  }

  /**
   * {@code switch (value) { case 1: ... default: ... }}. Each case holds its labels' statements up
   * to the next label; control falls through to the next case as in C (C11 §6.8.4.2).
   */
  record Switch(Span span, Expr value, List<Case> cases) implements Stmt {
    public Switch {
      cases = List.copyOf(cases);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitSwitch(this);
    }
  }

  /** One {@code case label:} ({@code label} null for {@code default:}) and the statements after it. */
  record Case(Span span, Expr label, List<Stmt> body) {
    public Case {
      body = List.copyOf(body);
    }
  }

  record Empty(Span span) implements Stmt {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitEmpty(this);
    }
  }
}
