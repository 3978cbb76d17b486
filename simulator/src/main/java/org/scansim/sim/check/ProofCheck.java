package org.scansim.sim.check;

import org.scansim.frontend.ir.IrType;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.Alu;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Warp;
import org.scansim.sim.memory.Heap;
import org.scansim.sim.memory.Shadow;

/**
 * {@link Check#PROOF}: the {@link Dataflow} graph of ⊕ over the input's ranges. Every value
 * derived from the input carries its node as a tag, in registers ({@code Warp.tag}) and memory
 * ({@code Shadow.tag}); each operation on such values adds a node. After the run, {@link
 * ScanProver} reads the output's tags against the graph.
 */
final class ProofCheck implements CheckUnit {
  private final Checker owner;
  /** The graph (a worker's: its segment of the main one's). */
  final Dataflow dataflow;

  ProofCheck(Checker owner, Dataflow dataflow) {
    this.owner = owner;
    this.dataflow = dataflow;
  }

  @Override
  public Check check() {
    return Check.PROOF;
  }

  /** A worker's unit: a segment of this graph for one thread's blocks. */
  ProofCheck worker(Checker owner) {
    return new ProofCheck(owner, dataflow.segment());
  }

  /** The barrier phase of the launch the next nodes are made in. */
  void phase(Warp w) {
    dataflow.currentPhase = (owner.launches << 16) | (w.phase & 0xFFFF);
  }

  /** Word w holds (part of) input element {@code index}: x_index, when the graph starts from it. */
  void input(Shadow s, int w, int index) {
    s.tag[w] = index < dataflow.n ? index + 1 : 0;
  }

  /** Words {@code word..last} stored from a register lane tagged {@code tag}: the first holds it. */
  static void store(Shadow s, int word, int last, int tag) {
    for (int k = word; k <= last; k++) {
      s.tag[k] = k == word ? tag : 0;
    }
  }

  /** Lane {@code lane}'s atomic on {@code word}: the old value's node to its destination, the new one's to the word. */
  void atomic(CInsn in, Warp w, int lane, Shadow s, int word, long old, long value, boolean swapped) {
    phase(w);
    int oldTag = s.tag[word];
    int v = w.tag[in.b()][lane];
    w.tag[in.dst][lane] = oldTag;
    s.tag[word] = switch (in.ir.atomic()) {
      case EXCH -> v;
      case CAS -> swapped ? w.tag[in.args[2]][lane] : oldTag;
      case INC, DEC -> 0;
      default -> oldTag == 0 && v == 0 ? 0 : node(atomicOp(in), in.type, oldTag, old, v, value);
    };
  }

  private static Op atomicOp(CInsn in) {
    return switch (in.ir.atomic()) {
      case ADD -> Op.ADD;
      case SUB -> Op.SUB;
      case MIN -> Op.MIN;
      case MAX -> Op.MAX;
      case AND -> Op.AND;
      case OR -> Op.OR;
      case XOR -> Op.XOR;
      default -> Op.MOV;
    };
  }

  /** An operation of the lanes of {@code mask}: the result's node from its operands'. */
  void alu(CInsn in, Warp w, int mask) {
    int[][] tag = w.tag;
    int dst = in.dst;
    switch (in.op.form()) {
      case COPY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          tag[dst][l] = tag[in.a()][l];
        }
      }
      case BINARY -> {
        long[] va = w.regs[in.a()];
        long[] vb = w.regs[in.b()];
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          int ta = tag[in.a()][l];
          int tb = tag[in.b()][l];
          tag[dst][l] = ta == 0 && tb == 0 || in.type == IrType.PRED ? 0 : node(in.op, in.type, ta, va[l], tb, vb[l]);
        }
      }
      case UNARY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          int ta = tag[in.a()][l];
          tag[dst][l] = ta == 0 ? 0 : dataflow.unary(symbol(in.op), ta - 1) + 1;
        }
      }
      case OTHER -> {
        // Comparisons, addresses, special registers, votes: values not derived from the input.
        for (int m = mask; m != 0; m &= m - 1) {
          tag[dst][Integer.numberOfTrailingZeros(m)] = 0;
        }
      }
    }
  }

  /** The node for {@code a op b} where at least one operand is derived from the input. */
  private int node(Op op, IrType type, int ta, long va, int tb, long vb) {
    int a = ta != 0 ? ta - 1 : identity(op, type, va) ? Dataflow.IDENTITY : Dataflow.CONSTANT;
    int b = tb != 0 ? tb - 1 : identity(op, type, vb) ? Dataflow.IDENTITY : Dataflow.CONSTANT;
    return dataflow.binary(symbol(op), op.associative(), a, b) + 1;
  }

  private static char symbol(Op op) {
    return switch (op) {
      case ADD -> '+';
      case SUB -> '-';
      case MUL -> '*';
      case DIV -> '/';
      case REM -> '%';
      case AND -> '&';
      case OR -> '|';
      case XOR -> '^';
      case SHL -> '<';
      case SHR -> '>';
      case MIN -> 'm';
      case MAX -> 'M';
      case NEG -> '-';
      case NOT -> '~';
      case ABS -> 'a';
      // other ops: no symbol of a formula
      default -> '?';
    };
  }

  /** Whether register-form value v of type t is op's identity element. */
  static boolean identity(Op op, IrType t, long v) {
    boolean f32 = t == IrType.F32;
    boolean f64 = t == IrType.F64;
    boolean unsigned = t == IrType.U32 || t == IrType.U64 || t == IrType.U8 || t == IrType.U16;
    double d = f32 ? Float.intBitsToFloat((int) v) : f64 ? Double.longBitsToDouble(v) : 0;
    return switch (op) {
      case ADD, OR, XOR -> f32 || f64 ? d == 0 : v == 0;
      case MUL -> f32 || f64 ? d == 1 : v == 1;
      case AND -> Alu.norm(t, -1L) == v;
      case MIN -> f32 || f64 ? d == Double.POSITIVE_INFINITY : unsigned ? Alu.norm(t, -1L) == v : v == maxSigned(t);
      case MAX -> f32 || f64 ? d == Double.NEGATIVE_INFINITY : unsigned ? v == 0 : v == -maxSigned(t) - 1;
      // other ops: no identity element
      default -> false;
    };
  }

  private static long maxSigned(IrType t) {
    return switch (t) {
      case I8 -> Byte.MAX_VALUE;
      case I16 -> Short.MAX_VALUE;
      case I32 -> Integer.MAX_VALUE;
      default -> Long.MAX_VALUE;
    };
  }

  /**
   * Takes a worker's block's nodes into this graph, renumbered, in the nodes and in the global
   * words the block wrote ({@code footprint}); false when the node budget is exceeded.
   */
  boolean merge(Dataflow.Part nodes, long[] footprint, Heap heap) {
    if (nodes == null || nodes.from() == nodes.to()) {
      return true;
    }
    int base = nodes.segment().base();
    int delta = dataflow.append(nodes);
    if (delta < 0) {
      return false;
    }
    for (int r = 0; delta != 0 && footprint != null && r < footprint.length; r += 3) {
      if ((footprint[r] & 1) == 0) {
        continue; // read, not written
      }
      int[] tag = heap.get((int) (footprint[r] >> 1)).shadow.tag;
      int last = (int) Math.min(tag.length, (footprint[r + 2] + 3) >>> 2);
      for (int w = (int) (footprint[r + 1] >>> 2); w < last; w++) {
        tag[w] = Dataflow.relocate(tag[w], base, delta);
      }
    }
    return true;
  }
}
