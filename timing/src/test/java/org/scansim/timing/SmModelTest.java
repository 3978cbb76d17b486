package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** One block on one SM, counted by hand with round parameters (not the calibrated ones). */
class SmModelTest {
  /** 4 schedulers, ALU latency 4, shared latency 29 at one wavefront a cycle, a barrier 10 + 1 a warp. */
  static final TimingParameters P = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 4, 1, 1000, 4, 20, 29, 1, 700, 250, 4, 1000,
      10, 1, 60, 280, 4, 1, true, null, null, null, null, null, null, null, null, null, Map.of());

  private static WarpTrace warp(int[]... ops) {
    WarpTrace w = new WarpTrace();
    for (int[] o : ops) {
      w.add(o[0], o[1], o[2], o[3], o[4]);
    }
    return w;
  }

  @Test
  void dependentInstructionsWaitForTheirOperands() {
    // r1 = ..; r2 = f(r1); r3 = f(r2): issued at 0, 4 and 8, the last result at 12.
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1},
        new int[] {WarpTrace.ALU, 3, 2, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 4, P);
    assertThat(t.cycles()).isEqualTo(12);
    assertThat(t.issued()).isEqualTo(3);
    // Issued at 0, 4 and 8; waiting for the previous result in cycles 1-3 and 5-7.
    assertThat(t.stalls()[Stall.SELECTED.ordinal()]).isEqualTo(3);
    assertThat(t.stalls()[Stall.WAIT.ordinal()]).isEqualTo(6);
  }

  @Test
  void independentInstructionsIssueOneACycle() {
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1},
        new int[] {WarpTrace.ALU, 3, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {w}, 4, P).cycles()).as("issued at 0, 1, 2; the last ready at 6").isEqualTo(6);
  }

  @Test
  void freeInstructionsTakeNoSlotAndPassTheirOperandsOn() {
    // r1 = ..; r2 = mov r1 (free); r3 = f(r2): the move adds nothing, r3 issues at 4 and is ready at 8.
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.FREE, 2, 1, -1, -1},
        new int[] {WarpTrace.ALU, 3, 2, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 4, P);
    assertThat(t.cycles()).isEqualTo(8);
    assertThat(t.issued()).isEqualTo(2);
  }

  @Test
  void bankConflictsCostTheirExtraWavefrontsInTheSharedPipe() {
    // Two warps on two schedulers each load with 4 wavefronts in cycle 0: the pipe serves the
    // first in cycles 0-3 (data at 3 + 29 = 32), the second in 4-7 (data at 7 + 29 = 36).
    WarpTrace a = warp(new int[] {WarpTrace.SHARED_LD | (4 << 8), 1, -1, -1, -1});
    WarpTrace b = warp(new int[] {WarpTrace.SHARED_LD | (4 << 8), 1, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {a, b}, 2, P);
    assertThat(t.cycles()).isEqualTo(36);
    assertThat(t.wavefronts()).isEqualTo(8);
    // Conflict-free (1 wavefront each): data at 29 and 30.
    WarpTrace c = warp(new int[] {WarpTrace.SHARED_LD | (1 << 8), 1, -1, -1, -1});
    WarpTrace d = warp(new int[] {WarpTrace.SHARED_LD | (1 << 8), 1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {c, d}, 2, P).cycles()).isEqualTo(30);
  }

  @Test
  void aBarrierOpensAfterTheLastWarpArrivesAndWaitsItsCost() {
    // Warp 0: an ALU instruction, then the barrier at cycle 1; warp 1 arrives at cycle 0. The
    // barrier opens at 1 + 10 + 1 * 2 = 13; both then issue an ALU instruction, ready at 17.
    WarpTrace a = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.BARRIER, -1, -1, -1, -1},
        new int[] {WarpTrace.ALU, 2, -1, -1, -1});
    WarpTrace b = warp(new int[] {WarpTrace.BARRIER, -1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {a, b}, 3, P);
    assertThat(t.cycles()).isEqualTo(17);
    // Two barrier phases: to the barrier's opening at 13, then 4 cycles to the last result.
    assertThat(t.phaseCycles()).containsExactly(13, 4);
    // Warp 1 waits from cycle 1 to 12, warp 0 from 2 to 12: 12 + 11 warp-cycles at the barrier.
    assertThat(t.barrierWait()).isEqualTo(23);
    assertThat(t.stalls()[Stall.SELECTED.ordinal()]).as("five instructions issued").isEqualTo(5);
  }

  @Test
  void stallsAreCountedAtTheWarpsNextInstructionsSite() {
    // A global load (site 0) and an add of its result (site 1): the add waits 700 + 1 cycles for
    // the data (the load's 4 sectors take a cycle through the SM), counted at site 1 as a long
    // scoreboard stall.
    WarpTrace w = new WarpTrace();
    w.add(WarpTrace.GLOBAL_LD | (4 << 8), 1, -1, -1, -1, 0);
    w.add(WarpTrace.ALU, 2, 1, -1, -1, 1);
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 3, 2, P);
    assertThat(t.stalls()[Stall.LONG_SCOREBOARD.ordinal()]).isEqualTo(700);
    assertThat(t.siteStalls()[1 * SmModel.STALLS + Stall.LONG_SCOREBOARD.ordinal()]).isEqualTo(700);
    assertThat(t.siteStalls()[0 * SmModel.STALLS + Stall.SELECTED.ordinal()]).isEqualTo(1);
    assertThat(t.cycles()).as("the add issues at 701, its result at 705").isEqualTo(705);
  }

  @Test
  void aBarrierThatOpensWhenTheLastRunningWarpFinishesOpensNoEarlierThanThat() {
    // Warp 1 waits at a barrier from cycle 0; warp 0 never reaches it: five dependent ALU
    // instructions (issued at 0, 4, 8, 12, 16), then it returns. The barrier opens when warp 0 has
    // finished (cycle 17), at 18 at the earliest, not at 0 + 10 + 1; warp 1's ALU then issues at 18.
    WarpTrace a = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1},
        new int[] {WarpTrace.ALU, 3, 2, -1, -1}, new int[] {WarpTrace.ALU, 4, 3, -1, -1}, new int[] {WarpTrace.ALU, 5, 4, -1, -1});
    WarpTrace b = warp(new int[] {WarpTrace.BARRIER, -1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {a, b}, 6, P);
    assertThat(t.cycles()).isEqualTo(22);
    assertThat(java.util.Arrays.stream(t.stalls()).min().orElse(0)).as("no negative warp-cycles").isGreaterThanOrEqualTo(0);
  }

  @Test
  void aGlobalStoreDrainsAfterTheBlocksLastInstruction() {
    // One store of 4 sectors at cycle 0: through the SM at 4 sectors a cycle (1 cycle), then 250 to drain.
    WarpTrace w = warp(new int[] {WarpTrace.GLOBAL_ST | (4 << 8), -1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {w}, 1, P).cycles()).isEqualTo(251);
  }

  @Test
  void blocksOnOneSmShareItsSchedulersButNotTheirBarriers() {
    // Two warps a block, each 8 independent instructions and a barrier: alone, 4 schedulers issue
    // both warps' instructions side by side; four such blocks at once share them.
    int[][] ops = new int[9][];
    for (int i = 0; i < 8; i++) {
      ops[i] = new int[] {WarpTrace.ALU, -1, -1, -1, -1};
    }
    ops[8] = new int[] {WarpTrace.BARRIER, -1, -1, -1, -1};
    WarpTrace[] block = {warp(ops), warp(ops)};
    long alone = SmModel.run(block, 1, P).cycles();
    long together = SmModel.together(block, 1, 4, false, P);
    // Alone: issued in cycles 0-7 on two schedulers, the barrier at 8 opens 10 + 2 later.
    assertThat(alone).isEqualTo(8 + 10 + 2);
    // Four blocks: 8 warps on 4 schedulers, two each, 18 issues a scheduler taken in turns: the last
    // barrier issues at cycle 17 and opens 10 + 2 later (its own block's 2 warps; one barrier for
    // all 8 warps would open 10 + 8 later).
    assertThat(together).isEqualTo(17 + 10 + 2);
  }

  @Test
  void aMarkedInstructionReportsTheCycleItIssued() {
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1});
    w.mark();
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 3, P);
    assertThat(t.markTimes()[0]).containsExactly(4);
  }

  @Test
  void withoutItsBankConflictsABlockTakesWhatItTakesWithIdealRequests() {
    // A 4-way conflicted shared load (3 extra wavefronts) and its use, against the same at 1 wavefront.
    WarpTrace conflicted = new WarpTrace();
    conflicted.add(WarpTrace.MEMORY_PENDING, 1, -1, -1, -1);
    conflicted.access(WarpTrace.SHARED_LD, 4, 3);
    conflicted.add(WarpTrace.ALU, 2, 1, -1, -1);
    WarpTrace ideal = new WarpTrace();
    ideal.add(WarpTrace.MEMORY_PENDING, 1, -1, -1, -1);
    ideal.access(WarpTrace.SHARED_LD, 1, 0);
    ideal.add(WarpTrace.ALU, 2, 1, -1, -1);
    assertThat(conflicted.conflicted).isTrue();
    long with = SmModel.run(new WarpTrace[] {conflicted}, 3, P).cycles();
    long without = SmModel.conflictFree(new WarpTrace[] {conflicted}, 3, P).cycles();
    assertThat(without).isEqualTo(SmModel.run(new WarpTrace[] {ideal}, 3, P).cycles()).isLessThan(with);
  }

  /** G80's SM: one scheduler issuing a warp instruction every 4 cycles, the shared pipe 2 cycles a (half-warp) wavefront. */
  static final TimingParameters G80_LIKE = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 1, 4, 1000, 4, 20, 29, 2, 700,
      250, 4, 1000, 10, 1, 60, 280, 4, 1, true, null, null, null, null, null, null, null, null, null, Map.of());

  @Test
  void aSchedulerThatTakesFourCyclesAnInstructionIssuesEveryFourth() {
    // Three independent instructions of one warp: issued at 0, 4 and 8, the last ready at 12; the
    // warp is selected in cycles 0-8 (each issue takes 4; its cycles end with its last issue's first).
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1},
        new int[] {WarpTrace.ALU, 3, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 4, G80_LIKE);
    assertThat(t.cycles()).isEqualTo(12);
    assertThat(t.stalls()[Stall.SELECTED.ordinal()]).isEqualTo(9);
    // Two warps of one instruction each: the second issues at 4, after 4 cycles not selected, ready at 8.
    WarpTrace a = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    WarpTrace b = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    SmModel.BlockTime two = SmModel.run(new WarpTrace[] {a, b}, 2, G80_LIKE);
    assertThat(two.cycles()).isEqualTo(8);
    assertThat(two.stalls()[Stall.NOT_SELECTED.ordinal()]).isEqualTo(4);
    assertThat(two.stalls()[Stall.SELECTED.ordinal()]).as("warp 0 through its issue, warp 1 in its first cycle").isEqualTo(5);
  }

  @Test
  void aWarpsCyclesAreAllCountedWhenAnIssueTakesSeveral() {
    // Three dependent instructions: issued at 0, 24 and 48 (ALU latency 24 here), the last ready at
    // 72. The warp is selected in cycles 0-3, 24-27 and 48 (its last issue's first), waiting for a
    // result in 4-23 and 28-47: 49 warp-cycles, every one the warp lived, as with one-cycle issue.
    TimingParameters slow = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 1, 4, 1000, 24, 20, 29, 2, 700, 250, 4,
        1000, 10, 1, 60, 280, 4, 1, true, null, null, null, null, null, null, null, null, null, Map.of());
    WarpTrace w = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1},
        new int[] {WarpTrace.ALU, 3, 2, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 4, slow);
    assertThat(t.cycles()).isEqualTo(72);
    assertThat(t.stalls()[Stall.SELECTED.ordinal()]).isEqualTo(9);
    assertThat(t.stalls()[Stall.WAIT.ordinal()]).isEqualTo(40);
    assertThat(java.util.Arrays.stream(t.stalls()).sum()).isEqualTo(49);
  }

  @Test
  void aSharedPipeOfTwoCyclesAWavefrontServesAWarpsTwoHalfWarpsInFour() {
    // One scheduler: warp 0's load (2 wavefronts: its half-warps) issues at 0, the pipe serves it in
    // cycles 0-3, data at 0 + 29 + 1 = 30; warp 1's issues at 4, served 4-7, data at 34.
    WarpTrace a = warp(new int[] {WarpTrace.SHARED_LD | (2 << 8), 1, -1, -1, -1});
    WarpTrace b = warp(new int[] {WarpTrace.SHARED_LD | (2 << 8), 1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {a, b}, 2, G80_LIKE).cycles()).isEqualTo(34);
    // A 2-way conflict in each half-warp (4 wavefronts): served 0-7 and 8-15, data at 0 + 29 + 3 = 32 and 8 + 29 + 3 = 40.
    WarpTrace c = warp(new int[] {WarpTrace.SHARED_LD | (4 << 8), 1, -1, -1, -1});
    WarpTrace d = warp(new int[] {WarpTrace.SHARED_LD | (4 << 8), 1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {c, d}, 2, G80_LIKE).cycles()).isEqualTo(40);
  }

  @Test
  void aVirtualCallHoldsItsWarpAndOthersIssueMeanwhile() {
    // P with a virtual call of 100 cycles and device-memory loads by page (first 700, page 500, same page 300).
    TimingParameters calls = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 4, 1, 1000, 4, 20, 29, 1, 700, 250, 4,
        1000, 10, 1, 60, 280, 4, 1, true, 500, 300, 100, null, null, null, null, null, null, Map.of());
    // Warp 0: a call at 0, then r1 at 100 (ready at 104). Warp 1: r1 at 0 (ready at 4).
    WarpTrace call = warp(new int[] {WarpTrace.CALL_VIRTUAL, -1, -1, -1, -1}, new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    WarpTrace other = warp(new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {call, other}, 2, calls);
    assertThat(t.cycles()).isEqualTo(104);
    assertThat(t.stalls()[Stall.LONG_SCOREBOARD.ordinal()]).as("the call's wait, as the card's LDL and LD show").isEqualTo(99);
    assertThat(SmModel.run(new WarpTrace[] {warp(new int[] {WarpTrace.CALL_VIRTUAL, -1, -1, -1, -1}, new int[] {WarpTrace.ALU, 1, -1, -1, -1})},
        2, P).cycles()).as("not measured: no wait").isEqualTo(5);
    // The three device-memory kinds: a load and its use, 700, 500 and 300 cycles after its issue (+ the sector's cycle).
    for (int[] kl : new int[][] {{WarpTrace.GLOBAL_LD, 700}, {WarpTrace.GLOBAL_LD_PAGE, 500}, {WarpTrace.GLOBAL_LD_DRAM, 300}}) {
      WarpTrace ld = warp(new int[] {kl[0] | (1 << 8), 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1});
      assertThat(SmModel.run(new WarpTrace[] {ld}, 3, calls).cycles()).as("kind " + kl[0]).isEqualTo(1 + kl[1] + 4);
    }
  }

  @Test
  void aWarpsGlobalAccessesGoToL1OneInGlobalIssueCycles() {
    // P with globalIssueCycles 8: three loads L1 serves (one sector each) and the add of the last.
    TimingParameters throttled = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 4, 1, 1000, 4, 20, 29, 1, 700, 250, 4,
        1000, 10, 1, 60, 280, 4, 1, true, null, null, null, null, null, null, 8, null, null, Map.of());
    int hit = WarpTrace.GLOBAL_LD_L1 | (1 << 8);
    WarpTrace w = warp(new int[] {hit, 1, -1, -1, -1}, new int[] {hit, 2, -1, -1, -1}, new int[] {hit, 3, -1, -1, -1},
        new int[] {WarpTrace.ALU, 4, 3, -1, -1});
    // Issued at 0, 8 and 16; the last's data at 16 + 1 (its sector) + 60 = 77; the add at 77, ready at 81.
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 5, throttled);
    assertThat(t.cycles()).isEqualTo(81);
    assertThat(t.stalls()[Stall.LG_THROTTLE.ordinal()]).as("cycles 1-7 and 9-15").isEqualTo(14);
    // Not measured: one a cycle, the last's data at 2 + 1 + 60 = 63, the add ready at 67.
    WarpTrace free = warp(new int[] {hit, 1, -1, -1, -1}, new int[] {hit, 2, -1, -1, -1}, new int[] {hit, 3, -1, -1, -1},
        new int[] {WarpTrace.ALU, 4, 3, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {free}, 5, P).cycles()).isEqualTo(67);
    // Another warp's load is not held back by this warp's: both issue at 0.
    WarpTrace a = warp(new int[] {hit, 1, -1, -1, -1}, new int[] {hit, 2, -1, -1, -1});
    WarpTrace b = warp(new int[] {hit, 1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {a, b}, 4, throttled).cycles()).as("a's second at 8: data at 9 + 60").isEqualTo(69);
  }

  @Test
  void aFenceWaitsForItsWarpsStoresThenItsOwnCostAndAnAtomicForL2() {
    // P with fenceCycles 100 and atomicLatency 200 (stores drain 250 cycles after their sector's cycle).
    TimingParameters f = new TimingParameters("test", "test", "none", false, 1_000_000_000L, 4, 1, 1000, 4, 20, 29, 1, 700, 250, 4,
        1000, 10, 1, 60, 280, 4, 1, true, null, null, null, null, null, null, null, 100, 200, Map.of());
    // A store at 0 (its sector by 1, drained at 251), the fence at 1 (done at 251 + 100), then r1 at 351, ready at 355.
    WarpTrace w = warp(new int[] {WarpTrace.GLOBAL_ST | (1 << 8), -1, -1, -1, -1}, new int[] {WarpTrace.FENCE, -1, -1, -1, -1},
        new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    SmModel.BlockTime t = SmModel.run(new WarpTrace[] {w}, 2, f);
    assertThat(t.cycles()).isEqualTo(355);
    assertThat(t.stalls()[Stall.MEMBAR.ordinal()]).as("cycles 2 to 350").isEqualTo(349);
    // A fence with no store before it: issued at 0, r1 at 100.
    WarpTrace alone = warp(new int[] {WarpTrace.FENCE, -1, -1, -1, -1}, new int[] {WarpTrace.ALU, 1, -1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {alone}, 2, f).cycles()).isEqualTo(104);
    // An atomic at 0 (its sector by 1): its result at 201, the add that uses it ready at 205.
    WarpTrace atomic = warp(new int[] {WarpTrace.GLOBAL_ATOMIC | (1 << 8), 1, -1, -1, -1}, new int[] {WarpTrace.ALU, 2, 1, -1, -1});
    assertThat(SmModel.run(new WarpTrace[] {atomic}, 3, f).cycles()).isEqualTo(205);
    // Not measured: a fence costs its slot, an atomic the first load's latency (700).
    assertThat(SmModel.run(new WarpTrace[] {warp(new int[] {WarpTrace.GLOBAL_ATOMIC | (1 << 8), 1, -1, -1, -1},
        new int[] {WarpTrace.ALU, 2, 1, -1, -1})}, 3, P).cycles()).isEqualTo(705);
  }
}
