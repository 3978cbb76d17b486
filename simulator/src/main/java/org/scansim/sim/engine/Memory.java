package org.scansim.sim.engine;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.result.Counters;
import org.scansim.sim.result.Fault;
import org.scansim.sim.memory.Footprints;
import org.scansim.sim.result.Kind;
import org.scansim.sim.memory.MemoryModel;
import org.scansim.sim.memory.Ptr;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemSpace;
import org.scansim.frontend.ir.MemoryVar;

/**
 * Loads, stores and atomics of one block: resolves each lane's pointer to its allocation, checks
 * the bounds of the declared array, moves the bytes and the taint, and counts the access by the
 * space it really touched (a generic pointer is resolved per lane): shared accesses through the
 * bank model, global ones through the sector coalescer.
 */
final class Memory {
  private final LaunchContext lx;
  private final BlockExecutor block;
  private final int[] sharedAddr = new int[32];
  private final long[] globalAddr = new long[32];
  private final Allocation[] lanes = new Allocation[32];
  private final int[] offsets = new int[32];
  /** nvcc's model of which lanes of an access it issues. */
  private final IssuedLanes issuedLanes;

  /** The lane checks of full warps' shared accesses, kept for the executor's next block. */
  private final SeenAddresses seen;
  /**
   * Set by {@link #oneAllocation}: the kept instance of a full warp's shared access (null when it
   * is not kept), and whether its pointers were the kept ones (else it now holds them).
   */
  private SeenAddresses.Entry seenEntry;
  private boolean seenHit;

  Memory(LaunchContext lx, BlockExecutor block) {
    this.lx = lx;
    this.block = block;
    this.issuedLanes = new IssuedLanes(lx, block);
    this.seen = new SeenAddresses(lx.code.insns.length, (lx.threadsPerBlock() + 31) / 32, block.keepsAddresses);
    this.wordBanks = lx.memoryModel.wordBanks();
    this.sectorShift = lx.memoryModel.sectorShift();
  }

  /** The pointer an ADDR instruction produces (local arrays are handled per lane by the caller). */
  long address(CInsn in, Warp w) {
    MemoryVar m = lx.code.memory.get(in.memory);
    if (m.space() == MemSpace.SHARED) {
      return Ptr.make(Ptr.SHARED, in.memory, 0);
    }
    if (lx.code.moduleLevel[in.memory]) {
      return lx.global.pointer(lx.moduleAllocation[in.memory]);
    }
    return Ptr.make(Ptr.LOCAL, in.memory << 10, 0);
  }

  /** What follows the fault of device code given a host pointer: what that memory is, and what the program should have done. */
  static final String HOST_MEMORY = ": memory from malloc, new or a host variable is not the GPU's (copy the data into memory from "
      + "cudaMalloc, or allocate it with cudaMallocManaged)";

  private Allocation resolve(long p, CInsn in, Warp w, int lane, int size) {
    int space = Ptr.space(p);
    Allocation a = switch (space) {
      case Ptr.SHARED -> block.sharedAllocation(Ptr.id(p));
      case Ptr.GLOBAL, Ptr.CONSTANT -> lx.global.get(Ptr.id(p));
      case Ptr.LOCAL -> block.local(Ptr.id(p) >>> 10, Ptr.id(p) & 1023);
      default -> null;
    };
    long off = Ptr.offset(p);
    if (a == null) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, (p == 0 ? "null pointer dereference" : space == Ptr.NULL_SPACE
          ? "dereference of an invalid pointer (null + " + off + " bytes)" : space == Ptr.HOST ? "dereference of a host pointer in device code"
          : "dereference of a " + Ptr.spaceName(space) + " pointer that does not point to memory")
          + " by thread " + block.threadName(w, lane) + " of block " + block.blockName() + (space == Ptr.HOST ? HOST_MEMORY : ""));
    }
    if (a.freed) {
      throw new Fault(Kind.USE_AFTER_FREE, in.span, "access to '" + a.name + "' after cudaFree by thread "
          + block.threadName(w, lane) + " of block " + block.blockName());
    }
    if ((off < 0 || off + size > a.size()) && lx.checker != null && lx.checker.boundsEvents) {
      lx.checker.outOfBounds(in, block, w, lane, a, off, size);
      return null; // reported; the access is skipped and the run goes on
    }
    if (off < 0 || off + size > a.size()) {
      long index = Math.floorDiv(off, Math.max(1, size));
      throw new Fault(Kind.OUT_OF_BOUNDS, in.span, "out-of-bounds " + Ptr.spaceName(space) + " access: index " + index + " of '"
          + a.name + "' (" + a.size() / Math.max(1, size) + " elements of " + size + " bytes) by thread "
          + block.threadName(w, lane) + " of block " + block.blockName());
    }
    return a;
  }

  /**
   * The allocation pointer {@code p} names when it is shared or global memory still live, else
   * null (local memory, null or freed pointers take the lane-by-lane path).
   */
  private Allocation allocationOf(long p) {
    Allocation a = switch (Ptr.space(p)) {
      case Ptr.SHARED -> block.sharedAllocation(Ptr.id(p));
      case Ptr.GLOBAL, Ptr.CONSTANT -> lx.global.get(Ptr.id(p));
      default -> null;
    };
    return a == null || a.freed ? null : a;
  }

  /** Pointer bits above the offset: the space and the allocation id. */
  private static final long TAG = ~((1L << 40) - 1);

  /**
   * Set by {@link #laneOffsets} for a shared access: bit b set when some lane's address lies in
   * 4-byte bank b of 32, and whether every address is 4-byte aligned.
   */
  private int laneBanks;
  private boolean laneWordsAligned;
  /** Set by {@link #laneOffsets} for a shared access: every lane at one address. */
  private boolean laneOneAddress;
  /** Set by {@link #laneOffsets} for a global access: every lane l at the first lane's address plus 4 (l - first). */
  private boolean laneRun;

  /**
   * The active lanes of an access to the allocation {@code a}: when every lane's pointer has the
   * tag (space and allocation) {@code tag} and an offset of at most {@code limit}, writes each
   * lane's offset to {@link #offsets}, sets {@link #laneBanks}, {@link #laneWordsAligned} and
   * {@link #laneOneAddress} or {@link #laneRun} (for the shortcuts) and returns the OR of the
   * offsets (for their alignment); returns -1 when a lane does not (having written nothing but
   * this object's scratch arrays). With all 32 lanes active, one loop without a branch checks the
   * lanes and gathers what the shortcuts need: a lane's pointer minus the tag is its offset when
   * the tag is right, and negative or past the limit when it is not, so the check value goes
   * negative exactly when some lane is elsewhere.
   */
  private int laneOffsets(long[] ptr, int mask, long tag, long limit, Allocation a) {
    if (mask == -1) {
      return a.space == Ptr.SHARED ? sharedWarp(ptr, tag, limit, a.base) : globalWarp(ptr, tag, limit);
    }
    int[] offs = offsets;
    int low = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      long p = ptr[l];
      long off = p & ~TAG;
      if ((p & TAG) != tag || off > limit) {
        return -1;
      }
      offs[l] = (int) off;
      low |= (int) off;
    }
    int first = Integer.numberOfTrailingZeros(mask);
    int o0 = offs[first];
    if (a.space == Ptr.SHARED) {
      int base = a.base;
      int banks = 0;
      int same = 0;
      for (int m = mask; m != 0; m &= m - 1) {
        int o = offs[Integer.numberOfTrailingZeros(m)];
        same |= o ^ o0;
        banks |= 1 << ((base + o) >>> 2);
      }
      laneBanks = banks;
      laneOneAddress = same == 0;
      laneWordsAligned = ((low | base) & 3) == 0;
    } else {
      int run = 0; // offsets are below 2^31 here: int arithmetic is exact
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        run |= (offs[l] - 4 * l) ^ (o0 - 4 * first);
      }
      int lanes = mask >>> first;
      laneRun = run == 0 && (lanes & (lanes + 1)) == 0; // and no hole in the lanes
    }
    return low;
  }

  /** {@link #laneOffsets} of a shared access by a full warp. */
  private int sharedWarp(long[] ptr, long tag, long limit, int base) {
    int[] offs = offsets;
    long bad = 0;
    int low = 0;
    int banks = 0;
    for (int l = 0; l < 32; l++) {
      long off = ptr[l] - tag;
      bad |= off | (limit - off);
      int o = (int) off;
      offs[l] = o;
      low |= o;
      banks |= 1 << ((base + o) >>> 2); // the shift takes the low 5 bits: the bank of 32
    }
    if (bad < 0) {
      return -1;
    }
    boolean one = false;
    if (Integer.bitCount(banks) == 1) { // one bank: one address, or a 32-way conflict
      int same = 0;
      for (int l = 1; l < 32; l++) {
        same |= offs[l] ^ offs[0];
      }
      one = same == 0;
    }
    laneBanks = banks;
    laneOneAddress = one;
    laneWordsAligned = ((low | base) & 3) == 0;
    return low;
  }

  /** {@link #laneOffsets} of a global access by a full warp. */
  private int globalWarp(long[] ptr, long tag, long limit) {
    int[] offs = offsets;
    long bad = 0;
    int low = 0;
    long p0 = ptr[0];
    long run = 0;
    for (int l = 0; l < 32; l++) {
      long p = ptr[l];
      long off = p - tag;
      bad |= off | (limit - off);
      int o = (int) off;
      offs[l] = o;
      low |= o;
      run |= p - p0 - 4L * l;
    }
    if (bad < 0) {
      return -1;
    }
    laneRun = run == 0;
    return low;
  }

  /** The byte addresses of the lanes' {@link #offsets} into {@code a}, for the bank model or the coalescer. */
  private void gather(Allocation a, int mask) {
    int[] offs = offsets;
    if (a.space == Ptr.SHARED) {
      int[] addr = sharedAddr;
      int base = a.base;
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        addr[l] = base + offs[l];
      }
    } else {
      long[] addr = globalAddr;
      long base = (long) a.id << 32;
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        addr[l] = base + offs[l];
      }
    }
  }

  /** Set by {@link #oneAllocation}: the OR of the lanes' offsets (for their alignment). */
  private int laneLow;

  /**
   * The shared or global allocation every active lane of the access {@code in} points into, in
   * bounds for its type, with the lanes' offsets in {@link #offsets} ({@link #laneOffsets}); or
   * null when some lane points elsewhere, out of bounds, or to local, freed or invalid memory.
   */
  private Allocation oneAllocation(CInsn in, Warp w, int mask) {
    seenEntry = null;
    seenHit = false;
    if (takeKept != null) {
      return taken();
    }
    long[] ptr = w.regs[in.a()];
    long p0 = ptr[Integer.numberOfTrailingZeros(mask)];
    Allocation a = allocationOf(p0);
    if (a == null) {
      return null;
    }
    long limit = a.size() - in.type.size(); // an offset above it, or negative (a huge unsigned one), is out of bounds
    if (mask == -1 && a.space == Ptr.SHARED) {
      SeenAddresses.Site s = seen.site(in.index, w.index, block.linear());
      if (s != null) {
        int k = s.next++;
        SeenAddresses.Entry e = s.same(k, ptr);
        if (e != null) { // the pointers of the last block's same access: its results
          return fromKept(a, s, e, SeenAddresses.HITS);
        }
        laneLow = sharedWarp(ptr, p0 & TAG, limit, a.base);
        if (laneLow < 0) {
          return null;
        }
        seen.keep(s, k, ptr, offsets, laneBanks, laneOneAddress, laneLow);
        seenEntry = k < s.count ? s.kept[k] : null; // kept now, unless past the limits
        seenHit = false;
        return a;
      }
    }
    laneLow = laneOffsets(ptr, mask, p0 & TAG, limit, a);
    return laneLow < 0 ? null : a;
  }

  /** Whether this block's executor keeps its full warps' shared lane checks for the next block. */
  boolean keepsChecks() {
    return seen.keeps();
  }

  /** Set by {@link #takeKeptNext}: the site whose next access takes its lane check from the block before ({@link #taken}). */
  private SeenAddresses.Site takeKept;

  /**
   * The kept instances of the full warp's shared access {@code in} by warp w when its next one is
   * the lane check of the executor's block before ({@link SeenAddresses.Site#taken}), else null.
   */
  SeenAddresses.Site keptSite(CInsn in, Warp w) {
    SeenAddresses.Site s = seen.site(in.index, w.index, block.linear());
    return s != null && s.taken(block.previous()) != null ? s : null;
  }

  /**
   * The next access runs with the lane check the block before made at its place ({@link
   * #keptSite} found {@code s}): its address register was not computed ({@code engine.opt.BlockInvariance}).
   */
  void takeKeptNext(SeenAddresses.Site s) {
    takeKept = s;
  }

  /** The kept lane check {@link #keptSite} found, as {@link #oneAllocation}'s result. */
  private Allocation taken() {
    SeenAddresses.Site s = takeKept;
    takeKept = null;
    SeenAddresses.Entry e = s.kept[s.next++];
    return fromKept(allocationOf(e.ptr[0]), s, e, SeenAddresses.TAKEN);
  }

  /**
   * Kept instance {@code e} of site {@code s} as this access's lane check into allocation {@code
   * a} (the offsets, banks, alignment), marked this block's; {@code counted} counts it for the tests.
   */
  private Allocation fromKept(Allocation a, SeenAddresses.Site s, SeenAddresses.Entry e, java.util.concurrent.atomic.AtomicLong counted) {
    System.arraycopy(e.offs, 0, offsets, 0, 32);
    laneBanks = e.banks;
    laneOneAddress = e.one;
    laneLow = e.low;
    laneWordsAligned = ((laneLow | a.base) & 3) == 0;
    s.hits++;
    if (SeenAddresses.counting) {
      counted.incrementAndGet();
    }
    seenEntry = e;
    seenHit = true;
    e.block = s.block;
    return a;
  }

  /**
   * A load whose lanes all read one shared or global allocation in bounds: one pass checks the
   * lanes' offsets, a second loads (the checkers, when they are on, first take the whole warp lane by lane).
   * False (nothing loaded or counted) when some lane leaves the allocation: the lane-by-lane path
   * then resolves, reports and counts the access.
   */
  private boolean loadOne(CInsn in, Warp w, int mask, int[] bankOut) {
    Allocation a = oneAllocation(in, w, mask);
    if (a == null) {
      return false;
    }
    if (in.vector) {
      requireAlignedLanes(in, w, mask, a, laneLow);
    }
    IrType t = in.type;
    int size = t.size();
    long[] d = w.regs[in.dst];
    byte[] taintWords = a.taintWords();
    int[] offs = offsets;
    int taint = 0;
    CheckHooks chk = lx.checker;
    if (chk != null) { // the checkers first, lane by lane (they read and write the shadows, not the data)
      chk.load(in, block, w, mask, a, offs, size);
    }
    if (size == 4 && mask == -1) {
      long hi = t == IrType.U32 ? 0xFFFF_FFFFL : -1L;
      for (int l = 0; l < 32; l++) {
        int o = offs[l];
        d[l] = a.loadWord(o) & hi;
        taint |= (taintWords[o >>> 2] != 0 ? 1 : 0) << l;
      }
    } else {
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        int o = offs[l];
        d[l] = a.load(t, o);
        taint |= (taintWords[o >>> 2] != 0 ? 1 : 0) << l;
      }
    }
    w.taint[in.dst] = (w.taint[in.dst] & ~mask) | taint;
    countOne(in, w, a, mask, false, bankOut);
    if (lx.footprints != null && a.space == Ptr.GLOBAL) {
      footprint(a, mask, size, false);
    }
    return true;
  }

  /** Records the bytes of global allocation {@code a} the lanes of mask accessed at {@link #offsets} ({@link Footprints}). */
  private void footprint(Allocation a, int mask, int size, boolean store) {
    int lo;
    int hi;
    if (laneRun) { // one run of 4-byte words: from the first lane's to the last lane's
      lo = offsets[Integer.numberOfTrailingZeros(mask)];
      hi = offsets[31 - Integer.numberOfLeadingZeros(mask)];
    } else {
      lo = Integer.MAX_VALUE;
      hi = Integer.MIN_VALUE;
      for (int m = mask; m != 0; m &= m - 1) {
        int o = offsets[Integer.numberOfTrailingZeros(m)];
        lo = Math.min(lo, o);
        hi = Math.max(hi, o);
      }
    }
    if (store) {
      lx.footprints.write(a.id, lo, (long) hi + size);
    } else {
      lx.footprints.read(a.id, lo, (long) hi + size);
    }
  }

  /** A store whose lanes all write one shared or global allocation in bounds. */
  private boolean storeOne(CInsn in, Warp w, int mask, int[] bankOut) {
    Allocation a = oneAllocation(in, w, mask);
    if (a == null) {
      return false; // nothing stored: the lane-by-lane path stores, reports and counts
    }
    if (in.vector) {
      requireAlignedLanes(in, w, mask, a, laneLow);
    }
    IrType t = in.type;
    int size = t.size();
    long[] v = w.regs[in.b()];
    int vt = w.taint[in.b()];
    byte[] taintWords = a.taintWords();
    int[] offs = offsets;
    CheckHooks chk = lx.checker;
    if (chk != null) { // the checkers first, lane by lane (they read the registers' shadows and write the memory's)
      chk.store(in, block, w, mask, a, offs, size);
    }
    if (size == 4 && (laneLow & 3) == 0) {
      if (mask == -1) {
        for (int l = 0; l < 32; l++) {
          int o = offs[l];
          a.storeWord(o, (int) v[l]);
          taintWords[o >>> 2] = (byte) ((vt >>> l) & 1);
        }
      } else {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          int o = offs[l];
          a.storeWord(o, (int) v[l]);
          taintWords[o >>> 2] = (byte) ((vt >>> l) & 1);
        }
      }
    } else {
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        int o = offs[l];
        a.store(t, o, v[l]);
        a.setTaint(o, size, ((vt >>> l) & 1) != 0);
      }
    }
    lx.progress++;
    countOne(in, w, a, mask, true, bankOut);
    if (lx.footprints != null && a.space == Ptr.GLOBAL) {
      footprint(a, mask, size, true);
    }
    return true;
  }

  /** Counts an access whose lanes all touched the allocation {@code a}, at the {@link #offsets} of {@link #laneOffsets}. */
  private void countOne(CInsn in, Warp w, Allocation a, int mask, boolean store, int[] bankOut) {
    if (in.countedWith >= 0 || in.elided) {
      return; // the first access of the merged pair counted both (AccessMerging), or nvcc issues none (RedundantLoads, DeadStores)
    }
    if (in.vtable) {
      vtable(in, w, mask);
      return;
    }
    if (in.forward != null && forwarded(in, w, a, mask, store, bankOut)) {
      return;
    }
    if (in.loopSlot >= 0 && beforeLoop(in, w, a, mask, store, bankOut)) {
      return;
    }
    if (in.sinkCompare != null && countSome(in, w, a, mask, sunk(in, w, mask), store, bankOut)) {
      return;
    }
    if (in.armPartner >= 0 && a.space == Ptr.SHARED) {
      for (int m = mask; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = a;
      }
      if (arm(in, w, mask, store, bankOut)) {
        return;
      }
      for (int m = mask; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = null;
      }
    }
    if (a.space == Ptr.SHARED) {
      // Aligned 4-byte words in 32 distinct banks of 4-byte words: one conflict-free wavefront.
      // Or one aligned word read or written by every lane (a broadcast or multicast).
      if (in.widthBytes == 4 && wordBanks == 32 && laneWordsAligned
          && (laneOneAddress || Integer.bitCount(laneBanks) == Integer.bitCount(mask))) {
        bankOut[0] = 1;
        bankOut[1] = 1;
        bankOut[2] = 1;
        lx.quickShared(in.index, w.slot, store);
        if (lx.observer != null) {
          lx.observer.sharedAccess(block.linear(), w.index, in.ir, store, mask, 1, 1);
          if (lx.observer.wantsSharedAddresses()) {
            gather(a, mask);
            lx.observer.sharedAddresses(block.linear(), w.index, in.ir, store, mask, in.widthBytes, sharedAddr);
          }
        }
        return;
      }
      if (seenHit && SeenAddresses.banked(seenEntry, bankOut, histogram)) { // the same pointers' bank count, kept
        if (lx.observer != null && lx.observer.wantsSharedAddresses()) {
          gather(a, mask);
        }
        sharedCounted(in, w, mask, in.widthBytes, store, bankOut);
        return;
      }
      gather(a, mask);
      lx.memoryModel.shared(sharedAddr, mask, in.widthBytes, store, bankOut, histogram);
      if (seenEntry != null) {
        SeenAddresses.keepBanked(seenEntry, bankOut, histogram, Math.min(histogram.length - 1, bankOut[2]));
      }
      sharedCounted(in, w, mask, in.widthBytes, store, bankOut);
    } else {
      int sectors = in.widthBytes == 4 && sectorShift >= 0 && laneRun ? runSectors(a, mask) : 0;
      if (sectors > 0) {
        lx.quickGlobal(in.index, w.slot, store, sectors);
        if (lx.observer != null) {
          lx.observer.globalAccess(block.linear(), w.index, in.ir, store, mask, sectors,
              ((long) a.id << 32) + offsets[Integer.numberOfTrailingZeros(mask)]);
        }
        return;
      }
      gather(a, mask);
      countGlobal(in, w, mask, in.widthBytes, store);
    }
  }

  /** The model's shortcuts ({@link MemoryModel#wordBanks}, {@link MemoryModel#sectorShift}). */
  private final int wordBanks;
  private final int sectorShift;

  /**
   * The sectors of a 4-byte access whose lanes form one run ({@link #laneRun}): the bytes from the
   * first lane's address to the last lane's address + 3 are one contiguous range.
   */
  private int runSectors(Allocation a, int mask) {
    long base = (long) a.id << 32;
    long first = base + offsets[Integer.numberOfTrailingZeros(mask)];
    long last = base + offsets[31 - Integer.numberOfLeadingZeros(mask)];
    return (int) (((last + 3) >>> sectorShift) - (first >>> sectorShift) + 1);
  }

  void load(CInsn in, Warp w, int mask, int[] bankOut) {
    if (loadOne(in, w, mask, bankOut)) {
      return;
    }
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] d = w.regs[in.dst];
    int taint = 0;
    CheckHooks chk = lx.checker;
    if (in.vector) {
      requireAlignedAll(in, w, mask, ptr);
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      Allocation a = resolve(ptr[l], in, w, l, size);
      if (a == null) {
        mask &= ~(1 << l);
        d[l] = 0;
        continue;
      }
      int off = (int) Ptr.offset(ptr[l]);
      lanes[l] = a;
      offsets[l] = off;
      if (lx.footprints != null && a.space == Ptr.GLOBAL) {
        lx.footprints.read(a.id, off, (long) off + size);
      }
      if (chk != null) {
        chk.load(in, block, w, 1 << l, a, offsets, size);
      }
      d[l] = a.load(t, off);
      if (a.tainted(off)) {
        taint |= 1 << l;
      }
    }
    w.taint[in.dst] = (w.taint[in.dst] & ~mask) | taint;
    count(in, w, mask, size, false, bankOut);
  }

  void store(CInsn in, Warp w, int mask, int[] bankOut) {
    if (storeOne(in, w, mask, bankOut)) {
      return;
    }
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] v = w.regs[in.b()];
    int vt = w.taint[in.b()];
    CheckHooks chk = lx.checker;
    if (in.vector) {
      requireAlignedAll(in, w, mask, ptr);
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      Allocation a = resolve(ptr[l], in, w, l, size);
      if (a == null) {
        mask &= ~(1 << l);
        continue;
      }
      int off = (int) Ptr.offset(ptr[l]);
      lanes[l] = a;
      offsets[l] = off;
      if (lx.footprints != null && a.space == Ptr.GLOBAL) {
        lx.footprints.write(a.id, off, (long) off + size);
      }
      if (chk != null) {
        chk.store(in, block, w, 1 << l, a, offsets, size);
      }
      a.store(t, off, v[l]);
      a.setTaint(off, size, (vt & (1 << l)) != 0);
    }
    lx.progress++;
    count(in, w, mask, size, true, bankOut);
  }

  void atomic(CInsn in, Warp w, int mask) {
    Counters c = lx.counters;
    Counters site = lx.site(in.index);
    Counters phase = lx.phase(w.slot);
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] val = w.regs[in.b()];
    long[] val2 = in.args.length > 2 ? w.regs[in.args[2]] : null;
    long[] d = w.regs[in.dst];
    int taint = 0;
    int vt = w.taint[in.b()];
    int done = mask; // the lanes that did their atomic: the bounds checker skips a lane outside its array
    long lowest = Long.MAX_VALUE;
    boolean changed = false;
    // Lanes in order: a deterministic serialisation of the warp's atomics.
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      Allocation a = resolve(ptr[l], in, w, l, size);
      if (a == null) {
        d[l] = 0;
        done &= ~(1 << l);
        continue;
      }
      int off = (int) Ptr.offset(ptr[l]);
      lowest = Math.min(lowest, ((long) a.id << 32) + off);
      long old = a.load(t, off);
      boolean oldTaint = a.tainted(off);
      long nv = Atomics.apply(in, t, old, val[l], val2 == null ? 0 : val2[l]);
      if (lx.checker != null) {
        lx.checker.atomic(in, block, w, l, a, off, size, old, val[l], old == val[l]);
      }
      a.store(t, off, nv);
      if (nv != old) {
        lx.progress++;
        changed = true;
      }
      a.setTaint(off, size, oldTaint || (vt & (1 << l)) != 0);
      d[l] = old;
      if (oldTaint) {
        taint |= 1 << l;
      }
    }
    w.taint[in.dst] = (w.taint[in.dst] & ~mask) | taint;
    c.atomics++;
    site.atomics++;
    phase.atomics++;
    if (lx.observer != null) {
      lx.observer.atomic(block.linear(), w.index, in.ir, done, lowest, changed);
    }
  }

  /** Counts one warp-level access by the spaces its lanes touched. */
  private void count(CInsn in, Warp w, int mask, int size, boolean store, int[] bankOut) {
    if (in.countedWith >= 0 || in.elided) {
      for (int m = mask; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = null;
      }
      return; // the first access of the merged pair counted both (AccessMerging), or nvcc issues none (RedundantLoads, DeadStores)
    }
    if (in.vtable) {
      for (int m = mask; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = null;
      }
      vtable(in, w, mask);
      return;
    }
    if (in.forward != null) {
      mask = issued(in, w, mask);
      if (mask == 0) {
        return;
      }
    }
    if (in.loopSlot >= 0) {
      mask = firstInLoop(in, w, mask);
      if (mask == 0) {
        return;
      }
    }
    if (in.sinkCompare != null) {
      mask = sunk(in, w, mask);
      if (mask == 0) {
        return;
      }
    }
    if (in.armPartner >= 0 && arm(in, w, mask, store, bankOut)) {
      return;
    }
    countLanes(in, w, mask, store, bankOut);
  }

  /**
   * Counts the lanes of a {@link StoreForwarding} load that the card issues, all of whose lanes
   * read allocation {@code a}; false when they all do and the access is counted as usual.
   */
  private boolean forwarded(CInsn in, Warp w, Allocation a, int mask, boolean store, int[] bankOut) {
    return countSome(in, w, a, mask, issued(in, w, mask), store, bankOut);
  }

  /**
   * Counts the lanes {@code issued} of {@code mask}, all of whose lanes touched allocation {@code
   * a}; false when that is every lane and the access is counted as usual.
   */
  private boolean countSome(CInsn in, Warp w, Allocation a, int mask, int issued, boolean store, int[] bankOut) {
    if (issued == mask) {
      return false;
    }
    if (issued != 0) {
      for (int m = issued; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = a;
      }
      countLanes(in, w, issued, store, bankOut);
    }
    return true;
  }

  /**
   * Counts a virtual call's read of its object's class ({@link CInsn#vtable}) as the card's load of
   * the function's address from the class's vtable: one global load instruction, a 32-byte sector
   * for each class among the lanes (each class's vtable is an object of its own). The object's own
   * field is not counted: nvcc keeps it in a register. Measured: virtual_scans' scanBlocks on the
   * H200 issues one global load a warp per virtual call, of one sector
   * (examples/programs/expected/counters).
   */
  private void vtable(CInsn in, Warp w, int mask) {
    if (mask == 0) {
      return; // every lane faulted (the bounds checker): no access
    }
    long[] d = w.regs[in.dst];
    long[] seen = new long[32];
    int sectors = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      long v = d[Integer.numberOfTrailingZeros(m)];
      boolean known = false;
      for (int k = 0; k < sectors && !known; k++) {
        known = seen[k] == v;
      }
      if (!known) {
        seen[sectors++] = v;
      }
    }
    lx.quickGlobal(in.index, w.slot, false, sectors);
    if (lx.observer != null) {
      lx.observer.globalAccess(block.linear(), w.index, in.ir, false, mask, sectors, d[Integer.numberOfTrailingZeros(mask)]);
    }
  }

  /**
   * Counts the lanes of a load nvcc issues before its loop ({@link CInsn#loopSlot}) that run it
   * for the first time since they entered the loop, all of whose lanes read allocation {@code a};
   * false when that is every lane and the access is counted as usual.
   */
  private boolean beforeLoop(CInsn in, Warp w, Allocation a, int mask, boolean store, int[] bankOut) {
    return countSome(in, w, a, mask, firstInLoop(in, w, mask), store, bankOut);
  }

  /** The lanes a sunk load's side of its branch takes ({@link IssuedLanes#sunk}); the others are not counted. */
  private int sunk(CInsn in, Warp w, int mask) {
    return uncounted(mask, issuedLanes.sunk(in, w, mask));
  }

  /** The lanes running a {@link CInsn#loopSlot} load for the first time since they entered its loop; the others are not counted. */
  private int firstInLoop(CInsn in, Warp w, int mask) {
    return uncounted(mask, IssuedLanes.firstInLoop(in, w, mask));
  }

  /** The lanes whose {@link StoreForwarding} load the card issues; the others are not counted. */
  private int issued(CInsn in, Warp w, int mask) {
    return uncounted(mask, IssuedLanes.notForwarded(in, w, mask));
  }

  /** {@code counted}, after clearing the {@link #lanes} of the other lanes of {@code mask}: nvcc issues no access for them. */
  private int uncounted(int mask, int counted) {
    for (int m = mask & ~counted; m != 0; m &= m - 1) {
      lanes[Integer.numberOfTrailingZeros(m)] = null;
    }
    return counted;
  }

  /**
   * An access issued once for both arms of an if/else ({@link ArmMerging}), its lanes' allocations
   * in {@link #lanes}: when the other arm's path is still to run up to its partner, this access
   * waits uncounted; when the other arm's access waits, both are counted as one. False: counted
   * alone (the warp did not diverge there).
   */
  private boolean arm(CInsn in, Warp w, int mask, boolean store, int[] bankOut) {
    if (w.armWaits != null) {
      for (int i = 0; i < w.armWaits.size(); i++) {
        Warp.ArmWait wait = w.armWaits.get(i);
        if (wait.partner() == in.index) {
          w.armWaits.remove(i);
          for (int m = wait.mask(); m != 0; m &= m - 1) {
            int l = Integer.numberOfTrailingZeros(m);
            lanes[l] = wait.lanes()[l];
            offsets[l] = wait.offsets()[l];
          }
          countLanes(in, w, mask | wait.mask(), store, bankOut);
          return true;
        }
      }
    }
    for (int k = 0; k < w.sp - 1; k++) {
      if (w.mask[k] != 0 && w.pc[k] >= in.armOther && w.pc[k] <= in.armPartner) {
        Allocation[] waitLanes = new Allocation[32];
        int[] waitOffsets = new int[32];
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          waitLanes[l] = lanes[l];
          waitOffsets[l] = offsets[l];
          lanes[l] = null;
        }
        if (w.armWaits == null) {
          w.armWaits = new java.util.ArrayList<>(2);
        }
        w.armWaits.add(new Warp.ArmWait(in.armPartner, mask, waitLanes, waitOffsets));
        return true;
      }
    }
    return false;
  }

  /**
   * A vector access ({@code float4}) needs an address aligned to its width, or the card stops the
   * kernel with "misaligned address" (CUDA C++ Programming Guide, "Device Memory Accesses"): a
   * {@code reinterpret_cast<float4 *>(in + 1)} does, before it moves any data. Global allocations
   * start 256-byte aligned and shared arrays 16-byte aligned, so the lane's offset in its
   * allocation (plus a shared array's base) decides.
   */
  private void requireAligned(CInsn in, Warp w, int lane, Allocation a, int off) {
    int width = in.widthBytes;
    if (((a.space == Ptr.SHARED ? a.base : 0) + off) % width != 0) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, "misaligned address: " + (width == 8 ? "an " : "a ") + width + "-byte vector "
          + (in.op == org.scansim.frontend.ir.Op.ST ? "store to" : "load from") + " byte " + off + " of " + Ptr.spaceName(a.space) + " "
          + a.name + " by thread " + (w.firstThread + lane) + " of block " + block.blockName() + ", which is not a multiple of " + width);
    }
  }

  /**
   * {@link #requireAligned} for every lane of a vector access the lane-by-lane path makes (lanes in
   * several allocations, or outside one), before any lane's data moves, and outside that path's
   * loop; a lane whose pointer points nowhere is left to {@link #resolve}. Every allocation starts at least
   * 16-byte aligned (shared arrays at 16, global at 256, local at 0) and a vector is at most 16
   * bytes, so the lanes' offsets alone decide; the allocations are looked up only to name a fault.
   */
  private void requireAlignedAll(CInsn in, Warp w, int mask, long[] ptr) {
    long low = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      low |= Ptr.offset(ptr[Integer.numberOfTrailingZeros(m)]);
    }
    if ((low & (in.widthBytes - 1)) == 0) {
      return;
    }
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      long p = ptr[l];
      Allocation a = Ptr.space(p) == Ptr.LOCAL ? block.local(Ptr.id(p) >>> 10, Ptr.id(p) & 1023) : allocationOf(p);
      if (a != null) {
        requireAligned(in, w, l, a, (int) Ptr.offset(p));
      }
    }
  }

  /** {@link #requireAligned} for the lanes of an access within one allocation, at their {@link #offsets}; {@code low} is their OR. */
  private void requireAlignedLanes(CInsn in, Warp w, int mask, Allocation a, int low) {
    if ((((a.space == Ptr.SHARED ? a.base : 0) | low) & (in.widthBytes - 1)) != 0) {
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        requireAligned(in, w, l, a, offsets[l]);
      }
    }
  }

  /** Counts one warp-level access of the lanes in mask, at their {@link #lanes} and {@link #offsets}. */
  private void countLanes(CInsn in, Warp w, int mask, boolean store, int[] bankOut) {
    int size = in.widthBytes;
    int sharedMask = 0;
    int globalMask = 0;
    int localMask = 0;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      Allocation a = lanes[l];
      if (a.space == Ptr.SHARED) {
        sharedMask |= 1 << l;
        sharedAddr[l] = a.base + offsets[l];
      } else if (a.space == Ptr.LOCAL) {
        localMask |= 1 << l;
      } else {
        globalMask |= 1 << l;
        globalAddr[l] = ((long) a.id << 32) + offsets[l];
      }
      lanes[l] = null;
    }
    if (sharedMask != 0) {
      countShared(in, w, sharedMask, size, store, bankOut);
    }
    if (globalMask != 0) {
      countGlobal(in, w, globalMask, size, store);
    }
    if (localMask != 0) {
      Counters c = lx.counters;
      Counters site = lx.site(in.index);
      Counters phase = lx.phase(w.slot);
      if (store) {
        c.localStoreInstructions++;
        site.localStoreInstructions++;
        phase.localStoreInstructions++;
      } else {
        c.localLoadInstructions++;
        site.localLoadInstructions++;
        phase.localLoadInstructions++;
      }
      if (lx.observer != null) {
        lx.observer.localAccess(block.linear(), w.index, in.ir, store, localMask);
      }
    }
  }

  /** Costs a shared access of the lanes in {@code mask} at {@link #sharedAddr} through the bank model. */
  private void countShared(CInsn in, Warp w, int mask, int size, boolean store, int[] bankOut) {
    lx.memoryModel.shared(sharedAddr, mask, size, store, bankOut, histogram);
    sharedCounted(in, w, mask, size, store, bankOut);
  }

  /** The counters and the observer's event of a shared access at {@link #sharedAddr} that the bank model counted into {@code bankOut} and {@link #histogram}. */
  private void sharedCounted(CInsn in, Warp w, int mask, int size, boolean store, int[] bankOut) {
    int top = Math.min(histogram.length - 1, bankOut[2]); // no group has a degree above the largest
    shared(lx.counters, store, bankOut, top);
    shared(lx.site(in.index), store, bankOut, top);
    shared(lx.phase(w.slot), store, bankOut, top);
    java.util.Arrays.fill(histogram, 0, top + 1, 0);
    if (lx.observer != null) {
      lx.observer.sharedAccess(block.linear(), w.index, in.ir, store, mask, bankOut[0], bankOut[1]);
      if (lx.observer.wantsSharedAddresses()) {
        lx.observer.sharedAddresses(block.linear(), w.index, in.ir, store, mask, size, sharedAddr);
      }
    }
  }

  /** Costs a global access of the lanes in {@code mask} at {@link #globalAddr} through the coalescer. */
  private void countGlobal(CInsn in, Warp w, int mask, int size, boolean store) {
    int sectors = lx.memoryModel.sectors(globalAddr, mask, size);
    lx.counters.addGlobal(store, 1, sectors);
    lx.site(in.index).addGlobal(store, 1, sectors);
    lx.phase(w.slot).addGlobal(store, 1, sectors);
    if (lx.observer != null) {
      long lowest = Long.MAX_VALUE;
      for (int m = mask; m != 0; m &= m - 1) {
        lowest = Math.min(lowest, globalAddr[Integer.numberOfTrailingZeros(m)]);
      }
      lx.observer.globalAccess(block.linear(), w.index, in.ir, store, mask, sectors, lowest);
    }
  }

  private final long[] histogram = new long[33];

  private void shared(Counters k, boolean store, int[] bankOut, int top) {
    if (store) {
      k.sharedStoreInstructions++;
      k.sharedStoreWavefronts += bankOut[0];
      k.sharedStoreIdealWavefronts += bankOut[1];
    } else {
      k.sharedLoadInstructions++;
      k.sharedLoadWavefronts += bankOut[0];
      k.sharedLoadIdealWavefronts += bankOut[1];
    }
    k.maxConflictDegree = Math.max(k.maxConflictDegree, bankOut[2]);
    for (int i = 0; i <= top; i++) {
      k.degreeHistogram[i] += histogram[i];
    }
  }
}
