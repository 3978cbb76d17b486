package org.scansim.frontend.ir;

import java.util.List;
import org.scansim.frontend.ast.Expr;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Enums.ShuffleMode;
import org.scansim.frontend.ir.Enums.SpecialReg;
import org.scansim.frontend.ir.Enums.Vote;
import org.scansim.frontend.sema.GroupCall;
import org.scansim.frontend.sema.Sema;
import org.scansim.frontend.sema.Type;

/**
 * Lowers the cooperative-groups calls ({@link GroupCall}) to the IR's own instructions, as the
 * CUDA headers implement them: a group is known from its type, so making one costs nothing; a
 * thread's rank in the block is {@code x + nx * (y + ny * z)}; a tile of N threads is the N
 * consecutive ranks {@code rank & ~(N - 1)} onwards, its lanes in one warp, so that its sync is
 * {@code __syncwarp} of the tile's lanes, its shuffles are the warp's with width N and its votes
 * the warp's over the tile's lanes (a ballot shifted down to the tile). {@code reduce} is a tree
 * of {@code log2 N} {@code shfl_down} with offsets 1, 2, 4, ... and a broadcast from rank 0, so
 * that every combination joins adjacent ranges and the scan proof can follow it; the headers'
 * butterfly ({@code shfl_xor}) gives the same value for the commutative operators reduce takes,
 * with one shuffle fewer.
 */
final class GroupLowering {
  private final ExprLowering exprs;
  private final Sema sema;

  GroupLowering(ExprLowering exprs, Sema sema) {
    this.exprs = exprs;
    this.sema = sema;
  }

  private FunctionBuilder b() {
    return exprs.builder();
  }

  Operand lower(Expr.Call e, GroupCall g) {
    Span span = e.span();
    List<Expr> a = e.args();
    int n = g.threads();
    return switch (g.kind()) {
      case MAKE -> null;
      case SYNC -> {
        if (n == 0) {
          b().emit(new Insn(Op.BAR, null, span));
        } else {
          b().emit(new Insn(Op.BAR_WARP, IrType.U32, span).args(mask(n, span)));
        }
        yield null;
      }
      case THREAD_RANK -> n == 0 ? rank(span) : op(Op.AND, rank(span), u32(n - 1), span);
      case SIZE -> n == 0 ? blockSize(span) : u32(n);
      case META_GROUP_RANK -> op(Op.SHR, rank(span), u32(log2(n)), span);
      case META_GROUP_SIZE -> op(Op.SHR, op(Op.ADD, blockSize(span), u32(n - 1), span), u32(log2(n)), span);
      case SHFL, SHFL_UP, SHFL_DOWN, SHFL_XOR -> {
        Type t = sema.operationType(e);
        ShuffleMode m = switch (g.kind()) {
          case SHFL -> ShuffleMode.IDX;
          case SHFL_UP -> ShuffleMode.UP;
          case SHFL_DOWN -> ShuffleMode.DOWN;
          default -> ShuffleMode.BFLY;
        };
        Operand mask = mask(n, span);
        Operand v = exprs.convertedValue(a.get(1), t);
        Operand lane = exprs.convertedValue(a.get(2), Type.INT);
        yield shuffle(m, IrType.of(t), mask, v, lane, n, span);
      }
      case ANY, ALL, BALLOT -> {
        Operand mask = mask(n, span);
        Operand p = exprs.convertedValue(a.get(1), Type.BOOL);
        Vote v = g.kind() == GroupCall.Kind.BALLOT ? Vote.BALLOT : g.kind() == GroupCall.Kind.ANY ? Vote.ANY : Vote.ALL;
        IrType rt = v == Vote.BALLOT ? IrType.U32 : IrType.I32;
        Reg r = b().temp(rt);
        b().emit(new Insn(Op.VOTE, rt, span).vote(v).args(mask, p).dst(r));
        if (v != Vote.BALLOT || n == 32) {
          yield r;
        }
        // The tile's own bits: bit i for the tile's thread of rank i.
        yield op(Op.AND, op(Op.SHR, r, tileBase(n, span), span), u32((1L << n) - 1), span);
      }
      case INCLUSIVE_SCAN, EXCLUSIVE_SCAN -> {
        Type t = sema.operationType(e);
        yield scan(IrType.of(t), exprs.convertedValue(a.get(1), t), combineOf(g.op()), n, g.kind() == GroupCall.Kind.EXCLUSIVE_SCAN,
            span);
      }
      case REDUCE -> {
        Type t = sema.operationType(e);
        IrType it = IrType.of(t);
        Operand mask = mask(n, span);
        Operand v = exprs.convertedValue(a.get(1), t);
        Op combine = combineOf(g.op());
        // Offsets growing from 1: rank 0's value combines adjacent ranges only (x0..x1, then
        // x0..x3, ...), which the scan proof follows; then rank 0 gives it to the whole tile.
        for (int offset = 1; offset < n; offset *= 2) {
          Operand other = shuffle(ShuffleMode.DOWN, it, mask, v, Imm.ofLong(IrType.I32, offset), n, span);
          Reg r = b().temp(it);
          b().emit(new Insn(combine, it, span).args(v, other).dst(r));
          v = r;
        }
        yield n == 1 ? v : shuffle(ShuffleMode.IDX, it, mask, v, Imm.ofLong(IrType.I32, 0), n, span);
      }
    };
  }

  private static Op combineOf(String op) {
    return switch (op) {
      case "plus" -> Op.ADD;
      case "less" -> Op.MIN;
      case "greater" -> Op.MAX;
      case "bit_and" -> Op.AND;
      case "bit_or" -> Op.OR;
      default -> Op.XOR;
    };
  }

  /**
   * The tile's scan of v (Kogge and Stone's, as the headers' generic path does it): for d = 1, 2,
   * 4, ... the value d ranks down joins on the left where the rank reaches it. The exclusive scan
   * is the inclusive one shifted up a rank, with T{} (0) at rank 0 as cooperative_groups/scan.h
   * gives it, whatever the operator.
   */
  private Operand scan(IrType t, Operand v, Op combine, int n, boolean exclusive, Span span) {
    Operand mask = mask(n, span);
    Operand rank = n == 0 ? rank(span) : op(Op.AND, rank(span), u32(n - 1), span);
    Reg acc = b().temp(t);
    b().emit(new Insn(Op.MOV, t, span).dst(acc).args(v));
    for (int d = 1; d < n; d *= 2) {
      Reg lower = shuffle(ShuffleMode.UP, t, mask, acc, Imm.ofLong(IrType.I32, d), n, span);
      Reg reaches = b().temp(IrType.PRED);
      b().emit(new Insn(Op.SETP, IrType.U32, span).dst(reaches).cmp(Enums.Cmp.GE).args(rank, u32(d)));
      Block then = b().newBlock("scan.add");
      Block end = b().newBlock("scan.next");
      b().condBranch(reaches, then, end, span);
      b().setCurrent(then);
      Reg joined = b().temp(t);
      b().emit(new Insn(combine, t, span).args(lower, acc).dst(joined));
      b().emit(new Insn(Op.MOV, t, span).dst(acc).args(joined));
      b().branch(end, span);
      b().setCurrent(end);
    }
    if (!exclusive) {
      return acc;
    }
    // The inclusive scan shifted up a rank; rank 0 gets T{} (0), as the headers' exclusive_scan gives it.
    Reg shifted = shuffle(ShuffleMode.UP, t, mask, acc, Imm.ofLong(IrType.I32, 1), n, span);
    Reg first = b().temp(IrType.PRED);
    b().emit(new Insn(Op.SETP, IrType.U32, span).dst(first).cmp(Enums.Cmp.EQ).args(rank, u32(0)));
    Block zero = b().newBlock("scan.first");
    Block end = b().newBlock("scan.done");
    b().condBranch(first, zero, end, span);
    b().setCurrent(zero);
    b().emit(new Insn(Op.MOV, t, span).dst(shifted).args(Imm.ofLong(t, 0)));
    b().branch(end, span);
    b().setCurrent(end);
    return shifted;
  }

  private Reg shuffle(ShuffleMode m, IrType t, Operand mask, Operand v, Operand lane, int width, Span span) {
    Reg r = b().temp(t);
    b().emit(new Insn(Op.SHFL, t, span).shuffle(m).args(mask, v, lane, Imm.ofLong(IrType.I32, width)).dst(r));
    return r;
  }

  /** The thread's rank in its block: x + nx * (y + ny * z). */
  private Operand rank(Span span) {
    Operand zy = op(Op.MUL, sreg(SpecialReg.TID_Z, span), sreg(SpecialReg.NTID_Y, span), span);
    Operand y = op(Op.ADD, zy, sreg(SpecialReg.TID_Y, span), span);
    Operand yx = op(Op.MUL, y, sreg(SpecialReg.NTID_X, span), span);
    return op(Op.ADD, yx, sreg(SpecialReg.TID_X, span), span);
  }

  private Operand blockSize(Span span) {
    Operand xy = op(Op.MUL, sreg(SpecialReg.NTID_X, span), sreg(SpecialReg.NTID_Y, span), span);
    return op(Op.MUL, xy, sreg(SpecialReg.NTID_Z, span), span);
  }

  /** The first lane of the thread's tile of n in its warp. */
  private Operand tileBase(int n, Span span) {
    return op(Op.AND, rank(span), u32(31 & ~(n - 1)), span);
  }

  /** The lanes of the thread's tile of n: all 32 for a warp-sized tile. */
  private Operand mask(int n, Span span) {
    if (n == 0 || n == 32) {
      return CallLowering.FULL_MASK;
    }
    return op(Op.SHL, u32((1L << n) - 1), tileBase(n, span), span);
  }

  private Reg sreg(SpecialReg r, Span span) {
    Reg x = b().temp(IrType.U32);
    b().emit(new Insn(Op.SREG, IrType.U32, span).sreg(r).dst(x));
    return x;
  }

  private Reg op(Op op, Operand x, Operand y, Span span) {
    Reg r = b().temp(IrType.U32);
    b().emit(new Insn(op, IrType.U32, span).args(x, y).dst(r));
    return r;
  }

  private static Imm u32(long v) {
    return Imm.ofLong(IrType.U32, v);
  }

  private static int log2(int n) {
    return Integer.numberOfTrailingZeros(n);
  }
}
