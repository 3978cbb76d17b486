package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.errors;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.ast.Decl;

/** Syntax errors: short gcc-like messages at the right place, several per run, no cascades. */
class SyntaxErrorTest {

  /** Each case is the body of {@code void f() {...}}, starting on line 2; '~' stands for a newline. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "x = 1~y = 2;               => t.cu:2:6: error: expected ';' after expression",
        "int x = 5~x++;             => t.cu:2:10: error: expected ';' at end of declaration",
        "return x                   => t.cu:2:9: error: expected ';' after return statement",
        "do { } while (x)~y = 1;    => t.cu:2:17: error: expected ';' after do/while statement",
        "for (i = 0 i < n; i++) ;   => t.cu:2:11: error: expected ';'",
        "if (x > 0 { y = 1; }       => t.cu:2:11: error: expected ')'",
        "f(a, b;                    => t.cu:2:7: error: expected ')'",
        "x = (a + b;                => t.cu:2:11: error: expected ')'",
        "a[i = 1;                   => t.cu:2:8: error: expected ']'",
        "x = ;                      => t.cu:2:5: error: expected expression",
        "f(a, );                    => t.cu:2:6: error: expected expression",
        "int 5;                     => t.cu:2:5: error: expected identifier",
        "x = a.;                    => t.cu:2:7: error: expected identifier",
        "if x > 0) y = 1;           => t.cu:2:4: error: expected '('",
        "x = a ? b;                 => t.cu:2:10: error: expected ':'",
        "x = (a + b));              => t.cu:2:12: error: unexpected ')'",
        "x = @;                     => t.cu:2:5: error: invalid character '@'",
        "u32 n = 4;                => t.cu:2:1: error: unknown type name 'u32'",
        "half h = x;                => t.cu:2:1: error: 'half' is not supported",
        "k<<<g, b>>(x);             => t.cu:2:14: error: expected '>>>'",
      })
  void typicalMistakes(String body, String error) {
    assertThat(errors("void f() {\n" + body.replace('~', '\n') + "\n}\n")).containsExactly(error);
  }

  @Test
  void strayClosingBrace() {
    assertThat(errors("void f() {\n  x = 1;\n  }\n}\nint y;\n")).containsExactly("t.cu:4:1: error: unexpected '}'");
  }

  @Test
  void missingClosingBraceAtEndOfInput() {
    assertThat(errors("void f() {\n  if (x) {\n    y = 1;\n}\n"))
        .containsExactly("t.cu:4:2: error: expected '}' at end of input");
  }

  @Test
  void unterminatedCommentAndLiterals() {
    assertThat(errors("int x;\n/* no end\nint y;\n")).containsExactly("t.cu:2:1: error: unterminated comment");
    assertThat(errors("void f() {\n  printf(\"abc);\n}\n"))
        .first().isEqualTo("t.cu:2:10: error: missing terminating '\"' character");
    assertThat(errors("int c = 'a;\nint d;\n")).containsExactly("t.cu:1:9: error: missing terminating ' character");
  }

  @Test
  void invalidCharactersAreNamed() {
    assertThat(errors("int x = 1 $;\nint y = `2;\nint z = 3;\u00e9\n"))
        .containsExactly(
            "t.cu:1:11: error: invalid character '$'",
            "t.cu:2:9: error: invalid character '`'",
            "t.cu:3:11: error: invalid character U+00E9");
  }

  @Test
  void severalErrorsInOneFile() {
    String text =
        """
        __global__ void a(float *x) {
          x[0] = 1
          x[1] = 2;
        }
        __global__ void b(float *x) {
          if (x[0] > 0 {
            x[1] = 0;
          }
        }
        __global__ void c(float *x) {
          x[2] = ;
          x[3] = 3;
        }
        __global__ void d(float *x) {
          x[4] = 4;
        }
        """;
    Parsing.Result r = Parsing.parse(text);
    assertThat(r.errors())
        .containsExactly(
            "t.cu:2:11: error: expected ';' after expression",
            "t.cu:6:16: error: expected ')'",
            "t.cu:11:10: error: expected expression");
    // The unit is partial but every function is still there.
    assertThat(r.decls()).extracting(d -> ((Decl.Function) d).name()).containsExactly("a", "b", "c", "d");
  }

  @Test
  void oneTypoGivesOneError() {
    assertThat(errors("void f() {\n  x = = = = 1;\n  y = 2;\n}\n")).hasSize(1);
    assertThat(errors("void f() {\n  a[ = ( 5 ] + ;\n  y = 2;\n}\n")).hasSize(1);
    assertThat(errors("void f() {\n  for (int i = 0; i < n; i++ {\n    x++;\n  }\n}\n")).hasSize(1);
  }

  @Test
  void errorInAKernelHeaderSkipsThatKernelOnly() {
    String text = "__global__ void k(u32 n) {\n  int x = n;\n}\n__global__ void ok(float *a) { a[0] = 1; }\n";
    Parsing.Result r = Parsing.parse(text);
    assertThat(r.errors()).containsExactly("t.cu:1:19: error: unknown type name 'u32'");
    assertThat(r.decls()).extracting(d -> ((Decl.Function) d).name()).containsExactly("ok");
  }

  @Test
  void unknownTypeInAKernelHeader() {
    // With an unknown first type, the header reads like `int k(a * b)`, a variable with an
    // initialiser; the message still names the type, and the body is skipped with the header.
    String text = "__global__ void k(floAt *out, const float *in) {\n  out[0] = in[0];\n}\nint n;\n";
    Parsing.Result r = Parsing.parse(text);
    assertThat(r.errors()).containsExactly("t.cu:1:19: error: unknown type name 'floAt'");
    assertThat(r.decls()).extracting(SExpr::of).contains("(vars (var int n))");
  }

  @Test
  void aMissingOperandBeforeTheEndOfAStatementGivesOneError() {
    // Deleting the ';' (or '}') would make the next line's `int` the operand, read as the start
    // of a functional cast `int(...)`, and report the correct next line too.
    assertThat(errors("void f(int n, int t) {\n  int a = n * (2 * t + 1) - ;\n  int b = n * (2 * t + 2) - 1;\n}\n"))
        .containsExactly("t.cu:2:29: error: expected expression");
    assertThat(errors("void f(int *x, int a) {\n  if (a) {\n    x[0] = a -\n  }\n  int y = 1;\n}\n"))
        .containsExactly("t.cu:4:3: error: expected expression");
    assertThat(errors("void f(int *x, int a) {\n  x[0] = (a + 1\n}\nunsigned g;\n"))
        .containsExactly("t.cu:3:1: error: expected ')'");
  }

  @Test
  void aStraySemicolonInsideParenthesesIsStillSkipped() {
    // Not a statement boundary: single-token deletion may remove it, and the rest parses.
    assertThat(errors("void f(int *a, int n) {\n  for (int i = 0; i < n;; i++) a[i] = 0;\n  int y = n;\n}\n"))
        .containsExactly("t.cu:2:25: error: expected expression");
    assertThat(errors("void f(int a) {\n  f(a;);\n  int y = a;\n}\n")).containsExactly("t.cu:2:6: error: unexpected ';'");
  }

  @Test
  void anUnknownTypeUsedTwiceInAHeaderIsReportedAtItsFirstUse() {
    // The header reads as `k(u32 * data, u32 factor ...)`, a variable with an initialiser, and
    // the parser fails only at `factor`; gcc and clang name the first use.
    assertThat(errors("__global__ void k(u32 *data, u32 factor, int n) { }\n"))
        .containsExactly("t.cu:1:19: error: unknown type name 'u32'");
    // After a qualifier, and with the declarator after the point where the parser fails.
    assertThat(errors("__global__ void k(const u32 *d, u32 x) { }\n"))
        .containsExactly("t.cu:1:25: error: unknown type name 'u32'");
    assertThat(errors("__global__ void k(int n, u32 *d) { }\n"))
        .containsExactly("t.cu:1:26: error: unknown type name 'u32'");
  }

  @Test
  void theDeclarationAfterABrokenHeaderIsCheckedOnItsOwn() {
    // The second header fails while the parser is still predicting which declaration it is; that
    // error is not part of the recovery from the first one.
    String text = "__global__ void a(u32 n) {\n  n++;\n}\n__device__ void b(int n, S s) { }\nint ok;\n";
    Parsing.Result r = Parsing.parse(text);
    assertThat(r.errors())
        .containsExactly("t.cu:1:19: error: unknown type name 'u32'", "t.cu:4:26: error: unknown type name 'S'");
    assertThat(r.decls()).extracting(SExpr::of).containsExactly("(vars (var int ok))");
  }

  @Test
  void missingBraceBeforeTheNextFunction() {
    String text = "__global__ void a(int *x) {\n  if (x) {\n    x[0] = 1;\n}\n__global__ void b(int *x) {\n  x[0] = 2;\n}\n";
    assertThat(errors(text))
        .containsExactly(
            "t.cu:5:17: error: function definition is not allowed here; is a '}' missing before it?",
            "t.cu:7:2: error: expected '}' at end of input");
  }

  @Test
  void aBrokenForHeaderGivesOneError() {
    assertThat(errors("void f() {\n  for (intt d = 1; d < n; d *= 2) { }\n}\n"))
        .containsExactly("t.cu:2:8: error: unknown type name 'intt'");
    assertThat(errors("void f() {\n  for (int; d *= 2) { }\n}\n")).hasSize(1);
  }

  @Test
  void checksAreNotMadeOnTheParsersGuesses() {
    // The header below reads as a variable `k` with a direct initialiser; no "'__global__' is not
    // allowed on a variable" or functional-cast complaint may come out of that guess.
    assertThat(errors("__global__ void k(floAt *x, float(y)) { }"))
        .containsExactly("t.cu:1:19: error: unknown type name 'floAt'");
    // A '[' left over from a deleted name is not a lambda.
    assertThat(errors("void f() {\n  [i] = 1;\n}\n")).hasSize(1).noneMatch(e -> e.contains("lambda"));
  }

  @Test
  void pragmasAndByteOrderMarksAreIgnored() {
    Parsing.clean("\uFEFFvoid f(float *a) {\n#pragma unroll\n  for (int i = 0; i < 4; i++) a[i] = 0;\n}\n");
  }

  @Test
  void garbageAtFileScope() {
    assertThat(errors("x = 1;\nint y;\n")).containsExactly("t.cu:1:1: error: expected declaration");
    assertThat(errors("int a;\n) ) )\nint b;\n")).containsExactly("t.cu:2:1: error: unexpected ')'");
    // The rest of a body whose '{' was lost: one error for the whole run, and what follows parses.
    Parsing.Result r = Parsing.parse("void f() }\n  x = 1;\n  y = 2;\n  if (x) { y = 3; }\n}\nint z;\n");
    assertThat(r.errors()).containsExactly("t.cu:1:9: error: expected ';' at end of declaration");
    assertThat(r.decls()).extracting(SExpr::of).contains("(vars (var int z))");
  }

  @Test
  void messagesNeverComeFromAntlr() {
    List<String> samples =
        List.of(
            "void f() { x = (((1; }",
            "void f( { }",
            "int[] x;",
            "void f() { while } ",
            "__global__ void k() { k<<<1>>>(); }",
            "void f() { int x = {1, 2; }",
            "void f() { else x = 1; }",
            "void f() { case }",
            "void f() { sizeof(int; }",
            "void f() { (int) ; }",
            "void f() { static_cast<int>(; }",
            "}}}{{{",
            "void",
            "int f(int a, int b",
            "void f() { x = a ? : b; }");
    for (String s : samples) {
      for (String e : errors(s)) {
        assertThat(e).as(s).doesNotContain("mismatched", "expecting", "extraneous", "no viable", "<EOF>", "token recognition");
      }
      assertThat(errors(s)).as(s).isNotEmpty();
    }
  }
}
