package org.scansim.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reading a file the user names (an architecture, a spec, a sweep's rows): a regular file (links
 * followed) of at most a given size, checked before it is opened, so that a named pipe never
 * blocks the reader and a device never fills the heap.
 */
public final class InputFiles {
  private InputFiles() {}

  /** Why a file could not be read, in words without the file's name ("is a named pipe (FIFO), not a regular file"). */
  public static final class InputException extends IOException {
    private static final long serialVersionUID = 1L;

    public InputException(String message) {
      super(message);
    }
  }

  /** The bytes of {@code p}, a regular file of at most {@code max} bytes. */
  public static byte[] read(Path p, long max) throws InputException {
    Path real;
    try {
      real = p.toRealPath();
    } catch (NoSuchFileException e) {
      throw new InputException(Files.isSymbolicLink(p) ? "is a symbolic link to nothing (no such file)" : "no such file");
    } catch (IOException | SecurityException e) {
      throw new InputException("cannot read the file (" + e.getMessage() + ")");
    }
    try {
      String kind = FileKind.of(real);
      if (kind != null) {
        throw new InputException("is " + kind + ", not a regular file");
      }
      try (SeekableByteChannel ch = Files.newByteChannel(real, StandardOpenOption.READ)) {
        if (ch.size() > max) {
          throw new InputException("is larger than " + size(max) + "; refused before reading");
        }
        ByteBuffer buf = ByteBuffer.allocate((int) ch.size() + 1);
        while (buf.hasRemaining() && ch.read(buf) >= 0) {
          // until full (a file that grew past its size is cut below) or at its end
        }
        if (buf.position() > max) {
          throw new InputException("is larger than " + size(max) + "; refused before reading");
        }
        return java.util.Arrays.copyOf(buf.array(), Math.min(buf.position(), (int) ch.size()));
      }
    } catch (InputException e) {
      throw e;
    } catch (IOException | SecurityException e) {
      throw new InputException("cannot read the file (" + e.getMessage() + ")");
    }
  }

  /** The text of {@code p} as UTF-8 (bad bytes replaced), a regular file of at most {@code max} bytes. */
  public static String readString(Path p, long max) throws InputException {
    return new String(read(p, max), StandardCharsets.UTF_8);
  }

  /** "1 MiB", "64 KiB", "100 bytes". */
  public static String size(long bytes) {
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return (bytes >> 20) + " MiB";
    }
    if (bytes >= 1 << 10 && bytes % (1 << 10) == 0) {
      return (bytes >> 10) + " KiB";
    }
    return bytes + " bytes";
  }
}
