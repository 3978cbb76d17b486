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
  void freeEntriesDoNotCountAgainstTheWindow() {
    // A store, then WINDOW instructions that issue, each with two free entries (a copy, a folded
    // address) around it, then the load: the SASS holds only the WINDOW, so the load reaches the store.
    int[][] ops = new int[3 * LoadHoist.WINDOW + 2][];
    ops[0] = new int[] {WarpTrace.GLOBAL_ST, -1, -1, -1, -1};
    for (int i = 1; i < ops.length - 1; i++) {
      ops[i] = new int[] {i % 3 == 0 ? WarpTrace.ALU : WarpTrace.FREE, 10 + i, -1, -1, -1};
    }
    ops[ops.length - 1] = new int[] {WarpTrace.GLOBAL_LD, 3, -1, -1, -1};
    WarpTrace w = trace(ops);
    hoist(w, w.length - 1);
    assertThat(w.kind(1)).as("the load right after the store").isEqualTo(WarpTrace.GLOBAL_LD);
  }

  @Test
  void aForwardedLoadIsNoInstructionTheNextLoadWaitsBehind() {
    // r1 = load; r2 = a load nvcc forwarded (free, but memory: the select's second read of s[b]);
    // r3 = r2 + r1; r4 = load: the last load passes the add and the forwarded load, up to the first load.
    int[] table = new int[4 * WarpTrace.ENTRY];
    int[][] entries = {{1, -1, -1, -1, -1, WarpTrace.MEMORY}, {2, 9, -1, -1, -1, WarpTrace.MEMORY}, {3, 2, 1, -1, -1, 0},
        {4, -1, -1, -1, -1, WarpTrace.MEMORY}};
    for (int e = 0; e < entries.length; e++) {
      System.arraycopy(entries[e], 0, table, e * WarpTrace.ENTRY, WarpTrace.ENTRY);
    }
    WarpTrace w = new WarpTrace(table, null);
    int[] kinds = {WarpTrace.GLOBAL_LD, WarpTrace.FREE, WarpTrace.ALU, WarpTrace.GLOBAL_LD};
    for (int i = 0; i < kinds.length; i++) {
      w.add(kinds[i], i);
    }
    hoist(w, w.length - 1);
    assertThat(kinds(w)).isEqualTo("5:1 5:4 0:2 1:3");
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

  /** For each instruction (by site) and source slot, the site of the instruction whose value it reads (-1: none). */
  private static int[][] producers(WarpTrace w) {
    int[][] out = new int[w.length][3];
    java.util.Map<Integer, Integer> last = new java.util.HashMap<>();
    for (int i = 0; i < w.length; i++) {
      for (int k = 0; k < 3; k++) {
        out[w.site(i)][k] = w.src(i, k) < 0 ? -1 : last.getOrDefault(w.src(i, k), -1);
      }
      if (w.dst(i) >= 0) {
        last.put(w.dst(i), w.site(i));
      }
    }
    return out;
  }

  @Test
  void everyInstructionStillReadsTheValueItReadWhateverTheLoadsPass() {
    // Random traces of a few registers (loops' copies reuse them): loads, arithmetic, shared
    // accesses and now and then a branch that issues; every load hoisted in order, as hoistLoads does.
    int[] kinds = {WarpTrace.GLOBAL_LD_L1, WarpTrace.GLOBAL_LD_DRAM, WarpTrace.ALU, WarpTrace.ALU, WarpTrace.FREE, WarpTrace.SHARED_LD,
        WarpTrace.SHARED_ST, WarpTrace.CONVERT};
    java.util.Random random = new java.util.Random(45);
    int renamedTraces = 0;
    for (int trial = 0; trial < 3000; trial++) {
      WarpTrace w = new WarpTrace();
      int registers = 2 + random.nextInt(10);
      boolean branches = trial % 3 == 0;
      // A loop's body of a few instructions, repeated (its copies reuse its registers), or none.
      int body = trial % 2 == 0 ? 3 + random.nextInt(8) : 0;
      int[][] loop = new int[body][];
      for (int i = 0; i < body; i++) {
        int kind = kinds[random.nextInt(kinds.length)];
        loop[i] = new int[] {kind, kind == WarpTrace.SHARED_ST ? -1 : random.nextInt(registers), random.nextInt(registers + 1) - 1,
            kind == WarpTrace.ALU ? random.nextInt(registers + 1) - 1 : -1};
      }
      int n = 40 + random.nextInt(260);
      if (trial % 4 == 1) { // a summing loop as the IR has it: j++, each load's address from j, its sums
        int loadsPer = 1 + random.nextInt(3);
        int users = 1 + random.nextInt(4);
        int[] values = {8, 10, 11, 12, 14, 15, 16, 17};
        int site = 0;
        while (w.length < n) {
          w.add(WarpTrace.FREE, 14, 8, -1, -1, site++);
          w.add(WarpTrace.ALU, 15, 14, -1, -1, site++);
          w.add(WarpTrace.FREE, 8, 15, -1, -1, site++);
          for (int l = 0; l < loadsPer; l++) {
            w.add(WarpTrace.FREE, 10, 8, -1, -1, site++);
            w.add(WarpTrace.ALU, 11, 10, random.nextBoolean() ? 16 : -1, -1, site++);
            w.add(WarpTrace.GLOBAL_LD_DRAM, l == 0 ? 12 : 16 + l, 11, -1, -1, site++);
          }
          for (int u = random.nextInt(users + 1); u > 0; u--) {
            int sum = 20 + random.nextInt(4);
            boolean store = random.nextInt(6) == 0;
            w.add(store ? WarpTrace.SHARED_ST : WarpTrace.ALU, store ? -1 : sum, values[random.nextInt(values.length)],
                random.nextBoolean() ? values[random.nextInt(values.length)] : sum, random.nextBoolean() ? values[random.nextInt(values.length)] : -1,
                site++);
          }
          if (random.nextInt(30) == 0) {
            w.add(WarpTrace.OTHER, -1, -1, -1, -1, site++);
          }
        }
        n = w.length;
      }
      for (int i = w.length; i < n; i++) {
        if (body > 0) {
          int[] o = loop[i % body];
          w.add(branches && i % (4 * body) == 4 * body - 1 ? WarpTrace.OTHER : o[0], o[1], o[2], o[3], -1, i);
          continue;
        }
        int kind = branches && random.nextInt(12) == 0 ? WarpTrace.OTHER : kinds[random.nextInt(kinds.length)];
        int dst = kind == WarpTrace.SHARED_ST || kind == WarpTrace.OTHER ? -1 : random.nextInt(registers);
        int s0 = random.nextInt(registers + 1) - 1;
        int s1 = kind == WarpTrace.ALU ? random.nextInt(registers + 1) - 1 : -1;
        w.add(kind, dst, s0, s1, -1, i);
      }
      int[][] before = producers(w);
      LoadHoist h = new LoadHoist(w, FRESH);
      for (int i = 0; i < n; i++) {
        int k = w.kind(i);
        if (k == WarpTrace.GLOBAL_LD_L1 || k == WarpTrace.GLOBAL_LD_DRAM) {
          h.hoist(i);
        }
      }
      renamedTraces += h.registers() > FRESH ? 1 : 0;
      int[][] after = producers(w);
      for (int site = 0; site < n; site++) {
        assertThat(after[site]).as("trial " + trial + ", instruction " + site).isEqualTo(before[site]);
      }
    }
    assertThat(renamedTraces).as("traces that renamed a register").isGreaterThan(1000);
  }

  @Test
  void aTraceOnTheSharedTableCopiesItOnceForAllItsBlocks() {
    // The shared table: entry 1 loads r12 from r11, entry 2 adds r12 into r7, entry 3 sets r11.
    int[] table = new int[WarpTrace.ENTRY * 1000];
    int[][] entries = {{12, 11, -1, -1}, {7, 7, 12, -1}, {11, 10, -1, -1}};
    for (int e = 0; e < entries.length; e++) {
      System.arraycopy(entries[e], 0, table, (e + 1) * WarpTrace.ENTRY, 4);
      table[(e + 1) * WarpTrace.ENTRY + 4] = -1;
    }
    WarpTrace.Budget budget = new WarpTrace.Budget(3L * table.length);
    WarpTrace w = new WarpTrace(table, budget);
    for (int block = 0; block < 50; block++) {
      w.add(WarpTrace.GLOBAL_LD_L1, 1);
      w.add(WarpTrace.ALU, 2);
      w.add(WarpTrace.ALU, 3);
      w.add(WarpTrace.GLOBAL_LD_L1, 1);
      new LoadHoist(w, FRESH).hoist(3);
      assertThat(kinds(w)).as("block " + block + ": the second load passes the add in a register of its own")
          .isEqualTo("10:12 1:11 10:" + FRESH + " 1:7");
      assertThat(table[WarpTrace.ENTRY]).as("the shared table is not written").isEqualTo(12);
      w.reset();
    }
    assertThat(budget.exhausted()).as("the private copy is charged once, not once a block").isNull();
  }
}
