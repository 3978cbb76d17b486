package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A global load issued early, as nvcc's scheduler issues it, with what its address needs and no further. */
class WarpTraceTest {
  private static WarpTrace trace(int[]... ops) {
    WarpTrace w = new WarpTrace();
    for (int[] o : ops) {
      w.add(o[0], o[1], o[2], o[3], o[4]);
    }
    return w;
  }

  private static String kinds(WarpTrace w) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < w.length; i++) {
      s.append(w.kind(i)).append(':').append(w.dst(i)).append(' ');
    }
    return s.toString().trim();
  }

  @Test
  void harrisTwoLoadsBothIssueBeforeEitherSharedStore() {
    // r1 = load a; store shared r1; r2 = address of b; r3 = load r2
    WarpTrace w = trace(new int[] {WarpTrace.GLOBAL_LD, 1, -1, -1, -1}, new int[] {WarpTrace.SHARED_ST, -1, 1, -1, -1},
        new int[] {WarpTrace.ALU, 2, -1, -1, -1}, new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1});
    w.hoist(w.length - 1);
    assertThat(kinds(w)).as("the address and the load move ahead of the shared store; the first load stays first")
        .isEqualTo("5:1 1:2 5:3 4:-1");
  }

  @Test
  void aLoadStaysAfterAGlobalStoreABarrierAndWhatItDependsOn() {
    WarpTrace store = trace(new int[] {WarpTrace.GLOBAL_ST, -1, 1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1});
    store.hoist(store.length - 1);
    assertThat(kinds(store)).as("the store may write what the load reads").isEqualTo("6:-1 1:2 5:3");
    WarpTrace barrier = trace(new int[] {WarpTrace.BARRIER, -1, -1, -1, -1}, new int[] {WarpTrace.SHARED_LD, 4, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    barrier.hoist(barrier.length - 1);
    assertThat(kinds(barrier)).as("up to the barrier").isEqualTo("7:-1 5:3 3:4");
    // The instruction before the load reads the register the load writes: the load stays after it.
    WarpTrace war = trace(new int[] {WarpTrace.ALU, 5, 3, -1, -1}, new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    war.hoist(war.length - 1);
    assertThat(kinds(war)).isEqualTo("1:5 5:3");
  }

  @Test
  void theSliceNeverWritesWhatAPassedInstructionReadsOrWrites() {
    // r2 = the address; r5 = a shared load that reads r3; r3 = the global load. The load may not
    // pass an instruction that reads the register it writes.
    WarpTrace war = trace(new int[] {WarpTrace.ALU, 2, -1, -1, -1}, new int[] {WarpTrace.SHARED_LD, 5, 3, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1});
    war.hoist(war.length - 1);
    assertThat(kinds(war)).as("the shared load reads r3 before the global load writes it").isEqualTo("1:2 3:5 5:3");
    // The address's definition writes r4, which a passed instruction reads: it may not move ahead of it.
    WarpTrace slice = trace(new int[] {WarpTrace.SHARED_LD, 6, 4, -1, -1}, new int[] {WarpTrace.ALU, 4, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 4, -1, -1});
    slice.hoist(slice.length - 1);
    assertThat(kinds(slice)).as("r4's new value would reach the shared load").isEqualTo("3:6 1:4 5:3");
  }

  @Test
  void theLoadMovesAtMostTheWindowAndNotPastAMarkedGlobalAccess() {
    int[][] ops = new int[WarpTrace.HOIST_WINDOW + 3][];
    ops[0] = new int[] {WarpTrace.GLOBAL_ST, -1, -1, -1, -1};
    for (int i = 1; i < ops.length - 1; i++) {
      ops[i] = new int[] {WarpTrace.ALU, 10 + i, -1, -1, -1};
    }
    ops[ops.length - 1] = new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1};
    WarpTrace w = trace(ops);
    w.hoist(w.length - 1);
    int at = -1;
    for (int i = 0; i < w.length; i++) {
      if (w.kind(i) == WarpTrace.GLOBAL_LD) {
        at = i;
      }
    }
    assertThat(at).as("moved " + WarpTrace.HOIST_WINDOW + " instructions up, not to the store").isEqualTo(ops.length - 1 - WarpTrace.HOIST_WINDOW);
    assertThat(w.kind(0)).isEqualTo(WarpTrace.GLOBAL_ST);
  }
}

