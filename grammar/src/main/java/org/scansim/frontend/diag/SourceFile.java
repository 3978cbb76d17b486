package org.scansim.frontend.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * The text of one input file as the user wrote it, with its display name (the path as given on
 * the command line, or a name chosen by a test). Lines and columns are 1-based; a column counts
 * characters, a tab counting as one, as gcc and nvcc do.
 */
public final class SourceFile {
  private final String name;
  private final String text;
  private final int[] lineStarts;

  public SourceFile(String name, String text) {
    this.name = name;
    this.text = text;
    List<Integer> starts = new ArrayList<>();
    starts.add(0);
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        starts.add(i + 1);
      }
    }
    lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
  }

  public String name() {
    return name;
  }

  public String text() {
    return text;
  }

  public int lineCount() {
    return lineStarts.length;
  }

  /** The 1-based line holding character offset {@code offset}. */
  public int lineOf(int offset) {
    int lo = 0;
    int hi = lineStarts.length - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (lineStarts[mid] <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo + 1;
  }

  /** The 1-based column of character offset {@code offset}. */
  public int columnOf(int offset) {
    return offset - lineStarts[lineOf(offset) - 1] + 1;
  }

  /** The character offset of line {@code line}, column 1. */
  public int offsetOf(int line) {
    return lineStarts[Math.max(0, Math.min(line, lineStarts.length) - 1)];
  }

  /** The text of a 1-based line without its line terminator ("" past the end). */
  public String line(int line) {
    if (line < 1 || line > lineStarts.length) {
      return "";
    }
    int start = lineStarts[line - 1];
    int end = line < lineStarts.length ? lineStarts[line] - 1 : text.length();
    if (end > start && text.charAt(end - 1) == '\r') {
      end--;
    }
    return text.substring(start, Math.max(start, end));
  }

  /** A span over {@code [start, end)} character offsets of this file. */
  public Span span(int start, int end) {
    int s = Math.max(0, Math.min(start, text.length()));
    int e = Math.max(s, Math.min(end, text.length()));
    int endOffset = e > s ? e - 1 : s;
    return new Span(this, lineOf(s), columnOf(s), lineOf(endOffset), columnOf(endOffset) + (e > s ? 1 : 0), null);
  }

  @Override
  public String toString() {
    return name;
  }
}
