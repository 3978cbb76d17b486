package org.scansim.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/** What a path is, in words, for refusals: "a named pipe (FIFO)", "a folder"; null for a regular file. */
public final class FileKind {
  private FileKind() {}

  /**
   * What {@code p} is when it is not a regular file (links not followed: a link is "a symbolic
   * link"), or null for a regular file; throws when nothing is there.
   */
  public static String of(Path p) throws IOException {
    BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    if (a.isRegularFile()) {
      return null;
    }
    if (a.isSymbolicLink()) {
      return "a symbolic link";
    }
    if (a.isDirectory()) {
      return "a folder";
    }
    int mode;
    try {
      mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return "not a regular file";
    }
    return switch (mode & 0170000) {
      case 0010000 -> "a named pipe (FIFO)";
      case 0020000 -> "a character device";
      case 0060000 -> "a block device";
      case 0140000 -> "a socket";
      default -> "not a regular file";
    };
  }

  /** How many names the file has (hard links); 1 where the file system cannot tell. */
  public static int links(Path p) throws IOException {
    try {
      return (Integer) Files.getAttribute(p, "unix:nlink", LinkOption.NOFOLLOW_LINKS);
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return 1;
    }
  }
}
