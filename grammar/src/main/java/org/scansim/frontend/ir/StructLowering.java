package org.scansim.frontend.ir;

import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Expr.BinaryOp;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.sema.MakeVector;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/**
 * Lowers struct values. Every struct object lives in memory: a variable in its memory space (a
 * local one in local memory), a value without a home (a call's result, {@code make_float4(...)},
 * a {@code ?:}) in a temporary of local memory. A struct expression therefore lowers to the
 * address of its object ({@link #object}); a field is that address plus the field's offset; an
 * assignment, an initialisation and a by-value argument copy the object field by field, one load
 * and one store per scalar, as C's assignment of a struct copies its members (C11 §6.5.16.1).
 *
 * <p>A call passes a struct by the address of a copy the caller makes ({@link #argument}), which
 * is the callee's parameter; a function returning a struct takes the address of the caller's
 * temporary as a hidden first parameter ({@link #RESULT}) and copies its result there.
 *
 * <p>Not modelled: nvcc keeps a small struct that never has its address taken in registers; here
 * it is in local memory, so a report counts local loads and stores (and instructions) that the
 * hardware does not run. The shared and global accesses are the source's, as nvcc makes them.
 */
final class StructLowering {
  /** The name of the hidden parameter through which a function returns a struct. */
  static final String RESULT = "result";
  /** Arrays of at most this many scalars are copied or zeroed one by one; longer ones by a loop. */
  private static final long UNROLL = 16;

  private final Sema sema;
  private final ExprLowering exprs;
  private final StmtLowering fn;
  private final FunctionBuilder b;

  StructLowering(Sema sema, ExprLowering exprs, StmtLowering fn) {
    this.sema = sema;
    this.exprs = exprs;
    this.fn = fn;
    this.b = fn.b;
  }

  /** The IR type a value of {@code t} travels in: a struct by its address. */
  static IrType regType(Type t) {
    return t instanceof Type.Struct ? IrType.PTR : IrType.of(t);
  }

  /**
   * The object of a value converted to the struct {@code want}: the value's own, or for threadIdx
   * and its kin (uint3 in CUDA, three registers here) a temporary uint3 of their components.
   */
  LValue.OfMemory objectAs(Expr e, Type want) {
    Expr.Call converting = sema.conversionOf(e);
    if (converting != null) {
      // A std::string from a const char *: a temporary its converting constructor makes (not ended: scansim's own library's).
      LValue.OfMemory tmp = temporary(want, e.span());
      if (((Symbol.Function) sema.calleeOf(converting)).returnType() instanceof Type.Struct) {
        exprs.calls().callReturning(converting, tmp.ptr()); // a std::function's maker
      } else {
        exprs.calls().construct(converting, tmp.ptr());
      }
      return tmp;
    }
    if (!(sema.typeOf(e) instanceof Type.Dim3)) {
      return object(e);
    }
    LValue.OfMemory tmp = temporary(want, e.span());
    Operand[] xyz = exprs.dim3(e);
    List<Type.Struct.Field> fields = ((Type.Struct) want).fields();
    for (int i = 0; i < 3; i++) {
      exprs.store(field(tmp, fields.get(i), e.span()), xyz[i], e.span());
    }
    return tmp;
  }

  /** The object a struct-valued expression designates or produces. */
  LValue.OfMemory object(Expr e) {
    Span span = e.span();
    Type.Struct t = (Type.Struct) sema.typeOf(e);
    if (sema.isReferenceCall(e)) {
      return (LValue.OfMemory) exprs.lvalue(e); // T &f(): the object itself, not a copy
    }
    if (e instanceof Expr.Call c && sema.calleeOf(c) instanceof org.scansim.frontend.sema.TemporaryObject made) {
      LValue.OfMemory tmp = temporary(t, span); // T(args): a temporary, then its constructor on it
      exprs.calls().construct(made.constructor(), tmp.ptr());
      return tmp;
    }
    if (e instanceof Expr.Lambda l) {
      return object(sema.closureOf(l)); // its closure object, field by field
    }
    if (e instanceof Expr.Call c && sema.calleeOf(c) instanceof MakeVector mv) {
      LValue.OfMemory tmp = temporary(t, span);
      List<Type.Struct.Field> fields = mv.type().fields();
      for (int i = 0; i < fields.size(); i++) {
        if (fields.get(i).type() instanceof Type.Struct) {
          copy(field(tmp, fields.get(i), span), object(c.args().get(i)), span); // a closure's copy of a captured object
          continue;
        }
        Operand v = exprs.convertedValue(c.args().get(i), fields.get(i).type());
        exprs.store(field(tmp, fields.get(i), span), v, span);
      }
      return tmp;
    }
    if (e instanceof Expr.Call c) {
      LValue.OfMemory tmp = temporary(t, span);
      exprs.calls().callReturning(c, tmp.ptr());
      return tmp;
    }
    if ((e instanceof Expr.Binary || e instanceof Expr.Assign || e instanceof Expr.Index)
        && sema.calleeOf(e) instanceof org.scansim.frontend.sema.MethodCall m) {
      LValue.OfMemory tmp = temporary(t, span); // a + b of structs, a class's operator= or [] returning a value: the result
      if (m.temporary() != null) {
        exprs.calls().callOnValue(m, tmp.ptr());
      } else {
        exprs.calls().callReturning(m.call(), tmp.ptr());
      }
      return tmp;
    }
    if (e instanceof Expr.Assign a) {
      // C++17 [expr.ass] ¶1: the right operand is sequenced before the left.
      LValue.OfMemory value = objectAs(a.value(), t);
      LValue.OfMemory target = (LValue.OfMemory) exprs.lvalue(a.target());
      copy(target, value, span);
      return target;
    }
    if (e instanceof Expr.Binary bin && bin.op() == BinaryOp.COMMA) {
      exprs.effect(bin.left());
      return object(bin.right());
    }
    if (e instanceof Expr.Cast c) {
      return object(c.operand());
    }
    if (e instanceof Expr.Conditional c) {
      LValue.OfMemory tmp = temporary(t, span);
      Block then = b.newBlock("cond.then");
      Block els = b.newBlock("cond.else");
      Block end = b.newBlock("cond.end");
      exprs.branch(c.cond(), then, els);
      b.setCurrent(then);
      copy(tmp, object(c.then()), span);
      b.branch(end, span);
      b.setCurrent(els);
      copy(tmp, object(c.els()), span);
      b.branch(end, span);
      b.setCurrent(end);
      return tmp;
    }
    return (LValue.OfMemory) exprs.lvalue(e);
  }

  /**
   * A struct argument passed by value: a copy the callee may change, made by the caller (C++
   * [expr.call] ¶7 initialises the parameter from the argument); a value that is already a fresh
   * temporary (a call's result, {@code make_float4(...)}) is passed as it is.
   */
  LValue.OfMemory argument(Expr e, Type param) {
    if (sema.conversionOf(e) != null) {
      return objectAs(e, param);
    }
    if (sema.copyOf(e) != null) {
      LValue.OfMemory made = temporary(param, e.span());
      copyConstruct(sema.copyOf(e), made.ptr(), e);
      return made;
    }
    if (e instanceof Expr.Call || e instanceof Expr.Conditional || sema.typeOf(e) instanceof Type.Dim3) {
      return objectAs(e, param);
    }
    LValue.OfMemory copy = temporary(param, e.span());
    copy(copy, object(e), e.span());
    return copy;
  }

  /**
   * The object at {@code into} made by the copy constructor {@code copy} from the object {@code from}
   * names (its parameter is a const reference, given the object's own address: the constructor reads it).
   */
  void copyConstruct(Symbol.Function copy, Operand into, Expr from) {
    Operand source = ((LValue.OfMemory) exprs.lvalue(from)).ptr();
    b.emit(new Insn(Op.CALL, null, from.span()).callee(copy.name()).args(List.of(into, source)));
  }

  /** The field {@code name} of the struct object {@code of}, of type {@code type} (an array's elements qualified as the object). */
  LValue.OfMemory field(LValue.OfMemory of, String name, Type type, Span span) {
    Type.Struct.Field f = ((Type.Struct) of.type()).field(name);
    return new LValue.OfMemory(offset(of.ptr(), f.offset(), span), of.space(), of.isVolatile() || f.isVolatile(), type);
  }

  /** The field {@code f} of the struct object {@code of}. */
  LValue.OfMemory field(LValue.OfMemory of, Type.Struct.Field f, Span span) {
    return field(of, f.name(), f.type(), span);
  }

  /** A fresh object of type {@code t} in the function's local memory. */
  LValue.OfMemory temporary(Type t, Span span) {
    Storage.InMemory m = fn.temporary(t, span);
    return new LValue.OfMemory(fn.address(m, span), m.space(), false, t);
  }

  /**
   * {@code *to = *from} for two objects of one struct type, field by field: the fields' loads,
   * then their stores, as nvcc moves a struct through registers (so that two 4-byte fields of an
   * 8-byte-aligned pair in shared memory can be one 64-bit access, see the engine's
   * AccessMerging); a built-in vector type of 2 or 4 components moves as vector accesses
   * ({@code ld.v4.f32}, {@code ld.v4.u8}), as nvcc moves a {@code float4} or a {@code uchar4}.
   */
  void copy(LValue.OfMemory to, LValue.OfMemory from, Span span) {
    List<Pending> pending = new java.util.ArrayList<>();
    Runnable flush = () -> {
      List<Reg> values = new java.util.ArrayList<>();
      for (Pending p : pending) {
        Reg r = b.temp(p.type());
        b.emit(new Insn(Op.LD, p.type(), span).dst(r).args(p.place().src(this, span)).space(from.space())
            .setVolatile(from.isVolatile()).vector(p.vector()).copying());
        values.add(r);
      }
      for (int k = 0; k < pending.size(); k++) {
        Pending p = pending.get(k);
        b.emit(new Insn(Op.ST, p.type(), span).args(p.place().dst(this, span), values.get(k)).space(to.space())
            .setVolatile(to.isVolatile()).vector(p.vector()).copying());
      }
      pending.clear();
    };
    walk(to.type(), new Place(to.ptr(), from.ptr(), 0, true), span, (t, place, vector) -> pending.add(new Pending(t, place, vector)),
        flush);
    flush.run();
  }

  /** A scalar of a copy waiting for its load and store. */
  private record Pending(IrType type, Place place, int vector) {}

  /**
   * Zeroes the scalars of the object that an initialiser leaves out (C11 §6.7.9 ¶21): all but
   * those at the byte offsets {@code given}; inside a long array, which a loop zeroes, all.
   */
  void zero(LValue.OfMemory to, java.util.Set<Long> given, Span span) {
    walk(to.type(), new Place(to.ptr(), null, 0, true), span, (t, place, vector) -> {
      if (!place.fixed() || !given.contains(place.offset())) {
        b.emit(new Insn(Op.ST, t, span).args(place.dst(this, span), StmtLowering.zero(t))
            .space(to.space()).setVolatile(to.isVolatile()));
      }
    }, () -> { });
  }

  /**
   * Where a scalar is: {@code offset} bytes past {@code dst} (and past {@code src}, for a copy);
   * {@code fixed} when the offset is that from the object's start, false inside a loop over a
   * long array, whose bases move.
   */
  private record Place(Operand dstBase, Operand srcBase, long offset, boolean fixed) {
    Place plus(long bytes) {
      return new Place(dstBase, srcBase, offset + bytes, fixed);
    }

    Operand dst(StructLowering l, Span span) {
      return l.offset(dstBase, offset, span);
    }

    Operand src(StructLowering l, Span span) {
      return l.offset(srcBase, offset, span);
    }
  }

  private interface Scalar {
    /** The scalar of type t at {@code place}; {@code vector} is n on the first of n that move as one vector access, else 1. */
    void at(IrType t, Place place, int vector);
  }

  /**
   * Visits each scalar of an object of type t at {@code place}, in field order; {@code flush} runs
   * before a loop over a long array starts and at the end of its body, where the scalars visited
   * so far must be done with.
   */
  private void walk(Type t, Place place, Span span, Scalar each, Runnable flush) {
    if (t instanceof Type.Struct s) {
      // vector_types.h's float4 and kin: groups of (alignment / element) components, as nvcc moves
      // them (uchar4 in one 32-bit access, float4 in one 128-bit); a float3's are one by one.
      int per = s.def().isVector() ? (int) (s.alignment() / s.fields().get(0).type().size()) : 1;
      List<Type.Struct.Field> fields = s.fields();
      for (int k = 0; k < fields.size(); k++) {
        Type.Struct.Field f = fields.get(k);
        Place at = place.plus(f.offset());
        if (per > 1) {
          each.at(IrType.of(f.type()), at, k % per == 0 ? per : 1);
        } else {
          walk(f.type(), at, span, each, flush);
        }
      }
    } else if (t instanceof Type.Array a) {
      Type elem = a.element();
      long size = elem.size();
      if (Type.scalars(t) <= UNROLL) {
        for (long i = 0; i < a.length(); i++) {
          walk(elem, place.plus(i * size), span, each, flush);
        }
        return;
      }
      // for (i = 0; i < length; i++) walk(elem at i)
      flush.run();
      Operand dst0 = place.dst(this, span);
      Operand src0 = place.srcBase() == null ? null : place.src(this, span);
      b.countedLoop("copy", 0, a.length(), span, i -> {
        walk(elem, new Place(index(dst0, i, size, span), src0 == null ? null : index(src0, i, size, span), 0, false), span, each, flush);
        flush.run();
      });
    } else {
      each.at(IrType.of(t), place, 1);
    }
  }

  /** {@code base + bytes}; base itself for 0. */
  Operand offset(Operand base, long bytes, Span span) {
    if (bytes == 0) {
      return base;
    }
    Reg p = b.temp(IrType.PTR);
    b.emit(new Insn(Op.PTR_ADD, IrType.PTR, span).dst(p).args(base, Imm.ofLong(IrType.I64, bytes)).imm(1));
    return p;
  }

  private Operand index(Operand base, Reg i, long size, Span span) {
    Reg p = b.temp(IrType.PTR);
    b.emit(new Insn(Op.PTR_ADD, IrType.PTR, span).dst(p).args(base, i).imm(size));
    return p;
  }
}
