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
    w.hoistLastLoad();
    assertThat(kinds(w)).as("the address and the load move ahead of the shared store; the first load stays first")
        .isEqualTo("5:1 1:2 5:3 4:-1");
  }

  @Test
  void aLoadStaysAfterAGlobalStoreABarrierAndWhatItDependsOn() {
    WarpTrace store = trace(new int[] {WarpTrace.GLOBAL_ST, -1, 1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1});
    store.hoistLastLoad();
    assertThat(kinds(store)).as("the store may write what the load reads").isEqualTo("6:-1 1:2 5:3");
    WarpTrace barrier = trace(new int[] {WarpTrace.BARRIER, -1, -1, -1, -1}, new int[] {WarpTrace.SHARED_LD, 4, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    barrier.hoistLastLoad();
    assertThat(kinds(barrier)).as("up to the barrier").isEqualTo("7:-1 5:3 3:4");
    // The instruction before the load reads the register the load writes: the load stays after it.
    WarpTrace war = trace(new int[] {WarpTrace.ALU, 5, 3, -1, -1}, new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    war.hoistLastLoad();
    assertThat(kinds(war)).isEqualTo("1:5 5:3");
  }
}
