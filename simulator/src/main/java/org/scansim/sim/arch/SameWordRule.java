package org.scansim.sim.arch;

/**
 * What shared memory does when several lanes of one request touch the same bank word.
 *
 * <p>The distinction is the one the CUDA C Programming Guide draws between compute capability 1.x
 * ("32-Bit Broadcast Access": one broadcast word per step) and 2.x and later ("a shared memory
 * request for a warp does not generate a bank conflict between two threads that access any address
 * within the same 32-bit word").
 */
public enum SameWordRule {
  /**
   * Compute capability 1.x. A request is served in steps; each step serves every lane of one
   * chosen <em>broadcast word</em> and one lane for every other bank. Lanes sharing a word other
   * than the broadcast word are served one per step. Which word is chosen is unspecified by the
   * guide; scansim takes the choice that needs the fewest steps.
   */
  BROADCAST_ONE,
  /**
   * Compute capability 2.x and later. Any number of bank words are multicast in one pass: lanes
   * touching the same bank word never conflict, for loads and stores alike (for a store one of the
   * lanes writes, which one is undefined).
   */
  MULTICAST
}
