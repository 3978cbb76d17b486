package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scansim's own standard library headers (issue 44) and the host printf, run as whole programs:
 * each program's expected output is what the same text printed built with g++ 12 and glibc
 * (its libstdc++ for {@code <random>}), byte for byte.
 */
class StandardLibraryProgramsTest {
  @TempDir Path dir;

  private void runsAsGxxPrinted(String name, String text, String gxx) throws Exception {
    Path f = Files.writeString(dir.resolve(name + ".cu"), text);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).startsWith(gxx + "\n");
  }

  /** a file-scope const char * holding a literal, an anonymous namespace, std::sort of an array. */
  @Test
  void globalStringsAndAlgorithms() throws Exception {
    runsAsGxxPrinted("s1", """
        #include <algorithm>
        #include <cstdio>
        namespace {
        constexpr const char *kName = "x";
        constexpr int kMax = 1024;
        int clamp_size(int r) { return std::max(2, std::min(r, kMax)); }
        }
        int main() {
          int v[5] = {5, 3, 1, 4, 2};
          std::sort(v, v + 5);
          printf("%s %d %d %d\\n", kName, clamp_size(5000), v[0], v[4]);
        }
        """, """
        x 1024 1 5""");
  }

  /** std::numeric_limits of the arithmetic types, and a class template instance's static member function. */
  @Test
  void numericLimits() throws Exception {
    runsAsGxxPrinted("s2", """
        #include <limits>
        #include <cstdio>
        template <typename T, int N>
        struct Block { static int size() { return N * 2; } static T zero() { return T(); } };
        int main() {
          float m = std::numeric_limits<float>::max();
          int i = std::numeric_limits<int>::max();
          int j = std::numeric_limits<int>::min();
          long l = std::numeric_limits<long>::lowest();
          unsigned u = std::numeric_limits<unsigned int>::max();
          double e = std::numeric_limits<double>::epsilon();
          float mn = std::numeric_limits<float>::min();
          float lo = std::numeric_limits<float>::lowest();
          printf("%g %d %d %ld %u %g %g %g %d %d\\n", m, i, j, l, u, e, mn, lo, std::numeric_limits<float>::digits, Block<float, 8>::size());
          float inf = std::numeric_limits<float>::infinity();
          printf("%g %d\\n", inf, inf > m);
        }
        """, """
        3.40282e+38 2147483647 -2147483648 -9223372036854775808 4294967295 2.22045e-16 1.17549e-38 -3.40282e+38 24 16
        inf 1""");
  }

  /** std::sort with and without a comparator, std::fill, std::copy, std::swap. */
  @Test
  void algorithmsOverPointersAndVectors() throws Exception {
    runsAsGxxPrinted("s3", """
        #include <algorithm>
        #include <vector>
        #include <cstdio>
        using namespace std;
        int main() {
          int v[20];
          for (int i = 0; i < 20; i++) v[i] = (i * 7919) % 23;
          std::sort(v, v + 20);
          std::vector<float> f(5);
          std::fill(f.begin(), f.end(), 2);
          f[1] = -1.5f;
          std::sort(f.begin(), f.end(), [](float a, float b) { return a > b; });
          int *a = v, *b = v + 1;
          std::swap(a, b);
          float out[5];
          std::copy(f.begin(), f.end(), out);
          printf("%d %d %d %g %g %d %g\\n", v[0], v[10], v[19], f[0], f[4], *a, out[4]);
          int mx = max(3, 4), mn = std::min(3, 4);
          printf("%d %d\\n", mx, mn);
        }
        """, """
        0 12 22 2 -1.5 1 -1.5
        4 3""");
  }

  /** std::string: construction, +=, +, conversions from const char * (parameters, defaults), to_string, stoi, streams. */
  @Test
  void strings() throws Exception {
    runsAsGxxPrinted("st", """
        #include <iostream>
        #include <string>
        #include <cstdio>
        struct Report { std::string label; int n = 0; std::string notes; };
        void show(const std::string &name, const Report &r, const std::string &unit = "") {
          printf("%s %s %d [%s] %d\\n", name.c_str(), r.label.c_str(), r.n, unit.c_str(), (int) r.notes.empty());
        }
        int main(int argc, char **argv) {
          std::string a = "scan";
          std::string b(a);
          b += "-x";
          b += 'y';
          std::string c = a + "/" + b;
          Report r{};
          r.label = "elements";
          r.n = std::stoi("42");
          const char *kName = "pmpp";
          show(kName, r);
          show(c, r, "Elements/sec");
          std::cout << "c=" << c << " size " << c.size() << " " << (a == std::string("scan")) << std::endl;
          std::string t = std::to_string(17) + "|" + std::to_string(2.5);
          std::cout << t << std::endl;
          return 0;
        }
        """, """
        pmpp elements 42 [] 1
        scan/scan-xy elements 42 [Elements/sec] 1
        c=scan/scan-xy size 12 1
        17|2.500000""");
  }

  /** <random>: mt19937, default_random_engine, uniform int and real distributions. */
  @Test
  void randomNumbersAsLibstdcxx() throws Exception {
    runsAsGxxPrinted("rnd", """
        #include <random>
        #include <cstdio>
        int main() {
          std::mt19937 rng(1234u);
          std::uniform_int_distribution<int> d(0, 5);
          std::uniform_real_distribution<float> f(-1.0f, 1.0f);
          std::uniform_real_distribution<double> g(0.0, 10.0);
          std::uniform_int_distribution<long> big(-5, 3000000000L);
          for (int i = 0; i < 6; i++) { int a = d(rng); float b = f(rng); double c = g(rng); long l = big(rng); printf("%d %.9g %.17g %ld\\n", a, b, c, l); }
          std::default_random_engine e(42);
          std::uniform_int_distribution<int> d2(1, 100);
          std::uniform_real_distribution<float> f2(0.0f, 1.0f);
          std::uniform_real_distribution<double> g2(0.0, 1.0);
          for (int i = 0; i < 4; i++) { int a = d2(e); float b = f2(e); double c = g2(e); printf("%d %.9g %.17g\\n", a, b, c); }
          std::mt19937 m;
          for (int i = 0; i < 9999; i++) m();
          printf("%lu\\n", (unsigned long) m());
          std::uniform_int_distribution<unsigned long> huge(0, 18446744073709551615ul);
          printf("%lu\\n", huge(rng));
        }
        """, """
        1 -0.00467264652 8.1783844288953329 1313183209
        3 0.570717216 7.7997580537836999 451910892
        1 -0.602962494 8.1516293408392748 2874418066
        0 0.751865268 3.578172759423353 1502985374
        2 0.366925836 7.1270202317531588 2407918720
        2 -0.803496122 0.5599344953922466 41305351
        1 0.524587095 0.26330554078427826
        38 0.196285829 0.51231810869672811
        54 0.257101625 0.81548762681803777
        91 0.452028632 0.24740811984064287
        4123659995
        408483025603000098""");
  }

  /** printf of doubles: exact digits, ties to even, widths, flags, infinities. */
  @Test
  void printfRoundsTheExactValue() throws Exception {
    runsAsGxxPrinted("pf", """
        #include <cstdio>
        int main() {
          double v[] = {0.5123181086967281, 0.125, 0.375, 2.5, -0.0001, 1e300, -0.0, 123456789.987654321, 1.0/3, 1e-5, 0.0};
          for (int i = 0; i < 11; i++) {
            double d = v[i];
            printf("[%.17g] [%.2f] [%.0f] [%e] [%.3e] [%g] [%10.3f] [%-10.2e|] [%+08.2f] [%G] [%#.0f] [%.20f]\\n", d, d, d, d, d, d, d, d, d, d, d, d);
          }
          float inf = 1.0f / 0.0f;
          printf("[%f] [%e] [%g] [%8.2f] [%F]\\n", inf, -inf, inf, inf, inf);
        }
        """, """
        [0.51231810869672811] [0.51] [1] [5.123181e-01] [5.123e-01] [0.512318] [     0.512] [5.12e-01  |] [+0000.51] [0.512318] [1.] [0.51231810869672811393]
        [0.125] [0.12] [0] [1.250000e-01] [1.250e-01] [0.125] [     0.125] [1.25e-01  |] [+0000.12] [0.125] [0.] [0.12500000000000000000]
        [0.375] [0.38] [0] [3.750000e-01] [3.750e-01] [0.375] [     0.375] [3.75e-01  |] [+0000.38] [0.375] [0.] [0.37500000000000000000]
        [2.5] [2.50] [2] [2.500000e+00] [2.500e+00] [2.5] [     2.500] [2.50e+00  |] [+0002.50] [2.5] [2.] [2.50000000000000000000]
        [-0.0001] [-0.00] [-0] [-1.000000e-04] [-1.000e-04] [-0.0001] [    -0.000] [-1.00e-04 |] [-0000.00] [-0.0001] [-0.] [-0.00010000000000000000]
        [1.0000000000000001e+300] [1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.00] [1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160] [1.000000e+300] [1.000e+300] [1e+300] [1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000] [1.00e+300 |] [+1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.00] [1E+300] [1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.] [1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.00000000000000000000]
        [-0] [-0.00] [-0] [-0.000000e+00] [-0.000e+00] [-0] [    -0.000] [-0.00e+00 |] [-0000.00] [-0] [-0.] [-0.00000000000000000000]
        [123456789.98765433] [123456789.99] [123456790] [1.234568e+08] [1.235e+08] [1.23457e+08] [123456789.988] [1.23e+08  |] [+123456789.99] [1.23457E+08] [123456790.] [123456789.98765432834625244141]
        [0.33333333333333331] [0.33] [0] [3.333333e-01] [3.333e-01] [0.333333] [     0.333] [3.33e-01  |] [+0000.33] [0.333333] [0.] [0.33333333333333331483]
        [1.0000000000000001e-05] [0.00] [0] [1.000000e-05] [1.000e-05] [1e-05] [     0.000] [1.00e-05  |] [+0000.00] [1E-05] [0.] [0.00001000000000000000]
        [0] [0.00] [0] [0.000000e+00] [0.000e+00] [0] [     0.000] [0.00e+00  |] [+0000.00] [0] [0.] [0.00000000000000000000]
        [inf] [-inf] [inf] [     inf] [INF]""");
  }

  /** a functor with two operator() overloads, and overloaded free and member functions. */
  @Test
  void overloadedCallOperators() throws Exception {
    runsAsGxxPrinted("r5", """
        #include <cstdio>
        struct A { int a; };
        struct B { int b; };
        int f(A &x) { return 1; }
        int f(B &x) { return 2; }
        struct C { int g(A &x) { return 1; } int g(B &x) { return 2; } int operator()(A &x) { return 1; } int operator()(B &x) { return 2; } };
        int main() { A a; B b; C c; printf("%d %d %d %d %d %d\\n", f(a), f(b), c.g(a), c.g(b), c(a), c(b)); }
        """, """
        1 2 1 2 1 2""");
  }

  /** <numeric>'s accumulate, iota, partial_sum and the C++17 scans (g++ -std=c++17), and <utility>'s swap. */
  @Test
  void numericScansAndSums() throws Exception {
    runsAsGxxPrinted("num", """
        #include <numeric>
        #include <vector>
        #include <utility>
        #include <cstdio>
        int main() {
          std::vector<int> v(8);
          std::iota(v.begin(), v.end(), 1);
          int total = std::accumulate(v.begin(), v.end(), 0);
          double half = std::accumulate(v.begin(), v.end(), 0.5, [](double a, int b) { return a + b / 2.0; });
          std::vector<int> inc(8), exc(8), ps(8);
          std::inclusive_scan(v.begin(), v.end(), inc.begin());
          std::exclusive_scan(v.begin(), v.end(), exc.begin(), 0);
          std::partial_sum(v.begin(), v.end(), ps.begin(), [](int a, int b) { return a * b; });
          int x = 1, y = 2;
          std::swap(x, y);
          printf("%d %g %d %d %d %d %d %d\\n", total, half, inc[7], exc[7], exc[0], ps[7], x, y);
        }
        """, """
        36 18.5 36 28 0 40320 2 1""");
  }

  /** std::function from lambdas, a functor and a function's name: as a parameter, a variable, a field, assigned again. */
  @Test
  void functionObjects() throws Exception {
    runsAsGxxPrinted("fn", """
        #include <functional>
        #include <cstdio>
        int add(int a, int b) { return a + b; }
        struct Mul {
          int k;
          int operator()(int a, int b) const { return a * b * k; }
        };
        int apply(const std::function<int(int, int)> &f, int a, int b) { return f(a, b); }
        void repeat(int n, const std::function<void()> &body) {
          for (int i = 0; i < n; i++) body();
        }
        struct Task {
          std::function<float(float)> step;
          float run(float x) { return step(x); }
        };
        int main() {
          int count = 0;
          repeat(3, [&] { count++; });
          std::function<int(int, int)> op = add;
          int r1 = op(2, 3);
          op = [](int a, int b) { return a - b; };
          int r2 = op(2, 3);
          Mul m;
          m.k = 2;
          int r3 = apply(m, 2, 3);
          int r4 = apply(add, 4, 5);
          std::function<double(double)> half = [](double x) { return x / 2; };
          Task t;
          float scale = 3.0f;
          t.step = [scale](float x) { return x * scale; };
          printf("%d %d %d %d %d %g %g\\n", count, r1, r2, r3, r4, half(5.0), t.run(1.5f));
          return 0;
        }
        """, """
        3 5 -1 12 9 2.5 4.5""");
  }

  /** Function templates of one name told apart by their parameters' count, and std::sort with a function's pointer. */
  @Test
  void templatesOfOneNameAndFunctionPointerComparators() throws Exception {
    runsAsGxxPrinted("rv2", """
        #include <algorithm>
        #include <cstdio>
        template <typename T> T g(T a, int b, int c) { return a + b + c; }
        template <typename T> T g(T a, T b) { return a * b; }
        bool greater(int a, int b) { return a > b; }
        int main() {
          double x = g(1.0, 2, 3);
          double y = g(4.0, 5.0);
          int v[5] = {3, 1, 4, 1, 5};
          std::sort(v, v + 5, greater);
          printf("%g %g %d %d %d\\n", x, y, v[0], v[2], v[4]);
          return 0;
        }
        """, """
        6 20 5 3 1""");
  }
}
