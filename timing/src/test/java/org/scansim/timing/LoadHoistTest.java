package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A global load issued early, as nvcc's scheduler issues it, with what its address needs and no further. */
class LoadHoistTest {
  /** The first register the hoist renames to: the tests' registers are all below it. */
  private static final int FRESH = 100;

  private static void hoist(WarpTrace w, int last) {
    new LoadHoist(w, FRESH).hoist(last);
  }

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
    hoist(w, w.length - 1);
    assertThat(kinds(w)).as("the address and the load move ahead of the shared store; the first load stays first")
        .isEqualTo("5:1 1:2 5:3 4:-1");
  }

  @Test
  void aLoadStaysAfterAGlobalStoreABarrierAndWhatItDependsOn() {
    WarpTrace store = trace(new int[] {WarpTrace.GLOBAL_ST, -1, 1, -1, -1}, new int[] {WarpTrace.ALU, 2, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1});
    hoist(store, store.length - 1);
    assertThat(kinds(store)).as("the store may write what the load reads").isEqualTo("6:-1 1:2 5:3");
    WarpTrace barrier = trace(new int[] {WarpTrace.BARRIER, -1, -1, -1, -1}, new int[] {WarpTrace.SHARED_LD, 4, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    hoist(barrier, barrier.length - 1);
    assertThat(kinds(barrier)).as("up to the barrier").isEqualTo("7:-1 5:3 3:4");
    // The instruction before the load writes the register the load writes: the load stays after it.
    WarpTrace waw = trace(new int[] {WarpTrace.ALU, 3, 5, -1, -1}, new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1});
    hoist(waw, waw.length - 1);
    assertThat(kinds(waw)).isEqualTo("1:3 5:3");
  }

  @Test
  void aPassedInstructionThatReadsWhatTheSliceWritesKeepsItsValueThroughARenamedRegister() {
    // r2 = the address; r5 = a shared load that reads r3; r3 = the global load; r7 = r3 + r3. nvcc
    // gives the load a register of its own: it passes the shared load, and its reader reads that.
    WarpTrace war = trace(new int[] {WarpTrace.ALU, 2, -1, -1, -1}, new int[] {WarpTrace.SHARED_LD, 5, 3, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 2, -1, -1}, new int[] {WarpTrace.ALU, 7, 3, 3, -1});
    hoist(war, 2);
    assertThat(kinds(war)).as("the shared load still reads r3, the load's value is r" + FRESH).isEqualTo("1:2 5:" + FRESH + " 3:5 1:7");
    assertThat(war.src(2, 0)).isEqualTo(3);
    assertThat(war.src(3, 0)).isEqualTo(FRESH);
    assertThat(war.src(3, 1)).isEqualTo(FRESH);
    // The address's definition writes r4, which a passed instruction reads: it moves, into r(FRESH).
    WarpTrace slice = trace(new int[] {WarpTrace.SHARED_LD, 6, 4, -1, -1}, new int[] {WarpTrace.ALU, 4, -1, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD, 3, 4, -1, -1});
    hoist(slice, slice.length - 1);
    assertThat(kinds(slice)).as("r4's new value does not reach the shared load").isEqualTo("1:" + FRESH + " 5:3 3:6");
    assertThat(slice.src(1, 0)).isEqualTo(FRESH);
    assertThat(slice.src(2, 0)).isEqualTo(4);
  }

  @Test
  void aRegisterTheSliceWritesTwiceIsNotRenamed() {
    // r5 = shared load reading r3; r3 = r9; r3 = r3 + 1; r8 = global load [r3]: r3 written twice in the slice.
    WarpTrace w = trace(new int[] {WarpTrace.SHARED_LD, 5, 3, -1, -1}, new int[] {WarpTrace.ALU, 3, 9, -1, -1},
        new int[] {WarpTrace.ALU, 3, 3, -1, -1}, new int[] {WarpTrace.GLOBAL_LD, 8, 3, -1, -1});
    hoist(w, w.length - 1);
    assertThat(kinds(w)).isEqualTo("3:5 1:3 1:3 5:8");
  }

  @Test
  void theLoadMovesAtMostTheWindowAndNotPastAMarkedGlobalAccess() {
    int[][] ops = new int[LoadHoist.WINDOW + 3][];
    ops[0] = new int[] {WarpTrace.GLOBAL_ST, -1, -1, -1, -1};
    for (int i = 1; i < ops.length - 1; i++) {
      ops[i] = new int[] {WarpTrace.ALU, 10 + i, -1, -1, -1};
    }
    ops[ops.length - 1] = new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1};
    WarpTrace w = trace(ops);
    hoist(w, w.length - 1);
    int at = -1;
    for (int i = 0; i < w.length; i++) {
      if (w.kind(i) == WarpTrace.GLOBAL_LD) {
        at = i;
      }
    }
    assertThat(at).as("moved " + LoadHoist.WINDOW + " instructions up, not to the store").isEqualTo(ops.length - 1 - LoadHoist.WINDOW);
    assertThat(w.kind(0)).isEqualTo(WarpTrace.GLOBAL_ST);
  }

  @Test
  void aLoopsNextLoadMovesWithItsIncrementAheadOfTheSum() {
    // A runtime loop's body (sum += a[j]; j++) as the IR has it, its second copy's load to move:
    // r12 = load r11; r7 = r7 + r12; r14 = r8; r15 = r14 + 1; r8 = r15; r10 = r8; r11 = r10 (address); r12 = load r11.
    WarpTrace w = trace(new int[] {WarpTrace.GLOBAL_LD_L1, 12, 11, -1, -1}, new int[] {WarpTrace.ALU, 7, 7, 12, -1},
        new int[] {WarpTrace.FREE, 14, 8, -1, -1}, new int[] {WarpTrace.ALU, 15, 14, -1, -1}, new int[] {WarpTrace.FREE, 8, 15, -1, -1},
        new int[] {WarpTrace.FREE, 10, 8, -1, -1}, new int[] {WarpTrace.ALU, 11, 10, -1, -1},
        new int[] {WarpTrace.GLOBAL_LD_L1, 12, 11, -1, -1});
    hoist(w, w.length - 1);
    assertThat(kinds(w)).as("the increment reads j before its copy back writes it: both move, in order, with the load, which"
        + " takes a register of its own; the sum waits").isEqualTo("10:12 0:14 1:15 0:8 0:10 1:11 10:" + FRESH + " 1:7");
    assertThat(w.src(7, 1)).as("the sum reads the first load's value").isEqualTo(12);
  }
}
