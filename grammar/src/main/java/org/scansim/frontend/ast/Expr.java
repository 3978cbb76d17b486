package org.scansim.frontend.ast;

import java.util.List;
import org.scansim.frontend.diag.Span;

/** Expressions (C11 §6.5) with the CUDA additions of the subset (launches, {@code dim3}). */
public sealed interface Expr {
  Span span();

  <R> R accept(Visitor<R> v);

  interface Visitor<R> {
    R visitIntLit(IntLit e);

    R visitFloatLit(FloatLit e);

    R visitBoolLit(BoolLit e);

    R visitNullLit(NullLit e);

    R visitCharLit(CharLit e);

    R visitStringLit(StringLit e);

    R visitName(Name e);

    R visitMember(Member e);

    R visitIndex(Index e);

    R visitCall(Call e);

    R visitLaunch(Launch e);

    R visitUnary(Unary e);

    R visitBinary(Binary e);

    R visitAssign(Assign e);

    R visitConditional(Conditional e);

    R visitCast(Cast e);

    R visitSizeofType(SizeofType e);

    R visitSizeofExpr(SizeofExpr e);

    R visitLambda(Lambda e);
  }

  /**
   * An integer constant (C11 §6.4.4.1). {@code value} holds the bits of the written value (an
   * unsigned 64-bit value above {@code Long.MAX_VALUE} is negative here); {@code overflow} is set
   * when it does not fit in 64 bits. The type checker picks the type from the value, the radix and
   * the suffix.
   */
  record IntLit(Span span, long value, boolean decimal, boolean unsignedSuffix, int longSuffixes, boolean overflow, String text)
      implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitIntLit(this);
    }
  }

  /** A floating constant; {@code isFloat} for the {@code f} suffix. */
  record FloatLit(Span span, double value, boolean isFloat, String text) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitFloatLit(this);
    }
  }

  record BoolLit(Span span, boolean value) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitBoolLit(this);
    }
  }

  /** {@code nullptr} (also what {@code NULL} expands to). */
  record NullLit(Span span) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitNullLit(this);
    }
  }

  /** A character constant, of type {@code char} as in C++. */
  record CharLit(Span span, int value) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitCharLit(this);
    }
  }

  /** A string literal (adjacent literals already concatenated); only {@code printf} takes one. */
  record StringLit(Span span, String value) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitStringLit(this);
    }
  }

  record Name(Span span, String id) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitName(this);
    }
  }

  /**
   * {@code object.member}: {@code threadIdx.x}, {@code grid.y}; {@code p->member} is built as
   * {@code (*p).member} with {@code arrow} set, for the messages that tell the two apart.
   */
  record Member(Span span, Expr object, String member, Span memberSpan, boolean arrow) implements Expr {
    /** {@code self->member}, built as {@code (*self).member}: a member of the object a member function's {@code this} points to. */
    public static Member of(String self, String member, Span at, Span memberSpan) {
      return new Member(at, new Unary(at, UnaryOp.DEREF, new Name(at, self)), member, memberSpan, true);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitMember(this);
    }
  }

  record Index(Span span, Expr base, Expr index) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitIndex(this);
    }
  }

  /** A call of a named function or builtin (also {@code dim3(x, y)}). */
  record Call(Span span, String callee, Span calleeSpan, List<Expr> args) implements Expr {
    /** The callee of {@code T()}, a temporary of class T: this prefix, then the class's name. */
    public static final String TEMPORARY = "(temporary) ";
    /** The callee of {@code new T(args)} of a class: the allocation (a {@code T *}) first, then the constructor's arguments. */
    public static final String NEW_OBJECT = "(new object)";
    /** The callees of a range-based for's begin and end ({@code range + 0} of an array, {@code range.begin()} of a class). */
    public static final String RANGE_BEGIN = "(range begin)";
    public static final String RANGE_END = "(range end)";
    /**
     * A field of a class made or ended by its class's constructor or destructor, in the enclosing
     * class's constructor or destructor: the field's address first, then the constructor's arguments.
     */
    public static final String CONSTRUCT = "(construct)";
    public static final String DESTRUCT = "(destruct)";
    /**
     * A member function called as it is, not through its class's virtual dispatch: this prefix,
     * then its name ({@code Base::f}); {@code this} its first argument ({@code obj.Base::f()}).
     */
    public static final String DIRECT = "(direct) ";

    public Call {
      args = List.copyOf(args);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitCall(this);
    }
  }

  /** {@code kernel<<<grid, block[, sharedBytes[, stream]]>>>(args)}. */
  record Launch(Span span, String kernel, Span kernelSpan, List<Expr> config, List<Expr> args)
      implements Expr {
    public Launch {
      config = List.copyOf(config);
      args = List.copyOf(args);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitLaunch(this);
    }
  }

  enum UnaryOp {
    PLUS("+"),
    NEG("-"),
    NOT("!"),
    BITNOT("~"),
    DEREF("*"),
    ADDR("&"),
    PRE_INC("++"),
    PRE_DEC("--"),
    POST_INC("++"),
    POST_DEC("--");

    private final String symbol;

    UnaryOp(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  record Unary(Span span, UnaryOp op, Expr operand) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitUnary(this);
    }
  }

  enum BinaryOp {
    MUL("*"),
    DIV("/"),
    REM("%"),
    ADD("+"),
    SUB("-"),
    SHL("<<"),
    SHR(">>"),
    LT("<"),
    GT(">"),
    LE("<="),
    GE(">="),
    EQ("=="),
    NE("!="),
    BIT_AND("&"),
    BIT_XOR("^"),
    BIT_OR("|"),
    LOG_AND("&&"),
    LOG_OR("||"),
    COMMA(",");

    private final String symbol;

    BinaryOp(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  record Binary(Span span, BinaryOp op, Expr left, Expr right) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitBinary(this);
    }
  }

  /** {@code target = value}, or a compound assignment when {@code op} is not null ({@code +=}). */
  record Assign(Span span, BinaryOp op, Expr target, Expr value) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitAssign(this);
    }
  }

  record Conditional(Span span, Expr cond, Expr then, Expr els) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitConditional(this);
    }
  }

  /** {@code (T) e}, {@code static_cast<T>(e)} or the functional form {@code T(e)}. */
  record Cast(Span span, TypeName type, Expr operand) implements Expr {
    /** {@code (T *) operand} (or {@code (const T *)}) for the struct {@code def}: a cast the front end writes itself. */
    public static Cast toPointer(StructDef def, boolean constPointee, Span at, Expr operand) {
      return new Cast(at, new TypeName(at, TypeSpec.of(at, def, constPointee, false), List.of(new PointerLevel(false, false, false))), operand);
    }

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitCast(this);
    }
  }

  record SizeofType(Span span, TypeName type) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitSizeofType(this);
    }
  }

  record SizeofExpr(Span span, Expr operand) implements Expr {
    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitSizeofExpr(this);
    }
  }

  /**
   * A lambda expression (C++ [expr.prim.lambda]): {@code [&](int a) -> int { ... }}. The type
   * checker makes its closure type, a class with one field per captured variable and an {@code
   * operator()} whose body is {@code body}, and stands a value of it for the expression.
   * {@code captureDefault} is {@code '&'}, {@code '='} or 0; {@code ret} the written return type
   * (null: deduced from the body's returns); {@code qualifiers} its {@code __device__} and
   * {@code __host__}.
   */
  record Lambda(Span span, char captureDefault, List<Capture> captures, List<Param> params, TypeName ret,
      java.util.Set<FunctionQualifier> qualifiers, boolean mutable, org.scansim.frontend.ast.Stmt.Block body) implements Expr {
    public Lambda {
      captures = List.copyOf(captures);
      params = List.copyOf(params);
      qualifiers = java.util.Set.copyOf(qualifiers);
    }

    /** The name the enclosing object's pointer has in a lambda's body (its call operator's own {@code this} is the closure). */
    public static final String CAPTURED_THIS = "__this";

    /** One written capture: {@code x} (a copy), {@code &x} (a reference) or {@code this} (name "this"). */
    public record Capture(String name, boolean byReference, Span span) {}

    @Override
    public <R> R accept(Visitor<R> v) {
      return v.visitLambda(this);
    }
  }
}
