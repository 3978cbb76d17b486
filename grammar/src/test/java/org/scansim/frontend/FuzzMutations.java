package org.scansim.frontend;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded mutations of source text: token-level edits (delete, duplicate, swap, insert, replace an
 * identifier, a type keyword or an operator by another, which mostly keeps the syntax and stresses
 * the type checker and the lowering), character-level edits (random and non-ASCII characters,
 * NUL, lone surrogates, BOM, CR), truncation, splicing two texts, and hostile shapes: deep nesting,
 * huge literals, very long lines, macro storms, stray directives. Deterministic for a seed.
 */
final class FuzzMutations {
  private FuzzMutations() {}

  static final String[] VOCABULARY = {
    "__global__", "__device__", "__host__", "__shared__", "__constant__", "extern", "static", "const", "volatile",
    "void", "int", "unsigned", "long", "float", "double", "char", "bool", "dim3", "size_t", "short", "signed",
    "struct", "template", "typedef", "auto", "if", "else", "for", "while", "do", "switch", "case", "default",
    "break", "continue", "return", "goto", "sizeof", "static_cast", "new", "this", "true", "false", "nullptr",
    "NULL", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "__syncthreads", "atomicAdd",
    "atomicCAS", "__shfl_down_sync", "cudaMalloc", "cudaMemcpy", "printf", "assert", "min", "x", "y", "z",
    "0", "1", "-1", "0x1F", "1.5f", "2.0", "'a'", "\"s\"", "1u", "1ull", "(", ")", "[", "]", "{", "}", "<<<",
    ">>>", "<<", ">>", ">>=", "<", ">", "=", "==", "+", "-", "*", "/", "%", "&", "&&", "|", "||", "^", "!", "~",
    "?", ":", "::", ";", ",", ".", "->", "...", "++", "--", "+=", "#", "##", "/*", "*/", "//", "\\", "\n",
    "#define", "#if", "#endif", "#else", "#undef", "#include"
  };

  private static final String[] TYPES = {
    "int", "unsigned", "unsigned int", "float", "double", "char", "bool", "long long", "unsigned long long",
    "size_t", "short", "dim3", "void", "int *", "float *", "const int", "volatile float", "unsigned char"
  };

  private static final String[] OPERATORS = {
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", ">", "<=", ">=", "==", "!=", "=", "+=",
    "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=", ",", "?", ":", "!", "~", "++", "--", "."
  };

  private static final String[] ODD_CHARS = {
    "\0", "\u0001", "\u001b", "\u007f", "\u00e9", "\u20ac", "\ud83d\ude00", "\ud800", "\udfff", "\ufeff", "\r",
    "\r\n", "\t", "\f", "\u000b", "\\", "\"", "'", "#", "@", "`", "$", "\u00a0", "\u2028", "\uffff"
  };

  private static final String[] HUGE_LITERALS = {
    "99999999999999999999999999", "18446744073709551616", "18446744073709551615", "9223372036854775808",
    "0x" + "F".repeat(40), "0xFFFFFFFFFFFFFFFF", "0x8000000000000000", "077777777777777777777777", "1e99999",
    "1e-99999f", "0." + "1".repeat(400), "1" + "0".repeat(500) + ".0", "0x1p3", "1.0e+", "0b101", "'\\777'",
    "'\\x1ff'", "'ab'", "1ulL", "1LLU", "123abc", "0x", "1.5ff", "2147483648", "-2147483648", "4294967296u"
  };

  private static final String[] PUNCTUATORS = {
    "<<<", ">>>", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=",
    "*=", "/=", "%=", "&=", "|=", "^=", "##", "::"
  };

  /**
   * Splits text into C-like tokens, keeping whitespace and comments as tokens so that joining
   * them gives the text back. A hand-written scanner: a regular expression overflows the stack on
   * a long string literal.
   */
  static List<String> tokens(String text) {
    List<String> out = new ArrayList<>();
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      int j = i + 1;
      if (Character.isWhitespace(c)) {
        while (j < n && Character.isWhitespace(text.charAt(j))) {
          j++;
        }
      } else if (c == '/' && j < n && text.charAt(j) == '/') {
        while (j < n && text.charAt(j) != '\n') {
          j++;
        }
      } else if (c == '/' && j < n && text.charAt(j) == '*') {
        int close = text.indexOf("*/", j + 1);
        j = close < 0 ? n : close + 2;
      } else if (c == '"' || c == '\'') {
        while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
          j += text.charAt(j) == '\\' && j + 1 < n ? 2 : 1;
        }
        j = Math.min(n, j + 1);
      } else if (Character.isLetter(c) || c == '_') {
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_')) {
          j++;
        }
      } else if (Character.isDigit(c) || c == '.' && j < n && Character.isDigit(text.charAt(j))) {
        while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '.')) {
          j++;
        }
      } else {
        for (String p : PUNCTUATORS) {
          if (text.startsWith(p, i)) {
            j = i + p.length();
            break;
          }
        }
      }
      out.add(text.substring(i, j));
      i = j;
    }
    return out;
  }

  private static boolean isIdentifier(String t) {
    return !t.isEmpty() && (Character.isLetter(t.charAt(0)) || t.charAt(0) == '_');
  }

  /** {@code edits} random mutations of {@code text}; {@code other} is a second text to splice. */
  static String mutate(String text, String other, Random r, int edits) {
    String s = text;
    for (int e = 0; e < edits; e++) {
      s = mutateOnce(s, other, r);
      if (s.length() > 600_000) {
        s = s.substring(0, 600_000);
      }
    }
    return s;
  }

  private static String mutateOnce(String text, String other, Random r) {
    List<String> toks = tokens(text);
    if (toks.isEmpty()) {
      return VOCABULARY[r.nextInt(VOCABULARY.length)];
    }
    int k = r.nextInt(100);
    if (k < 12) {
      int at = r.nextInt(toks.size());
      int n = 1 + r.nextInt(3);
      for (int i = 0; i < n && at < toks.size(); i++) {
        toks.remove(at);
      }
    } else if (k < 20) {
      int at = r.nextInt(toks.size());
      toks.add(at, toks.get(at));
    } else if (k < 27) {
      int a = r.nextInt(toks.size());
      int b = r.nextInt(toks.size());
      String t = toks.get(a);
      toks.set(a, toks.get(b));
      toks.set(b, t);
    } else if (k < 37) {
      toks.add(r.nextInt(toks.size() + 1), (r.nextBoolean() ? " " : "") + VOCABULARY[r.nextInt(VOCABULARY.length)] + " ");
    } else if (k < 50) {
      // Replace an identifier by another one of the text: mostly still parses, types change.
      List<Integer> ids = new ArrayList<>();
      for (int i = 0; i < toks.size(); i++) {
        if (isIdentifier(toks.get(i))) {
          ids.add(i);
        }
      }
      if (ids.size() >= 2) {
        toks.set(ids.get(r.nextInt(ids.size())), toks.get(ids.get(r.nextInt(ids.size()))));
      }
    } else if (k < 58) {
      List<Integer> types = new ArrayList<>();
      for (int i = 0; i < toks.size(); i++) {
        if (List.of("int", "float", "unsigned", "double", "char", "bool", "void", "size_t", "long", "dim3").contains(toks.get(i))) {
          types.add(i);
        }
      }
      if (!types.isEmpty()) {
        toks.set(types.get(r.nextInt(types.size())), TYPES[r.nextInt(TYPES.length)]);
      }
    } else if (k < 66) {
      List<Integer> ops = new ArrayList<>();
      for (int i = 0; i < toks.size(); i++) {
        if (List.of(OPERATORS).contains(toks.get(i))) {
          ops.add(i);
        }
      }
      if (!ops.isEmpty()) {
        toks.set(ops.get(r.nextInt(ops.size())), OPERATORS[r.nextInt(OPERATORS.length)]);
      }
    } else if (k < 70) {
      return characterEdit(text, r);
    } else if (k < 74) {
      return text.substring(0, r.nextInt(text.length() + 1));
    } else if (k < 77 && other != null) {
      return text.substring(0, r.nextInt(text.length() + 1)) + other.substring(r.nextInt(other.length() + 1));
    } else if (k < 82) {
      return insertAt(text, r, ODD_CHARS[r.nextInt(ODD_CHARS.length)].repeat(1 + r.nextInt(r.nextInt(10) == 0 ? 200 : 3)));
    } else if (k < 86) {
      List<Integer> nums = new ArrayList<>();
      for (int i = 0; i < toks.size(); i++) {
        if (Character.isDigit(toks.get(i).charAt(0))) {
          nums.add(i);
        }
      }
      String lit = HUGE_LITERALS[r.nextInt(HUGE_LITERALS.length)];
      if (!nums.isEmpty()) {
        toks.set(nums.get(r.nextInt(nums.size())), lit);
      } else {
        return insertAt(text, r, lit);
      }
    } else if (k < 91) {
      return insertLine(text, r, hostileShape(r));
    } else if (k < 96) {
      return insertLine(text, r, directive(r));
    } else {
      // Duplicate a range of lines.
      String[] lines = text.split("\n", -1);
      int a = r.nextInt(lines.length);
      int b = Math.min(lines.length, a + 1 + r.nextInt(10));
      StringBuilder s = new StringBuilder();
      for (int i = 0; i < lines.length; i++) {
        s.append(lines[i]).append('\n');
        if (i == b - 1) {
          for (int j = a; j < b; j++) {
            s.append(lines[j]).append('\n');
          }
        }
      }
      return s.toString();
    }
    return String.join("", toks);
  }

  private static String characterEdit(String text, Random r) {
    StringBuilder s = new StringBuilder(text);
    int at = r.nextInt(s.length() + 1);
    switch (r.nextInt(3)) {
      case 0 -> {
        if (at < s.length()) {
          s.delete(at, Math.min(s.length(), at + 1 + r.nextInt(4)));
        }
      }
      case 1 -> s.insert(at, (char) (32 + r.nextInt(95)));
      default -> {
        if (at < s.length()) {
          s.setCharAt(at, (char) r.nextInt(0x3000));
        }
      }
    }
    return s.toString();
  }

  private static String insertAt(String text, Random r, String piece) {
    int at = r.nextInt(text.length() + 1);
    return text.substring(0, at) + piece + text.substring(at);
  }

  private static String insertLine(String text, Random r, String line) {
    int at = r.nextInt(text.length() + 1);
    int nl = text.indexOf('\n', at);
    at = nl < 0 ? text.length() : nl + 1;
    return text.substring(0, at) + line + "\n" + text.substring(at);
  }

  /**
   * Deep nesting, long chains, long lines and macro storms, sized to stay quick (a few thousand
   * nodes at most; the robustness test has a few far larger ones of its own).
   */
  static String hostileShape(Random r) {
    int n = 1 + r.nextInt(r.nextInt(8) == 0 ? 300 : 30);
    return switch (r.nextInt(16)) {
      case 0 -> "x = " + "(".repeat(n) + "1" + ")".repeat(n) + ";";
      case 1 -> "{".repeat(n) + "}".repeat(n);
      case 2 -> "if (x) ".repeat(n) + "y = 1;";
      case 3 -> "x = " + "- ".repeat(n * 3) + "y;";
      case 4 -> "x = a" + " + a".repeat(n * 5) + ";";
      case 5 -> "for (;;) ".repeat(n) + "break;";
      case 6 -> "a" + "[b".repeat(n) + "]".repeat(n) + " = 0;";
      case 7 -> "int v = " + "x ? y : ".repeat(n * 2) + "z;";
      case 8 -> "int " + "q".repeat(200 * n) + " = 1;";
      case 9 -> "/*" + "*".repeat(200 * n) + "*/";
      case 10 -> "printf(\"" + "%d".repeat(20 * n) + "\");";
      case 11 -> "x = 1;".repeat(10 * n);
      case 12 -> "#define M0 x\n" + macroTower(Math.min(n, 11)) + "M" + Math.min(n, 11) + ";";
      case 13 -> "#define R(a) R(a) + a\nx = R(R(R(1)));\n#define S S S\nS;";
      case 14 -> "if (x == 0) y = 0;" + " else if (x == 1) y = 1;".repeat(n * 2);
      default -> "(void)(" + "(int)".repeat(n * 2) + "x);";
    };
  }

  static String macroTower(int height) {
    StringBuilder s = new StringBuilder();
    for (int i = 1; i <= height; i++) {
      s.append("#define M").append(i).append(" M").append(i - 1).append(" + M").append(i - 1).append('\n');
    }
    return s.toString();
  }

  private static String directive(Random r) {
    return switch (r.nextInt(14)) {
      case 0 -> "#if";
      case 1 -> "#endif";
      case 2 -> "#else";
      case 3 -> "#if 0";
      case 4 -> "#include \"missing.h\"";
      case 5 -> "#include <vector>";
      case 6 -> "#undef N";
      case 7 -> "#define N";
      case 8 -> "#error stop";
      case 9 -> "#pragma unroll";
      case 10 -> "#line 99999999 \"x.cu\"";
      case 11 -> "#if defined(";
      case 12 -> "#define F(x, x) x";
      default -> "#elif 1 / 0";
    };
  }
}
