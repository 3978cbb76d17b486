package org.scansim.frontend.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.frontend.parse.Parsing.expr;
import static org.scansim.frontend.parse.Parsing.sexpr;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Expr.BinaryOp;

/** Expressions: C11 §6.5 precedence and associativity, and each expression form of the subset. */
class ExpressionTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        // assignment and ?: are right-associative; everything else left
        "a = b = c               => (= a (= b c))",
        "a += b -= c             => (+= a (-= b c))",
        "a - b - c               => (- (- a b) c)",
        "a / b * c               => (* (/ a b) c)",
        "a ? b : c ? d : e       => (? a b (? c d e))",
        "a ? b , c : d           => (? a (, b c) d)",
        "a || b ? c : d          => (? (|| a b) c d)",
        "x = a ? b : c           => (= x (? a b c))",
        // unary binds tighter than binary, postfix tighter than unary
        "-a * b                  => (* (- a) b)",
        "(float)a / b            => (/ (cast float a) b)",
        "&a[i]                   => (& ([] a i))",
        "*p++                    => (* (post++ p))",
        "++*p                    => (++ (* p))",
        "!a && b                 => (&& (! a) b)",
        "~a & b                  => (& (~ a) b)",
        "-a[i].x                 => (- (. ([] a i) x))",
        "sizeof x + 1            => (+ (sizeof x) 1)",
        "sizeof(int) * 2         => (* (sizeof int) 2)",
        "sizeof(x) / sizeof(x[0]) => (/ (sizeof x) (sizeof ([] x 0)))",
        // the binary levels
        "x << 1 + 2              => (<< x (+ 1 2))",
        "a + b << c              => (<< (+ a b) c)",
        "a < b == c              => (== (< a b) c)",
        "a < b > c               => (> (< a b) c)",
        "a <= b >= c             => (>= (<= a b) c)",
        "a == b != c             => (!= (== a b) c)",
        "a & b == c              => (& a (== b c))",
        "a ^ b & c               => (^ a (& b c))",
        "a | b ^ c               => (| a (^ b c))",
        "a && b | c              => (&& a (| b c))",
        "a || b && c             => (|| a (&& b c))",
        "a % b + c               => (+ (% a b) c)",
        "a >> 1 >> 2             => (>> (>> a 1) 2)",
        "x >>= 1                 => (>>= x 1)",
        "x <<= n >> 1            => (<<= x (>> n 1))",
        "a, b, c                 => (, (, a b) c)",
        "i = 0, j = 1            => (, (= i 0) (= j 1))",
        "(a + b) * c             => (* (+ a b) c)",
        "a * (b + c)             => (* a (+ b c))",
        "temp[pout*n + thid] = (thid > 0) ? g_idata[thid-1] : 0 => (= ([] temp (+ (* pout n) thid)) (? (> thid 0) ([] g_idata (- thid 1)) 0))",
      })
  void precedenceAndAssociativity(String source, String expected) {
    assertThat(sexpr(source)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "x++ + ++x               => (+ (post++ x) (++ x))",
        "x-- - --x               => (- (post-- x) (-- x))",
        "+a                      => (+ a)",
        "- -a                    => (- (- a))",
        "*&x                     => (* (& x))",
        "a.b.c                   => (. (. a b) c)",
        "threadIdx.x + blockIdx.x * blockDim.x => (+ (. threadIdx x) (* (. blockIdx x) (. blockDim x)))",
        "a[i][j]                 => ([] ([] a i) j)",
        "f()                     => (call f)",
        "min(a, b)               => (call min a b)",
        "__syncthreads()         => (call __syncthreads)",
        "atomicAdd(&x, 1)        => (call atomicAdd (& x) 1)",
        "f(g(x), (a, b))         => (call f (call g x) (, a b))",
        "dim3(n / 256, 1)        => (call dim3 (/ n 256) 1)",
        "float(x)                => (cast float x)",
        "int(x) + 1              => (+ (cast int x) 1)",
        "unsigned(x)             => (cast unsigned int x)",
        "(unsigned int)x         => (cast unsigned int x)",
        "(const float *)p        => (cast const float* p)",
        "(void **)&p             => (cast void** (& p))",
        "(float)(a + b)          => (cast float (+ a b))",
        "(int)-x                 => (cast int (- x))",
        "(int)x[1]               => (cast int ([] x 1))",
        "static_cast<float>(n) / 2 => (/ (cast float n) 2)",
        "reinterpret_cast<float *>(p) => (cast float* p)",
        "const_cast<int *>(q)    => (cast int* q)",
        "sizeof(float *)         => (sizeof float*)",
        "sizeof(unsigned long long) => (sizeof unsigned long long)",
        "sizeof *p               => (sizeof (* p))",
        "true && false           => (&& true false)",
        "p == nullptr            => (== p nullptr)",
        "c == 'a'                => (== c (char 97))",
      })
  void expressionForms(String source, String expected) {
    assertThat(sexpr(source)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiterString = "=>",
      value = {
        "scan<<<grid, block>>>(out, in, n)                 => (launch scan (grid block) out in n)",
        "scan<<<1, 256, 2 * n * sizeof(float)>>>(d, n)    => (launch scan (1 256 (* (* 2 n) (sizeof float))) d n)",
        "k<<<g, b, 0, stream>>>()                         => (launch k (g b 0 stream))",
        "k<<<(n + 255) >> 8, 256>>>(x)                    => (launch k ((>> (+ n 255) 8) 256) x)",
        "k<<<n >> 1, b>>>(x >> 1)                         => (launch k ((>> n 1) b) (>> x 1))",
        "k<<<a > b, c>>>(x)                               => (launch k ((> a b) c) x)",
        "k<<<dim3(4, 2), dim3(32)>>>(x)                   => (launch k ((call dim3 4 2) (call dim3 32)) x)",
        "y = x >> 2                                       => (= y (>> x 2))",
        // Visual Studio's formatter spaces the brackets; nvcc reads them as <<< >>>.
        "k<< <g, b >> >(x)                                 => (launch k (g b) x)",
        "k << < (n + 255) >> 8, 256 >> > (x >> 1)          => (launch k ((>> (+ n 255) 8) 256) (>> x 1))",
        "k<< <1, (32 >> 1) >> >(x)                         => (launch k (1 (>> 32 1)) x)",
      })
  void kernelLaunches(String source, String expected) {
    assertThat(sexpr(source)).isEqualTo(expected);
  }

  @Test
  void launchAndShiftsInOneStatement() {
    assertThat(Parsing.sstmt("k<<<n>>2, 32>>>(a>>1);")).isEqualTo("(launch k ((>> n 2) 32) (>> a 1))");
    assertThat(SExpr.of(Parsing.statements("k<<<g, b>>>(x); m >>= 1; y = m >> 1;").get(2)))
        .isEqualTo("(= y (>> m 1))");
  }

  @Test
  void launchRecordsKernelNameAndSpan() {
    Expr.Launch launch = (Expr.Launch) expr("scan<<<1, 32>>>(d)");
    assertThat(launch.kernel()).isEqualTo("scan");
    assertThat(launch.kernelSpan().col()).isEqualTo(1);
    assertThat(launch.kernelSpan().endCol()).isEqualTo(5);
  }

  @Test
  void stringLiteralsAreConcatenatedWithEscapes() {
    Expr.Call call = (Expr.Call) expr("printf(\"a=%d\\n\" \"b\\t\\x41\\101\\\\\", a)");
    Expr.StringLit s = (Expr.StringLit) call.args().get(0);
    assertThat(s.value()).isEqualTo("a=%d\nb\tAA\\");
    assertThat(s.span().col()).isEqualTo(8);
  }

  @Test
  void charLiteralsHaveTheirValues() {
    assertThat(((Expr.CharLit) expr("'\\n'")).value()).isEqualTo(10);
    assertThat(((Expr.CharLit) expr("'\\0'")).value()).isZero();
    assertThat(((Expr.CharLit) expr("'\\''")).value()).isEqualTo('\'');
    assertThat(((Expr.CharLit) expr("'\\x41'")).value()).isEqualTo(65);
    assertThat(((Expr.CharLit) expr("'\\377'")).value()).isEqualTo(-1); // char is signed
  }

  @Test
  void compoundAssignmentsMapToTheirOperators() {
    String[] ops = {"*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="};
    BinaryOp[] expected = {
      BinaryOp.MUL, BinaryOp.DIV, BinaryOp.REM, BinaryOp.ADD, BinaryOp.SUB,
      BinaryOp.SHL, BinaryOp.SHR, BinaryOp.BIT_AND, BinaryOp.BIT_XOR, BinaryOp.BIT_OR
    };
    for (int i = 0; i < ops.length; i++) {
      Expr.Assign a = (Expr.Assign) expr("x " + ops[i] + " y");
      assertThat(a.op()).as(ops[i]).isEqualTo(expected[i]);
    }
    assertThat(((Expr.Assign) expr("x = y")).op()).isNull();
  }

  @Test
  void parenthesesLeaveNoNodeButBinarySpansCoverThem() {
    Expr.Binary mul = (Expr.Binary) expr("(a + b) * c");
    assertThat(mul.span().col()).isEqualTo(1);
    assertThat(mul.span().endCol()).isEqualTo(12);
    assertThat(mul.left().span().col()).isEqualTo(2); // a + b, without the parenthesis
  }

  @Test
  void longLeftAssociativeChainsBuildWithoutRecursion() {
    StringBuilder sum = new StringBuilder("x = a");
    for (int i = 0; i < 49_000; i++) { // near the limit (a chain past 50,000 operators is refused: FrontEndLimitsTest)
      sum.append(" + a");
    }
    Expr.Assign e = (Expr.Assign) expr(sum.toString());
    Expr cur = e.value();
    int depth = 0;
    while (cur instanceof Expr.Binary b) {
      cur = b.left();
      depth++;
    }
    assertThat(depth).isEqualTo(49_000);
  }
}
