package org.scansim.sim.banks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.scansim.sim.banks.BankCases.ALL;
import static org.scansim.sim.banks.BankCases.addresses;
import static org.scansim.sim.banks.BankCases.load;
import static org.scansim.sim.banks.BankCases.store;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architectures;

/**
 * The 2.x+ rules (32 banks of 32 bits over the full warp, multicast) on Volta, Ampere and Hopper,
 * with Fermi's and Kepler's differences. Each case shows the arithmetic: word = address / 4, bank =
 * word % 32, row = address / 128 (Kepler: / 256).
 */
class SharedMemoryBanksTest {

  private static void assertCost(SharedAccessResult r, int wavefronts, int ideal, int degree) {
    assertThat(r.wavefronts()).as("wavefronts of %s", r).isEqualTo(wavefronts);
    assertThat(r.idealWavefronts()).as("ideal of %s", r).isEqualTo(ideal);
    assertThat(r.maxDegree()).as("degree of %s", r).isEqualTo(degree);
    assertThat(r.bankConflicts()).isEqualTo(wavefronts - ideal);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fermi", "kepler", "volta", "ampere", "hopper"})
  void strideOneFloatsAreConflictFree(String arch) {
    // lane i: word i, bank i; 32 lanes in 32 banks → 1 wavefront, ideal 1.
    assertCost(load(arch, 4, ALL, i -> 4 * i), 1, 1, 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fermi", "volta", "ampere", "hopper"})
  void strideTwoFloatsAreTwoWay(String arch) {
    // lane i: word 2i, bank 2i % 32; lanes i and i+16 share bank 2i with words 2i and 2i+32
    // (rows 0 and 1) → 2 distinct rows in a bank → 2 wavefronts, 1 conflict.
    assertCost(load(arch, 4, ALL, i -> 8 * i), 2, 1, 2);
  }

  @ParameterizedTest
  @ValueSource(strings = {"fermi", "volta", "ampere", "hopper"})
  void strideThirtyTwoFloatsAreThirtyTwoWay(String arch) {
    // lane i: word 32i, bank 0, row i → 32 rows in bank 0 → 32 wavefronts, 31 conflicts.
    SharedAccessResult r = load(arch, 4, ALL, i -> 128 * i);
    assertCost(r, 32, 1, 32);
    assertThat(r.bankConflicts()).isEqualTo(31);
  }

  @Test
  void allLanesOnOneWordAreMulticast() {
    // every lane: word 25, bank 25, one row → 1 wavefront.
    assertCost(load("hopper", 4, ALL, i -> 100), 1, 1, 1);
  }

  @Test
  void twoWordsInOneBankAreTwoWayHoweverManyLanesShareThem() {
    // lanes 0-15: word 0 (bank 0, row 0); lanes 16-31: word 32 (bank 0, row 1) → 2 rows → 2.
    assertCost(load("volta", 4, ALL, i -> i < 16 ? 0 : 128), 2, 1, 2);
  }

  @Test
  void inactiveLanesAreIgnored() {
    // only lanes 0-3 active, stride 32 words: bank 0, rows 0..3 → 4-way; the other lanes' addresses
    // (all in bank 0 at other rows) would make it 32-way if they counted.
    SharedAccessResult r = load("hopper", 4, 0b1111, i -> 128 * i);
    assertCost(r, 4, 1, 4);
    // lanes 0 and 31 only: words 0 and 31, banks 0 and 31 → 1.
    assertCost(load("hopper", 4, 1 | 1 << 31, i -> i == 0 || i == 31 ? 4 * i : 128 * i), 1, 1, 1);
  }

  @Test
  void anEmptyMaskDoesNotExecute() {
    SharedAccessResult r = load("hopper", 4, 0, i -> 128 * i);
    assertCost(r, 0, 0, 0);
    assertThat(r.groupCount()).isZero();
  }

  @Test
  void storesOfSeveralLanesToOneWordDoNotConflict() {
    // lanes 2k and 2k+1 both write word k: 16 words in banks 0..15 → 1 wavefront (one lane wins).
    assertCost(store("hopper", 4, ALL, i -> 4 * (i / 2)), 1, 1, 1);
    // every lane writes word 0 → 1.
    assertCost(store("volta", 4, ALL, i -> 0), 1, 1, 1);
  }

  @Test
  void consecutiveFloat2IsTwoHalfWarpWavefronts() {
    // 64-bit, lane i: bytes 8i..8i+7 = words 2i, 2i+1. Half-warp 0 (lanes 0-15): words 0..31, one
    // per bank → 1; half-warp 1: words 32..63, one per bank → 1. 2 wavefronts, ideal 2, no conflict.
    SharedAccessResult r = load("hopper", 8, ALL, i -> 8 * i);
    assertCost(r, 2, 2, 1);
    assertThat(r.bankConflicts()).isZero();
  }

  @Test
  void strideTwoDoublesAreTwoWayInEachHalfWarp() {
    // 64-bit, lane i: words 4i, 4i+1. In half-warp 0, lanes i and i+8 hit banks 4i and 4i+1 with
    // words 4i and 4i+32 (rows 0 and 1) → 2 per half-warp → 4 wavefronts, ideal 2.
    SharedAccessResult r = load("ampere", 8, ALL, i -> 16 * i);
    assertCost(r, 4, 2, 2);
    long[] histogram = new long[4];
    r.addDegreesTo(histogram);
    assertThat(histogram).containsExactly(0, 0, 2, 0);
  }

  @Test
  void consecutiveFloat4IsFourQuarterWarpWavefronts() {
    // 128-bit, lane i: words 4i..4i+3. Quarter q (lanes 8q..8q+7): words 32q..32q+31, one per bank
    // → 1 each; 4 wavefronts, ideal 4.
    assertCost(load("hopper", 16, ALL, i -> 16 * i), 4, 4, 1);
    // Only lanes 0-7: one quarter-warp phase → 1, ideal 1 (empty phases are skipped; measured).
    assertCost(load("hopper", 16, 0xFF, i -> 16 * i), 1, 1, 1);
  }

  @Test
  void wideLoadsPairTheirPhasesWhenTheDataIsRedundant() {
    // Measured on sm_90 (hopper-probe/h200-probe.csv). A 64-bit load pairs its two half-warp
    // phases when every 4 lanes (32 requested bytes) need at most 16 distinct bytes.
    // Every lane reads bytes 0..7: each 4 lanes need 8 bytes → one group, words 0 and 1 → 1.
    assertCost(load("hopper", 8, ALL, i -> 0), 1, 1, 1);
    // Lanes 2k and 2k+1 read double k: 4 lanes need 16 bytes → one group; bytes 0..127, one
    // word per bank → 1 wavefront for the whole warp.
    assertCost(load("hopper", 8, ALL, i -> 8 * (i / 2)), 1, 1, 1);
    // Lanes i and i+16 read double i % 16: 4 lanes need 32 distinct bytes → two half-warp phases
    // of one wavefront each → 2, although the warp reads only 128 distinct bytes.
    assertCost(load("hopper", 8, ALL, i -> 8 * (i % 16)), 2, 2, 1);
    // Lane 0 reads bytes 0..7 (row 0), lane 16 bytes 128..135 (row 1, the same banks 0 and 1):
    // paired → banks 0 and 1 deliver 2 rows → 2 wavefronts, ideal 1, 1 conflict.
    assertCost(load("hopper", 8, 1 | 1 << 16, i -> i == 0 ? 0 : 128), 2, 1, 2);
    // 128-bit: the two quarter-warps of a half-warp pair when every 2 lanes need one address.
    // All lanes read bytes 0..15 → half-warps 0 and 1 each one group → 2 (not 4).
    assertCost(load("hopper", 16, ALL, i -> 0), 2, 2, 1);
    // Stores never pair: all lanes storing one double still take two half-warp wavefronts.
    assertCost(store("hopper", 8, ALL, i -> 0), 2, 2, 1);
    assertCost(store("hopper", 16, ALL, i -> 0), 4, 4, 1);
  }

  @Test
  void bytesAndShortsOfOneWordDoNotConflict() {
    // 8-bit, lane i: byte i, word i/4 → 8 words in banks 0..7 → 1.
    assertCost(load("hopper", 1, ALL, i -> i), 1, 1, 1);
    // 8-bit, lane i: byte 4i → word i, bank i → 1.
    assertCost(load("hopper", 1, ALL, i -> 4 * i), 1, 1, 1);
    // 16-bit, lane i: bytes 2i, word i/2 → 16 words in banks 0..15 → 1.
    assertCost(load("hopper", 2, ALL, i -> 2 * i), 1, 1, 1);
    // 16-bit, lane i: byte 64i, word 16i, bank 0 (i even) or 16 (i odd), rows i/2 → 16 each → 16.
    assertCost(load("hopper", 2, ALL, i -> 64 * i), 16, 1, 16);
  }

  @Test
  void fermiFloat2IsTwoHalfWarpsAndFloat4IsTwoWay() {
    // 64-bit as on Volta: 2 half-warps of 128 bytes, each conflict-free → 2, ideal 2.
    assertCost(load("fermi", 8, ALL, i -> 8 * i), 2, 2, 1);
    // 128-bit: each quarter-warp has 1 word per bank, "add 1" → degree 2 per quarter → 8
    // wavefronts, ideal 4 (guide 2.x: "the majority of 128-bit accesses will cause 2-way bank
    // conflicts").
    assertCost(load("fermi", 16, ALL, i -> 16 * i), 8, 4, 2);
  }

  @Test
  void keplerThirtyTwoBitModeLetsWordsIAndIPlus32ShareABankWord() {
    // Stride 2 floats: lanes i and i+16 hit bank 2i % 32 with words 2i and 2i+32, both in the
    // 64-word segment 0 (row = 8i / 256 = 0) → 1 row per bank → 1 (Volta: 2, above).
    assertCost(load("kepler", 4, ALL, i -> 8 * i), 1, 1, 1);
    // Stride 32 floats: words 32i in bank 0, rows 128i / 256 = i/2 → 16 rows → 16 (Volta: 32).
    assertCost(load("kepler", 4, ALL, i -> 128 * i), 16, 1, 16);
    // Stride 2 from byte 128: lanes i and i+16 read words 32+2i and 64+2i, rows 0 and 1 → 2.
    assertCost(load("kepler", 4, ALL, i -> 128 + 8 * i), 2, 1, 2);
  }

  @Test
  void keplerEightByteModeMapsSixtyFourBitWordsToBanks() {
    // 8-byte banks: bank = (address / 8) % 32, row = address / 256.
    // Stride 2 from byte 128: lane i reads 64-bit word 16+i, bank (16+i) % 32, all distinct → 1
    // (the 32-bit mode, above, has 2).
    assertCost(BankCases.run(BankCases.keplerEightByte(), 4, AccessKind.LOAD, ALL,
        addresses(i -> 128 + 8 * i)), 1, 1, 1);
    // Lane i reads 32-bit word (i % 2) + 64 (i / 2): 32 different 32-bit words, all in bank 0,
    // but lanes 2k and 2k+1 share 64-bit word 32k → 16 rows → 16-way, not 32.
    assertCost(BankCases.run(BankCases.keplerEightByte(), 4, AccessKind.LOAD, ALL,
        addresses(i -> 4 * (i % 2) + 256 * (i / 2))), 16, 1, 16);
  }

  @Test
  void keplerServesFloat2InOnePassAndFloat4InTwo() {
    // A Kepler pass moves 32 banks × 8 bytes = 256 bytes: 32 float2 (bytes 0..255, row 0) → 1.
    assertCost(load("kepler", 8, ALL, i -> 8 * i), 1, 1, 1);
    assertCost(BankCases.run(BankCases.keplerEightByte(), 8, AccessKind.LOAD, ALL,
        addresses(i -> 8 * i)), 1, 1, 1);
    // 32 float4 = 512 bytes: two half-warps of 256 bytes, each row 0 or 1 alone → 2, ideal 2.
    assertCost(load("kepler", 16, ALL, i -> 16 * i), 2, 2, 1);
  }

  @Test
  void rejectsWidthsThatAreNotAccessSizes() {
    assertThatThrownBy(() -> load("hopper", 3, ALL, i -> i))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("access width must be 1, 2, 4, 8 or 16 bytes, not 3");
  }

  @Test
  void aResultIsReusedWithoutCarryingState() {
    SharedMemoryBanks banks = new SharedMemoryBanks(Architectures.preset("hopper"));
    SharedAccessResult r = new SharedAccessResult();
    banks.access(4, AccessKind.LOAD, ALL, addresses(i -> 128 * i), r);
    assertCost(r, 32, 1, 32);
    banks.access(4, AccessKind.LOAD, ALL, addresses(i -> 4 * i), r);
    assertCost(r, 1, 1, 1);
    assertThat(r.groupCount()).isEqualTo(1);
    assertThat(r.groupDegree(0)).isEqualTo(1);
  }
}
