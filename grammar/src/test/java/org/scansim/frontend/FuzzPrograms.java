package org.scansim.frontend;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Random;

/**
 * A seeded generator of CUDA programs in the subset that are well typed by construction, so that
 * the type checker's accepting paths and the whole lowering are exercised, not only error paths.
 * A program has macros and conditional compilation, file-scope {@code __device__}, {@code
 * __constant__} and host variables, device helpers (some {@code __host__ __device__}, some
 * recursive, some declared before they are defined), kernels with {@code __shared__} and {@code
 * extern __shared__} arrays, and a host entry that allocates, launches and copies back.
 * Statements and expressions cover every construct of the subset: all the control flow, all the
 * operators with mixed arithmetic types, casts, pointer arithmetic, compound assignment, ++/--,
 * atomics, shuffles, votes, barriers, {@code dim3}.
 *
 * <p>A small share of constructs are legal-but-unusual corners where a type checker or a lowering
 * typically slips (a void conditional, a function falling off its end, a local array named like a
 * global, an unsigned switch with a negative case label, out-of-range static initialisers); their
 * rate is {@link #RISKY_PERCENT}. The size of a program is bounded by a node budget.
 *
 * <p>Deterministic: the same seed gives the same text.
 */
final class FuzzPrograms {
  static final int RISKY_PERCENT = Integer.getInteger("fuzz.risky", 4);

  /** Arithmetic types of the subset with the spellings the generator writes. */
  enum S {
    BOOL("bool", false), CHAR("char", false), UCHAR("unsigned char", false), SHORT("short", false),
    INT("int", false), UINT("unsigned", false), LONG("long", false), SIZE_T("size_t", false),
    LLONG("long long", false), ULLONG("unsigned long long", false), FLOAT("float", true), DOUBLE("double", true);

    final String spelling;
    final boolean floating;

    S(String spelling, boolean floating) {
      this.spelling = spelling;
      this.floating = floating;
    }

    boolean isInt() {
      return !floating;
    }

    int rank() {
      return switch (this) {
        case BOOL -> 0;
        case CHAR, UCHAR -> 1;
        case SHORT -> 2;
        case INT, UINT -> 3;
        case LONG, SIZE_T -> 4;
        case LLONG, ULLONG -> 5;
        case FLOAT -> 6;
        case DOUBLE -> 7;
      };
    }

    boolean unsigned() {
      return this == UCHAR || this == UINT || this == SIZE_T || this == ULLONG || this == BOOL;
    }
  }

  enum Where { LOCAL, PARAM, SHARED, DYN_SHARED, DEVICE_GLOBAL, CONSTANT, HOST_GLOBAL }

  enum Kind { SCALAR, ARRAY, ARRAY2, POINTER, DIM3 }

  /** A variable the generated code may use. For pointers and arrays, {@code t} is the element. */
  static final class Var {
    final String name;
    final S t;
    final Kind kind;
    final Where where;
    /** The object itself is const (scalars and pointers). */
    final boolean constObj;
    /** Elements / pointee are const. */
    final boolean constElems;
    final boolean volatileElems;
    final int len;
    final int len2;

    Var(String name, S t, Kind kind, Where where, boolean constObj, boolean constElems, boolean volatileElems, int len, int len2) {
      this.name = name;
      this.t = t;
      this.kind = kind;
      this.where = where;
      this.constObj = constObj;
      this.constElems = constElems;
      this.volatileElems = volatileElems;
      this.len = len;
      this.len2 = len2;
    }
  }

  enum Space { KERNEL, DEVICE, HOST, HOST_DEVICE }

  /** A parameter: a scalar, or a pointer to {@code t}. */
  record Param(S t, boolean pointer, boolean constPointee) {}

  record Fn(String name, Space space, S ret, boolean returnsVoid, List<Param> params) {}

  /** An expression and its C type (before usual conversions). */
  record E(String s, S t) {}

  private final Random r;
  private final StringBuilder out = new StringBuilder();
  private int budget;
  private int fresh;
  private final List<Fn> fns = new ArrayList<>();
  private final List<Var> globals = new ArrayList<>();
  private final List<Fn> pending = new ArrayList<>();

  // The function being generated.
  private Space space;
  private S ret;
  private boolean returnsVoid;
  private Fn current;
  private final Deque<List<Var>> scopes = new ArrayDeque<>();
  private int loops;
  private int switches;
  private int indent;

  private FuzzPrograms(long seed) {
    this.r = new Random(seed);
  }

  static String generate(long seed) {
    return generate(seed, 400);
  }

  /** A program of at most about {@code maxBudget} statement and expression nodes. */
  static String generate(long seed, int maxBudget) {
    FuzzPrograms g = new FuzzPrograms(seed);
    g.budget = maxBudget / 5 + g.r.nextInt(maxBudget - maxBudget / 5);
    return g.program();
  }

  private boolean chance(int percent) {
    return r.nextInt(100) < percent;
  }

  private boolean risky() {
    return r.nextInt(100) < RISKY_PERCENT;
  }

  private <T> T pick(List<T> list) {
    return list.get(r.nextInt(list.size()));
  }

  private String name(String prefix) {
    return prefix + fresh++;
  }

  private S scalar() {
    int k = r.nextInt(100);
    if (k < 30) {
      return S.INT;
    }
    if (k < 45) {
      return S.UINT;
    }
    if (k < 60) {
      return S.FLOAT;
    }
    if (k < 68) {
      return S.DOUBLE;
    }
    if (k < 76) {
      return S.LLONG;
    }
    if (k < 81) {
      return S.ULLONG;
    }
    if (k < 86) {
      return S.CHAR;
    }
    if (k < 90) {
      return S.BOOL;
    }
    if (k < 93) {
      return S.SHORT;
    }
    if (k < 95) {
      return S.UCHAR;
    }
    if (k < 98) {
      return S.SIZE_T;
    }
    return S.LONG;
  }

  private S intScalar() {
    S s;
    do {
      s = scalar();
    } while (s.floating);
    return s;
  }

  /** The usual arithmetic conversions (C11 §6.3.1.8), enough to know the result's kind. */
  static S common(S a, S b) {
    if (a == S.DOUBLE || b == S.DOUBLE) {
      return S.DOUBLE;
    }
    if (a == S.FLOAT || b == S.FLOAT) {
      return S.FLOAT;
    }
    a = promote(a);
    b = promote(b);
    if (a == b) {
      return a;
    }
    return a.rank() > b.rank() ? a : b.rank() > a.rank() ? b : (a.unsigned() ? a : b);
  }

  static S promote(S a) {
    return a.rank() < S.INT.rank() ? S.INT : a;
  }

  // ---------------------------------------------------------------------------------------------
  // Program

  private String program() {
    int n = 1 << (5 + r.nextInt(4));
    line("// generated program");
    line("#include <cstdio>");
    line("#include <cuda_runtime.h>");
    line("#define N " + n);
    line("#define SQR(x) ((x) * (x))");
    line("#define IDX(i) ((i) & (N - 1))");
    line("#define ADD3(a, b, c) ((a) + (b) + (c))");
    line("#define CAT(a, b) a##b");
    line("#if N >= 64");
    line("#define HALF (N / 2)");
    line("#else");
    line("#define HALF 16");
    line("#endif");
    line("#ifndef BLOCK");
    line("#define BLOCK 128");
    line("#endif");
    if (chance(30)) {
      line("#ifdef NOT_DEFINED_ANYWHERE");
      line("this is not C at all {{{ ]]");
      line("#elif defined(BLOCK) && BLOCK > 1000");
      line("#error block too large");
      line("#endif");
    }
    line("");
    globalsDecls();
    if (risky()) {
      // Declared, called, never defined: one file is the whole program.
      Fn f = new Fn(name("undef"), chance(50) ? Space.DEVICE : Space.HOST, S.INT, false, List.of(new Param(S.INT, false, false)));
      line(signature(f, null) + ";");
      fns.add(f);
    }
    int helpers = r.nextInt(4);
    for (int i = 0; i < helpers; i++) {
      helper(chance(25) ? Space.HOST_DEVICE : Space.DEVICE);
    }
    if (chance(20)) {
      recursiveHostHelper();
    }
    if (chance(30)) {
      helper(Space.HOST);
    }
    int kernels = 1 + r.nextInt(2);
    List<Fn> ks = new ArrayList<>();
    for (int i = 0; i < kernels; i++) {
      ks.add(kernelDef());
    }
    for (Fn f : new ArrayList<>(pending)) {
      defineForward(f);
    }
    hostMain(ks);
    return out.toString();
  }

  private void line(String s) {
    out.append("  ".repeat(indent)).append(s).append('\n');
  }

  private void globalsDecls() {
    int count = r.nextInt(4);
    for (int i = 0; i < count; i++) {
      S t = scalar();
      int kind = r.nextInt(6);
      switch (kind) {
        case 0 -> {
          String nm = name("g");
          line("__device__ " + t.spelling + " " + nm + ";");
          globals.add(new Var(nm, t, Kind.SCALAR, Where.DEVICE_GLOBAL, false, false, false, 0, 0));
        }
        case 1 -> {
          String nm = name("gbuf");
          int len = 1 << (2 + r.nextInt(5));
          line("__device__ " + t.spelling + " " + nm + "[" + len + "];");
          globals.add(new Var(nm, t, Kind.ARRAY, Where.DEVICE_GLOBAL, false, false, false, len, 0));
        }
        case 2 -> {
          String nm = name("coef");
          int len = 2 + r.nextInt(6);
          line("__constant__ " + t.spelling + " " + nm + "[" + len + "] = {" + staticValues(t, 1 + r.nextInt(len)) + "};");
          globals.add(new Var(nm, t, Kind.ARRAY, Where.CONSTANT, false, true, false, len, 0));
        }
        case 3 -> {
          String nm = name("table");
          int len = 2 + r.nextInt(8);
          line(t.spelling + " " + nm + "[" + len + "] = {" + staticValues(t, 1 + r.nextInt(len)) + "};");
          globals.add(new Var(nm, t, Kind.ARRAY, Where.HOST_GLOBAL, false, false, false, len, 0));
        }
        case 4 -> {
          String nm = name("kConst");
          line("const int " + nm + " = " + (1 + r.nextInt(64)) + ";");
          globals.add(new Var(nm, S.INT, Kind.SCALAR, Where.HOST_GLOBAL, true, false, false, 0, 0));
        }
        default -> {
          String nm = name("hg");
          line(t.spelling + " " + nm + " = " + staticValues(t, 1) + ";");
          globals.add(new Var(nm, t, Kind.SCALAR, Where.HOST_GLOBAL, false, false, false, 0, 0));
        }
      }
    }
    if (chance(15)) {
      String nm = name("sg");
      int len = 1 << (3 + r.nextInt(4));
      S t = scalar();
      line("__shared__ " + t.spelling + " " + nm + "[" + len + "];");
      globals.add(new Var(nm, t, Kind.ARRAY, Where.SHARED, false, false, false, len, 0));
    }
  }

  /** Constant initialisers; risky ones are out of range for the type or negative floats. */
  private String staticValues(S t, int n) {
    List<String> v = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (risky()) {
        v.add(pick(List.of("300", "-1", "4294967296LL", "-1.5f", "1e300", "2.5", "'\\xff'", "true", "0x80000000")));
      } else if (t.floating) {
        v.add(pick(List.of("1.0f", "0.5", "2", "-3", "1e-3f", "0.25f")));
      } else if (t == S.BOOL) {
        v.add(pick(List.of("true", "false", "0", "1")));
      } else {
        v.add(pick(t.unsigned()
            ? List.of("0", "1", "2", "7", "100", "'a'", "0x10", "N", "HALF")
            : List.of("0", "1", "2", "7", "-4", "100", "'a'", "0x10", "N", "HALF")));
      }
    }
    return String.join(", ", v);
  }

  // ---------------------------------------------------------------------------------------------
  // Functions

  private List<Param> params(int max, boolean allowPointers) {
    List<Param> ps = new ArrayList<>();
    int n = r.nextInt(max + 1);
    for (int i = 0; i < n; i++) {
      if (allowPointers && chance(35)) {
        S t = chance(60) ? pick(List.of(S.FLOAT, S.INT, S.UINT)) : scalar();
        ps.add(new Param(t, true, chance(30)));
      } else {
        ps.add(new Param(scalar(), false, false));
      }
    }
    return ps;
  }

  private String paramDecl(Param p, String name) {
    if (p.pointer()) {
      return (p.constPointee() ? "const " : "") + p.t().spelling + " *" + (chance(10) ? "__restrict__ " : "") + name;
    }
    return p.t().spelling + " " + name;
  }

  private String signature(Fn f, List<String> names) {
    String q = switch (f.space()) {
      case KERNEL -> "__global__ ";
      case DEVICE -> "__device__ ";
      case HOST -> "";
      case HOST_DEVICE -> "__host__ __device__ ";
    };
    List<String> ps = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      ps.add(paramDecl(f.params().get(i), names == null ? (chance(50) ? "p" + i : "") : names.get(i)));
    }
    return q + (f.returnsVoid() ? "void" : f.ret().spelling) + " " + f.name() + "(" + String.join(", ", ps) + ")";
  }

  private void helper(Space sp) {
    boolean isVoid = chance(20);
    String prefix = switch (sp) {
      case HOST_DEVICE -> "hd";
      case HOST -> "host";
      default -> "dev";
    };
    Fn f = new Fn(name(prefix), sp, isVoid ? null : scalar(), isVoid, params(3, sp != Space.HOST_DEVICE));
    if (chance(15)) {
      // Declared now, used by what follows, defined after the kernels.
      line(signature(f, null) + ";");
      fns.add(f);
      pending.add(f);
      return;
    }
    fns.add(f); // visible in its own body: recursion is allowed
    body(f, 25);
  }

  private void defineForward(Fn f) {
    body(f, 20);
  }

  private void recursiveHostHelper() {
    Fn f = new Fn(name("hrec"), Space.HOST, S.INT, false, List.of(new Param(S.INT, false, false)));
    fns.add(f);
    line("int " + f.name() + "(int n) {");
    indent++;
    line("if (n <= 1) {");
    line("  return 1;");
    line("}");
    line("return n * " + f.name() + "(n - 1) % 1000003;");
    indent--;
    line("}");
    line("");
  }

  private void enter(Fn f) {
    current = f;
    space = f.space();
    ret = f.ret();
    returnsVoid = f.returnsVoid();
    scopes.clear();
    scopes.push(new ArrayList<>());
    loops = 0;
    switches = 0;
  }

  private void body(Fn f, int stmts) {
    enter(f);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      Param p = f.params().get(i);
      String nm = name("a");
      names.add(nm);
      scopes.peek().add(new Var(nm, p.t(), p.pointer() ? Kind.POINTER : Kind.SCALAR, Where.PARAM, false, p.constPointee(), false, 0, 0));
    }
    line(signature(f, names) + " {");
    indent++;
    statements(stmts);
    if (!f.returnsVoid() && !(risky() && chance(50))) {
      line("return " + expr(f.ret(), 0).s + ";");
    }
    indent--;
    line("}");
    line("");
  }

  private Fn kernelDef() {
    List<Param> ps = new ArrayList<>();
    S elem = chance(60) ? S.FLOAT : pick(List.of(S.INT, S.UINT, S.DOUBLE, S.ULLONG));
    ps.add(new Param(elem, true, false));
    ps.add(new Param(elem, true, true));
    ps.add(new Param(S.INT, false, false));
    ps.addAll(params(2, true));
    Fn f = new Fn(name("kern"), Space.KERNEL, null, true, ps);
    fns.add(f);
    enter(f);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      Param p = ps.get(i);
      String nm = i == 0 ? "out" + fresh++ : i == 1 ? "in" + fresh++ : i == 2 ? "n" + fresh++ : name("a");
      names.add(nm);
      scopes.peek().add(new Var(nm, p.t(), p.pointer() ? Kind.POINTER : Kind.SCALAR, Where.PARAM, false, p.constPointee(), false, 0, 0));
    }
    line(signature(f, names) + " {");
    indent++;
    String s = name("s");
    line("__shared__ " + elem.spelling + " " + s + "[N];");
    scopes.peek().add(new Var(s, elem, Kind.ARRAY, Where.SHARED, false, false, false, -1, 0));
    if (chance(40)) {
      String d = name("dyn");
      S t = chance(70) ? S.FLOAT : scalar();
      line("extern __shared__ " + t.spelling + " " + d + "[];");
      scopes.peek().add(new Var(d, t, Kind.ARRAY, Where.DYN_SHARED, false, false, false, 0, 0));
    }
    if (chance(25)) {
      String d = name("s2d");
      line("__shared__ int " + d + "[2][HALF];");
      scopes.peek().add(new Var(d, S.INT, Kind.ARRAY2, Where.SHARED, false, false, false, 2, -1));
    }
    String tid = name("tid");
    line("int " + tid + " = threadIdx.x + blockIdx.x * blockDim.x;");
    scopes.peek().add(new Var(tid, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
    line(s + "[IDX(threadIdx.x)] = " + names.get(1) + "[" + tid + "];");
    line("__syncthreads();");
    statements(30);
    line("__syncthreads();");
    line(names.get(0) + "[" + tid + "] = " + s + "[IDX(threadIdx.x)];");
    indent--;
    line("}");
    line("");
    return f;
  }

  private void hostMain(List<Fn> kernels) {
    Fn f = new Fn("main", Space.HOST, S.INT, false, List.of());
    enter(f);
    line("int main() {");
    indent++;
    String n = name("count");
    line("const int " + n + " = N * 4;");
    scopes.peek().add(new Var(n, S.INT, Kind.SCALAR, Where.LOCAL, true, false, false, 0, 0));
    for (Fn k : kernels) {
      List<String> args = new ArrayList<>();
      for (Param p : k.params()) {
        if (p.pointer()) {
          String d = name("d_");
          line(p.t().spelling + " *" + d + " = " + (chance(50) ? "nullptr" : "NULL") + ";");
          line("cudaMalloc((void **)&" + d + ", " + n + " * sizeof(" + p.t().spelling + "));");
          scopes.peek().add(new Var(d, p.t(), Kind.POINTER, Where.LOCAL, false, false, false, 0, 0));
          args.add(d);
        } else {
          args.add(expr(p.t(), 1).s);
        }
      }
      String grid = name("grid");
      String block = name("block");
      line("dim3 " + grid + "(" + n + " / BLOCK" + (chance(30) ? ", 1" : "") + "), " + block + (chance(50) ? "(BLOCK)" : " = BLOCK") + ";");
      scopes.peek().add(new Var(grid, S.UINT, Kind.DIM3, Where.LOCAL, false, false, false, 0, 0));
      scopes.peek().add(new Var(block, S.UINT, Kind.DIM3, Where.LOCAL, false, false, false, 0, 0));
      String config = switch (r.nextInt(4)) {
        case 0 -> grid + ", " + block;
        case 1 -> grid + ", " + block + ", N * sizeof(float)";
        case 2 -> "dim3(" + n + " / BLOCK), BLOCK, 0, 0";
        default -> n + " / BLOCK, " + block + ".x";
      };
      line(k.name() + "<<<" + config + ">>>(" + String.join(", ", args) + ");");
      line("cudaDeviceSynchronize();");
      if (chance(50)) {
        line("if (cudaGetLastError() != cudaSuccess) {");
        line("  printf(\"launch failed\\n\");");
        line("  return 1;");
        line("}");
      }
    }
    String h = name("h");
    S ht = scalar();
    line(ht.spelling + " " + h + "[16];");
    scopes.peek().add(new Var(h, ht, Kind.ARRAY, Where.LOCAL, false, false, false, 16, 0));
    Var dptr = null;
    for (Var v : scopes.peek()) {
      if (v.kind == Kind.POINTER && v.name.startsWith("d_")) {
        dptr = v;
      }
    }
    if (dptr != null) {
      line("cudaMemcpy(" + h + ", " + dptr.name + ", 16 * sizeof(" + ht.spelling + "), cudaMemcpyDeviceToHost);");
      line("cudaMemset(" + dptr.name + ", 0, " + n + ");");
    }
    statements(20);
    for (Var v : scopes.peek()) {
      if (v.kind == Kind.POINTER && v.name.startsWith("d_")) {
        line("cudaFree(" + v.name + ");");
      }
    }
    if (!risky()) {
      line("return 0;");
    }
    indent--;
    line("}");
  }

  // ---------------------------------------------------------------------------------------------
  // Scopes

  private boolean onDevice() {
    return space != Space.HOST;
  }

  /** Whether code of the current function may read {@code v}. */
  private boolean visible(Var v) {
    return switch (v.where) {
      case LOCAL, PARAM -> true;
      case SHARED, DYN_SHARED -> onDevice() && space != Space.HOST_DEVICE;
      case DEVICE_GLOBAL, CONSTANT -> onDevice();
      // Device code may read a host const integer initialised by a constant (C++ constant).
      case HOST_GLOBAL -> space == Space.HOST || v.constObj && v.kind == Kind.SCALAR;
    };
  }

  private List<Var> vars() {
    List<Var> all = new ArrayList<>();
    for (Var v : globals) {
      if (visible(v)) {
        all.add(v);
      }
    }
    List<List<Var>> inner = new ArrayList<>(scopes);
    for (int i = inner.size() - 1; i >= 0; i--) {
      all.addAll(inner.get(i));
    }
    // Inner declarations shadow outer ones of the same name.
    List<Var> visible = new ArrayList<>();
    for (int i = all.size() - 1; i >= 0; i--) {
      Var v = all.get(i);
      boolean shadowed = false;
      for (Var w : visible) {
        if (w.name.equals(v.name)) {
          shadowed = true;
        }
      }
      if (!shadowed) {
        visible.add(v);
      }
    }
    return visible;
  }

  private void declare(Var v) {
    scopes.peek().add(v);
  }

  private void block(Runnable body) {
    scopes.push(new ArrayList<>());
    try {
      body.run();
    } finally {
      scopes.pop();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Statements

  private void statements(int max) {
    int n = 1 + r.nextInt(max);
    for (int i = 0; i < n && budget > 0; i++) {
      statement(0);
    }
  }

  private void statement(int depth) {
    budget--;
    int k = r.nextInt(100);
    boolean nest = depth < 4 && budget > 20;
    if (k < 18) {
      declaration();
    } else if (k < 40) {
      line(assignment() + ";");
    } else if (k < 48 && nest) {
      ifStatement(depth);
    } else if (k < 55 && nest) {
      forLoop(depth);
    } else if (k < 59 && nest) {
      whileLoop(depth);
    } else if (k < 62 && nest) {
      doWhile(depth);
    } else if (k < 67 && nest) {
      switchStatement(depth);
    } else if (k < 71 && nest) {
      line("{");
      indent++;
      block(() -> statements(4));
      indent--;
      line("}");
    } else if (k < 75 && onDevice()) {
      deviceIntrinsicStatement();
    } else if (k < 78) {
      printfStatement();
    } else if (k < 81 && loops + switches > 0) {
      if (loops > 0 && chance(40)) {
        line("if (" + condition(1).s + ") continue;");
      } else {
        line("if (" + condition(1).s + ") break;");
      }
    } else if (k < 83 && depth > 0) {
      returnStatement();
    } else if (k < 86) {
      E e = expr(scalar(), 0);
      line(e.s + ";");
    } else if (k < 88) {
      line("assert(" + condition(1).s + ");");
    } else if (k < 91) {
      callStatement();
    } else if (k < 93 && risky()) {
      riskyStatement();
    } else if (k < 97) {
      exoticStatement(depth);
    } else {
      line(assignment() + ";");
    }
  }

  private void declaration() {
    int k = r.nextInt(100);
    if (k < 50) {
      S t = scalar();
      String nm = name("v");
      boolean isConst = chance(15);
      String init = isConst || chance(80) ? " = " + expr(t, 0).s : "";
      String form = isConst ? "const " + t.spelling + " " + nm + init : t.spelling + " " + nm + init;
      if (!isConst && !init.isEmpty() && chance(10)) {
        form = t.spelling + " " + nm + "(" + expr(t, 1).s + ")";
      }
      if (!isConst && init.isEmpty() && chance(20)) {
        String nm2 = name("v");
        form = t.spelling + " " + nm + ", " + nm2 + " = " + expr(t, 1).s;
        declare(new Var(nm2, t, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
      }
      line(form + ";");
      declare(new Var(nm, t, Kind.SCALAR, Where.LOCAL, isConst, false, false, 0, 0));
    } else if (k < 65) {
      S t = scalar();
      int len = 1 << r.nextInt(5);
      String nm = name("arr");
      if (risky()) {
        nm = shadowableGlobal(nm);
      }
      if (chance(50)) {
        List<String> items = new ArrayList<>();
        int n = 1 + r.nextInt(len);
        for (int i = 0; i < n; i++) {
          // A cast keeps the list free of narrowing conversions, which C++ forbids in braces.
          items.add(castTo(t, expr(t, 2)));
        }
        line(t.spelling + " " + nm + "[" + (chance(20) && n == len ? "" : String.valueOf(len)) + "] = {" + String.join(", ", items) + "};");
      } else {
        line(t.spelling + " " + nm + "[" + len + "];");
      }
      declare(new Var(nm, t, Kind.ARRAY, Where.LOCAL, false, false, false, len, 0));
    } else if (k < 80) {
      S t = chance(50) ? S.FLOAT : scalar();
      String p = pointer(t, false, false, 1);
      if (p == null) {
        return;
      }
      String nm = name("p");
      boolean constPointee = pointerIsConst;
      boolean vol = onDevice() && !constPointee && chance(15);
      line((constPointee ? "const " : "") + (vol ? "volatile " : "") + t.spelling + " *" + nm + " = " + p + ";");
      declare(new Var(nm, t, Kind.POINTER, Where.LOCAL, false, constPointee, vol, 0, 0));
    } else if (k < 88 && onDevice() && space != Space.HOST_DEVICE) {
      String nm = name("sh");
      S t = scalar();
      int len = 1 << (2 + r.nextInt(5));
      boolean vol = chance(20);
      line("__shared__ " + (vol ? "volatile " : "") + t.spelling + " " + nm + "[" + len + "];");
      declare(new Var(nm, t, Kind.ARRAY, Where.SHARED, false, false, vol, len, 0));
    } else if (k < 93) {
      String nm = name("d");
      String init = switch (r.nextInt(4)) {
        case 0 -> "(" + integerExpr(1) + ")";
        case 1 -> "(" + integerExpr(1) + ", " + integerExpr(1) + ")";
        case 2 -> " = " + integerExpr(1);
        default -> "(" + integerExpr(1) + ", 2, " + integerExpr(2) + ")";
      };
      line("dim3 " + nm + init + ";");
      declare(new Var(nm, S.UINT, Kind.DIM3, Where.LOCAL, false, false, false, 0, 0));
    } else {
      String nm = name("c");
      line("const int " + nm + " = " + constInt() + ";");
      declare(new Var(nm, S.INT, Kind.SCALAR, Where.LOCAL, true, false, false, 0, 0));
    }
  }

  /** Sometimes reuses the name of a file-scope array, to shadow it in an inner scope. */
  private String shadowableGlobal(String fallback) {
    for (Var g : globals) {
      if (g.kind == Kind.ARRAY && scopes.size() > 1) {
        return g.name;
      }
    }
    return fallback;
  }

  private String constInt() {
    return switch (r.nextInt(6)) {
      case 0 -> String.valueOf(r.nextInt(100));
      case 1 -> "N";
      case 2 -> "HALF / 2";
      case 3 -> "sizeof(double)";
      case 4 -> "(1 << 3) + 1";
      default -> "BLOCK % 7";
    };
  }

  private void ifStatement(int depth) {
    line("if (" + condition(0).s + ") {");
    indent++;
    block(() -> {
      for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
        statement(depth + 1);
      }
    });
    indent--;
    if (chance(40)) {
      if (chance(30)) {
        line("} else if (" + condition(1).s + ") {");
      } else {
        line("} else {");
      }
      indent++;
      block(() -> statement(depth + 1));
      indent--;
    }
    line("}");
  }

  private void forLoop(int depth) {
    String i = name("i");
    S t = chance(70) ? S.INT : pick(List.of(S.UINT, S.LLONG, S.CHAR, S.SIZE_T));
    String bound = chance(50) ? String.valueOf(1 + r.nextInt(8)) : chance(50) ? "HALF" : expr(S.INT, 2).s;
    String step = switch (r.nextInt(4)) {
      case 0 -> i + "++";
      case 1 -> "++" + i;
      case 2 -> i + " += 2";
      default -> i + " = " + i + " + 1";
    };
    block(() -> {
      line("for (" + t.spelling + " " + i + " = 0; " + i + " < " + bound + "; " + step + ") {");
      declare(new Var(i, t, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
      loops++;
      indent++;
      block(() -> {
        for (int k = 0, n = 1 + r.nextInt(3); k < n; k++) {
          statement(depth + 1);
        }
      });
      indent--;
      loops--;
      line("}");
    });
  }

  private void whileLoop(int depth) {
    String c = name("w");
    line("int " + c + " = " + r.nextInt(5) + ";");
    declare(new Var(c, S.INT, Kind.SCALAR, Where.LOCAL, true, false, false, 0, 0)); // only the loop writes it
    line("while (" + c + " < " + (2 + r.nextInt(6)) + (chance(30) ? " && " + condition(2).s : "") + ") {");
    indent++;
    loops++;
    block(() -> {
      line(c + "++;");
      for (int k = 0, n = 1 + r.nextInt(3); k < n; k++) {
        statement(depth + 1);
      }
    });
    loops--;
    indent--;
    line("}");
  }

  private void doWhile(int depth) {
    String c = name("w");
    line("int " + c + " = 0;");
    declare(new Var(c, S.INT, Kind.SCALAR, Where.LOCAL, true, false, false, 0, 0));
    line("do {");
    indent++;
    loops++;
    block(() -> {
      for (int k = 0, n = 1 + r.nextInt(2); k < n; k++) {
        statement(depth + 1);
      }
    });
    loops--;
    indent--;
    line("} while (++" + c + " < " + (1 + r.nextInt(4)) + ");");
  }

  private void switchStatement(int depth) {
    S t = chance(70) ? S.INT : pick(List.of(S.UINT, S.CHAR, S.LLONG, S.BOOL, S.UCHAR, S.ULLONG));
    line("switch (" + castTo(t, integer(1)) + ") {");
    List<Long> used = new ArrayList<>();
    int cases = 1 + r.nextInt(4);
    switches++;
    block(() -> {
      for (int i = 0; i < cases; i++) {
        long v;
        do {
          v = r.nextInt(10);
        } while (used.contains(v));
        used.add(v);
        String label = risky() && t.unsigned() && !used.contains(-1L) ? "-1" : chance(20) ? "'" + (char) ('a' + v) + "'" : String.valueOf(v);
        if (label.equals("-1")) {
          used.add(-1L);
        }
        if (label.startsWith("'")) {
          used.add((long) ('a' + v));
        }
        // Braces around the body: a declaration with an initialiser must not be jumped over by
        // a later label (C++ [stmt.dcl]p3).
        line("case " + label + ": {");
        indent++;
        block(() -> {
          for (int k = 0, n = r.nextInt(3); k < n; k++) {
            statement(depth + 1);
          }
          if (chance(70)) {
            line("break;");
          }
        });
        indent--;
        line("}");
      }
      if (chance(60)) {
        line("default:");
        indent++;
        statement(depth + 1);
        indent--;
      }
    });
    switches--;
    line("}");
  }

  private void returnStatement() {
    if (returnsVoid) {
      line("if (" + condition(1).s + ") return;");
    } else {
      line("if (" + condition(1).s + ") return " + expr(ret, 1).s + ";");
    }
  }

  private void deviceIntrinsicStatement() {
    boolean hd = space == Space.HOST_DEVICE;
    switch (r.nextInt(hd ? 1 : 6)) {
      case 0 -> line(pick(List.of("__syncthreads();", "__syncwarp();", "__threadfence();", "__threadfence_block();", "__syncwarp(0xffffffff);")));
      case 1, 2 -> {
        String a = atomic();
        if (a != null) {
          line(a + ";");
        }
      }
      case 3 -> line(shuffle().s + ";");
      default -> {
        S t = scalar();
        String p = pointer(t, true, false, 1);
        if (p != null) {
          line("*(" + p + ") = " + expr(t, 1).s + ";");
        }
      }
    }
  }

  private void printfStatement() {
    E a = expr(scalar(), 1);
    String fmt = a.t.floating ? "%f" : a.t == S.LLONG || a.t == S.LONG ? "%lld" : a.t.unsigned() ? "%u" : "%d";
    line("printf(\"v=" + fmt + " \\n\", " + a.s + ");");
  }

  private void callStatement() {
    Fn f = callable(true);
    if (f != null) {
      line(call(f, 1) + ";");
    } else {
      line(assignment() + ";");
    }
  }

  /** Legal constructs that the main paths write rarely: each a small self-contained snippet. */
  private void exoticStatement(int depth) {
    switch (r.nextInt(12)) {
      case 0 -> {
        S t = chance(50) ? S.FLOAT : S.INT;
        String p = pointer(t, true, false, 1);
        if (p != null) {
          String q = name("q");
          String pp = name("pp");
          line(t.spelling + " *" + q + " = " + p + ";");
          line(t.spelling + " **" + pp + " = &" + q + ";");
          line("**" + pp + " = " + expr(t, 1).s + ";");
          line("(*" + pp + ")[" + r.nextInt(2) + "] += " + expr(t, 2).s + ";");
          declare(new Var(q, t, Kind.POINTER, Where.LOCAL, false, false, false, 0, 0));
        }
      }
      case 1 -> {
        Var d = null;
        for (Var v : vars()) {
          if (v.kind == Kind.DIM3) {
            d = v;
          }
        }
        if (d != null) {
          String value = switch (r.nextInt(4)) {
            case 0 -> "dim3(" + integerExpr(2) + ", " + integerExpr(2) + ")";
            case 1 -> integerExpr(1);
            case 2 -> condition(2).s + " ? " + d.name + " : dim3(2)";
            default -> onDevice() && space != Space.HOST_DEVICE ? pick(List.of("blockDim", "gridDim", "threadIdx")) : d.name;
          };
          line(d.name + " = " + value + ";");
          line(expr(S.UINT, 2).s + " + " + d.name + ".y;");
        }
      }
      case 2 -> {
        String m = name("m");
        line("int " + m + "[2][3] = {{1, 2, 3}, {(int)(" + integerExpr(2) + "), (int)(" + integerExpr(2) + ")}};");
        line(m + "[" + integerExpr(2) + " & 1][" + integerExpr(2) + " % 3] += " + integerExpr(2) + ";");
        declare(new Var(m, S.INT, Kind.ARRAY2, Where.LOCAL, false, false, false, 2, 3));
      }
      case 3 -> {
        String i = name("i");
        String j = name("j");
        line("for (int " + i + " = 0, " + j + " = 3; " + i + " < " + j + "; " + i + "++, " + j + "--) {");
        indent++;
        block(() -> {
          declare(new Var(i, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
          declare(new Var(j, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
          loops++;
          statement(depth + 1);
          loops--;
        });
        indent--;
        line("}");
      }
      case 4 -> {
        // Shadow a visible scalar with a variable of another type in an inner block.
        List<Var> scalars = new ArrayList<>();
        for (Var v : vars()) {
          if (v.kind == Kind.SCALAR && (v.where == Where.LOCAL || v.where == Where.PARAM)) {
            scalars.add(v);
          }
        }
        if (!scalars.isEmpty()) {
          Var outer = pick(scalars);
          S t = scalar();
          line("{");
          indent++;
          block(() -> {
            line(t.spelling + " " + outer.name + " = " + expr(t, 1).s + ";");
            declare(new Var(outer.name, t, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
            statement(depth + 1);
          });
          indent--;
          line("}");
        }
      }
      case 5 -> {
        String value = "'\\n' + '\\0' + '\\x41' + (" + integerExpr(2) + " << 33) + (" + integerExpr(2) + " >> 40)";
        line(lvalueOr("int") + " = " + value + ";");
      }
      case 6 -> {
        S t = chance(50) ? S.FLOAT : S.INT;
        String p = pointer(t, true, false, 1);
        if (p != null) {
          String a = name("addr");
          line("long long " + a + " = (long long)(" + p + ");");
          line("*(" + t.spelling + " *)" + a + " = " + expr(t, 1).s + ";");
          line("if ((" + t.spelling + " *)0 == " + p + ") " + assignment() + ";");
          declare(new Var(a, S.LLONG, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
        }
      }
      case 7 -> {
        for (Var v : vars()) {
          if (v.kind == Kind.ARRAY && v.where == Where.LOCAL) {
            String n = name("len");
            line("size_t " + n + " = sizeof(" + v.name + ") / sizeof(" + v.name + "[0]);");
            declare(new Var(n, S.SIZE_T, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
            break;
          }
        }
      }
      case 8 -> {
        S t = chance(50) ? S.FLOAT : S.INT;
        String p = pointer(t, true, false, 1);
        String q = pointer(t, true, false, 1);
        if (p != null && q != null) {
          String nm = name("sel");
          line(t.spelling + " *" + nm + " = " + condition(2).s + " ? " + p + " : " + q + ";");
          line("(" + condition(2).s + " ? " + nm + " : " + p + ")[" + r.nextInt(2) + "] = " + expr(t, 2).s + ";");
          declare(new Var(nm, t, Kind.POINTER, Where.LOCAL, false, false, false, 0, 0));
        }
      }
      case 9 -> {
        String a = name("v");
        String pa = name("pv");
        String arr = name("arr");
        line("int " + a + " = " + integerExpr(2) + ", *" + pa + " = &" + a + ", " + arr + "[2] = {" + a + ", 2};");
        declare(new Var(a, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
        declare(new Var(pa, S.INT, Kind.POINTER, Where.LOCAL, false, false, false, 0, 0));
        declare(new Var(arr, S.INT, Kind.ARRAY, Where.LOCAL, false, false, false, 2, 0));
      }
      case 10 -> line("printf(\"%s %c %p\\n\", \"str\", 'c', nullptr);");
      default -> {
        line("while (true) {");
        indent++;
        loops++;
        block(() -> {
          statement(depth + 1);
          line("break;");
        });
        loops--;
        indent--;
        line("}");
      }
    }
  }

  /** A modifiable lvalue, or a fresh variable of type {@code type} declared on the spot. */
  private String lvalueOr(String type) {
    String lv = lvalue();
    if (lv != null) {
      return lv;
    }
    String nm = name("v");
    declare(new Var(nm, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
    return type + " " + nm;
  }

  /** Legal but unusual corners. */
  private void riskyStatement() {
    switch (r.nextInt(8)) {
      case 6 -> {
        String nm = name("big");
        line("int " + nm + "[1 << " + (10 + r.nextInt(12)) + "] = {" + integerExpr(2) + ", 2};");
        declare(new Var(nm, S.INT, Kind.ARRAY, Where.LOCAL, false, false, false, 1 << 10, 0));
      }
      case 7 -> line("const int *" + name("pw") + " = &" + pick(List.of("warpSize", "threadIdx.x", "N")) + ";");
      case 0 -> {
        Fn f = callable(true);
        Fn g = callable(true);
        if (f != null && g != null && f.returnsVoid() && g.returnsVoid()) {
          line(condition(1).s + " ? " + call(f, 1) + " : " + call(g, 1) + ";"); // a void conditional (C11 §6.5.15p3)
        } else {
          line(condition(1).s + " ? (void)0 : (void)" + expr(S.INT, 1).s + ";");
        }
      }
      case 1 -> {
        // pointer += integer via an integer lvalue: `int += pointer` is invalid C (§6.5.16.2p1)
        String p = pointer(S.INT, false, false, 1);
        List<Var> ints = new ArrayList<>();
        for (Var v : vars()) {
          if (v.kind == Kind.SCALAR && v.t == S.INT && !v.constObj && v.where != Where.CONSTANT) {
            ints.add(v);
          }
        }
        if (p != null && !ints.isEmpty()) {
          line(pick(ints).name + " += " + p + ";");
        }
      }
      case 2 -> {
        String nm = name("d");
        line("dim3 " + nm + "(2);");
        line("dim3 *" + name("pd") + " = &" + nm + ";");
      }
      case 3 -> {
        line("for (;;) { if (" + condition(1).s + ") break; }");
      }
      case 4 -> {
        E c = expr(S.INT, 1);
        line("(" + c.s + ", " + (onDevice() ? pick(List.of("threadIdx", "blockDim")) : "dim3(1)") + ");");
      }
      default -> {
        line(expr(S.INT, 1).s + " ? " + expr(S.FLOAT, 1).s + " : " + expr(S.BOOL, 1).s + ";");
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Assignments and lvalues

  private S lvalueType;

  /** A modifiable lvalue, or null; its type is left in {@link #lvalueType}. */
  private String lvalue() {
    if (nesting >= 3) {
      return null;
    }
    nesting++;
    try {
      return lvalueNested();
    } finally {
      nesting--;
    }
  }

  private String lvalueNested() {
    List<Var> vs = vars();
    List<String> options = new ArrayList<>();
    List<S> types = new ArrayList<>();
    for (Var v : vs) {
      switch (v.kind) {
        case SCALAR -> {
          if (!v.constObj && v.where != Where.CONSTANT) {
            options.add(v.name);
            types.add(v.t);
          }
        }
        case ARRAY -> {
          if (!v.constElems && v.where != Where.CONSTANT) {
            options.add(v.name + "[" + index(v) + "]");
            types.add(v.t);
          }
        }
        case ARRAY2 -> {
          options.add(v.name + "[" + integerExpr(2) + " & 1][IDX(" + integerExpr(2) + ") % HALF]");
          types.add(v.t);
        }
        case POINTER -> {
          if (!v.constElems) {
            options.add(chance(50) ? v.name + "[" + integerExpr(2) + "]" : "*" + v.name);
            types.add(v.t);
          }
        }
        case DIM3 -> {
          options.add(v.name + "." + pick(List.of("x", "y", "z")));
          types.add(S.UINT);
        }
      }
    }
    if (options.isEmpty()) {
      return null;
    }
    int i = r.nextInt(options.size());
    lvalueType = types.get(i);
    return options.get(i);
  }

  /** Nesting of indices inside indices (and lvalues, pointers): bounded so generation ends. */
  private int nesting;

  private String index(Var v) {
    if (nesting >= 2) {
      return String.valueOf(r.nextInt(Math.max(1, v.len)));
    }
    nesting++;
    String i;
    try {
      i = integerExpr(3);
    } finally {
      nesting--;
    }
    if (v.where == Where.DYN_SHARED || v.len <= 0) {
      return "IDX(" + i + ")";
    }
    return chance(80) ? "(" + i + ") & " + (v.len - 1) : String.valueOf(r.nextInt(v.len));
  }

  private String assignment() {
    String lv = lvalue();
    if (lv == null) {
      String nm = name("v");
      String init = expr(S.INT, 0).s;
      declare(new Var(nm, S.INT, Kind.SCALAR, Where.LOCAL, false, false, false, 0, 0));
      return "int " + nm + " = " + init;
    }
    S t = lvalueType;
    int k = r.nextInt(100);
    if (k < 55) {
      return lv + " = " + expr(t, 0).s;
    }
    if (k < 80) {
      List<String> ops = new ArrayList<>(List.of("+=", "-=", "*=", "/="));
      if (t.isInt()) {
        ops.addAll(List.of("%=", "&=", "|=", "^=", "<<=", ">>="));
      }
      String op = pick(ops);
      E v = op.equals("<<=") || op.equals(">>=") || op.equals("%=") || op.equals("&=") || op.equals("|=") || op.equals("^=")
          ? integer(1) : expr(t, 1);
      return lv + " " + op + " " + v.s;
    }
    if (t == S.BOOL) {
      return lv + " = !" + lv;
    }
    return pick(List.of(lv + "++", "++" + lv, lv + "--", "--" + lv));
  }

  // ---------------------------------------------------------------------------------------------
  // Expressions

  /** An expression whose value converts implicitly to {@code want} (any arithmetic type does). */
  private E expr(S want, int depth) {
    if (want.isInt() && chance(60)) {
      return integer(depth);
    }
    if (want.floating && chance(50)) {
      return floating(depth);
    }
    return arith(depth);
  }

  private boolean leafNow(int depth) {
    return depth >= 4 || budget <= 0 || chance(25 + depth * 15);
  }

  private E arith(int depth) {
    budget--;
    if (leafNow(depth)) {
      return chance(50) ? floatingLeaf() : integerLeaf();
    }
    int k = r.nextInt(100);
    if (k < 30) {
      E a = arith(depth + 1);
      E b = arith(depth + 1);
      String op = pick(List.of("+", "-", "*", "/"));
      return new E("(" + a.s + " " + op + " " + b.s + ")", common(a.t, b.t));
    }
    if (k < 40) {
      return integer(depth);
    }
    if (k < 50) {
      return floating(depth);
    }
    if (k < 60) {
      E c = condition(depth + 1);
      E a = arith(depth + 1);
      E b = arith(depth + 1);
      return new E("(" + c.s + " ? " + a.s + " : " + b.s + ")", common(a.t, b.t));
    }
    if (k < 68) {
      S to = scalar();
      return new E(castTo(to, arith(depth + 1)), to);
    }
    if (k < 74) {
      E a = arith(depth + 1);
      return new E(pick(List.of("-", "+")) + "(" + a.s + ")", promote(a.t));
    }
    if (k < 80) {
      E a = arith(depth + 1);
      E b = arith(depth + 1);
      return new E((chance(50) ? "min" : "max") + "(" + a.s + ", " + b.s + ")", common(a.t, b.t));
    }
    if (k < 86) {
      Fn f = callable(false);
      if (f != null) {
        return new E(call(f, depth + 1), f.ret());
      }
      return arith(depth + 1);
    }
    if (k < 90) {
      E a = arith(depth + 1);
      return new E("SQR(" + a.s + ")", promote(a.t));
    }
    if (k < 94) {
      String lv = lvalue();
      if (lv != null) {
        S t = lvalueType;
        return new E("(" + lv + " = " + expr(t, depth + 1).s + ")", t);
      }
      return arith(depth + 1);
    }
    if (k < 97) {
      E a = arith(depth + 1);
      E b = arith(depth + 1);
      return new E("(" + a.s + ", " + b.s + ")", b.t);
    }
    if (onDevice() && space != Space.HOST_DEVICE) {
      return shuffle();
    }
    return arith(depth + 1);
  }

  private E floating(int depth) {
    budget--;
    if (leafNow(depth)) {
      return floatingLeaf();
    }
    int k = r.nextInt(100);
    if (k < 40) {
      E a = floating(depth + 1);
      E b = arith(depth + 1);
      String op = pick(List.of("+", "-", "*", "/"));
      return chance(50) ? new E("(" + a.s + " " + op + " " + b.s + ")", common(a.t, b.t)) : new E("(" + b.s + " " + op + " " + a.s + ")", common(a.t, b.t));
    }
    if (k < 55) {
      S to = chance(60) ? S.FLOAT : S.DOUBLE;
      return new E(castTo(to, arith(depth + 1)), to);
    }
    if (k < 65) {
      return new E((chance(50) ? "fminf" : "fmaxf") + "(" + arith(depth + 1).s + ", " + arith(depth + 1).s + ")", S.FLOAT);
    }
    if (k < 75) {
      E c = condition(depth + 1);
      E a = floating(depth + 1);
      E b = arith(depth + 1);
      return new E("(" + c.s + " ? " + a.s + " : " + b.s + ")", common(a.t, b.t));
    }
    if (k < 85 && onDevice() && space != Space.HOST_DEVICE) {
      String a = floatAtomic();
      if (a != null) {
        return new E(a, S.FLOAT);
      }
    }
    E leaf = floatingLeaf();
    return new E("-" + leaf.s, leaf.t);
  }

  private E integer(int depth) {
    budget--;
    if (leafNow(depth)) {
      return integerLeaf();
    }
    int k = r.nextInt(100);
    if (k < 30) {
      E a = integer(depth + 1);
      E b = integer(depth + 1);
      String op = pick(List.of("+", "-", "*", "/", "%", "&", "|", "^"));
      return new E("(" + a.s + " " + op + " " + b.s + ")", common(a.t, b.t));
    }
    if (k < 38) {
      E a = integer(depth + 1);
      E b = integer(depth + 1);
      String op = chance(50) ? "<<" : ">>";
      return new E("(" + a.s + " " + op + " (" + b.s + " & 7))", promote(a.t));
    }
    if (k < 48) {
      E c = condition(depth);
      return c.t.isInt() ? c : new E("(" + c.s + " != 0)", S.BOOL);
    }
    if (k < 55) {
      E a = integer(depth + 1);
      return new E(pick(List.of("~", "-", "+")) + "(" + a.s + ")", promote(a.t));
    }
    if (k < 63) {
      S to = intScalar();
      return new E(castTo(to, arith(depth + 1)), to);
    }
    if (k < 70) {
      E c = condition(depth + 1);
      E a = integer(depth + 1);
      E b = integer(depth + 1);
      return new E("(" + c.s + " ? " + a.s + " : " + b.s + ")", common(a.t, b.t));
    }
    if (k < 76) {
      Fn f = callable(false);
      if (f != null && f.ret().isInt()) {
        return new E(call(f, depth + 1), f.ret());
      }
      return integerLeaf();
    }
    if (k < 82) {
      return intBuiltin(depth);
    }
    if (k < 86) {
      String lv = lvalue();
      if (lv != null && lvalueType.isInt() && lvalueType != S.BOOL) {
        return new E(pick(List.of(lv + "++", "++" + lv, lv + "--", "--" + lv)), lvalueType);
      }
      return integerLeaf();
    }
    if (k < 90) {
      return new E("IDX(" + integer(depth + 1).s + ")", S.INT);
    }
    if (k < 93) {
      return new E("ADD3(" + integer(depth + 1).s + ", " + integerLeaf().s + ", " + integerLeaf().s + ")", S.LLONG);
    }
    if (k < 96) {
      // pointer difference: a long
      S t = chance(50) ? S.FLOAT : S.INT;
      String p = pointer(t, false, true, depth + 1);
      String q = pointer(t, false, true, depth + 1);
      if (p != null && q != null) {
        return new E("(" + p + " - " + q + ")", S.LONG);
      }
      return integerLeaf();
    }
    if (onDevice() && space != Space.HOST_DEVICE) {
      String a = atomic();
      if (a != null) {
        return new E(a, S.INT);
      }
    }
    return new E("sizeof(" + (chance(50) ? scalar().spelling : integerLeaf().s) + ")", S.SIZE_T);
  }

  private E intBuiltin(int depth) {
    boolean dev = onDevice() && space != Space.HOST_DEVICE;
    int k = r.nextInt(dev ? 9 : 2);
    return switch (k) {
      case 0 -> new E("abs(" + integer(depth + 1).s + ")", S.INT);
      case 1 -> new E((chance(50) ? "min" : "max") + "(" + integer(depth + 1).s + ", " + integer(depth + 1).s + ")", S.LLONG);
      case 2 -> new E("__popc(" + integer(depth + 1).s + ")", S.INT);
      case 3 -> new E("__clz(" + integer(depth + 1).s + ")", S.INT);
      case 4 -> new E("__ffs(" + integer(depth + 1).s + ")", S.INT);
      case 5 -> new E("__popcll(" + integer(depth + 1).s + ")", S.INT);
      case 6 -> new E("__ballot_sync(0xffffffff, " + condition(depth + 1).s + ")", S.UINT);
      case 7 -> new E((chance(50) ? "__any_sync" : "__all_sync") + "(__activemask(), " + condition(depth + 1).s + ")", S.INT);
      default -> new E(chance(50) ? "__activemask()" : "warpSize", S.INT);
    };
  }

  private E shuffle() {
    S t = pick(List.of(S.INT, S.UINT, S.FLOAT, S.DOUBLE, S.LLONG, S.ULLONG, S.CHAR, S.BOOL));
    String fn = pick(List.of("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"));
    String width = chance(30) ? ", " + pick(List.of("32", "16", "warpSize")) : "";
    return new E(fn + "(0xffffffffu, " + castTo(t, arith(3)) + ", " + integer(3).s + width + ")", promote(t));
  }

  /** An atomic on an int, unsigned or unsigned long long location, or null when there is none. */
  private String atomic() {
    S t = pick(List.of(S.INT, S.UINT, S.ULLONG));
    String p = pointer(t, true, false, 2);
    if (p == null) {
      return null;
    }
    String v = castTo(t, integer(2));
    return switch (r.nextInt(9)) {
      case 0 -> "atomicAdd(" + p + ", " + v + ")";
      case 1 -> "atomicExch(" + p + ", " + v + ")";
      case 2 -> "atomicMin(" + p + ", " + v + ")";
      case 3 -> "atomicMax(" + p + ", " + v + ")";
      case 4 -> "atomicCAS(" + p + ", " + v + ", " + castTo(t, integerLeaf()) + ")";
      case 5 -> "atomicAnd(" + p + ", " + v + ")";
      case 6 -> "atomicOr(" + p + ", " + v + ")";
      case 7 -> "atomicXor(" + p + ", " + v + ")";
      default -> t == S.UINT ? "atomicInc(" + p + ", " + v + ")" : "atomicSub(" + p + ", " + v + ")";
    };
  }

  private String floatAtomic() {
    String p = pointer(S.FLOAT, true, false, 2);
    if (p == null) {
      return null;
    }
    return (chance(70) ? "atomicAdd(" : "atomicExch(") + p + ", " + floating(3).s + ")";
  }

  private String integerExpr(int depth) {
    return integer(depth).s;
  }

  private static String castTo(S t, E e) {
    return "(" + t.spelling + ")(" + e.s + ")";
  }

  /** A scalar condition: arithmetic, a comparison, a logical combination or a pointer test. */
  private E condition(int depth) {
    budget--;
    int k = r.nextInt(100);
    if (k < 40 || depth >= 4) {
      E a = arith(depth + 1);
      E b = arith(depth + 1);
      return new E("(" + a.s + " " + pick(List.of("<", "<=", ">", ">=", "==", "!=")) + " " + b.s + ")", S.BOOL);
    }
    if (k < 55) {
      return new E("(" + condition(depth + 1).s + (chance(50) ? " && " : " || ") + condition(depth + 1).s + ")", S.BOOL);
    }
    if (k < 65) {
      return new E("!" + "(" + arith(depth + 1).s + ")", S.BOOL);
    }
    if (k < 72) {
      String p = pointer(scalar(), false, true, depth + 1);
      if (p != null) {
        return new E("(" + p + (chance(50) ? " != nullptr)" : " == 0)"), S.BOOL);
      }
    }
    if (k < 78) {
      S t = chance(50) ? S.FLOAT : S.INT;
      String p = pointer(t, false, true, depth + 1);
      String q = pointer(t, false, true, depth + 1);
      if (p != null && q != null) {
        return new E("(" + p + " " + pick(List.of("<", "==", "!=", ">=")) + " " + q + ")", S.BOOL);
      }
    }
    if (k < 85) {
      return new E("true", S.BOOL);
    }
    return arith(depth + 1);
  }

  private E floatingLeaf() {
    int k = r.nextInt(100);
    if (k < 55) {
      E v = variableRead(true);
      if (v != null) {
        return v;
      }
    }
    if (k < 70 && onDevice() && space != Space.HOST_DEVICE && chance(30)) {
      return new E("(float)threadIdx.x", S.FLOAT);
    }
    return chance(60)
        ? new E(pick(List.of("1.5f", "0.0f", "2.0f", "1e-3f", "3.25f", "1e30f", ".5f")), S.FLOAT)
        : new E(pick(List.of("0.5", "2.0", "1e10", "3.0e-2", "1e300", "0.1")), S.DOUBLE);
  }

  private E integerLeaf() {
    int k = r.nextInt(100);
    if (k < 50) {
      E v = variableRead(false);
      if (v != null) {
        return v;
      }
    }
    if (k < 65 && onDevice() && space != Space.HOST_DEVICE) {
      return new E(pick(List.of("threadIdx.x", "threadIdx.y", "blockIdx.x", "blockDim.x", "gridDim.x", "blockIdx.z")), S.UINT);
    }
    if (k < 72) {
      return new E(pick(List.of("N", "HALF", "BLOCK", "CAT(N, )")), S.INT);
    }
    return switch (r.nextInt(12)) {
      case 0 -> new E("0", S.INT);
      case 1 -> new E("1", S.INT);
      case 2 -> new E(String.valueOf(r.nextInt(1000)), S.INT);
      case 3 -> new E("2147483647", S.INT);
      case 4 -> new E("4294967295u", S.UINT);
      case 5 -> new E("0xffffffff", S.UINT);
      case 6 -> new E("123456789012LL", S.LLONG);
      case 7 -> new E("18446744073709551615ULL", S.ULLONG);
      case 8 -> new E("'x'", S.CHAR);
      case 9 -> new E("(-" + r.nextInt(100) + ")", S.INT);
      case 10 -> new E("sizeof(float)", S.SIZE_T);
      default -> new E(chance(50) ? "true" : "false", S.BOOL);
    };
  }

  /** A read of a variable of a floating (or integer) type, or null when there is none. */
  private E variableRead(boolean floating) {
    List<E> options = new ArrayList<>();
    for (Var v : vars()) {
      if (v.t.floating != floating) {
        continue;
      }
      switch (v.kind) {
        case SCALAR -> options.add(new E(v.name, v.t));
        case ARRAY -> options.add(new E(v.name + "[" + index(v) + "]", v.t));
        case ARRAY2 -> options.add(new E(v.name + "[1][" + r.nextInt(4) + "]", v.t));
        case POINTER -> options.add(new E(chance(50) ? v.name + "[" + r.nextInt(4) + "]" : "*" + v.name, v.t));
        case DIM3 -> {
          if (!floating) {
            options.add(new E(v.name + "." + pick(List.of("x", "y", "z")), S.UINT));
          }
        }
      }
    }
    return options.isEmpty() ? null : pick(options);
  }

  private boolean pointerIsConst;

  /**
   * An expression of type pointer to {@code t}; {@code mutable} asks for a non-const,
   * non-volatile pointee. Leaves {@link #pointerIsConst}. Null when nothing fits.
   */
  private String pointer(S t, boolean mutable, boolean anyQualifiers, int depth) {
    if (nesting >= 3) {
      return null;
    }
    nesting++;
    try {
      return pointerNested(t, mutable, anyQualifiers, depth);
    } finally {
      nesting--;
    }
  }

  private String pointerNested(S t, boolean mutable, boolean anyQualifiers, int depth) {
    List<String> options = new ArrayList<>();
    List<Boolean> consts = new ArrayList<>();
    for (Var v : vars()) {
      if (v.t != t) {
        continue;
      }
      boolean c = v.constElems || v.where == Where.CONSTANT;
      if (mutable && (c || v.volatileElems) || !anyQualifiers && v.volatileElems) {
        continue;
      }
      switch (v.kind) {
        case POINTER -> {
          options.add(v.name);
          consts.add(c);
          if (depth < 3) {
            options.add("(" + v.name + " + " + integerLeaf().s + ")");
            consts.add(c);
          }
        }
        case ARRAY -> {
          options.add(v.name);
          consts.add(c);
          options.add("&" + v.name + "[" + index(v) + "]");
          consts.add(c);
        }
        case SCALAR -> {
          if ((v.where == Where.LOCAL || v.where == Where.PARAM) && !v.constObj || v.where == Where.DEVICE_GLOBAL) {
            options.add("&" + v.name);
            consts.add(false);
          }
        }
        default -> {}
      }
    }
    if (options.isEmpty()) {
      return null;
    }
    int i = r.nextInt(options.size());
    pointerIsConst = consts.get(i);
    return options.get(i);
  }

  // ---------------------------------------------------------------------------------------------
  // Calls

  /** A function the current one may call ({@code voidOk}: also void ones), or null. */
  private Fn callable(boolean voidOk) {
    List<Fn> options = new ArrayList<>();
    for (Fn f : fns) {
      if (f.space() == Space.KERNEL || !voidOk && f.returnsVoid()) {
        continue;
      }
      boolean ok = switch (space) {
        case KERNEL, DEVICE -> f.space() == Space.DEVICE || f.space() == Space.HOST_DEVICE;
        case HOST -> f.space() == Space.HOST || f.space() == Space.HOST_DEVICE;
        case HOST_DEVICE -> f.space() == Space.HOST_DEVICE;
      };
      // Recursion is fine, but keep it rare so that programs stay small.
      if (ok && (f != current || chance(20))) {
        options.add(f);
      }
    }
    return options.isEmpty() ? null : pick(options);
  }

  private String call(Fn f, int depth) {
    List<String> args = new ArrayList<>();
    for (Param p : f.params()) {
      if (p.pointer()) {
        String ptr = pointer(p.t(), !p.constPointee(), false, depth + 1);
        if (ptr == null || pointerIsConst && !p.constPointee()) {
          ptr = "nullptr";
        }
        args.add(ptr);
      } else {
        args.add(expr(p.t(), depth + 1).s);
      }
    }
    return f.name() + "(" + String.join(", ", args) + ")";
  }
}
