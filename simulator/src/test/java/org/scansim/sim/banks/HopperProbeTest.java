package org.scansim.sim.banks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/**
 * The bank and sector models against Nsight Compute on an H200 (sm_90): every row of {@code
 * hopper-probe/h200-probe.csv} (see its README) is one warp-level access whose measured
 * wavefronts, bank conflicts or sectors the {@code hopper} preset must reproduce exactly.
 */
class HopperProbeTest {
  /** The probe kernel's own load of its 32 offsets: 128 coalesced bytes = 4 sectors. */
  private static final int OFFSET_LOAD_SECTORS = 4;

  @TestFactory
  List<DynamicTest> modelMatchesTheMeasurements() throws IOException {
    Architecture hopper = Architectures.preset("hopper");
    SharedMemoryBanks banks = new SharedMemoryBanks(hopper);
    GlobalCoalescing global = new GlobalCoalescing(hopper);
    List<DynamicTest> tests = new ArrayList<>();
    List<String> lines = rows();
    assertThat(lines.get(0))
        .isEqualTo(
            "case,space,width,op,mask,offsets,instructions,wavefronts,bankConflicts,sectors");
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      String name = f[0];
      int width = Integer.parseInt(f[2]);
      AccessKind kind = f[3].equals("st") ? AccessKind.STORE : AccessKind.LOAD;
      int mask = Integer.parseUnsignedInt(f[4], 16);
      int[] offsets = Arrays.stream(f[5].split(" ")).mapToInt(Integer::parseInt).toArray();
      tests.add(
          DynamicTest.dynamicTest(
              name,
              () -> {
                if (f[1].equals("s")) {
                  SharedAccessResult r = new SharedAccessResult();
                  banks.access(width, kind, mask, offsets, r);
                  assertThat(r.wavefronts()).as("wavefronts, %s", r).isEqualTo(num(f[7]));
                  assertThat(r.bankConflicts()).as("bank conflicts, %s", r).isEqualTo(num(f[8]));
                } else {
                  GlobalAccessResult r = new GlobalAccessResult();
                  long[] addresses = Arrays.stream(offsets).asLongStream().toArray();
                  global.access(width, kind, mask, addresses, r);
                  assertThat(r.sectors() + OFFSET_LOAD_SECTORS)
                      .as("sectors, %s", r)
                      .isEqualTo(num(f[9]));
                }
              }));
    }
    assertThat(tests).hasSizeGreaterThan(70);
    return tests;
  }

  private static int num(String s) {
    return (int) Double.parseDouble(s);
  }

  private static List<String> rows() throws IOException {
    try (InputStream in = HopperProbeTest.class.getResourceAsStream("hopper-probe/h200-probe.csv")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }
}
