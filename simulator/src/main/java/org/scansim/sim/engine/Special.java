package org.scansim.sim.engine;

/** Special registers: threadIdx, blockDim, blockIdx, gridDim, warpSize, the lane masks. */
final class Special {
  private Special() {}

  static void read(CInsn in, long[] d, int mask, Warp w, LaunchContext lx, int[] blockIdx) {
    int[] b = lx.block;
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      int t = w.firstThread + l;
      d[l] = switch (in.ir.sreg()) {
        case TID_X -> t % b[0];
        case TID_Y -> (t / b[0]) % b[1];
        case TID_Z -> t / (b[0] * b[1]);
        case NTID_X -> b[0];
        case NTID_Y -> b[1];
        case NTID_Z -> b[2];
        case CTAID_X -> blockIdx[0];
        case CTAID_Y -> blockIdx[1];
        case CTAID_Z -> blockIdx[2];
        case NCTAID_X -> lx.grid[0];
        case NCTAID_Y -> lx.grid[1];
        case NCTAID_Z -> lx.grid[2];
        case WARPSIZE -> 32;
        case LANEMASK_LT -> (1L << l) - 1;
      };
    }
  }
}
