package org.scansim.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Predicate;

/**
 * Every file scansim writes for a user, in every command: a new regular file, or a regular file
 * scansim wrote before; never a folder, a link, a named pipe, a device or a file of the user's.
 * The check runs twice: before the work (so a long run does not end with nowhere to go) and
 * again just before the file is put in place.
 */
public final class OutputFiles {
  private OutputFiles() {}

  /** How many bytes of an existing file a mark is looked for in. */
  public static final int HEAD = 4096;

  /**
   * A kind of output: its name in messages ("JSON report") and how a file scansim wrote before
   * is told from a user's (its first {@link #HEAD} bytes, or the whole file for a sweep's rows).
   */
  public record Output(String what, Predicate<Path> ours) {
    /** An output whose earlier files hold one of {@code marks} in their first {@link #HEAD} bytes. */
    public static Output marked(String what, String... marks) {
      return new Output(what, p -> {
        String head = head(p);
        for (String m : marks) {
          if (head.contains(m)) {
            return true;
          }
        }
        return false;
      });
    }

    /** An output whose earlier files start with {@code prefix}. */
    public static Output startingWith(String what, String prefix) {
      return new Output(what, p -> head(p).startsWith(prefix));
    }
  }

  /** Why an output cannot be written, without the file's name ("it is a named pipe (FIFO); ..."). */
  public static final class OutputException extends IOException {
    private static final long serialVersionUID = 1L;

    public OutputException(String message) {
      super(message);
    }
  }

  /** Null when {@code p} may be written as {@code out}; otherwise the refusal, one sentence for every command. */
  public static String refusal(Path p, Output out) {
    String why = why(p, out);
    return why == null ? null : "refusing to write " + p + ": " + why;
  }

  /** Null when {@code p} may be written as {@code out}; otherwise why not ("it is a named pipe (FIFO); ..."). */
  static String why(Path p, Output out) {
    Path dir = p.toAbsolutePath().getParent();
    if (dir != null && !Files.isDirectory(dir)) {
      return "there is no folder " + dir;
    }
    String kind;
    try {
      kind = FileKind.of(p);
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException | SecurityException e) {
      kind = "a file scansim cannot look at (" + e.getMessage() + ")";
    }
    if (kind == null) {
      if (empty(p) || out.ours().test(p)) {
        return null; // an empty file holds nothing of anyone's
      }
      kind = "not " + out.what() + " of scansim's"; // perhaps another output of scansim's (a page given to --json)
    }
    return "it is " + kind + "; scansim writes only a new file or " + out.what() + " it wrote before";
  }

  /**
   * Writes {@code text} to {@code p} whole (a reader never sees half of it): a new file is
   * linked into place, which fails if anything appeared there since the check, with the
   * permissions the user's umask gives any new file; an earlier file of scansim's is replaced by a
   * rename, keeping its permissions (a grader's chmod 600 on students' results stays).
   */
  public static void write(Path p, String text, Output out) throws IOException {
    write(p, text.getBytes(StandardCharsets.UTF_8), out);
  }

  /** As {@link #write(Path, String, Output)}, for bytes (an archive). */
  public static void write(Path p, byte[] bytes, Output out) throws IOException {
    String no = why(p, out);
    if (no != null) {
      throw new OutputException(no);
    }
    Path dir = p.toAbsolutePath().getParent();
    Path tmp = temporary(dir, bytes);
    try {
      if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
        if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
          Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS));
        }
        Files.move(tmp, p, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } else {
        place(tmp, p);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /**
   * A new file beside the target holding {@code bytes}, created as any file the user makes is
   * (0666 less the umask; a temporary file of Java's would be rw-------).
   */
  private static Path temporary(Path dir, byte[] bytes) throws IOException {
    for (int attempt = 0; ; attempt++) {
      Path tmp = dir.resolve(".scansim-" + Long.toUnsignedString(java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
      try (java.io.OutputStream o = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
          LinkOption.NOFOLLOW_LINKS)) {
        o.write(bytes);
        return tmp;
      } catch (FileAlreadyExistsException e) {
        if (attempt > 100) {
          throw e;
        }
      }
    }
  }

  /** Puts a new file in place without replacing anything that appeared meanwhile. */
  private static void place(Path tmp, Path p) throws IOException {
    try {
      Files.createLink(p, tmp);
    } catch (FileAlreadyExistsException e) {
      throw new OutputException("something appeared there while scansim ran; scansim writes only a new file or one it wrote"
          + " before");
    } catch (UnsupportedOperationException | FileSystemException e) {
      Files.move(tmp, p); // a file system without hard links: a move that refuses an existing target
    }
  }

  private static boolean empty(Path p) {
    try {
      return Files.size(p) == 0;
    } catch (IOException | SecurityException e) {
      return false;
    }
  }

  /** The first {@link #HEAD} bytes of a regular file as text (links not followed), or "" when unreadable. */
  public static String head(Path p) {
    try (InputStream in = Files.newInputStream(p, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      return new String(in.readNBytes(HEAD), StandardCharsets.UTF_8);
    } catch (IOException | SecurityException e) {
      return "";
    }
  }
}
