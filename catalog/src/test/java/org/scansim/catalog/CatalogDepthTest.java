package org.scansim.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.check.Check;
import org.scansim.sim.run.ScanRun;

/**
 * The scan proof on the catalog: every kernel that is right at a size proves there (every output
 * exactly the declared range of inputs), and its ⊕ graph's depth equals the metadata's depth
 * formula at the powers of two from 16 to 1024 it supports on hopper.
 */
class CatalogDepthTest {
  @TestFactory
  Stream<DynamicNode> depthIsTheFormula() throws Exception {
    CatalogTest.load();
    CatalogRun runs = new CatalogRun(1);
    List<DynamicNode> tests = new ArrayList<>();
    for (Kernel k : CatalogTest.catalog.kernels()) {
      for (int n : new int[] {16, 256, 1024}) {
        if (!k.sizes().supports(n, "hopper") || !k.correctAt(n)) {
          continue;
        }
        tests.add(DynamicTest.dynamicTest(k.name() + " n=" + n, () -> {
          ScanRun.Outcome o = runs.run(k, n, Architectures.preset("hopper"), Map.of(), EnumSet.of(Check.PROOF));
          assertThat(o.fault()).isNull();
          assertThat(o.proof().proved()).as(o.proof().failures().toString()).isTrue();
          assertThat(o.proof().work()).as("the proof's ⊕ count is the work counter").isEqualTo(CatalogRun.totals(o).work);
          if (k.depth() != null) {
            assertThat((double) o.proof().depth()).as("depth " + k.depth()).isEqualTo(Formula.parse(k.depth()).at(n));
          }
        }));
      }
    }
    return tests.stream();
  }
}
