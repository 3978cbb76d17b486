package org.scansim.frontend.pp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.scansim.frontend.diag.SourceFile;

/** Finds the file named by {@code #include "name"}. */
public interface IncludeLoader {

  /** Loads a quoted #include "name" relative to the including file; empty if not found. */
  Optional<SourceFile> load(SourceFile includer, String name);

  /** Finds nothing: every quoted #include is an error. */
  IncludeLoader NONE = (includer, name) -> Optional.empty();

  /**
   * Resolves relative to the includer's directory on the file system (the SourceFile name is a
   * path). The loaded file is named by its normalized path, so {@code #pragma once} recognizes it
   * however it was reached. Files are read as UTF-8.
   */
  static IncludeLoader fileSystem() {
    return (includer, name) -> {
      try {
        Path target = Path.of(name);
        if (!target.isAbsolute()) {
          Path dir = Path.of(includer.name()).getParent();
          target = dir == null ? target : dir.resolve(target);
        }
        target = target.normalize();
        if (!Files.isRegularFile(target)) {
          return Optional.empty();
        }
        String text = Files.readString(target, StandardCharsets.UTF_8);
        return Optional.of(new SourceFile(target.toString(), text));
      } catch (IOException | InvalidPathException | SecurityException e) {
        return Optional.empty();
      }
    };
  }
}
