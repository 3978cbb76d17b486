package org.scansim.sim.arch;

/** How a warp's global load or store is turned into memory transactions. */
public enum GlobalAccessRule {
  /**
   * Compute capability 1.0 and 1.1 (CUDA Programming Guide 2.x–3.x, "Coalescing on Devices with
   * Compute Capability 1.0 and 1.1"): each half-warp separately; coalesced into one 64-byte
   * (32-bit words), one 128-byte (64-bit words) or two 128-byte (128-bit words) transactions when
   * the k-th lane accesses the k-th word of one aligned segment, otherwise one transaction per lane.
   */
  HALF_WARP_CC_1_0,
  /**
   * Fermi and later, as Nsight Compute counts it ({@code l1tex__t_sectors_pipe_lsu_mem_global_op_ld}):
   * the distinct 32-byte sectors touched by the active lanes.
   */
  SECTORS
}
