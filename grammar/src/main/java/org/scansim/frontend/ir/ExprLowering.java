package org.scansim.frontend.ir;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Expr.BinaryOp;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.Cmp;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.sema.Builtin;
import org.scansim.frontend.sema.Conversions;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/**
 * Lowers expressions to instructions in the current block. Integer constant expressions become
 * immediates; {@code &&}, {@code ||} and {@code ?:} become branches, as C's sequencing requires
 * (and as the SIMT hardware diverges on them).
 */
final class ExprLowering implements Expr.Visitor<Operand> {
  private final Sema sema;
  private final StmtLowering fn;
  private final FunctionBuilder b;
  private final CallLowering calls;
  private final StructLowering structs;

  ExprLowering(Sema sema, StmtLowering fn) {
    this.sema = sema;
    this.fn = fn;
    this.b = fn.b;
    this.calls = new CallLowering(sema, this, fn);
    this.structs = new StructLowering(sema, this, fn);
  }

  FunctionBuilder builder() {
    return b;
  }

  CallLowering calls() {
    return calls;
  }

  StructLowering structs() {
    return structs;
  }

  // ---- entry points ----

  /** The value of {@code e}, arrays decayed to pointers, in the IR type of its C type. */
  Operand value(Expr e) {
    Long c = sema.constantOf(e);
    Type t = sema.typeOf(e);
    if (t instanceof Type.Struct) {
      return structs.object(e).ptr(); // a struct travels by the address of its object
    }
    if (c != null && t instanceof Type.Arith) {
      return Imm.ofLong(IrType.of(t), c);
    }
    return e.accept(this);
  }

  Operand convertedValue(Expr e, Type to) {
    return convert(value(e), decayed(e), to, e.span());
  }

  /** Evaluates {@code e} for its side effects only. */
  void effect(Expr e) {
    if (sema.typeOf(e) instanceof Type.Struct) {
      structs.object(e);
      return;
    }
    if (sema.typeOf(e) instanceof Type.Dim3) {
      dim3(e);
      return;
    }
    if (e instanceof Expr.Unary u && (u.op() == Expr.UnaryOp.POST_INC || u.op() == Expr.UnaryOp.POST_DEC)) {
      incDec(u, false);
      return;
    }
    if (e instanceof Expr.Binary bin && bin.op() == BinaryOp.COMMA) {
      effect(bin.left());
      effect(bin.right());
      return;
    }
    if (sema.constantOf(e) != null) {
      return;
    }
    e.accept(this);
  }

  /** Branches to {@code t} when {@code cond} is true, else to {@code f}, short-circuiting. */
  void branch(Expr cond, Block t, Block f) {
    if (cond instanceof Expr.Binary bin && bin.op() == BinaryOp.LOG_AND) {
      Block mid = b.newBlock("and.rhs");
      branch(bin.left(), mid, f);
      b.setCurrent(mid);
      branch(bin.right(), t, f);
      return;
    }
    if (cond instanceof Expr.Binary bin && bin.op() == BinaryOp.LOG_OR) {
      Block mid = b.newBlock("or.rhs");
      branch(bin.left(), t, mid);
      b.setCurrent(mid);
      branch(bin.right(), t, f);
      return;
    }
    if (cond instanceof Expr.Unary u && u.op() == Expr.UnaryOp.NOT) {
      branch(u.operand(), f, t);
      return;
    }
    Operand p = convertedValue(cond, Type.BOOL);
    b.condBranch(p, t, f, cond.span());
  }

  Type decayed(Expr e) {
    Type t = sema.typeOf(e);
    Type.Pointer p = t instanceof Type.Array ? Conversions.decayToPointer(t) : null;
    return p != null ? p : t;
  }

  // ---- conversions (C11 §6.3) ----

  Operand convert(Operand v, Type from, Type to, Span span) {
    if (to instanceof Type.Void || from instanceof Type.Void) {
      return v;
    }
    IrType ft = from instanceof Type.Null ? IrType.PTR : IrType.of(from);
    IrType tt = IrType.of(to);
    if (to instanceof Type.Arith ta && ta.scalar() == org.scansim.frontend.sema.Scalar.BOOL && ft != IrType.PRED) {
      if (v instanceof Imm imm && !ft.isFloat()) {
        return Imm.ofLong(IrType.PRED, imm.bits() != 0 ? 1 : 0);
      }
      Reg r = b.temp(IrType.PRED);
      Operand zero = ft == IrType.PTR ? Imm.ofLong(IrType.PTR, 0) : StmtLowering.zero(ft);
      b.emit(new Insn(Op.SETP, ft, span).dst(r).cmp(Cmp.NE).args(v, zero));
      return r;
    }
    if (ft == tt) {
      return v;
    }
    if (v instanceof Imm imm && !ft.isFloat() && ft != IrType.PTR) {
      if (tt.isFloat()) {
        double d = ft == IrType.U64 ? Conversions.unsignedToDouble(imm.bits()) : (double) imm.bits();
        return Imm.ofDouble(tt, d);
      }
      if (tt != IrType.PTR && to instanceof Type.Arith ta) {
        return Imm.ofLong(tt, Conversions.wrap(imm.bits(), ta.scalar()));
      }
    }
    if (v instanceof Imm imm && ft.isFloat() && tt.isFloat()) {
      return Imm.ofDouble(tt, imm.asDouble());
    }
    Reg r = b.temp(tt);
    b.emit(new Insn(Op.CVT, tt, span).dst(r).args(v));
    return r;
  }

  // ---- lvalues ----

  LValue lvalue(Expr e) {
    Type t = sema.typeOf(e);
    if (sema.isReferenceCall(e)) {
      return new LValue.OfMemory(referenceAddress(e), MemSpace.GENERIC, false, t); // T &f(): the object its result points to
    }
    if (e instanceof Expr.Name n) {
      Symbol.Variable v = (Symbol.Variable) sema.symbolOf(n);
      Storage s = fn.storageOf(v);
      if (s instanceof Storage.InReg r) {
        return new LValue.OfReg(r.reg(), t);
      }
      if (s instanceof Storage.AtAddress a) {
        return new LValue.OfMemory(a.ptr(), MemSpace.GENERIC, v.isVolatile(), t);
      }
      Storage.InMemory m = (Storage.InMemory) s;
      return new LValue.OfMemory(fn.address(m, e.span()), m.space(), v.isVolatile() || volatileElements(t), t);
    }
    if (e instanceof Expr.Index ix) {
      Type.Pointer p = Conversions.decayToPointer(sema.typeOf(ix.base()));
      Operand base = value(ix.base());
      Operand index = convert(value(ix.index()), decayed(ix.index()), Type.LONG, ix.index().span());
      Reg addr = b.temp(IrType.PTR);
      b.emit(new Insn(Op.PTR_ADD, IrType.PTR, e.span()).dst(addr).args(base, index).imm(elementSize(p.pointee())));
      return new LValue.OfMemory(addr, spaceOf(ix.base()), p.volatilePointee(), t);
    }
    if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF) {
      Type.Pointer p = (Type.Pointer) decayed(u.operand());
      return new LValue.OfMemory(value(u.operand()), spaceOf(u.operand()), p.volatilePointee(), t);
    }
    if (e instanceof Expr.Member m && sema.typeOf(m.object()) instanceof Type.Struct) {
      return structs.field(structs.object(m.object()), m.member(), t, e.span());
    }
    if (e instanceof Expr.Member m && m.object() instanceof Expr.Name n
        && fn.storageOf((Symbol.Variable) sema.symbolOf(n)) instanceof Storage.InDim3 d) {
      return new LValue.OfReg(d.component(m.member()), t);
    }
    throw new IllegalStateException("not an lvalue: " + e);
  }

  /** The address a call of a function returning a reference gives ({@code v[i]}, {@code at(i)}, {@code a + b}). */
  private Operand referenceAddress(Expr e) {
    if (e instanceof Expr.Call c) {
      return calls.call(c);
    }
    return calls.method((org.scansim.frontend.sema.MethodCall) sema.calleeOf(e));
  }

  private static boolean volatileElements(Type t) {
    return t instanceof Type.Array a && a.volatileElements();
  }

  static long elementSize(Type t) {
    return Math.max(1, t.size());
  }

  /**
   * The state space a pointer expression is known to address: the space of the array it names or
   * indexes, through pointer arithmetic; GENERIC for pointer variables and parameters.
   */
  private MemSpace spaceOf(Expr pointer) {
    if (pointer instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Variable v && v.type() instanceof Type.Array) {
      Storage s = fn.storageOf(v);
      return s instanceof Storage.InMemory m ? m.space() : MemSpace.GENERIC;
    }
    if (pointer instanceof Expr.Index ix && sema.typeOf(ix) instanceof Type.Array) {
      return spaceOf(ix.base());
    }
    if (pointer instanceof Expr.Binary bin && (bin.op() == BinaryOp.ADD || bin.op() == BinaryOp.SUB)) {
      return decayed(bin.left()).isPointer() ? spaceOf(bin.left()) : spaceOf(bin.right());
    }
    if (pointer instanceof Expr.Unary u && u.op() == Expr.UnaryOp.ADDR) {
      return u.operand() instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Function ? MemSpace.GENERIC : lvalueSpace(u.operand());
    }
    if (pointer instanceof Expr.Cast c) {
      return spaceOf(c.operand());
    }
    if (pointer instanceof Expr.Member m && sema.typeOf(m) instanceof Type.Array) {
      return lvalueSpace(m); // an array field: the space of its struct
    }
    return MemSpace.GENERIC;
  }

  private MemSpace lvalueSpace(Expr e) {
    if (e instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Variable v && fn.storageOf(v) instanceof Storage.InMemory m) {
      return m.space();
    }
    if (e instanceof Expr.Index ix) {
      return spaceOf(ix.base());
    }
    if (e instanceof Expr.Member m && sema.typeOf(m.object()) instanceof Type.Struct) {
      return lvalueSpace(m.object());
    }
    if (e instanceof Expr.Unary u && u.op() == Expr.UnaryOp.DEREF) {
      return spaceOf(u.operand());
    }
    return MemSpace.GENERIC;
  }

  Operand load(LValue lv, Span span) {
    if (lv instanceof LValue.OfReg r) {
      return r.reg();
    }
    LValue.OfMemory m = (LValue.OfMemory) lv;
    if (m.type() instanceof Type.Array) {
      return m.ptr(); // an array designator decays to its address
    }
    IrType t = IrType.of(m.type());
    Reg r = b.temp(t);
    b.emit(new Insn(Op.LD, t, span).dst(r).args(m.ptr()).space(m.space()).setVolatile(m.isVolatile()));
    return r;
  }

  void store(LValue lv, Operand v, Span span) {
    if (lv instanceof LValue.OfReg r) {
      b.emit(new Insn(Op.MOV, r.reg().type(), span).dst(r.reg()).args(v));
      return;
    }
    LValue.OfMemory m = (LValue.OfMemory) lv;
    b.emit(new Insn(Op.ST, IrType.of(m.type()), span).args(m.ptr(), v).space(m.space()).setVolatile(m.isVolatile()));
  }

  // ---- dim3 ----

  /** The three u32 components of a dim3- or integer-valued expression. */
  Operand[] dim3(Expr e) {
    Type t = sema.typeOf(e);
    if (t instanceof Type.Struct s) { // dim3(uint3): its three components
      LValue.OfMemory o = structs.object(e);
      Operand[] xyz = new Operand[3];
      for (int i = 0; i < 3; i++) {
        xyz[i] = load(structs.field(o, s.fields().get(i), e.span()), e.span());
      }
      return xyz;
    }
    if (!(t instanceof Type.Dim3)) {
      Operand x = convertedValue(e, Type.UINT);
      return new Operand[] {x, Imm.ofLong(IrType.U32, 1), Imm.ofLong(IrType.U32, 1)};
    }
    if (e instanceof Expr.Call c) {
      return calls.dim3Ctor(c.args());
    }
    if (e instanceof Expr.Cast c) {
      return dim3(c.operand());
    }
    if (e instanceof Expr.Name n) {
      Symbol.Variable v = (Symbol.Variable) sema.symbolOf(n);
      if (v.kind() == Symbol.VarKind.BUILTIN) {
        return new Operand[] {sreg(n.id(), "x", e.span()), sreg(n.id(), "y", e.span()), sreg(n.id(), "z", e.span())};
      }
      Storage.InDim3 d = (Storage.InDim3) fn.storageOf(v);
      return new Operand[] {d.x(), d.y(), d.z()};
    }
    if (e instanceof Expr.Assign a) {
      Storage.InDim3 d = (Storage.InDim3) fn.storageOf((Symbol.Variable) sema.symbolOf((Expr.Name) a.target()));
      assignDim3(d, List.of(a.value()), a.span());
      return new Operand[] {d.x(), d.y(), d.z()};
    }
    if (e instanceof Expr.Binary bin && bin.op() == BinaryOp.COMMA) {
      effect(bin.left());
      return dim3(bin.right());
    }
    if (e instanceof Expr.Conditional c) {
      Reg[] r = {b.temp(IrType.U32), b.temp(IrType.U32), b.temp(IrType.U32)};
      Block then = b.newBlock("cond.then");
      Block els = b.newBlock("cond.else");
      Block end = b.newBlock("cond.end");
      branch(c.cond(), then, els);
      for (Block blk : new Block[] {then, els}) {
        b.setCurrent(blk);
        Operand[] v = dim3(blk == then ? c.then() : c.els());
        for (int i = 0; i < 3; i++) {
          b.emit(new Insn(Op.MOV, IrType.U32, e.span()).dst(r[i]).args(v[i]));
        }
        b.branch(end, e.span());
      }
      b.setCurrent(end);
      return r;
    }
    throw new IllegalStateException("dim3 expression " + e);
  }

  /** {@code d = dim3(args...)}; missing components are 1 (CUDA's dim3 constructor). */
  void assignDim3(Storage.InDim3 d, List<Expr> args, Span span) {
    Operand[] v = args.size() == 1 ? dim3(args.get(0)) : calls.dim3Ctor(args);
    Reg[] r = {d.x(), d.y(), d.z()};
    for (int i = 0; i < 3; i++) {
      b.emit(new Insn(Op.MOV, IrType.U32, span).dst(r[i]).args(v[i]));
    }
  }

  Operand sreg(String builtin, String member, Span span) {
    String prefix = switch (builtin) {
      case "threadIdx" -> "TID";
      case "blockDim" -> "NTID";
      case "blockIdx" -> "CTAID";
      default -> "NCTAID";
    };
    Reg r = b.temp(IrType.U32);
    b.emit(new Insn(Op.SREG, IrType.U32, span).dst(r).sreg(SpecialReg.valueOf(prefix + "_" + member.toUpperCase(java.util.Locale.ROOT))));
    return r;
  }

  // ---- visitor ----

  @Override
  public Operand visitIntLit(Expr.IntLit e) {
    return Imm.ofLong(IrType.of(sema.typeOf(e)), sema.constantOf(e));
  }

  @Override
  public Operand visitFloatLit(Expr.FloatLit e) {
    IrType t = IrType.of(sema.typeOf(e));
    return Imm.ofDouble(t, e.value());
  }

  @Override
  public Operand visitBoolLit(Expr.BoolLit e) {
    return Imm.ofLong(IrType.PRED, e.value() ? 1 : 0);
  }

  @Override
  public Operand visitNullLit(Expr.NullLit e) {
    return Imm.ofLong(IrType.PTR, 0);
  }

  @Override
  public Operand visitCharLit(Expr.CharLit e) {
    return Imm.ofLong(IrType.I8, (byte) e.value());
  }

  @Override
  public Operand visitStringLit(Expr.StringLit e) {
    // In host code a string's bytes are host memory (printf's %s reads them); on the device a string
    // is a value only tested, and a string literal's address is never null (C11 §6.3.2.3).
    Operand p = fn.string(e.value(), e.span());
    return p != null ? p : Imm.ofLong(IrType.PTR, 1);
  }

  /**
   * {@code stream << value}, the left first: a printf of the value in the format the stream
   * gives its type (C++ [ostream.inserters.arithmetic]: {@code %g} for floating values at the
   * default precision, a {@code char} as a character, a {@code char} pointer as a string,
   * {@code bool} as 1 or 0), or a newline for {@code std::endl}. The stream itself has no value.
   */
  private Operand streamOutput(Expr.Binary e) {
    if (e.left() instanceof Expr.Binary left) {
      streamOutput(left);
    } else if (!(e.left() instanceof Expr.Name)) {
      effect(e.left());
    }
    Expr right = sema.streamTextOf(e.right()) != null ? sema.streamTextOf(e.right()) : e.right(); // a std::string: its c_str()
    Type t = decayed(right);
    if (t instanceof Type.Stream m) {
      if (m.name().equals("std::endl")) {
        b.emit(new Insn(Op.PRINTF, IrType.I32, e.span()).text("\n").args(List.of()));
      }
      return Imm.ofLong(IrType.I32, 0);
    }
    // The printf conversion of the value's type, and the type it is passed as (null: as it is).
    record Inserter(String format, Type as) {}
    Inserter ins;
    if (t instanceof Type.Str || t instanceof Type.Pointer p && p.pointee() instanceof Type.Arith c
        && (c.scalar() == org.scansim.frontend.sema.Scalar.CHAR || c.scalar() == org.scansim.frontend.sema.Scalar.UCHAR)) {
      ins = new Inserter("%s", null);
    } else if (t.isPointer() || t instanceof Type.Null) {
      ins = new Inserter("%p", null);
    } else {
      ins = switch (((Type.Arith) t).scalar()) {
        case CHAR, UCHAR -> new Inserter("%c", Type.INT);
        case FLOAT, DOUBLE -> new Inserter("%g", Type.DOUBLE);
        case LONG, LLONG -> new Inserter("%ld", Type.LONG);
        case ULONG, ULLONG -> new Inserter("%lu", Type.ULONG);
        case UINT -> new Inserter("%u", Type.UINT);
        default -> new Inserter("%d", Type.INT);
      };
    }
    String format = ins.format();
    Type as = ins.as();
    Operand v = as == null ? value(right) : convertedValue(right, as);
    b.emit(new Insn(Op.PRINTF, IrType.I32, e.span()).text(format).args(List.of(v)));
    return Imm.ofLong(IrType.I32, 0);
  }

  /** A host function's address: a pointer value a call through it finds the function by (CudaCall.FUNCTION_ADDRESS). */
  private Operand functionAddress(Symbol.Function f, org.scansim.frontend.diag.Span at) {
    Reg r = b.temp(IrType.PTR);
    b.emit(new Insn(Op.CUDA, IrType.PTR, at).cuda(org.scansim.frontend.ir.Enums.CudaCall.FUNCTION_ADDRESS).callee(f.name()).dst(r));
    return r;
  }

  @Override
  public Operand visitName(Expr.Name e) {
    if (sema.symbolOf(e) instanceof Symbol.Function f) {
      return functionAddress(f, e.span());
    }
    Symbol.Variable v = (Symbol.Variable) sema.symbolOf(e);
    if (v.kind() == Symbol.VarKind.BUILTIN) {
      Reg r = b.temp(IrType.I32);
      b.emit(new Insn(Op.SREG, IrType.I32, e.span()).dst(r).sreg(SpecialReg.WARPSIZE));
      return r;
    }
    if (v.kind() == Symbol.VarKind.BUILTIN_CONSTANT || v.constValue() != null && fn.storageOf(v) == null) {
      return Imm.ofLong(IrType.of(v.type()), v.constValue());
    }
    return load(lvalue(e), e.span());
  }

  @Override
  public Operand visitMember(Expr.Member e) {
    if (e.object() instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Variable v && v.kind() == Symbol.VarKind.BUILTIN) {
      return sreg(n.id(), e.member(), e.span());
    }
    if (e.object() instanceof Expr.Name || sema.typeOf(e.object()) instanceof Type.Struct) {
      return load(lvalue(e), e.span());
    }
    Operand[] parts = dim3(e.object());
    return parts["xyz".indexOf(e.member())];
  }

  @Override
  public Operand visitIndex(Expr.Index e) {
    if (!sema.isReferenceCall(e) && sema.calleeOf(e) instanceof org.scansim.frontend.sema.MethodCall m) {
      return calls.method(m); // an operator[] returning a value
    }
    return load(lvalue(e), e.span());
  }

  @Override
  public Operand visitCall(Expr.Call e) {
    return sema.isReferenceCall(e) ? load(lvalue(e), e.span()) : calls.call(e);
  }

  /** A lambda expression: its closure object (as a statement of its own, made and dropped). */
  @Override
  public Operand visitLambda(Expr.Lambda e) {
    structs().object(e);
    return null;
  }

  @Override
  public Operand visitLaunch(Expr.Launch e) {
    calls.launch(e);
    return null;
  }

  @Override
  public Operand visitUnary(Expr.Unary e) {
    switch (e.op()) {
      case PLUS -> {
        return convertedValue(e.operand(), sema.operationType(e));
      }
      case NEG, BITNOT -> {
        Type t = sema.operationType(e);
        Operand v = convertedValue(e.operand(), t);
        Reg r = b.temp(IrType.of(t));
        b.emit(new Insn(e.op() == Expr.UnaryOp.NEG ? Op.NEG : Op.NOT, r.type(), e.span()).dst(r).args(v));
        return r;
      }
      case NOT -> {
        Operand p = convertedValue(e.operand(), Type.BOOL);
        Reg r = b.temp(IrType.PRED);
        b.emit(new Insn(Op.NOT, IrType.PRED, e.span()).dst(r).args(p));
        return r;
      }
      case DEREF -> {
        return load(lvalue(e), e.span());
      }
      case ADDR -> {
        if (e.operand() instanceof Expr.Name n && sema.symbolOf(n) instanceof Symbol.Function f) {
          return functionAddress(f, e.span()); // &f is f's value
        }
        LValue lv = lvalue(e.operand());
        return ((LValue.OfMemory) lv).ptr();
      }
      case PRE_INC, PRE_DEC -> {
        return incDec(e, true);
      }
      default -> {
        return incDec(e, false);
      }
    }
  }

  /** {@code ++x}, {@code x--}, ...; returns the new value for prefix, the old one for postfix. */
  private Operand incDec(Expr.Unary e, boolean prefix) {
    LValue lv = lvalue(e.operand());
    Type t = lv.type();
    Operand old = load(lv, e.span());
    if (lv instanceof LValue.OfReg && !prefix) {
      Reg copy = b.temp(IrType.of(t));
      b.emit(new Insn(Op.MOV, copy.type(), e.span()).dst(copy).args(old));
      old = copy;
    }
    boolean inc = e.op() == Expr.UnaryOp.PRE_INC || e.op() == Expr.UnaryOp.POST_INC;
    Operand updated;
    if (t instanceof Type.Pointer p) {
      Reg r = b.temp(IrType.PTR);
      b.emit(new Insn(Op.PTR_ADD, IrType.PTR, e.span()).dst(r).args(old, Imm.ofLong(IrType.I64, inc ? 1 : -1)).imm(elementSize(p.pointee())));
      updated = r;
    } else {
      Type opType = sema.operationType(e);
      IrType ot = IrType.of(opType);
      Operand a = convert(old, t, opType, e.span());
      Reg r = b.temp(ot);
      Operand one = ot.isFloat() ? Imm.ofDouble(ot, 1) : Imm.ofLong(ot, 1);
      b.emit(new Insn(inc ? Op.ADD : Op.SUB, ot, e.span()).dst(r).args(a, one));
      updated = convert(r, opType, t, e.span());
    }
    store(lv, updated, e.span());
    return prefix ? updated : old;
  }

  @Override
  public Operand visitBinary(Expr.Binary e) {
    if (sema.isReferenceCall(e)) {
      return load(lvalue(e), e.span()); // an overloaded operator returning a reference: the object's value
    }
    if (sema.calleeOf(e) instanceof org.scansim.frontend.sema.MethodCall m) {
      return calls.method(m); // an overloaded operator: its function's call
    }
    BinaryOp op = e.op();
    if (sema.typeOf(e) instanceof Type.Stream) {
      return streamOutput(e);
    }
    switch (op) {
      case COMMA -> {
        effect(e.left());
        return value(e.right());
      }
      case LOG_AND, LOG_OR -> {
        Reg r = b.temp(IrType.PRED);
        Block t = b.newBlock(op == BinaryOp.LOG_AND ? "and.true" : "or.true");
        Block f = b.newBlock(op == BinaryOp.LOG_AND ? "and.false" : "or.false");
        Block end = b.newBlock(op == BinaryOp.LOG_AND ? "and.end" : "or.end");
        branch(e, t, f);
        b.setCurrent(t);
        b.emit(new Insn(Op.MOV, IrType.PRED, e.span()).dst(r).args(Imm.ofLong(IrType.PRED, 1)));
        b.branch(end, e.span());
        b.setCurrent(f);
        b.emit(new Insn(Op.MOV, IrType.PRED, e.span()).dst(r).args(Imm.ofLong(IrType.PRED, 0)));
        b.branch(end, e.span());
        b.setCurrent(end);
        return r;
      }
      default -> {
        Operand l = value(e.left());
        Operand r = value(e.right());
        return arithmetic(e, op, l, decayed(e.left()), r, decayed(e.right()));
      }
    }
  }

  /** {@code l op r} after the usual conversions; shared with compound assignment. */
  Operand arithmetic(Expr e, BinaryOp op, Operand l, Type lt, Operand r, Type rt) {
    Type opType = sema.operationType(e);
    Span span = e.span();
    if (opType instanceof Type.Pointer p) {
      if (op == BinaryOp.SUB && rt.isPointer()) {
        Reg d = b.temp(IrType.I64);
        b.emit(new Insn(Op.PTR_DIFF, IrType.I64, span).dst(d).args(l, r).imm(elementSize(p.pointee())));
        return d;
      }
      if (op == BinaryOp.ADD || op == BinaryOp.SUB) {
        boolean ptrLeft = lt.isPointer();
        Operand ptr = ptrLeft ? l : r;
        Operand idx = convert(ptrLeft ? r : l, ptrLeft ? rt : lt, Type.LONG, span);
        if (op == BinaryOp.SUB) {
          Reg neg = b.temp(IrType.I64);
          b.emit(new Insn(Op.NEG, IrType.I64, span).dst(neg).args(idx));
          idx = neg;
        }
        Reg d = b.temp(IrType.PTR);
        b.emit(new Insn(Op.PTR_ADD, IrType.PTR, span).dst(d).args(ptr, idx).imm(elementSize(p.pointee())));
        return d;
      }
      // pointer comparison
      Operand a = convert(l, lt, opType, span);
      Operand c = convert(r, rt, opType, span);
      Reg d = b.temp(IrType.PRED);
      b.emit(new Insn(Op.SETP, IrType.PTR, span).dst(d).cmp(cmpOf(op)).args(a, c));
      return d;
    }
    IrType ot = IrType.of(opType);
    Operand a = convert(l, lt, opType, span);
    Operand c = convert(r, rt, opType, span);
    Cmp cmp = cmpOf(op);
    if (cmp != null) {
      Reg d = b.temp(IrType.PRED);
      b.emit(new Insn(Op.SETP, ot, span).dst(d).cmp(cmp).args(a, c));
      return d;
    }
    Op irOp = switch (op) {
      case MUL -> Op.MUL;
      case DIV -> Op.DIV;
      case REM -> Op.REM;
      case ADD -> Op.ADD;
      case SUB -> Op.SUB;
      case SHL -> Op.SHL;
      case SHR -> Op.SHR;
      case BIT_AND -> Op.AND;
      case BIT_OR -> Op.OR;
      case BIT_XOR -> Op.XOR;
      default -> throw new IllegalStateException(op.name());
    };
    Reg d = b.temp(ot);
    b.emit(new Insn(irOp, ot, span).dst(d).args(a, c));
    return d;
  }

  private static Cmp cmpOf(BinaryOp op) {
    return switch (op) {
      case LT -> Cmp.LT;
      case GT -> Cmp.GT;
      case LE -> Cmp.LE;
      case GE -> Cmp.GE;
      case EQ -> Cmp.EQ;
      case NE -> Cmp.NE;
      default -> null;
    };
  }

  @Override
  public Operand visitAssign(Expr.Assign e) {
    if (sema.isReferenceCall(e)) {
      return load(lvalue(e), e.span()); // a class's operator= returning a reference: the object's value
    }
    if (sema.calleeOf(e) instanceof org.scansim.frontend.sema.MethodCall m) {
      return calls.method(m); // a class's own operator= or operator+=
    }
    Type tt = sema.typeOf(e.target());
    if (tt instanceof Type.Dim3) {
      Storage.InDim3 d = (Storage.InDim3) fn.storageOf((Symbol.Variable) sema.symbolOf((Expr.Name) e.target()));
      assignDim3(d, List.of(e.value()), e.span());
      return null;
    }
    if (e.op() == null) {
      Operand v = convertedValue(e.value(), tt);
      LValue lv = lvalue(e.target());
      store(lv, v, e.span());
      return v;
    }
    LValue lv = lvalue(e.target());
    Operand old = load(lv, e.span());
    Operand rhs = value(e.value());
    Operand result = arithmetic(e, e.op(), old, tt, rhs, decayed(e.value()));
    Type opType = sema.operationType(e);
    Operand v = opType instanceof Type.Pointer ? result : convert(result, opType, tt, e.span());
    store(lv, v, e.span());
    return v;
  }

  @Override
  public Operand visitConditional(Expr.Conditional e) {
    Type t = sema.operationType(e);
    if (t instanceof Type.Void) {
      // Both operands void (C11 §6.5.15p3): evaluated for their effects only, no value.
      Block then = b.newBlock("cond.then");
      Block els = b.newBlock("cond.else");
      Block end = b.newBlock("cond.end");
      branch(e.cond(), then, els);
      b.setCurrent(then);
      effect(e.then());
      b.branch(end, e.span());
      b.setCurrent(els);
      effect(e.els());
      b.branch(end, e.span());
      b.setCurrent(end);
      return null;
    }
    Reg r = b.temp(IrType.of(t));
    Block then = b.newBlock("cond.then");
    Block els = b.newBlock("cond.else");
    Block end = b.newBlock("cond.end");
    branch(e.cond(), then, els);
    b.setCurrent(then);
    b.emit(new Insn(Op.MOV, r.type(), e.span()).dst(r).args(convertedValue(e.then(), t)));
    b.branch(end, e.span());
    b.setCurrent(els);
    b.emit(new Insn(Op.MOV, r.type(), e.span()).dst(r).args(convertedValue(e.els(), t)));
    b.branch(end, e.span());
    b.setCurrent(end);
    return r;
  }

  @Override
  public Operand visitCast(Expr.Cast e) {
    Type to = sema.typeOf(e);
    if (to instanceof Type.Void) {
      effect(e.operand());
      return null;
    }
    return convertedValue(e.operand(), to);
  }

  @Override
  public Operand visitSizeofType(Expr.SizeofType e) {
    return Imm.ofLong(IrType.U64, sema.constantOf(e));
  }

  @Override
  public Operand visitSizeofExpr(Expr.SizeofExpr e) {
    return Imm.ofLong(IrType.U64, sema.constantOf(e));
  }

  List<Operand> values(List<Expr> args, List<Type> types) {
    List<Operand> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if (types.get(i) instanceof Type.Struct) {
        out.add(structs.argument(args.get(i), types.get(i)).ptr());
      } else if (!(types.get(i) instanceof Type.Group)) { // a group passes nothing: its type says all
        out.add(convertedValue(args.get(i), types.get(i)));
      }
    }
    return out;
  }

  Builtin builtinOf(Expr.Call e) {
    return sema.calleeOf(e) instanceof Builtin bi ? bi : null;
  }
}
