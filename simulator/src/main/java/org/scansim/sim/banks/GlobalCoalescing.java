package org.scansim.sim.banks;

import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.GlobalAccessRule;

/**
 * How many 32-byte sectors one warp-level global load or store moves. Immutable and thread-safe;
 * {@link #access} allocates nothing.
 *
 * <p>Fermi and later ({@link GlobalAccessRule#SECTORS}): the number of distinct {@code address /
 * globalSectorBytes} over every byte each active lane touches — what Nsight Compute reports as
 * {@code l1tex__t_sectors_pipe_lsu_mem_global_op_ld/st} (Kernel Profiling Guide, "Memory Tables").
 *
 * <p>Compute capability 1.0 and 1.1 ({@link GlobalAccessRule#HALF_WARP_CC_1_0}; CUDA C Programming
 * Guide v4.2, appendix F.3.2 "Global Memory"): each half-warp separately. It is coalesced when the
 * lanes access 4-, 8- or 16-byte words, the k-th active lane the k-th word of a segment of 16 words
 * aligned to its size (64, 128 or 256 bytes); then it moves one 64-byte, one 128-byte or two
 * 128-byte transactions (of the two 128-byte halves of a 16-byte access, only those with an active
 * lane). Otherwise — including every 1- and 2-byte access — each active lane is a transaction of
 * its own.
 *
 * <p>Simplified: on 1.0 an uncoalesced lane's transaction is counted as one 32-byte transaction per
 * 32-byte segment its bytes touch (the 1.0/1.1 text gives no size; 32 bytes is the smallest 1.x
 * transaction, documented for 1.2/1.3); sectors on 1.0 are those transactions' bytes / 32, a unit
 * for comparison with later parts rather than a hardware count. Not modelled: the 1.2/1.3 rules,
 * Fermi's 128-byte L1 cache lines, caches of any kind, and timing.
 */
public final class GlobalCoalescing {
  private final Architecture arch;
  private final boolean halfWarp10;
  private final int sectorShift;

  /** The coalescing model of {@code arch}. */
  public GlobalCoalescing(Architecture arch) {
    this.arch = arch;
    this.halfWarp10 = arch.globalAccessRule() == GlobalAccessRule.HALF_WARP_CC_1_0;
    int sector = arch.globalSectorBytes();
    if (sector < 4 || Integer.bitCount(sector) != 1) {
      throw new IllegalArgumentException("unsupported sector size " + sector);
    }
    this.sectorShift = Integer.numberOfTrailingZeros(sector);
  }

  /**
   * log2 of the sector size when an access costs its distinct sectors (Fermi and later), else -1
   * (1.0/1.1 half-warp rules): the engine's shortcut for contiguous lanes.
   */
  public int distinctSectorShift() {
    return halfWarp10 ? -1 : sectorShift;
  }

  /** The architecture this model follows. */
  public Architecture architecture() {
    return arch;
  }

  /**
   * Costs one warp-level global access into {@code out}.
   *
   * @param widthBytes bytes each lane accesses: 1, 2, 4, 8 or 16
   * @param kind load or store (counted alike)
   * @param activeMask bit {@code i} set when lane {@code i} executes the access
   * @param byteAddresses global byte address of each lane (32 entries; only active lanes are read)
   * @param out overwritten with the cost
   */
  public void access(
      int widthBytes, AccessKind kind, int activeMask, long[] byteAddresses, GlobalAccessResult out) {
    SharedMemoryBanks.checkWidth(widthBytes);
    out.sectors = 0;
    out.transactions = 0;
    if (activeMask == 0) {
      return;
    }
    if (halfWarp10) {
      int bytes = halfWarp(widthBytes, activeMask & 0xFFFF, 0, byteAddresses, out)
          + halfWarp(widthBytes, activeMask & 0xFFFF0000, 16, byteAddresses, out);
      out.sectors = bytes >>> sectorShift;
      return;
    }
    long[] seen = out.seen;
    int n = 0;
    for (int m = activeMask; m != 0; m &= m - 1) {
      long a = byteAddresses[Integer.numberOfTrailingZeros(m)];
      long last = (a + widthBytes - 1) >>> sectorShift;
      for (long sector = a >>> sectorShift; sector <= last; sector++) {
        int k = n - 1;
        while (k >= 0 && seen[k] != sector) {
          k--; // Search from the newest: coalesced lanes hit the sector just added.
        }
        if (k < 0) {
          seen[n++] = sector;
        }
      }
    }
    out.sectors = n;
    out.transactions = n;
  }

  /** 1.0/1.1 rule for one half-warp; adds its transactions to out and returns its bytes. */
  private static int halfWarp(
      int width, int mask, int firstLane, long[] addr, GlobalAccessResult out) {
    if (mask == 0) {
      return 0;
    }
    if (width >= 4 && coalesced(width, mask, firstLane, addr)) {
      if (width < 16) {
        out.transactions++;
        return 16 * width; // one 64- or 128-byte transaction
      }
      int lanes = mask >>> firstLane;
      int segments = ((lanes & 0xFF) != 0 ? 1 : 0) + ((lanes & 0xFF00) != 0 ? 1 : 0);
      out.transactions += segments;
      return 128 * segments;
    }
    int bytes = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      long a = addr[Integer.numberOfTrailingZeros(m)];
      int segments = (int) (((a + width - 1) >>> 5) - (a >>> 5) + 1);
      out.transactions += segments;
      bytes += 32 * segments;
    }
    return bytes;
  }

  /** Whether the k-th active lane accesses the k-th word of one 16-word segment aligned to its size. */
  private static boolean coalesced(int width, int mask, int firstLane, long[] addr) {
    int lowest = Integer.numberOfTrailingZeros(mask);
    long base = addr[lowest] - (long) (lowest - firstLane) * width;
    if (Math.floorMod(base, 16L * width) != 0) {
      return false;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int lane = Integer.numberOfTrailingZeros(m);
      if (addr[lane] != base + (long) (lane - firstLane) * width) {
        return false;
      }
    }
    return true;
  }
}
