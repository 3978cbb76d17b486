package org.scansim.frontend.diag;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Reads a kernel file (or an included one) the one way every command does: a regular file of at
 * most {@link #MAX_SOURCE_BYTES}, in UTF-8. What is not says what it is, not "no such file": a
 * folder, a named pipe (which would block a reader forever), a device, a socket, a link that
 * leaves the folder it must stay in, or the line and column of the first byte that is not UTF-8.
 *
 * <p>With a {@code root} (a grading submission's folder), the file must resolve, after following
 * every link, to a regular file inside that folder's real path; it is then opened by that real
 * path without following links, so a link swapped in after the check is not followed either.
 */
public final class SourceReader {
  /** Inputs larger than this are refused before any work (a bound for hostile files). */
  public static final long MAX_SOURCE_BYTES = 8L << 20;

  private SourceReader() {}

  /**
   * What reading gave: the file, or a problem (a message without the file's name). {@code at}
   * is where in the file the problem is, when it has a position (a byte that is not UTF-8);
   * {@code file} is then the text read so far, with the bad bytes replaced, for the excerpt.
   */
  public record Read(SourceFile file, String problem, Span at) {
    public boolean ok() {
      return problem == null;
    }

    /** Reports the problem into {@code diags} the way a command-line file error reads: {@code NAME: problem}, or positioned. */
    public void report(String name, Diagnostics diags) {
      if (at != null) {
        diags.error(at, problem);
      } else {
        diags.error(null, name + ": " + problem);
      }
    }
  }

  /** Reads {@code path}, named {@code name} in diagnostics, anywhere the user's permissions reach. */
  public static Read read(Path path, String name) {
    return read(path, name, null);
  }

  /** Reads {@code path}, which must resolve to a regular file inside {@code root} (null: anywhere). */
  public static Read read(Path path, String name, Path root) {
    Path real;
    try {
      BasicFileAttributes own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      real = path.toRealPath();
      if (root != null && !real.startsWith(root.toRealPath())) {
        return problem(own.isSymbolicLink()
            ? "is a symbolic link to a file outside the submission's folder; only files inside it are read"
            : "is outside the submission's folder; only files inside it are read");
      }
      String kind = kind(real);
      if (kind != null) {
        return problem(kind);
      }
    } catch (NoSuchFileException e) {
      return problem(Files.isSymbolicLink(path) ? "is a symbolic link to nothing (no such file)" : "no such file");
    } catch (IOException | SecurityException e) {
      return problem("cannot read the file (" + e.getMessage() + ")");
    }
    byte[] bytes;
    try (SeekableByteChannel ch = Files.newByteChannel(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
      ByteBuffer buf = ByteBuffer.allocate((int) Math.min(ch.size(), MAX_SOURCE_BYTES) + 1);
      while (buf.hasRemaining() && ch.read(buf) >= 0) {
        // read until full or at the end
      }
      if (buf.position() > MAX_SOURCE_BYTES || ch.size() > MAX_SOURCE_BYTES) {
        return problem("file is larger than " + (MAX_SOURCE_BYTES >> 20) + " MiB");
      }
      bytes = java.util.Arrays.copyOf(buf.array(), buf.position());
    } catch (IOException | SecurityException e) {
      return problem("cannot read the file (" + e.getMessage() + ")");
    }
    return decode(bytes, name);
  }

  /** What a non-regular file is, in words, or null for a regular file. */
  private static String kind(Path real) throws IOException {
    BasicFileAttributes a = Files.readAttributes(real, BasicFileAttributes.class);
    if (a.isRegularFile()) {
      return null;
    }
    if (a.isDirectory()) {
      return "is a folder, not a file";
    }
    int mode;
    try {
      mode = (Integer) Files.getAttribute(real, "unix:mode");
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      return "is not a regular file";
    }
    return switch (mode & 0170000) {
      case 0010000 -> "is a named pipe (FIFO), not a regular file";
      case 0020000 -> "is a character device, not a regular file";
      case 0060000 -> "is a block device, not a regular file";
      case 0140000 -> "is a socket, not a regular file";
      default -> "is not a regular file";
    };
  }

  /**
   * The text of UTF-8 bytes, or the position of the first malformed byte: its line, and its
   * column in characters as every other diagnostic counts them.
   */
  static Read decode(byte[] bytes, String name) {
    CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length + 1);
    CoderResult r = decoder.decode(in, out, true);
    if (!r.isError()) {
      decoder.flush(out);
      return new Read(new SourceFile(name, out.flip().toString()), null, null);
    }
    int bad = in.position();
    int badChar = out.position();
    // The rest, with bad bytes replaced, so the excerpt shows the whole line.
    CharsetDecoder lenient = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE);
    lenient.decode(ByteBuffer.wrap(bytes, bad, bytes.length - bad), out, true);
    lenient.flush(out);
    SourceFile file = new SourceFile(name, out.flip().toString());
    return new Read(file, String.format("invalid UTF-8: byte 0x%02x cannot start or continue a character here; "
        + "a kernel file must be UTF-8 text", bytes[bad] & 0xFF), file.span(badChar, badChar + 1));
  }

  private static Read problem(String message) {
    return new Read(null, message, null);
  }
}
