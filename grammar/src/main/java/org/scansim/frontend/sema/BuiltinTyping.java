package org.scansim.frontend.sema;

import java.util.List;
import java.util.Set;
import org.scansim.frontend.ast.Expr;

/** Checks the arguments of a builtin call and gives its result type. */
final class BuiltinTyping {
  private static final Set<Scalar> ATOMIC_INT = Set.of(Scalar.INT, Scalar.UINT, Scalar.ULLONG);
  private static final Set<Scalar> SHUFFLE =
      Set.of(Scalar.INT, Scalar.UINT, Scalar.LONG, Scalar.ULONG, Scalar.LLONG, Scalar.ULLONG, Scalar.FLOAT, Scalar.DOUBLE);

  private final Context cx;
  private final ExprChecker exprs;

  BuiltinTyping(Context cx, ExprChecker exprs) {
    this.cx = cx;
    this.exprs = exprs;
  }

  Type type(Expr.Call e, Builtin b) {
    List<Expr> args = e.args();
    return switch (b) {
      case SYNCTHREADS, THREADFENCE, THREADFENCE_BLOCK, THREADFENCE_SYSTEM -> fixed(e, List.of(), Type.VOID);
      case SYNCWARP -> args.isEmpty() ? Type.VOID : fixed(e, List.of(Type.UINT), Type.VOID);
      case ACTIVEMASK, LANEMASK_LT -> fixed(e, List.of(), Type.UINT);
      case CUDA_DEVICE_SYNCHRONIZE, CUDA_GET_LAST_ERROR, CUDA_PEEK_AT_LAST_ERROR, CUDA_DEVICE_RESET -> fixed(e, List.of(), Type.INT);
      case CUDA_SET_DEVICE -> fixed(e, List.of(Type.INT), Type.INT);
      case CUDA_GET_DEVICE, CUDA_GET_DEVICE_COUNT -> fixed(e, List.of(new Type.Pointer(Type.INT, false, false)), Type.INT);
      case POPC, CLZ -> fixed(e, List.of(b == Builtin.POPC ? Type.UINT : Type.INT), Type.INT);
      case FFS -> fixed(e, List.of(Type.INT), Type.INT);
      case POPCLL -> fixed(e, List.of(Type.ULLONG), Type.INT);
      case ABS -> fixed(e, List.of(Type.INT), Type.INT);
      case FMINF, FMAXF, FADD_RN, FSUB_RN, FMUL_RN, FDIV_RN -> fixed(e, List.of(Type.FLOAT, Type.FLOAT), Type.FLOAT);
      case DADD_RN, DSUB_RN, DMUL_RN, DDIV_RN -> fixed(e, List.of(Type.DOUBLE, Type.DOUBLE), Type.DOUBLE);
      case MIN, MAX -> minMax(e);
      case LDG -> ldg(e);
      case BALLOT_SYNC, ANY_SYNC, ALL_SYNC -> fixed(e, List.of(Type.UINT, Type.INT), b == Builtin.BALLOT_SYNC ? Type.UINT : Type.INT);
      case MATCH_ANY_SYNC, MATCH_ALL_SYNC -> match(e, b == Builtin.MATCH_ALL_SYNC);
      case SHFL_SYNC, SHFL_UP_SYNC, SHFL_DOWN_SYNC, SHFL_XOR_SYNC -> shuffle(e, b);
      case ATOMIC_ADD, ATOMIC_SUB, ATOMIC_EXCH, ATOMIC_MIN, ATOMIC_MAX, ATOMIC_AND, ATOMIC_OR, ATOMIC_XOR,
          ATOMIC_INC, ATOMIC_DEC, ATOMIC_CAS -> atomic(e, b);
      case PRINTF -> printf(e, 0, "printf");
      case FPRINTF -> fprintf(e);
      case SPRINTF, SNPRINTF -> sprintf(e, b == Builtin.SNPRINTF);
      case EXIT -> fixed(e, List.of(Type.INT), Type.VOID);
      case MALLOC -> fixed(e, List.of(Type.SIZE_T), new Type.Pointer(Type.VOID, false, false));
      case CALLOC -> fixed(e, List.of(Type.SIZE_T, Type.SIZE_T), new Type.Pointer(Type.VOID, false, false));
      case FREE, OPERATOR_DELETE, OPERATOR_DELETE_ARRAY -> {
        Type r = pointers(e, 1, List.of(), Type.VOID);
        if (b != Builtin.FREE && args.size() == 1 && cx.sema.typeOf(args.get(0)) instanceof Type.Pointer p
            && p.pointee() instanceof Type.Struct st && exprs.hasLifetime(st)) {
          String dtor = st.def().destructorName();
          if (b == Builtin.OPERATOR_DELETE_ARRAY) {
            cx.error(e.span(), "'delete[]' of a class with a constructor or destructor ('" + st.spelling() + "') is not supported");
          } else if (cx.scope.lookup(dtor) instanceof Symbol.Function f) {
            String virtual = dtor + org.scansim.frontend.ast.StructDef.DISPATCHER;
            if (st.def().virtuals().contains(org.scansim.frontend.ast.StructDef.VIRTUAL_DESTRUCTOR)
                && cx.scope.lookup(virtual) instanceof Symbol.Function d) {
              f = d; // a virtual destructor: the object's own class's, through its dispatcher (C++ [expr.delete] ¶3)
              dtor = virtual;
            }
            cx.firstUses.putIfAbsent(f, e.span());
            cx.sema.deletes.put(e, dtor); // the destructor runs first (C++ [expr.delete] ¶6)
          }
        }
        yield r;
      }
      case OPERATOR_NEW -> fixed(e, List.of(Type.SIZE_T), new Type.Pointer(Type.VOID, false, false));
      case OPERATOR_NEW_ARRAY -> fixed(e, List.of(Type.SIZE_T, Type.INT), new Type.Pointer(Type.VOID, false, false));
      case CUDA_GET_ERROR_STRING, CUDA_GET_ERROR_NAME -> fixed(e, List.of(Type.INT), Type.STR);
      case ASSERT -> {
        if (args.size() != 1) {
          cx.error(e.span(), "assert takes exactly one argument");
        }
        args.forEach(exprs::checkCondition);
        yield Type.VOID;
      }
      case DIM3 -> {
        if (args.isEmpty() || args.size() > 3) {
          cx.error(e.span(), "dim3 takes 1 to 3 integer values, not " + args.size());
        }
        for (Expr a : args) {
          Type t = exprs.checkValue(a);
          if (!(t instanceof Type.Err) && !t.isInteger()) {
            cx.error(a.span(), "dim3 component must be an integer, not '" + t.spelling() + "'");
          }
        }
        yield Type.DIM3;
      }
      case CUDA_MALLOC, CUDA_MALLOC_MANAGED -> cudaMalloc(e, b);
      case CUDA_FREE -> pointers(e, 1, List.of(), Type.INT);
      case CUDA_MEMCPY -> pointers(e, 2, List.of(Type.SIZE_T, Type.INT), Type.INT);
      case CUDA_MEMCPY_TO_SYMBOL, CUDA_MEMCPY_FROM_SYMBOL -> symbolCopy(e, b == Builtin.CUDA_MEMCPY_TO_SYMBOL);
      case CUDA_MEMSET -> pointers(e, 1, List.of(Type.INT, Type.SIZE_T), Type.INT);
    };
  }

  /**
   * {@code __match_any_sync(mask, value)}, {@code __match_all_sync(mask, value, &pred)} (CUDA C++
   * Guide, "Warp Match Functions"): the value an integer of 32 or 64 bits, compared as it is held.
   */
  private Type match(Expr.Call e, boolean all) {
    List<Type> params = all ? List.of(Type.UINT, Type.ULLONG, new Type.Pointer(Type.INT, false, false)) : List.of(Type.UINT, Type.ULLONG);
    if (e.args().size() != params.size()) {
      exprs.checkArguments(e.span(), e.args(), params, "'" + e.callee() + "'");
      return Type.ERR;
    }
    Type v = exprs.checkValue(e.args().get(1));
    exprs.checkedAhead(e.args().get(1));
    if (!(v instanceof Type.Err) && !v.isInteger()) {
      cx.error(e.args().get(1).span(), "'" + e.callee() + "' of a '" + v.spelling() + "' is not supported: match integer keys"
          );
      exprs.checkArguments(e.span(), e.args(), params, "'" + e.callee() + "'");
      return Type.ERR;
    }
    exprs.checkArguments(e.span(), e.args(), params, "'" + e.callee() + "'");
    return Type.UINT;
  }

  private Type fixed(Expr.Call e, List<Type> params, Type result) {
    exprs.checkArguments(e.span(), e.args(), params, "'" + e.callee() + "'");
    return result;
  }

  private Type minMax(Expr.Call e) {
    if (e.args().size() != 2) {
      exprs.checkArguments(e.span(), e.args(), List.of(Type.INT, Type.INT), "'" + e.callee() + "'");
      return Type.ERR;
    }
    Type a = exprs.checkValue(e.args().get(0));
    Type b = exprs.checkValue(e.args().get(1));
    if (a instanceof Type.Err || b instanceof Type.Err) {
      return Type.ERR;
    }
    if (!a.isArithmetic() || !b.isArithmetic()) {
      cx.error(e.span(), "no matching function for call to '" + e.callee() + "(" + a.spelling() + ", " + b.spelling() + ")'");
      return Type.ERR;
    }
    Type r = Type.arith(Conversions.common(((Type.Arith) a).scalar(), ((Type.Arith) b).scalar()));
    cx.sema.operationTypes.put(e, r);
    return r;
  }

  /** {@code T __ldg(const T *address)}, for the arithmetic types. */
  private Type ldg(Expr.Call e) {
    if (e.args().size() != 1) {
      cx.error(e.span(), "'__ldg' takes one argument, the address to read, not " + e.args().size());
      e.args().forEach(exprs::checkValue);
      return Type.ERR;
    }
    Type t = exprs.checkValue(e.args().get(0));
    if (t instanceof Type.Err) {
      return t;
    }
    if (!(t instanceof Type.Pointer p) || !p.pointee().isArithmetic()) {
      cx.error(e.args().get(0).span(), "'__ldg' reads through a pointer to a number (const T *), not '" + t.spelling() + "'");
      return Type.ERR;
    }
    cx.sema.operationTypes.put(e, p.pointee());
    return p.pointee();
  }

  private Type shuffle(Expr.Call e, Builtin b) {
    List<Expr> args = e.args();
    if (args.size() < 3 || args.size() > 4) {
      cx.error(e.span(), "'" + b.spelling() + "' takes (mask, value, " + (b == Builtin.SHFL_SYNC ? "srcLane" : b == Builtin.SHFL_XOR_SYNC ? "laneMask" : "delta") + "[, width]), not " + args.size() + " arguments");
      args.forEach(exprs::checkValue);
      return Type.ERR;
    }
    Type mask = exprs.checkValue(args.get(0));
    Type value = exprs.checkValue(args.get(1));
    for (int i = 2; i < args.size(); i++) {
      Type t = exprs.checkValue(args.get(i));
      if (!(t instanceof Type.Err) && !t.isInteger()) {
        cx.error(args.get(i).span(), "lane argument must be an integer, not '" + t.spelling() + "'");
      }
    }
    if (!(mask instanceof Type.Err) && !mask.isInteger()) {
      cx.error(args.get(0).span(), "lane mask must be an integer, not '" + mask.spelling() + "'");
    }
    if (value instanceof Type.Err) {
      return value;
    }
    if (!(value instanceof Type.Arith a) || !SHUFFLE.contains(Conversions.promote(a.scalar()))) {
      cx.error(args.get(1).span(), "cannot shuffle a value of type '" + value.spelling() + "'");
      return Type.ERR;
    }
    Type r = Type.arith(Conversions.promote(a.scalar()));
    cx.sema.operationTypes.put(e, r);
    return r;
  }

  private Type atomic(Expr.Call e, Builtin b) {
    List<Expr> args = e.args();
    int want = b == Builtin.ATOMIC_CAS ? 3 : 2;
    if (args.size() != want) {
      cx.error(e.span(), "'" + b.spelling() + "' takes " + want + " arguments, not " + args.size());
      args.forEach(exprs::checkValue);
      return Type.ERR;
    }
    Type addr = exprs.checkValue(args.get(0));
    for (int i = 1; i < args.size(); i++) {
      exprs.checkValue(args.get(i));
    }
    if (addr instanceof Type.Err) {
      return addr;
    }
    if (!(addr instanceof Type.Pointer p) || !(p.pointee() instanceof Type.Arith pa)) {
      cx.error(args.get(0).span(), "the first argument of '" + b.spelling() + "' must be a pointer to int, unsigned int, unsigned long long or float, not '" + addr.spelling() + "'");
      return Type.ERR;
    }
    if (p.constPointee()) {
      cx.error(args.get(0).span(), "'" + b.spelling() + "' cannot modify memory through a pointer to const");
      return Type.ERR;
    }
    Scalar s = pa.scalar();
    boolean ok = ATOMIC_INT.contains(s)
        || s == Scalar.FLOAT && (b == Builtin.ATOMIC_ADD || b == Builtin.ATOMIC_EXCH)
        || s == Scalar.DOUBLE && b == Builtin.ATOMIC_ADD;
    if (b == Builtin.ATOMIC_INC || b == Builtin.ATOMIC_DEC) {
      ok = s == Scalar.UINT;
    }
    if (!ok) {
      cx.error(e.span(), "no overload of '" + b.spelling() + "' for '" + addr.spelling() + "'");
      return Type.ERR;
    }
    for (int i = 1; i < args.size(); i++) {
      exprs.requireAssignable(pa, args.get(i), cx.sema.typeOf(args.get(i)), ExprChecker.Assigning.PASS);
    }
    cx.sema.operationTypes.put(e, pa);
    return pa;
  }

  /** printf's checks from argument {@code format} on: a string literal, then scalars and strings. */
  private Type printf(Expr.Call e, int format, String name) {
    List<Expr> args = e.args();
    boolean literal = args.size() > format && args.get(format) instanceof Expr.StringLit;
    if (!literal && (cx.space != Space.HOST || args.size() <= format || !isString(exprs.checkAhead(args.get(format))))) {
      cx.error(e.span(), "the " + (format == 0 ? "first" : format == 1 ? "second" : "third") + " argument of '" + name
          + "' must be a string literal"
          + (cx.space == Space.HOST ? " (or, on the host, a char pointer)" : ""));
    }
    List<Type> types = new java.util.ArrayList<>();
    for (Expr a : args.subList(Math.min(format, args.size()), args.size())) {
      Type t = exprs.checkValue(a);
      types.add(t);
      if (!(t instanceof Type.Err) && !(t.isScalar() || t instanceof Type.Str)) {
        cx.error(a.span(), "cannot pass a value of type '" + t.spelling() + "' to '" + name + "'");
      }
    }
    if (literal) {
      formatWarnings(e, format, ((Expr.StringLit) args.get(format)).value(), types.subList(1, types.size()));
    }
    return Type.INT;
  }

  /**
   * The mistakes in a literal format that print garbage or nothing on the card, as warnings (gcc's
   * -Wformat finds them; nvcc's default build does not say): a conversion with no argument left,
   * arguments no conversion takes, a float where an integer conversion reads one or the other way
   * round, and a {@code %s} of a number. Widths of integers ({@code %d} of a {@code long}) are not
   * flagged: they print right for small values on the card's little-endian host.
   */
  private void formatWarnings(Expr.Call e, int format, String text, List<Type> values) {
    int next = 0;
    int warned = 0; // at most MAX_FORMAT_WARNINGS a call: a hostile format of thousands of conversions says a few
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) != '%') {
        continue;
      }
      PrintfConversion c = PrintfConversion.at(text, i);
      if (c == null) {
        return; // a format cut short: the run reports what it prints
      }
      i = c.end() - 1;
      char conv = c.conversion();
      if (conv == '%') {
        next += c.stars(); // glibc reads a '*' argument even here
        continue;
      }
      if (!c.known()) {
        return; // positional arguments (%1$d) or a conversion C does not have: nothing sure to say
      }
      String spec = c.text(text);
      for (int j = next; j < next + c.stars() && j < values.size(); j++) { // a '*' width or precision takes an int argument first
        if (!values.get(j).isInteger() && warned++ < MAX_FORMAT_WARNINGS) {
          cx.diags.warning(e.args().get(format + 1 + j).span(), "'*' in format '" + spec + "' takes an int, but argument "
              + (format + 2 + j) + " has type '" + values.get(j).spelling() + "'");
        }
      }
      next += c.stars();
      if (next >= values.size()) {
        cx.diags.warning(e.span(), "format '" + spec + "' has no argument left to print (argument " + (format + 2 + next)
            + " is missing): what it prints is undefined");
        return;
      }
      Type t = values.get(next++);
      String expects = "diouxXc".indexOf(conv) >= 0 ? (t.isFloating() ? "an integer" : null)
          : "fFeEgGaA".indexOf(conv) >= 0 ? (t.isInteger() || t.isPointer() ? "a double" : null)
          : conv == 's' ? (t.isInteger() || t.isFloating() ? "a string (char *)" : null)
          : null;
      if (expects != null && warned++ < MAX_FORMAT_WARNINGS) {
        cx.diags.warning(e.args().get(format + next).span(), "format '" + spec + "' expects " + expects + ", but argument "
            + (format + 1 + next) + " has type '" + t.spelling() + "'");
      }
    }
    if (next < values.size()) {
      int extra = values.size() - next;
      cx.diags.warning(e.args().get(format + 1 + next).span(), "more arguments than the format '" + shorten(text) + "' takes:"
          + (extra == 1 ? " the last is not printed" : " the last " + extra + " are not printed"));
    }
  }

  private static final int MAX_FORMAT_WARNINGS = 4;

  private static String shorten(String text) {
    String one = text.replace("\n", "\\n");
    return one.length() <= 40 ? one : one.substring(0, 37) + "...";
  }

  /** A string: a literal, or a pointer to {@code char} (a format host code builds or keeps). */
  private static boolean isString(Type t) {
    return t instanceof Type.Str || t instanceof Type.Pointer p && p.pointee() instanceof Type.Arith a
        && (a.scalar() == Scalar.CHAR || a.scalar() == Scalar.UCHAR);
  }

  /** {@code fprintf(stream, ...)}: stdout and stderr are the program's output, as printf's; other streams are its files. */
  private Type fprintf(Expr.Call e) {
    List<Expr> args = e.args();
    if (args.isEmpty()) {
      cx.error(e.span(), "'fprintf' takes a stream and a format");
    } else {
      exprs.requireAssignable(exprs.filePointer(), args.get(0), exprs.checkValue(args.get(0)), ExprChecker.Assigning.PASS);
    }
    return printf(e, 1, "fprintf");
  }

  /** {@code sprintf(char *s, format, ...)} or {@code snprintf(char *s, size_t n, format, ...)}: the text goes to host memory. */
  private Type sprintf(Expr.Call e, boolean bounded) {
    List<Expr> args = e.args();
    int format = bounded ? 2 : 1;
    String name = bounded ? "snprintf" : "sprintf";
    if (args.size() < format) {
      cx.error(e.span(), "'" + name + "' takes " + (bounded ? "a buffer, its size" : "a buffer") + " and a format");
      args.forEach(exprs::checkValue);
      return Type.INT;
    }
    exprs.requireAssignable(new Type.Pointer(Type.CHAR, false, false), args.get(0), exprs.checkValue(args.get(0)),
        ExprChecker.Assigning.PASS);
    if (bounded) {
      exprs.requireAssignable(Type.SIZE_T, args.get(1), exprs.checkValue(args.get(1)), ExprChecker.Assigning.PASS);
    }
    return printf(e, format, name);
  }

  /**
   * {@code cudaMemcpyToSymbol(symbol, const void *src, size_t count, size_t offset = 0, kind =
   * cudaMemcpyHostToDevice)} or {@code cudaMemcpyFromSymbol(void *dst, symbol, count, offset = 0,
   * kind = cudaMemcpyDeviceToHost)}: the symbol is a {@code __device__} or {@code __constant__}
   * variable named as itself (host code may name it here, and nowhere else).
   */
  private Type symbolCopy(Expr.Call e, boolean to) {
    List<Expr> args = e.args();
    String name = to ? "cudaMemcpyToSymbol" : "cudaMemcpyFromSymbol";
    if (args.size() < 3 || args.size() > 5) {
      cx.error(e.span(), "'" + name + "' takes (" + (to ? "symbol, const void *src" : "void *dst, symbol")
          + ", size_t count[, size_t offset[, kind]]), not " + args.size() + " arguments");
      return Type.INT;
    }
    int at = to ? 0 : 1;
    Expr symbol = args.get(at);
    Symbol s = symbol instanceof Expr.Name n ? cx.scope.lookup(n.id()) : null;
    if (!(s instanceof Symbol.Variable v) || v.kind() != Symbol.VarKind.DEVICE_GLOBAL && v.kind() != Symbol.VarKind.CONSTANT) {
      cx.error(symbol.span(), "the symbol of '" + name + "' must be a __device__ or __constant__ variable, named as itself");
      return Type.INT;
    }
    cx.sema.symbols.put(e, v.name());
    Expr pointer = args.get(1 - at);
    Type p = exprs.checkValue(pointer);
    if (!(p instanceof Type.Err) && !p.isPointer()) {
      cx.error(pointer.span(), "the " + (to ? "source" : "destination") + " of '" + name + "' must be a pointer, not '" + p.spelling() + "'");
    }
    for (int i = 2; i < args.size(); i++) {
      exprs.requireAssignable(i == 4 ? Type.INT : Type.SIZE_T, args.get(i), exprs.checkValue(args.get(i)), ExprChecker.Assigning.PASS);
    }
    return Type.INT;
  }

  /** {@code cudaMalloc(void **devPtr, size_t size)}, or {@code cudaMallocManaged(..., unsigned flags = cudaMemAttachGlobal)}. */
  private Type cudaMalloc(Expr.Call e, Builtin b) {
    List<Expr> args = e.args();
    String name = b.spelling();
    boolean managed = b == Builtin.CUDA_MALLOC_MANAGED;
    if (args.size() != 2 && !(managed && args.size() == 3)) {
      cx.error(e.span(), "'" + name + "' takes (void **devPtr, size_t size" + (managed ? "[, unsigned flags]" : "") + "), not "
          + args.size() + " arguments");
      args.forEach(exprs::checkValue);
      return Type.INT;
    }
    Type p = exprs.checkValue(args.get(0));
    Type n = exprs.checkValue(args.get(1));
    if (!(p instanceof Type.Err) && !(p instanceof Type.Pointer pp && pp.pointee() instanceof Type.Pointer)) {
      cx.error(args.get(0).span(), "the first argument of '" + name + "' must be the address of a pointer (e.g. (void **)&d_x), not '" + p.spelling() + "'");
    }
    if (!(n instanceof Type.Err) && !n.isInteger()) {
      cx.error(args.get(1).span(), "the size passed to '" + name + "' must be an integer, not '" + n.spelling() + "'");
    }
    if (args.size() == 3) {
      exprs.requireAssignable(Type.UINT, args.get(2), exprs.checkValue(args.get(2)), ExprChecker.Assigning.PASS);
    }
    return Type.INT;
  }

  /** The first {@code pointerCount} arguments are any pointers; the rest have the given types. */
  private Type pointers(Expr.Call e, int pointerCount, List<Type> rest, Type result) {
    List<Expr> args = e.args();
    if (args.size() != pointerCount + rest.size()) {
      cx.error(e.span(), "'" + e.callee() + "' takes " + (pointerCount + rest.size()) + " arguments, not " + args.size());
      args.forEach(exprs::checkValue);
      return result;
    }
    for (int i = 0; i < args.size(); i++) {
      Type t = exprs.checkValue(args.get(i));
      if (t instanceof Type.Err) {
        continue;
      }
      if (i < pointerCount) {
        if (!t.isPointer() && !(t instanceof Type.Null)) {
          cx.error(args.get(i).span(), "argument " + (i + 1) + " of '" + e.callee() + "' must be a pointer, not '" + t.spelling() + "'");
        }
      } else {
        exprs.requireAssignable(rest.get(i - pointerCount), args.get(i), t, ExprChecker.Assigning.PASS);
      }
    }
    return result;
  }
}
