package org.scansim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warp match functions (CUDA C++ Guide, "Warp Match Functions"): {@code __match_any_sync}
 * gives each lane the lanes of the mask holding its value, {@code __match_all_sync} the mask when
 * every lane agrees (and sets its predicate), else 0. The expected masks are the Guide's
 * definition worked by hand: lane % 3 groups lanes 0, 3, ..., 30 (0x49249249) and its shifts.
 */
class WarpMatchTest {
  @TempDir Path dir;

  @Test
  void matchAnyGroupsLanesByValueAndMatchAllNeedsEveryLane() throws Exception {
    Path f = Files.writeString(dir.resolve("m.cu"), """
        #include <cstdio>
        __global__ void k(unsigned *o) {
          int lane = threadIdx.x;
          int agreed = -1, differ = -1;
          o[lane] = __match_any_sync(0xffffffff, lane % 3);
          unsigned all = __match_all_sync(0xffffffff, 7u, &agreed);
          unsigned none = __match_all_sync(0xffffffff, (long long)lane << 33, &differ);
          if (lane == 5) { o[32] = all; o[33] = agreed; o[34] = none; o[35] = differ; }
          if (lane < 16) o[36 + lane] = __match_any_sync(0x0000ffff, 1);
        }
        int main() {
          unsigned *d, h[68];
          cudaMalloc(&d, sizeof h);
          k<<<1, 32>>>(d);
          cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
          printf("%x %x %x %x | %x %u %x %u | %x\\n", h[0], h[1], h[2], h[31], h[32], h[33], h[34], h[35], h[36]);
          return 0;
        }
        """);
    CliRun r = CliRun.of("run", f.toString(), "--no-timing");
    assertThat(r.code()).as(r.err()).isZero();
    // lanes 0..15 alone run the last match, with a mask of just them: each gets the 16
    assertThat(r.out()).startsWith("49249249 92492492 24924924 92492492 | ffffffff 1 0 0 | ffff\n");
  }
}
