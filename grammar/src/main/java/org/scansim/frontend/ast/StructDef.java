package org.scansim.frontend.ast;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;

/**
 * A plain struct (C11 §6.7.2.1, a C++ aggregate of public data members): its name and, once its
 * body has been read, its fields in declaration order. A struct declared but not yet defined
 * ({@code struct Node;}) has no fields: it is incomplete, and only pointers to it may be declared.
 *
 * <p>One object per struct, compared by identity, so that a struct may hold pointers to itself
 * ({@code struct Node { Node *next; }}). The built-in vector types of CUDA ({@code float4},
 * {@code int2}, ...; CUDA C++ Programming Guide, "Built-in Vector Types") are structs of this kind
 * too, with the alignment {@code vector_types.h} gives them.
 */
public final class StructDef {
  /** One field: {@code float v[4];} or {@code Node *next;}. */
  public record Field(Span span, TypeSpec spec, List<PointerLevel> pointers, String name, Span nameSpan, List<ArrayDim> dims) {
    public Field {
      pointers = List.copyOf(pointers);
      dims = List.copyOf(dims);
    }
  }

  private final String name;
  private final Span nameSpan;
  private final int alignment;
  private List<Field> fields;
  private Span span;

  /** A struct named {@code name} (qualified), declared at {@code nameSpan}; no fields yet. */
  public StructDef(String name, Span nameSpan) {
    this(name, nameSpan, 0);
  }

  private StructDef(String name, Span nameSpan, int alignment) {
    this.name = name;
    this.nameSpan = nameSpan;
    this.alignment = alignment;
  }

  public String name() {
    return name;
  }

  public Span nameSpan() {
    return nameSpan;
  }

  /** The definition's span, or null while the struct is incomplete. */
  public Span span() {
    return span;
  }

  /** The fields, or null while the struct is incomplete. */
  public List<Field> fields() {
    return fields;
  }

  public boolean isComplete() {
    return fields != null;
  }

  private boolean isClass;

  /** Its constructors' function name ({@code Counter::Counter}, {@code ns::Box<int>::Box}). */
  public String constructorName() {
    return name + "::" + simpleName();
  }

  /** Its destructor's function name ({@code Counter::~Counter}). */
  public String destructorName() {
    return name + "::~" + simpleName();
  }

  /**
   * The name its constructor and destructor carry: without the namespace and without a class
   * template's arguments ({@code BlockScan} of {@code cub::BlockScan<float, 256>}).
   */
  public String simpleName() {
    String n = name;
    int angle = n.indexOf('<');
    if (angle >= 0) {
      n = n.substring(0, angle);
    }
    return n.substring(n.lastIndexOf(':') + 1);
  }

  /** Whether it has member functions (a class, C++ [class]): its functions are {@code Name::member}. */
  public boolean isClass() {
    return isClass;
  }

  private boolean onlyImplicitConstructor;

  /** Whether its one constructor is the implicit default one its default member initializers need (it declares none). */
  public boolean onlyImplicitConstructor() {
    return onlyImplicitConstructor;
  }

  public void markOnlyImplicitConstructor() {
    onlyImplicitConstructor = true;
  }

  /** Marks it a class, before its body is defined. */
  public void markClass() {
    isClass = true;
  }

  /** The alignment {@code __align__} gives a built-in vector type, or 0: the fields' own. */
  public int alignment() {
    return alignment;
  }

  public boolean isVector() {
    return alignment > 0;
  }

  // ---- single inheritance and virtual functions (C++ [class.derived], [class.virtual]) ----

  /** The hidden field of a class with virtual functions: its dynamic class's {@link #typeId}, where C++ keeps its vtable pointer. */
  public static final String VPTR = "__vptr";
  /** The key of a virtual destructor among {@link #virtuals()}. */
  public static final String VIRTUAL_DESTRUCTOR = "~";
  /** The suffix of a virtual function's dispatcher: {@code Shape::area@virtual} calls the dynamic class's {@code area}. */
  public static final String DISPATCHER = "@virtual";

  private StructDef base;
  private final java.util.Set<String> virtuals = new java.util.LinkedHashSet<>();
  private final java.util.Set<String> pureVirtuals = new java.util.LinkedHashSet<>();
  private final java.util.Set<String> declaredMethods = new java.util.LinkedHashSet<>();

  /** Its one base class ({@code struct Derived : public Base}), whose fields are its first {@link #inheritedFields}; null for none. */
  public StructDef base() {
    return base;
  }

  /** How many of its fields are its base's (the base's fields, at the base's offsets). */
  public int inheritedFields() {
    return base == null ? 0 : base.fields().size();
  }

  public void setBase(StructDef base) {
    this.base = base;
  }

  /**
   * Whether {@code ancestor} is this class or one of its bases, however far up; by name, as a
   * header's class parsed in each translation unit of a program is one class.
   */
  public boolean derivesFrom(StructDef ancestor) {
    for (StructDef d = this; d != null; d = d.base) {
      if (d == ancestor || d.name.equals(ancestor.name)) {
        return true;
      }
    }
    return false;
  }

  /** The names of its virtual member functions, its own and inherited ({@link #VIRTUAL_DESTRUCTOR} for a virtual destructor). */
  public java.util.Set<String> virtuals() {
    return virtuals;
  }

  /** Those it declares pure ({@code = 0}) itself. */
  public java.util.Set<String> pureVirtuals() {
    return pureVirtuals;
  }

  /** The member functions it declares itself (not inherited), by short name; {@link #VIRTUAL_DESTRUCTOR} for its destructor. */
  public java.util.Set<String> declaredMethods() {
    return declaredMethods;
  }

  private final Map<String, String> virtualSignatures = new LinkedHashMap<>();

  /** Each virtual function's parameters and constness ({@link #signature}), as the class that made it virtual declared it. */
  public Map<String, String> virtualSignatures() {
    return virtualSignatures;
  }

  /** A member function's parameters after {@code this}, and whether {@code this} is const: what an override must repeat. */
  public static String signature(List<Param> params) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < params.size(); i++) {
      Param p = params.get(i);
      if (i == 0 && "this".equals(p.name())) {
        s.append(p.spec().isConst() ? "const this" : "this");
        continue;
      }
      s.append(", ").append(p.spec().base()).append(p.spec().struct() == null ? "" : " " + p.spec().struct().name())
          .append(p.spec().isConst() ? " const" : "").append(p.spec().isVolatile() ? " volatile" : "");
      for (PointerLevel l : p.pointers()) {
        s.append(l.isReference() ? " &" : " *").append(l.isConst() ? "const" : "");
      }
      s.append(p.reference() ? " &" : "").append("[]".repeat(p.dims().size()));
    }
    return s.toString();
  }

  private boolean podForLayout = true;

  /**
   * Whether the Itanium C++ ABI lays it out as a POD (C++03's: public fields only, no constructor,
   * destructor, copy assignment, base or virtual function): a class derived from such a base
   * starts its own fields after the base's whole size, not in its tail padding.
   */
  public boolean podForLayout() {
    return podForLayout;
  }

  public void markNotPodForLayout() {
    podForLayout = false;
  }

  /** Whether it has virtual functions (its objects carry {@link #VPTR}). */
  public boolean isPolymorphic() {
    return !virtuals.isEmpty();
  }

  /**
   * The class whose {@code name} a call on an object of this dynamic class runs: the nearest
   * class from this one up that declares it (C++ [class.virtual] ¶2, the final overrider); null
   * when none does, or when the nearest declares it pure.
   */
  public StructDef finalOverrider(String name) {
    for (StructDef d = this; d != null; d = d.base) {
      if (d.declaredMethods.contains(name)) {
        return d.pureVirtuals.contains(name) ? null : d;
      }
    }
    return null;
  }

  /** Whether it has a pure virtual function not overridden (C++ [class.abstract]): no object of it may be made. */
  public boolean isAbstract() {
    return virtuals.stream().filter(v -> !v.equals(VIRTUAL_DESTRUCTOR)).anyMatch(v -> finalOverrider(v) == null);
  }

  /**
   * The value its objects' {@link #VPTR} holds: a hash of its qualified name (FNV-1a, 63 bits),
   * the same in every translation unit, so that a program's units agree without a linker's table.
   */
  public long typeId() {
    long h = 0xcbf29ce484222325L;
    for (byte c : name.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      h = (h ^ (c & 0xff)) * 0x100000001b3L;
    }
    return h & Long.MAX_VALUE;
  }

  /** Completes the struct with its body; a struct is defined once. */
  public void define(Span span, List<Field> fields) {
    if (this.fields != null) {
      throw new IllegalStateException("struct " + name + " defined twice");
    }
    this.span = span;
    this.fields = List.copyOf(fields);
  }

  @Override
  public String toString() {
    return "struct " + name;
  }

  /**
   * C's {@code FILE} (C11 §7.21.1), the object a stream's pointer points to: opaque, never
   * defined, so that only {@code FILE *} can be declared, as the C library's calls take it.
   */
  public static final StructDef FILE = new StructDef("FILE", null);

  // ---- the built-in vector types ----

  private static final String[] COMPONENTS = {"x", "y", "z", "w"};
  private static final Map<String, StructDef> VECTORS = vectors();

  /**
   * The built-in vector type of that name ({@code float4}, {@code ulonglong2}), or null. Each has
   * fields {@code x}, {@code y}, {@code z}, {@code w} as far as its length, and the alignment of
   * {@code vector_types.h}: its size for lengths 1, 2 and 4 up to 16 bytes, its element's for 3.
   */
  public static StructDef vector(String name) {
    return VECTORS.get(name);
  }

  /** The element type of a vector type's name, as the prefix of {@code float4} or {@code ulonglong2} says. */
  private static Map<String, StructDef> vectors() {
    Map<String, BaseType> elements = new LinkedHashMap<>();
    elements.put("char", BaseType.SCHAR);
    elements.put("uchar", BaseType.UCHAR);
    elements.put("short", BaseType.SHORT);
    elements.put("ushort", BaseType.USHORT);
    elements.put("int", BaseType.INT);
    elements.put("uint", BaseType.UINT);
    elements.put("long", BaseType.LONG);
    elements.put("ulong", BaseType.ULONG);
    elements.put("longlong", BaseType.LLONG);
    elements.put("ulonglong", BaseType.ULLONG);
    elements.put("float", BaseType.FLOAT);
    elements.put("double", BaseType.DOUBLE);
    Map<String, StructDef> out = new LinkedHashMap<>();
    elements.forEach((prefix, base) -> {
      int size = switch (base) {
        case SCHAR, UCHAR -> 1;
        case SHORT, USHORT -> 2;
        case INT, UINT, FLOAT -> 4;
        default -> 8;
      };
      for (int n = 1; n <= 4; n++) {
        int align = n == 3 ? size : Math.min(16, n * size);
        StructDef d = new StructDef(prefix + n, null, align);
        List<Field> fields = new java.util.ArrayList<>();
        for (int k = 0; k < n; k++) {
          fields.add(new Field(null, new TypeSpec(null, base, false, false), List.of(), COMPONENTS[k], null, List.of()));
        }
        d.define(null, fields);
        out.put(d.name(), d);
      }
    });
    return java.util.Collections.unmodifiableMap(out);
  }

  /** The vector types' names, in a fixed order. */
  public static java.util.Set<String> vectorNames() {
    return VECTORS.keySet();
  }
}
