package org.scansim.frontend.sema;

import java.util.List;
import org.scansim.frontend.ast.BaseType;
import org.scansim.frontend.ast.PointerLevel;
import org.scansim.frontend.ast.TypeName;
import org.scansim.frontend.ast.TypeSpec;

/** Turns written types (specifiers and pointer declarators) into semantic types. */
final class TypeResolver {
  private TypeResolver() {}

  /** The function type a function pointer's declarator writes: parameters of array type are pointers (C11 §6.7.6.3 ¶7). */
  static Type.Function function(org.scansim.frontend.ast.Signature s, StructTypes structs) {
    Type result = withPointers(s.result(), s.resultPointers(), structs);
    java.util.List<Type> params = new java.util.ArrayList<>();
    for (org.scansim.frontend.ast.Param p : s.params()) {
      Type t = withPointers(p.spec(), p.pointers(), structs);
      params.add(p.dims().isEmpty() ? t : new Type.Pointer(t, p.spec().isConst(), p.spec().isVolatile()));
    }
    return new Type.Function(result, params);
  }

  static Type base(BaseType b) {
    return switch (b) {
      case STRUCT -> throw new IllegalArgumentException("a struct is resolved with its definition");
      case VOID -> Type.VOID;
      case BOOL -> Type.BOOL;
      case CHAR, SCHAR -> Type.CHAR;
      case UCHAR -> Type.arith(Scalar.UCHAR);
      case SHORT -> Type.arith(Scalar.SHORT);
      case USHORT -> Type.arith(Scalar.USHORT);
      case INT, CUDA_ERROR -> Type.INT;
      case UINT -> Type.UINT;
      case LONG -> Type.LONG;
      case ULONG, SIZE_T -> Type.ULONG;
      case LLONG -> Type.LLONG;
      case ULLONG -> Type.ULLONG;
      case FLOAT -> Type.FLOAT;
      case DOUBLE -> Type.DOUBLE;
      case DIM3 -> Type.DIM3;
      case AUTO -> new Type.Auto();
      case FUNCTION -> throw new IllegalArgumentException("a function type is resolved with its signature");
      case CG_BLOCK, CG_TILE1, CG_TILE2, CG_TILE4, CG_TILE8, CG_TILE16, CG_TILE32 -> new Type.Group(b.groupSize());
    };
  }

  /**
   * Applies the declarator's pointers to the specifiers' type. The specifiers' const/volatile
   * qualify the innermost pointee; each {@code *}'s own qualifiers qualify the next level out.
   * The qualifiers of the outermost level (the variable itself) are returned by the caller.
   */
  static Type withPointers(TypeSpec spec, List<PointerLevel> pointers, StructTypes structs) {
    // A struct named by value before its body is incomplete there (pointers to it are the struct's own).
    Type t = spec.signature() != null ? function(spec.signature(), structs) : spec.struct() == null ? base(spec.base())
        : spec.incomplete() && pointers.isEmpty() ? structs.incomplete(spec.struct()) : structs.of(spec.struct());
    boolean c = spec.isConst();
    boolean v = spec.isVolatile();
    for (PointerLevel p : pointers) {
      t = new Type.Pointer(t, c, v);
      c = p.isConst();
      v = p.isVolatile();
    }
    return t;
  }

  /** Whether the outermost level (the object itself) is const. */
  static boolean outerConst(TypeSpec spec, List<PointerLevel> pointers) {
    return pointers.isEmpty() ? spec.isConst() : pointers.get(pointers.size() - 1).isConst();
  }

  static boolean outerVolatile(TypeSpec spec, List<PointerLevel> pointers) {
    return pointers.isEmpty() ? spec.isVolatile() : pointers.get(pointers.size() - 1).isVolatile();
  }

  static Type of(TypeName name, StructTypes structs) {
    return withPointers(name.spec(), name.pointers(), structs);
  }
}
