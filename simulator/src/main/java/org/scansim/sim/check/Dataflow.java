package org.scansim.sim.check;

import org.scansim.sim.result.Fault;
import org.scansim.sim.result.Kind;
import java.util.ArrayList;
import java.util.List;
import org.scansim.sim.check.Circuit;

/**
 * The ⊕ graph of a run (work and depth as docs/engine.md, "What a report counts" defines them): every value derived from the scan's input is
 * a node holding the range of inputs x_lo..x_hi it combines. The inputs are nodes 0..n-1.
 * Applying an associative operator to two adjacent ranges gives the joined range; anything else
 * (overlapping or gapped ranges, a constant that is not the identity, an operation that is not
 * the scan operator) gives an invalid node that remembers its operands, so that a wrong output
 * can be explained ("x0..x3 ⊕ x2..x5: x2..x3 counted twice"). Bounded by a node budget.
 *
 * <p>When checked blocks run on several threads, each thread adds its blocks' nodes to a
 * {@linkplain #segment segment} of its own, numbered from the graph's size when the chunk of
 * blocks began; after the chunk the segments' blocks are {@linkplain #append appended} in block
 * order, their ids moved to where running the blocks one by one would have put them.
 */
public final class Dataflow {
  /** Operand codes besides node ids. */
  static final int IDENTITY = Circuit.IDENTITY;
  static final int CONSTANT = Circuit.NONE;

  static final byte VALID = 1;
  static final byte REVERSED = 2;
  public static final byte BINARY = 4;

  public final int n;
  /** The most nodes the graph holds: creating one more is a budget fault. */
  private final int limit;
  public int size;
  public int[] lo;
  public int[] hi;
  public int[] depth;
  public int[] left;
  public int[] right;
  public byte[] flags;
  /** The operator symbol of each node (for explanations). */
  byte[] op;
  /** The barrier phase (launch number × 2^16 + phase) each node was computed in. */
  public int[] phase;
  /** The phase new nodes belong to (set by the checker before each operation). */
  int currentPhase;
  /** The first node whose operands came in reverse order, or -1. */
  public int firstReversed = -1;
  /** The operator of the first valid binary node: what "the scan operator" is in this run. */
  public char scanOperator;

  /** For a segment: the graph that ids below {@link #base} are nodes of; null for the graph itself. */
  private final Dataflow parent;
  /** A segment's first id: ids from here on are its own (0 for the graph itself). */
  private int base;
  /** Where the current block's nodes start in a segment's arrays (0 for the graph itself). */
  private int blockStart;

  /**
   * The nodes a graph over n inputs has room for from the start: 4n + n/16 + 1024. A
   * work-efficient scan makes about 3n ⊕ nodes on top of the n inputs (Harris's
   * scan-then-propagate: 2n in the block scans, n in the propagation), and a little more for the
   * scans of the block sums: 4n - 3 in all at 2^20, 4n + 5,120 at 2^22. Growing the arrays copies
   * every one of them and holds both copies at once: with room for 4n + 1024, Harris's checked
   * run at 2^22 doubled the graph to 8n (1.98 GB peak resident, against 1.29 GB with this room),
   * and at 2^24 ran out of the default heap.
   */
  public static int room(int n) {
    return (int) Math.min(Integer.MAX_VALUE - 16, Math.max(16, 4L * n + n / 16 + 1024));
  }

  /**
   * The graph of a run over n inputs, holding at most {@code limit} nodes (the inputs included),
   * with {@link #room} for nodes from the start; past it, the arrays double.
   */
  public Dataflow(int n, int limit) {
    this.n = n;
    this.parent = null;
    this.limit = Math.max(n, limit);
    allocate(Math.min(this.limit, room(n)));
    for (int i = 0; i < n; i++) {
      lo[i] = i;
      hi[i] = i;
      left[i] = CONSTANT;
      right[i] = CONSTANT;
      flags[i] = VALID;
    }
    size = n;
  }

  private Dataflow(Dataflow parent) {
    this.n = parent.n;
    this.limit = parent.limit;
    this.parent = parent;
    allocate(1024);
  }

  private void allocate(int cap) {
    lo = new int[cap];
    hi = new int[cap];
    depth = new int[cap];
    left = new int[cap];
    right = new int[cap];
    flags = new byte[cap];
    op = new byte[cap];
    phase = new int[cap];
  }

  /** A segment of this graph, for one thread's blocks. */
  Dataflow segment() {
    return new Dataflow(this);
  }

  /** A segment's first id. */
  int base() {
    return base;
  }

  /** A segment starts a chunk: its blocks' ids start at the graph's size now; the last chunk's nodes are gone. */
  void beginChunk() {
    base = parent.size;
    size = 0;
    blockStart = 0;
  }

  /** A segment starts a block: its nodes take ids from {@link #base} on, as if it were the only block. */
  void beginBlock() {
    blockStart = size;
    firstReversed = -1;
    scanOperator = 0;
  }

  /** The nodes a block made in a segment, with its first reversed node (an index into the segment, or -1) and operator. */
  record Part(Dataflow segment, int from, int to, int firstReversed, char scanOperator) {}

  /** The current block's nodes in this segment. */
  Part endBlock() {
    return new Part(this, blockStart, size, firstReversed, scanOperator);
  }

  /**
   * Appends a block's nodes from a segment, each id the segment gave (from its base on) moved by
   * the returned amount; operands below the segment's base are nodes of this graph and stay.
   * Returns -1 when the nodes do not fit the budget: running the blocks one by one would have
   * stopped with a budget fault somewhere, which only that run can say where.
   */
  int append(Part p) {
    Dataflow s = p.segment();
    int count = p.to() - p.from();
    if ((long) size + count > limit) {
      return -1;
    }
    if (size + count > lo.length) {
      grow((int) Math.min(limit, Math.max((long) size + count, 2L * lo.length)));
    }
    int delta = size - s.base;
    int sb = s.base;
    for (int i = p.from(), j = size; i < p.to(); i++, j++) {
      lo[j] = s.lo[i];
      hi[j] = s.hi[i];
      depth[j] = s.depth[i];
      int a = s.left[i];
      int b = s.right[i];
      left[j] = a >= sb ? a + delta : a;
      right[j] = b >= sb ? b + delta : b;
      flags[j] = s.flags[i];
      op[j] = s.op[i];
      phase[j] = s.phase[i];
    }
    if (firstReversed < 0 && p.firstReversed() >= 0) {
      firstReversed = size + p.firstReversed() - p.from();
    }
    if (scanOperator == 0) {
      scanOperator = p.scanOperator();
    }
    size += count;
    return delta;
  }

  /** A shadow's tag (node + 1, or 0) after {@link #append} moved the ids of the segment with this base by delta. */
  static int relocate(int tag, int base, int delta) {
    return tag - 1 >= base ? tag + delta : tag;
  }

  private void grow(int cap) {
    lo = java.util.Arrays.copyOf(lo, cap);
    hi = java.util.Arrays.copyOf(hi, cap);
    depth = java.util.Arrays.copyOf(depth, cap);
    left = java.util.Arrays.copyOf(left, cap);
    right = java.util.Arrays.copyOf(right, cap);
    flags = java.util.Arrays.copyOf(flags, cap);
    op = java.util.Arrays.copyOf(op, cap);
    phase = java.util.Arrays.copyOf(phase, cap);
  }

  // Operands: nodes of the parent graph below a segment's base, the segment's own from it.
  private int loOf(int k) {
    return k < base ? parent.lo[k] : lo[k - base + blockStart];
  }

  private int hiOf(int k) {
    return k < base ? parent.hi[k] : hi[k - base + blockStart];
  }

  private int depthOf(int k) {
    return k < base ? parent.depth[k] : depth[k - base + blockStart];
  }

  private boolean validOf(int k) {
    return ((k < base ? parent.flags[k] : flags[k - base + blockStart]) & VALID) != 0;
  }

  /** The id of the node at index k of the arrays (itself, except in a segment). */
  private int id(int k) {
    return k - blockStart + base;
  }

  private int newNode() {
    if (parent != null ? id(size) >= limit : size >= limit) {
      // A segment's ids are at most the ids the blocks run one by one give: past the limit here, past it there.
      throw new Fault(Kind.BUDGET, null, "the scan proof needs more than " + limit
          + " nodes of the ⊕ graph (it keeps at most 16n, and at least 2^23)");
    }
    if (size == lo.length) {
      grow(parent != null ? size * 2 : (int) Math.min(limit, (long) size * 2));
    }
    phase[size] = currentPhase;
    return size++;
  }

  /**
   * The node for {@code a op b}. {@code a} and {@code b} are node ids, or {@link #IDENTITY} for
   * a value not derived from the input that is the operator's identity, or {@link #CONSTANT} for
   * any other such value. {@code associative}: the operation is a candidate scan operator.
   */
  int binary(char symbol, boolean associative, int a, int b) {
    int k = newNode();
    left[k] = a;
    right[k] = b;
    op[k] = (byte) symbol;
    int da = a >= 0 ? depthOf(a) : 0;
    int db = b >= 0 ? depthOf(b) : 0;
    depth[k] = Math.max(da, db) + 1;
    byte f = BINARY;
    boolean ok = associative && (a >= 0 || a == IDENTITY) && (b >= 0 || b == IDENTITY)
        && (a < 0 || validOf(a)) && (b < 0 || validOf(b));
    if (a >= 0 && b >= 0) {
      int loA = loOf(a);
      int hiA = hiOf(a);
      int loB = loOf(b);
      int hiB = hiOf(b);
      lo[k] = Math.min(loA, loB);
      hi[k] = Math.max(hiA, hiB);
      if (ok && hiA + 1 == loB) {
        f |= VALID;
      } else if (ok && hiB + 1 == loA) {
        f |= VALID | REVERSED;
        if (firstReversed < 0) {
          firstReversed = k;
        }
      }
    } else if (a >= 0 || b >= 0) {
      int x = a >= 0 ? a : b;
      lo[k] = loOf(x);
      hi[k] = hiOf(x);
      if (ok) {
        f |= VALID;
      }
    } else {
      lo[k] = 1;
      hi[k] = 0; // the identity combined with itself: an empty range
      if (ok) {
        f |= VALID;
      }
    }
    if ((f & VALID) != 0 && scanOperator == 0) {
      scanOperator = symbol;
    }
    flags[k] = f;
    return id(k);
  }

  /** A one-operand operation on a derived value (negation, a conversion that is not a copy): never a ⊕. */
  int unary(char symbol, int a) {
    int k = newNode();
    left[k] = a;
    right[k] = CONSTANT;
    op[k] = (byte) symbol;
    depth[k] = (a >= 0 ? depthOf(a) : 0);
    lo[k] = a >= 0 ? loOf(a) : 1;
    hi[k] = a >= 0 ? hiOf(a) : 0;
    flags[k] = 0;
    return id(k);
  }

  public boolean valid(int k) {
    return (flags[k] & VALID) != 0;
  }

  /** {@code x3}, {@code x0..x5}, or an expression for an invalid node (at most {@code budget} terms deep). */
  public String describe(int k) {
    StringBuilder s = new StringBuilder();
    describe(k, s, 3, false);
    return s.toString();
  }

  private void describe(int k, StringBuilder s, int budget, boolean nested) {
    if (k == IDENTITY) {
      s.append("identity");
      return;
    }
    if (k == CONSTANT) {
      s.append("c");
      return;
    }
    if (valid(k)) {
      s.append(range(lo[k], hi[k]));
      return;
    }
    if (budget == 0) {
      s.append("…");
      return;
    }
    if (nested) {
      s.append('(');
    }
    if (right[k] == CONSTANT && (flags[k] & BINARY) == 0) {
      s.append((char) op[k]);
      describe(left[k], s, budget - 1, true);
    } else {
      describe(left[k], s, budget - 1, true);
      s.append(' ').append(symbol(k)).append(' ');
      describe(right[k], s, budget - 1, true);
    }
    if (nested) {
      s.append(')');
    }
  }

  private String symbol(int k) {
    char c = (char) op[k];
    return c == scanOperator || (scanOperator == 0 && c == '+') ? "⊕" : String.valueOf(c);
  }

  public static String range(int lo, int hi) {
    if (hi < lo) {
      return "identity";
    }
    return lo == hi ? "x" + lo : "x" + lo + "..x" + hi;
  }

  /** Why node k is invalid: the first invalid node under it whose operands are valid, explained. */
  public String reason(int k) {
    int c = cause(k);
    String why = why(c);
    return c == k ? why : why + " in " + describe(c);
  }

  private String why(int c) {
    int a = left[c];
    int b = right[c];
    if ((flags[c] & BINARY) == 0) {
      return "'" + (char) op[c] + "' is not the scan operator";
    }
    if (a == CONSTANT || b == CONSTANT) {
      return "a value not derived from the input (and not the identity) is combined";
    }
    if (op[c] != scanOperator && scanOperator != 0) {
      return "'" + (char) op[c] + "' is not the scan operator '" + scanOperator + "'";
    }
    if (a >= 0 && b >= 0) {
      int l1 = Math.min(lo[a], lo[b]);
      int first = lo[a] <= lo[b] ? a : b;
      int second = first == a ? b : a;
      if (lo[second] <= hi[first]) {
        return range(lo[second], Math.min(hi[first], hi[second])) + " counted twice";
      }
      if (lo[second] > hi[first] + 1) {
        return range(hi[first] + 1, lo[second] - 1) + " missing between " + range(l1, hi[first]) + " and "
            + range(lo[second], hi[second]);
      }
    }
    return "not a combination of adjacent ranges";
  }

  private int cause(int k) {
    while (true) {
      int a = left[k];
      int b = right[k];
      if (a >= 0 && !valid(a)) {
        k = a;
      } else if (b >= 0 && !valid(b)) {
        k = b;
      } else {
        return k;
      }
    }
  }

  /**
   * The graph for drawing: the inputs and the nodes some output depends on ({@code live}), or
   * null when they are more than {@code limit}.
   */
  public Circuit circuit(int[] outputs, boolean[] live, int limit) {
    List<Circuit.Node> nodes = new ArrayList<>();
    for (int k = 0; k < size; k++) {
      if (k >= n && !live[k]) {
        continue;
      }
      if (nodes.size() == limit) {
        return null;
      }
      boolean input = k < n;
      nodes.add(new Circuit.Node(k, lo[k], hi[k], valid(k), depth[k], input ? Circuit.NONE : left[k],
          input ? Circuit.NONE : right[k]));
    }
    return new Circuit(n, List.copyOf(nodes), outputs.clone());
  }
}
