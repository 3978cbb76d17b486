package org.scansim.sim.result;

/**
 * Event counts of one kernel launch, one source site or one barrier phase (docs/engine.md, "What a report counts"). Plain
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

  /** {@code instructions} global loads or stores that touched {@code sectors} sectors in all. */
  public void addGlobal(boolean store, long instructions, long sectors) {
    if (store) {
      globalStoreInstructions += instructions;
      globalStoreSectors += sectors;
    } else {
      globalLoadInstructions += instructions;
      globalLoadSectors += sectors;
    }
  }

  /** {@code accesses} shared loads or stores of one wavefront each, without a bank conflict. */
  public void addConflictFree(boolean store, long accesses) {
    if (store) {
      sharedStoreInstructions += accesses;
      sharedStoreWavefronts += accesses;
      sharedStoreIdealWavefronts += accesses;
    } else {
      sharedLoadInstructions += accesses;
      sharedLoadWavefronts += accesses;
      sharedLoadIdealWavefronts += accesses;
    }
    maxConflictDegree = Math.max(maxConflictDegree, 1);
    degreeHistogram[1] += accesses;
  }

  public void add(Counters o) {
    add(o, 1);
  }

  /** Adds {@code times} blocks' worth of {@code o} (its sums times {@code times}, its maxima once). */
  public void add(Counters o, long times) {
    warpInstructions += o.warpInstructions * times;
    threadInstructions += o.threadInstructions * times;
    sharedLoadInstructions += o.sharedLoadInstructions * times;
    sharedStoreInstructions += o.sharedStoreInstructions * times;
    sharedLoadWavefronts += o.sharedLoadWavefronts * times;
    sharedStoreWavefronts += o.sharedStoreWavefronts * times;
    sharedLoadIdealWavefronts += o.sharedLoadIdealWavefronts * times;
    sharedStoreIdealWavefronts += o.sharedStoreIdealWavefronts * times;
    maxConflictDegree = Math.max(maxConflictDegree, o.maxConflictDegree);
    for (int i = 0; i < degreeHistogram.length; i++) {
      degreeHistogram[i] += o.degreeHistogram[i] * times;
    }
    globalLoadInstructions += o.globalLoadInstructions * times;
    globalStoreInstructions += o.globalStoreInstructions * times;
    globalLoadSectors += o.globalLoadSectors * times;
    globalStoreSectors += o.globalStoreSectors * times;
    localLoadInstructions += o.localLoadInstructions * times;
    localStoreInstructions += o.localStoreInstructions * times;
    atomics += o.atomics * times;
    barriers += o.barriers * times;
    divergentBranches += o.divergentBranches * times;
    work += o.work * times;
    maxThreadWork = Math.max(maxThreadWork, o.maxThreadWork);
  }
}
