package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44: {@code scansim run prog.cu [-- ARGS]} runs a whole program's {@code main} with its
 * arguments, prints what the program prints, then the report of its launches, and exits with the
 * program's status (3 on a fault). The programs are the project's own, in examples/programs.
 */
class ProgramRunTest {
  @TempDir Path dir;

  private static final Path PROGRAMS = Path.of("..", "examples", "programs");

  private Path write(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  @Test
  void aWholeProgramRunsWithItsArgumentsAndPrintsItsOwnOutputFirst() {
    CliRun r = CliRun.of("run", PROGRAMS.resolve("scan_main.cu").toString(), "--no-timing", "--", "3000");
    assertThat(r.code()).as(r.err()).isZero();
    // What the program prints, as it prints it; then scansim's report of its five launches (three levels of blocks).
    assertThat(r.out()).startsWith("scanned 3000 elements, total ").contains("\nPASSED\n\nscansim run ")
        .contains("scan_main.cu -- 3000  arch=hopper  program=main\nexit status: 0 (success)\n");
    assertThat(r.out()).contains("  0  blockScan  12x1x1  256x1x1").contains("  1  blockScan  1x1x1   256x1x1")
        .contains("  2  addSums    12x1x1  256x1x1").doesNotContain("program output");
  }

  @Test
  void aMallocPastTheMemoryBudgetReturnsNullAndSaysWhyAndMemoryRaisesIt() throws Exception {
    Path p = write("m.cu", """
        #include <cstdio>
        #include <cstdlib>
        int main() {
          char *a = (char *)malloc(600000);
          char *b = (char *)malloc(600000);
          printf("%s %s\\n", a ? "a" : "NULL", b ? "b" : "NULL");
          return 0;
        }
        """);
    CliRun tight = CliRun.of("run", p.toString(), "--memory", "1M");
    assertThat(tight.code()).as(tight.err()).isZero();
    assertThat(tight.out()).startsWith("a NULL\n").contains("note: malloc at " + p + ":5:21 returned NULL: 600000 bytes would pass"
        + " the memory budget of 1048576 bytes (").contains("(run's --memory raises the budget)");
    CliRun room = CliRun.of("run", p.toString(), "--memory", "2M");
    assertThat(room.out()).startsWith("a b\n").doesNotContain("returned NULL");
    for (String bad : new String[] {"0", "512K", "300G", "1.5G", "3X", "-1"}) {
      CliRun r = CliRun.of("run", p.toString(), "--memory=" + bad);
      assertThat(r.code()).as(bad).isEqualTo(2);
      assertThat(r.err()).as(bad).startsWith("Invalid value for option '--memory': '" + bad + "' is not ");
    }
  }

  @Test
  void theProgramsExitStatusIsScansims() {
    CliRun usage = CliRun.of("run", PROGRAMS.resolve("scan_main.cu").toString(), "--no-timing", "--", "0");
    assertThat(usage.code()).isEqualTo(1); // EXIT_FAILURE
    assertThat(usage.out()).startsWith("usage: ./scan_main [n, 1 to 268435456]\n\n")
        .contains("program=main\nno kernel ran: the program launched none\nexit status: 1 (the program's failure)\n");
    CliRun flags = CliRun.of("run", PROGRAMS.resolve("iostream_flags.cu").toString(), "--no-timing", "--", "-x");
    assertThat(flags.code()).isEqualTo(2); // the program's own usage status
    assertThat(flags.out()).startsWith("usage: ./iostream_flags [-n N] [-v]\n");
  }

  @Test
  void mainsReturnValueAndExitAreTheStatusAsAShellSeesIt() throws Exception {
    Path ret = write("ret.cu", "int main() { return 300; }\n");
    assertThat(CliRun.of("run", ret.toString()).code()).isEqualTo(300 & 0xFF);
    Path ex = write("ex.cu", "#include <cstdlib>\nvoid f() { exit(5); }\nint main() { f(); return 0; }\n");
    CliRun r = CliRun.of("run", ex.toString());
    assertThat(r.code()).isEqualTo(5);
    assertThat(r.out()).contains("exit status: 5").doesNotContain("fault");
    Path ab = write("ab.cu", "#include <cstdlib>\n#include <cstdio>\nint main() { printf(\"before\\n\"); abort(); }\n");
    CliRun a = CliRun.of("run", ab.toString());
    assertThat(a.code()).isEqualTo(134); // SIGABRT, as a shell reports it
    assertThat(a.out()).startsWith("before\n");
  }

  @Test
  void aFaultStopsTheProgramWithItsOutputSoFarAndExits3() throws Exception {
    Path f = write("oob.cu", """
        #include <cstdio>
        __global__ void k(int *a, int n) { a[threadIdx.x + n] = 1; }
        int main() {
          int *d;
          cudaMalloc(&d, 32 * sizeof(int));
          printf("launching\\n");
          k<<<1, 32>>>(d, 32);
          cudaDeviceSynchronize();
          printf("never printed\\n");
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).startsWith("launching\n\n").doesNotContain("never printed").contains("fault: " + f + ":2:36: ");
    // The fault's source line and a caret under its column, as a finding's and a compile error's.
    assertThat(r.out()).contains("\n    __global__ void k(int *a, int n) { a[threadIdx.x + n] = 1; }\n"
        + "    " + " ".repeat(35) + "^\n");
    Path host = write("host.cu", """
        int main() {
          int a[4];
          int i = 4;
          a[i] = 1;
          return a[0];
        }
        """);
    CliRun h = CliRun.of("run", host.toString(), "--no-timing");
    assertThat(h.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(h.out()).contains("fault: " + host + ":4:3: ").contains("\n      a[i] = 1;\n      ^\n");
  }

  /**
   * A failed assert in host code ends the program as glibc's does (g++ 12.2 and glibc 2.36 printed
   * {@code as: as.cu:6: int main(int, char**): Assertion `x == 3' failed.} and the shell reported
   * status 134), without the function's signature; the program's output before it stands.
   */
  @Test
  void aFailedHostAssertAbortsAsGlibcsDoes() throws Exception {
    Path f = write("as.cu", """
        #include <cassert>
        #include <cstdio>
        int main(int argc, char **argv) {
          int x = argc;
          printf("x=%d\\n", x);
          assert(x == 3);
          printf("never printed\\n");
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).isEqualTo(134);
    assertThat(r.out()).startsWith("x=1\nas: " + f + ":6: Assertion `x == 3' failed.\n\n").doesNotContain("never printed")
        .contains("exit status: 134").doesNotContain("fault");
    // With the arguments that hold it, the program goes on.
    CliRun held = CliRun.of("run", f.toString(), "--no-timing", "--", "a", "b");
    assertThat(held.code()).as(held.err()).isZero();
    assertThat(held.out()).startsWith("x=3\nnever printed\n");
  }

  /** A kernel given host memory faults saying so, and what the program should have done. */
  @Test
  void aKernelThatReadsHostMemoryFaultsSayingWhatItIs() throws Exception {
    Path f = write("hp.cu", """
        #include <cstdlib>
        __global__ void twice(float *out, const float *in, int n) {
          int i = blockIdx.x * blockDim.x + threadIdx.x;
          if (i < n) out[i] = 2.0f * in[i];
        }
        int main() {
          int n = 1000;
          float *h = (float *)malloc(n * sizeof(float));
          for (int i = 0; i < n; i++) h[i] = i;
          float *d;
          cudaMalloc(&d, n * sizeof(float));
          twice<<<(n + 255) / 256, 256>>>(d, h, n);
          cudaDeviceSynchronize();
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("fault: " + f + ":4:30: dereference of a host pointer in device code by thread (0,0,0) of block"
        + " (0,0,0): memory from malloc, new or a host variable is not the GPU's (copy the data into memory from cudaMalloc, or"
        + " allocate it with cudaMallocManaged)\n");
  }

  @Test
  void theJsonReportHasTheArgumentsAndTheStatusAndNoSize() throws Exception {
    Path json = dir.resolve("r.json");
    CliRun r = CliRun.of("run", PROGRAMS.resolve("goto_cleanup.cu").toString(), "--json", json.toString());
    assertThat(r.code()).as(r.err()).isZero();
    JsonNode j = new ObjectMapper().readTree(json.toFile());
    assertThat(j.get("inputs").get("args").toString()).isEqualTo("[\"./goto_cleanup\"]");
    assertThat(j.get("inputs").has("n")).isFalse();
    assertThat(j.get("entry").asText()).isEqualTo("main");
    assertThat(j.get("exitStatus").asInt()).isZero();
    assertThat(j.get("output").asText()).isEqualTo("{3,1,7,0,4,1,6,3} scanned = {3,4,11,11,15,16,22,25}\n");
    assertThat(j.get("launches").get(0).get("timing").get("smCycles").asLong()).isPositive();
  }

  @Test
  void aLaunchTheRuntimeRefusesReturnsItsErrorToTheProgramsOwnCheck() throws Exception {
    Path f = write("config.cu", """
        #include <cstdio>
        #include <cstdlib>
        #define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \\
            fprintf(stderr, "CUDA error %s (%s)\\n", cudaGetErrorString(e), cudaGetErrorName(e)); exit(1); } } while (0)
        __global__ void k(float *o) { o[threadIdx.x] = 1; }
        int main(int argc, char **argv) {
          float *d;
          CHECK(cudaMalloc(&d, 4096));
          if (argc > 1) {
            k<<<1, 2048>>>(d);             // unchecked: the program goes on, the kernel did not run
            printf("after an unchecked launch: %d\\n", (int) cudaGetLastError());
            printf("then: %d\\n", (int) cudaGetLastError());
            return 0;
          }
          k<<<1, 32, 1 << 20>>>(d);
          CHECK(cudaGetLastError());
          printf("never printed\\n");
          return 0;
        }
        """);
    CliRun checked = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(checked.code()).as(checked.err()).isEqualTo(Main.FAILED);
    assertThat(checked.out()).startsWith("CUDA error invalid argument (cudaErrorInvalidValue)\n").doesNotContain("never printed")
        .contains("exit status: 1 (the program's failure)")
        .contains("note: " + f + ":15:3: launch of k needs 1048576 bytes of shared memory per block; hopper allows at most 49152"
            + " (cudaErrorInvalidValue): not run; cudaGetLastError() returns that error");
    CliRun unchecked = CliRun.of("run", f.toString(), "--no-timing", "--", "x");
    assertThat(unchecked.code()).as(unchecked.err()).isZero();
    // cudaErrorInvalidConfiguration is 9; cudaGetLastError clears it.
    assertThat(unchecked.out()).startsWith("after an unchecked launch: 9\nthen: 0\n").contains("no kernel ran")
        .contains("blockDim.x may be at most 1024 on hopper (cudaErrorInvalidConfiguration): not run");
  }

  @Test
  void aHostLoopOfRefusedLaunchesEndsAtTheLaunchBudget() throws Exception {
    Path f = write("refused.cu", """
        __global__ void k(int *d) { d[0] = 1; }
        int main() {
          int *d;
          cudaMalloc(&d, 4);
          for (unsigned i = 0;; i++) k<<<1, 1025 + i % 1000>>>(d);
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).as(r.err()).isEqualTo(Main.KERNEL_FAULT);
    assertThat(r.out()).contains("the host code launched more than 100000 kernels (the last: k; 100000 of them refused by the runtime)")
        .contains("note: more notes than 100: the rest are left out");
  }

  /** A program whose one warp reads a shared word its neighbour lane writes, with no barrier between. */
  private static final String RACY_PROGRAM = """
      __global__ void k(int *out) {
        __shared__ int s[32];
        s[threadIdx.x] = threadIdx.x;
        out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
      }
      int main() {
        int *d;
        cudaMalloc(&d, 32 * sizeof(int));
        k<<<1, 32>>>(d);
        cudaDeviceSynchronize();
        return 0;
      }
      """;

  @Test
  void checkersRunOnAProgramAndTheirFindingsFailIt() throws Exception {
    Path f = write("race.cu", RACY_PROGRAM);
    CliRun r = CliRun.of("run", f.toString(), "--check", "races", "--no-timing");
    assertThat(r.code()).isEqualTo(Main.FAILED);
    assertThat(r.out()).contains("exit status: 0 (success)").contains("race");
  }

  @Test
  void checkAllRunsEveryCheckerThatAppliesToAProgramOrAnEntryWithoutItsKind() throws Exception {
    Path f = write("race.cu", RACY_PROGRAM);
    // The proof needs an entry's output and its scan kind: "all" leaves it out where it cannot apply.
    CliRun all = CliRun.of("run", f.toString(), "--check", "all", "--no-timing");
    assertThat(all.code()).as(all.err()).isEqualTo(Main.FAILED);
    assertThat(all.out()).contains("race");
    assertThat(all.err()).doesNotContain("proof");
    // Named, it is still refused, saying why.
    assertThat(CliRun.of("run", f.toString(), "--check", "races,proof").err()).contains("--check proof proves an entry's output");
    Path entry = write("entry.cu", """
        __global__ void k(const float *in, float *out) { out[threadIdx.x] = in[threadIdx.x]; }
        void scan(const float *in, float *out, int n) { k<<<1, 32>>>(in, out); }
        """);
    CliRun entryAll = CliRun.of("run", entry.toString(), "--n", "32", "--check", "all", "--no-timing");
    assertThat(entryAll.code()).as(entryAll.err()).isZero();
    assertThat(CliRun.of("run", entry.toString(), "--n", "32", "--check", "proof").err())
        .contains("--check proof needs --expect inclusive|exclusive");
  }

  @Test
  void theLimitsOfClimitsAndCfloatAreThoseOfTheHostCompiler() throws Exception {
    Path f = write("limits.cu", """
        #include <climits>
        #include <cfloat>
        #include <cstdio>
        int main() {
          printf("%d %d %d %d %d %u\\n", CHAR_BIT, SCHAR_MIN, SCHAR_MAX, UCHAR_MAX, CHAR_MIN, (unsigned) USHRT_MAX);
          printf("%d %d %d %u\\n", SHRT_MIN, SHRT_MAX, INT_MIN, UINT_MAX);
          printf("%ld %ld %lu\\n", LONG_MAX, LONG_MIN, ULONG_MAX);
          printf("%lld %lld %llu\\n", LLONG_MAX, LLONG_MIN, ULLONG_MAX);
          printf("%g %g %g %d %d\\n", FLT_MAX, FLT_MIN, FLT_EPSILON, FLT_DIG, FLT_MANT_DIG);
          printf("%g %g %g %d %d\\n", DBL_MAX, DBL_MIN, DBL_EPSILON, DBL_DIG, DBL_MANT_DIG);
          printf("%.17g %.9g\\n", DBL_MAX, FLT_MIN);
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString());
    assertThat(r.code()).as(r.err()).isZero();
    // What the same file, as limits.cpp, printed built with g++ 12.2.0 on x86-64 Debian 12 (2026-12-01).
    assertThat(r.out()).contains("""
        8 -128 127 255 -128 65535
        -32768 32767 -2147483648 4294967295
        9223372036854775807 -9223372036854775808 18446744073709551615
        9223372036854775807 -9223372036854775808 18446744073709551615
        3.40282e+38 1.17549e-38 1.19209e-07 6 24
        1.79769e+308 2.22507e-308 2.22045e-16 15 53
        1.7976931348623157e+308 1.17549435e-38
        """);
  }

  @Test
  void checkTakesAProgramsFilesTogetherAsRunDoes() throws Exception {
    String main = PROGRAMS.resolve("several_files/main.cpp").toString();
    String scan = PROGRAMS.resolve("several_files/scan.cu").toString();
    CliRun alone = CliRun.of("check", main);
    assertThat(alone.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(alone.err()).contains("is used but never defined (its body must be in this file, or in another of the program's files given with it)");
    CliRun both = CliRun.of("check", main, scan);
    assertThat(both.code()).as(both.err()).isZero();
    assertThat(both.out()).startsWith(main + " " + scan + ": ok (");
    CliRun twice = CliRun.of("check", main, main);
    assertThat(twice.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(twice.err()).contains(main + " is named twice");
  }

  @Test
  void aBudgetOfNoInstructionsIsRefused() throws Exception {
    Path f = write("empty.cu", "int main() { return 0; }\n");
    CliRun program = CliRun.of("run", f.toString(), "--max-instructions", "-5");
    assertThat(program.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(program.err()).contains("--max-instructions must be at least 1, not -5");
    CliRun entry = CliRun.of("run", "harris/blelloch", "--n", "64", "--max-instructions", "0");
    assertThat(entry.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(entry.err()).contains("--max-instructions must be at least 1, not 0");
    // Said before the file is compiled: the option's mistake first, not the file's.
    Path broken = write("broken.cu", "__global__ void k(float *o) { o[0] = ; }\nvoid scan(float *o, const float *i, int n) { k<<<1, 1>>>(o); }\n");
    for (String[] option : new String[][] {{"--max-instructions", "0"}, {"--wall-seconds", "-1"}, {"--repeat", "2"}}) {
      CliRun r = CliRun.of("run", broken.toString(), "--n", "64", option[0], option[1]);
      assertThat(r.code()).as(option[0]).isEqualTo(Main.INVALID_INPUT);
      assertThat(r.err()).as(option[0]).contains(option[0]).doesNotContain("broken.cu:1");
    }
  }

  @Test
  void whatAnEntryRunNeedsIsRefusedByNameWithoutN() throws Exception {
    String prog = PROGRAMS.resolve("goto_cleanup.cu").toString();
    assertThat(CliRun.of("run", prog, "--expect", "inclusive").err())
        .contains("--expect and --op check an entry's output over --n N elements; a program checks its own");
    assertThat(CliRun.of("run", prog, "--entry", "scanWithCuda").err()).contains("--entry runs a host entry or a kernel over --n N elements");
    assertThat(CliRun.of("run", prog, "--check", "proof").err()).contains("--check proof proves an entry's output");
    CliRun notSource = CliRun.of("run", prog, "1000");
    assertThat(notSource.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(notSource.err()).contains("1000: the files before -- are the program's translation units (.cu, .cpp, .c); its"
        + " arguments follow --: scansim run " + prog + " -- 1000");
    // With several files, the suggestion keeps the files before -- and moves the arguments (and
    // those already after --) behind it.
    String other = dir.resolve("other.cu").toString();
    assertThat(CliRun.of("run", prog, other, "5000", "7").err()).contains("5000: the files before -- are the program's translation"
        + " units (.cu, .cpp, .c); its arguments follow --: scansim run " + prog + " " + other + " -- 5000 7");
    assertThat(CliRun.of("run", prog, other, "5000", "--", "7").err()).contains("arguments follow --: scansim run " + prog + " "
        + other + " -- 5000 7");
    CliRun missing = CliRun.of("run", prog, dir.resolve("other.cu").toString());
    assertThat(missing.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(missing.err()).contains("other.cu: no such file");
    Path noMain = write("lib.cu", "void scan(const float *in, float *out, int n) { }\n");
    assertThat(CliRun.of("run", noMain.toString()).err()).contains("has no main() to run as a program: give --n N");
    assertThat(CliRun.of("run", noMain.toString(), "--n", "8", "--", "x").err())
        .contains("x: arguments are for a program's main(), run without --n");
    Path voidMain = write("vm.cu", "void main() { }\n");
    assertThat(CliRun.of("run", voidMain.toString()).err()).contains("main must return int (it returns void), as C++ requires");
  }

  @Test
  void severalTranslationUnitsAreLinkedAsNvccLinksThem() throws Exception {
    // A header both units include: its struct is one type, its constant and inline function one each.
    write("shared.h", """
        #pragma once
        struct Acc { int count; float sum; };
        const int N = 64;
        inline int twice(int x) { return 2 * x; }
        void fill(float *h, int n);
        void total(const float *h, int n, Acc &acc);
        """);
    Path a = write("a.cu", """
        #include <cstdio>
        #include "shared.h"
        int main() {
          float h[N];
          fill(h, N);
          Acc acc;
          total(h, N, acc);
          printf("%d %g %d\\n", acc.count, acc.sum, twice(N));
          return 0;
        }
        """);
    Path b = write("b.cpp", """
        #include "shared.h"
        void fill(float *h, int n) { for (int i = 0; i < n; i++) h[i] = 0.5f; }
        void total(const float *h, int n, Acc &acc) {
          acc.count = n;
          acc.sum = 0;
          for (int i = 0; i < n; i++) acc.sum += h[i];
        }
        """);
    CliRun r = CliRun.of("run", a.toString(), b.toString(), "--no-timing");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith("64 32 128\n").contains("a.cu " + b + "  arch=hopper  program=main");
    // Without the unit that defines them, the calls are named as a linker names them.
    CliRun alone = CliRun.of("run", a.toString(), "--no-timing");
    assertThat(alone.code()).isEqualTo(Main.INVALID_INPUT);
    assertThat(alone.err()).contains("error: 'fill' is used but never defined (its body must be in this file, or in another of the"
        + " program's files given with it)");
  }

  @Test
  void argumentsAreTheProgramsEvenWhenTheyLookLikeScansimsOptions() throws Exception {
    Path f = write("args.cu", """
        #include <cstdio>
        int main(int argc, char *argv[]) {
          for (int i = 0; i < argc; i++) printf("[%s]", argv[i]);
          printf("\\n");
          return argc;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--", "--n", "5", "a b", "");
    assertThat(r.code()).isEqualTo(5);
    assertThat(r.out()).startsWith("[./args][--n][5][a b][]\n").contains("args.cu -- --n 5 'a b' ''  arch=hopper  program=main");
  }

  @Test
  void aProgramsReportIsTheSameForAnyThreadCount() {
    String prog = PROGRAMS.resolve("scan_main.cu").toString();
    CliRun one = CliRun.of("run", prog, "--threads", "1", "--", "20000");
    CliRun four = CliRun.of("run", prog, "--threads", "4", "--", "20000");
    assertThat(one.code()).isZero();
    assertThat(four.out()).isEqualTo(one.out());
  }
}
