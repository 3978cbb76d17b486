package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.TranslationUnit;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SpanMapper;

/** Test helpers: parse a snippet with the identity span mapping and look at the result. */
final class Parsing {
  static final String FILE = "t.cu";

  record Result(TranslationUnit unit, Diagnostics diags) {
    List<String> errors() {
      return diags.all().stream().filter(Diagnostic::isError).map(Diagnostic::headline).toList();
    }

    List<String> headlines() {
      return diags.all().stream().map(Diagnostic::headline).toList();
    }

    List<Decl> decls() {
      return unit.decls();
    }

    Decl.Function function(int i) {
      return (Decl.Function) unit.decls().get(i);
    }
  }

  private Parsing() {}

  static Result parse(String text) {
    SourceFile file = new SourceFile(FILE, text);
    Diagnostics diags = new Diagnostics();
    TranslationUnit unit = SyntaxParser.parse(file, text, SpanMapper.identity(file), diags, org.scansim.frontend.Frontend.KNOWN_NAMES);
    return new Result(unit, diags);
  }

  /** Parses {@code text} and asserts it has no diagnostics at all. */
  static Result clean(String text) {
    Result r = parse(text);
    assertThat(r.headlines()).as("diagnostics of %s", text).isEmpty();
    return r;
  }

  /** The statements of {@code void f() { <body> }}, parsed without diagnostics. */
  static List<Stmt> statements(String body) {
    Result r = clean("void f() {\n" + body + "\n}\n");
    return r.function(0).body().stmts();
  }

  static Stmt statement(String body) {
    List<Stmt> all = statements(body);
    assertThat(all).hasSize(1);
    return all.get(0);
  }

  /** The expression of the statement {@code <expr>;}, parsed without diagnostics. */
  static Expr expr(String expr) {
    Stmt s = statement(expr + ";");
    assertThat(s).isInstanceOf(Stmt.ExprStmt.class);
    return ((Stmt.ExprStmt) s).expr();
  }

  static String sexpr(String expr) {
    return SExpr.of(expr(expr));
  }

  static String sstmt(String body) {
    return SExpr.of(statement(body));
  }

  /** The error headlines of {@code text}, as {@code t.cu:line:col: error: message}. */
  static List<String> errors(String text) {
    return parse(text).errors();
  }
}
