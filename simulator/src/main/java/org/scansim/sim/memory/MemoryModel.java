package org.scansim.sim.memory;

/**
 * What the engine asks the architecture's memory rules (the bank model and the coalescer): how
 * many wavefronts a shared access needs, how many sectors a global one touches. Implemented
 * over {@code org.scansim.sim.banks}; tests can pass their own.
 */
public interface MemoryModel {
  /**
   * One warp-level shared access. {@code byteAddr[lane]} for lanes set in {@code mask}. Writes
   * {@code out[0]} wavefronts, {@code out[1]} ideal wavefronts, {@code out[2]} the largest
   * conflict degree, and adds one to {@code histogram[d]} per request group served at degree d.
   */
  void shared(int[] byteAddr, int mask, int widthBytes, boolean store, int[] out, long[] histogram);

  /**
   * A model for another thread: blocks run on several cores, and a model may keep scratch state.
   * Stateless models return themselves.
   */
  default MemoryModel copy() {
    return this;
  }

  /** The 32-byte sectors a warp-level global access touches. */
  int sectors(long[] byteAddr, int mask, int widthBytes);

  /**
   * A shortcut the engine may take for aligned 4-byte shared accesses: {@code n > 0} when such an
   * access is one request group over {@code n} banks of 4-byte words, served in one wavefront
   * (degree 1) whenever no two of its lanes use the same bank, as {@link #shared} would find; 0
   * when there is no such shortcut.
   */
  default int wordBanks() {
    return 0;
  }

  /**
   * A shortcut for global accesses: {@code s >= 0} when an access costs the number of distinct
   * aligned 2^s-byte sectors its lanes' bytes touch, as {@link #sectors} would find; -1 when not.
   */
  default int sectorShift() {
    return -1;
  }
}
