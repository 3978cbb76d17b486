package org.scansim.timing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.scansim.frontend.Frontend;
import org.scansim.frontend.ir.Insn;
import org.scansim.frontend.ir.IrModule;

/**
 * A run of issued instructions splits into stretches of the timing sink's plain path, each ended
 * by a memory instruction or by an instruction of its own path, and one thread's cache keeps the
 * two runs it met last for a slot.
 */
class RunPiecesTest {
  private static final IrModule HARRIS = Frontend.compileFile(Path.of("..", "kernels", "harris", "scan_large_array.cu"), Map.of()).ir();

  private static Insn[] deviceInsns(IrModule m) {
    List<Insn> all = new ArrayList<>();
    for (var f : DeviceCode.of(m)) {
      for (var b : f.blocks()) {
        all.addAll(b.insns());
      }
    }
    return all.toArray(new Insn[0]);
  }

  /** A decoding with only what a split reads: kind, registers, table reference, plain. */
  private static int[] decoding(int kind, int registers, int reference, boolean plain) {
    int[] d = new int[17];
    d[TimingObserver.KIND] = kind;
    d[TimingObserver.REGISTERS] = registers;
    d[TimingObserver.REFERENCE] = reference;
    d[TimingObserver.PLAIN] = plain ? 1 : 0;
    return d;
  }

  @Test
  void aStretchEndsAtItsMemoryInstructionAndBeforeAnInstructionOfItsOwnPath() {
    Insn[] insns = deviceInsns(HARRIS);
    Map<Insn, int[]> d = new IdentityHashMap<>();
    d.put(insns[0], decoding(WarpTrace.ALU, 3, 10, true));
    d.put(insns[1], decoding(WarpTrace.FREE, 7, 11, true));
    d.put(insns[2], decoding(WarpTrace.MEMORY_PENDING, 4, 12, true));
    d.put(insns[3], decoding(WarpTrace.ALU, 2, 13, true));
    d.put(insns[4], decoding(WarpTrace.ALU, 9, 14, false));
    d.put(insns[5], decoding(WarpTrace.SPECIAL, 5, 15, true));
    RunPieces.Split s = new RunPieces(d::get).of(insns, 0, 6);

    assertThat(s.at()).containsExactly(0, 3, 4, 5);
    assertThat(s.pairs()[0]).containsExactly(WarpTrace.ALU, 10, WarpTrace.FREE, 11, WarpTrace.MEMORY_PENDING, 12);
    assertThat(s.pairs()[1]).containsExactly(WarpTrace.ALU, 13);
    assertThat(s.pairs()[2]).as("an instruction of its own path").isNull();
    assertThat(s.pairs()[3]).containsExactly(WarpTrace.SPECIAL, 15);
    assertThat(s.registers()).containsExactly(7, 2, 0, 5);

    RunPieces.Split tail = new RunPieces(d::get).of(insns, 2, 6); // a run that starts within the array: its pieces' places are the array's
    assertThat(tail.at()).containsExactly(2, 3, 4, 5);
    assertThat(tail.pairs()[0]).containsExactly(WarpTrace.MEMORY_PENDING, 12);
  }

  @Test
  void aRunMetAgainIsTakenFromTheCacheWhichKeepsTwoRunsASlot() {
    Insn[] insns = deviceInsns(HARRIS);
    int[] splits = {0};
    RunPieces pieces = new RunPieces(in -> {
      splits[0]++;
      return decoding(WarpTrace.ALU, 1, 0, true);
    });
    RunPieces.Split three = pieces.of(insns, 0, 3);
    RunPieces.Split two = pieces.of(insns, 0, 2); // the same first instruction: the same slot
    int decoded = splits[0];
    assertThat(pieces.of(insns, 0, 3)).isSameAs(three);
    assertThat(pieces.of(insns, 0, 2)).isSameAs(two);
    assertThat(splits[0]).as("both found without splitting again").isEqualTo(decoded);

    RunPieces.Split one = pieces.of(insns, 0, 1); // a third: over the one used longer ago (three)
    assertThat(pieces.of(insns, 0, 2)).isSameAs(two);
    assertThat(pieces.of(insns, 0, 1)).isSameAs(one);
    int before = splits[0];
    RunPieces.Split again = pieces.of(insns, 0, 3);
    assertThat(again).isNotSameAs(three);
    assertThat(splits[0]).as("split again").isGreaterThan(before);
    assertThat(again.pairs()).isDeepEqualTo(three.pairs());
  }

  /** Harris's scan as the timing model decodes it: most of a run is appended as stretches. */
  @Test
  void mostOfHarrisIsAppendedAsStretches() {
    TimingObserver timing = new TimingObserver(IssueRunTest.HOPPER, TimingPresets.ofPreset("hopper", null).orElseThrow(), HARRIS);
    Insn[] insns = deviceInsns(HARRIS);
    RunPieces.Split s = new RunPieces(timing::decoded).of(insns, 0, insns.length);
    int inStretches = 0;
    for (int[] p : s.pairs()) {
      inStretches += p == null ? 0 : p.length / WarpTrace.WIDTH;
    }
    assertThat(inStretches).as("instructions in stretches, of " + insns.length).isGreaterThan(insns.length / 2);
    assertThat(java.util.Arrays.asList(s.pairs())).as("and some of their own path").containsNull();
  }
}
