package org.scansim.frontend.sema;

/**
 * Semantic types of the subset. Qualifiers of a variable itself live on its symbol; those of a
 * pointee live in {@link Pointer}, where they matter for assignment compatibility (C++
 * [conv.qual]) and for {@code volatile} accesses.
 */
public sealed interface Type {

  String spelling();

  default boolean isArithmetic() {
    return this instanceof Arith;
  }

  default boolean isInteger() {
    return this instanceof Arith a && a.scalar().isInteger();
  }

  default boolean isFloating() {
    return this instanceof Arith a && a.scalar().isFloating();
  }

  default boolean isPointer() {
    return this instanceof Pointer;
  }

  /** Arithmetic, pointer or null: what a condition may test (C11 §6.2.5 scalar types). */
  default boolean isScalar() {
    return this instanceof Arith || this instanceof Pointer || this instanceof Null;
  }

  /** Bytes this type occupies in memory, as {@code sizeof} reports it. */
  long size();

  record Void() implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Void;
    }

    @Override
    public int hashCode() {
      return 0;
    }


    @Override
    public String spelling() {
      return "void";
    }

    @Override
    public long size() {
      return 1;
    }
  }

  record Arith(Scalar scalar) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Arith a && a.scalar == scalar;
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hashCode(scalar);
    }

    @Override
    public String spelling() {
      return scalar.spelling();
    }

    @Override
    public long size() {
      return scalar.size();
    }
  }

  record Pointer(Type pointee, boolean constPointee, boolean volatilePointee) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Pointer p && p.constPointee == constPointee && p.volatilePointee == volatilePointee && java.util.Objects.equals(p.pointee, pointee);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * java.util.Objects.hashCode(pointee) + Boolean.hashCode(constPointee)) + Boolean.hashCode(volatilePointee);
    }


    @Override
    public String spelling() {
      if (pointee instanceof Function f) {
        return f.pointerSpelling();
      }
      String inner = pointee.spelling();
      String quals = (constPointee ? "const " : "") + (volatilePointee ? "volatile " : "");
      return quals + inner + (inner.endsWith("*") ? "*" : " *");
    }

    @Override
    public long size() {
      return 8;
    }
  }

  /** {@code length} is -1 for an unsized array ({@code extern __shared__ float temp[]}). */
  record Array(Type element, long length, boolean constElements, boolean volatileElements) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Array a && a.length == length && a.constElements == constElements && a.volatileElements == volatileElements
          && java.util.Objects.equals(a.element, element);
    }

    @Override
    public int hashCode() {
      return 31 * (31 * (31 * java.util.Objects.hashCode(element) + Long.hashCode(length)) + Boolean.hashCode(constElements))
          + Boolean.hashCode(volatileElements);
    }


    @Override
    public String spelling() {
      return element.spelling() + "[" + (length < 0 ? "" : String.valueOf(length)) + "]";
    }

    @Override
    public long size() {
      return length < 0 ? 0 : length * element.size();
    }
  }

  /** {@code dim3}, and {@code uint3} for the built-in index variables (CUDA C Guide §7.4). */
  record Dim3(boolean builtin) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Dim3 d && d.builtin == builtin;
    }

    @Override
    public int hashCode() {
      return Boolean.hashCode(builtin);
    }


    @Override
    public String spelling() {
      return builtin ? "uint3" : "dim3";
    }

    @Override
    public long size() {
      return 12;
    }
  }

  /** The type of {@code nullptr}. */
  record Null() implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Null;
    }

    @Override
    public int hashCode() {
      return 0;
    }


    @Override
    public String spelling() {
      return "std::nullptr_t";
    }

    @Override
    public long size() {
      return 8;
    }
  }

  /**
   * An {@code <iostream>} object of host code: the streams {@code std::cout}, {@code std::cerr}
   * and {@code std::clog}, which {@code <<} writes to, and the manipulators {@code std::endl}
   * and {@code std::flush} (its {@code name}). Nothing else of the standard library's streams.
   */
  record Stream(String name) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Stream t && java.util.Objects.equals(t.name, name);
    }

    @Override
    public int hashCode() {
      return java.util.Objects.hashCode(name);
    }


    /** The names there are, as the namespaces resolve them. */
    public static final java.util.Set<String> NAMES = java.util.Set.of("std::cout", "std::cerr", "std::clog", "std::endl", "std::flush");

    /** Whether this is a stream {@code <<} writes to (not a manipulator). */
    public boolean writable() {
      return !name.equals("std::endl") && !name.equals("std::flush");
    }

    @Override
    public String spelling() {
      return writable() ? "std::ostream" : "std::ostream &(std::ostream &)";
    }

    @Override
    public long size() {
      return 8;
    }
  }

  /** A string literal; only {@code printf} and {@code assert} messages take one. */
  record Str() implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Str;
    }

    @Override
    public int hashCode() {
      return 0;
    }


    @Override
    public String spelling() {
      return "const char *";
    }

    @Override
    public long size() {
      return 8;
    }
  }

  /** The type of an expression that already produced an error; silences follow-on errors. */
  record Err() implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Err;
    }

    @Override
    public int hashCode() {
      return 0;
    }


    @Override
    public String spelling() {
      return "<error>";
    }

    @Override
    public long size() {
      return 1;
    }
  }

  /**
   * A cooperative group (CUDA C++ Programming Guide, "Cooperative Groups"): the thread block
   * ({@code threads} 0) or a tile of {@code threads} threads of it. A group is known from its type
   * alone (which threads, which tile of them), so it has no value in memory or registers.
   */
  record Group(int threads) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Group g && g.threads == threads;
    }

    @Override
    public int hashCode() {
      return threads;
    }


    @Override
    public String spelling() {
      return threads == 0 ? "cooperative_groups::thread_block" : "cooperative_groups::thread_block_tile<" + threads + ">";
    }

    @Override
    public long size() {
      return 16;
    }
  }

  /**
   * A struct (C11 §6.7.2.1): its fields at the offsets of C's layout, each aligned to its type,
   * the size a multiple of the largest alignment (a built-in vector type's is that of {@code
   * __align__}). One object per struct, equal only to itself, so that a struct may point to
   * itself; {@link StructTypes} lays it out when it is first used. While incomplete ({@code
   * struct Node;}) it has no fields and size 0.
   */
  final class Struct implements Type {
    /** A field and its offset in bytes from the struct's start. */
    public record Field(String name, Type type, long offset, boolean isConst, boolean isVolatile) {}

    private final org.scansim.frontend.ast.StructDef def;
    private java.util.List<Field> fields;
    private long size;
    private long alignment = 1;

    Struct(org.scansim.frontend.ast.StructDef def) {
      this.def = def;
    }

    public org.scansim.frontend.ast.StructDef def() {
      return def;
    }

    void layOut(java.util.List<Field> fields, long size, long alignment) {
      this.fields = java.util.List.copyOf(fields);
      this.size = size;
      this.alignment = alignment;
    }

    /** Whether its fields are known: defined, and laid out. */
    public boolean isComplete() {
      return fields != null;
    }

    /** The fields in declaration order (empty while incomplete). */
    public java.util.List<Field> fields() {
      return fields == null ? java.util.List.of() : fields;
    }

    /** The field named {@code name}, or null. */
    public Field field(String name) {
      for (Field f : fields()) {
        if (f.name().equals(name)) {
          return f;
        }
      }
      return null;
    }

    public long alignment() {
      return alignment;
    }

    @Override
    public String spelling() {
      return def.name();
    }

    @Override
    public long size() {
      return size;
    }

    @Override
    public String toString() {
      return "struct " + def.name();
    }
  }

  /**
   * A function type (C11 §6.7.6.3), of host code only: what a function pointer points to, its
   * result and parameter types. A function's name used as a value is a pointer to one; calling
   * through the pointer calls the function. Equal when result and parameters are.
   */
  record Function(Type result, java.util.List<Type> params) implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Function f && java.util.Objects.equals(f.result, result) && java.util.Objects.equals(f.params, params);
    }

    @Override
    public int hashCode() {
      return 31 * java.util.Objects.hashCode(result) + java.util.Objects.hashCode(params);
    }


    public Function {
      params = java.util.List.copyOf(params);
    }

    @Override
    public String spelling() {
      return result.spelling() + " (" + String.join(", ", params.stream().map(Type::spelling).toList()) + ")";
    }

    /** A pointer to it as C spells one: {@code void (*)(float *, int)}. */
    public String pointerSpelling() {
      return result.spelling() + " (*)(" + String.join(", ", params.stream().map(Type::spelling).toList()) + ")";
    }

    @Override
    public long size() {
      return 0; // a function is no object: sizeof and arithmetic on its pointer are refused
    }
  }

  /** {@code auto} before the initialiser has given it a type (only a variable with one may have it). */
  record Auto() implements Type {
    // equals and hashCode written out (not the record's, bootstrapped through method handles at first use)
    @Override
    public boolean equals(Object o) {
      return o instanceof Auto;
    }

    @Override
    public int hashCode() {
      return 0;
    }


    @Override
    public String spelling() {
      return "auto";
    }

    @Override
    public long size() {
      return 1;
    }
  }

  Type ERR = new Err();
  Type VOID = new Void();
  Type BOOL = new Arith(Scalar.BOOL);
  Type CHAR = new Arith(Scalar.CHAR);
  Type INT = new Arith(Scalar.INT);
  Type UINT = new Arith(Scalar.UINT);
  Type LONG = new Arith(Scalar.LONG);
  Type ULONG = new Arith(Scalar.ULONG);
  Type LLONG = new Arith(Scalar.LLONG);
  Type ULLONG = new Arith(Scalar.ULLONG);
  Type FLOAT = new Arith(Scalar.FLOAT);
  Type DOUBLE = new Arith(Scalar.DOUBLE);
  Type SIZE_T = ULONG;
  Type NULL = new Null();
  Type STR = new Str();
  Type DIM3 = new Dim3(false);
  Type UINT3 = new Dim3(true);

  /**
   * Where byte {@code offset} of an object of type {@code t} is, as source would name it:
   * {@code [3].first} in an array of structs, {@code .weights[1]} in a struct; a byte of padding
   * or inside a scalar is named with its byte offset from the last field.
   */
  static String path(Type t, long offset) {
    StringBuilder out = new StringBuilder();
    while (true) {
      if (t instanceof Array a) {
        long size = Math.max(1, a.element().size());
        out.append('[').append(offset / size).append(']');
        offset %= size;
        t = a.element();
      } else if (t instanceof Struct s) {
        Struct.Field hit = null;
        for (Struct.Field f : s.fields()) {
          if (offset >= f.offset() && offset < f.offset() + Math.max(1, f.type().size())) {
            hit = f;
          }
        }
        if (hit == null) {
          return out.append(" (byte ").append(offset).append(", padding)").toString();
        }
        out.append('.').append(hit.name());
        offset -= hit.offset();
        t = hit.type();
      } else {
        return offset == 0 ? out.toString() : out.append(" (byte ").append(offset).append(')').toString();
      }
    }
  }

  /**
   * Scalars in one object of type {@code t}: array elements and struct fields all counted, as an
   * initialiser list places its values (saturating at {@code Long.MAX_VALUE}).
   */
  static long scalars(Type t) {
    long n = 1;
    while (t instanceof Array a) {
      n = Math.multiplyHigh(n, Math.max(a.length(), 0)) != 0 ? Long.MAX_VALUE : n * Math.max(a.length(), 0);
      t = a.element();
    }
    if (t instanceof Struct s) {
      long fields = 0;
      for (Struct.Field f : s.fields()) {
        fields += scalars(f.type());
      }
      n = Math.multiplyHigh(n, fields) != 0 ? Long.MAX_VALUE : n * fields;
    }
    return n;
  }

  /** The element type of an array (of arrays), or {@code t} itself. */
  static Type innermost(Type t) {
    while (t instanceof Array a) {
      t = a.element();
    }
    return t;
  }

  static Type arith(Scalar s) {
    return new Arith(s);
  }

  static Pointer pointerTo(Type t) {
    return new Pointer(t, false, false);
  }
}
