package org.scansim.sim.engine;

import org.scansim.sim.memory.Allocation;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.device.Sizes;
import java.util.HashMap;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.MemoryVar;

/**
 * Runs one thread block: its warps, one instruction at a time for all active lanes, under a
 * deterministic round-robin schedule that switches warps at barriers. Shared memory is laid out
 * as the static arrays in declaration order (each aligned to 16 bytes) followed by the dynamic
 * array; each array is its own allocation, so an index one past an array is caught even where it
 * would land inside the block's shared memory.
 *
 * <p>Not modelled here: timing (issue order is functional, not cycle-accurate); memory consistency
 * between blocks beyond "a block's writes are visible when it has run".
 */
public final class BlockExecutor {
  private final LaunchContext lx;
  private final Code code;
  private int[] blockIdx;
  private final Warp[] warps;
  private final Allocation[] shared;
  private final Map<Long, Allocation> locals = new HashMap<>();
  private final Interpreter alu;
  /** The order warps are given the processor in: index order, or a permutation chosen by --seed. */
  private final int[] order;

  /** The block's linear index in its grid. */
  private int linear;

  /** The block's linear index in its grid. */
  public int linear() {
    return linear;
  }

  /** The linear index of the block this executor ran before this one, or -1. */
  private int previous = -1;

  int previous() {
    return previous;
  }

  /** Whether its {@link Memory} keeps its lane checks for the next block ({@link SeenAddresses}). */
  final boolean keepsAddresses;
  /** The launch-wide index of the block's thread 0, and the threads of a block. */
  private int firstThread;
  private final int threadsPerBlock;

  public BlockExecutor(LaunchContext lx, int[] blockIdx) {
    this(lx, blockIdx, false);
  }

  /**
   * An executor for block {@code blockIdx}; {@code keepsAddresses}: one that runs one block after
   * another ({@link #reset}) and keeps its lane checks of shared accesses for the next ({@link SeenAddresses}).
   */
  public BlockExecutor(LaunchContext lx, int[] blockIdx, boolean keepsAddresses) {
    this.keepsAddresses = keepsAddresses;
    this.lx = lx;
    this.code = lx.code;
    this.threadsPerBlock = lx.threadsPerBlock();
    int threads = threadsPerBlock;
    int n = (threads + 31) / 32;
    this.warps = new Warp[n];
    for (int w = 0; w < n; w++) {
      warps[w] = new Warp(w, w * 32, Math.min(32, threads - w * 32), code, lx.checker);
      warps[w].setBlockX(lx.block[0]);
    }
    this.shared = layoutShared();
    this.alu = new Interpreter(lx, this);
    this.order = new int[n];
    start(blockIdx);
  }

  /**
   * Makes this executor run block {@code blockIdx} from its start, as a new one would: registers
   * that might be read before they are written are zero again, the parameters hold the launch's
   * arguments, shared memory is refilled with its garbage pattern and loses its checkers'
   * shadows. Used to run many blocks of a launch on one executor instead of allocating a block's
   * state for each.
   */
  public BlockExecutor reset(int[] blockIdx) {
    previous = linear;
    for (Warp w : warps) {
      w.reset(code);
    }
    resetShared();
    locals.clear();
    start(blockIdx);
    return this;
  }

  private void start(int[] blockIdx) {
    this.blockIdx = blockIdx;
    this.linear = (int) (((long) blockIdx[2] * lx.grid[1] + blockIdx[1]) * lx.grid[0] + blockIdx[0]);
    this.firstThread = linear * threadsPerBlock;
    for (Warp w : warps) {
      for (int p = 0; p < code.params.length; p++) {
        java.util.Arrays.fill(w.regs[code.params[p]], lx.args[p]);
      }
    }
    int n = warps.length;
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (lx.seed != 0) {
      // Any order of warps between barriers is legal (CUDA C Guide §7.6); the seed picks one.
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(lx.seed * 0x9E3779B97F4A7C15L
          + ((long) blockIdx[2] * lx.grid[1] + blockIdx[1]) * lx.grid[0] + blockIdx[0]);
      for (int i = n - 1; i > 0; i--) {
        int j = rnd.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
  }

  private Allocation[] layoutShared() {
    Allocation[] out = new Allocation[code.memory.size()];
    int offset = 0;
    for (int i = 0; i < out.length; i++) {
      MemoryVar m = code.memory.get(i);
      if (m.space() != org.scansim.frontend.ir.MemSpace.SHARED || m.isDynamic()) {
        continue;
      }
      offset = (offset + 15) & ~15;
      out[i] = new Allocation(m.name(), Ptr.SHARED, (int) m.bytes(), offset);
      out[i].variable = m;
      offset += (int) m.bytes();
    }
    int dynamicBase = (offset + 15) & ~15;
    Allocation dynamic = null;
    for (int i = 0; i < out.length; i++) {
      MemoryVar m = code.memory.get(i);
      if (m.space() == org.scansim.frontend.ir.MemSpace.SHARED && m.isDynamic()) {
        // Every extern __shared__ array starts at the same address (CUDA C Guide §7.2.3).
        if (dynamic == null) {
          dynamic = new Allocation(m.name(), Ptr.SHARED, lx.dynamicSharedBytes, dynamicBase);
        }
        out[i] = dynamic;
      }
    }
    // Shared memory starts as garbage on a GPU; a recognisable pattern makes misuse visible.
    for (Allocation a : out) {
      if (a != null) {
        a.fill(SHARED_GARBAGE);
      }
    }
    return out;
  }

  /**
   * Static plus dynamic shared bytes this block uses, each array 16-byte aligned; {@code
   * Long.MAX_VALUE} when that passes what a long holds ({@code __shared__ float s[1 << 29]} is 2
   * GiB, past an int: it must fail the launch's limit, not wrap around).
   */
  public static long sharedBytes(Code code, long dynamicBytes) {
    long offset = 0;
    for (MemoryVar m : code.memory) {
      if (m.space() == org.scansim.frontend.ir.MemSpace.SHARED && !m.isDynamic()) {
        offset = Sizes.add(Sizes.align16(offset), m.bytes());
      }
    }
    return dynamicBytes > 0 ? Sizes.add(Sizes.align16(offset), dynamicBytes) : offset;
  }

  public String blockName() {
    return blockName(blockIdx);
  }

  public static String blockName(int[] blockIdx) {
    return "(" + blockIdx[0] + "," + blockIdx[1] + "," + blockIdx[2] + ")";
  }

  int[] blockIdx() {
    return blockIdx;
  }

  public Code code() {
    return code;
  }

  public int threadsPerBlock() {
    return lx.threadsPerBlock();
  }

  /** The launch-wide linear index of a lane's thread (block-major), as the race checker records it. */
  public int globalThread(Warp w, int lane) {
    return firstThread + w.firstThread + lane;
  }

  /** Whether launch-wide thread index t is a thread of this block. */
  public boolean ownsThread(int t) {
    return Integer.compareUnsigned(t - firstThread, threadsPerBlock) < 0;
  }

  /** The block-linear thread index of a launch-wide thread index. */
  public String threadAt(int global) {
    return String.valueOf(global % lx.threadsPerBlock());
  }

  /** The block coordinates of a launch-wide thread index. */
  public String blockAt(int global) {
    long b = global / lx.threadsPerBlock();
    int[] g = lx.grid;
    return "(" + b % g[0] + "," + b / g[0] % g[1] + "," + b / ((long) g[0] * g[1]) + ")";
  }

  /** The shared variable a pointer's id names, or null for an id no shared variable has (a pointer made from an integer). */
  Allocation sharedAllocation(int memIndex) {
    return memIndex >= 0 && memIndex < shared.length ? shared[memIndex] : null;
  }

  /**
   * The thread-private allocation of a local array (created on first use), or null when the
   * pointer's id names no local array of this kernel or no thread of the block (a pointer made
   * from an integer: the access is an invalid-address fault, as any other). The id is checked
   * only where no allocation exists yet, so that the accesses of real local arrays pay nothing
   * more than the lookup.
   */
  Allocation local(int memIndex, int thread) {
    long key = ((long) memIndex << 20) | thread;
    return locals.computeIfAbsent(key, k -> {
      if (memIndex >= code.memory.size() || thread >= lx.threadsPerBlock() || code.moduleLevel[memIndex]
          || code.memory.get(memIndex).space() == org.scansim.frontend.ir.MemSpace.SHARED) {
        return null; // nothing is kept for an id that names no local array
      }
      MemoryVar m = code.memory.get(memIndex);
      Allocation a = new Allocation(m.name(), Ptr.LOCAL, (int) m.bytes(), 0);
      a.variable = m;
      a.fill((byte) 0xCD);
      return a;
    });
  }

  /** Runs the block to completion. */
  public void run() {
    step(Long.MAX_VALUE);
  }

  /**
   * Runs the block for at most {@code slice} warp instructions; true when it has finished. A
   * block that spins on another block's flag leaves its warps where they are for the next turn.
   */
  public boolean step(long slice) {
    alu.sliceLeft = slice;
    while (true) {
      boolean progressed = false;
      for (int k : order) {
        Warp w = warps[k];
        if (!w.done() && w.barrierPc < 0) {
          alu.run(w);
          progressed = true;
        }
      }
      boolean anyWaiting = false;
      boolean allDone = true;
      for (Warp w : warps) {
        anyWaiting |= w.barrierPc >= 0;
        allDone &= w.done();
      }
      if (allDone) {
        countThreadWork();
        return true;
      }
      if (anyWaiting && allAtBarrierOrDone()) {
        releaseBarrier();
      } else if (alu.sliceLeft <= 0) {
        return false;
      } else if (!progressed) {
        return true;
      }
    }
  }

  /** The most applications of ⊕ by one thread of the block that ended, into the launch's maximum. */
  void countThreadWork() {
    for (Warp w : warps) {
      for (int v : w.laneWork) {
        lx.counters.maxThreadWork = Math.max(lx.counters.maxThreadWork, v);
      }
    }
  }

  private boolean allAtBarrierOrDone() {
    for (Warp w : warps) {
      if (!w.done() && w.barrierPc < 0) {
        return false;
      }
    }
    return true;
  }

  /** Where this block's first unfinished warp is, for a deadlock report. */
  public String whereWaiting() {
    for (Warp w : warps) {
      if (!w.done()) {
        return "threads " + threadRange(w, w.mask[w.sp - 1]) + " at " + code.insns[w.pc[w.sp - 1]].span.position();
      }
    }
    return "finished";
  }

  /** Every live warp waits at a barrier: release them if it is the same one, else fault. */
  private void releaseBarrier() {
    int pc = -1;
    for (Warp w : warps) {
      if (w.done()) {
        continue;
      }
      if (pc < 0) {
        pc = w.barrierPc;
      } else if (w.barrierPc != pc) {
        Fault f = divergentBarrier(pc, w.barrierPc);
        if (lx.checker != null && lx.checker.barrierEvents) {
          // Both barriers, then stop: what follows is undefined (the hardware may hang or mix the phases).
          lx.checker.divergentBarrier(code.insns[pc].span, code.insns[w.barrierPc].span, f.getMessage());
          throw f.markReported();
        }
        throw f;
      }
    }
    boolean someExited = false;
    for (Warp w : warps) {
      someExited |= w.live != (w.index == warps.length - 1 ? lastWarpLanes() : -1);
    }
    if (someExited && lx.checker != null && lx.checker.barrierEvents) {
      StringBuilder gone = new StringBuilder();
      for (Warp w : warps) {
        int all = w.index == warps.length - 1 ? lastWarpLanes() : -1;
        if ((w.live & all) != all) {
          gone.append(gone.length() == 0 ? "" : ", ").append(threadRange(w, all & ~w.live));
        }
      }
      lx.checker.divergentBarrier(code.insns[pc].span, "__syncthreads() in block " + blockName() + " is not reached by threads "
          + gone + ", which returned before it (the CUDA C Guide leaves this undefined: every thread of the block must reach the same __syncthreads())");
    } else if (someExited) {
      warn("__syncthreads() at " + code.insns[pc].span.position()
          + " was not reached by threads that had already returned (undefined behaviour; the hardware ignores exited threads)");
    }
    int phase = 0;
    for (Warp w : warps) {
      if (!w.done()) {
        w.barrierPc = -1;
        phase = Math.max(phase, w.phase);
      }
    }
    int slot = Math.min(phase + 1, Warp.MAX_PHASES - 1);
    for (Warp w : warps) {
      w.phase = phase + 1;
      w.slot = slot;
    }
    lx.ensurePhase(slot);
    lx.counters.barriers++;
    lx.site(pc).barriers++;
    lx.phase(Math.min(phase, Warp.MAX_PHASES - 1)).barriers++;
    if (lx.observer != null) {
      lx.observer.barrier(linear, code.insns[pc].ir);
    }
  }

  private int lastWarpLanes() {
    int lanes = lx.threadsPerBlock() - (warps.length - 1) * 32;
    return lanes == 32 ? -1 : (1 << lanes) - 1;
  }

  private Fault divergentBarrier(int a, int b) {
    StringBuilder who = new StringBuilder();
    for (Warp w : warps) {
      if (!w.done()) {
        who.append("\n  threads ").append(threadRange(w, w.live)).append(" wait at ")
            .append(code.insns[w.barrierPc].span.position());
      }
    }
    return new Fault(Kind.DIVERGENT_BARRIER, code.insns[b].span,
        "threads of block " + blockName() + " wait at different __syncthreads():" + who);
  }

  /** Thread coordinates of one lane, as threadIdx. */
  String threadName(Warp w, int lane) {
    int t = w.firstThread + lane;
    int x = t % lx.block[0];
    int y = (t / lx.block[0]) % lx.block[1];
    int z = t / (lx.block[0] * lx.block[1]);
    return "(" + x + "," + y + "," + z + ")";
  }

  /** "0..31" style description of the linear thread indices of the lanes in mask. */
  static String threadRange(Warp w, int mask) {
    StringBuilder s = new StringBuilder();
    int m = mask;
    while (m != 0) {
      int lo = Integer.numberOfTrailingZeros(m);
      int hi = lo;
      while (hi + 1 < 32 && (m & (1 << (hi + 1))) != 0) {
        hi++;
      }
      if (s.length() > 0) {
        s.append(", ");
      }
      s.append(w.firstThread + lo);
      if (hi > lo) {
        s.append("..").append(w.firstThread + hi);
      }
      m &= hi == 31 ? 0 : ~((1 << (hi + 1)) - 1);
    }
    return s.toString();
  }

  void warn(String message) {
    if (!lx.warnings.contains(message)) {
      lx.warnings.add(message);
    }
  }

  Warp[] warps() {
    return warps;
  }

  LaunchContext lx() {
    return lx;
  }

  Interpreter interpreter() {
    return alu;
  }

  /** Makes the interpreter tell {@code r} each instruction before it runs, and runs them one by one (no traces). */
  void record(BlockRecorder r) {
    alu.recorder = r;
  }

  /** The index in the program's memory table of shared array {@code a} of this block, or -1. */
  int sharedIndexOf(Allocation a) {
    for (int i = 0; i < shared.length; i++) {
      if (shared[i] == a) {
        return i;
      }
    }
    return -1;
  }

  /** Every byte of a block's shared memory when it starts: garbage on a GPU, a recognisable pattern here. */
  static final byte SHARED_GARBAGE = (byte) 0xAB;

  /** Refills shared memory with its garbage pattern, as {@link #reset} does for a new block. */
  void resetShared() {
    for (Allocation a : shared) {
      if (a != null) {
        a.reset(SHARED_GARBAGE);
      }
    }
  }

  IrType regType(int r) {
    return code.regTypes[r];
  }

}
