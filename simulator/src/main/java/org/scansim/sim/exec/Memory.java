package org.scansim.sim.exec;

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

  Memory(LaunchContext lx, BlockExecutor block) {
    this.lx = lx;
    this.block = block;
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
      throw new Fault("invalid-address", in.span, (p == 0 ? "null pointer dereference" : space == Ptr.NULL_SPACE
          ? "dereference of an invalid pointer (null + " + off + " bytes)" : "dereference of a " + Ptr.spaceName(space) + " pointer that does not point to memory")
          + " by thread " + block.threadName(w, lane) + " of block " + block.blockName());
    }
    if (a.freed) {
      throw new Fault("use-after-free", in.span, "access to '" + a.name + "' after cudaFree by thread "
          + block.threadName(w, lane) + " of block " + block.blockName());
    }
    if ((off < 0 || off + size > a.size()) && lx.checker != null && lx.checker.bounds) {
      lx.checker.outOfBounds(in, block, w, lane, a, off, size);
      return null; // reported; the access is skipped and the run goes on
    }
    if (off < 0 || off + size > a.size()) {
      long index = Math.floorDiv(off, Math.max(1, size));
      throw new Fault("out-of-bounds", in.span, "out-of-bounds " + Ptr.spaceName(space) + " access: index " + index + " of '"
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
   * Each active lane's byte offset into {@link #offsets}, when every lane's pointer has the tag
   * (space and allocation) {@code tag} and an offset of at most {@code limit}; returns the OR of
   * the offsets (for their alignment), or -1 as soon as a lane does not.
   */
  private int laneOffsets(long[] ptr, int mask, long tag, long limit) {
    int[] offs = offsets;
    int low = 0;
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        long p = ptr[l];
        long off = p & ~TAG;
        if ((p & TAG) != tag || off > limit) {
          return -1;
        }
        offs[l] = (int) off;
        low |= (int) off;
      }
    } else {
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
    }
    return low;
  }

  /**
   * A load whose lanes all read one shared or global allocation in bounds, without checkers: the
   * lanes' offsets are checked, then loaded, then gathered as addresses for the access's cost.
   * False (nothing loaded or counted) when some lane leaves the allocation: the lane-by-lane path
   * then resolves, reports and counts the access.
   */
  private boolean loadOne(CInsn in, Warp w, int mask, int[] bankOut) {
    long[] ptr = w.regs[in.a()];
    long p0 = ptr[Integer.numberOfTrailingZeros(mask)];
    Allocation a = allocationOf(p0);
    if (a == null) {
      return false;
    }
    IrType t = in.type;
    int size = t.size();
    long tag = p0 & TAG;
    long limit = a.size() - size; // an offset above it, or negative (a huge unsigned one), is out of bounds
    long[] d = w.regs[in.dst];
    byte[] taintWords = a.taintWords();
    boolean shared = a.space == Ptr.SHARED;
    int base = a.base;
    long globalBase = (long) a.id << 32;
    int[] offs = offsets;
    if (laneOffsets(ptr, mask, tag, limit) < 0) {
      return false;
    }
    int taint = 0;
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
    gather(shared, base, globalBase, offs, mask);
    w.taint[in.dst] = (w.taint[in.dst] & ~mask) | taint;
    countOne(in, w, shared, mask, false, bankOut);
    return true;
  }

  /** A store whose lanes all write one shared or global allocation in bounds, without checkers. */
  private boolean storeOne(CInsn in, Warp w, int mask, int[] bankOut) {
    long[] ptr = w.regs[in.a()];
    long p0 = ptr[Integer.numberOfTrailingZeros(mask)];
    Allocation a = allocationOf(p0);
    if (a == null) {
      return false;
    }
    IrType t = in.type;
    int size = t.size();
    long tag = p0 & TAG;
    long limit = a.size() - size;
    long[] v = w.regs[in.b()];
    int vt = w.taint[in.b()];
    byte[] taintWords = a.taintWords();
    boolean shared = a.space == Ptr.SHARED;
    int[] offs = offsets;
    int low = laneOffsets(ptr, mask, tag, limit);
    if (low < 0) {
      return false; // nothing stored: the lane-by-lane path stores, reports and counts
    }
    if (size == 4 && (low & 3) == 0) {
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
    gather(shared, a.base, (long) a.id << 32, offs, mask);
    lx.progress++;
    countOne(in, w, shared, mask, true, bankOut);
    return true;
  }

  /** The byte addresses of the lanes' offsets into one allocation, for the bank model or the coalescer. */
  private void gather(boolean shared, int base, long globalBase, int[] offs, int mask) {
    if (shared) {
      int[] addr = sharedAddr;
      if (mask == -1) {
        for (int l = 0; l < 32; l++) {
          addr[l] = base + offs[l];
        }
      } else {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          addr[l] = base + offs[l];
        }
      }
    } else {
      long[] addr = globalAddr;
      for (int m = mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        addr[l] = globalBase + offs[l];
      }
    }
  }

  /** Counts an access whose lanes all touched one allocation, at the addresses gathered. */
  private void countOne(CInsn in, Warp w, boolean shared, int mask, boolean store, int[] bankOut) {
    if (in.countedWith >= 0) {
      return; // the first access of the merged pair counted both (AccessMerging)
    }
    if (shared) {
      if (in.widthBytes == 4 && wordBanks == 32 && distinctBanks(mask)) {
        bankOut[0] = 1;
        bankOut[1] = 1;
        bankOut[2] = 1;
        histogram[1] = 1;
        shared(lx.counters, store, bankOut, 1);
        shared(lx.site(in.index), store, bankOut, 1);
        shared(lx.phase(w.phase), store, bankOut, 1);
        histogram[1] = 0;
        return;
      }
      countShared(in, w, mask, in.widthBytes, store, bankOut);
    } else {
      int sectors = in.widthBytes == 4 && sectorShift >= 0 ? contiguousSectors(mask) : 0;
      if (sectors > 0) {
        global(lx.counters, store, sectors);
        global(lx.site(in.index), store, sectors);
        global(lx.phase(w.phase), store, sectors);
        return;
      }
      countGlobal(in, w, mask, in.widthBytes, store);
    }
  }

  /** The model's shortcuts ({@link MemoryModel#wordBanks}, {@link MemoryModel#sectorShift}). */
  private final int wordBanks;
  private final int sectorShift;

  /**
   * Whether the aligned 4-byte accesses at {@link #sharedAddr} of the lanes in mask each use a
   * bank of their own (32 banks of 4-byte words): then the access is conflict-free.
   */
  private boolean distinctBanks(int mask) {
    int[] addr = sharedAddr;
    int seen = 0;
    int low = 0;
    if (mask == -1) {
      for (int l = 0; l < 32; l++) {
        int a = addr[l];
        seen |= 1 << ((a >>> 2) & 31);
        low |= a;
      }
    } else {
      for (int m = mask; m != 0; m &= m - 1) {
        int a = addr[Integer.numberOfTrailingZeros(m)];
        seen |= 1 << ((a >>> 2) & 31);
        low |= a;
      }
    }
    return (low & 3) == 0 && Integer.bitCount(seen) == Integer.bitCount(mask);
  }

  /**
   * The sectors of a 4-byte access whose lanes form one run, lane l at the address of the run's
   * first lane plus 4 (l - first): the bytes are one contiguous range. 0 when they are not.
   */
  private int contiguousSectors(int mask) {
    int first = Integer.numberOfTrailingZeros(mask);
    int run = mask >>> first;
    if ((run & (run + 1)) != 0) {
      return 0; // a hole in the lanes
    }
    int last = 31 - Integer.numberOfLeadingZeros(mask);
    long[] addr = globalAddr;
    long a0 = addr[first] - 4L * first;
    for (int l = first; l <= last; l++) {
      if (addr[l] != a0 + 4L * l) {
        return 0;
      }
    }
    return (int) (((addr[last] + 3) >>> sectorShift) - (addr[first] >>> sectorShift) + 1);
  }

  void load(CInsn in, Warp w, int mask, int[] bankOut) {
    if (lx.checker == null && loadOne(in, w, mask, bankOut)) {
      return;
    }
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] d = w.regs[in.dst];
    int taint = 0;
    Checker chk = lx.checker;
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
      if (chk != null) {
        chk.load(in, block, w, l, a, off, size);
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
    if (lx.checker == null && storeOne(in, w, mask, bankOut)) {
      return;
    }
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] v = w.regs[in.b()];
    int vt = w.taint[in.b()];
    Checker chk = lx.checker;
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
      if (chk != null) {
        chk.store(in, block, w, l, a, off, size);
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
    Counters phase = lx.phase(w.phase);
    IrType t = in.type;
    int size = t.size();
    long[] ptr = w.regs[in.a()];
    long[] val = w.regs[in.b()];
    long[] val2 = in.args.length > 2 ? w.regs[in.args[2]] : null;
    long[] d = w.regs[in.dst];
    int taint = 0;
    int vt = w.taint[in.b()];
    // Lanes in order: a deterministic serialisation of the warp's atomics.
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      Allocation a = resolve(ptr[l], in, w, l, size);
      if (a == null) {
        d[l] = 0;
        continue;
      }
      int off = (int) Ptr.offset(ptr[l]);
      long old = a.load(t, off);
      boolean oldTaint = a.tainted(off);
      long nv = Atomics.apply(in, t, old, val[l], val2 == null ? 0 : val2[l]);
      if (lx.checker != null) {
        lx.checker.atomic(in, block, w, l, a, off, size, old, val[l], old == val[l]);
      }
      a.store(t, off, nv);
      if (nv != old) {
        lx.progress++;
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
  }

  /** Counts one warp-level access by the spaces its lanes touched. */
  private void count(CInsn in, Warp w, int mask, int size, boolean store, int[] bankOut) {
    if (in.countedWith >= 0) {
      for (int m = mask; m != 0; m &= m - 1) {
        lanes[Integer.numberOfTrailingZeros(m)] = null;
      }
      return; // the first access of the merged pair counted both (AccessMerging)
    }
    size = in.widthBytes;
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
      Counters phase = lx.phase(w.phase);
      if (store) {
        c.localStoreInstructions++;
        site.localStoreInstructions++;
        phase.localStoreInstructions++;
      } else {
        c.localLoadInstructions++;
        site.localLoadInstructions++;
        phase.localLoadInstructions++;
      }
    }
  }

  /** Costs a shared access of the lanes in {@code mask} at {@link #sharedAddr} through the bank model. */
  private void countShared(CInsn in, Warp w, int mask, int size, boolean store, int[] bankOut) {
    lx.memoryModel.shared(sharedAddr, mask, size, store, bankOut, histogram);
    int top = Math.min(histogram.length - 1, bankOut[2]); // no group has a degree above the largest
    shared(lx.counters, store, bankOut, top);
    shared(lx.site(in.index), store, bankOut, top);
    shared(lx.phase(w.phase), store, bankOut, top);
    java.util.Arrays.fill(histogram, 0, top + 1, 0);
  }

  /** Costs a global access of the lanes in {@code mask} at {@link #globalAddr} through the coalescer. */
  private void countGlobal(CInsn in, Warp w, int mask, int size, boolean store) {
    int sectors = lx.memoryModel.sectors(globalAddr, mask, size);
    global(lx.counters, store, sectors);
    global(lx.site(in.index), store, sectors);
    global(lx.phase(w.phase), store, sectors);
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

  private static void global(Counters k, boolean store, int sectors) {
    if (store) {
      k.globalStoreInstructions++;
      k.globalStoreSectors += sectors;
    } else {
      k.globalLoadInstructions++;
      k.globalLoadSectors += sectors;
    }
  }
}
