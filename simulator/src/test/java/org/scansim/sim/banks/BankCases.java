package org.scansim.sim.banks;

import java.util.function.IntUnaryOperator;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.ArchitectureException;
import org.scansim.sim.arch.Architectures;

/** Helpers for the bank-model tests: lane addresses from a formula, one call per case. */
final class BankCases {
  static final int ALL = -1;

  private BankCases() {}

  /** Byte address of each lane; {@code f} is evaluated for every lane, active or not. */
  static int[] addresses(IntUnaryOperator f) {
    int[] a = new int[32];
    for (int lane = 0; lane < 32; lane++) {
      a[lane] = f.applyAsInt(lane);
    }
    return a;
  }

  static SharedAccessResult load(String arch, int width, int mask, IntUnaryOperator address) {
    return run(Architectures.preset(arch), width, AccessKind.LOAD, mask, addresses(address));
  }

  static SharedAccessResult store(String arch, int width, int mask, IntUnaryOperator address) {
    return run(Architectures.preset(arch), width, AccessKind.STORE, mask, addresses(address));
  }

  static SharedAccessResult run(
      Architecture arch, int width, AccessKind kind, int mask, int[] addresses) {
    SharedAccessResult out = new SharedAccessResult();
    new SharedMemoryBanks(arch).access(width, kind, mask, addresses, out);
    return out;
  }

  static Architecture keplerEightByte() {
    try {
      return Architectures.withBankWidth(Architectures.preset("kepler"), 8);
    } catch (ArchitectureException e) {
      throw new AssertionError(e);
    }
  }
}
