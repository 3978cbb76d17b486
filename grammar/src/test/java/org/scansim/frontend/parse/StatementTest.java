package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.errors;
import static org.scansim.frontend.parse.Parsing.sstmt;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.ast.Stmt;

/** Statements (C11 §6.8). */
class StatementTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "x = 1;                                   => (= x 1)",
        ";                                        => ;",
        "{ }                                      => (block)",
        "{ int a = 1; { a++; } }                  => (block (decl (var int a = 1)) (block (post++ a)))",
        "if (a) x = 1;                            => (if a (= x 1))",
        "if (a) x = 1; else x = 2;                => (if a (= x 1) (= x 2))",
        "if (a) if (b) x = 1; else x = 2;         => (if a (if b (= x 1) (= x 2)))",
        "if (a) { } else if (b) { } else { }      => (if a (block) (if b (block) (block)))",
        "while (i < n) i++;                       => (while (< i n) (post++ i))",
        "do { i--; } while (i > 0);               => (do (block (post-- i)) (> i 0))",
        "for (int i = 0; i < n; i++) sum += a[i]; => (for (decl (var int i = 0)) (< i n) (post++ i) (+= sum ([] a i)))",
        "for (int i = 0, j = n; i < j; i++, j--) {} => (for (decl (var int i = 0) (var int j = n)) (< i j) (, (post++ i) (post-- j)) (block))",
        "for (i = 0, j = 1; ; ) break;            => (for (, (= i 0) (= j 1)) _ _ break)",
        "for (;;) continue;                       => (for _ _ _ continue)",
        "for (; i < n;) ;                         => (for _ (< i n) _ ;)",
        "for (;; d >>= 1) ;                       => (for _ _ (>>= d 1) ;)",
        "for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) { } => (for (decl (var unsigned int s = (/ (. blockDim x) 2))) (> s 0) (>>= s 1) (block))",
        "return;                                  => (return)",
        "return a + b;                            => (return (+ a b))",
        "switch (x) { case 1: case 2: y = 1; break; default: y = 0; } => (switch x (case 1) (case 2 (= y 1) break) (default (= y 0)))",
        "switch (x) { case 'a': { int t = 1; } break; } => (switch x (case (char 97) (block (decl (var int t = 1))) break))",
        "switch (x) { }                           => (switch x)",
        "switch (x) { case N - 1: return; }       => (switch x (case (- N 1) (return)))",
        "__syncthreads();                         => (call __syncthreads)",
        "printf(\"%d\\n\", x);                    => (call printf \"%d\\n\" x)",
      })
  void statements(String source, String expected) {
    assertThat(sstmt(source)).isEqualTo(expected);
  }

  @Test
  void forInitIsADeclStmtOrAnExprStmt() {
    Stmt.For withDecl = (Stmt.For) Parsing.statement("for (int i = 0; i < 4; i++) ;");
    assertThat(withDecl.init()).isInstanceOf(Stmt.DeclStmt.class);
    Stmt.For withExpr = (Stmt.For) Parsing.statement("for (i = 0; i < 4; i++) ;");
    assertThat(withExpr.init()).isInstanceOf(Stmt.ExprStmt.class);
  }

  @Test
  void caseSpansRunToTheirLastStatement() {
    Stmt.Switch s = (Stmt.Switch) Parsing.statement("switch (x) {\ncase 1:\n  y = 1;\n  break;\ncase 2:\ndefault: ;\n}");
    assertThat(s.cases()).hasSize(3);
    Stmt.Case first = s.cases().get(0);
    assertThat(first.span().line()).isEqualTo(3);
    assertThat(first.span().endLine()).isEqualTo(5);
    assertThat(s.cases().get(1).body()).isEmpty();
    assertThat(s.cases().get(2).label()).isNull();
  }

  @Test
  void misplacedCaseLabels() {
    assertThat(errors("void f() { case 1: x = 0; }"))
        .containsExactly("t.cu:1:12: error: 'case' label not within a switch statement");
    assertThat(errors("void f() { default: ; }"))
        .containsExactly("t.cu:1:12: error: 'default' label not within a switch statement");
    assertThat(errors("void f() { switch (x) { case 0: if (y) { case 1: ; } } }"))
        .containsExactly("t.cu:1:42: error: 'case' labels nested inside a statement of the switch are not supported");
    assertThat(errors("void f() { switch (x) { y = 1; case 0: ; } }"))
        .containsExactly("t.cu:1:25: error: statements before the first 'case' label of a switch are not supported");
  }
}
