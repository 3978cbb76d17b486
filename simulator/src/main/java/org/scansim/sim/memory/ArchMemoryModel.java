package org.scansim.sim.memory;

import org.scansim.sim.arch.Architecture;
import org.scansim.sim.banks.AccessKind;
import org.scansim.sim.banks.GlobalAccessResult;
import org.scansim.sim.banks.GlobalCoalescing;
import org.scansim.sim.banks.SharedAccessResult;
import org.scansim.sim.banks.SharedMemoryBanks;

/** The engine's memory rules taken from an architecture preset: its bank model and coalescer. */
public final class ArchMemoryModel implements MemoryModel {
  private final Architecture arch;
  private final SharedMemoryBanks banks;
  private final GlobalCoalescing coalescing;
  private final SharedAccessResult shared = new SharedAccessResult();
  private final GlobalAccessResult global = new GlobalAccessResult();

  public ArchMemoryModel(Architecture arch) {
    this.arch = arch;
    this.banks = new SharedMemoryBanks(arch);
    this.coalescing = new GlobalCoalescing(arch);
  }

  @Override
  public void shared(int[] byteAddr, int mask, int widthBytes, boolean store, int[] out, long[] histogram) {
    banks.access(widthBytes, store ? AccessKind.STORE : AccessKind.LOAD, mask, byteAddr, shared);
    out[0] = shared.wavefronts();
    out[1] = shared.idealWavefronts();
    out[2] = shared.maxDegree();
    shared.addDegreesTo(histogram);
  }

  @Override
  public MemoryModel copy() {
    return new ArchMemoryModel(arch);
  }

  @Override
  public int wordBanks() {
    return banks.wordBanks();
  }

  @Override
  public int sectorShift() {
    return coalescing.distinctSectorShift();
  }

  @Override
  public int sectors(long[] byteAddr, int mask, int widthBytes) {
    coalescing.access(widthBytes, AccessKind.LOAD, mask, byteAddr, global);
    return global.sectors();
  }
}
