package org.scansim.grade;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Where the repository's grading example is, for tests run from any module folder. */
final class Examples {
  private Examples() {}

  static Path grading() {
    for (Path p = Paths.get("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path g = p.resolve("examples").resolve("grading");
      if (Files.isDirectory(g)) {
        return g;
      }
    }
    throw new IllegalStateException("examples/grading not found above " + Paths.get("").toAbsolutePath());
  }

  static Path spec() {
    return grading().resolve("inclusive_scan.json");
  }

  static Path submissions() {
    return grading().resolve("submissions");
  }
}
