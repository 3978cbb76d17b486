package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.Architectures;

/** Blocks over SMs, counted by hand on the hopper preset (132 SMs, 2,048 threads and 32 blocks an SM). */
class LaunchModelTest {
  static final Architecture HOPPER = Architectures.preset("hopper");

  private static List<SmModel.BlockTime> blocks(int count, long cycles, long issued, long wavefronts, long sectors) {
    List<SmModel.BlockTime> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new SmModel.BlockTime(cycles, issued, wavefronts, sectors, new long[SmModel.STALLS], new long[0], new long[0], new long[SmModel.STALLS]));
    }
    return out;
  }

  @Test
  void blocksFillTheSmsInWavesOfTheirResidency() {
    // 1,024 threads a block: 2 resident an SM, 264 slots. 264 blocks of 1,000 cycles: one wave;
    // 528: two, one after the other.
    LaunchModel.LaunchTime one = LaunchModel.run(blocks(264, 1000, 100, 10, 0), 1024, HOPPER, SmModelTest.P);
    assertThat(one.smCycles()).isEqualTo(1000 + 1000);
    assertThat(one.blocksPerSm()).isEqualTo(2);
    assertThat(one.waves()).isEqualTo(1);
    LaunchModel.LaunchTime two = LaunchModel.run(blocks(528, 1000, 100, 10, 0), 1024, HOPPER, SmModelTest.P);
    assertThat(two.smCycles()).isEqualTo(1000 + 2000);
    assertThat(two.waves()).isEqualTo(2);
  }

  @Test
  void blocksSharingAnSmTakeAsLongAsItsSchedulersNeedForBoth() {
    // Two resident blocks each issuing 3,000 instructions: 2 * 3,000 / 4 = 1,500 cycles, more than
    // the 1,000 each takes alone.
    LaunchModel.LaunchTime t = LaunchModel.run(blocks(264, 1000, 3000, 10, 0), 1024, HOPPER, SmModelTest.P);
    assertThat(t.smCycles()).isEqualTo(1000 + 1500);
  }

  @Test
  void theCardsBandwidthBoundsALaunchThatMovesMoreThanItsBlocksTake() {
    // One block moving 1,000,000 sectors (32 MB) at 1,000 bytes a cycle: 32,000 cycles.
    LaunchModel.LaunchTime t = LaunchModel.run(blocks(1, 500, 10, 0, 1_000_000), 32, HOPPER, SmModelTest.P);
    assertThat(t.smCycles()).isEqualTo(1000 + 32_000);
    assertThat(t.bound()).isEqualTo("bandwidth");
  }

  @Test
  void theIssueAndMemoryBoundsAreWhatTheBusiestSmAndTheCardsBandwidthNeedAtLeast() {
    // G80-like parameters (one scheduler, 4 cycles an instruction) on the g80 preset's 16 SMs: 17
    // blocks of 100 instructions put 2 on the busiest SM, 2 * 100 * 4 = 800 cycles to issue; their
    // 17 * 10 sectors of 32 bytes at 1,000 bytes a cycle take 170 * 32 / 1000 = 5 cycles.
    LaunchModel.LaunchTime t = LaunchModel.run(blocks(17, 1000, 100, 10, 10), 256, Architectures.preset("g80"), SmModelTest.G80_LIKE);
    assertThat(t.issueCycles()).isEqualTo(800);
    assertThat(t.memoryCycles()).isEqualTo(5);
    // One block: its own 400 cycles of issue.
    assertThat(LaunchModel.run(blocks(1, 1000, 100, 10, 10), 256, Architectures.preset("g80"), SmModelTest.G80_LIKE).issueCycles()).isEqualTo(400);
  }

  @Test
  void aBlockStartsNoEarlierThanTheCardDispatchesIt() {
    // 100 cycles a doubling of the SMs reached, then 1 cycle a block and 0.5 a warp.
    TimingParameters d = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 4, 1, 1000, 4, 20, 29, 1, 700, 250, 4, 1000,
        10, 1, 60, 280, 4, 1, true, null, null, null, 100.0, 1.0, 0.5, null, null, null, java.util.Map.of());
    assertThat(d.dispatch(0, 1, 132)).isZero();
    assertThat(d.dispatch(1, 1, 132)).isEqualTo(100);
    assertThat(d.dispatch(3, 1, 132)).isEqualTo(200);
    long reached = Math.round(100 * Math.log(132) / Math.log(2));
    assertThat(d.dispatch(131, 1, 132)).isEqualTo(reached);
    assertThat(d.dispatch(141, 2, 132)).as("10 blocks of 2 warps past the SMs").isEqualTo(reached + 20);
    assertThat(SmModelTest.P.dispatch(1000, 32, 132)).as("not measured: none").isZero();
    // 4 blocks of 100 cycles, one an SM: the last starts at 200 and ends at 300, plus the fixed 1,000.
    assertThat(LaunchModel.run(blocks(4, 100, 10, 0, 0), 32, HOPPER, d).smCycles()).isEqualTo(1000 + 200 + 100);
    // 1,000 blocks of 32 threads and 1,000 cycles, 8 an SM, all with a slot from the start: the
    // last is dispatched at 704 + 1.5 * 868 = 2,006 and ends 1,000 later.
    assertThat(d.dispatch(999, 1, 132)).isEqualTo(2006);
    assertThat(LaunchModel.run(blocks(1000, 1000, 10, 0, 0), 32, HOPPER, d).smCycles()).isEqualTo(1000 + 2006 + 1000);
    assertThat(LaunchModel.run(blocks(1000, 1000, 10, 0, 0), 32, HOPPER, SmModelTest.P).smCycles()).as("without dispatch").isEqualTo(1000 + 1000);
  }
}
