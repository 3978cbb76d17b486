package org.scansim.sim.run;

import org.scansim.sim.memory.MemoryModel;

/** A memory model that counts one wavefront per access and one sector per lane: for tests of execution only. */
final class NoBanks implements MemoryModel {
  @Override
  public void shared(int[] byteAddr, int mask, int widthBytes, boolean store, int[] out, long[] histogram) {
    out[0] = 1;
    out[1] = 1;
    out[2] = 1;
    histogram[1]++;
  }

  @Override
  public int sectors(long[] byteAddr, int mask, int widthBytes) {
    return Integer.bitCount(mask);
  }
}
