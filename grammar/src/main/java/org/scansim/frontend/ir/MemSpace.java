package org.scansim.frontend.ir;

/** State spaces (PTX ISA §5.1); GENERIC when only the pointer's value can tell. */
public enum MemSpace {
  GENERIC,
  GLOBAL,
  SHARED,
  LOCAL,
  CONSTANT,
  /** Host memory: host globals and host-side locals whose address is taken. */
  HOST;

  public String spelling() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
