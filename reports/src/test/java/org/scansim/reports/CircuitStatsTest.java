package org.scansim.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.sim.check.Circuit;

/**
 * The three networks of the CUDA Handbook's §13.3 at n = 16, with the numbers derived by hand:
 *
 * <ul>
 *   <li>Kogge-Stone: level k recomputes every position i ≥ 2^(k-1), so 16 - 1, 16 - 2, 16 - 4,
 *       16 - 8 = 15, 14, 12, 8 nodes; work 49 = n·log2(n) - (n - 1); depth 4 (every level reads
 *       only the level above). Wire 0 is never recomputed, so x0 is read at all four levels (by
 *       x0..x1, x0..x2, x0..x4, x0..x8): fan-out 4 over the circuit, 2 at one level (the value on
 *       wire i feeds node i and node i + 2^(k-1)).
 *   <li>Sklansky: each level adds the last value of the lower half of every block of 2^k into its
 *       upper half, n/2 = 8 nodes per level; work 32 = (n/2)·log2(n); depth 4; x0..x7 feeds the 8
 *       nodes x0..x8 .. x0..x15 of level 4: fan-out 8.
 *   <li>Brent-Kung (PMPP, inclusive): up-sweep 8 + 4 + 2 + 1 = 15 nodes, down-sweep 1 + 3 + 7 = 11
 *       (strides 4, 2, 1), work 26 = 2n - 2 - log2(n). It runs in 4 + 3 = 7 barrier phases, but its
 *       dataflow depth is 6 = 2·log2(n) - 2: the first down-sweep node x0..x11 = x0..x7 ⊕ x8..x11
 *       needs only level 3 values, so it sits at level 4 beside the up-sweep's x0..x15, and the
 *       longest chain ends in x0..x14 = x0..x13 ⊕ x14 at level 6. Levels: 8, 5, 4, 5, 3, 1. x0..x7
 *       (level 3) is read by x0..x15, x0..x11, x0..x9 and x0..x8, all at level 4: fan-out 4.
 * </ul>
 */
class CircuitStatsTest {
  private static final int N = 16;

  @Test
  void koggeStone() {
    Circuit c = Networks.koggeStone(N);
    assertThat(CircuitStats.nodesPerLevel(c)).containsExactly(15, 14, 12, 8);
    assertThat(CircuitStats.work(c)).isEqualTo(49);
    assertThat(CircuitStats.depth(c)).isEqualTo(4);
    assertThat(CircuitStats.levels(c)).isEqualTo(4);
    assertThat(CircuitStats.maxFanOut(c)).isEqualTo(new CircuitStats.FanOut(0, "x0", 4, 0));
    assertThat(CircuitStats.maxFanOutAtOneLevel(c).count()).isEqualTo(2);
    assertThat(CircuitStats.invalid(c)).isZero();
    assertCorrectInclusive(c);
  }

  @Test
  void sklansky() {
    Circuit c = Networks.sklansky(N);
    assertThat(CircuitStats.nodesPerLevel(c)).containsExactly(8, 8, 8, 8);
    assertThat(CircuitStats.work(c)).isEqualTo(32);
    assertThat(CircuitStats.depth(c)).isEqualTo(4);
    assertThat(CircuitStats.maxFanOut(c).value()).isEqualTo("x0..x7");
    assertThat(CircuitStats.maxFanOut(c).count()).isEqualTo(8);
    CircuitStats.FanOut atOneLevel = CircuitStats.maxFanOutAtOneLevel(c);
    assertThat(atOneLevel.value()).isEqualTo("x0..x7");
    assertThat(atOneLevel.count()).isEqualTo(8);
    assertThat(atOneLevel.level()).isEqualTo(4);
    assertCorrectInclusive(c);
  }

  @Test
  void brentKungInclusive() {
    Circuit c = Networks.brentKungInclusive(N);
    assertThat(CircuitStats.work(c)).isEqualTo(26).isEqualTo(2 * N - 2 - 4);
    assertThat(CircuitStats.depth(c)).isEqualTo(6);
    assertThat(CircuitStats.nodesPerLevel(c)).containsExactly(8, 5, 4, 5, 3, 1);
    assertThat(CircuitStats.maxFanOut(c)).isEqualTo(new CircuitStats.FanOut(28, "x0..x7", 4, 0));
    assertThat(CircuitStats.maxFanOutAtOneLevel(c)).isEqualTo(new CircuitStats.FanOut(28, "x0..x7", 4, 4));
    assertCorrectInclusive(c);
  }

  @Test
  void workEfficientExclusiveCountsTheCopiesOfTheIdentity() {
    // Harris's Listing 2: 2(n - 1) ⊕ (README: work 2046 at n = 1024), three of them 0 ⊕ a value at n = 8.
    Circuit c = Networks.blellochExclusive(8);
    assertThat(CircuitStats.work(c)).isEqualTo(14);
    assertThat(c.outputs()[0]).isEqualTo(Circuit.IDENTITY);
    assertThat(CircuitStats.depth(c)).isEqualTo(5); // x0..x6 = ((0 ⊕ x0..x3) ⊕ x4..x5) ⊕ x6, x0..x3 at level 2
    assertThat(CircuitStats.depth(Networks.blellochExclusive(N))).isEqualTo(7);
  }

  @Test
  void depthCountsOnlyWhatReachesAnOutputAndLevelsCountEverything() {
    Networks.Builder b = new Networks.Builder(2);
    int sum = b.op(0, 1);
    b.op(sum, sum); // a dead, invalid x0..x1 ⊕ x0..x1 at level 2
    Circuit c = b.circuit(new int[] {0, sum});
    assertThat(CircuitStats.depth(c)).isEqualTo(1);
    assertThat(CircuitStats.levels(c)).isEqualTo(2);
    assertThat(CircuitStats.invalid(c)).isEqualTo(1);
    // x ⊕ x reads x once.
    assertThat(CircuitStats.fanOut(c)).containsExactly(1, 1, 1, 0);
  }

  @Test
  void emptyCircuit() {
    Circuit c = new Circuit(0, List.of(), new int[0]);
    assertThat(CircuitStats.work(c)).isZero();
    assertThat(CircuitStats.depth(c)).isZero();
    assertThat(CircuitStats.nodesPerLevel(c)).isEmpty();
    assertThat(CircuitStats.maxFanOut(c).count()).isZero();
  }

  /** The builders themselves: every output i holds exactly x0..xi. */
  private static void assertCorrectInclusive(Circuit c) {
    for (int i = 0; i < c.n(); i++) {
      Circuit.Node v = c.nodes().get(c.outputs()[i]);
      assertThat(v.valid()).isTrue();
      assertThat(v.lo()).isZero();
      assertThat(v.hi()).isEqualTo(i);
    }
  }
}
