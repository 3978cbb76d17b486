package org.scansim.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The robustness requirement, over the whole front end: generated and mutated inputs (at
 * least 10,000 per run) never crash it or hang it; each ends in diagnostics located inside the
 * file, or in an IR that {@link org.scansim.frontend.ir.IrVerifier} accepts and {@link
 * org.scansim.frontend.ir.IrPrinter} prints (see {@link FuzzCheck}).
 *
 * <p>Inputs are seeded: a failure prints its batch, its seed and its input (and writes the input
 * to {@code target/fuzz-failures/}); {@code FuzzPrograms.generate(seed)} or the batch's input
 * function with that seed gives it back. The sizes below keep the suite to well under a minute on
 * two cores; the timeouts are hang guards, not performance tests.
 */
class FrontendRobustnessTest {
  static final int GENERATED = 2000;
  static final int MUTATED_KERNELS = 4000;
  /** Mutants of examples/real-world alone: aliases, default arguments and the other real-world constructs. */
  static final int MUTATED_REAL_WORLD = 1500;
  static final int MUTATED_GENERATED = 2200;
  static final int HOSTILE = 300;

  private static List<String> kernels;
  private static List<String> realWorld;

  @BeforeAll
  static void loadKernels() {
    kernels = FuzzCorpus.kernelTexts();
    realWorld = FuzzCorpus.texts(FuzzCorpus.realWorldFiles());
  }

  @Test
  void theBatchesAddUpToTenThousandInputs() {
    assertThat(GENERATED + MUTATED_KERNELS + MUTATED_REAL_WORLD + MUTATED_GENERATED + HOSTILE).isGreaterThanOrEqualTo(10_000);
    assertThat(realWorld).as("examples/real-world/*.cu").hasSizeGreaterThanOrEqualTo(5);
    assertThat(kernels).as("kernels/**/*.cu").hasSizeGreaterThanOrEqualTo(10);
  }

  @Test
  void generatedProgramsCompileOrFailCleanly() {
    FuzzBatch.Result r = FuzzBatch.run("generated", 1_000_000, GENERATED, FuzzPrograms::generate);
    System.out.println(r.summary());
    assertThat(r.failures()).as(r.report()).isEmpty();
    // The generator writes well-typed programs, so most reach the lowering: otherwise it would
    // only be testing error paths.
    assertThat(r.okFraction()).as(r.summary()).isGreaterThan(0.75);
  }

  @Test
  void mutatedKernelsNeverCrash() {
    FuzzBatch.Result r = FuzzBatch.run("mutated-kernels", 2_000_000, MUTATED_KERNELS, FrontendRobustnessTest::mutatedKernel);
    System.out.println(r.summary());
    assertThat(r.failures()).as(r.report()).isEmpty();
  }

  @Test
  void mutatedRealWorldKernelsNeverCrash() {
    FuzzBatch.Result r = FuzzBatch.run("mutated-real-world", 5_000_000, MUTATED_REAL_WORLD, FrontendRobustnessTest::mutatedRealWorld);
    System.out.println(r.summary());
    assertThat(r.failures()).as(r.report()).isEmpty();
  }

  /** A real-world example with one to four mutations, the material of one edit from another. */
  static String mutatedRealWorld(long seed) {
    Random r = new Random(seed);
    String base = realWorld.get(r.nextInt(realWorld.size()));
    String other = realWorld.get(r.nextInt(realWorld.size()));
    return FuzzMutations.mutate(base, other, r, 1 + r.nextInt(4));
  }

  @Test
  void mutatedGeneratedProgramsNeverCrash() {
    FuzzBatch.Result r = FuzzBatch.run("mutated-generated", 3_000_000, MUTATED_GENERATED, FrontendRobustnessTest::mutatedProgram);
    System.out.println(r.summary());
    assertThat(r.failures()).as(r.report()).isEmpty();
  }

  @Test
  void hostileShapesInsideKernelsNeverCrash() {
    FuzzBatch.Result r = FuzzBatch.run("hostile", 4_000_000, HOSTILE, FrontendRobustnessTest::hostile);
    System.out.println(r.summary());
    assertThat(r.failures()).as(r.report()).isEmpty();
  }

  // ---- regressions: minimized inputs of what the suite found ----

  /** The input passes {@link FuzzCheck} and compiles to IR. */
  private static void lowersCleanly(String text) {
    FuzzCheck.Outcome o = FuzzCheck.run(text);
    assertThat(o.problem()).as(text).isNull();
    assertThat(o.ok()).as(text).isTrue();
  }

  /** The input passes {@link FuzzCheck} and is rejected with exactly these errors. */
  private static void rejectedWith(String text, String... errors) {
    FuzzCheck.Outcome o = FuzzCheck.run(text);
    assertThat(o.problem()).as(text).isNull();
    assertThat(Compile.diagnostics(text)).containsExactly(errors);
  }

  @Test
  void regressionsThatLowerCleanly() {
    // Each of these failed IrVerifier or crashed the lowering; LoweringTest pins their IR.
    lowersCleanly("__device__ int f(int a, int b) { int *p = &a; return *p + b; }");
    lowersCleanly("__device__ int f(unsigned u) { switch (u) { case -1: return 1; } return 0; }");
    lowersCleanly("__device__ int f(int x) { if (x) return 1; }\nint main() { }");
    lowersCleanly("__device__ void a() {}\n__device__ void b() {}\n__device__ void f(int x) { x ? a() : b(); }");
    lowersCleanly("__device__ int buf[4];\n__global__ void k() { { int buf[2]; buf[0] = 1; } buf[1] = 2; }");
    lowersCleanly("unsigned char g = 300;\nbool b = 2.5;\n__constant__ float c[2] = {-1.5f, 2};");
    lowersCleanly("__global__ void k() { int a[1 << 22] = {1}; }");
  }

  @Test
  void regressionsThatAreErrors() {
    // `int += pointer` was accepted and lowered to a mov.i32 of a ptr (C11 §6.5.16.2p1).
    rejectedWith("__device__ void f(int *p) { int x = 0; x += p; }",
        "1:40: error: invalid operands to compound assignment ('int' += 'int *')");
    // The address of a dim3 crashed the lowering (a dim3 lives in registers).
    rejectedWith("void h() { dim3 d(2); dim3 *p = &d; }", "1:33: error: taking the address of a dim3 is not supported");
    rejectedWith("void h(dim3 *p) { unsigned x = (*p).x; }", "1:33: error: pointers to dim3 are not supported");
    // So did the address of warpSize (a special register, not in memory).
    rejectedWith("__global__ void k(int *o) { const int *p = &warpSize; o[0] = *p; }",
        "1:44: error: cannot take the address of built-in variable 'warpSize'");
    // Device code may read a host constant's value but not address host memory.
    rejectedWith("const int N = 4;\n__global__ void k(int *o) { const int *p = &N; o[0] = *p + N; }",
        "2:44: error: cannot take the address of host variable 'N' in device code");
    // A call or launch of a function without a body lowered to a call of nothing.
    rejectedWith("__device__ int f(int);\n__global__ void k(int *o) { o[0] = f(1); }",
        "2:36: error: 'f' is used but never defined (its body must be in this file, or in another of the program's files given with it)");
    rejectedWith("__global__ void k(int n);\nint main() { k<<<1, 1>>>(2); }",
        "2:14: error: 'k' is used but never defined (its body must be in this file, or in another of the program's files given with it)");
    // Case labels are compared after conversion to the promoted type (C11 §6.8.4.2p5).
    rejectedWith("__device__ int f(unsigned u) { switch (u) { case -1: case 4294967295u: return 1; } return 0; }",
        "1:59: error: duplicate case value '4294967295'");
  }

  /**
   * Large but legal nesting through the whole front end: the type checker and the lowering used
   * to overflow the default stack on a 5000-long `else if` chain that the parser accepts.
   */
  @Test
  void deepButLegalCodeCompiles() {
    StringBuilder chain = new StringBuilder("__device__ int f(int x) {\n  int y = 0;\n  if (x == 0) y = 0;");
    for (int k = 1; k < 5000; k++) {
      chain.append(" else if (x == ").append(k).append(") y = ").append(k).append(';');
    }
    lowersCleanly(chain.append("\n  return y;\n}\n").toString());
    lowersCleanly("__device__ int f(int y) { return y" + " + y".repeat(20_000) + "; }");
    lowersCleanly("__device__ int f(int y) { return " + "-".repeat(5_000).replace("-", "- ") + "y; }");
    lowersCleanly("__device__ int f(int y) { " + "if (y) ".repeat(3_000) + "y = 1; return y; }");
    lowersCleanly("__device__ int f(int y) { return " + "y ? y : ".repeat(3_000) + "0; }");
  }

  /** Hostile sizes end in a diagnostic (or IR), never in an exception: each is one input. */
  @Test
  void hugeInputsEndInDiagnostics() {
    List<String> inputs =
        List.of(
            "#define M0 x\n" + FuzzMutations.macroTower(20) + "__device__ int x;\n__device__ int f() { return M20; }",
            "__device__ int " + "q".repeat(1_000_000) + " = 1;",
            "__global__ void k(int *o) {\n" + "  o[0] = 1;\n".repeat(20_000) + "}\n",
            "\0".repeat(100_000),
            "\ud800".repeat(1000) + "__global__ void k() {}");
    for (String text : inputs) {
      FuzzCheck.Outcome o = FuzzCheck.run(text);
      assertThat(o.problem()).as(text.length() > 200 ? text.substring(0, 200) : text).isNull();
    }
  }

  /** Macro definitions put in front of a kernel: the kernels' own knobs, and sabotage. */
  private static final String[] DEFINES = {
    "#define ZERO_BANK_CONFLICTS", "#define NUM_BANKS 16", "#define LOG_NUM_BANKS 4", "#define MAX_THREADS_PER_BLOCK 0",
    "#define MAX_THREADS_PER_BLOCK 99999999999999999999", "#define ELEMENTS_PER_BLOCK 3", "#define BLOCK_SIZE (",
    "#define float int", "#define int unsigned", "#define __syncthreads()", "#define __shared__", "#define const volatile",
    "#define n (n + 1)", "#define threadIdx blockIdx", "#define float double"
  };

  /**
   * A catalog kernel with one to four mutations, sometimes spliced with another file, sometimes
   * after a few {@code #define}s that change what its macros and keywords mean.
   */
  static String mutatedKernel(long seed) {
    Random r = new Random(seed);
    String base = kernels.get(r.nextInt(kernels.size()));
    String other = r.nextInt(4) == 0 ? FuzzPrograms.generate(seed) : kernels.get(r.nextInt(kernels.size()));
    StringBuilder defines = new StringBuilder();
    if (r.nextInt(6) == 0) {
      for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
        defines.append(DEFINES[r.nextInt(DEFINES.length)]).append('\n');
      }
    }
    // With defines, the kernel itself may stay intact: the macros alone change its meaning.
    int edits = defines.length() > 0 ? r.nextInt(3) : 1 + r.nextInt(4);
    return defines + FuzzMutations.mutate(base, other, r, edits);
  }

  /** A generated program with one to three mutations. */
  static String mutatedProgram(long seed) {
    Random r = new Random(seed);
    String base = FuzzPrograms.generate(seed, 200);
    String other = kernels.get(r.nextInt(kernels.size()));
    return FuzzMutations.mutate(base, other, r, 1 + r.nextInt(3));
  }

  /** A hostile shape (deep nesting, long chains and lines, macro storms) inside a real function. */
  static String hostile(long seed) {
    Random r = new Random(seed);
    String shape = FuzzMutations.hostileShape(r);
    return "__device__ int x, y, z, a, b[4];\n__global__ void k(int *out) {\n" + shape + "\nout[0] = x;\n}\n";
  }
}
