package org.scansim.sim.exec;

/**
 * Event counts of one kernel launch, one source site or one barrier phase (DESIGN §4). Plain
 * fields, added to in the hot loop without allocation; {@link #add} merges blocks in block
 * order so totals do not depend on how blocks were scheduled.
 */
public final class Counters {
  public long warpInstructions;
  public long threadInstructions;
  public long sharedLoadInstructions;
  public long sharedStoreInstructions;
  public long sharedLoadWavefronts;
  public long sharedStoreWavefronts;
  public long sharedLoadIdealWavefronts;
  public long sharedStoreIdealWavefronts;
  public int maxConflictDegree;
  /** degreeHistogram[d] = shared request groups served with conflict degree d. */
  public final long[] degreeHistogram = new long[33];
  public long globalLoadInstructions;
  public long globalStoreInstructions;
  public long globalLoadSectors;
  public long globalStoreSectors;
  public long localLoadInstructions;
  public long localStoreInstructions;
  public long atomics;
  public long barriers;
  public long divergentBranches;
  /** Applications of the scan operator to values derived from the input. */
  public long work;
  /** The most applications of the scan operator by any one thread: its steps with a processor per thread. */
  public long maxThreadWork;

  public long sharedLoadBankConflicts() {
    return sharedLoadWavefronts - sharedLoadIdealWavefronts;
  }

  public long sharedStoreBankConflicts() {
    return sharedStoreWavefronts - sharedStoreIdealWavefronts;
  }

  public void add(Counters o) {
    warpInstructions += o.warpInstructions;
    threadInstructions += o.threadInstructions;
    sharedLoadInstructions += o.sharedLoadInstructions;
    sharedStoreInstructions += o.sharedStoreInstructions;
    sharedLoadWavefronts += o.sharedLoadWavefronts;
    sharedStoreWavefronts += o.sharedStoreWavefronts;
    sharedLoadIdealWavefronts += o.sharedLoadIdealWavefronts;
    sharedStoreIdealWavefronts += o.sharedStoreIdealWavefronts;
    maxConflictDegree = Math.max(maxConflictDegree, o.maxConflictDegree);
    for (int i = 0; i < degreeHistogram.length; i++) {
      degreeHistogram[i] += o.degreeHistogram[i];
    }
    globalLoadInstructions += o.globalLoadInstructions;
    globalStoreInstructions += o.globalStoreInstructions;
    globalLoadSectors += o.globalLoadSectors;
    globalStoreSectors += o.globalStoreSectors;
    localLoadInstructions += o.localLoadInstructions;
    localStoreInstructions += o.localStoreInstructions;
    atomics += o.atomics;
    barriers += o.barriers;
    divergentBranches += o.divergentBranches;
    work += o.work;
    maxThreadWork = Math.max(maxThreadWork, o.maxThreadWork);
  }
}
