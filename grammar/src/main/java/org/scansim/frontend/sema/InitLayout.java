package org.scansim.frontend.sema;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ast.Initializer;

/**
 * Places the values of a brace-enclosed initialiser into the scalar elements of an array or
 * scalar, as C11 §6.7.9p17–p20 prescribe: a nested brace list initialises one sub-array; without
 * braces (brace elision) values fill the sub-arrays element by element; values left over at a
 * brace level are an error. {@code double b[2][3] = {{1}, {2}}} puts 2 at {@code b[1][0]};
 * {@code int a[2][2] = {1, 2, 3}} puts 3 at {@code a[1][0]}.
 */
final class InitLayout {
  /** Largest element index a file-scope initialiser may reach (its values are stored densely). */
  static final long MAX_STATIC_INDEX = 1L << 20;

  private final Context cx;
  private final List<InitValue> out = new ArrayList<>();
  private long highest = -1;

  private InitLayout(Context cx) {
    this.cx = cx;
  }

  /** The placed values; an unsized outer dimension takes as many elements as the values need. */
  static List<InitValue> of(Type type, Initializer.Braced init, Context cx) {
    InitLayout l = new InitLayout(cx);
    l.braced(type, 0, init);
    return l.out;
  }

  /** How many elements the outermost dimension needs for this list (for {@code int a[] = {...}}). */
  static long outerLength(Type element, List<InitValue> placed) {
    long per = scalars(element);
    long highest = placed.stream().mapToLong(InitValue::index).max().orElse(-1);
    return highest < 0 ? 0 : highest / per + 1;
  }

  /** Scalar elements in one object of type {@code t}. */
  static long scalars(Type t) {
    long n = 1;
    while (t instanceof Type.Array a) {
      n = Math.multiplyHigh(n, Math.max(a.length(), 0)) != 0 ? Long.MAX_VALUE : n * Math.max(a.length(), 0);
      t = a.element();
    }
    return n;
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

  /** A brace level initialising one object of type t starting at scalar index base. */
  private void braced(Type t, long base, Initializer.Braced list) {
    Cursor c = new Cursor(list.items());
    fill(t, base, c, true);
    if (c.more()) {
      String what = t instanceof Type.Array ? "array" : "scalar";
      cx.error(c.peek().span(), "excess elements in " + what + " initializer");
    }
  }

  /** Consumes values from the cursor to fill an object of type t (brace elision when nested). */
  private void fill(Type t, long base, Cursor c, boolean ownsBraces) {
    if (!(t instanceof Type.Array a)) {
      if (!c.more()) {
        return;
      }
      Initializer item = c.take();
      if (item instanceof Initializer.Single s) {
        place(base, s);
      } else if (item instanceof Initializer.Braced b) {
        braced(t, base, b);
      }
      return;
    }
    Type elem = a.element();
    long per = scalars(elem);
    boolean unbounded = a.length() < 0 && ownsBraces;
    for (long i = 0; (unbounded || i < a.length()) && c.more(); i++) {
      Initializer item = c.peek();
      long at = base + i * per;
      if (item instanceof Initializer.Braced b && elem instanceof Type.Array) {
        c.take();
        braced(elem, at, b);
      } else {
        fill(elem, at, c, false);
      }
    }
  }

  private void place(long index, Initializer.Single s) {
    out.add(new InitValue(index, s.value()));
    highest = Math.max(highest, index);
  }
}
