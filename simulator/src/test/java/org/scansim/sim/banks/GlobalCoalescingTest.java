package org.scansim.sim.banks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.scansim.sim.arch.Architectures;

/**
 * Sector counts (32 bytes) of global accesses on Fermi+ (distinct address / 32) and the 1.0/1.1
 * half-warp coalescing rule on G80.
 */
class GlobalCoalescingTest {
  private static final int ALL = -1;

  private static GlobalAccessResult run(String arch, int width, int mask, IntToLongFunction f) {
    long[] a = new long[32];
    for (int lane = 0; lane < 32; lane++) {
      a[lane] = f.applyAsLong(lane);
    }
    GlobalAccessResult out = new GlobalAccessResult();
    new GlobalCoalescing(Architectures.preset(arch)).access(width, AccessKind.LOAD, mask, a, out);
    return out;
  }

  @Test
  void thirtyTwoConsecutiveFloatsAreFourSectors() {
    // bytes 0..127 → sectors 0..3 → 4.
    assertThat(run("hopper", 4, ALL, i -> 4L * i).sectors()).isEqualTo(4);
  }

  @Test
  void strideTwoFloatsAreEightSectors() {
    // lane i at 8i: bytes 0..251 → sectors 0..7 → 8 (half of each sector unused).
    assertThat(run("volta", 4, ALL, i -> 8L * i).sectors()).isEqualTo(8);
  }

  @Test
  void scatteredFloatsAreOneSectorEach() {
    // lane i at 4096i + 4: 32 different sectors.
    assertThat(run("ampere", 4, ALL, i -> 4096L * i + 4).sectors()).isEqualTo(32);
  }

  @Test
  void aMisalignedWarpTouchesOneMoreSector() {
    // lane i at 4 + 4i: bytes 4..131 → sectors 0..4 → 5.
    assertThat(run("hopper", 4, ALL, i -> 4 + 4L * i).sectors()).isEqualTo(5);
    // A misaligned 8-byte lane at byte 28: bytes 28..35 → sectors 0 and 1.
    assertThat(run("hopper", 8, 1, i -> 28).sectors()).isEqualTo(2);
  }

  @Test
  void sharedAddressesCountOnceAndMasksAndWidthsApply() {
    // every lane at byte 64 → sector 2 only.
    assertThat(run("hopper", 4, ALL, i -> 64).sectors()).isEqualTo(1);
    // lanes 0-7 of consecutive floats: bytes 0..31 → 1 sector.
    assertThat(run("hopper", 4, 0xFF, i -> 4L * i).sectors()).isEqualTo(1);
    // 32 consecutive float4: bytes 0..511 → 16 sectors; 32 chars: bytes 0..31 → 1.
    assertThat(run("hopper", 16, ALL, i -> 16L * i).sectors()).isEqualTo(16);
    assertThat(run("hopper", 1, ALL, i -> i).sectors()).isEqualTo(1);
    // addresses above 4 GiB stay exact: 2^33 + 4i → 4 sectors.
    assertThat(run("hopper", 4, ALL, i -> (1L << 33) + 4L * i).sectors()).isEqualTo(4);
    assertThat(run("hopper", 4, 0, i -> 4096L * i).sectors()).isZero();
  }

  @Test
  void g80CoalescesEachHalfWarpIntoOneSegment() {
    // Each half-warp reads 16 consecutive floats of a 64-byte aligned segment → one 64-byte
    // transaction each → 2 transactions, 128 bytes = 4 sectors.
    GlobalAccessResult r = run("g80", 4, ALL, i -> 4L * i);
    assertThat(r.transactions()).isEqualTo(2);
    assertThat(r.sectors()).isEqualTo(4);
    // Inactive lanes do not break coalescing: lane 3 off, still one 64-byte transaction per half.
    assertThat(run("g80", 4, ~(1 << 3), i -> 4L * i).transactions()).isEqualTo(2);
    // double: one 128-byte transaction per half-warp → 2, 256 bytes = 8 sectors.
    GlobalAccessResult d = run("g80", 8, ALL, i -> 8L * i);
    assertThat(d.transactions()).isEqualTo(2);
    assertThat(d.sectors()).isEqualTo(8);
    // float4: two 128-byte transactions per half-warp → 4, 512 bytes = 16 sectors.
    GlobalAccessResult q = run("g80", 16, ALL, i -> 16L * i);
    assertThat(q.transactions()).isEqualTo(4);
    assertThat(q.sectors()).isEqualTo(16);
  }

  @Test
  void g80IssuesOneTransactionPerLaneOtherwise() {
    // stride 2: the k-th lane does not read the k-th word → 32 transactions of 32 bytes
    // = 32 sectors (Fermi+: 8).
    GlobalAccessResult r = run("g80", 4, ALL, i -> 8L * i);
    assertThat(r.transactions()).isEqualTo(32);
    assertThat(r.sectors()).isEqualTo(32);
    // misaligned by one float: the segment base is not 64-byte aligned → 32 transactions.
    assertThat(run("g80", 4, ALL, i -> 4 + 4L * i).transactions()).isEqualTo(32);
    // lanes 0 and 1 swapped: the first half-warp stays in its segment but out of sequence → not
    // coalesced on 1.0 → 16 transactions; the second half-warp coalesces → 1; total 17.
    assertThat(run("g80", 4, ALL, i -> 4L * (i == 0 ? 1 : i == 1 ? 0 : i)).transactions())
        .isEqualTo(17);
    // chars never coalesce on 1.0/1.1 → one transaction per lane.
    assertThat(run("g80", 1, ALL, i -> i).transactions()).isEqualTo(32);
    // only the second half-warp misaligned: 1 + 16 transactions.
    assertThat(run("g80", 4, ALL, i -> i < 16 ? 4L * i : 4 + 4L * i).transactions())
        .isEqualTo(17);
  }
}
