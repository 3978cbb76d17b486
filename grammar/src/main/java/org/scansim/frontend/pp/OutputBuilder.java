package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.scansim.frontend.diag.SourceFile;

/**
 * Accumulates the preprocessed text together with its {@link SourceMap} pieces, within the output
 * limit of the {@link Budget}: once the limit is reached nothing more is appended.
 */
final class OutputBuilder {
  private final StringBuilder text = new StringBuilder();
  private final Budget budget;
  private final List<SourceMap.Invocation> invocations = new ArrayList<>();

  private int count;
  private int[] outStart = new int[256];
  private int[] outEnd = new int[256];
  private byte[] kind = new byte[256];
  private int[] raw = new int[256];
  private int[] aux = new int[256];
  private Object[] ref = new Object[256];

  private int openRunStart = -1;
  private boolean full;
  private SourceFile lastFile;
  private int lastRaw;

  OutputBuilder(Budget budget) {
    this.budget = budget;
  }

  boolean full() {
    return full;
  }

  int length() {
    return text.length();
  }

  /** The last character written, or '\n' at the start. */
  char lastChar() {
    return text.length() == 0 ? '\n' : text.charAt(text.length() - 1);
  }

  /** Copies {@code [rawStart, rawEnd)} of {@code f} verbatim. */
  void linear(SourceFile f, int rawStart, int rawEnd) {
    if (rawEnd <= rawStart || !room(rawEnd - rawStart, f, rawStart)) {
      return;
    }
    int at = text.length();
    text.append(f.text(), rawStart, rawEnd);
    int last = count - 1;
    if (last >= 0
        && kind[last] == SourceMap.LINEAR
        && ref[last] == f
        && outEnd[last] == at
        && raw[last] + (outEnd[last] - outStart[last]) == rawStart) {
      outEnd[last] = text.length();
      return;
    }
    add(at, text.length(), SourceMap.LINEAR, rawStart, 0, f);
  }

  /** Writes {@code s}, which stands for the original characters {@code [rawStart, rawEnd)}. */
  void whole(String s, SourceFile f, int rawStart, int rawEnd) {
    if (s.isEmpty() || !room(s.length(), f, rawStart)) {
      return;
    }
    int at = text.length();
    text.append(s);
    add(at, text.length(), SourceMap.WHOLE, rawStart, rawEnd, f);
  }

  /** Writes a token whose spelling differs from its raw text by line splices. */
  void spliced(PpToken t) {
    if (!room(t.text.length(), t.file, t.start)) {
      return;
    }
    int at = text.length();
    text.append(t.text);
    add(at, text.length(), SourceMap.SPLICED, t.start, t.end, t.file);
  }

  /** Starts the output of one macro invocation of the user's code. */
  void beginInvocation() {
    openRunStart = text.length();
  }

  /** A token of the invocation being written ({@link #beginInvocation}). */
  void expansionToken(PpToken t) {
    if (!room(t.text.length() + 1, t.file, t.start)) {
      return;
    }
    int at = text.length();
    text.append(t.text);
    add(at, text.length(), SourceMap.TOKEN, invocations.size(), 0, t);
  }

  /** A space inside an invocation's output. */
  void expansionSpace() {
    if (room(1, null, 0)) {
      text.append(' ');
    }
  }

  /** Ends the invocation begun last: it was {@code [rawStart, rawEnd)} of {@code f}. */
  void endInvocation(SourceFile f, int rawStart, int rawEnd, String macroName) {
    invocations.add(new SourceMap.Invocation(f, rawStart, rawEnd, macroName, openRunStart, text.length()));
    openRunStart = -1;
  }

  private boolean room(int n, SourceFile f, int rawAt) {
    if (full) {
      return false;
    }
    if (f != null) {
      lastFile = f;
      lastRaw = rawAt;
    }
    if (!budget.chargeOutput(text.length() + n, lastFile, lastRaw)) {
      full = true;
      return false;
    }
    return true;
  }

  private void add(int s, int e, byte k, int r, int a, Object o) {
    if (count == outStart.length) {
      int n = count * 2;
      outStart = Arrays.copyOf(outStart, n);
      outEnd = Arrays.copyOf(outEnd, n);
      kind = Arrays.copyOf(kind, n);
      raw = Arrays.copyOf(raw, n);
      aux = Arrays.copyOf(aux, n);
      ref = Arrays.copyOf(ref, n);
    }
    outStart[count] = s;
    outEnd[count] = e;
    kind[count] = k;
    raw[count] = r;
    aux[count] = a;
    ref[count] = o;
    count++;
  }

  PreprocessedSource finish(SourceFile main) {
    String out = text.toString();
    SourceMap map =
        new SourceMap(main, out.length(), count, outStart, outEnd, kind, raw, aux, ref, invocations);
    return new PreprocessedSource(out, map);
  }
}
