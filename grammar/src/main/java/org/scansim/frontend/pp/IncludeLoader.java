package org.scansim.frontend.pp;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Optional;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.SourceReader;

/** Finds the file named by {@code #include "name"}. */
public interface IncludeLoader {

  /**
   * Loads a quoted #include "name" relative to the including file; empty if not found. A file
   * that is there but cannot be read throws {@link Unreadable} with what it is.
   */
  Optional<SourceFile> load(SourceFile includer, String name);

  /** An include that names something other than a readable kernel file: a folder, a pipe, a link out of its folder. */
  final class Unreadable extends RuntimeException {
    public Unreadable(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Loads {@code #include <name>} from the include path ({@code -I DIR}, in order); empty if it
   * is on none (the default: no include path). Unreadable as for {@link #load}.
   */
  default Optional<SourceFile> loadSystem(SourceFile includer, String name) {
    return Optional.empty();
  }

  /**
   * As {@code loader}, with the include path {@code dirs}: a quoted name not beside its includer
   * is looked for in each directory in order, as a compiler does after the includer's directory,
   * and so is a {@code <name>}.
   */
  static IncludeLoader withPath(IncludeLoader loader, java.util.List<Path> dirs) {
    if (dirs == null || dirs.isEmpty()) {
      return loader;
    }
    return new IncludeLoader() {
      @Override
      public Optional<SourceFile> load(SourceFile includer, String name) {
        Optional<SourceFile> beside = loader.load(includer, name);
        return beside != null && beside.isPresent() ? beside : loadSystem(includer, name);
      }

      @Override
      public Optional<SourceFile> loadSystem(SourceFile includer, String name) {
        for (Path dir : dirs) {
          // A file of the directory, read as a quoted include of a file there would read it.
          Optional<SourceFile> found = loader.load(new SourceFile(dir.resolve("_").toString(), ""), name);
          if (found != null && found.isPresent()) {
            return found;
          }
        }
        return Optional.empty();
      }
    };
  }

  /** Finds nothing: every quoted #include is an error. */
  IncludeLoader NONE = (includer, name) -> Optional.empty();

  /**
   * Resolves relative to the includer's directory on the file system (the SourceFile name is a
   * path). The loaded file is named by its normalized path, so {@code #pragma once} recognizes it
   * however it was reached. Files are read as every kernel file is ({@link SourceReader}).
   */
  static IncludeLoader fileSystem() {
    return within(null);
  }

  /**
   * As {@link #fileSystem()}, but only files that resolve inside {@code root} (after following
   * links) are read: a grading submission's folder.
   */
  static IncludeLoader within(Path root) {
    return (includer, name) -> {
      Path target;
      try {
        target = Path.of(name);
        if (!target.isAbsolute()) {
          // Within a root, files are named relative to it (as the grader names the submission).
          Path from = root == null ? Path.of(includer.name()) : root.resolve(includer.name());
          Path dir = from.getParent();
          target = dir == null ? target : dir.resolve(target);
        }
      } catch (InvalidPathException e) {
        return Optional.empty();
      }
      target = target.normalize();
      String shown = root != null && target.startsWith(root) ? root.relativize(target).toString() : target.toString();
      SourceReader.Read read = SourceReader.read(target, shown, root);
      if (read.ok()) {
        return Optional.of(read.file());
      }
      if (read.problem().equals("no such file")) {
        return Optional.empty();
      }
      throw new Unreadable(read.at() != null ? read.at().position() + ": " + read.problem() : read.problem());
    };
  }
}
