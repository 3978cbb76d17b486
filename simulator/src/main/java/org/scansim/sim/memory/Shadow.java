package org.scansim.sim.memory;


/**
 * What the checkers keep per 4-byte word of one allocation (created only when checkers are
 * on): whether it has been written, where an uninitialised value in it came from, the node of
 * the ⊕ graph its value is, and the last write and last two reads of different threads (the
 * race checker's history, in the manner of FastTrack's epochs: thread, site and the
 * barrier/{@code __syncwarp} interval of each access).
 */
public final class Shadow {
  /** 1 once written (by a kernel, a copy, a memset, or the harness). */
  public final byte[] init;
  /** Nonzero: the value was derived from an uninitialised read at site (value - 1). */
  public final int[] undef;
  /** The ⊕-graph node the word holds, plus one (0: a value not derived from the input). */
  public final int[] tag;
  /** Race history: thread+1 (0: none), site and interval word (see {@code check.Checker.interval}). */
  public final int[] wT;
  public final int[] wS;
  public final int[] wE;
  public final int[] rT;
  public final int[] rS;
  public final int[] rE;
  public final int[] r2T;
  public final int[] r2S;
  public final int[] r2E;

  /** {@code defined}: every word counts as written from the start (a module variable). */
  public Shadow(int words, boolean init, boolean proof, boolean races, boolean defined) {
    this.init = init ? new byte[words] : null;
    if (init && defined) {
      java.util.Arrays.fill(this.init, (byte) 1);
    }
    this.undef = init ? new int[words] : null;
    this.tag = proof ? new int[words] : null;
    this.wT = races ? new int[words] : null;
    this.wS = races ? new int[words] : null;
    this.wE = races ? new int[words] : null;
    this.rT = races ? new int[words] : null;
    this.rS = races ? new int[words] : null;
    this.rE = races ? new int[words] : null;
    this.r2T = races ? new int[words] : null;
    this.r2S = races ? new int[words] : null;
    this.r2E = races ? new int[words] : null;
  }

  /** Forgets the race history (a new kernel launch orders everything before it). */
  public void newLaunch() {
    if (wT != null) {
      java.util.Arrays.fill(wT, 0);
      java.util.Arrays.fill(rT, 0);
      java.util.Arrays.fill(r2T, 0);
    }
  }
}
