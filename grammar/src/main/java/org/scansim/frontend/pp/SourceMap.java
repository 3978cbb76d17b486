package org.scansim.frontend.pp;

import java.util.List;
import org.scansim.frontend.diag.SourceFile;
import org.scansim.frontend.diag.Span;

/**
 * Maps ranges of the preprocessed text back to the original files. The text is a sequence of
 * pieces, each mapping to original characters in one of these ways:
 *
 * <ul>
 *   <li>{@link #LINEAR}: copied verbatim, character for character;
 *   <li>{@link #SPLICED}: a token whose spelling had line splices removed;
 *   <li>{@link #WHOLE}: stands for a whole original range (a comment became one space);
 *   <li>{@link #TOKEN}: a token of a macro expansion, mapped to where the user wrote it if it came
 *       from the user's code (an argument), else to the invocation, with a {@link Span.MacroNote}
 *       saying where it was spelled.
 * </ul>
 *
 * The spaces between the tokens of an expansion belong to no piece; they map to the invocation.
 * Pieces are kept in parallel arrays, as an expansion can have millions of tokens.
 */
final class SourceMap {
  static final byte LINEAR = 0;
  static final byte SPLICED = 1;
  static final byte WHOLE = 2;
  static final byte TOKEN = 3;

  /** One macro invocation in the user's code and the output it became. */
  record Invocation(SourceFile file, int rawStart, int rawEnd, String macroName, int outStart, int outEnd) {
    Span span() {
      return file.span(rawStart, rawEnd);
    }
  }

  private final SourceFile main;
  private final int length;
  private final int count;
  private final int[] outStart;
  private final int[] outEnd;
  private final byte[] kind;
  /** LINEAR/SPLICED/WHOLE: raw start; TOKEN: index of the invocation. */
  private final int[] raw;
  /** SPLICED/WHOLE: raw end. */
  private final int[] aux;
  /** LINEAR/SPLICED/WHOLE: the SourceFile; TOKEN: the PpToken. */
  private final Object[] ref;
  private final List<Invocation> invocations;

  SourceMap(
      SourceFile main, int length, int count, int[] outStart, int[] outEnd, byte[] kind, int[] raw,
      int[] aux, Object[] ref, List<Invocation> invocations) {
    this.main = main;
    this.length = length;
    this.count = count;
    this.outStart = outStart;
    this.outEnd = outEnd;
    this.kind = kind;
    this.raw = raw;
    this.aux = aux;
    this.ref = ref;
    this.invocations = List.copyOf(invocations);
  }

  Span span(int start, int end) {
    start = Math.max(0, Math.min(start, length));
    end = Math.max(0, Math.min(end, length));
    if (length == 0) {
      return main.span(0, 0);
    }
    if (end <= start) {
      return point(start);
    }
    int last = end - 1;
    int a = pieceAt(start);
    int b = pieceAt(last);
    if (a >= 0 && a == b) {
      return within(a, start, last);
    }
    Span first = charSpan(a, start);
    Span lastSpan = charSpan(b, last);
    if (lastSpan.file() != first.file()) {
      lastSpan = first;
      int from = b >= 0 ? b : nearestBefore(last);
      int stop = a >= 0 ? a : nearestBefore(start);
      for (int i = from; i > stop && i >= 0; i--) {
        Span s = charSpan(i, outEnd[i] - 1);
        if (s.file() == first.file()) {
          lastSpan = s;
          break;
        }
      }
    }
    return first.to(lastSpan);
  }

  /** A zero-width span where output position {@code pos} comes from. */
  private Span point(int pos) {
    if (pos >= length) {
      Span s = charSpan(pieceAt(length - 1), length - 1);
      return new Span(s.file(), s.endLine(), s.endCol(), s.endLine(), s.endCol(), s.macro());
    }
    Span s = charSpan(pieceAt(pos), pos);
    return new Span(s.file(), s.line(), s.col(), s.line(), s.col(), s.macro());
  }

  /** The span of output characters {@code [from, to]} inside piece {@code i}. */
  private Span within(int i, int from, int to) {
    SourceFile f = kind[i] == TOKEN ? null : (SourceFile) ref[i];
    return switch (kind[i]) {
      case LINEAR -> f.span(raw[i] + from - outStart[i], raw[i] + to - outStart[i] + 1);
      case SPLICED -> f.span(logicalToRaw(i, from), logicalToRaw(i, to) + 1);
      case WHOLE -> f.span(raw[i], aux[i]);
      default -> tokenSpan(i);
    };
  }

  /** The span of one output character, in piece {@code i} (or -1: between expansion tokens). */
  private Span charSpan(int i, int pos) {
    if (i < 0) {
      Invocation inv = invocationAt(pos);
      if (inv != null) {
        return inv.span();
      }
      int j = nearestBefore(pos);
      if (j < 0) {
        return main.span(0, 0);
      }
      Span s = charSpan(j, outEnd[j] - 1);
      return new Span(s.file(), s.endLine(), s.endCol(), s.endLine(), s.endCol(), s.macro());
    }
    return within(i, pos, pos);
  }

  private Span tokenSpan(int i) {
    PpToken t = (PpToken) ref[i];
    Invocation inv = invocations.get(raw[i]);
    if (!t.has(PpToken.IN_BODY) && t.file == inv.file()) {
      return t.span(); // written by the user, e.g. a macro argument
    }
    return inv.span().withMacro(new Span.MacroNote(inv.macroName(), t.span()));
  }

  private int logicalToRaw(int i, int pos) {
    String s = ((SourceFile) ref[i]).text();
    int limit = aux[i];
    int p = PpLexer.skipSplices(s, raw[i], limit);
    for (int k = outStart[i]; k < pos; k++) {
      p = PpLexer.skipSplices(s, p + 1, limit);
    }
    return Math.min(p, Math.max(raw[i], limit - 1));
  }

  /** The piece containing output position {@code pos}, or -1. */
  private int pieceAt(int pos) {
    int i = nearestBefore(pos);
    return i >= 0 && pos < outEnd[i] ? i : -1;
  }

  /** The last piece starting at or before {@code pos}, or -1. */
  private int nearestBefore(int pos) {
    int lo = 0;
    int hi = count - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (outStart[mid] <= pos) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found;
  }

  private Invocation invocationAt(int pos) {
    int lo = 0;
    int hi = invocations.size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      Invocation inv = invocations.get(mid);
      if (pos < inv.outStart()) {
        hi = mid - 1;
      } else if (pos >= inv.outEnd()) {
        lo = mid + 1;
      } else {
        return inv;
      }
    }
    return null;
  }
}
