package org.scansim.frontend.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.scansim.frontend.diag.Diagnostic;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Collects the diagnostics of one parse before they reach {@link Diagnostics}, so that they can be
 * ordered by position and thinned out: lexical errors, syntax errors, unsupported constructs and
 * the builders' checks arrive from different stages (lexer, parser, AstBuilder), and a single typo
 * must not yield a page of errors.
 *
 * <p>The rules, applied in source order, where a <em>statement</em> is the run of tokens between
 * two {@code ;}, {@code {} or {@code }} tokens:
 *
 * <ul>
 *   <li>a syntax error is dropped when an error was already kept in the same statement (it is
 *       almost always a consequence of that one);
 *   <li>after a syntax error, the rest of its statement reports nothing but lexical errors: what
 *       the builders see there is the parser's guess at recovery;
 *   <li>a check made by the builders ({@link Kind#CHECK}: a misplaced specifier, a bad
 *       combination) is dropped in a statement that has a syntax error anywhere;
 *   <li>otherwise an error is dropped when the same message was already kept in the same
 *       statement, and a run of "expected declaration" errors at file scope is reported once.
 * </ul>
 */
final class SyntaxErrors {

  enum Kind {
    /** A stray character, an unterminated comment or literal, too deep nesting. */
    LEXICAL,
    /** From the parser's error strategy. */
    SYNTAX,
    /** A construct outside the subset, named by its keyword; or a malformed literal. */
    UNSUPPORTED,
    /** A builder's check of a well-formed tree (specifier combinations, misplaced specifiers). */
    CHECK,
    WARNING
  }

  static final String EXPECTED_DECLARATION = "expected declaration";

  private record Pending(int offset, int order, Kind kind, Span span, String message) {}

  private final List<Pending> pending = new ArrayList<>();
  private int[] boundaries = new int[0];
  private int syntaxCount;
  private int errorCount;

  /** The character offsets of the {@code ;}, {@code {} and {@code }} tokens, ascending. */
  void setBoundaries(int[] offsets) {
    boundaries = offsets;
  }

  /** Whether a {@code ;}, {@code {} or {@code }} token starting at {@code offset} is a statement boundary. */
  boolean isBoundary(int offset) {
    return Arrays.binarySearch(boundaries, offset) >= 0;
  }

  /** The offset of the last statement boundary before {@code offset}, or -1 when there is none. */
  int statementStart(int offset) {
    int i = statementOf(offset);
    return i > 0 ? boundaries[i - 1] : -1;
  }

  void add(Kind kind, int offset, Span span, String message) {
    pending.add(new Pending(offset, pending.size(), kind, span, message));
    if (kind == Kind.SYNTAX) {
      syntaxCount++;
    }
    if (kind != Kind.WARNING) {
      errorCount++;
    }
  }

  boolean hasSyntaxErrors() {
    return syntaxCount > 0;
  }

  boolean hasErrors() {
    return errorCount > 0;
  }

  /**
   * Where errors found after the parse go (the template instances the type checker deduces are
   * built then): the compilation's diagnostics, once the parse has flushed its own; null before.
   */
  Diagnostics late;

  /** Sorts, thins out and reports what was collected; the collector is empty afterwards. */
  void flushTo(Diagnostics diags) {
    List<Pending> sorted = new ArrayList<>(pending);
    sorted.sort(Comparator.comparingInt(Pending::offset).thenComparingInt(Pending::order));
    Set<Integer> statementsWithSyntaxErrors = new HashSet<>();
    for (Pending p : sorted) {
      if (p.kind == Kind.SYNTAX) {
        statementsWithSyntaxErrors.add(statementOf(p.offset));
      }
    }
    int lastErrorStatement = Integer.MIN_VALUE;
    String lastErrorMessage = null;
    int currentStatement = Integer.MIN_VALUE;
    boolean syntaxErrorHere = false;
    Set<String> keptHere = new HashSet<>();
    for (Pending p : sorted) {
      int statement = statementOf(p.offset);
      if (statement != currentStatement) {
        currentStatement = statement;
        keptHere.clear();
        syntaxErrorHere = false;
      }
      boolean drop =
          switch (p.kind) {
            case SYNTAX -> statement == lastErrorStatement
                || (p.message.equals(EXPECTED_DECLARATION) && p.message.equals(lastErrorMessage));
            case UNSUPPORTED, WARNING -> syntaxErrorHere;
            case CHECK -> statementsWithSyntaxErrors.contains(statement);
            case LEXICAL -> false;
          };
      if (drop || !keptHere.add((p.kind == Kind.WARNING ? "w:" : "e:") + p.message)) {
        continue;
      }
      if (p.kind == Kind.WARNING) {
        diags.report(Diagnostic.warning(p.span, p.message));
        continue;
      }
      diags.report(Diagnostic.error(p.span, p.message));
      lastErrorStatement = statement;
      lastErrorMessage = p.message;
      syntaxErrorHere |= p.kind == Kind.SYNTAX;
    }
    pending.clear();
  }

  /** How many statement boundaries start before {@code offset}. */
  private int statementOf(int offset) {
    int i = Arrays.binarySearch(boundaries, offset);
    return i >= 0 ? i : -i - 1;
  }
}
