package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.ast.Initializer;

/**
 * Places the values of a brace-enclosed initialiser into the scalar elements of an array or
 * scalar, as C11 §6.7.9p17–p20 prescribe: a nested brace list initialises one sub-array; without
 * braces (brace elision) values fill the sub-arrays element by element; values left over at a
 * brace level are an error. {@code double b[2][3] = {{1}, {2}}} puts 2 at {@code b[1][0]};
 * {@code int a[2][2] = {1, 2, 3}} puts 3 at {@code a[1][0]}. A struct's fields are filled in
 * order as an array's elements are (C++ [dcl.init.aggr]).
 */
final class InitLayout {
  /** Largest element index a file-scope initialiser may reach (its values are stored densely). */
  static final long MAX_STATIC_INDEX = 1L << 20;

  private final Context cx;
  /** The type of a value, checked ahead: whether a struct's value initialises a whole struct. */
  private final java.util.function.Function<Expr, Type> typer;
  private final List<InitValue> out = new ArrayList<>();
  private long highest = -1;

  private InitLayout(Context cx, java.util.function.Function<Expr, Type> typer) {
    this.cx = cx;
    this.typer = typer;
  }

  /** The placed values; an unsized outer dimension takes as many elements as the values need. */
  static List<InitValue> of(Type type, Initializer.Braced init, Context cx, java.util.function.Function<Expr, Type> typer) {
    InitLayout l = new InitLayout(cx, typer);
    l.braced(type, 0, 0, init);
    return l.out;
  }

  /** How many elements the outermost dimension needs for this list (for {@code int a[] = {...}}). */
  static long outerLength(Type element, List<InitValue> placed) {
    long per = Math.max(1, Type.scalars(element));
    long highest = placed.stream().mapToLong(InitValue::index).max().orElse(-1);
    return highest < 0 ? 0 : highest / per + 1;
  }

  private static final class Cursor {
    final List<Initializer> items;
    int next;

    Cursor(List<Initializer> items) {
      this.items = items;
    }

    boolean more() {
      return next < items.size();
    }

    Initializer peek() {
      return items.get(next);
    }

    Initializer take() {
      return items.get(next++);
    }
  }

  /** A brace level initialising one object of type t starting at scalar index base, byte offset offset. */
  private void braced(Type t, long base, long offset, Initializer.Braced list) {
    Cursor c = new Cursor(list.items());
    fill(t, base, offset, c, true);
    if (c.more()) {
      String what = t instanceof Type.Array ? "array" : t instanceof Type.Struct ? "struct" : "scalar";
      cx.error(c.peek().span(), "excess elements in " + what + " initializer");
    }
  }

  private static boolean aggregate(Type t) {
    return t instanceof Type.Array || t instanceof Type.Struct;
  }

  /** Consumes values from the cursor to fill an object of type t (brace elision when nested). */
  private void fill(Type t, long base, long offset, Cursor c, boolean ownsBraces) {
    if (t instanceof Type.Struct s) {
      // A value of the struct's own type initialises it whole (C++ [dcl.init.aggr] ¶4.2, [dcl.init.list] ¶3.2).
      Type whole = c.more() && c.peek() instanceof Initializer.Single single ? typer.apply(single.value()) : null;
      if (whole != null && !(whole instanceof Type.Err) && Conversions.assignable(s, whole, null)) {
        Initializer.Single single = (Initializer.Single) c.peek();
        c.take();
        place(base, offset, s, single);
        return;
      }
      long at = base;
      for (Type.Struct.Field f : s.fields()) {
        if (!c.more()) {
          return;
        }
        member(f.type(), at, offset + f.offset(), c);
        at += Type.scalars(f.type());
      }
      return;
    }
    if (!(t instanceof Type.Array a)) {
      if (!c.more()) {
        return;
      }
      Initializer item = c.take();
      if (item instanceof Initializer.Single s) {
        place(base, offset, t, s);
      } else if (item instanceof Initializer.Braced b) {
        braced(t, base, offset, b);
      }
      return;
    }
    Type elem = a.element();
    long per = Type.scalars(elem);
    long bytes = elem.size();
    boolean unbounded = a.length() < 0 && ownsBraces;
    for (long i = 0; (unbounded || i < a.length()) && c.more(); i++) {
      member(elem, base + i * per, offset + i * bytes, c);
    }
  }

  /** One element or field: a brace list of its own for an aggregate, or its values by brace elision. */
  private void member(Type t, long base, long offset, Cursor c) {
    if (c.peek() instanceof Initializer.Braced b && aggregate(t)) {
      c.take();
      braced(t, base, offset, b);
    } else {
      fill(t, base, offset, c, false);
    }
  }

  private void place(long index, long offset, Type type, Initializer.Single s) {
    out.add(new InitValue(index, offset, type, s.value()));
    highest = Math.max(highest, index);
  }
}
