package org.scansim.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.scansim.catalog.Catalog;

/**
 * Where the kernel catalog is: {@code kernels/} of the scansim checkout, which the launcher names
 * with {@code -Dscansim.home}; without it, the nearest {@code kernels/} above the working directory.
 */
final class CatalogLocation {
  private CatalogLocation() {}

  static Path kernelsDir() {
    String home = System.getProperty("scansim.home");
    if (home != null && !home.isBlank()) {
      return Paths.get(home).resolve("kernels");
    }
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("kernels")) && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p.resolve("kernels");
      }
    }
    return Paths.get("kernels").toAbsolutePath();
  }

  static Catalog load() throws Catalog.CatalogException {
    return Catalog.load(kernelsDir());
  }
}
