package org.scansim.sim.banks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.scansim.sim.banks.BankCases.ALL;
import static org.scansim.sim.banks.BankCases.load;
import static org.scansim.sim.banks.BankCases.store;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architectures;

/**
 * The 1.x rules (CUDA C Programming Guide v4.2, F.3.3) on the G80 preset: 16 banks of 32 bits,
 * each half-warp a request of its own, one broadcast word per step. Arithmetic: word = address / 4,
 * bank = word % 16; a full warp has an ideal of 2 (one per half-warp).
 */
class SharedMemoryBanksG80Test {

  private static void assertCost(SharedAccessResult r, int wavefronts, int ideal, int degree) {
    assertThat(r.wavefronts()).as("wavefronts of %s", r).isEqualTo(wavefronts);
    assertThat(r.idealWavefronts()).as("ideal of %s", r).isEqualTo(ideal);
    assertThat(r.maxDegree()).as("degree of %s", r).isEqualTo(degree);
  }

  @Test
  void strideOneIsConflictFreeInEachHalfWarp() {
    // half-warp h, lane i: word i, bank i % 16, one lane per bank → 1 step each → 2, ideal 2.
    assertCost(load("g80", 4, ALL, i -> 4 * i), 2, 2, 1);
  }

  @Test
  void strideTwoIsTwoWay() {
    // lanes 0-15: words 0,2,..,30 → banks 0,2,..,14, two words each → 2 steps; same for lanes
    // 16-31 (words 32..62) → 4 wavefronts, ideal 2.
    assertCost(load("g80", 4, ALL, i -> 8 * i), 4, 2, 2);
  }

  @Test
  void strideSixteenIsSixteenWayPerHalfWarp() {
    // lane i: word 16i, bank 0; each half-warp has 16 distinct words in bank 0 → 16 steps each
    // → 32 wavefronts, ideal 2, degree 16.
    SharedAccessResult r = load("g80", 4, ALL, i -> 64 * i);
    assertCost(r, 32, 2, 16);
    assertThat(r.groupCount()).isEqualTo(2);
  }

  @Test
  void halfWarpsAreIndependent() {
    // lane i: word i. Lanes 0 and 16 both use bank 0 (words 0 and 16), but in different
    // half-warps, so neither request conflicts → 1 step each. On a 16-bank part that counted the
    // full warp it would be 2-way.
    SharedAccessResult r = load("g80", 4, ALL, i -> 4 * i);
    assertThat(r.groupDegree(0)).isEqualTo(1);
    assertThat(r.groupDegree(1)).isEqualTo(1);
    // Only lanes 16-31 active (stride 16 words): one request, 16 steps, ideal 1.
    assertCost(load("g80", 4, 0xFFFF0000, i -> 64 * i), 16, 1, 16);
  }

  @Test
  void oneWordReadByAllLanesIsBroadcast() {
    // every lane reads word 7: the broadcast word of the first step serves all 16 lanes → 1 each.
    assertCost(load("g80", 4, ALL, i -> 28), 2, 2, 1);
  }

  @Test
  void onlyOneWordIsBroadcastPerStep() {
    // lanes 0-7 read word 0 (bank 0), lanes 8-15 read word 1 (bank 1). Step 1: broadcast word 0
    // (8 lanes) and one lane of bank 1; step 2: broadcast word 1 (the other 7) → 2 steps. The
    // second half-warp is inactive. Volta multicasts both words in 1.
    int mask = 0xFFFF;
    assertCost(load("g80", 4, mask, i -> 4 * (i / 8)), 2, 1, 2);
    assertCost(load("volta", 4, mask, i -> 4 * (i / 8)), 1, 1, 1);
  }

  @Test
  void theCheapestBroadcastWordIsChosen() {
    // lanes 0-3 read word 5 (bank 5); lane i of 4-15 reads word 16+i (bank i), so bank 5 also
    // has word 21 (lane 5). Bank 5: 5 lanes on 2 words, so at least 2 steps; step 1 broadcasts
    // word 5 and serves the one lane of every other bank, step 2 serves word 21 → 2 steps.
    // Serving bank 5 one lane per step, as for a word that is not broadcast, would take 5.
    IntUnaryOperator address = i -> i < 4 ? 20 : 4 * (16 + i);
    assertCost(load("g80", 4, 0xFFFF, address), 2, 1, 2);
    // The guide's figure: lanes 0-3 on word 5, every other lane alone in its bank → 1 step
    // when word 5 is the broadcast word.
    IntUnaryOperator figure = i -> i < 4 ? 20 : 4 * (16 + (i == 5 ? 0 : i));
    assertCost(load("g80", 4, 0xFFFF, figure), 1, 1, 1);
  }

  @Test
  void twoWordsInOneBankConflict() {
    // lane 0: word 0, lane 1: word 16, both bank 0 → 2 steps.
    assertCost(load("g80", 4, 0b11, i -> 64 * i), 2, 1, 2);
  }

  @Test
  void bytesAndShortsOfOneWordConflictOnG80() {
    // 8-bit, lane i: byte i of word i/4. A half-warp has 4 lanes in each of words 0..3 (banks
    // 0..3). Per step one word is broadcast (4 lanes) and each other bank serves one lane:
    // T=3 would need one broadcast in each of the 4 banks → 4 > 3; T=4 fits → 4 steps each
    // → 8, ideal 2 (guide F.3.3, "8-Bit and 16-Bit Access": shared[0..3] share a bank).
    assertCost(load("g80", 1, ALL, i -> i), 8, 2, 4);
    // 8-bit, lane i: byte 4i → word i, bank i % 16, one lane per bank → 1 each (the guide's
    // conflict-free char example).
    assertCost(load("g80", 1, ALL, i -> 4 * i), 2, 2, 1);
    // 16-bit, lane i: word i/2; 8 words with 2 lanes each: T=1 needs 8 broadcasts, T=2 none → 2.
    assertCost(load("g80", 2, ALL, i -> 2 * i), 4, 2, 2);
  }

  @Test
  void doublesAreSplitIntoTwoStrideTwoAccesses() {
    // 64-bit, lane i: words 2i and 2i+1, split into a low-word and a high-word request per
    // half-warp. Low words 2i (lanes 0-15: 0..30) are stride 2 → 2-way; so are high words → 4
    // requests × 2 steps = 8, ideal 4 (guide F.3.3: the double example has 2-way conflicts).
    assertCost(load("g80", 8, ALL, i -> 8 * i), 8, 4, 2);
  }

  @Test
  void float4IsSplitIntoFourStrideFourAccesses() {
    // 128-bit, lane i: words 4i..4i+3; piece k is word 4i+k, stride 4 words in a half-warp → banks
    // k, k+4, k+8, k+12, four words each → 4 steps; 4 pieces × 2 half-warps × 4 = 32, ideal 8.
    assertCost(load("g80", 16, ALL, i -> 16 * i), 32, 8, 4);
  }

  @Test
  void storesOfAllLanesToOneWordTakeOneStep() {
    // Every lane writes word 0: treated like the broadcast word (one write wins) → 1 per half-warp.
    assertCost(store("g80", 4, ALL, i -> 0), 2, 2, 1);
  }

  @Test
  void anEmptyMaskDoesNotExecute() {
    assertCost(load("g80", 4, 0, i -> 64 * i), 0, 0, 0);
  }

  // ---- Harris, "Parallel Prefix Sum (Scan) with CUDA", Listing 2 up-sweep, n = 512, 256 threads.

  /** Max degree per up-sweep level of {@code temp[bi] += temp[ai]} over the 8 warps, on arch. */
  private static List<Integer> upSweepDegrees(String arch, IntUnaryOperator index) {
    SharedMemoryBanks banks = new SharedMemoryBanks(Architectures.preset(arch));
    SharedAccessResult r = new SharedAccessResult();
    List<Integer> degrees = new ArrayList<>();
    int n = 512;
    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
      int worst = 0;
      for (int warp = 0; warp < 8; warp++) {
        int[] ai = new int[32];
        int[] bi = new int[32];
        int mask = 0;
        for (int lane = 0; lane < 32; lane++) {
          int thid = 32 * warp + lane;
          if (thid < d) {
            mask |= 1 << lane;
          }
          ai[lane] = 4 * index.applyAsInt(offset * (2 * thid + 1) - 1);
          bi[lane] = 4 * index.applyAsInt(offset * (2 * thid + 2) - 1);
        }
        banks.access(4, AccessKind.LOAD, mask, ai, r);
        worst = Math.max(worst, r.maxDegree());
        banks.access(4, AccessKind.LOAD, mask, bi, r);
        worst = Math.max(worst, r.maxDegree());
        banks.access(4, AccessKind.STORE, mask, bi, r);
        worst = Math.max(worst, r.maxDegree());
      }
      degrees.add(worst);
      offset *= 2;
    }
    return degrees;
  }

  @Test
  void harrisListing2UpSweepReachesSixteenWayOnG80() {
    // ai = offset(2t+1)-1, so a half-warp's 16 lanes are 2·offset words apart: banks repeat every
    // 16/(2·offset) lanes → degree 2·offset while offset ≤ 8 (2, 4, 8, 16); at offset 16 only 16
    // threads are active, all in bank 15 → 16; then 8, 4, 2, 1 threads, all in bank 15.
    assertThat(upSweepDegrees("g80", i -> i)).containsExactly(2, 4, 8, 16, 16, 8, 4, 2, 1);
  }

  @Test
  void harrisListing3PaddingRemovesTheConflictsOfTheFirstLevels() {
    // index + (index >> 4): offset 1, lanes 0-15: ai = 2t → 2t + t/8 → banks 0,2,..,14 (t < 8)
    // and 1,3,..,15 (t ≥ 8) → conflict-free; likewise at offsets 2, 4, 8. At offset 16 the 16
    // active threads have ai = 32t+15, padded 32t+15 + 2t ≡ 2t+15 (mod 16): t and t+8 share a
    // bank → 2-way, and so on up the tree. Harris: "we can avoid most bank conflicts".
    assertThat(upSweepDegrees("g80", i -> i + (i >> 4))).containsExactly(1, 1, 1, 1, 2, 2, 2, 2, 1);
  }

  @Test
  void harrisZeroBankConflictsPaddingIsConflictFree() {
    // The ZERO_BANK_CONFLICTS offset as intended: (n >> 4) + (n >> 8). At offset 16: 32t+15 +
    // 2t + t/8 ≡ 2t + t/8 + 15 (mod 16): t = 0..7 give the odd banks, t = 8..15 the even ones
    // → 1; every level is conflict-free.
    assertThat(upSweepDegrees("g80", i -> i + (i >> 4) + (i >> 8)))
        .containsExactly(1, 1, 1, 1, 1, 1, 1, 1, 1);
  }
}
