package org.scansim.sim.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The simulator against Nsight Compute on a Hopper GPU (hardware/measurements/hopper_ncu.json,
 * made by hardware/measure/measure.sh): Harris's Listing 2 over one block of n = 2 … 2048 must
 * report the same shared load/store instructions, wavefronts and bank conflicts.
 */
class HopperMatchTest {

  static Path root() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("hardware/measurements")) && Files.isDirectory(p.resolve("kernels"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root");
  }

  @TestFactory
  Stream<DynamicTest> listing2MatchesNsightCompute() {
    Path root = root();
    List<HopperMeasurements.Measurement> ms = HopperMeasurements.load(root).stream()
        .filter(m -> m.kernelFile().equals("kernels/harris/blelloch.cu"))
        .toList();
    assertThat(ms).as("Listing 2 measurements").hasSizeGreaterThanOrEqualTo(6);
    return ms.stream().map(m -> DynamicTest.dynamicTest(m.name(), () -> {
      long[] sim = HopperMeasurements.simulate(root, m);
      for (int k = 0; k < HopperMeasurements.METRICS.length; k++) {
        assertThat(sim[k]).as(HopperMeasurements.METRICS[k]).isEqualTo(m.metrics().get(HopperMeasurements.METRICS[k]));
      }
    }));
  }

  /**
   * Every other measured build matches too: the corrected naive scan by the if/else rule
   * (ArmMerging), the three-phase kernel by the loop rule (StoreForwarding).
   */
  @TestFactory
  Stream<DynamicTest> everyMeasuredBuildMatchesNsightCompute() {
    Path root = root();
    List<HopperMeasurements.Measurement> ms = HopperMeasurements.load(root);
    assertThat(ms).extracting(HopperMeasurements.Measurement::kernelFile)
        .contains("kernels/harris/naive_scan.cu", "kernels/lecture/three_phase.cu");
    return ms.stream().map(m -> DynamicTest.dynamicTest(m.name(), () -> {
      long[] sim = HopperMeasurements.simulate(root, m);
      for (int k = 0; k < HopperMeasurements.METRICS.length; k++) {
        assertThat(sim[k]).as(HopperMeasurements.METRICS[k]).isEqualTo(m.metrics().get(HopperMeasurements.METRICS[k]));
      }
    }));
  }

  /** Prints every measured launch next to the simulation, for the README's table. */
  @Test
  void printComparison() {
    Path root = root();
    for (HopperMeasurements.Measurement m : HopperMeasurements.load(root)) {
      long[] sim = HopperMeasurements.simulate(root, m);
      StringBuilder s = new StringBuilder("HW " + m.name() + ":");
      boolean same = true;
      for (int k = 0; k < sim.length; k++) {
        long hw = m.metrics().get(HopperMeasurements.METRICS[k]);
        s.append(' ').append(hw).append(hw == sim[k] ? "" : "/" + sim[k]);
        same &= hw == sim[k];
      }
      System.out.println(s + (same ? "  match" : "  DIFFERS"));
    }
  }
}
