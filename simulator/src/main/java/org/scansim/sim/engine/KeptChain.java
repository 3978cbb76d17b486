package org.scansim.sim.engine;

/**
 * A trace's kept chains ({@code engine.opt.BlockInvariance}): the ops a warp skips when it takes
 * the trace on the same path as in its executor's block before, and the shared accesses whose
 * lane check it then takes from that block's ({@link SeenAddresses}) instead of from their
 * skipped pointers.
 */
public final class KeptChain {
  /**
   * Whether warps on a repeated path skip the kept chains: the system property {@code
   * scansim.keptChains} set to {@code off} skips none (a differential run compares the two); tests
   * set the field.
   */
  static volatile boolean on = !"off".equals(System.getProperty("scansim.keptChains"));

  /** Per op of the trace: skipped on a repeated path. */
  final boolean[] skip;
  /**
   * Per op of the trace: for a shared access that takes its lane check from the block before, its
   * place in {@link #trustedOps}; else -1.
   */
  final int[] trustedAt;
  /** The ops of {@link #trustedAt}, in order: each must have its check kept for the trace to skip. */
  final CInsn[] trustedOps;

  /** The chains of a trace whose ops are {@code ops}: those it skips, and its accesses that take the block before's check. */
  public KeptChain(CInsn[] ops, boolean[] skip, boolean[] trusted) {
    this.skip = skip;
    this.trustedAt = new int[ops.length];
    java.util.List<CInsn> taking = new java.util.ArrayList<>();
    for (int i = 0; i < ops.length; i++) {
      trustedAt[i] = trusted[i] ? taking.size() : -1;
      if (trusted[i]) {
        taking.add(ops[i]);
      }
    }
    this.trustedOps = taking.toArray(new CInsn[0]);
  }
}
