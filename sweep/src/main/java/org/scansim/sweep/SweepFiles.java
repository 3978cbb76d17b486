package org.scansim.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A sweep's files: CSV (a header, then one line per point) or JSON lines (one object per point),
 * chosen by the name's ending ({@code .csv}, {@code .jsonl}). Rows are written with Jackson's CSV
 * and JSON writers, one point to a line, in the sweep's order, and flushed as each point ends, so
 * that an interrupted sweep leaves whole rows and at most one cut-off last line. A file is read
 * back line by line: its rows' text is kept as written, so a resumed sweep and a merge write the
 * very bytes one uninterrupted run writes.
 */
public final class SweepFiles {
  private SweepFiles() {}

  private static final CsvMapper CSV = CsvMapper.builder().build();
  private static final CsvSchema SCHEMA = CSV.schemaFor(Row.class);
  // Quotes only where CSV needs them (a comma, a quote), the same for every value.
  private static final ObjectWriter CSV_ROW = CSV.writerFor(Row.class).with(SCHEMA.withoutHeader().withLineSeparator("\n"))
      .with(com.fasterxml.jackson.dataformat.csv.CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING);
  // An empty cell is null, as it was written: the row reads back to the very row, in either format.
  private static final ObjectReader CSV_READ = CSV.readerFor(Row.class).with(SCHEMA.withoutHeader())
      .with(com.fasterxml.jackson.dataformat.csv.CsvParser.Feature.EMPTY_STRING_AS_NULL);
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  /** The CSV file's first line: the columns. */
  public static final String CSV_HEADER = String.join(",", SCHEMA.getColumnNames()) + "\n";

  /** The format of a sweep file, by its name's ending. */
  public enum Format {
    CSV, JSONL;

    public static Format of(Path p) {
      String n = p.getFileName() == null ? "" : p.getFileName().toString().toLowerCase(Locale.ROOT);
      return n.endsWith(".csv") ? CSV : n.endsWith(".jsonl") ? JSONL : null;
    }
  }

  /** A file that is not a sweep's, or not this sweep's: the message says why. */
  public static final class SweepFileException extends Exception {
    private static final long serialVersionUID = 1L;

    public SweepFileException(String message) {
      super(message);
    }
  }

  /** A row as it was read: its text (with its newline) and what it says. */
  public record Line(String text, Row row) {}

  /** The text of a row, one line with its newline. */
  public static String line(Row r, Format f) {
    try {
      return f == Format.CSV ? CSV_ROW.writeValueAsString(r) : JSON.writeValueAsString(r) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a row always serialises", e);
    }
  }

  /** The text a file of these rows holds: the header (CSV), then the rows in the order given. */
  public static String text(List<Line> rows, Format f) {
    StringBuilder s = new StringBuilder(f == Format.CSV ? CSV_HEADER : "");
    rows.forEach(l -> s.append(l.text()));
    return s.toString();
  }

  /**
   * The whole rows of a sweep file, in the file's order. A last line without its newline (the
   * sweep was stopped while writing it) is dropped; anything else that is not a row of a sweep
   * file is an error naming its line.
   */
  public static List<Line> read(Path p) throws SweepFileException {
    return contents(p).rows();
  }

  /** A sweep file's whole rows, and the text after the last of them: a row cut off, or nothing. */
  public record Contents(List<Line> rows, String tail) {}

  /**
   * The whole rows of a sweep file and what follows them. The rows must be UTF-8; the tail (a
   * row cut off, perhaps inside a character) is decoded leniently and must look like a row's start.
   */
  public static Contents contents(Path p) throws SweepFileException {
    Format f = Format.of(p);
    if (f == null) {
      throw new SweepFileException(p + ": a sweep file is named .csv or .jsonl");
    }
    String text;
    String tail;
    try {
      byte[] bytes = org.scansim.files.InputFiles.read(p, MAX_FILE_BYTES);
      int end = bytes.length;
      while (end > 0 && bytes[end - 1] != '\n') {
        end--;
      }
      text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes, 0, end)).toString();
      tail = new String(bytes, end, bytes.length - end, StandardCharsets.UTF_8);
    } catch (org.scansim.files.InputFiles.InputException e) {
      throw new SweepFileException(p + ": " + e.getMessage());
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new SweepFileException(p + ": not a scansim sweep's file (not UTF-8 text)");
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new SweepFileException(p + ": cannot read it (" + e.getMessage() + ")");
    }
    if (f == Format.CSV && text.isEmpty() && CSV_HEADER.startsWith(tail)) {
      return new Contents(List.of(), ""); // stopped while writing the header
    }
    List<Line> out = new ArrayList<>();
    int at = 0;
    int lineNo = 0;
    if (f == Format.CSV) {
      if (!text.startsWith(CSV_HEADER)) {
        throw new SweepFileException(p + ":1: not a scansim sweep's CSV (its first line is not the sweep's columns)");
      }
      at = CSV_HEADER.length();
      lineNo = 1;
    }
    while (at < text.length()) {
      int nl = text.indexOf('\n', at);
      lineNo++;
      String t = text.substring(at, nl + 1);
      at = nl + 1;
      Row r;
      try {
        r = f == Format.CSV ? CSV_READ.readValue(t) : JSON.readValue(t, Row.class);
      } catch (IOException e) {
        throw new SweepFileException(p + ":" + lineNo + ": not a row of a scansim sweep");
      }
      if (r == null || r.sweep() == null || r.points() < 1 || r.point() < 0 || r.point() >= r.points() || !line(r, f).equals(t)) {
        throw new SweepFileException(p + ":" + lineNo + ": not a row of a scansim sweep");
      }
      out.add(new Line(t, r));
    }
    if (!tail.isEmpty() && !rowStart(tail, f)) {
      throw new SweepFileException(p + ":" + (lineNo + 1) + ": not a row of a scansim sweep");
    }
    return new Contents(List.copyOf(out), tail);
  }

  /** Whether a cut-off {@code tail} can be the start of point {@code point}'s row: the row a sweep was writing. */
  public static boolean startsRow(String tail, int point, Format f) {
    String start = f == Format.CSV ? point + "," : "{\"point\":" + point + ",";
    return tail.startsWith(start) || start.startsWith(tail);
  }

  /** Whether {@code tail}, a line without its end, can be the start of a row: what a sweep stopped mid-row leaves. */
  private static boolean rowStart(String tail, Format f) {
    String json = "{\"point\":";
    return f == Format.CSV ? tail.matches("(?s)\\d+(,.*)?") : tail.startsWith(json) || json.startsWith(tail);
  }

  /**
   * Whether {@code p} is a file a sweep wrote, which a new sweep may replace: empty, or a CSV with
   * the sweep's whole header, or JSON lines with a whole row; every row of any sweep, as this
   * version of scansim writes rows.
   */
  public static boolean written(Path p) {
    try {
      if (!Files.isRegularFile(p)) {
        return false;
      }
      if (Files.size(p) == 0) {
        return true;
      }
      List<Line> rows = read(p);
      return Format.of(p) == Format.CSV ? Files.readString(p, StandardCharsets.UTF_8).startsWith(CSV_HEADER) : !rows.isEmpty();
    } catch (SweepFileException | IOException | java.io.UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Combines shards into the file one machine writes: every point of one sweep, each once, in
   * the sweep's order. Refuses shards of different sweeps, a point twice, and missing points.
   */
  public static List<Line> merge(List<Path> shards) throws SweepFileException {
    List<Line> all = new ArrayList<>();
    java.util.Map<Integer, Path> from = new java.util.HashMap<>();
    String sweep = null;
    int points = 0;
    Path first = null;
    for (Path p : shards) {
      java.util.Set<Integer> here = new java.util.HashSet<>();
      for (Line l : read(p)) {
        Path earlier = from.put(l.row().point(), p);
        if (!here.add(l.row().point())) {
          throw new SweepFileException(p + ": point " + l.row().point() + " is in it twice; a sweep writes each point once");
        }
        if (earlier != null) {
          boolean same = earlier.toAbsolutePath().normalize().equals(p.toAbsolutePath().normalize());
          throw new SweepFileException("point " + l.row().point() + " is in two shards: " + earlier + (same ? " (named twice)"
              : " and " + p + " (shards of one sweep split it the same way: --shard I/N with one N)"));
        }
        if (sweep == null) {
          sweep = l.row().sweep();
          points = l.row().points();
          first = p;
        } else if (!sweep.equals(l.row().sweep()) || points != l.row().points()) {
          throw new SweepFileException(p + ": rows of another sweep (" + l.row().sweep() + ", " + l.row().points() + " points) than "
              + first + "'s (" + sweep + ", " + points + " points)");
        }
        all.add(l);
      }
    }
    if (sweep == null) {
      throw new SweepFileException("no rows in " + shards.stream().map(Path::toString).reduce((a, b) -> a + ", " + b).orElse("no files"));
    }
    all.sort(Comparator.comparingInt(l -> l.row().point()));
    List<Integer> missing = new ArrayList<>();
    int next = 0;
    for (int i = 0; i < all.size(); i++) {
      int pt = all.get(i).row().point();
      while (next < pt) {
        missing.add(next++);
      }
      next = pt + 1;
    }
    while (next < points) {
      missing.add(next++);
    }
    if (!missing.isEmpty()) {
      throw new SweepFileException(missing.size() + " of the sweep's " + points + (missing.size() == 1 ? " points is" : " points are")
          + " in none of the shards (point "
          + missing.stream().limit(5).map(String::valueOf).reduce((a, b) -> a + ", " + b).orElseThrow() + (missing.size() > 5 ? ", …" : "")
          + "): a shard is missing or did not finish");
    }
    return all;
  }

  /** A sweep file the command has already let this sweep write (new, a sweep's, or resumed): any regular file. */
  public static final org.scansim.files.OutputFiles.Output CONTINUED = new org.scansim.files.OutputFiles.Output("a sweep file", p -> true);

  /** The largest sweep file read back (resumed or merged): 100,000 points of rows of a few KiB. */
  public static final long MAX_FILE_BYTES = 1L << 30;

  /** Appends rows to a sweep file as they come, flushing each; the file starts with {@code kept} rows. */
  static final class Appender implements AutoCloseable {
    private final Writer out;
    private final Format format;

    /** The file starts with its own {@code kept} rows, then {@code fill}: rows another output of the sweep held and this one lacked. */
    Appender(Path p, List<Line> kept, List<Row> fill) throws IOException {
      format = Format.of(p);
      byte[] prefix = text(kept, format).getBytes(StandardCharsets.UTF_8);
      byte[] now = Files.exists(p) ? Files.readAllBytes(p) : null;
      if (now != null && now.length >= prefix.length && java.util.Arrays.equals(now, 0, prefix.length, prefix, 0, prefix.length)) {
        // The kept rows are the file's first bytes: cut what follows them (a cut-off row, rows the
        // other output lacks), never rewriting what is done, so a kill now loses nothing.
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(p, StandardOpenOption.WRITE, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          ch.truncate(prefix.length);
        }
      } else {
        org.scansim.files.OutputFiles.write(p, text(kept, format), CONTINUED); // a new file, or one cut inside its header
      }
      out = Files.newBufferedWriter(p, StandardCharsets.UTF_8, StandardOpenOption.APPEND, java.nio.file.LinkOption.NOFOLLOW_LINKS);
      for (Row r : fill) {
        append(r);
      }
    }

    void append(Row r) throws IOException {
      out.write(line(r, format));
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
