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

/**
 * Reads a kernel file (or an included one) the one way every command does: a regular file of at
 * most {@link #MAX_SOURCE_BYTES}, in UTF-8. What is not says what it is, not "no such file": a
 * folder, a named pipe (which would block a reader forever), a device, a socket, a link that
 * leaves the folder it must stay in, or the line and column of the first byte that is not UTF-8.
 *
 * <p>With a {@code root} (a grading submission's folder), the file must resolve, after following
 * every link, to a regular file inside that folder's real path; it is then opened by that real
 * path without following a link in its last part. Not guarded: a folder inside the submission
 * swapped for a link between the check and the read, which needs a process writing into the
 * folder while it is graded (a submission's own code never runs natively).
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

  /** Reads {@code path}, which must resolve to a regular file inside {@code root} (null: anywhere); links inside it are followed. */
  public static Read read(Path path, String name, Path root) {
    return read(path, name, root, true);
  }

  /** What a path outside the folder gets, whether or not it exists: the answer tells nothing about the grader's files. */
  public static final String OUTSIDE = "is outside the submission's folder; only files inside it are read";
  /** What a link that leaves the folder, or leads nowhere, gets: one answer for both, for the same reason. */
  public static final String LINK_OUT = "is a symbolic link that leads outside the submission's folder, or to nothing; only files"
      + " inside it are read";
  /** What a link gets where links are not read at all (a folder of several students' submissions). */
  public static final String NO_LINKS = "is a symbolic link; where several students' submissions share a folder, only regular"
      + " files are read";

  /**
   * What a file with more than one name gets in a submission: a hard link may be a name of a file
   * outside the folder (a shared folder can make one; an upload cannot), and nothing tells which
   * name is the file's own.
   */
  public static final String HARD_LINK = "has other names (hard links), which may lie outside the submission's folder; only files"
      + " with one name are read";

  /**
   * Reads {@code path}, which must resolve to a regular file inside {@code root} (null:
   * anywhere). A path that leaves the folder by its text (an absolute name, {@code ..}) is
   * refused before anything outside is looked at; a link inside the folder is followed only when
   * {@code links} is true, and only to a file inside it; a link that leaves the folder and one
   * that leads nowhere get the same answer, so that a submission cannot learn which files the
   * grader's machine holds.
   */
  public static Read read(Path path, String name, Path root, boolean links) {
    Path real;
    try {
      if (root != null) {
        Path rootAbs = root.toAbsolutePath().normalize();
        Path rootReal = root.toRealPath();
        Path abs = path.toAbsolutePath().normalize();
        Path base = abs.startsWith(rootAbs) ? rootAbs : abs.startsWith(rootReal) ? rootReal : null;
        if (base == null) {
          return problem(OUTSIDE);
        }
        boolean linked = false;
        for (Path p = abs; p != null && p.startsWith(base) && !p.equals(base); p = p.getParent()) {
          linked |= Files.isSymbolicLink(p);
        }
        if (linked && !links) {
          return problem(NO_LINKS);
        }
        try {
          real = abs.toRealPath();
        } catch (NoSuchFileException e) {
          return problem(linked ? LINK_OUT : "no such file");
        }
        if (!real.startsWith(rootReal)) {
          return problem(linked ? LINK_OUT : OUTSIDE);
        }
      } else {
        real = path.toRealPath();
      }
      String kind = kind(real);
      if (kind != null) {
        return problem(kind);
      }
      if (root != null && org.scansim.files.FileKind.links(real) > 1) {
        return problem(HARD_LINK);
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
    String kind = org.scansim.files.FileKind.of(real);
    return kind == null ? null : kind.equals("a folder") ? "is a folder, not a file" : "is " + kind + ", not a regular file";
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
