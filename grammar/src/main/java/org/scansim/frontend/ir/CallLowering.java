package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.AtomicOp;
import org.scansim.frontend.ir.Enums.CudaCall;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.ir.Enums.Fence;
import org.scansim.frontend.ir.Enums.ShuffleMode;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.ir.Enums.Vote;
import org.scansim.frontend.sema.Builtin;
import org.scansim.frontend.sema.Conversions;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/** Lowers calls: user functions, kernel launches and every builtin. */
final class CallLowering {
  /** All 32 lanes of a warp. */
  static final Imm FULL_MASK = Imm.ofLong(IrType.U32, 0xFFFF_FFFFL);

  private final Sema sema;
  private final ExprLowering exprs;
  private final StmtLowering fn;

  CallLowering(Sema sema, ExprLowering exprs, StmtLowering fn) {
    this.sema = sema;
    this.exprs = exprs;
    this.fn = fn;
  }

  private FunctionBuilder b() {
    return exprs.builder();
  }

  Operand call(Expr.Call e) {
    Object callee = sema.calleeOf(e);
    if (callee instanceof org.scansim.frontend.sema.GroupCall g) {
      return new GroupLowering(exprs, sema).lower(e, g);
    }
    if (callee instanceof Symbol.Function f) {
      return emitCall(f, arguments(withDefaults(e.args(), f), f), e.span());
    }
    if (callee instanceof org.scansim.frontend.sema.NewObject n) {
      // new T(args): the allocation, then its constructor on it; the value is the pointer.
      Operand p = exprs.value(n.allocation());
      if (n.constructor() != null) {
        construct(n.constructor(), p);
      }
      return p;
    }
    if (callee instanceof org.scansim.frontend.sema.TemporaryObject) {
      exprs.structs().object(e); // T(args); as a statement: made, then dropped
      return null;
    }
    if (callee instanceof org.scansim.frontend.sema.Rewritten r) {
      return exprs.value(r.expr());
    }
    if (callee instanceof org.scansim.frontend.sema.MethodCall m) {
      return method(m);
    }
    if (callee instanceof Expr.Name pointer) {
      // f(args) through a function pointer: its value, then the arguments as the function's parameters take them.
      Type.Function f = (Type.Function) ((Type.Pointer) sema.typeOf(pointer)).pointee();
      List<Operand> args = new ArrayList<>();
      args.add(exprs.value(pointer));
      args.addAll(exprs.values(e.args(), f.params()));
      IrType rt = f.result() instanceof Type.Void ? IrType.I32 : IrType.of(f.result());
      Operand r = emit(new Insn(Op.CUDA, rt, e.span()).cuda(CudaCall.CALL_INDIRECT).args(args), rt);
      return f.result() instanceof Type.Void ? null : r;
    }
    if (callee instanceof org.scansim.frontend.sema.CLibrary.Function f) {
      // The C library: one runtime call named by the function, its arguments as its parameters take them.
      int fixed = Math.min(e.args().size(), f.params().size());
      List<Operand> args = new ArrayList<>(exprs.values(e.args().subList(0, fixed), f.params().subList(0, fixed)));
      for (Expr place : e.args().subList(fixed, e.args().size())) {
        args.add(exprs.value(place)); // scanf's places: the pointers as they are
      }
      for (int i = e.args().size(); i < f.params().size(); i++) {
        args.add(Imm.ofLong(IrType.of(f.params().get(i)), 0)); // a default argument: 0 (the default stream, no flags)
      }
      IrType rt = f.result() instanceof Type.Void ? IrType.I32 : IrType.of(f.result());
      Operand r = emit(new Insn(Op.CUDA, rt, e.span()).cuda(CudaCall.LIBRARY).callee(f.name()).args(args), rt);
      return f.result() instanceof Type.Void ? null : r;
    }
    return builtin(e, (Builtin) callee);
  }

  /** A constructor's call ({@code T::T((T *) 0, args)}) on the object at {@code self}, in place of the placeholder. */
  void construct(Expr.Call constructor, Operand self) {
    Symbol.Function f = (Symbol.Function) sema.calleeOf(constructor);
    List<Operand> args = new ArrayList<>(arguments(withDefaults(constructor.args(), f), f));
    args.set(0, self);
    b().emit(new Insn(Op.CALL, null, constructor.span()).callee(f.name()).args(args));
  }

  /** A call of a function returning a struct: {@code result}, the caller's object, goes as the hidden first argument. */
  void callReturning(Expr.Call given, Operand result) {
    if (sema.calleeOf(given) instanceof org.scansim.frontend.sema.MethodCall m && m.temporary() != null) {
      callOnValue(m, result);
      return;
    }
    Expr.Call e = sema.calleeOf(given) instanceof org.scansim.frontend.sema.MethodCall m ? m.call() : given;
    Symbol.Function f = (Symbol.Function) sema.calleeOf(e);
    List<Operand> args = new ArrayList<>();
    args.add(result);
    args.addAll(arguments(withDefaults(e.args(), f), f));
    b().emit(new Insn(Op.CALL, null, e.span()).callee(f.name()).args(args));
  }

  /** A member function's call, {@code Class::name(&object, args)}, on an object or on a value made a temporary. */
  Operand method(org.scansim.frontend.sema.MethodCall m) {
    return m.temporary() != null ? callOnValue(m, null) : call(m.call());
  }

  /**
   * A member function called on a value ({@code (a + b) + c}): the value made a temporary, whose
   * address is this; {@code result}, when the function returns a struct, the caller's object.
   */
  Operand callOnValue(org.scansim.frontend.sema.MethodCall m, Operand result) {
    Symbol.Function f = (Symbol.Function) sema.calleeOf(m.call());
    Operand self = exprs.structs().object(m.temporary()).ptr();
    List<Operand> args = new ArrayList<>(arguments(withDefaults(m.call().args(), f), f));
    args.set(0, self); // in place of the placeholder
    if (result != null) {
      args.add(0, result);
      b().emit(new Insn(Op.CALL, null, m.call().span()).callee(f.name()).args(args));
      return null;
    }
    return emitCall(f, args, m.call().span());
  }

  /** {@code call @f(args)}, into a new register when f returns a value (null for void). */
  private Reg emitCall(Symbol.Function f, List<Operand> args, Span span) {
    Insn insn = new Insn(Op.CALL, f.returnType() instanceof Type.Void ? null : IrType.of(f.returnType()), span).callee(f.name()).args(args);
    Reg r = null;
    if (!(f.returnType() instanceof Type.Void)) {
      r = b().temp(IrType.of(f.returnType()));
      insn.dst(r);
    }
    b().emit(insn);
    return r;
  }

  void launch(Expr.Launch e) {
    List<Operand> args = new ArrayList<>();
    args.addAll(List.of(exprs.dim3(e.config().get(0))));
    args.addAll(List.of(exprs.dim3(e.config().get(1))));
    args.add(e.config().size() > 2 ? exprs.convertedValue(e.config().get(2), Type.ULONG) : Imm.ofLong(IrType.U64, 0));
    if (e.config().size() > 3) {
      exprs.effect(e.config().get(3));
    }
    if (sema.calleeOf(e) instanceof Expr.Name pointer) {
      // A launch through a kernel pointer (imm 1): the pointer after the configuration, then the arguments.
      Type.Function k = (Type.Function) ((Type.Pointer) sema.typeOf(pointer)).pointee();
      args.add(exprs.value(pointer));
      args.addAll(exprs.values(e.args(), k.params()));
      b().emit(new Insn(Op.LAUNCH, null, e.span()).args(args).imm(1));
      return;
    }
    Symbol.Function f = (Symbol.Function) sema.calleeOf(e);
    args.addAll(exprs.values(withDefaults(e.args(), f), f.paramTypes()));
    b().emit(new Insn(Op.LAUNCH, null, e.span()).callee(f.name()).args(args));
  }

  /** The operands of a call of f: each argument's value, or for a reference parameter (T &) its object's address. */
  private List<Operand> arguments(List<Expr> all, Symbol.Function f) {
    List<Operand> out = new ArrayList<>();
    for (int i = 0; i < all.size(); i++) {
      if (f.byReference(i)) {
        out.add(((LValue.OfMemory) exprs.lvalue(all.get(i))).ptr());
      } else {
        out.addAll(exprs.values(List.of(all.get(i)), List.of(f.paramTypes().get(i))));
      }
    }
    return out;
  }

  /** The arguments of a call of f, with the default arguments of the parameters it leaves out (C++ [dcl.fct.default]). */
  private static List<Expr> withDefaults(List<Expr> args, Symbol.Function f) {
    if (args.size() >= f.paramTypes().size()) {
      return args;
    }
    List<Expr> all = new ArrayList<>(args);
    all.addAll(f.defaults().subList(args.size(), f.paramTypes().size()));
    return all;
  }

  Operand[] dim3Ctor(List<Expr> args) {
    Operand[] out = {Imm.ofLong(IrType.U32, 1), Imm.ofLong(IrType.U32, 1), Imm.ofLong(IrType.U32, 1)};
    for (int i = 0; i < args.size() && i < 3; i++) {
      out[i] = exprs.convertedValue(args.get(i), Type.UINT);
    }
    return out;
  }

  private Operand builtin(Expr.Call e, Builtin bi) {
    Span span = e.span();
    List<Expr> a = e.args();
    Type result = sema.typeOf(e);
    switch (bi) {
      case SYNCTHREADS -> {
        b().emit(new Insn(Op.BAR, null, span));
        return null;
      }
      case SYNCWARP -> {
        Operand mask = a.isEmpty() ? FULL_MASK : exprs.convertedValue(a.get(0), Type.UINT);
        b().emit(new Insn(Op.BAR_WARP, IrType.U32, span).args(mask));
        return null;
      }
      case THREADFENCE, THREADFENCE_BLOCK, THREADFENCE_SYSTEM -> {
        Fence f = bi == Builtin.THREADFENCE_BLOCK ? Fence.BLOCK : bi == Builtin.THREADFENCE ? Fence.GPU : Fence.SYSTEM;
        b().emit(new Insn(Op.FENCE, null, span).fence(f));
        return null;
      }
      case ACTIVEMASK -> {
        return emit(new Insn(Op.ACTIVEMASK, IrType.U32, span), IrType.U32);
      }
      case LANEMASK_LT -> {
        return emit(new Insn(Op.SREG, IrType.U32, span).sreg(SpecialReg.LANEMASK_LT), IrType.U32);
      }
      case FADD_RN, FSUB_RN, FMUL_RN, FDIV_RN, DADD_RN, DSUB_RN, DMUL_RN, DDIV_RN -> {
        Type t = bi.name().startsWith("F") ? Type.FLOAT : Type.DOUBLE;
        Op op = switch (bi) {
          case FADD_RN, DADD_RN -> Op.ADD;
          case FSUB_RN, DSUB_RN -> Op.SUB;
          case FMUL_RN, DMUL_RN -> Op.MUL;
          default -> Op.DIV;
        };
        Operand x = exprs.convertedValue(a.get(0), t);
        Operand y = exprs.convertedValue(a.get(1), t);
        return emit(new Insn(op, IrType.of(t), span).args(x, y), IrType.of(t));
      }
      case POPC, CLZ, FFS, POPCLL, ABS -> {
        Type argType = bi == Builtin.POPC ? Type.UINT : bi == Builtin.POPCLL ? Type.ULLONG : Type.INT;
        Operand v = exprs.convertedValue(a.get(0), argType);
        Op op = switch (bi) {
          case POPC, POPCLL -> Op.POPC;
          case CLZ -> Op.CLZ;
          case FFS -> Op.FFS;
          default -> Op.ABS;
        };
        return emit(new Insn(op, IrType.of(argType), span).args(v), IrType.I32);
      }
      case MIN, MAX, FMINF, FMAXF -> {
        Type t = bi == Builtin.FMINF || bi == Builtin.FMAXF ? Type.FLOAT : sema.operationType(e);
        Operand x = exprs.convertedValue(a.get(0), t);
        Operand y = exprs.convertedValue(a.get(1), t);
        Op op = bi == Builtin.MIN || bi == Builtin.FMINF ? Op.MIN : Op.MAX;
        return emit(new Insn(op, IrType.of(t), span).args(x, y), IrType.of(t));
      }
      case LDG -> {
        // ld.global.nc: a load like *p (the read-only cache is a matter of timing, not of value).
        Type.Pointer p = (Type.Pointer) exprs.decayed(a.get(0));
        return exprs.load(new LValue.OfMemory(exprs.value(a.get(0)), MemSpace.GENERIC, p.volatilePointee(), p.pointee()), span);
      }
      case BALLOT_SYNC, ANY_SYNC, ALL_SYNC -> {
        Operand mask = exprs.convertedValue(a.get(0), Type.UINT);
        Operand p = exprs.convertedValue(a.get(1), Type.BOOL);
        Vote v = bi == Builtin.BALLOT_SYNC ? Vote.BALLOT : bi == Builtin.ANY_SYNC ? Vote.ANY : Vote.ALL;
        IrType rt = bi == Builtin.BALLOT_SYNC ? IrType.U32 : IrType.I32;
        return emit(new Insn(Op.VOTE, rt, span).vote(v).args(mask, p), rt);
      }
      case MATCH_ANY_SYNC, MATCH_ALL_SYNC -> {
        Operand mask = exprs.convertedValue(a.get(0), Type.UINT);
        Operand value = exprs.convertedValue(a.get(1), Type.ULLONG); // each lane's value as the same 64 bits, whatever its type
        Vote v = bi == Builtin.MATCH_ANY_SYNC ? Vote.MATCH_ANY : Vote.MATCH_ALL;
        Operand r = emit(new Insn(Op.VOTE, IrType.U32, span).vote(v).args(mask, value), IrType.U32);
        if (v == Vote.MATCH_ALL) {
          // *pred = whether every lane of the mask holds the same value (the result is then the mask, and not 0)
          Operand p = exprs.value(a.get(2));
          Operand agreed = exprs.convert(exprs.convert(r, Type.UINT, Type.BOOL, span), Type.BOOL, Type.INT, span);
          exprs.store(new LValue.OfMemory(p, MemSpace.GENERIC, false, Type.INT), agreed, span);
        }
        return r;
      }
      case SHFL_SYNC, SHFL_UP_SYNC, SHFL_DOWN_SYNC, SHFL_XOR_SYNC -> {
        Type t = sema.operationType(e);
        ShuffleMode m = switch (bi) {
          case SHFL_SYNC -> ShuffleMode.IDX;
          case SHFL_UP_SYNC -> ShuffleMode.UP;
          case SHFL_DOWN_SYNC -> ShuffleMode.DOWN;
          default -> ShuffleMode.BFLY;
        };
        Operand mask = exprs.convertedValue(a.get(0), Type.UINT);
        Operand v = exprs.convertedValue(a.get(1), t);
        Operand lane = exprs.convertedValue(a.get(2), Type.INT);
        Operand width = a.size() > 3 ? exprs.convertedValue(a.get(3), Type.INT) : Imm.ofLong(IrType.I32, 32);
        return emit(new Insn(Op.SHFL, IrType.of(t), span).shuffle(m).args(mask, v, lane, width), IrType.of(t));
      }
      case ATOMIC_ADD, ATOMIC_SUB, ATOMIC_EXCH, ATOMIC_MIN, ATOMIC_MAX, ATOMIC_CAS, ATOMIC_AND, ATOMIC_OR, ATOMIC_XOR,
          ATOMIC_INC, ATOMIC_DEC -> {
        Type t = sema.operationType(e);
        Operand ptr = exprs.value(a.get(0));
        List<Operand> args = new ArrayList<>();
        args.add(ptr);
        for (int i = 1; i < a.size(); i++) {
          args.add(exprs.convertedValue(a.get(i), t));
        }
        AtomicOp op = AtomicOp.valueOf(bi.name().substring("ATOMIC_".length()));
        return emit(new Insn(Op.ATOM, IrType.of(t), span).atomic(op).args(args).space(MemSpace.GENERIC), IrType.of(t));
      }
      case PRINTF, FPRINTF, SPRINTF, SNPRINTF -> {
        // Where the text goes (Insn.printfSink): fprintf to stdout or stderr is the program's output, as printf's.
        boolean standard = bi == Builtin.FPRINTF && a.get(0) instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Variable v
            && v.kind() == Symbol.VarKind.BUILTIN_CONSTANT && (n.id().equals("stdout") || n.id().equals("stderr"));
        int sink = switch (bi) {
          case FPRINTF -> standard ? Insn.PRINTF_OUTPUT : Insn.PRINTF_STREAM;
          case SPRINTF -> Insn.PRINTF_BUFFER;
          case SNPRINTF -> Insn.PRINTF_BOUNDED;
          default -> Insn.PRINTF_OUTPUT;
        };
        int at = bi == Builtin.PRINTF ? 0 : bi == Builtin.SNPRINTF ? 2 : 1;
        boolean literal = a.get(at) instanceof Expr.StringLit;
        String format = literal ? ((Expr.StringLit) a.get(at)).value() : "";
        List<Operand> args = new ArrayList<>();
        if (sink != Insn.PRINTF_OUTPUT) {
          args.add(exprs.value(a.get(0))); // the stream or the buffer
        }
        if (sink == Insn.PRINTF_BOUNDED) {
          args.add(exprs.convertedValue(a.get(1), Type.SIZE_T));
        }
        if (!literal) {
          args.add(exprs.value(a.get(at))); // a host format known at run time: its pointer (imm bit 0)
        }
        for (int i = at + 1; i < a.size(); i++) {
          Type t = exprs.decayed(a.get(i));
          // Default argument promotions (C11 §6.5.2.2p6): float to double, small ints to int.
          Type promoted = t.isFloating() ? Type.DOUBLE : t.isInteger() ? Type.arith(Conversions.promote(((Type.Arith) t).scalar())) : t;
          args.add(t instanceof Type.Str ? (fn.space() == Space.HOST ? exprs.value(a.get(i)) : Imm.ofLong(IrType.PTR, 0))
              : exprs.convertedValue(a.get(i), promoted));
        }
        Insn insn = new Insn(Op.PRINTF, IrType.I32, span).text(format).args(args).imm((literal ? 0 : 1) | sink << 1);
        if (fn.space() == Space.HOST) {
          Reg count = b().temp(IrType.I32); // the bytes written (snprintf: the bytes the whole text takes), or -1
          b().emit(insn.dst(count));
          return count;
        }
        b().emit(insn);
        return Imm.ofLong(IrType.I32, 0);
      }
      case ASSERT -> {
        Operand p = exprs.convertedValue(a.get(0), Type.BOOL);
        b().emit(new Insn(Op.ASSERT, IrType.PRED, span).args(p).text(sourceText(a.get(0))));
        return null;
      }
      case DIM3 -> throw new IllegalStateException("dim3 is lowered by ExprLowering.dim3");
      case CUDA_MALLOC, CUDA_MALLOC_MANAGED, CUDA_FREE, CUDA_MEMCPY, CUDA_MEMSET -> {
        List<Operand> args = new ArrayList<>();
        if (bi == Builtin.CUDA_MALLOC_MANAGED && a.size() == 3) {
          exprs.effect(a.get(2)); // managed memory's flags change nothing here
        }
        for (int i = 0; i < (bi == Builtin.CUDA_MALLOC_MANAGED ? 2 : a.size()); i++) {
          Type t = exprs.decayed(a.get(i));
          args.add(t.isPointer() || t instanceof Type.Null ? exprs.value(a.get(i)) : exprs.convertedValue(a.get(i), Type.ULONG));
        }
        CudaCall c = cudaCall(bi);
        return emit(new Insn(Op.CUDA, IrType.I32, span).cuda(c).args(args), IrType.I32);
      }
      case CUDA_MEMCPY_TO_SYMBOL, CUDA_MEMCPY_FROM_SYMBOL -> {
        boolean to = bi == Builtin.CUDA_MEMCPY_TO_SYMBOL;
        List<Operand> args = new ArrayList<>();
        args.add(exprs.value(a.get(to ? 1 : 0))); // the host pointer
        args.add(exprs.convertedValue(a.get(2), Type.ULONG));
        args.add(a.size() > 3 ? exprs.convertedValue(a.get(3), Type.ULONG) : Imm.ofLong(IrType.U64, 0));
        if (a.size() > 4) {
          exprs.effect(a.get(4)); // the direction follows from the call
        }
        return emit(new Insn(Op.CUDA, IrType.I32, span).cuda(to ? CudaCall.MEMCPY_TO_SYMBOL : CudaCall.MEMCPY_FROM_SYMBOL)
            .callee(sema.symbolOf(e)).args(args), IrType.I32);
      }
      case CUDA_SET_DEVICE, CUDA_GET_DEVICE, CUDA_GET_DEVICE_COUNT -> {
        CudaCall c = cudaCall(bi);
        Operand arg = bi == Builtin.CUDA_SET_DEVICE ? exprs.convertedValue(a.get(0), Type.INT) : exprs.value(a.get(0));
        return emit(new Insn(Op.CUDA, IrType.I32, span).cuda(c).args(arg), IrType.I32);
      }
      case CUDA_DEVICE_SYNCHRONIZE, CUDA_GET_LAST_ERROR, CUDA_PEEK_AT_LAST_ERROR, CUDA_DEVICE_RESET -> {
        CudaCall c = cudaCall(bi);
        return emit(new Insn(Op.CUDA, IrType.I32, span).cuda(c), IrType.I32);
      }
      case MALLOC, CALLOC, OPERATOR_NEW, OPERATOR_NEW_ARRAY -> {
        List<Operand> args = new ArrayList<>();
        for (Expr x : a) {
          args.add(exprs.convertedValue(x, Type.ULONG));
        }
        CudaCall c = switch (bi) {
          case MALLOC -> CudaCall.HOST_MALLOC;
          case CALLOC -> CudaCall.HOST_CALLOC;
          case OPERATOR_NEW -> CudaCall.HOST_NEW;
          default -> CudaCall.HOST_NEW_ARRAY;
        };
        return emit(new Insn(Op.CUDA, IrType.PTR, span).cuda(c).args(args), IrType.PTR);
      }
      case FREE, OPERATOR_DELETE, OPERATOR_DELETE_ARRAY -> {
        Type t = exprs.decayed(a.get(0));
        Operand p = t.isPointer() ? exprs.value(a.get(0)) : Imm.ofLong(IrType.PTR, 0);
        CudaCall c = bi == Builtin.FREE ? CudaCall.HOST_FREE : bi == Builtin.OPERATOR_DELETE ? CudaCall.HOST_DELETE
            : CudaCall.HOST_DELETE_ARRAY;
        // delete of an object with a destructor: the destructor (callee) runs on it first, unless it is NULL.
        emit(new Insn(Op.CUDA, IrType.I32, span).cuda(c).args(p).callee(sema.destructorOfDelete(e)), IrType.I32);
        return null;
      }
      case EXIT -> {
        emit(new Insn(Op.CUDA, IrType.I32, span).cuda(CudaCall.EXIT).args(exprs.convertedValue(a.get(0), Type.INT)), IrType.I32);
        return null;
      }
      case CUDA_GET_ERROR_STRING, CUDA_GET_ERROR_NAME -> {
        CudaCall c = cudaCall(bi);
        return emit(new Insn(Op.CUDA, IrType.PTR, span).cuda(c).args(exprs.convertedValue(a.get(0), Type.INT)), IrType.PTR);
      }
    }
    throw new IllegalStateException("builtin " + bi + " of type " + result);
  }

  /** The runtime call a {@code CUDA_} builtin lowers to: its name without the prefix. */
  private static CudaCall cudaCall(Builtin bi) {
    return CudaCall.valueOf(bi.name().substring("CUDA_".length()));
  }

  private Operand emit(Insn insn, IrType resultType) {
    Reg r = b().temp(resultType);
    b().emit(insn.dst(r));
    return r;
  }

  private static String sourceText(Expr e) {
    if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NOT && u.operand() instanceof Expr.StringLit message
        && message.span().equals(u.span())) {
      return message.value(); // the front end's own assert(!"why") (a pure virtual function's call), whose parts share one place
    }
    org.scansim.frontend.diag.Span s = e.span();
    if (s.line() != s.endLine()) {
      return s.file().line(s.line()).substring(Math.max(0, s.col() - 1)).trim();
    }
    String line = s.file().line(s.line());
    int from = Math.max(0, Math.min(line.length(), s.col() - 1));
    int to = Math.max(from, Math.min(line.length(), s.endCol() - 1));
    return line.substring(from, to);
  }
}
