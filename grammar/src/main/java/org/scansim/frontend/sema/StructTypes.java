package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.ArrayDim;
import org.scansim.frontend.ast.StructDef;

/**
 * The semantic type of each struct, one per {@link StructDef}, laid out when first needed as C
 * lays structs out (C11 §6.7.2.1 ¶15–17, the layout nvcc shares with the host compiler): each
 * field at the next offset its type's alignment allows, the size rounded up to the largest
 * alignment. Array sizes in fields are constant expressions of file scope.
 *
 * <p>Refused here: fields of incomplete type (a struct holding itself rather than a pointer to
 * itself), of {@code void}, {@code dim3} or cooperative-group type, and structs without fields.
 */
final class StructTypes {
  /** Bytes a struct may take: a bound on what a hostile file can make a variable of it cost. */
  static final long MAX_STRUCT_BYTES = TypeChecker.MAX_ARRAY_BYTES;

  private final Context cx;
  private final ExprChecker exprs;
  private final Scope fileScope;
  private final Map<StructDef, Type.Struct> types = new IdentityHashMap<>();
  /** Structs being laid out: a field of one of these by value is a struct inside itself. */
  private final java.util.Set<StructDef> inProgress = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

  StructTypes(Context cx, ExprChecker exprs, Scope fileScope) {
    this.cx = cx;
    this.exprs = exprs;
    this.fileScope = fileScope;
  }

  /** Each struct as it is where it is named before its body: never complete. */
  private final Map<StructDef, Type.Struct> before = new IdentityHashMap<>();

  /** {@code def} named by value before its body (C11 §6.7.2.3): a type with no fields, so every use by value is refused. */
  Type.Struct incomplete(StructDef def) {
    return before.computeIfAbsent(canonical(def), Type.Struct::new);
  }

  /**
   * One definition of each struct, as its name and place know it: a header's struct, parsed once
   * in each translation unit of a program that includes it, is one type (C++'s one-definition rule).
   */
  private final Map<String, StructDef> definitions = new java.util.HashMap<>();

  private StructDef canonical(StructDef def) {
    if (def.nameSpan() == null || def.nameSpan().file() == null) {
      return def;
    }
    return definitions.computeIfAbsent(def.name() + "@" + def.nameSpan().file().name() + ":" + def.nameSpan().line() + ":"
        + def.nameSpan().col(), k -> def);
  }

  /** The type of {@code def}, laid out if it is defined (an incomplete one is returned as it is). */
  Type.Struct of(StructDef given) {
    StructDef def = canonical(given);
    Type.Struct t = types.get(def);
    if (t == null) {
      t = new Type.Struct(def);
      types.put(def, t);
    }
    if (!t.isComplete() && def.isComplete() && inProgress.add(def)) {
      Scope here = cx.scope;
      cx.scope = fileScope; // a field's array size is a constant of file scope
      try {
        layOut(t);
      } finally {
        cx.scope = here;
        inProgress.remove(def);
      }
    }
    return t;
  }

  private void layOut(Type.Struct t) {
    StructDef def = t.def();
    List<Type.Struct.Field> fields = new ArrayList<>();
    long offset = 0;
    long alignment = 1;
    boolean bad = false;
    int index = 0;
    for (StructDef.Field f : def.fields()) {
      if (index++ == def.inheritedFields() && def.base() != null && def.base().podForLayout() && def.inheritedFields() > 0) {
        // (an empty base takes no room: the empty base optimisation)
        offset = Math.max(offset, of(def.base()).size()); // a POD base's tail padding is its own (Itanium C++ ABI §2.4)
      }
      Type ft = fieldType(def, f);
      if (ft == null) {
        bad = true;
        continue;
      }
      long a = alignmentOf(ft);
      offset = (offset + a - 1) / a * a;
      fields.add(new Type.Struct.Field(f.name(), ft, offset, TypeResolver.outerConst(f.spec(), f.pointers()),
          TypeResolver.outerVolatile(f.spec(), f.pointers())));
      offset += ft.size();
      alignment = Math.max(alignment, a);
      if (offset > MAX_STRUCT_BYTES) {
        cx.error(f.nameSpan(), "struct '" + def.name() + "' is too large (more than " + MAX_STRUCT_BYTES + " bytes)");
        bad = true;
        break;
      }
    }
    if (def.fields().isEmpty() && !def.isClass()) {
      cx.error(def.nameSpan() != null ? def.nameSpan() : def.span(), "a struct without fields is not supported");
      bad = true;
    }
    if (def.isVector()) {
      alignment = def.alignment();
    }
    // A class of member functions only (a function object) still takes a byte (C++ [intro.object] ¶8).
    long size = Math.max(def.isClass() ? 1 : 0, (offset + alignment - 1) / alignment * alignment);
    // A struct with a refused field is still complete, so its uses are not reported again; its
    // refused fields are simply absent.
    t.layOut(fields, bad && fields.isEmpty() ? alignment : size, alignment);
  }

  /** A field's type, or null when it is refused (reported). */
  private Type fieldType(StructDef def, StructDef.Field f) {
    Type t = TypeResolver.withPointers(f.spec(), f.pointers(), this);
    if (t instanceof Type.Err) {
      return null;
    }
    if (t instanceof Type.Void || t instanceof Type.Dim3 || t instanceof Type.Group || t instanceof Type.Auto) {
      cx.error(f.nameSpan(), "field '" + f.name() + "' of type '" + t.spelling() + "' is not supported in a struct");
      return null;
    }
    if (Type.innermost(t) instanceof Type.Struct member && exprs.hasLifetime(member)
        && !(def.isClass() && t instanceof Type.Struct && f.pointers().isEmpty())) { // a class's made and ended by its own (ClassBuilder)
      cx.error(f.nameSpan(), "field '" + f.name() + "' of a class with a constructor or destructor ('" + member.spelling()
          + "') is not supported: its constructor and destructor would not run");
      return null;
    }
    if (t instanceof Type.Struct s && !s.isComplete()) {
      cx.error(f.nameSpan(), "field '" + f.name() + "' has incomplete type '" + s.spelling() + "'"
          + (s.def() == def ? " (a struct cannot hold itself; a pointer to it is allowed)" : ""));
      return null;
    }
    long total = Math.max(1, t.size());
    for (int i = f.dims().size() - 1; i >= 0; i--) {
      ArrayDim dim = f.dims().get(i);
      if (dim.size() == null) {
        cx.error(dim.span(), "field '" + f.name() + "' needs an explicit array size (flexible array members are not supported)");
        return null;
      }
      Type st = exprs.checkValue(dim.size());
      Long v = cx.sema.constantOf(dim.size());
      if (st instanceof Type.Err) {
        return null;
      }
      if (!st.isInteger() || v == null) {
        cx.error(dim.size().span(), "size of array field '" + f.name() + "' is not an integer constant expression");
        return null;
      }
      if (v <= 0) {
        cx.error(dim.size().span(), "size of array field '" + f.name() + "' must be positive, not " + v);
        return null;
      }
      total = Math.multiplyHigh(total, v) != 0 ? Long.MAX_VALUE : total * v;
      if (total > MAX_STRUCT_BYTES) {
        cx.error(dim.size().span(), "struct '" + def.name() + "' is too large (more than " + MAX_STRUCT_BYTES + " bytes)");
        return null;
      }
      t = new Type.Array(t, v, TypeResolver.outerConst(f.spec(), f.pointers()), TypeResolver.outerVolatile(f.spec(), f.pointers()));
    }
    return t;
  }

  /** The alignment of a type in memory (LP64, as nvcc on Linux). */
  static long alignmentOf(Type t) {
    if (t instanceof Type.Array a) {
      return alignmentOf(a.element());
    }
    if (t instanceof Type.Struct s) {
      return s.alignment();
    }
    return Math.max(1, t.size());
  }

  /** Lays out every struct the file defines, so that a struct no code uses is checked too. */
  void layOutAll(List<StructDef> defs) {
    defs.forEach(this::of);
  }
}
