package org.scansim.sim.exec;

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
}
