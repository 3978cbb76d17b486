package org.scansim.frontend.sema;

/** The conversion rules of C11 §6.3 and C++ [conv] that the checker and the lowering share. */
public final class Conversions {
  private Conversions() {}

  /** Integer promotion (C11 §6.3.1.1): types of rank below int become int. */
  public static Scalar promote(Scalar s) {
    return s.isInteger() && s.rank() < Scalar.INT.rank() ? Scalar.INT : s;
  }

  /** The usual arithmetic conversions (C11 §6.3.1.8). */
  public static Scalar common(Scalar a, Scalar b) {
    if (a == Scalar.DOUBLE || b == Scalar.DOUBLE) {
      return Scalar.DOUBLE;
    }
    if (a == Scalar.FLOAT || b == Scalar.FLOAT) {
      return Scalar.FLOAT;
    }
    a = promote(a);
    b = promote(b);
    if (a == b) {
      return a;
    }
    if (a.isSigned() == b.isSigned()) {
      return a.rank() >= b.rank() ? a : b;
    }
    Scalar u = a.isSigned() ? b : a;
    Scalar s = a.isSigned() ? a : b;
    if (u.rank() >= s.rank()) {
      return u;
    }
    if (s.size() > u.size()) {
      return s;
    }
    return s.toUnsigned();
  }

  /**
   * Whether a value of type {@code from} may initialise or be assigned to {@code to} without a
   * cast, following C++ (nvcc compiles .cu files as C++): arithmetic types convert freely;
   * pointers need the same pointee, may gain but not lose qualifiers, and convert to {@code void *};
   * {@code nullptr} and the integer constant 0 convert to any pointer.
   */
  public static boolean assignable(Type to, Type from, Long constValue) {
    if (to instanceof Type.Err || from instanceof Type.Err) {
      return true;
    }
    if (to.isArithmetic()) {
      return from.isArithmetic();
    }
    if (to instanceof Type.Pointer tp) {
      if (from instanceof Type.Null) {
        return true;
      }
      if (from.isInteger() && constValue != null && constValue == 0) {
        return true;
      }
      // A string literal (or __FILE__) is an array of const char (C++ [lex.string]): a const char *.
      Type.Pointer fp = from instanceof Type.Str ? new Type.Pointer(Type.CHAR, true, false) : decayToPointer(from);
      if (fp == null) {
        return false;
      }
      if (fp.constPointee() && !tp.constPointee() || fp.volatilePointee() && !tp.volatilePointee()) {
        return false;
      }
      // A pointer to a derived class converts to one to its base, at the same address (C++ [conv.ptr] ¶3).
      return tp.pointee() instanceof Type.Void || samePointee(tp.pointee(), fp.pointee())
          || derivedToBase(tp.pointee(), fp.pointee());
    }
    if (to instanceof Type.Dim3) {
      return from instanceof Type.Dim3 || from.isInteger() || isUint3(from); // dim3(uint3) of vector_types.h
    }
    if (to instanceof Type.Group) {
      return to.equals(from);
    }
    if (to instanceof Type.Struct ts) {
      // The same struct (C++ [class.copy.assign]); threadIdx and its kin are uint3s; a derived object's base part, copied field by
      // field (a class with virtual functions is copied by its copy constructor and operator=, which keep the object's class).
      return to == from || isUint3(to) && from instanceof Type.Dim3 d && d.builtin()
          || !ts.def().isPolymorphic() && derivedToBase(to, from);
    }
    return false;
  }

  /** Whether {@code from} is a class derived from the class {@code to}, however far down (C++ [class.derived]); not the same class. */
  public static boolean derivedToBase(Type to, Type from) {
    return to instanceof Type.Struct base && from instanceof Type.Struct derived && !base.equals(derived) && derived.def().derivesFrom(base.def());
  }

  /** Whether t is the vector type {@code uint3}, the type CUDA gives threadIdx, blockIdx, blockDim and gridDim. */
  public static boolean isUint3(Type t) {
    return t instanceof Type.Struct s && s.def() == org.scansim.frontend.ast.StructDef.vector("uint3");
  }

  /** Array-to-pointer decay (C11 §6.3.2.1p3); pointers stay; anything else gives null. */
  public static Type.Pointer decayToPointer(Type t) {
    if (t instanceof Type.Pointer p) {
      return p;
    }
    if (t instanceof Type.Array a) {
      return new Type.Pointer(a.element(), a.constElements(), a.volatileElements());
    }
    return null;
  }

  /** Pointee types compared ignoring qualifiers of the outermost level only. */
  static boolean samePointee(Type a, Type b) {
    if (a instanceof Type.Pointer pa && b instanceof Type.Pointer pb) {
      return pa.constPointee() == pb.constPointee()
          && pa.volatilePointee() == pb.volatilePointee()
          && samePointee(pa.pointee(), pb.pointee());
    }
    return a.equals(b);
  }

  /**
   * An unsigned 64-bit value (held in a long) converted to double with round-to-nearest, as C
   * does (C11 §6.3.1.4p2): halving with the lost bit kept sticky ("round to odd") keeps the one
   * rounding correct.
   */
  public static double unsignedToDouble(long bits) {
    return bits >= 0 ? (double) bits : (double) ((bits >>> 1) | (bits & 1)) * 2.0;
  }

  /**
   * Wraps a 64-bit integer value to the range of an integer type, as a conversion to that type
   * does (C11 §6.3.1.3; the implementation-defined signed case wraps, as gcc and nvcc do).
   */
  public static long wrap(long v, Scalar s) {
    return switch (s) {
      case BOOL -> v != 0 ? 1 : 0;
      case CHAR -> (byte) v;
      case UCHAR -> v & 0xFF;
      case SHORT -> (short) v;
      case USHORT -> v & 0xFFFF;
      case INT -> (int) v;
      case UINT -> v & 0xFFFF_FFFFL;
      default -> v;
    };
  }
}
