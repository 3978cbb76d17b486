package org.scansim.sim.run;

import java.nio.file.Path;

/** The repository root, for tests in other packages. */
public final class SeedKernelsRunTestAccess {
  private SeedKernelsRunTestAccess() {}

  public static Path root() {
    return SeedKernelsRunTest.root();
  }
}
