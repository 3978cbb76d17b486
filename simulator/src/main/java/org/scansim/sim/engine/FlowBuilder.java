package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.IrType;
import org.scansim.sim.memory.Allocation;

/**
 * Compiles a {@link BlockTape} to a {@link BlockFlow} by running it on names instead of values:
 * a register lane names the value it holds, a shared word the value last stored to it, and an
 * instruction the tape runs becomes one operation ({@link Node}) per lane on the names it reads.
 * Refuses ({@link #build} returns false) what the flow cannot stand for: an access other than an
 * aligned 4-byte word, a global load of a word the block stored before, a shuffle whose lanes
 * the data decides, an instruction other than arithmetic, comparisons, conversions and shuffles,
 * or more than {@link BlockFlow#MAX_VALUES} values.
 */
final class FlowBuilder {
  /** A value of the flow while it is compiled. */
  static final class Node {
    static final int CONST = 0;
    static final int TERM = 1;
    static final int LOAD = 2;
    static final int OP = 3;
    /** A word's value: the same as its low 32 bits sign-extended, or zero-extended. */
    static final int SIGNED = 1;
    static final int UNSIGNED = 2;

    final int type;
    /** CONST: the value; TERM: the value in the recorded block; LOAD: the lane's offset. */
    long value;
    long step;
    boolean ptr;
    int kind;
    CInsn in;
    Node a;
    Node b;
    /** When the operation only re-extends a word (a shared load of a stored value): what it extends. */
    Node extends_;
    int word;
    int slot = -1;

    Node(int type) {
      this.type = type;
    }
  }

  final BlockTape tape;
  /** Per warp, register and lane: the value it holds, or null. */
  final Node[][][] regs;
  final Map<Long, Node> shared = new HashMap<>();
  final Map<Long, Node> constants = new HashMap<>();
  final Map<List<Long>, Node> terms = new HashMap<>();
  final List<Node> nodes = new ArrayList<>();
  final List<BlockTape.Access> loadEntries = new ArrayList<>();
  int loadCount;
  final List<List<Node>> loadNodes = new ArrayList<>();
  /**
   * Per global array, the word loads so far by offset (a signed and an unsigned load of a word
   * apart; an array's accesses all move by one step, {@link BlockTape#steps}): a word the block
   * loads again, in the same warp access (every lane reading one word) or in another, is the same
   * value, since its loads all run first and none reads a word it stored. So a flow loads and
   * checks it once.
   */
  final Map<Allocation, Map<Long, Node>> loaded = new HashMap<>();
  final List<BlockTape.Access> storeEntries = new ArrayList<>();
  /** Per store entry, per lane: {offset, node}. */
  final List<List<Object[]>> storeNodes = new ArrayList<>();
  /**
   * Per global array, the words the block stored so far (at their offsets in the recorded block:
   * an array's loads and stores move by the same step, so a load reads one of them in every
   * block or in none).
   */
  final Map<Allocation, java.util.Set<Integer>> stored = new HashMap<>();
  /** The nodes with a slot, in order: the constants and terms some store depends on, every load, the operations some store depends on. */
  final List<Node> live = new ArrayList<>();

  FlowBuilder(BlockTape tape, int warps, int registers) {
    this.tape = tape;
    this.regs = new Node[warps][registers][];
  }

  private Node[] reg(int w, int r) {
    Node[] lanes = regs[w][r];
    if (lanes == null) {
      lanes = regs[w][r] = new Node[32];
    }
    return lanes;
  }

  Node constant(long v) {
    return constants.computeIfAbsent(v, x -> {
      Node c = new Node(Node.CONST);
      c.value = x;
      c.word = x == (int) (long) x ? Node.SIGNED : x == (x & 0xFFFF_FFFFL) ? Node.UNSIGNED : 0;
      return c;
    });
  }

  Node zero() {
    return constant(0);
  }

  boolean build() {
    for (BlockTape.Entry e : tape.entries) {
      boolean ok = switch (e.kind) {
        case BlockTape.EXEC -> exec((BlockTape.Exec) e);
        case BlockTape.LOAD -> load((BlockTape.Access) e);
        case BlockTape.STORE -> store((BlockTape.Access) e);
        default -> set((BlockTape.Set) e);
      };
      if (!ok || nodes.size() + loadCount > BlockFlow.MAX_VALUES) {
        return false;
      }
    }
    order();
    return true;
  }

  private boolean set(BlockTape.Set s) {
    Node[] lanes = reg(s.warp, s.reg);
    for (int l = 0; l < 32; l++) {
      switch (s.kinds[l]) {
        case BlockTape.CONST -> lanes[l] = constant(s.value[l]);
        case BlockTape.AFFINE, BlockTape.AFFINE_PTR -> {
          boolean ptr = s.kinds[l] == BlockTape.AFFINE_PTR;
          lanes[l] = terms.computeIfAbsent(List.of(s.value[l], s.step[l], ptr ? 1L : 0L), x -> {
            Node t = new Node(Node.TERM);
            t.value = x.get(0);
            t.step = x.get(1);
            t.ptr = x.get(2) != 0;
            nodes.add(t);
            return t;
          });
        }
        default -> { } // computed by the tape
      }
    }
    return true;
  }

  private boolean exec(BlockTape.Exec x) {
    CInsn in = x.in;
    if (in.op == org.scansim.frontend.ir.Op.SHFL) {
      return shuffle(x);
    }
    int kind = kindOf(in);
    if (kind < 0 || in.ra < 0 || in.args.length > 2 || in.dst < 0) {
      return false;
    }
    Node[] a = reg(x.warp, in.ra);
    Node[] b = in.rb >= 0 ? reg(x.warp, in.rb) : null;
    Node[] d = reg(x.warp, in.dst);
    if (in.once) {
      Node r = op(kind, in, a[0], b == null ? null : b[0]);
      if (r == null) {
        return false;
      }
      Arrays.fill(d, r);
      return true;
    }
    Node[] out = new Node[32];
    boolean laneZeroB = in.uniformB && (kind == Lanes.SHL_I32 || kind == Lanes.SHR_I32 || kind == Lanes.SHL_U32 || kind == Lanes.SHR_U32);
    if (laneZeroB && kind == Lanes.SHR_I32) {
      kind = BlockFlow.SHR_I32_UNIFORM;
    }
    for (int m = x.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      out[l] = op(kind, in, a[l], b == null ? null : b[laneZeroB ? 0 : l]);
      if (out[l] == null) {
        return false;
      }
    }
    write(d, out, x.mask);
    return true;
  }

  /** The lanes of mask of {@code out} into register lanes d, once every lane has read its operands. */
  private static void write(Node[] d, Node[] out, int mask) {
    for (int m = mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      d[l] = out[l];
    }
  }

  /**
   * A shuffle whose lane and width operands are the same in every block: each lane names the
   * value of the lane it reads ({@link Warps#source}); else the flow refuses.
   */
  private boolean shuffle(BlockTape.Exec x) {
    CInsn in = x.in;
    Node[] src = reg(x.warp, in.args[1]);
    Node[] lane = reg(x.warp, in.args[2]);
    Node[] width = reg(x.warp, in.args[3]);
    Node[] out = new Node[32];
    for (int m = x.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if (lane[l] == null || lane[l].type != Node.CONST || width[l] == null || width[l].type != Node.CONST) {
        return false;
      }
      out[l] = src[Warps.source(in, l, lane[l].value, width[l].value)];
      if (out[l] == null) {
        return false;
      }
    }
    write(reg(x.warp, in.dst), out, x.mask);
    return true;
  }

  /** The flow's kind for in: its lane loop's, or the generic arithmetic's; -1 when the flow has none. */
  private static int kindOf(CInsn in) {
    if (in.lane != Lanes.GENERIC) {
      return in.lane == Lanes.TID_X ? -1 : in.lane;
    }
    return switch (in.op) {
      case MOV -> Lanes.MOV;
      case ADD, SUB, MUL, DIV, REM, AND, OR, XOR, SHL, SHR, MIN, MAX -> BlockFlow.BINARY;
      case NEG, NOT, ABS, POPC, CLZ, FFS -> BlockFlow.UNARY;
      case SETP -> BlockFlow.COMPARE;
      case CVT -> BlockFlow.CONVERT;
      case PTR_ADD -> Lanes.PTR_ADD;
      case PTR_DIFF -> BlockFlow.PTR_DIFF;
      // other ops: not arithmetic the flow computes
      default -> -1;
    };
  }

  /** The node for one lane of an operation (a copy is its operand); null when an operand has no value. */
  private Node op(int kind, CInsn in, Node a, Node b) {
    if (a == null || (in.rb >= 0 && b == null)) {
      return null;
    }
    if (kind == Lanes.MOV) {
      return a;
    }
    if (lowWordOnly(kind)) {
      a = low(a);
      b = b == null ? null : low(b);
    }
    Node r = new Node(Node.OP);
    r.kind = kind;
    r.in = in;
    r.a = a;
    r.b = b;
    r.word = switch (kind) {
      case Lanes.ADD_I32, Lanes.SUB_I32, Lanes.MUL_I32, Lanes.SHL_I32, Lanes.TO_I32 -> Node.SIGNED;
      case Lanes.ADD_U32, Lanes.SUB_U32, Lanes.MUL_U32, Lanes.SHL_U32, Lanes.TO_U32, Lanes.ADD_F32, Lanes.SUB_F32, Lanes.MUL_F32,
          Lanes.INT_TO_F32 -> Node.UNSIGNED;
      default -> 0;
    };
    nodes.add(r);
    return r;
  }

  /** Kinds whose result reads only the low 32 bits of their operands. */
  private static boolean lowWordOnly(int kind) {
    return switch (kind) {
      case Lanes.ADD_F32, Lanes.SUB_F32, Lanes.MUL_F32, Lanes.ADD_I32, Lanes.SUB_I32, Lanes.MUL_I32, Lanes.ADD_U32, Lanes.SUB_U32,
          Lanes.MUL_U32, Lanes.TO_I32, Lanes.TO_U32 -> true;
      default -> false;
    };
  }

  /** What a node re-extends, where only its low word is read. */
  private static Node low(Node n) {
    return n.extends_ != null ? n.extends_ : n;
  }

  private boolean word(BlockTape.Access x) {
    return x.in.type.size() == 4 && !x.in.vector;
  }

  private boolean load(BlockTape.Access ld) {
    if (!word(ld)) {
      return false;
    }
    boolean unsigned = ld.in.type == IrType.U32;
    Node[] d = reg(ld.warp, ld.in.dst);
    if (ld.global != null) {
      java.util.Set<Integer> words = stored.get(ld.global);
      List<Node> lanes = new ArrayList<>();
      for (int m = ld.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (words != null && (words.contains(ld.offset[l] >>> 2) || words.contains((ld.offset[l] + 3) >>> 2))) {
          return false; // it reads a store of the block: the loads could not all run first
        }
        Map<Long, Node> seen = loaded.computeIfAbsent(ld.global, x -> new HashMap<>());
        long key = ((long) ld.offset[l] << 1) | (unsigned ? 1 : 0);
        Node n = seen.get(key);
        if (n == null) {
          n = new Node(Node.LOAD);
          n.value = ld.offset[l];
          n.word = unsigned ? Node.UNSIGNED : Node.SIGNED;
          seen.put(key, n);
          lanes.add(n);
        }
        d[l] = n;
      }
      loadEntries.add(ld);
      loadNodes.add(lanes);
      loadCount += lanes.size();
      return true;
    }
    for (int m = ld.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if ((ld.offset[l] & 3) != 0) {
        return false;
      }
      Node s = shared.get(((long) ld.sharedIndex << 32) | ld.offset[l]);
      if (s == null) {
        // Not stored by the block: the bytes every replay resets shared memory to.
        long v = 0x0101_0101 * (BlockExecutor.SHARED_GARBAGE & 0xFF);
        d[l] = constant(unsigned ? v & 0xFFFF_FFFFL : v);
      } else {
        d[l] = extend(s, unsigned);
      }
    }
    return true;
  }

  /** A stored word read back as a load of its type reads it: the node itself when it is held so already. */
  private Node extend(Node s, boolean unsigned) {
    int want = unsigned ? Node.UNSIGNED : Node.SIGNED;
    if (s.word == want) {
      return s;
    }
    if (s.type == Node.CONST) {
      return constant(unsigned ? s.value & 0xFFFF_FFFFL : (int) s.value);
    }
    Node r = new Node(Node.OP);
    r.kind = unsigned ? Lanes.TO_U32 : Lanes.TO_I32;
    r.a = low(s);
    r.word = want;
    r.extends_ = r.a;
    nodes.add(r);
    return r;
  }

  private boolean store(BlockTape.Access st) {
    if (!word(st)) {
      return false;
    }
    Node[] v = reg(st.warp, st.in.b());
    if (st.global != null) {
      if ((st.low & 3) != 0 || (st.step & 3) != 0) {
        return false;
      }
      List<Object[]> lanes = new ArrayList<>();
      for (int m = st.mask; m != 0; m &= m - 1) {
        int l = Integer.numberOfTrailingZeros(m);
        if (v[l] == null) {
          return false;
        }
        lanes.add(new Object[] {st.offset[l], low(v[l])});
      }
      java.util.Set<Integer> words = stored.computeIfAbsent(st.global, x -> new java.util.HashSet<>());
      for (Object[] lane : lanes) {
        words.add((Integer) lane[0] >>> 2);
      }
      storeEntries.add(st);
      storeNodes.add(lanes);
      return true;
    }
    for (int m = st.mask; m != 0; m &= m - 1) {
      int l = Integer.numberOfTrailingZeros(m);
      if (v[l] == null || (st.offset[l] & 3) != 0) {
        return false;
      }
      shared.put(((long) st.sharedIndex << 32) | st.offset[l], v[l]);
    }
    return true;
  }

  /** Marks what the stores depend on and gives each a slot: constants, terms, loads, then operations in the tape's order. */
  private void order() {
    java.util.Set<Node> need = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    List<Node> work = new ArrayList<>();
    for (List<Object[]> lanes : storeNodes) {
      for (Object[] lane : lanes) {
        work.add((Node) lane[1]);
      }
    }
    work.add(zero());
    while (!work.isEmpty()) {
      Node n = work.remove(work.size() - 1);
      if (need.add(n) && n.type == Node.OP) {
        work.add(n.a);
        if (n.b != null) {
          work.add(n.b);
        }
      }
    }
    for (Node c : constants.values()) {
      place(c, need.contains(c));
    }
    for (Node n : nodes) {
      place(n, n.type == Node.TERM && need.contains(n));
    }
    for (List<Node> lanes : loadNodes) {
      for (Node n : lanes) {
        place(n, true); // every load: its taint is checked
      }
    }
    for (Node n : nodes) {
      place(n, n.type == Node.OP && need.contains(n));
    }
  }

  /** Per global load entry, per lane: {its offset in the recorded block, its value's slot}. */
  List<List<int[]>> loadLanes() {
    return loadNodes.stream().map(lanes -> lanes.stream().map(x -> new int[] {(int) x.value, x.slot}).toList()).toList();
  }

  /** Per global store entry, per lane: {its offset in the recorded block, the slot of the value stored}. */
  List<List<int[]>> storeLanes() {
    return storeNodes.stream().map(lanes -> lanes.stream().map(x -> new int[] {(Integer) x[0], ((Node) x[1]).slot}).toList()).toList();
  }

  /** Gives n the next slot when it is to have one. */
  private void place(Node n, boolean slot) {
    if (slot) {
      n.slot = live.size();
      live.add(n);
    }
  }
}
