package org.scansim.sim.banks;

/** Whether a memory instruction reads or writes. */
public enum AccessKind {
  LOAD,
  STORE
}
