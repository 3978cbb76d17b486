package org.scansim.sim.host;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import org.scansim.sim.engine.CInsn;

/**
 * The streams a program's {@code <cstdio>} calls use (C11 §7.21): {@code stdout} and {@code
 * stderr} are its output, {@code stdin} the input scansim was given, and {@code fopen}'s files are
 * read from the program's folder, never outside it, and written to memory, never to the disk:
 * running a program changes nothing of the user's. A file written and read again in one run reads
 * what was written. A stream is a host block of its own ({@code FILE *}), freed by {@code fclose}.
 */
final class HostFiles {
  /** The bytes one file read may hold, and all files written together: bounds on a program's files. */
  static final int MAX_BYTES = 64 << 20;
  static final long STDOUT = 1;
  static final long STDERR = 2;
  static final long STDIN = 3;

  /** One open stream: a file's bytes and a position (read), or a file of memory (write). */
  static final class Stream {
    final String path;
    final byte[] input;
    final ByteArrayOutputStream output;
    int position;
    boolean eof;
    boolean error;

    Stream(String path, byte[] input, ByteArrayOutputStream output) {
      this.path = path;
      this.input = input;
      this.output = output;
    }

    boolean reads() {
      return input != null;
    }

    /** The next byte (0..255), or -1 at the end (which sets end-of-file). */
    int read() {
      if (input == null || position >= input.length) {
        eof = true;
        return -1;
      }
      return input[position++] & 0xFF;
    }

    /** The next byte without reading it, or -1 at the end (which, as a read there, sets end-of-file). */
    int peek() {
      if (input == null || position >= input.length) {
        eof = true;
        return -1;
      }
      return input[position] & 0xFF;
    }
  }

  private final HostInterpreter host;
  private Path folder;
  private java.util.function.Supplier<byte[]> stdinSource;
  private Stream stdin;
  private final Map<Long, Stream> open = new HashMap<>();
  /** The files written, by the path their program named, in memory. */
  private final Map<String, ByteArrayOutputStream> written = new TreeMap<>();
  private final List<String> read = new java.util.ArrayList<>();
  private long writtenBytes;
  /** errno after the last call that failed, for perror: its text. */
  String lastError = "Success";

  HostFiles(HostInterpreter host) {
    this.host = host;
  }

  /** Files are read from {@code folder} (null: none) and standard input is {@code stdin}'s bytes (null: empty). */
  void configure(Path folder, java.util.function.Supplier<byte[]> stdin) {
    this.folder = folder == null ? null : folder.toAbsolutePath().normalize();
    this.stdinSource = stdin;
  }

  /** {@code fopen(path, mode)}: a stream, or 0 (NULL) when the file cannot be read or the mode is not simulated. */
  long open(String path, String mode, CInsn in) {
    String m = mode.replace("b", "");
    if (!List.of("r", "w", "a").contains(m)) {
      host.note("fopen in mode \"" + mode + "\" (reading and writing one file) is not simulated: it returned NULL");
      lastError = "Invalid argument";
      return 0;
    }
    Stream s;
    if (m.equals("r")) {
      byte[] bytes = written.containsKey(path) ? written.get(path).toByteArray() : readFromFolder(path);
      if (bytes == null) {
        return 0;
      }
      s = new Stream(path, bytes, null);
    } else {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (m.equals("a")) {
        byte[] before = written.containsKey(path) ? written.get(path).toByteArray() : readFromFolder(path);
        if (before != null) {
          out.writeBytes(before);
        }
      }
      written.put(path, out);
      s = new Stream(path, null, out);
    }
    long handle = host.allocate("fopen", 1, in);
    if (handle == 0) {
      lastError = "Cannot allocate memory";
      return 0;
    }
    open.put(handle, s);
    return handle;
  }

  /** Whether {@code path} leads outside whatever folder it is read from: an absolute path, or one that climbs out by its {@code ..}s. */
  private static boolean leavesAnyFolder(String path) {
    try {
      Path p = Path.of(path).normalize();
      return p.isAbsolute() || p.startsWith("..");
    } catch (java.nio.file.InvalidPathException e) {
      return true;
    }
  }

  /** The bytes of {@code path} in the program's folder, or null (a note says why) when it cannot be read. */
  private byte[] readFromFolder(String path) {
    if (folder == null) {
      host.note("this run reads no files: fopen(\"" + path + "\") returned NULL");
      // What a run with a folder says of a name that leads outside it; of any other, that there is none.
      lastError = leavesAnyFolder(path) ? "Permission denied" : "No such file or directory";
      return null;
    }
    Path p = folder.resolve(path).normalize();
    try {
      if (!p.startsWith(folder) || Files.exists(p) && !p.toRealPath().startsWith(folder.toRealPath())) {
        host.note("a program reads only files of its folder: fopen(\"" + path + "\") returned NULL");
        lastError = "Permission denied";
        return null;
      }
      // The name as written, too: "sub/../x" is no file when sub is none, as the system resolves it.
      if (!Files.isRegularFile(p) || !Files.isRegularFile(folder.resolve(path))) {
        lastError = "No such file or directory";
        return null;
      }
      if (Files.size(p) > MAX_BYTES) {
        host.note("fopen(\"" + path + "\"): files of more than " + MAX_BYTES + " bytes are not read; it returned NULL");
        lastError = "File too large";
        return null;
      }
      byte[] bytes = Files.readAllBytes(p);
      read.add(path);
      return bytes;
    } catch (IOException | SecurityException e) {
      lastError = "Permission denied";
      return null;
    }
  }

  /** {@code fclose(f)}: 0; the stream's block is freed, so a later use of it is a fault. */
  int close(long f, CInsn in) {
    if (f == STDOUT || f == STDERR || f == STDIN) {
      return 0; // the standard streams: nothing to free, output is kept in order
    }
    stream(f, "fclose", in);
    open.remove(f);
    host.release(f, List.of("fopen"));
    return 0;
  }

  /** The stream {@code f} names; a fault for anything that is not an open stream. */
  Stream stream(long f, String call, CInsn in) {
    if (f == STDIN) {
      if (stdin == null) {
        stdin = new Stream("stdin", readStdin(), null);
      }
      return stdin;
    }
    Stream s = open.get(f);
    if (s == null) {
      throw new Fault(Kind.INVALID_ADDRESS, in.span, call + " of " + (f == 0 ? "a null FILE pointer (did fopen fail?)"
          : "a FILE pointer that is not an open stream (fopen did not return it, or fclose closed it)"));
    }
    return s;
  }

  private byte[] readStdin() {
    if (stdinSource == null) {
      return new byte[0];
    }
    return stdinSource.get();
  }

  /** Writes {@code bytes} to {@code f}: the program's output for stdout and stderr; false when the stream cannot take them. */
  boolean write(long f, byte[] bytes, String call, CInsn in) {
    if (f == STDOUT || f == STDERR) {
      host.print(new String(bytes, StandardCharsets.UTF_8));
      return true;
    }
    Stream s = stream(f, call, in);
    if (s.output == null) {
      s.error = true;
      return false;
    }
    if (writtenBytes + bytes.length > MAX_BYTES) {
      host.note("the program's files hold at most " + MAX_BYTES + " bytes in all: later writes failed");
      s.error = true;
      return false;
    }
    writtenBytes += bytes.length;
    s.output.writeBytes(bytes);
    return true;
  }

  /** What the run's report says of the files: each one read, and each one written with its size (in memory). */
  List<String> notes() {
    List<String> out = new java.util.ArrayList<>();
    for (String path : new java.util.TreeSet<>(read)) {
      out.add("the program read '" + path + "' from its files' folder (--files-from DIR, else the current one)");
    }
    written.forEach((path, bytes) -> out.add("the program wrote '" + path + "' (" + bytes.size()
        + " bytes), kept in memory: a run writes nothing to the disk"));
    return out;
  }
}
