package org.scansim.sim.arch;

/**
 * How a shared-memory access wider than a bank (64-bit {@code float2}/{@code double}, 128-bit
 * {@code float4}) is split into passes. Citations are to the CUDA C Programming Guide's
 * compute-capability appendix ("Compute Capabilities", section "Shared Memory" of each
 * compute capability; appendix F in the v4.2 guide) unless noted.
 */
public enum WideAccess {
  /**
   * 1.x: "accesses larger than 32-bit are split into 32-bit accesses" (the guide's
   * {@code double} example has 2-way conflicts because each half is a stride-2 32-bit access).
   * Each 32-bit piece is a separate request per half-warp.
   */
  SPLIT_INTO_32_BIT,
  /**
   * 2.x (Fermi): 64-bit accesses conflict only between lanes of the same half-warp (two half-warp
   * passes); "the majority of 128-bit accesses will cause 2-way bank conflicts, even if no two
   * threads in a quarter-warp access different addresses belonging to the same bank" — the degree
   * of a quarter-warp is one more than its largest count of distinct words in one bank.
   */
  FERMI,
  /**
   * 3.x (Kepler): banks are 64 bits wide physically. In 64-bit mode, lanes touching the same 64-bit
   * word do not conflict; in 32-bit mode, words i and i+32 of one 64-word aligned segment do not
   * conflict either. A pass moves 256 bytes, so accesses up to 64 bits are one full-warp pass and
   * 128-bit accesses two half-warp passes (the latter is not documented).
   */
  KEPLER,
  /**
   * 5.x to 9.0 (Maxwell … Hopper): a pass (wavefront) moves 128 bytes; 64-bit accesses are served
   * as two half-warp phases and 128-bit accesses as four quarter-warp phases. For loads, two phases
   * (the half-warps of a 64-bit load, the quarter-warps of one half-warp of a 128-bit load) are
   * served together when every 32 bytes the lanes request need at most 16 distinct bytes; stores
   * are never paired. Measured with Nsight Compute on sm_90, not documented (see {@code
   * org.scansim.sim.banks.SharedMemoryBanks}); assumed for 5.x to 8.x.
   */
  PHASED
}
