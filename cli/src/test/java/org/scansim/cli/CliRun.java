package org.scansim.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One command line run in this JVM, as the tests see it: exit code, output and error output. */
record CliRun(int code, String out, String err) {
  static CliRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
    return new CliRun(code, out.toString(), err.toString());
  }
}
