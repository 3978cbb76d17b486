package org.scansim.timing;

/**
 * Which of a block's global loads find their sectors in L1 or L2: the sectors the block itself
 * touched before, in the order the engine ran its warps. L1 keeps what loads brought (direct
 * mapped, {@link #L1_SECTORS} 32-byte sectors: 128 KB of the SM's 256 KB of L1 and shared memory);
 * a store goes through to L2 and drops the sectors from L1; a load past L1 (a volatile one) is
 * served by L2 when the block touched all its sectors before (loads and stores, direct mapped,
 * {@link #L2_SECTORS} sectors). A load that finds not all of its sectors pays device memory's
 * latency and brings them in: the block's first such load the most (a launch's first trip), later
 * ones more on a 2 MiB page the block has not loaded from than on one it has (the page's
 * translation).
 *
 * <p>Not modelled: what other blocks or earlier launches left in L2 (every block starts empty),
 * sets and ways (a sector's slot is its address modulo the size), and the order the card, rather
 * than the engine, runs the warps in.
 */
final class BlockCaches {
  static final int L1_SECTORS = 4096;
  static final int L2_SECTORS = 1 << 13;

  private final long[] l1 = new long[L1_SECTORS];
  private final int[] l1Epoch = new int[L1_SECTORS];
  private final long[] l2 = new long[L2_SECTORS];
  private final int[] l2Epoch = new int[L2_SECTORS];
  /** Entries of an earlier epoch are empty: {@link #clear} is one increment. */
  private int epoch = 1;

  /** The 2 MiB pages the block loaded from, direct mapped ({@link #PAGES} slots, as a TLB holds a few). */
  static final int PAGES = 64;
  private final long[] pages = new long[PAGES];
  private final int[] pageEpoch = new int[PAGES];
  /** Whether the block has made a load that went to device memory. */
  private boolean loaded;

  /** Empty, for the next block. */
  void clear() {
    epoch++;
    loaded = false;
  }

  /**
   * The kind of a load from device memory at {@code address}: the block's first ({@link
   * WarpTrace#GLOBAL_LD}: what a launch's first trip to memory costs, kernels/calibration/copy_block.cu),
   * else on a page it has not loaded from ({@link WarpTrace#GLOBAL_LD_PAGE}, page_chain.cu) or has
   * ({@link WarpTrace#GLOBAL_LD_DRAM}, sector_chain.cu).
   */
  private int fromMemory(long address) {
    long page = address >>> 21;
    int slot = (int) (page & (PAGES - 1));
    boolean known = pageEpoch[slot] == epoch && pages[slot] == page;
    pages[slot] = page;
    pageEpoch[slot] = epoch;
    int kind = !loaded ? WarpTrace.GLOBAL_LD : known ? WarpTrace.GLOBAL_LD_DRAM : WarpTrace.GLOBAL_LD_PAGE;
    loaded = true;
    return kind;
  }

  /**
   * The kind of a load of {@code sectors} sectors from byte {@code address} on ({@link
   * WarpTrace#GLOBAL_LD_L1}, {@link WarpTrace#GLOBAL_LD_L2} or {@link WarpTrace#GLOBAL_LD}), past L1
   * when {@code pastL1}; the caches then hold them.
   */
  int load(long address, int sectors, boolean pastL1) {
    long first = address >>> 5;
    boolean inL1 = !pastL1;
    boolean inL2 = true;
    for (long s = first; s < first + sectors; s++) {
      int i1 = (int) (s & (L1_SECTORS - 1));
      int i2 = (int) (s & (L2_SECTORS - 1));
      inL1 &= l1Epoch[i1] == epoch && l1[i1] == s;
      inL2 &= l2Epoch[i2] == epoch && l2[i2] == s;
      if (!pastL1) {
        l1[i1] = s;
        l1Epoch[i1] = epoch;
      }
      l2[i2] = s;
      l2Epoch[i2] = epoch;
    }
    return sectors <= 0 ? WarpTrace.GLOBAL_LD : inL1 ? WarpTrace.GLOBAL_LD_L1 : inL2 ? WarpTrace.GLOBAL_LD_L2 : fromMemory(address);
  }

  /** A store of {@code sectors} sectors from byte {@code address} on: L2 holds them, L1 no longer. */
  void store(long address, int sectors) {
    long first = address >>> 5;
    for (long s = first; s < first + sectors; s++) {
      int i1 = (int) (s & (L1_SECTORS - 1));
      if (l1[i1] == s) {
        l1Epoch[i1] = 0;
      }
      int i2 = (int) (s & (L2_SECTORS - 1));
      l2[i2] = s;
      l2Epoch[i2] = epoch;
    }
  }
}
