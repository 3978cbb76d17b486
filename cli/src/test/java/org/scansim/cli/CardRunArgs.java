package org.scansim.cli;

import java.util.ArrayList;
import java.util.List;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;

/**
 * {@code run}'s arguments for a catalog kernel as the card ran it in a recording: its file, its
 * defines on hopper and its scan. The recordings include sizes the kernel's metadata does not list
 * (where its host code refuses, or a section is too small), which {@code run NAME} now refuses
 * before running; run as the file it is, the simulator still shows what the card did there.
 */
final class CardRunArgs {
  private CardRunArgs() {}

  private static Catalog catalog;

  static synchronized List<String> of(String name, int n) throws Exception {
    if (catalog == null) {
      catalog = Catalog.load(ReadmeExamplesTest.root().resolve("kernels"));
    }
    Kernel k = catalog.find(name).orElseThrow();
    List<String> args = new ArrayList<>(List.of("run", k.file().toString(), "--n", String.valueOf(n), "--expect",
        k.inclusive() ? "inclusive" : "exclusive"));
    k.definesFor("hopper").forEach((d, v) -> {
      args.add("-D");
      args.add(v.isEmpty() ? d : d + "=" + v);
    });
    return args;
  }
}
