package org.scansim.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where an {@code --html} page may go: a new file, or a page scansim wrote before; never the user's own file. */
final class HtmlFiles {
  private HtmlFiles() {}

  /** The mark every scansim page carries in its head. */
  static final String MARK = "<meta name=\"generator\" content=\"scansim\">";

  static boolean safeToWrite(Path p, PrintWriter err) {
    if (!Files.exists(p)) {
      return true;
    }
    try {
      if (Files.isRegularFile(p) && Files.size(p) < (256 << 20)) {
        String head = new String(Files.readAllBytes(p), 0, (int) Math.min(4096, Files.size(p)), StandardCharsets.UTF_8);
        if (head.contains(MARK)) {
          return true;
        }
      }
    } catch (IOException | RuntimeException e) {
      // unreadable: treat as the user's
    }
    err.println("scansim: error: " + p + " exists and is not a page scansim wrote; refusing to overwrite it");
    return false;
  }

  /** Whether the files a command is given are all different (null: not given); false after saying which two are one. */
  static boolean distinct(PrintWriter err, Path... files) {
    java.util.Map<Path, Path> seen = new java.util.HashMap<>();
    for (Path f : files) {
      if (f == null) {
        continue;
      }
      Path earlier = seen.put(f.toAbsolutePath().normalize(), f);
      if (earlier != null) {
        err.println("scansim: error: " + earlier + " is named twice (as an input or output); name each file once");
        return false;
      }
    }
    return true;
  }
}
