package org.scansim.sim.banks;

import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.SameWordRule;
import org.scansim.sim.arch.WideAccess;

/**
 * The shared-memory bank model of one architecture: how many serialized passes (wavefronts) one
 * warp-level shared-memory instruction needs. Immutable and thread-safe; the per-call state lives in
 * the caller's {@link SharedAccessResult}, so {@link #access} allocates nothing.
 *
 * <p>The rules, with the sections of the CUDA C Programming Guide's "Compute Capabilities" appendix
 * they follow (appendix F in the v4.2 and v5.0 guides):
 *
 * <ul>
 *   <li><b>Banks.</b> An address {@code a} is in bank {@code (a / bankWidth) % banks} and in bank
 *       row {@code a / (banks × physicalWord)}, where the physical bank word is the largest
 *       supported bank width (8 bytes on Kepler, 4 elsewhere). Lanes touching the same row of a
 *       bank touch the same bank word. On Kepler this gives both documented rules at once: in 64-bit
 *       mode sub-words of one 64-bit word do not conflict, and in 32-bit mode "words i and i+32 of
 *       one 64-word aligned segment" do not (F.5.3, 3.x "Shared Memory").
 *   <li><b>Groups.</b> A pass moves at most {@code banks × physicalWord} bytes, so an access of
 *       {@code w} bytes is served in groups of {@code min(requestGroupLanes, banks × physicalWord /
 *       w)} lanes: the half-warp for every access on 1.x (F.3.3: "a shared memory request for a
 *       warp is split into two requests, one for each half-warp"); the warp for 32-bit accesses on
 *       2.x and later; half-warps for 64-bit and quarter-warps for 128-bit accesses on Fermi (F.4.3,
 *       "Larger Than 32-Bit Access") and Maxwell to Hopper (measured, not documented); the warp for
 *       64-bit and half-warps for 128-bit accesses on Kepler (256-byte passes; the 128-bit case is
 *       not documented). On 1.x, an access wider than 32 bits is first split into 32-bit pieces,
 *       each a request of its own ({@link WideAccess#SPLIT_INTO_32_BIT}). Groups with no active
 *       lane are skipped.
 *   <li><b>Paired phases, 5.x+ loads</b> ({@link WideAccess#PHASED}; measured with Nsight Compute
 *       on an H200, sm_90: {@code src/test/resources/org/scansim/sim/banks/hopper-probe/}): two
 *       phases (the two half-warps of a 64-bit load, the two quarter-warps of each half-warp of a
 *       128-bit load) are served as one group when the data is redundant enough: every unit of
 *       lanes that requests 32 bytes (4 lanes of 64 bits, 2 of 128 bits) needs at most 16 distinct
 *       bytes. So 32 lanes reading one {@code double}, or lanes 2k and 2k+1 reading the same one,
 *       take one wavefront, while lanes i and i+16 sharing addresses still take two. Stores are
 *       never paired (32 lanes storing one {@code double} take two wavefronts).
 *   <li><b>Degree of a group, multicast</b> (2.x and later, {@link SameWordRule#MULTICAST}): the
 *       largest number of distinct bank words (rows) any one bank must deliver; loads and stores
 *       alike ("for write accesses, each address is written by only one of the threads"). On Fermi,
 *       a 128-bit quarter-warp costs one more ("the majority of 128-bit accesses will cause 2-way
 *       bank conflicts ... add 1", F.4.3).
 *   <li><b>Degree of a group, broadcast</b> (1.x, {@link SameWordRule#BROADCAST_ONE}, F.3.3
 *       "32-Bit Broadcast Access"): served in steps; each step serves every lane of one broadcast
 *       word and one lane of every other bank. Every lane is a request of its own, so two lanes
 *       reading different bytes of one word, or the same word outside the broadcast word, take two
 *       steps ("8-Bit and 16-Bit Access ... typically generate bank conflicts"). The guide leaves
 *       the choice of broadcast word unspecified; this model takes the choice with the fewest
 *       steps.
 * </ul>
 *
 * <p>Wavefronts are the sum of the group degrees; the ideal is one per group; the maximum degree is
 * the largest group degree.
 *
 * <p>Not modelled: the timing of a pass (a 1.x bank delivers 32 bits per two clocks; that is the
 * timing model's business); misalignment faults (an address that is not a multiple of the access
 * width is costed by the bytes it touches; the engine reports the fault); which lane's store wins.
 */
public final class SharedMemoryBanks {
  private final Architecture arch;
  private final int banks;
  private final int bankShift;
  private final int rowShift;
  private final int passBytes;
  private final int requestGroupLanes;
  private final boolean broadcastOne;
  private final WideAccess wideAccess;
  /** The measured pairing of wide loads: only for the configuration it was measured on. */
  private final boolean pairsWideLoads;

  /** The bank model of {@code arch} (in its selected bank width). */
  public SharedMemoryBanks(Architecture arch) {
    this.arch = arch;
    this.banks = arch.sharedMemoryBanks();
    if (banks > SharedAccessResult.MAX_BANKS || Integer.bitCount(banks) != 1) {
      throw new IllegalArgumentException("unsupported bank count " + banks);
    }
    int width = arch.bankWidthBytes();
    int physicalWord = width;
    for (int w : arch.supportedBankWidthsBytes()) {
      physicalWord = Math.max(physicalWord, w);
    }
    if (Integer.bitCount(width) != 1 || Integer.bitCount(physicalWord) != 1) {
      throw new IllegalArgumentException("unsupported bank width " + width);
    }
    this.bankShift = Integer.numberOfTrailingZeros(width);
    this.passBytes = banks * physicalWord;
    this.rowShift = Integer.numberOfTrailingZeros(passBytes);
    this.requestGroupLanes = arch.requestGroupLanes();
    this.broadcastOne = arch.sameWordRule() == SameWordRule.BROADCAST_ONE;
    this.wideAccess = arch.wideAccess();
    this.pairsWideLoads = wideAccess == WideAccess.PHASED && banks == 32 && passBytes == 128;
    if (arch.warpSize() != 32 || 32 % requestGroupLanes != 0) {
      throw new IllegalArgumentException(
          "unsupported warp size " + arch.warpSize() + " / request group " + requestGroupLanes);
    }
  }

  /**
   * The number of banks when an aligned 4-byte access is one group of the whole warp over banks of
   * 4-byte words (so lanes in distinct banks take one wavefront under either same-word rule), else
   * 0. The engine's shortcut for the common conflict-free access.
   */
  public int wordBanks() {
    int groupLanes = Math.min(requestGroupLanes, Math.max(1, passBytes / 4));
    return groupLanes == 32 && bankShift == 2 && banks == 32 ? banks : 0;
  }

  /** The architecture this model follows. */
  public Architecture architecture() {
    return arch;
  }

  /**
   * Costs one warp-level shared-memory instruction into {@code out}.
   *
   * @param widthBytes bytes each lane accesses: 1, 2, 4, 8 or 16
   * @param kind load or store (they differ only in the measured pairing of 5.x+ wide loads)
   * @param activeMask bit {@code i} set when lane {@code i} executes the access
   * @param byteAddresses byte address in shared memory of each lane (32 entries; only active lanes
   *     are read)
   * @param out overwritten with the cost
   */
  public void access(
      int widthBytes, AccessKind kind, int activeMask, int[] byteAddresses, SharedAccessResult out) {
    checkWidth(widthBytes);
    out.reset();
    if (activeMask == 0) {
      return; // A warp with no active lane does not execute the instruction.
    }
    boolean split = wideAccess == WideAccess.SPLIT_INTO_32_BIT && widthBytes > 4;
    int pieces = split ? widthBytes / 4 : 1;
    int pieceBytes = split ? 4 : widthBytes;
    int groupLanes = Math.min(requestGroupLanes, Math.max(1, passBytes / pieceBytes));
    int extra = wideAccess == WideAccess.FERMI && widthBytes == 16 ? 1 : 0;
    int laneBits = groupLanes == 32 ? -1 : (1 << groupLanes) - 1;
    if (pairsWideLoads && kind == AccessKind.LOAD && groupLanes < 32) {
      pairedPhases(widthBytes, groupLanes, activeMask, byteAddresses, out);
      return;
    }
    for (int piece = 0; piece < pieces; piece++) {
      int offset = piece * pieceBytes;
      for (int first = 0; first < 32; first += groupLanes) {
        int mask = activeMask & (laneBits << first);
        if (mask != 0) {
          int degree =
              oneBankEach(mask, byteAddresses, offset, pieceBytes)
                  ? 1
                  : broadcastOne
                  ? broadcastSteps(mask, byteAddresses, offset, pieceBytes, out)
                  : distinctRows(mask, byteAddresses, offset, pieceBytes, out);
          out.addGroup(degree + extra);
        }
      }
    }
  }

  /**
   * 5.x+ loads of 64 or 128 bits (measured on sm_90, see the class comment): phases of {@code
   * groupLanes} lanes are taken two by two (the warp for 64-bit, each half-warp for 128-bit). A pair
   * is served as one group when every unit of lanes that requests 32 bytes (4 lanes of 64 bits, 2
   * of 128 bits) needs at most 16 distinct bytes; otherwise each phase is a group of its own.
   */
  private void pairedPhases(
      int widthBytes, int groupLanes, int activeMask, int[] addr, SharedAccessResult out) {
    int phaseBits = (1 << groupLanes) - 1;
    int pairLanes = 2 * groupLanes;
    int pairBits = pairLanes == 32 ? -1 : (1 << pairLanes) - 1;
    int unitLanes = (passBytes / 4) / widthBytes;
    int unitAddresses = Math.max(1, (passBytes / 8) / widthBytes);
    for (int first = 0; first < 32; first += pairLanes) {
      int mask = activeMask & (pairBits << first);
      if (mask == 0) {
        continue;
      }
      if (fewAddressesPerUnit(mask, addr, first, pairLanes, unitLanes, unitAddresses)) {
        out.addGroup(distinctRows(mask, addr, 0, widthBytes, out));
        continue;
      }
      for (int phase = first; phase < first + pairLanes; phase += groupLanes) {
        int phaseMask = mask & (phaseBits << phase);
        if (phaseMask != 0) {
          out.addGroup(distinctRows(phaseMask, addr, 0, widthBytes, out));
        }
      }
    }
  }

  /** Whether every aligned unit of unitLanes lanes in mask has at most max distinct addresses. */
  private static boolean fewAddressesPerUnit(
      int mask, int[] addr, int first, int lanes, int unitLanes, int max) {
    for (int unit = first; unit < first + lanes; unit += unitLanes) {
      int distinct = 0;
      for (int i = unit; i < unit + unitLanes; i++) {
        if ((mask >>> i & 1) == 0) {
          continue;
        }
        boolean seen = false;
        for (int j = unit; j < i && !seen; j++) {
          seen = (mask >>> j & 1) != 0 && addr[j] == addr[i];
        }
        if (!seen && ++distinct > max) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Whether every lane of mask touches one bank unit and no two lanes the same bank: then either
   * rule serves the group in one pass. The common case of a conflict-free access, decided
   * without the per-bank tables.
   */
  private boolean oneBankEach(int mask, int[] addr, int offset, int bytes) {
    int seen = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int a = addr[Integer.numberOfTrailingZeros(m)] + offset;
      int unit = a >>> bankShift;
      if ((a + bytes - 1) >>> bankShift != unit) {
        return false;
      }
      int bit = 1 << (unit & (banks - 1));
      if ((seen & bit) != 0) {
        return false;
      }
      seen |= bit;
    }
    return true;
  }

  /** Multicast: the largest number of distinct rows any bank must deliver to the lanes of mask. */
  private int distinctRows(int mask, int[] addr, int offset, int bytes, SharedAccessResult s) {
    int[] distinct = s.distinct;
    int[] keys = s.keys;
    for (int b = 0; b < banks; b++) {
      distinct[b] = 0;
    }
    int degree = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int a = addr[Integer.numberOfTrailingZeros(m)] + offset;
      int last = (a + bytes - 1) >>> bankShift;
      for (int unit = a >>> bankShift; unit <= last; unit++) {
        int bank = unit & (banks - 1);
        int row = (unit << bankShift) >>> rowShift;
        int base = bank * SharedAccessResult.PER_BANK;
        int n = distinct[bank];
        int k = 0;
        while (k < n && keys[base + k] != row) {
          k++;
        }
        if (k == n) {
          keys[base + n] = row;
          distinct[bank] = ++n;
          if (n > degree) {
            degree = n;
          }
        }
      }
    }
    return degree;
  }

  /**
   * 1.x broadcast: the fewest steps that serve every lane of mask when each step serves all lanes of
   * one broadcast word and one lane of every other bank.
   *
   * <p>In T steps, a bank b with n_b lane requests finishes iff broadcasting some of its words saves
   * n_b − T requests (broadcasting a word read by m lanes serves m lanes in one step: it saves m − 1),
   * and the broadcasts all banks need fit in the T steps (one per step). So for each T from the
   * largest count of distinct words in a bank (a bank serves one word per step) upward, take in
   * every bank its most-read words until the saving suffices, and accept T when the broadcasts
   * number at most T. T = max n_b always succeeds, so the search ends.
   */
  private int broadcastSteps(int mask, int[] addr, int offset, int bytes, SharedAccessResult s) {
    int[] distinct = s.distinct;
    int[] requests = s.requests;
    int[] keys = s.keys;
    int[] counts = s.counts;
    for (int b = 0; b < banks; b++) {
      distinct[b] = 0;
      requests[b] = 0;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int a = addr[Integer.numberOfTrailingZeros(m)] + offset;
      int last = (a + bytes - 1) >>> bankShift;
      for (int word = a >>> bankShift; word <= last; word++) {
        int bank = word & (banks - 1);
        int base = bank * SharedAccessResult.PER_BANK;
        int n = distinct[bank];
        int k = 0;
        while (k < n && keys[base + k] != word) {
          k++;
        }
        if (k == n) {
          keys[base + n] = word;
          counts[base + n] = 0;
          distinct[bank] = n + 1;
        }
        counts[base + k]++;
        requests[bank]++;
      }
    }
    int lower = 0;
    int upper = 0;
    for (int b = 0; b < banks; b++) {
      sortDescending(counts, b * SharedAccessResult.PER_BANK, distinct[b]);
      lower = Math.max(lower, distinct[b]);
      upper = Math.max(upper, requests[b]);
    }
    for (int steps = lower; steps < upper; steps++) {
      if (fitsIn(steps, s)) {
        return steps;
      }
    }
    return upper;
  }

  private boolean fitsIn(int steps, SharedAccessResult s) {
    int broadcasts = 0;
    for (int b = 0; b < banks; b++) {
      int need = s.requests[b] - steps;
      int base = b * SharedAccessResult.PER_BANK;
      for (int k = 0; need > 0; k++) {
        if (k == s.distinct[b] || s.counts[base + k] <= 1) {
          return false;
        }
        need -= s.counts[base + k] - 1;
        broadcasts++;
      }
      if (broadcasts > steps) {
        return false;
      }
    }
    return true;
  }

  private static void sortDescending(int[] a, int from, int n) {
    for (int i = from + 1; i < from + n; i++) {
      int v = a[i];
      int j = i - 1;
      while (j >= from && a[j] < v) {
        a[j + 1] = a[j];
        j--;
      }
      a[j + 1] = v;
    }
  }

  static void checkWidth(int widthBytes) {
    if (widthBytes != 1 && widthBytes != 2 && widthBytes != 4 && widthBytes != 8
        && widthBytes != 16) {
      throw new IllegalArgumentException(
          "access width must be 1, 2, 4, 8 or 16 bytes, not " + widthBytes);
    }
  }
}
