package org.scansim.frontend.pp;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Diagnostics;
import org.scansim.frontend.diag.SourceFile;

/**
 * The macros defined before the first line is read: the predefined ones (C11 §6.10.8 and what
 * nvcc and the ignored system headers would provide), spelled in a synthetic file
 * {@code <built-in>}, then the {@code -D} options in order, spelled in {@code <command line>}.
 */
final class InitialMacros {

  static final String BUILT_IN_NAME = "<built-in>";
  static final String COMMAND_LINE_NAME = "<command line>";

  /** Deliberately no __CUDA_ARCH__: kernels are read as host-and-device source. */
  private static final String BUILT_IN_TEXT =
      String.join(
          "\n",
          "#define __CUDACC__ 1",
          "#define __NVCC__ 1",
          "#define __SCANSIM__ 1",
          "#define __cplusplus 201703L",
          "#define NULL nullptr",
          // <climits> and <cfloat> as on x86-64 Linux (LP64, char signed), where nvcc compiles the host side.
          "#define CHAR_BIT 8",
          "#define SCHAR_MIN (-128)",
          "#define SCHAR_MAX 127",
          "#define UCHAR_MAX 255",
          "#define CHAR_MIN (-128)",
          "#define CHAR_MAX 127",
          "#define SHRT_MIN (-32768)",
          "#define SHRT_MAX 32767",
          "#define USHRT_MAX 65535",
          "#define INT_MAX 2147483647",
          "#define INT_MIN (-2147483647-1)",
          "#define UINT_MAX 4294967295u",
          "#define LONG_MAX 9223372036854775807L",
          "#define LONG_MIN (-9223372036854775807L-1L)",
          "#define ULONG_MAX 18446744073709551615UL",
          "#define LLONG_MAX 9223372036854775807LL",
          "#define LLONG_MIN (-9223372036854775807LL-1LL)",
          "#define ULLONG_MAX 18446744073709551615ULL",
          "#define FLT_MAX 3.402823466e+38f",
          "#define FLT_MIN 1.175494351e-38f",
          "#define FLT_EPSILON 1.192092896e-07f",
          "#define FLT_DIG 6",
          "#define FLT_MANT_DIG 24",
          "#define DBL_MAX 1.7976931348623157e+308",
          "#define DBL_MIN 2.2250738585072014e-308",
          "#define DBL_EPSILON 2.2204460492503131e-16",
          "#define DBL_DIG 15",
          "#define DBL_MANT_DIG 53",
          "#define EXIT_SUCCESS 0",
          "#define EXIT_FAILURE 1",
          "#define RAND_MAX 2147483647",
          "#define CLOCKS_PER_SEC 1000000L",
          "#define M_PI 3.14159265358979323846",
          "#define NAN (0.0f / 0.0f)",
          "#define INFINITY (1.0f / 0.0f)",
          "");

  private InitialMacros() {}

  static void installBuiltIns(MacroTable table, Diagnostics diags) {
    SourceFile file = new SourceFile(BUILT_IN_NAME, BUILT_IN_TEXT);
    PpLexer lx = new PpLexer(file, diags);
    List<PpToken> line = new ArrayList<>();
    for (PpToken t = lx.next(); ; t = lx.next()) {
      if (t.has(PpToken.BOL) || t.kind == PpToken.Kind.EOF) {
        if (line.size() > 2) { // '#' 'define' name ...
          Macro m = MacroDefinitionParser.parse(line.subList(2, line.size()), line.get(0).span(), diags);
          if (m != null) {
            table.define(m);
          }
        }
        line.clear();
      }
      if (t.kind == PpToken.Kind.EOF) {
        break;
      }
      line.add(t);
    }
    table.define(Macro.builtin("__FILE__", Macro.Builtin.FILE));
    table.define(Macro.builtin("__LINE__", Macro.Builtin.LINE));
    table.define(Macro.builtin("_Pragma", Macro.Builtin.PRAGMA));
  }

  /**
   * Defines each {@code -D NAME[=VALUE]} like {@code #define NAME VALUE} ({@code 1} without a
   * value). A malformed option is reported against its line in {@code <command line>}, where the
   * option is spelled {@code -DNAME=VALUE}, and defines nothing.
   */
  static void installCommandLine(MacroTable table, Map<String, String> defines, Diagnostics diags) {
    if (defines == null || defines.isEmpty()) {
      return;
    }
    StringBuilder text = new StringBuilder();
    List<int[]> ranges = new ArrayList<>(); // lineStart, nameStart, nameEnd, valueStart, valueEnd
    List<Boolean> hadNewline = new ArrayList<>();
    for (Map.Entry<String, String> e : defines.entrySet()) {
      String name = String.valueOf(e.getKey());
      String value = e.getValue();
      hadNewline.add(name.indexOf('\n') >= 0 || (value != null && value.indexOf('\n') >= 0));
      int lineStart = text.length();
      text.append("-D");
      int nameStart = text.length();
      text.append(name.replace('\n', ' ').replace('\r', ' '));
      int nameEnd = text.length();
      int valueStart = -1;
      if (value != null) {
        text.append('=');
        valueStart = text.length();
        text.append(value.replace('\n', ' ').replace('\r', ' '));
      }
      ranges.add(new int[] {lineStart, nameStart, nameEnd, valueStart, text.length()});
      text.append('\n');
    }
    SourceFile file = new SourceFile(COMMAND_LINE_NAME, text.toString());
    for (int i = 0; i < ranges.size(); i++) {
      int[] r = ranges.get(i);
      if (hadNewline.get(i)) {
        diags.error(file.span(r[0], r[4]), "a -D option cannot contain a newline");
        continue;
      }
      Macro m = parseOption(file, r, diags);
      if (m != null) {
        table.define(m);
      }
    }
  }

  private static Macro parseOption(SourceFile file, int[] r, Diagnostics diags) {
    int errors = diags.errorCount();
    List<PpToken> nameToks = lexAll(file, r[1], r[2], diags);
    if (nameToks.isEmpty()) {
      diags.error(file.span(r[0], r[4]), "no macro name given in -D option");
      return null;
    }
    if (!MacroDefinitionParser.checkName(nameToks.get(0), diags)) {
      return null;
    }
    if (nameToks.size() > 1) {
      PpToken open = nameToks.get(1);
      int close = -1;
      for (int k = 1; k < nameToks.size(); k++) {
        if (nameToks.get(k).is(")")) {
          close = k;
          break;
        }
      }
      if (!open.is("(") || open.has(PpToken.SPACE_BEFORE) || close < 0) {
        diags.error(
            file.span(open.start, nameToks.get(nameToks.size() - 1).end),
            "invalid macro name in -D option: '" + file.text().substring(r[1], r[2]) + "'");
        return null;
      }
      if (close != nameToks.size() - 1) {
        PpToken junk = nameToks.get(close + 1);
        diags.error(
            file.span(junk.start, nameToks.get(nameToks.size() - 1).end),
            "extra tokens after the macro parameter list in -D option");
        return null;
      }
    }
    List<PpToken> all = new ArrayList<>(nameToks);
    if (r[3] < 0) {
      PpToken name = nameToks.get(0);
      all.add(new PpToken(PpToken.Kind.NUMBER, "1", file, name.start, name.end, PpToken.SPACE_BEFORE, null));
    } else {
      List<PpToken> value = lexAll(file, r[3], r[4], diags);
      if (!checkValue(value, diags)) {
        return null;
      }
      for (int k = 0; k < value.size(); k++) {
        all.add(k == 0 ? value.get(k).withFlags(PpToken.SPACE_BEFORE) : value.get(k));
      }
    }
    if (diags.errorCount() != errors) {
      return null;
    }
    return MacroDefinitionParser.parse(all, file.span(r[0], r[4]), diags);
  }

  /** Rejects values no sensible definition has: unterminated literals, unbalanced parentheses. */
  private static boolean checkValue(List<PpToken> value, Diagnostics diags) {
    Deque<PpToken> open = new ArrayDeque<>();
    for (PpToken t : value) {
      if (t.has(PpToken.UNTERMINATED)) {
        diags.error(t.span(), PpLexer.unterminatedMessage(t) + " in -D value");
        return false;
      }
      if (t.is("(")) {
        open.push(t);
      } else if (t.is(")")) {
        if (open.isEmpty()) {
          diags.error(t.span(), "unbalanced ')' in -D value");
          return false;
        }
        open.pop();
      }
    }
    if (!open.isEmpty()) {
      diags.error(open.peek().span(), "unbalanced '(' in -D value: missing ')'");
      return false;
    }
    return true;
  }

  private static List<PpToken> lexAll(SourceFile file, int start, int end, Diagnostics diags) {
    PpLexer lx = new PpLexer(file, start, end, diags);
    List<PpToken> out = new ArrayList<>();
    for (PpToken t = lx.next(); t.kind != PpToken.Kind.EOF; t = lx.next()) {
      out.add(t);
    }
    return out;
  }
}
