package org.scansim.sim.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.pp.IncludeLoader;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ProgramRun;
import org.scansim.sim.run.ScanRun;

/**
 * {@code rand()} gives glibc's sequence for every seed, across the batches the library makes them
 * in ({@link HostLibrary#RAND_BATCH}) and after a second {@code srand}. The expected values were
 * printed by the same C program compiled with gcc 12.2 (-O2) and run against glibc 2.36 (Debian
 * 12) on 2026-12-02: values 0, 1, 30, 31, 1023, 1024, 1025, 99,999 and 2,999,999 after each seed,
 * and the sum of the first three million.
 */
class GlibcRandTest {
  private static final String PROGRAM = """
      #include <cstdio>
      #include <cstdlib>
      int main() {
        int seeds[5] = {1, 2024, 0, -5, 2147483647};
        int at[9] = {0, 1, 30, 31, 1023, 1024, 1025, 99999, 2999999};
        for (int s = 0; s < 5; s++) {
          srand(seeds[s]);
          unsigned long long sum = 0;
          int k = 0;
          printf("seed %d:", seeds[s]);
          for (int i = 0; i < 3000000; i++) {
            int v = rand();
            sum += v;
            if (k < 9 && i == at[k]) {
              printf(" [%d]=%d", i, v);
              k++;
            }
          }
          printf(" sum=%llu\\n", sum);
        }
        return 0;
      }
      """;

  private static final String GLIBC = """
      seed 1: [0]=1804289383 [1]=846930886 [30]=1101513929 [31]=1801979802 [1023]=610486506 [1024]=386839851 \
      [1025]=771476364 [99999]=660658275 [2999999]=1345329787 sum=3220976118760809
      seed 2024: [0]=742133555 [1]=1180362363 [30]=1481948582 [31]=1690974320 [1023]=2060279980 [1024]=157797441 \
      [1025]=50045698 [99999]=432936071 [2999999]=1561372933 sum=3221910267974451
      seed 0: [0]=1804289383 [1]=846930886 [30]=1101513929 [31]=1801979802 [1023]=610486506 [1024]=386839851 \
      [1025]=771476364 [99999]=660658275 [2999999]=1345329787 sum=3220976118760809
      seed -5: [0]=1469203335 [1]=1952330421 [30]=1681994429 [31]=205304645 [1023]=344823066 [1024]=1106618914 \
      [1025]=1539922245 [99999]=344777288 [2999999]=420635370 sum=3220694400158434
      seed 2147483647: [0]=1065668062 [1]=2142264300 [30]=2103680308 [31]=1030075131 [1023]=1859406855 [1024]=1830569874 \
      [1025]=403487047 [99999]=910617080 [2999999]=1004821208 sum=3220123524675514
      """;

  @Test
  void randIsGlibcsSequenceForEverySeed() throws Exception {
    Frontend.Result r = Frontend.compile(new SourceFile("rand.cu", PROGRAM), Map.of(), IncludeLoader.NONE);
    assertThat(r.ok()).as(r.diagnostics().all().toString()).isTrue();
    ScanRun.Outcome o = ProgramRun.run(r, ScanRun.Request.of(1, Architectures.preset("hopper")), List.of("rand"));
    assertThat(o.fault()).isNull();
    assertThat(o.output()).isEqualTo(GLIBC);
  }
}
