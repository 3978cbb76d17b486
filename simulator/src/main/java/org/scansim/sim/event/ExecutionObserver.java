package org.scansim.sim.event;

import org.scansim.frontend.ir.Insn;

/**
 * What the functional engine did, per warp and in the order each warp did it: the stream a
 * timing model consumes. Every instruction a warp issues is one {@link #issue} (or one of a
 * {@link #issueRun}) with the lanes
 * that ran it and its source position ({@link Insn#span()}); its unit class is {@code
 * insn.op().unit()}. What it cost in memory follows it before the warp's next issue: each shared
 * request with its wavefronts, each global request with its sectors, each local access, each
 * atomic. Control flow follows from divergent branches, reconvergence and block-wide barriers.
 *
 * <p>Blocks are numbered by their linear index in the grid and warps by their index in the block;
 * {@link #launch} opens each kernel launch; each block's events come between its {@link
 * #blockBegin} and {@link #blockEnd} (a block a fault stops has no end). Each warp's events come
 * in the order the warp did them, and the same run gives the same events. By default every call
 * comes from the launching thread, in the order of the run: independent blocks run one after
 * another in block order; blocks that may communicate take turns under the residency limit, so
 * their warps' events interleave. An observer that gives a {@link #worker} hears independent
 * blocks on several threads instead. The counts the stream adds up to equal the launch's counters
 * (a test holds them to it for every catalog kernel). Every method does nothing by default.
 *
 * <p>It depends on the IR alone, so a timing model built on it needs nothing of the engine.
 */
public interface ExecutionObserver {
  /** A launch of {@code kernel} begins: {@code blocks} blocks of {@code threadsPerBlock} threads. */
  default void launch(String kernel, long blocks, int threadsPerBlock) {}

  /**
   * The device time of every launch that has ended, in nanoseconds, as a timing model predicts
   * it; -1 (the default) when this observer predicts no time. Asked by host code between
   * launches (CUDA events, a program's clock); the answer is the same on any thread count.
   */
  default long elapsedNanos() {
    return -1;
  }

  /**
   * An observer for one more host thread of a launch of independent blocks, or null (the default:
   * such blocks run on the launching thread alone, one after another, and this observer hears
   * them). Asked on the launching thread after {@link #launch}, once for each thread the launch
   * runs blocks on; each worker then hears whole blocks, from {@link #blockBegin} to {@link
   * #blockEnd}, on its thread alone, and which worker hears which block, and in which order the
   * workers' blocks interleave, depend on the threads. What an observer makes of a launch must not
   * depend on it: the engine's reports do not depend on the thread count, nor may the observer's.
   */
  default ExecutionObserver worker() {
    return null;
  }

  /**
   * The run starts again from its beginning, on one thread (its blocks on several threads touched
   * each other's global memory, so the run on one thread is the one reported): forget it.
   */
  default void restart() {}

  /**
   * Whether it still listens to the warps: false once nothing more it could hear of them changes
   * what it reports (a timing model whose traces passed their budget: the run has no cycles), and
   * from then on for the rest of the run. The engine may then leave out its issues, divergent
   * branches and reconvergences (memory requests, barriers and blocks' begins and ends still come).
   * True by default.
   */
  default boolean listening() {
    return true;
  }

  /** Block {@code block} begins: its warps' events follow. */
  default void blockBegin(int block) {}

  /** Every warp of block {@code block} has exited. */
  default void blockEnd(int block) {}

  /**
   * {@link #blockEnd}, the caller vouching that every block it ends with the same {@code key}
   * (an engine's replayed blocks of one recording) had the same events, in the same order, but
   * for the addresses of their global requests: the next such block may then come through {@link
   * #blockAgain} instead of its events.
   */
  default void blockEnd(int block, Object key) {
    blockEnd(block);
  }

  /**
   * Block {@code block}, begin to end, did what the last block this observer heard end did, when
   * that one ended with the same {@code key} ({@link #blockEnd(int, Object)}): the same events but
   * for its global requests' addresses, {@code globalAddresses} (one for each request, in order;
   * the caller's array, reused: read it during the call only). True when the observer took the
   * block so; false (the default) when it wants the events, which the caller then tells as usual
   * from {@link #blockBegin} on.
   */
  default boolean blockAgain(int block, Object key, long[] globalAddresses) {
    return false;
  }

  /** Warp {@code warp} of block {@code block} issued {@code insn} for the lanes of {@code activeMask}. */
  default void issue(int block, int warp, Insn insn, int activeMask) {}

  /**
   * Warp {@code warp} of block {@code block} issued {@code insns[from..to-1]}, in order, for the
   * lanes of {@code activeMask}, with nothing else between them (no memory request: only the last
   * may have one, which follows the run). The same as one {@link #issue} for each, which is what it
   * does by default; an observer may take the run at once. A run is never empty, and {@code
   * insns} is the engine's and never changes: an observer may keep it, and know a run again by
   * the array's identity and its bounds.
   */
  default void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
    for (int i = from; i < to; i++) {
      issue(block, warp, insns[i], activeMask);
    }
  }

  /**
   * A shared-memory request of the instruction just issued, by the lanes of {@code lanes}: {@code
   * wavefronts} as the banks serve it, {@code idealWavefronts} without bank conflicts. An
   * instruction merged with the next one ({@code LDS.64}) makes one request for both.
   */
  default void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {}

  /**
   * Whether this observer hears each shared request's addresses ({@link #sharedAddresses}): off by
   * default, so that the engine gathers them only for an observer that asks.
   */
  default boolean wantsSharedAddresses() {
    return false;
  }

  /**
   * The byte addresses in shared memory of the request {@link #sharedAccess} just reported (to an
   * observer that {@link #wantsSharedAddresses}): lane l's in {@code addresses[l]} for the lanes of
   * {@code lanes}, each access {@code size} bytes wide. The array is the engine's, reused: read it
   * during the call only.
   */
  default void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {}

  /**
   * A global-memory request of the instruction just issued: the 32-byte {@code sectors} it touched,
   * and the lowest byte {@code address} of its lanes' (in the simulated device's address space,
   * where a buffer's bytes are consecutive): a cache model takes the request's sectors as the
   * {@code sectors} from that address's on.
   */
  default void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {}

  /** A local-memory access of the instruction just issued. */
  default void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {}

  /**
   * An atomic of the instruction just issued, by the lanes of {@code lanes}, serialised in lane
   * order: the lowest byte {@code address} of theirs (as for {@link #globalAccess}), and whether
   * any of them {@code changed} memory (a poll such as {@code atomicAdd(&flag, 0)} changes none).
   */
  default void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {}

  /** The branch just issued split the warp: the lanes of {@code taken} go to its target, the rest of {@code activeMask} on. */
  default void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {}

  /** The paths of warp {@code warp} reached their reconvergence point: the lanes of {@code mask} run on together. */
  default void reconverge(int block, int warp, int mask) {}

  /** Every warp of the block that had not exited arrived at the {@code __syncthreads} {@code insn}: the block goes on. */
  default void barrier(int block, Insn insn) {}
}
