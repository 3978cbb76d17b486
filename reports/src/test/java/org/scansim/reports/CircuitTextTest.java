package org.scansim.reports;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CircuitTextTest {
  @Test
  void koggeStoneListsEachLevelByColumn() {
    String text = CircuitText.render(Networks.koggeStone(16));
    assertThat(text.lines().toList()).hasSize(7);
    assertThat(text).startsWith("circuit: n 16 · work 49 · depth 4 · max fan-out 4 (x0) · at one level 2 (x1, level 1)\n");
    assertThat(text).contains("\nlevel 1: x0..x1 x1..x2 x2..x3 x3..x4 x4..x5 x5..x6 x6..x7 x7..x8 x8..x9 x9..x10 x10..x11"
        + " x11..x12 x12..x13 x13..x14 x14..x15\n");
    assertThat(text).contains("\nlevel 4: x0..x8 x0..x9 x0..x10 x0..x11 x0..x12 x0..x13 x0..x14 x0..x15\n");
    assertThat(text).endsWith("\nnodes per level: 15 14 12 8\n");
    assertThat(text).contains("\noutputs: x0 x0..x1 x0..x2 ");
  }

  @Test
  void sklanskyAndBrentKungCounts() {
    assertThat(CircuitText.render(Networks.sklansky(16))).endsWith("\nnodes per level: 8 8 8 8\n")
        .contains("\nlevel 4: x0..x8 x0..x9 x0..x10 x0..x11 x0..x12 x0..x13 x0..x14 x0..x15\n");
    String bk = CircuitText.render(Networks.brentKungInclusive(16));
    assertThat(bk).endsWith("\nnodes per level: 8 5 4 5 3 1\n")
        .contains("\nlevel 4: x0..x6 x0..x8 x0..x9 x0..x11 x0..x15\n")
        .contains("\nlevel 6: x0..x14\n");
  }

  @Test
  void copiesAndInvalidValuesAreMarked() {
    String text = CircuitText.render(Networks.blellochExclusive(8));
    assertThat(text).contains("\nlevel 1: 0⊕x0 x0..x1 x2..x3 x4..x5 x6..x7\n");
    assertThat(text).contains("\noutputs: 0 x0 x0..x1 x0..x2 x0..x3 x0..x4 x0..x5 x0..x6\n");
    Networks.Builder b = new Networks.Builder(2);
    int s = b.op(0, 1);
    int twice = b.op(s, s);
    assertThat(CircuitText.render(b.circuit(new int[] {0, twice})))
        .contains("\nlevel 2: [x0..x1⊕x0..x1]\n").contains(" · 1 not a contiguous range");
  }

  @Test
  void longLevelsAreCut() {
    String text = CircuitText.render(Networks.koggeStone(128));
    assertThat(text).contains(" … (63 more)\n"); // level 1 has 127 nodes
  }
}
