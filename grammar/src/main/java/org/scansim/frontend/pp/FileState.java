package org.scansim.frontend.pp;

import java.util.ArrayDeque;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/** One file being read: its lexer, its open conditionals and how far its text has been written. */
final class FileState {

  /** An open {@code #if} group (C11 §6.10.1). */
  static final class Conditional {
    final PpToken hash;
    final PpToken name;
    /** The whole conditional lies in a skipped group. */
    final boolean wasSkipping;
    /** A group of it has been (or is being) included. */
    boolean taken;
    boolean sawElse;

    Conditional(PpToken hash, PpToken name, boolean wasSkipping, boolean taken) {
      this.hash = hash;
      this.name = name;
      this.wasSkipping = wasSkipping;
      this.taken = taken;
    }
  }

  final SourceFile file;
  final PpLexer lexer;
  /** Innermost first. Conditionals cannot span files. */
  final ArrayDeque<Conditional> conditionals = new ArrayDeque<>();
  /** Raw ranges (directives, skipped groups) written as their newlines only, in file order. */
  final ArrayDeque<int[]> blanks = new ArrayDeque<>();
  /** A token read ahead and put back. */
  PpToken pushed;
  /** Raw offset up to which the text has been written. */
  int written;

  FileState(SourceFile file, Diagnostics diags) {
    this.file = file;
    this.lexer = new PpLexer(file, diags);
  }
}
