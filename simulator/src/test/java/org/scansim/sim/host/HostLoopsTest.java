package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.device.Deadline;
import org.scansim.sim.device.Limits;
import org.scansim.sim.memory.ArchMemoryModel;
import org.scansim.sim.result.Kind;
import org.scansim.sim.sched.SimulatedGpu;
import org.scansim.sim.run.ProgramRun;
import org.scansim.sim.run.ScanRun;

/**
 * Host loops compiled to JVM bytecode ({@link HostLoops}) compute what the interpreter computes:
 * each program runs with every loop compiled at its first backward branch and with none compiled,
 * and prints the same text, exits the same way and faults at the same place. The C library's
 * {@code clock()}, which counts host instructions, shows that a compiled loop counts every one.
 * Some expected values are worked by hand (closed forms) so that both sides cannot be wrong alike.
 */
class HostLoopsTest {
  private final int before = HostInterpreter.compileAfter;

  @AfterEach
  void restore() {
    HostInterpreter.compileAfter = before;
  }

  private static ScanRun.Outcome run(String source, int compileAfter, String... args) throws Exception {
    HostInterpreter.compileAfter = compileAfter;
    Frontend.Result r = Frontend.compile(new SourceFile("loops.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return ProgramRun.run(r, ScanRun.Request.of(1, Architectures.preset("hopper")), List.of(args));
  }

  /** The program's text, exit status and fault (kind, position, message) with every loop compiled at once; the same without. */
  private static String both(String source, String... args) throws Exception {
    int loops = HostLoops.COMPILED.get();
    ScanRun.Outcome compiled = run(source, 1, args);
    assertThat(HostLoops.COMPILED.get()).as("loops compiled").isGreaterThan(loops);
    ScanRun.Outcome interpreted = run(source, -1, args);
    assertThat(said(compiled)).isEqualTo(said(interpreted));
    return said(compiled);
  }

  private static String said(ScanRun.Outcome o) {
    String fault = o.fault() == null ? "" : "\nfault " + o.fault().kind() + " at " + o.fault().span().position() + ": " + o.fault().getMessage();
    return o.output() + "exit " + o.exitStatus() + fault;
  }

  @Test
  void everyDecodedInstructionInALoop() throws Exception {
    String said = both("""
        #include <cstdio>
        #include <cstdlib>
        int main() {
          int n = 1000;
          int *a = (int *)malloc(n * sizeof(int));
          long long *w = (long long *)malloc(n * sizeof(long long));
          short *s = (short *)malloc(n * sizeof(short));
          unsigned char *c = (unsigned char *)malloc(n);
          int sum = 0;
          long long big = 0;
          int lt = 0, le = 0, gt = 0, ge = 0, eq = 0, ne = 0;
          int quot = 0, rem = 0;
          long long mix = 0;
          int mix32 = -1;
          for (int i = 0; i < n; i++) {
            a[i] = i * 3 - 7;
            w[i] = (long long)i * 4000000000LL - 5;
            s[i] = (short)(i * 100);
            c[i] = (unsigned char)(i + 250);
          }
          for (int i = 0; i < n; i++) {
            sum += a[i];
            big += w[i] - i;
            big = big * 1;
            quot += a[i] / 7;
            rem += a[i] % 7;
            lt += i < 500; le += i <= 500; gt += i > 500; ge += i >= 500; eq += i == 500; ne += i != 500;
            int narrow = (int)(w[i] >> 0);
            sum -= narrow - narrow;
            sum += s[i] - s[i] + c[i] - c[i];
            mix = (mix ^ w[i]) | (i & 7);
            mix32 = (mix32 ^ a[i]) & ~(i | 64);
          }
          int wraps = 2147483600;
          for (int i = 0; i < 100; i++) {
            wraps = wraps + 1;
          }
          srand(7);
          int r = 0;
          for (int i = 0; i < n; i++) {
            r ^= rand() % 1000;
          }
          printf("%d %lld %d %d %d %d %d %d %d %d %d %d\\n", sum, big, quot, rem, lt, le, gt, ge, eq, ne, wraps, r);
          printf("%d %d %d %lld %d\\n", (int)s[999], (int)c[10], (int)c[5], mix, mix32);
          free(a); free(w); free(s); free(c);
          return 0;
        }
        """);
    // worked by hand: sum of 3i - 7 over 0..999 = 3 * 499500 - 7000; sum of 4e9 i - 5 - i = 3999999999 * 499500 - 5000
    // = 1997999999500500 - 5000
    // 2147483600 + 100 wraps to -2147483596; 999 * 100 = 99900 is -31172 as a short; (10 + 250) % 256 = 4
    assertThat(said).startsWith("1491500 1997999999495500 ").contains(" 500 501 499 500 1 999 -2147483596 ")
        .contains("-31172 4 255 ").endsWith("exit 0");
  }

  @Test
  void floatArithmeticComparisonsAndConversionsInALoop() throws Exception {
    String said = both("""
        #include <cstdio>
        #include <cmath>
        int main() {
          float special[6] = {0.0f, -0.0f, 1.0f / 0.0f, -1.0f / 0.0f, 0.0f / 0.0f, 3e9f};
          int lt = 0, le = 0, gt = 0, ge = 0, eq = 0, ne = 0;
          long long asInt = 0;
          unsigned asUnsigned = 0;
          double wide = 0.0;
          for (int i = 0; i < 6; i++) {
            for (int j = 0; j < 6; j++) {
              float a = special[i], b = special[j];
              lt += a < b; le += a <= b; gt += a > b; ge += a >= b; eq += a == b; ne += a != b;
            }
            asInt += (int)special[i];
            wide += (double)special[i] * 0.5;
          }
          float f = 0.1f;
          double d = 0.1;
          for (int i = 0; i < 1000; i++) {
            f = f * 1.0001f + 0.5f / (i + 1);
            d = d * 1.0001 - 0.25 / (i + 1);
            asUnsigned += (unsigned)i * 3000000u;
          }
          double roots = 0.0;
          float spread = 0.0f;
          for (int i = 1; i <= 100; i++) {
            roots += sqrt((double)(i * i));
            spread = fmaxf(spread, fabsf(special[i % 6] - 1.0f));
          }
          unsigned small = 0;
          for (unsigned u = 4000000000u; u < 4000000010u; u++) {
            small += u > 3000000000u;
          }
          printf("%d %d %d %d %d %d %lld %g\\n", lt, le, gt, ge, eq, ne, asInt, wide);
          printf("%.9g %.17g %u %u %d\\n", f, d, asUnsigned, small, (int)(float)d);
          printf("%g %g\\n", roots, spread);
          return 0;
        }
        """);
    // Of the 36 pairs, the 11 with NaN are unordered (only != holds); of the 25 others 7 are equal (0.0 == -0.0)
    // and 9 each way less. (int) saturates: 0 + 0 + 2147483647 - 2147483648 + 0 (NaN) + 2147483647. inf + -inf
    // is NaN. 3000000 * (0 + ... + 999) = 1498500000000, which is 3851380992 modulo 2^32. The square roots of
    // 1, 4, ..., 10000 sum to 5050; fmaxf passes over NaN, and |inf - 1| is inf.
    assertThat(said).startsWith("9 16 9 16 7 29 2147483646 ").contains("nan\n").contains(" 3851380992 10 -1\n5050 inf\nexit 0");
  }

  @Test
  void callsBreaksAndGotosInsideALoopGoBackToTheInterpreter() throws Exception {
    String said = both("""
        #include <cstdio>
        int twice(int x) { return 2 * x; }
        int main() {
          int total = 0;
          for (int i = 0; i < 50; i++) {
            if (i == 40) break;
            if (i % 2) continue;
            total += twice(i);
            if (i % 10 == 0) printf("at %d total %d\\n", i, total);
          }
          int k = 0;
        again:
          k++;
          if (k < 300) goto again;
          for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
              total += i * j;
            }
          }
          printf("%d %d\\n", total, k);
          return total == 778 ? 0 : 1;
        }
        """);
    // 2 * (0 + 2 + ... + 30) = 480 at 30; 2 * (0 + 2 + ... + 38) = 760, and the sum of i * j over 3 x 4 is 3 * 6 = 18
    assertThat(said).contains("at 30 total 480").endsWith("778 300\nexit 0");
  }

  @Test
  void aCompiledLoopCountsEveryInstructionItRuns() throws Exception {
    String said = both("""
        #include <cstdio>
        #include <ctime>
        int main() {
          long long s = 0;
          for (int i = 0; i < 100000; i++) {
            s += i;
          }
          clock_t t = clock();
          for (int i = 0; i < 70000; i++) {
            s -= i & 1;
          }
          printf("%lld %ld %ld\\n", s, (long)t, (long)clock());
          return 0;
        }
        """);
    assertThat(said).startsWith("4999915000 ");
  }

  @Test
  void faultsInACompiledLoopAreTheInterpretersFaults() throws Exception {
    String division = both("""
        int main(int argc, char **argv) {
          int d = argc - 1;
          int s = 0;
          for (int i = 0; i < 100; i++) {
            s += 1000 / (d + 5 - i / 10);
          }
          return s;
        }
        """);
    assertThat(division).contains("fault " + Kind.DIVISION_BY_ZERO + " at loops.cu:5:");
    String bounds = both("""
        #include <cstdlib>
        int main() {
          int *a = (int *)malloc(64 * sizeof(int));
          for (int i = 0; i < 1000; i++) {
            a[i] = i;
          }
          return 0;
        }
        """);
    assertThat(bounds).contains("fault " + Kind.OUT_OF_BOUNDS + " at loops.cu:5:").contains("byte 256 of");
    String freed = both("""
        #include <cstdlib>
        int main() {
          int *a = (int *)malloc(64 * sizeof(int));
          int s = 0;
          for (int i = 0; i < 64; i++) {
            s += a[i] = i;
            if (i == 50) free(a);
          }
          return s;
        }
        """);
    assertThat(freed).contains("fault " + Kind.USE_AFTER_FREE + " at loops.cu:6:");
  }

  /**
   * A compiled loop keeps the array each word access reached last and goes to it directly: one
   * load site and one store site reaching two host arrays and a managed one in turn, a step before
   * an array's first word, and a site turning to a freed array, all as the interpreter answers.
   */
  @Test
  void aWordAccessThatChangesArraysIsCheckedAsTheInterpreterChecksIt() throws Exception {
    String turns = both("""
        #include <cstdio>
        #include <cstdlib>
        #include <cuda_runtime.h>
        int main() {
          int n = 300;
          int *a = (int *)malloc(n * sizeof(int));
          int *b = (int *)malloc(n * sizeof(int));
          int *m;
          cudaMallocManaged(&m, n * sizeof(int));
          for (int i = 0; i < n; i++) {
            a[i] = i;
            b[i] = 3 * i;
            m[i] = 7 * i;
          }
          long long s = 0;
          for (int i = 0; i < n; i++) {
            int *p = i % 3 == 0 ? a : (i % 3 == 1 ? b : m);
            s += p[i];
            p[n - 1 - i] += 1;
          }
          printf("%lld %d %d %d\\n", s, a[n - 1], b[0], m[n - 2]);
          return 0;
        }
        """);
    assertThat(turns).endsWith("exit 0");
    String before = both("""
        #include <cstdlib>
        int main() {
          int *a = (int *)malloc(64 * sizeof(int));
          int s = 0;
          for (int i = 63; i >= -1; i--) {
            s += a[i];
          }
          return s;
        }
        """);
    assertThat(before).contains("fault " + Kind.OUT_OF_BOUNDS + " at loops.cu:6:");
    String freed = both("""
        #include <cstdlib>
        int main() {
          int *c = (int *)malloc(200 * sizeof(int));
          int *d = (int *)malloc(200 * sizeof(int));
          free(d);
          int s = 0;
          for (int i = 0; i < 200; i++) {
            int *p = i < 100 ? c : d;
            s += p[i];
          }
          return s;
        }
        """);
    assertThat(freed).contains("fault " + Kind.USE_AFTER_FREE + " at loops.cu:9:");
  }

  @Test
  void floatsAndUnsignedWordsThroughACompiledLoop() throws Exception {
    String said = both("""
        #include <cstdio>
        #include <cstdlib>
        int main() {
          int n = 512;
          float *f = (float *)malloc(n * sizeof(float));
          unsigned *u = (unsigned *)malloc(n * sizeof(unsigned));
          for (int i = 0; i < n; i++) {
            f[i] = i * -0.5f;
            u[i] = 4000000000u + i;
          }
          float fs = 0.0f;
          unsigned long long us = 0;
          for (int i = 0; i < n; i++) {
            fs += f[i];
            us += u[i];
          }
          printf("%.1f %llu\\n", fs, us);
          return 0;
        }
        """);
    // -0.5 * (0 + ... + 511) = -65408 (exact in float); 512 * 4e9 + 130816 = 2048000130816
    assertThat(said).isEqualTo("-65408.0 2048000130816\nexit 0");
  }

  @Test
  void aLoopThatNeverEndsStopsAtTheWallClock() throws Exception {
    HostInterpreter.compileAfter = 1;
    Frontend.Result r = Frontend.compile(new SourceFile("loops.cu", """
        int main() {
          unsigned x = 0;
          while (1) {
            x = x * 3 + 1;
          }
          return (int)x;
        }
        """), Map.of(), IncludeLoader.NONE);
    ScanRun.Request req = ScanRun.Request.of(1, Architectures.preset("hopper"));
    req = req.withOptions(new ScanRun.Options(req.options().checks(), 0, 500, false, req.options().deviceBytes()));
    long start = System.nanoTime();
    ScanRun.Outcome o = ProgramRun.run(r, req, List.of());
    assertThat(o.fault()).isNotNull();
    assertThat(o.fault().getMessage()).contains("in host code at loops.cu:");
    assertThat((System.nanoTime() - start) / 1e9).isLessThan(30);
  }

  @Test
  void aLoopTooLargeToCompileIsInterpreted() throws Exception {
    String large = loopOf(100);
    int loops = HostLoops.COMPILED.get();
    assertThat(said(run(large, 1))).isEqualTo(said(run(large, -1))).matches("exit \\d+");
    assertThat(HostLoops.COMPILED.get()).isEqualTo(loops); // too large: interpreted
    HostCode hc = code(large);
    assertThat(hc.op.length).isGreaterThan(HostLoops.MOST_INSTRUCTIONS);
    assertThat(HostLoops.compile(hc, 0, hc.op.length - 1)).isNull();
    HostCode fits = code(loopOf(85)); // some 270 instructions: under both limits
    assertThat(fits.op.length).isGreaterThan(250);
    assertThat(HostLoops.compile(fits, 0, fits.op.length - 1)).isNotNull();
  }

  /**
   * A loop that fits the JIT's size only without its access sites' checks (each takes bytes) is
   * compiled without them, not left interpreted; it runs as the interpreter runs it.
   */
  @Test
  void aLoopTooLargeWithItsSitesKeptIsCompiledWithoutThem() throws Exception {
    String loads = loadsOf(SITE_STATEMENTS);
    HostCode hc = code(loads);
    int lo = 0;
    int hi = hc.op.length - 1;
    assertThat(HostLoops.codeBytes(hc, lo, hi, 32)).isGreaterThan(HostLoops.MOST_CODE_BYTES);
    assertThat(HostLoops.codeBytes(hc, lo, hi, 0)).isLessThanOrEqualTo(HostLoops.MOST_CODE_BYTES);
    assertThat(HostLoops.compile(hc, lo, hi)).isNotNull();
    assertThat(both(loads)).matches("exit \\d+");
  }

  static final int SITE_STATEMENTS = 40;

  private static String loadsOf(int statements) {
    StringBuilder body = new StringBuilder();
    for (int k = 0; k < statements; k++) {
      body.append("    s = s * 3 + a[i + ").append(k).append("];\n");
    }
    return "#include <cstdlib>\nint main() {\n  int *a = (int *)malloc(100 * sizeof(int));\n  int s = 0;\n"
        + "  for (int i = 0; i < 50; i++) {\n" + body + "  }\n  return s & 127;\n}\n";
  }

  private static String loopOf(int statements) {
    StringBuilder body = new StringBuilder();
    for (int k = 0; k < statements; k++) {
      body.append("    s = s * 3 + ").append(k).append(";\n");
    }
    return "int main() {\n  int s = 0;\n  for (int i = 0; i < 10; i++) {\n" + body + "  }\n  return s & 127;\n}\n";
  }

  private static Frontend.Result compile(String source) {
    Frontend.Result r = Frontend.compile(new SourceFile("loops.cu", source), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    return r;
  }

  private static HostCode code(String source) {
    Frontend.Result r = compile(source);
    return new HostCode(org.scansim.sim.engine.Compiler.compile(r.ir(), r.ir().function("main")));
  }

  /** The host instructions main ran, and how many of them compiled loops ran, on an interpreter of the test's own. */
  private static long[] steps(String source, int compileAfter) {
    HostInterpreter.compileAfter = compileAfter;
    Frontend.Result r = compile(source);
    SimulatedGpu gpu = new SimulatedGpu(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults(), new StringBuilder());
    HostInterpreter host = new HostInterpreter(r.ir(), gpu, 1L << 24, new Deadline(), new StringBuilder());
    host.call("main", new long[0], null);
    return new long[] {host.steps, host.compiledSteps};
  }

  /** The step main's host code faulted at under a budget of {@code limit} host instructions, compiled or not. */
  private static long stoppedAt(String source, int compileAfter, long limit) {
    HostInterpreter.compileAfter = compileAfter;
    Frontend.Result r = compile(source);
    SimulatedGpu gpu = new SimulatedGpu(r.ir(), new ArchMemoryModel(Architectures.preset("hopper")), Limits.defaults(), new StringBuilder());
    HostInterpreter host = new HostInterpreter(r.ir(), gpu, 1L << 24, new Deadline(), new StringBuilder());
    host.setStepLimit(limit);
    try {
      host.call("main", new long[0], null);
    } catch (org.scansim.sim.result.Fault f) {
      assertThat(f.budget()).isEqualTo(org.scansim.sim.result.Fault.Budget.HOST_STEPS);
      assertThat(f.getMessage()).contains("host code ran past its step budget at loops.cu:");
      return host.steps;
    }
    throw new AssertionError("no fault under a budget of " + limit);
  }

  @Test
  void aStepBudgetStopsCompiledAndInterpretedLoopsAtTheSameStep() {
    String source = """
        int main() {
          int s = 0;
          for (int i = 0; i < 100000000; i++) {
            s += i;
          }
          return s & 1;
        }
        """;
    for (long limit : new long[] {70_000, 200_001, 1_000_000}) {
      assertThat(stoppedAt(source, 1, limit)).as("limit " + limit).isEqualTo(limit + 1).isEqualTo(stoppedAt(source, -1, limit));
    }
    // The run's budget: 4 x 10^9 host instructions, or twice its instruction budget where that is more.
    assertThat(HostInterpreter.stepLimitFor(2_000_000_000L)).isEqualTo(4_000_000_000L);
    assertThat(HostInterpreter.stepLimitFor(5)).isEqualTo(4_000_000_000L);
    assertThat(HostInterpreter.stepLimitFor(6_000_000_000L)).isEqualTo(12_000_000_000L);
    assertThat(HostInterpreter.stepLimitFor(Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE / 2 * 2);
  }

  @Test
  void compiledLoopsRunTheLoopsWholeWithContinueAndNesting() throws Exception {
    String source = """
        int main() {
          int s = 0;
          int i = 0;
          while (i < 30000) {
            i++;
            if (i % 3 == 0) continue;
            s += i;
          }
          for (int a = 0; a < 300; a++) {
            for (int b = 0; b < 100; b++) {
              s ^= a * b;
            }
          }
          return s & 255;
        }
        """;
    long[] interpreted = steps(source, -1);
    long[] compiled = steps(source, 1);
    assertThat(interpreted[1]).isZero();
    assertThat(compiled[0]).isEqualTo(interpreted[0]); // every instruction counted once
    // the while loop's two back edges (its end, and continue's) and both nested loops compiled: all but a few steps
    assertThat(compiled[1]).isGreaterThan(compiled[0] * 99 / 100);
  }
}
