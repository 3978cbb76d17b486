package org.scansim.sim.check;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.diag.Span;
import org.scansim.frontend.ir.Op;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Warp;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.memory.Shadow;
import org.scansim.sim.result.Kind;

/**
 * {@link Check#INIT}: a read of a word nothing wrote, reported once per site and thread; the
 * value's origin (the read it came from) then follows it through registers ({@code Warp.undef})
 * and memory ({@code Shadow.undef}), so that the run can say which outputs such a value reaches.
 */
final class InitCheck implements CheckUnit {
  private final Checker owner;
  /**
   * The reads that may find uninitialised memory (loads and atomics), by id, numbered when their
   * kernel is first launched: an uninitialised value carries the id of the read it came from + 1.
   * Shared by the workers.
   */
  final List<Span> origins;
  private final Map<CInsn, Integer> originIds;

  InitCheck(Checker owner) {
    this.owner = owner;
    this.origins = new ArrayList<>();
    this.originIds = new IdentityHashMap<>();
  }

  /** A worker's unit: the main one's origins. */
  InitCheck(Checker owner, InitCheck main) {
    this.owner = owner;
    this.origins = main.origins;
    this.originIds = main.originIds;
  }

  @Override
  public Check check() {
    return Check.INIT;
  }

  @Override
  public void newLaunch(Code code) {
    for (CInsn in : code.insns) {
      if (in.op == Op.LD || in.op == Op.ATOM) {
        originIds.computeIfAbsent(in, k -> {
          origins.add(k.span);
          return origins.size() - 1;
        });
      }
    }
  }

  private int origin(CInsn in) {
    return originIds.get(in) + 1;
  }

  /**
   * The origin a struct copy's load gives a field nothing wrote ({@link
   * org.scansim.frontend.ir.Insn#isCopy}): its store leaves the copy's field unwritten in turn,
   * so a later read of it is the one reported. Never an index of {@link #origins}.
   */
  static final int COPIED_UNWRITTEN = -1;

  /** Word w holds an input element or memset bytes: written, by nothing uninitialised. */
  static void written(Shadow s, int w) {
    s.init[w] = 1;
    s.undef[w] = 0;
  }

  /** A copy's word: from the host (not tracked) it counts as initialising; else it moves with the bytes. */
  static void copy(Shadow ds, int dw, Shadow ss, int sw, boolean fromHost) {
    ds.init[dw] = fromHost ? 1 : ss.init[sw];
    ds.undef[dw] = fromHost ? 0 : ss.undef[sw];
  }

  /** Lane {@code lane}'s load of {@code size} bytes at {@code off}: the origin its value carries (reported when nothing wrote it). */
  int load(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, Shadow s, int off, int size) {
    int origin = 0;
    boolean uninit = false;
    for (int k = off >>> 2; k <= (off + size - 1) >>> 2; k++) {
      uninit |= s.init[k] == 0;
      origin = origin != 0 ? origin : s.undef[k];
    }
    if (uninit && in.ir.isCopy()) {
      origin = COPIED_UNWRITTEN; // a struct copy moves it without reading it: its store passes it on
    } else if (uninit) {
      uninitialised(in, b, w, lane, a, off, size);
      origin = origin(in);
    }
    return origin;
  }

  /** Words {@code word..last} stored from a register lane whose origin is {@code origin}. */
  static void store(Shadow s, int word, int last, int origin) {
    boolean unwritten = origin == COPIED_UNWRITTEN;
    for (int k = word; k <= last; k++) {
      s.init[k] = (byte) (unwritten ? 0 : 1);
      s.undef[k] = unwritten ? 0 : origin;
    }
  }

  /** Lane {@code lane}'s atomic on {@code word}: the old value's origin to its destination, the word written. */
  void atomic(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, Shadow s, int off, int size) {
    int word = off >>> 2;
    int origin = s.undef[word];
    if (s.init[word] == 0) {
      uninitialised(in, b, w, lane, a, off, size);
      origin = origin(in);
    }
    w.undef[in.dst][lane] = origin;
    s.init[word] = 1;
    s.undef[word] = origin != 0 ? origin : w.undef[in.b()][lane];
  }

  /** An operation of the lanes of {@code mask}: the result's origin from its operands'. */
  static void alu(CInsn in, Warp w, int mask) {
    int[][] undef = w.undef;
    int dst = in.dst;
    switch (in.op.form()) {
      case COPY, UNARY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          undef[dst][l] = undef[in.a()][l];
        }
      }
      case BINARY -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          int ua = undef[in.a()][l];
          undef[dst][l] = ua != 0 ? ua : undef[in.b()][l];
        }
      }
      case OTHER -> {
        for (int m = mask; m != 0; m &= m - 1) {
          int l = Integer.numberOfTrailingZeros(m);
          int u = 0;
          for (int a : in.args) {
            if (u == 0 && a < undef.length) {
              u = undef[a][l];
            }
          }
          undef[dst][l] = u;
        }
      }
    }
  }

  private void uninitialised(CInsn in, BlockExecutor b, Warp w, int lane, Allocation a, int off, int size) {
    if (owner.findings.counted(Finding.key(Kind.UNINITIALISED_READ, null, a.name, in.span, null))) {
      return;
    }
    int index = off / Math.max(1, size);
    String where = a.element(off, size);
    String thread = Checker.thread(w, lane);
    owner.findings.add(new Finding(Kind.UNINITIALISED_READ, null, in.span, null, a.name, String.valueOf(index), thread,
        b.blockName(), 1, "read of " + Ptr.spaceName(a.space) + " " + where + ", which nothing has written, by thread "
            + thread + " of block " + b.blockName()));
  }
}
