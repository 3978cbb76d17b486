package org.scansim.frontend.pp;

import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.Span;

/**
 * Limits that keep hostile input from hanging the preprocessor or exhausting memory. Exceeding a
 * macro limit is reported once and stops all further expansion; exceeding the output limit stops
 * the run. The counters belong to one run.
 */
final class Budget {
  static final int MAX_EXPANSIONS = 1_000_000;
  /** Tokens produced by substitution, in all expansions together. */
  static final int MAX_TOKENS = 4_000_000;
  static final int MAX_OUTPUT_CHARS = 16 << 20;
  static final int MAX_INCLUDE_DEPTH = 32;
  static final int MAX_INCLUDES = 10_000;
  /** Nesting of macro arguments being expanded, and of #if sub-expressions (Java stack depth). */
  static final int MAX_NESTING = 256;

  private final Diagnostics diags;
  private int expansions;
  private long tokens;
  private int includes;
  private boolean macrosExhausted;
  private boolean outputExhausted;
  private boolean includesExhausted;

  Budget(Diagnostics diags) {
    this.diags = diags;
  }

  /** False (after one error) once expansion has to stop. */
  boolean chargeExpansion(Span where) {
    if (macrosExhausted) {
      return false;
    }
    if (++expansions > MAX_EXPANSIONS) {
      exhaust(where, "macro expansion exceeds the limit of " + MAX_EXPANSIONS + " expansions");
      return false;
    }
    return true;
  }

  boolean chargeTokens(int n, Span where) {
    if (macrosExhausted) {
      return false;
    }
    tokens += n;
    if (tokens > MAX_TOKENS) {
      exhaust(where, "macro expansion exceeds the limit of " + MAX_TOKENS + " tokens");
      return false;
    }
    return true;
  }

  /** Stops expansion after an error reported elsewhere (e.g. nesting too deep). */
  void exhaust(Span where, String message) {
    if (!macrosExhausted) {
      macrosExhausted = true;
      diags.error(where, message);
    }
  }

  boolean macrosExhausted() {
    return macrosExhausted;
  }

  boolean chargeInclude(Span where) {
    if (includesExhausted) {
      return false;
    }
    if (++includes > MAX_INCLUDES) {
      includesExhausted = true;
      diags.error(where, "#include exceeds the limit of " + MAX_INCLUDES + " inclusions");
      return false;
    }
    return true;
  }

  /**
   * False (after one error, at offset {@code at} of {@code file} when there is one) when the
   * output would exceed its limit. The error's span is made only then: this runs for every piece
   * of output.
   */
  boolean chargeOutput(int totalChars, org.scansim.frontend.diag.SourceFile file, int at) {
    if (outputExhausted) {
      return false;
    }
    if (totalChars > MAX_OUTPUT_CHARS) {
      outputExhausted = true;
      diags.error(file == null ? null : file.span(at, at), "preprocessed output exceeds the limit of " + MAX_OUTPUT_CHARS + " characters");
      return false;
    }
    return true;
  }

  boolean outputExhausted() {
    return outputExhausted;
  }
}
