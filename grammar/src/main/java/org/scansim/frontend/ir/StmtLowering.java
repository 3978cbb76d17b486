package org.scansim.frontend.ir;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ast.Decl;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Initializer;
import org.scansim.frontend.ast.Param;
import org.scansim.frontend.ast.Stmt;
import org.scansim.frontend.ast.VarDecl;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.sema.Conversions;
import org.scansim.frontend.sema.Scalar;
import org.scansim.frontend.sema.InitValue;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Space;
import org.scansim.frontend.sema.Symbol;
import org.scansim.frontend.sema.Type;

/** Lowers one function definition: storage for its variables and control flow for its statements. */
final class StmtLowering implements Stmt.Visitor<Void> {
  private final Sema sema;
  private final Decl.Function fn;
  private final Symbol.Function symbol;
  final FunctionBuilder b = new FunctionBuilder();
  final Map<Symbol.Variable, Storage> storage;
  private final ExprLowering exprs;
  /** The hidden parameter of a function returning a struct: where its result goes; null otherwise. */
  private Reg result;
  /** Targets of break (and continue, null inside a switch) from the innermost construct out. */
  private final Deque<Block[]> jumps = new ArrayDeque<>();

  StmtLowering(Sema sema, Map<Symbol.Variable, Storage> globals, StringTable strings, Decl.Function fn) {
    this.sema = sema;
    this.strings = strings;
    this.fn = fn;
    this.symbol = sema.functionOf(fn);
    this.storage = new IdentityHashMap<>(globals);
    for (Storage s : globals.values()) {
      if (s instanceof Storage.InMemory m) {
        b.reserve(m.name());
      }
    }
    this.exprs = new ExprLowering(sema, this);
  }

  IrFunction lower() {
    List<Reg> params = new ArrayList<>();
    List<Param> ps = fn.params();
    // All parameter registers first: the parameters are registers 0..n-1 (IrFunction's contract),
    // so the temporaries of an address-taken parameter's store come after them.
    // A cooperative group is its type: a parameter of one has no register, and calls pass nothing.
    List<Reg> byParam = new ArrayList<>();
    // A function returning a struct gets the caller's object as a hidden first parameter (StructLowering).
    result = symbol.returnType() instanceof Type.Struct ? b.reg(IrType.PTR, StructLowering.RESULT) : null;
    if (result != null) {
      params.add(result);
    }
    for (int i = 0; i < ps.size(); i++) {
      Reg r = symbol.paramTypes().get(i) instanceof Type.Group ? null
          : b.reg(symbol.byReference(i) ? IrType.PTR : StructLowering.regType(symbol.paramTypes().get(i)), ps.get(i).name());
      byParam.add(r);
      if (r != null) {
        params.add(r);
      }
    }
    for (int i = 0; i < ps.size(); i++) {
      Param p = ps.get(i);
      Type t = symbol.paramTypes().get(i);
      Reg r = byParam.get(i);
      if (r == null) {
        continue;
      }
      Symbol.Variable v = sema.variableOf(p);
      if (v == null) {
        continue;
      }
      if (t instanceof Type.Struct || v.isReference()) {
        storage.put(v, new Storage.AtAddress(r, t)); // the caller's copy (StructLowering), or the caller's object (T &)
      } else if (v.addressTaken()) {
        Storage.InMemory m = declareMemory(v, p.nameSpan());
        b.emit(new Insn(Op.ST, IrType.of(t), p.nameSpan()).args(address(m, p.nameSpan()), r).space(m.space()));
      } else {
        storage.put(v, new Storage.InReg(r));
      }
    }
    live.push(new ArrayList<>()); // the body's objects, ended as it falls off its end
    for (Param p : ps) {
      Expr.Call end = sema.paramDestructorOf(p);
      if (end != null) {
        live.peek().add(end); // a class's object passed by value: ended when the function returns, after its locals
      }
    }
    fn.body().stmts().forEach(s -> s.accept(this));
    destroy(live.pop());
    Type ret = symbol.returnType();
    IrType returnType = ret instanceof Type.Void || ret instanceof Type.Struct ? null : IrType.of(ret);
    List<Block> blocks = b.finish(endOf(fn.body().span()), returnType);
    return new IrFunction(symbol.name(), symbol.space(), params, returnType, b.regs(), b.memory(), blocks, fn.nameSpan());
  }

  private static Span endOf(Span s) {
    return new Span(s.file(), s.endLine(), Math.max(1, s.endCol() - 1), s.endLine(), s.endCol(), s.macro());
  }

  Space space() {
    return symbol.space();
  }

  Storage storageOf(Symbol.Variable v) {
    return storage.get(v);
  }

  /** The module's string literals of host code. */
  private final StringTable strings;

  /** The address of a string literal's bytes in host code ({@link StringTable}); null on the device, where it is a value only tested. */
  Operand string(String text, Span span) {
    return symbol.space() == Space.HOST ? address(strings.intern(text, span), span) : null;
  }

  Operand address(Storage.InMemory m, Span span) {
    Reg r = b.temp(IrType.PTR);
    b.emit(new Insn(Op.ADDR, IrType.PTR, span).dst(r).symbol(m.name()).space(m.space()));
    return r;
  }

  private Storage.InMemory declareMemory(Symbol.Variable v, Span span) {
    Storage.InMemory m = memory(v.name(), v.isShared() ? MemSpace.SHARED : ownSpace(), v.type(), span);
    storage.put(v, m);
    return m;
  }

  /** A temporary object of type t in the function's own memory (a struct value without a variable). */
  Storage.InMemory temporary(Type t, Span span) {
    return memory("tmp", ownSpace(), t, span);
  }

  /** The space of the function's own objects: host memory in host code, local memory on the device. */
  private MemSpace ownSpace() {
    return symbol.space() == Space.HOST ? MemSpace.HOST : MemSpace.LOCAL;
  }

  /** A memory variable of the function named after {@code wanted} (renamed where that is taken). */
  private Storage.InMemory memory(String wanted, MemSpace space, Type t, Span span) {
    String name = b.memoryName(wanted);
    b.addMemory(Lowering.memoryVar(name, space, t, null, span));
    return new Storage.InMemory(name, space, t);
  }

  // ---- declarations ----

  @Override
  public Void visitDecl(Stmt.DeclStmt s) {
    for (VarDecl d : s.vars()) {
      declare(d);
    }
    return null;
  }

  private void declare(VarDecl d) {
    Symbol.Variable v = sema.variableOf(d);
    Type t = v.type();
    if (t instanceof Type.Group || v.kind() == Symbol.VarKind.HOST_GLOBAL) {
      return; // a cooperative group is its type: nothing to hold; a static local is the module's (Lowering)
    }
    if (v.isReference()) {
      // T &r = object: r holds the object's address.
      Reg r = b.reg(IrType.PTR, d.name());
      Operand p = ((LValue.OfMemory) exprs.lvalue(((Initializer.Single) d.init()).value())).ptr();
      b.emit(new Insn(Op.MOV, IrType.PTR, d.span()).dst(r).args(p));
      storage.put(v, new Storage.AtAddress(r, t));
      return;
    }
    if (v.isShared() || t instanceof Type.Array || t instanceof Type.Struct || v.addressTaken()) {
      Storage.InMemory m = declareMemory(v, d.nameSpan());
      Expr.Call ctor = sema.constructorOf(d);
      if (ctor != null) {
        exprs.effect(ctor); // Class::Class(&x, args)
      } else if (d.init() != null && !v.isShared()) {
        initMemory(m, d);
      }
      Expr.Call dtor = sema.destructorOf(d);
      if (dtor != null && !live.isEmpty()) {
        live.peek().add(dtor); // run when its scope ends
      }
      return;
    }
    if (t instanceof Type.Dim3) {
      Storage.InDim3 dim =
          new Storage.InDim3(b.reg(IrType.U32, d.name() + ".x"), b.reg(IrType.U32, d.name() + ".y"), b.reg(IrType.U32, d.name() + ".z"));
      storage.put(v, dim);
      List<Expr> args = dim3Args(d.init());
      if (args != null) {
        exprs.assignDim3(dim, args, d.span());
      }
      return;
    }
    Reg r = b.reg(IrType.of(t), d.name());
    storage.put(v, new Storage.InReg(r));
    Expr value = scalarInit(d.init());
    if (value != null) {
      Operand val = exprs.convertedValue(value, t);
      b.emit(new Insn(Op.MOV, r.type(), d.span()).dst(r).args(val));
    }
  }

  /** The dim3 constructor arguments, or a single dim3/int expression as one argument. */
  private static List<Expr> dim3Args(Initializer init) {
    if (init == null) {
      return null;
    }
    if (init instanceof Initializer.Constructor c) {
      return c.args();
    }
    if (init instanceof Initializer.Single s) {
      return List.of(s.value());
    }
    return null;
  }

  private static Expr scalarInit(Initializer init) {
    if (init instanceof Initializer.Single s) {
      return s.value();
    }
    if (init instanceof Initializer.Constructor c && c.args().size() == 1) {
      return c.args().get(0);
    }
    if (init instanceof Initializer.Braced br && br.items().size() == 1 && br.items().get(0) instanceof Initializer.Single s) {
      return s.value();
    }
    return null;
  }

  /**
   * Stores an initialiser into a local array or address-taken scalar; elements without an
   * initialiser are zeroed, as C requires (C11 §6.7.9p21).
   */
  private void initMemory(Storage.InMemory m, VarDecl d) {
    Type t = m.type();
    if (Type.innermost(t) instanceof Type.Struct) {
      initStructs(m, d);
      return;
    }
    if (!(t instanceof Type.Array)) {
      Expr value = scalarInit(d.init());
      if (value != null) {
        Operand val = exprs.convertedValue(value, t);
        b.emit(new Insn(Op.ST, IrType.of(t), d.span()).args(address(m, d.span()), val).space(m.space()));
      }
      return;
    }
    Type elem = t;
    long count = 1;
    while (elem instanceof Type.Array a) {
      count *= a.length();
      elem = a.element();
    }
    java.util.TreeMap<Long, Expr> placed = new java.util.TreeMap<>();
    List<InitValue> layout = sema.initializerOf(d);
    if (layout != null) {
      layout.forEach(v -> placed.put(v.index(), v.value()));
    }
    Operand base = address(m, d.span());
    IrType et = IrType.of(elem);
    // Values where the initialiser put them, zeros elsewhere (C11 §6.7.9p21); a long run of
    // zeros is a loop: `int a[1 << 22] = {1};` must not become millions of instructions.
    long next = 0;
    for (var entry : placed.entrySet()) {
      zeros(base, et, next, entry.getKey(), m.space(), d.span());
      store(base, et, entry.getKey(), exprs.convertedValue(entry.getValue(), elem), m.space(), d.span());
      next = entry.getKey() + 1;
    }
    zeros(base, et, next, count, m.space(), d.span());
  }

  /**
   * Initialises a struct or an array of structs: from a struct value by a copy; from a brace list
   * by zeroing the object and storing each value at its field (C11 §6.7.9 ¶21).
   */
  private void initStructs(Storage.InMemory m, VarDecl d) {
    StructLowering structs = exprs.structs();
    LValue.OfMemory whole = new LValue.OfMemory(address(m, d.span()), m.space(), false, m.type());
    List<InitValue> layout = sema.initializerOf(d);
    if (layout == null) {
      Expr value = scalarInit(d.init());
      if (value != null) {
        structs.copy(whole, structs.objectAs(value, m.type()), d.span());
      }
      return;
    }
    java.util.Set<Long> given = new java.util.HashSet<>();
    for (InitValue v : layout) {
      if (!(v.type() instanceof Type.Struct)) {
        given.add(v.offset());
      }
    }
    structs.zero(whole, given, d.span());
    for (InitValue v : layout) {
      LValue.OfMemory at = new LValue.OfMemory(structs.offset(whole.ptr(), v.offset(), d.span()), m.space(), false, v.type());
      if (v.type() instanceof Type.Struct) {
        structs.copy(at, structs.objectAs(v.value(), v.type()), d.span());
      } else {
        exprs.store(at, exprs.convertedValue(v.value(), v.type()), d.span());
      }
    }
  }

  private void zeros(Operand base, IrType et, long from, long to, MemSpace space, Span span) {
    if (to - from > ZERO_FILL_UNROLL) {
      zeroFill(base, et, from, to, space, span);
      return;
    }
    for (long i = from; i < to; i++) {
      store(base, et, i, zero(et), space, span);
    }
  }

  private void store(Operand base, IrType et, long index, Operand value, MemSpace space, Span span) {
    Reg p = b.temp(IrType.PTR);
    b.emit(new Insn(Op.PTR_ADD, IrType.PTR, span).dst(p).args(base, Imm.ofLong(IrType.I64, index)).imm(et.size()));
    b.emit(new Insn(Op.ST, et, span).args(p, value).space(space));
  }

  /** Tails of at most this many zeroed elements are stored one by one; longer ones by a loop. */
  private static final long ZERO_FILL_UNROLL = 16;

  /** {@code for (i = from; i < to; i++) base[i] = 0;} */
  private void zeroFill(Operand base, IrType et, long from, long to, MemSpace space, Span span) {
    b.countedLoop("zero", from, to, span, i -> {
      Reg p = b.temp(IrType.PTR);
      b.emit(new Insn(Op.PTR_ADD, IrType.PTR, span).dst(p).args(base, i).imm(et.size()));
      b.emit(new Insn(Op.ST, et, span).args(p, zero(et)).space(space));
    });
  }

  static Operand zero(IrType t) {
    return t.isFloat() ? Imm.ofDouble(t, 0) : Imm.ofLong(t, 0);
  }

  // ---- statements ----

  /**
   * The objects with destructors of each open block, innermost first: their destructor calls run
   * in reverse order of construction when the block ends, and before a return, break or continue
   * leaves it (C++ [stmt.jump] ¶2). A goto out of a block does not run them.
   */
  private final java.util.ArrayDeque<List<Expr.Call>> live = new java.util.ArrayDeque<>();

  @Override
  public Void visitBlock(Stmt.Block s) {
    live.push(new ArrayList<>());
    try {
      s.stmts().forEach(x -> x.accept(this));
      destroy(live.peek());
    } finally {
      live.pop();
    }
    return null;
  }

  /** The destructor calls of {@code objects}, the last made first. */
  private void destroy(List<Expr.Call> objects) {
    for (int i = objects.size() - 1; i >= 0; i--) {
      exprs.effect(objects.get(i));
    }
  }

  /** The destructor calls of the blocks a jump leaves: the innermost {@code depth} open blocks' objects. */
  private void destroyInnermost(int depth) {
    destroyInnermost(depth, null);
  }

  /**
   * As above, but for {@code kept}, the local object a function returns by value: the caller's
   * copy of it is its bytes, and it is not ended here (the named return value optimisation every
   * C++ compiler makes, C++ [class.copy.elision]), so a vector returned by value keeps its elements.
   */
  private void destroyInnermost(int depth, Symbol kept) {
    int k = 0;
    for (List<Expr.Call> objects : live) {
      if (k++ >= depth) {
        break;
      }
      destroy(kept == null ? objects : objects.stream().filter(c -> !ends(c, kept)).toList());
    }
  }

  /** Whether the destructor call {@code c}, {@code ~T((T *) &x)}, ends the variable {@code v}. */
  private boolean ends(Expr.Call c, Symbol v) {
    Expr self = c.args().isEmpty() ? null : c.args().get(0);
    while (self instanceof Expr.Cast cast) {
      self = cast.operand();
    }
    return self instanceof Expr.Unary u && u.op() == Expr.UnaryOp.ADDR && u.operand() instanceof Expr.Name n && sema.symbolOf(n) == v;
  }

  @Override
  public Void visitExpr(Stmt.ExprStmt s) {
    exprs.effect(s.expr());
    return null;
  }

  @Override
  public Void visitIf(Stmt.If s) {
    Block then = b.newBlock("if.then");
    Block join = b.newBlock("if.end");
    Block els = s.els() == null ? join : b.newBlock("if.else");
    exprs.branch(s.cond(), then, els);
    b.setCurrent(then);
    s.then().accept(this);
    b.branch(join, s.span());
    if (s.els() != null) {
      b.setCurrent(els);
      s.els().accept(this);
      b.branch(join, s.span());
    }
    b.setCurrent(join);
    return null;
  }

  @Override
  public Void visitFor(Stmt.For s) {
    if (s.init() != null) {
      s.init().accept(this);
    }
    Block cond = b.newBlock("for.cond");
    Block body = b.newBlock("for.body");
    Block step = b.newBlock("for.step");
    Block exit = b.newBlock("for.end");
    b.branch(cond, s.span());
    b.setCurrent(cond);
    if (s.cond() != null) {
      exprs.branch(s.cond(), body, exit);
    } else {
      b.branch(body, s.span());
    }
    loopBody(s.body(), body, exit, step);
    b.branch(step, s.span());
    b.setCurrent(step);
    if (s.step() != null) {
      exprs.effect(s.step());
    }
    b.branch(cond, s.span());
    b.setCurrent(exit);
    return null;
  }

  private void loopBody(Stmt body, Block start, Block breakTo, Block continueTo) {
    b.setCurrent(start);
    jumps.push(new Block[] {breakTo, continueTo});
    jumpDepths.push(live.size());
    try {
      body.accept(this);
    } finally {
      jumps.pop();
      jumpDepths.pop();
    }
  }

  @Override
  public Void visitWhile(Stmt.While s) {
    Block cond = b.newBlock("while.cond");
    Block body = b.newBlock("while.body");
    Block exit = b.newBlock("while.end");
    b.branch(cond, s.span());
    b.setCurrent(cond);
    exprs.branch(s.cond(), body, exit);
    loopBody(s.body(), body, exit, cond);
    b.branch(cond, s.span());
    b.setCurrent(exit);
    return null;
  }

  @Override
  public Void visitDoWhile(Stmt.DoWhile s) {
    Block body = b.newBlock("do.body");
    Block cond = b.newBlock("do.cond");
    Block exit = b.newBlock("do.end");
    b.branch(body, s.span());
    loopBody(s.body(), body, exit, cond);
    b.branch(cond, s.span());
    b.setCurrent(cond);
    exprs.branch(s.cond(), body, exit);
    b.setCurrent(exit);
    return null;
  }

  @Override
  public Void visitStaticAssert(Stmt.StaticAssert s) {
    return null; // checked by the type checker; nothing at run time
  }

  @Override
  public Void visitGoto(Stmt.Goto s) {
    b.branch(label(s.label()), s.span());
    return null;
  }

  @Override
  public Void visitLabel(Stmt.Label s) {
    Block target = label(s.name());
    b.branch(target, s.span());
    b.setCurrent(target);
    return null;
  }

  /** The block a label begins, made at its first goto or at the label itself. */
  private Block label(String name) {
    return labels.computeIfAbsent(name, n -> b.newBlock("label." + n));
  }

  private final java.util.Map<String, Block> labels = new java.util.HashMap<>();

  @Override
  public Void visitBreak(Stmt.Break s) {
    destroyInnermost(live.size() - jumpDepths.peek());
    b.branch(jumps.peek()[0], s.span());
    return null;
  }

  @Override
  public Void visitContinue(Stmt.Continue s) {
    java.util.Iterator<Integer> depths = jumpDepths.iterator();
    for (Block[] j : jumps) {
      int depth = depths.next();
      if (j[1] != null) {
        destroyInnermost(live.size() - depth);
        b.branch(j[1], s.span());
        return null;
      }
    }
    return null;
  }

  /** The number of open blocks where each jump target's statement began, beside {@link #jumps}. */
  private final java.util.ArrayDeque<Integer> jumpDepths = new java.util.ArrayDeque<>();

  @Override
  public Void visitReturn(Stmt.Return s) {
    if (s.value() == null || symbol.returnType() instanceof Type.Void) {
      if (s.value() != null) {
        exprs.effect(s.value());
      }
      destroyInnermost(live.size());
      b.emit(new Insn(Op.RET, null, s.span()));
    } else if (sema.referenceReturnOf(s) != null) {
      Operand v = exprs.value(sema.referenceReturnOf(s)); // T &f(): the object's address
      destroyInnermost(live.size());
      b.emit(new Insn(Op.RET, IrType.PTR, s.span()).args(v));
    } else if (symbol.returnType() instanceof Type.Struct t) {
      // Into the caller's object, through the hidden parameter (StructLowering).
      if (sema.copyOf(s.value()) != null) {
        exprs.structs().copyConstruct(sema.copyOf(s.value()), result, s.value()); // a parameter, a field: copied
        destroyInnermost(live.size());
      } else {
        exprs.structs().copy(new LValue.OfMemory(result, MemSpace.GENERIC, false, t), exprs.structs().objectAs(s.value(), t), s.span());
        destroyInnermost(live.size(), s.value() instanceof Expr.Name n ? sema.symbolOf(n) : null);
      }
      b.emit(new Insn(Op.RET, null, s.span()));
    } else {
      Operand v = exprs.convertedValue(s.value(), symbol.returnType());
      destroyInnermost(live.size()); // after the value is computed: `return timer.elapsed();`
      b.emit(new Insn(Op.RET, IrType.of(symbol.returnType()), s.span()).args(v));
    }
    return null;
  }

  @Override
  public Void visitSwitch(Stmt.Switch s) {
    // The controlling value is promoted and every case label converted to its promoted type
    // (C11 §6.8.4.2p5): `case -1:` of an unsigned switch tests 0xffffffff.
    Type vt = sema.typeOf(s.value());
    Scalar promoted = Conversions.promote(((Type.Arith) vt).scalar());
    Operand value = exprs.convert(exprs.value(s.value()), vt, Type.arith(promoted), s.value().span());
    IrType t = IrType.of(promoted);
    Block exit = b.newBlock("switch.end");
    List<Block> bodies = new ArrayList<>();
    Block defaultBody = null;
    for (Stmt.Case c : s.cases()) {
      Block body = b.newBlock(c.label() == null ? "switch.default" : "switch.case");
      bodies.add(body);
      if (c.label() == null) {
        defaultBody = body;
      }
    }
    for (int i = 0; i < s.cases().size(); i++) {
      Stmt.Case c = s.cases().get(i);
      if (c.label() == null) {
        continue;
      }
      long label = Conversions.wrap(sema.constantOf(c.label()), promoted);
      Reg p = b.temp(IrType.PRED);
      b.emit(new Insn(Op.SETP, t, c.span()).dst(p).cmp(Enums.Cmp.EQ).args(value, Imm.ofLong(t, label)));
      Block next = b.newBlock("switch.test");
      b.condBranch(p, bodies.get(i), next, c.span());
      b.setCurrent(next);
    }
    b.branch(defaultBody != null ? defaultBody : exit, s.span());
    jumps.push(new Block[] {exit, null});
    jumpDepths.push(live.size());
    try {
      for (int i = 0; i < s.cases().size(); i++) {
        b.setCurrent(bodies.get(i));
        s.cases().get(i).body().forEach(x -> x.accept(this));
        b.branch(i + 1 < bodies.size() ? bodies.get(i + 1) : exit, s.span());
      }
    } finally {
      jumps.pop();
      jumpDepths.pop();
    }
    b.setCurrent(exit);
    return null;
  }

  @Override
  public Void visitEmpty(Stmt.Empty s) {
    return null;
  }
}
