package org.scansim.sim.host;

/**
 * Random host programs of the shapes public scan programs' host code takes, for the differential
 * fuzz of compiled host loops ({@link HostFuzzTest}): loops (for, while, do-while, nested, left by
 * break and continue) over malloc'd arrays of int, unsigned, long long, float and double, filled
 * with {@code rand()} and scanned, checked or reduced, with every integer width's arithmetic,
 * shifts, divisions by constants, conversions between the types, conditional expressions,
 * pointer steps, and now and then an index past an array's end (a fault). Each prints what it
 * computed; the same seed gives the same text.
 */
final class RandomPrograms extends org.scansim.sim.engine.GeneratedSource {
  private static final String[] TYPES = {"int", "unsigned", "long long", "float", "double"};
  private int loops;
  private int statements;

  private RandomPrograms(long seed) {
    super(seed);
  }

  /** The program of one seed. */
  static String program(long seed) {
    return new RandomPrograms(seed).file();
  }

  private String file() {
    line(0, "#include <cstdio>");
    line(0, "#include <cstdlib>");
    line(0, "int main() {");
    int n = 100 + rnd.nextInt(3000);
    line(1, "const int n = " + n + ";");
    line(1, "srand(" + rnd.nextInt(1000) + ");");
    for (String t : TYPES) {
      String a = array(t);
      line(1, t + " *" + a + " = (" + t + " *)malloc(n * sizeof(" + t + "));");
      line(1, "for (int i = 0; i < n; i++) " + a + "[i] = (" + t + ")(rand() % " + (2 + rnd.nextInt(100)) + ")"
          + (t.equals("float") || t.equals("double") ? " * 0.25" : "") + ";");
    }
    line(1, "int i32 = 1; unsigned u32 = 7u; long long i64 = 3; float f32 = 0.5f; double f64 = 1.5;");
    int count = 3 + rnd.nextInt(5);
    for (int k = 0; k < count; k++) {
      statement(1, 0);
    }
    line(1, "printf(\"%d %u %lld %.6g %.9g\\n\", i32, u32, i64, f32, f64);");
    for (String t : TYPES) {
      String a = array(t);
      line(1, "printf(\"" + format(t) + " " + format(t) + "\\n\", " + a + "[0], " + a + "[n - 1]);");
    }
    line(1, "return i32 & 1;");
    line(0, "}");
    return out.toString();
  }

  private void statement(int indent, int depth) {
    statements++;
    int kinds = depth >= 3 || statements > 30 ? 4 : 9;
    switch (rnd.nextInt(kinds)) {
      case 0 -> line(indent, scalar() + " " + pick("=", "+=", "-=", "*=") + " " + expr(2) + ";");
      case 1 -> {
        String t = pick(TYPES);
        line(indent, array(t) + "[" + index() + "] " + pick("=", "+=") + " (" + t + ")(" + expr(2) + ");");
      }
      case 2 -> line(indent, pick("i32", "u32", "i64") + " " + pick("^=", "|=", "&=", ">>=", "<<=", "%=", "/=") + " "
          + (1 + rnd.nextInt(5)) + ";");
      case 3 -> {
        if (loops > 0 && rnd.nextInt(3) == 0) {
          line(indent, "if (" + condition() + ") " + pick("break;", "continue;"));
        } else {
          line(indent, "if (" + condition() + ") " + scalar() + " += " + expr(1) + "; else " + scalar() + " -= 1;");
        }
      }
      case 4, 5 -> {
        if (loops > 0) { // a loop over the arrays inside another would be n^2 steps: a short one instead
          smallLoop(indent, depth);
          return;
        }
        String i = name("i");
        String t = pick(TYPES);
        String a = array(t);
        int kind = rnd.nextInt(4);
        switch (kind) {
          case 0 -> line(indent, "for (int " + i + " = " + rnd.nextInt(3) + "; " + i + " < n; " + i + " += " + (1 + rnd.nextInt(3)) + ") {");
          case 1 -> line(indent, "for (int " + i + " = n - 1; " + i + " >= 0; " + i + "--) {");
          case 2 -> {
            line(indent, "{ int " + i + " = 0;");
            line(indent, "while (" + i + " < n) {");
          }
          default -> {
            line(indent, "{ int " + i + " = 0;");
            line(indent, "do {");
          }
        }
        line(indent + 1, "int cur = " + i + (kind >= 2 ? "++;" : ";"));
        line(indent + 1, a + "[cur] " + pick("+=", "=", "-=") + " (" + t + ")(" + expr(1) + " + " + array(pick(TYPES)) + "[cur]);");
        loops++;
        int inner = 1 + rnd.nextInt(3);
        for (int k = 0; k < inner; k++) {
          statement(indent + 1, depth + 1);
        }
        loops--;
        if (kind == 3) {
          line(indent, "} while (" + i + " < n); }");
        } else if (kind == 2) {
          line(indent, "} }");
        } else {
          line(indent, "}");
        }
      }
      case 6 -> {
        if (loops > 0) {
          smallLoop(indent, depth);
          return;
        }
        String t = pick("int", "long long", "double");
        String a = array(t);
        line(indent, "{ " + t + " run = 0; " + t + " *p = " + a + ";");
        line(indent, "for (int k = 0; k < n; k++, p++) { run += *p; *p = run" + (t.equals("double") ? "" : " % 100003") + "; } }");
      }
      case 7 -> smallLoop(indent, depth);
      default -> line(indent, "i32 += rand() % " + (1 + rnd.nextInt(50)) + ";");
    }
  }

  /** A loop of a few turns around two statements. */
  private void smallLoop(int indent, int depth) {
    String i = name("j");
    line(indent, "for (int " + i + " = 0; " + i + " < " + (2 + rnd.nextInt(6)) + "; " + i + "++) {");
    loops++;
    statement(indent + 1, depth + 1);
    statement(indent + 1, depth + 1);
    loops--;
    line(indent, "}");
  }

  /** An index into the arrays: in range nearly always, now and then one past the end. */
  private String index() {
    if (rnd.nextInt(25) == 0) {
      return "n + " + rnd.nextInt(4);
    }
    return "(" + pick("i32", "(int)u32", "(int)i64", Integer.toString(rnd.nextInt(50))) + " & 0x7fffffff) % n";
  }

  private String condition() {
    return switch (rnd.nextInt(5)) {
      case 0 -> "i32 > " + rnd.nextInt(100);
      case 1 -> "(u32 & " + (1 + rnd.nextInt(15)) + "u) == 0";
      case 2 -> "f64 < " + rnd.nextInt(50) + ".5";
      case 3 -> "i64 % " + (2 + rnd.nextInt(5)) + " == 0";
      default -> array(pick(TYPES)) + "[" + index() + "] > " + rnd.nextInt(20);
    };
  }

  private String expr(int depth) {
    int choice = rnd.nextInt(depth <= 0 ? 5 : 10);
    return switch (choice) {
      case 0 -> scalar();
      case 1 -> Integer.toString(rnd.nextInt(20));
      case 2 -> pick("0.5", "1.25f", "3.0", "-2");
      case 3 -> array(pick(TYPES)) + "[" + index() + "]";
      case 4 -> "(" + pick(TYPES) + ")" + scalar();
      case 5 -> "(" + expr(depth - 1) + " " + pick("+", "-", "*") + " " + expr(depth - 1) + ")";
      case 6 -> "((long long)(" + expr(depth - 1) + ") " + pick("/", "%") + " " + (1 + rnd.nextInt(9)) + ")";
      case 7 -> "((int)(" + expr(depth - 1) + ") " + pick(">>", "<<", "&", "|", "^") + " " + rnd.nextInt(6) + ")";
      case 8 -> "(" + condition() + " ? " + expr(depth - 1) + " : " + expr(depth - 1) + ")";
      default -> "((unsigned)(" + expr(depth - 1) + ") " + pick(">>", "/", "%") + " " + (1 + rnd.nextInt(7)) + "u)";
    };
  }

  private String scalar() {
    return pick("i32", "u32", "i64", "f32", "f64");
  }

  private static String array(String type) {
    return switch (type) {
      case "int" -> "ai";
      case "unsigned" -> "au";
      case "long long" -> "al";
      case "float" -> "af";
      default -> "ad";
    };
  }

  private static String format(String type) {
    return switch (type) {
      case "int" -> "%d";
      case "unsigned" -> "%u";
      case "long long" -> "%lld";
      case "float" -> "%.6g";
      default -> "%.9g";
    };
  }
}
