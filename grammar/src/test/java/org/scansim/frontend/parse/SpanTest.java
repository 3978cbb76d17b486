package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.diag.SpanMapper;

/** Every node carries the span of its tokens, mapped through the preprocessor's SpanMapper. */
class SpanTest {
  private static final String KERNEL =
      """
      __global__ void add(float *a, int n) {
        int i = threadIdx.x;
        if (i < n)
          a[i] = a[i] + 1.0f;
      }
      """;

  private static String where(Span s) {
    return s.line() + ":" + s.col() + "-" + s.endLine() + ":" + s.endCol();
  }

  @Test
  void nestedNodesPointAtTheirSource() {
    Decl.Function f = Parsing.clean(KERNEL).function(0);
    assertThat(where(f.span())).isEqualTo("1:1-5:2");
    assertThat(where(f.nameSpan())).isEqualTo("1:17-1:20");
    assertThat(where(f.params().get(0).nameSpan())).isEqualTo("1:28-1:29");
    assertThat(where(f.returnSpec().span())).isEqualTo("1:12-1:16");

    Stmt.DeclStmt decl = (Stmt.DeclStmt) f.body().stmts().get(0);
    VarDecl i = decl.vars().get(0);
    assertThat(where(decl.span())).isEqualTo("2:3-2:23");
    assertThat(where(i.nameSpan())).isEqualTo("2:7-2:8");
    Expr.Member tid = (Expr.Member) ((org.scansim.frontend.ast.Initializer.Single) i.init()).value();
    assertThat(where(tid.span())).isEqualTo("2:11-2:22");
    assertThat(where(tid.memberSpan())).isEqualTo("2:21-2:22");

    Stmt.If ifs = (Stmt.If) f.body().stmts().get(1);
    assertThat(where(ifs.span())).isEqualTo("3:3-4:24");
    Expr.Assign assign = (Expr.Assign) ((Stmt.ExprStmt) ifs.then()).expr();
    assertThat(where(assign.span())).isEqualTo("4:5-4:23");
    Expr.Binary plus = (Expr.Binary) assign.value();
    assertThat(where(plus.span())).isEqualTo("4:12-4:23");
    assertThat(where(plus.right().span())).isEqualTo("4:19-4:23");
    assertThat(where(((Expr.Index) plus.left()).index().span())).isEqualTo("4:14-4:15");
  }

  @Test
  void spansGoThroughTheMapper() {
    // As if the preprocessor had expanded a macro: the text the lexer reads is not the file.
    SourceFile original = new SourceFile("orig.cu", "#define N 4\nint x[N];\n");
    String text = "int x[4];\n";
    List<int[]> calls = new ArrayList<>();
    SpanMapper mapper =
        (start, end) -> {
          calls.add(new int[] {start, end});
          return original.span(start + 12, end + 12); // line 2 of the original
        };
    Diagnostics diags = new Diagnostics();
    var unit = SyntaxParser.parse(original, text, mapper, diags, org.scansim.frontend.Frontend.KNOWN_NAMES);
    assertThat(diags.all()).isEmpty();
    VarDecl x = ((Decl.Variables) unit.decls().get(0)).vars().get(0);
    assertThat(x.nameSpan().file()).isSameAs(original);
    assertThat(where(x.nameSpan())).isEqualTo("2:5-2:6");
    assertThat(calls).isNotEmpty();
  }

  @Test
  void syntaxErrorsGoThroughTheMapper() {
    SourceFile original = new SourceFile("orig.cu", "// header\nint x = 1\n");
    String text = "int x = 1\n";
    Diagnostics diags = new Diagnostics();
    SyntaxParser.parse(original, text, (s, e) -> original.span(s + 10, e + 10), diags, org.scansim.frontend.Frontend.KNOWN_NAMES);
    assertThat(diags.all()).extracting(d -> d.headline())
        .containsExactly("orig.cu:2:10: error: expected ';' at end of declaration");
  }
}
