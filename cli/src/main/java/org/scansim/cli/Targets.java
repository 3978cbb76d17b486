package org.scansim.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.scansim.catalog.Catalog;
import org.scansim.catalog.Kernel;
import org.scansim.sim.arch.Architecture;
import org.scansim.sim.arch.ArchitectureException;
import org.scansim.sim.arch.Architectures;
import org.scansim.sim.run.ScanRun;

/**
 * What the commands that run a kernel ({@code run}, {@code circuit}, {@code crosscheck}) are
 * given, resolved: FILE|NAME as a file or a catalog kernel with its defines and scan ({@link
 * Target}), {@code --arch} as an architecture, {@code --expect} as a scan; each prints why when it
 * cannot and gives null.
 */
final class Targets {
  private Targets() {}

  /**
   * FILE|NAME as the command line named it: the kernel file, its defines (a catalog kernel's own
   * and its architecture's first, the user's after, so the user's win), the scan to check (a
   * catalog kernel's by default), and the files the run reads that nothing may overwrite.
   */
  record Target(Path file, List<String> defines, ScanRun.Expect expect, List<Path> inputs, Kernel kernel) {
    /**
     * Whether the catalog kernel this names runs every size of {@code ns} on {@code arch} as its
     * metadata says; false after printing which do not and what it runs. A file, or a kernel whose
     * defines the user changed with -D (which may change its sizes), is not checked.
     */
    boolean supports(List<Integer> ns, String arch, List<String> userDefines, PrintWriter err) {
      if (kernel == null || userDefines != null && !userDefines.isEmpty()) {
        return true;
      }
      String refusal = kernel.sizeRefusal(ns, arch);
      if (refusal == null) {
        return true;
      }
      err.println("scansim: error: " + refusal + " (-D NAME=VALUE may change what it runs: then it is not checked)");
      return false;
    }
  }

  /** {@code --expect}'s value, or null after printing why it is not one. */
  static ScanRun.Expect expectOf(String expect, PrintWriter err) {
    try {
      return ScanRun.Expect.valueOf(expect.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      err.println("scansim: error: --expect takes inclusive or exclusive, not '" + expect + "'");
      return null;
    }
  }

  /** {@code --arch}'s preset or file, or null after printing why it cannot be loaded. */
  static Architecture architecture(String arch, PrintWriter err) {
    try {
      return Architectures.load(arch);
    } catch (ArchitectureException e) {
      err.println("scansim: error: " + e.getMessage());
      return null;
    }
  }

  /** Resolves a file or a catalog name; null after printing why it is neither. */
  static Target resolve(String target, Architecture a, List<String> defines, ScanRun.Expect kind, PrintWriter err) {
    List<String> allDefines = defines == null ? new java.util.ArrayList<>() : new java.util.ArrayList<>(defines);
    Path file = Path.of(target);
    List<Path> inputs = new java.util.ArrayList<>();
    Kernel catalogKernel = null;
    if (!Files.exists(file) && !target.endsWith(".cu")) {
      // A catalog name: its file, its defines (and the architecture's), its scan as the default --expect.
      Kernel k;
      try {
        Catalog catalog = CatalogLocation.load();
        k = catalog.find(target).orElse(null);
        if (k == null) {
          err.println("scansim: error: no file or catalog kernel '" + target + "'" + CatalogCommand.hint(catalog.near(target)));
          return null;
        }
      } catch (Catalog.CatalogException e) {
        err.println("scansim: error: " + target + " is not a file, and the catalog cannot be read: " + e.getMessage());
        return null;
      }
      catalogKernel = k;
      file = Path.of("").toAbsolutePath().relativize(k.file().toAbsolutePath());
      inputs.add(k.metadataFile());
      List<String> fromCatalog = new java.util.ArrayList<>(k.defineOptions(Architectures.settingsName(a)));
      fromCatalog.addAll(allDefines); // the user's -D come last and win
      allDefines = fromCatalog;
      if (kind == null) {
        kind = k.inclusive() ? ScanRun.Expect.INCLUSIVE : ScanRun.Expect.EXCLUSIVE;
      }
    }
    inputs.add(0, file);
    return new Target(file, allDefines, kind, List.copyOf(inputs), catalogKernel);
  }
}
