package org.scansim.sim.check;

import org.scansim.frontend.diag.Span;
import org.scansim.sim.engine.BlockExecutor;
import org.scansim.sim.engine.CInsn;
import org.scansim.sim.engine.Code;
import org.scansim.sim.engine.Warp;
import org.scansim.sim.memory.Allocation;
import org.scansim.sim.memory.Ptr;
import org.scansim.sim.memory.Shadow;
import org.scansim.sim.result.Kind;

/**
 * {@link Check#RACES}: two accesses to one word by different threads, at least one a write, not
 * ordered by a {@code __syncthreads} of their block (between blocks of one launch: unless both are
 * volatile or atomic), not both atomic. Two lanes of one warp are ordered only by a {@code
 * __syncwarp} from Volta on (CUDA C Guide §7.1, independent thread scheduling); before Volta lock
 * step orders them when both accesses are volatile, reported as relying on warp-synchronous
 * execution. Each word's shadow keeps its last writer and its last two readers ({@link Shadow}).
 */
final class RaceCheck implements CheckUnit {
  private final Checker owner;

  RaceCheck(Checker owner) {
    this.owner = owner;
  }

  @Override
  public Check check() {
    return Check.RACES;
  }


  /** The interval word of an access: barrier phase, __syncwarp count, atomic and volatile bits. */
  static int interval(Warp w, boolean atomic, boolean isVolatile) {
    return (w.phase << 16) | ((w.syncCount & 0x3FFF) << 2) | (atomic ? 2 : 0) | (isVolatile ? 1 : 0);
  }

  /**
   * Whether an earlier access by launch-wide thread tA in interval eA is ordered before the
   * current access in interval e by a barrier of this block: the first case {@link #hazard}
   * dismisses, tested here without its divisions because it is by far the most common.
   */
  private static boolean barrierOrdered(BlockExecutor b, int tA, int eA, int e) {
    return eA >>> 16 != e >>> 16 && b.ownsThread(tA);
  }

  /** A read of word {@code word} by launch-wide thread t in interval e ({@link #interval}). */
  void read(CInsn in, BlockExecutor b, Allocation a, Shadow s, int word, int off, int size, int t, int e) {
    if (s.wT[word] != 0 && s.wT[word] - 1 != t && !barrierOrdered(b, s.wT[word] - 1, s.wE[word], e)) {
      hazard("read-after-write", b, a, off, size, s.wT[word] - 1, s.wS[word], s.wE[word], t, in.index, e);
    }
    if (s.rT[word] - 1 != t) {
      s.r2T[word] = s.rT[word];
      s.r2S[word] = s.rS[word];
      s.r2E[word] = s.rE[word];
    }
    s.rT[word] = t + 1;
    s.rS[word] = in.index;
    s.rE[word] = e;
  }

  /** A write of word {@code word} by launch-wide thread t in interval e ({@link #interval}). */
  void write(CInsn in, BlockExecutor b, Allocation a, Shadow s, int word, int off, int size, boolean atomic, int t, int e) {
    if (s.wT[word] != 0 && s.wT[word] - 1 != t && !barrierOrdered(b, s.wT[word] - 1, s.wE[word], e)) {
      hazard("write-after-write", b, a, off, size, s.wT[word] - 1, s.wS[word], s.wE[word], t, in.index, e);
    }
    if (s.rT[word] != 0 && s.rT[word] - 1 != t) {
      if (!barrierOrdered(b, s.rT[word] - 1, s.rE[word], e)) {
        hazard("write-after-read", b, a, off, size, s.rT[word] - 1, s.rS[word], s.rE[word], t, in.index, e);
      }
    } else if (s.r2T[word] != 0 && s.r2T[word] - 1 != t && !barrierOrdered(b, s.r2T[word] - 1, s.r2E[word], e)) {
      hazard("write-after-read", b, a, off, size, s.r2T[word] - 1, s.r2S[word], s.r2E[word], t, in.index, e);
    }
    s.wT[word] = t + 1;
    s.wS[word] = in.index;
    s.wE[word] = e;
    if (!atomic) {
      s.rT[word] = 0;
      s.r2T[word] = 0;
    }
  }

  private void hazard(String hazard, BlockExecutor b, Allocation a, int off, int size, int tA, int sA, int eA, int tB, int sB, int eB) {
    int tpb = b.threadsPerBlock();
    boolean syncA = (eA & 3) != 0;
    boolean syncB = (eB & 3) != 0;
    boolean atomicA = (eA & 2) != 0;
    boolean atomicB = (eB & 2) != 0;
    Kind kind = Kind.RACE;
    String scope;
    if (tA / tpb != tB / tpb) {
      if (syncA && syncB) {
        return; // flags and values published with volatile or atomic accesses (and fences)
      }
      scope = "in different blocks of one launch, which nothing but the end of the kernel orders";
    } else {
      if (eA >>> 16 != eB >>> 16 || atomicA && atomicB) {
        return;
      }
      if ((tA % tpb) / 32 != (tB % tpb) / 32) {
        scope = "in different warps with no __syncthreads() between them";
      } else {
        if (((eA >>> 2) & 0x3FFF) != ((eB >>> 2) & 0x3FFF)) {
          return;
        }
        if (owner.its) {
          scope = "in one warp with no __syncwarp() between them (from Volta on, the threads of a warp are not kept in lock step)";
        } else if ((eA & 1) != 0 && (eB & 1) != 0) {
          kind = Kind.WARP_SYNCHRONOUS;
          scope = "in one warp: safe here only because the threads of a warp run in lock step before Volta; from Volta on it needs __syncwarp()";
        } else {
          scope = "in one warp without volatile: even in lock step the compiler may keep the value in a register";
        }
      }
    }
    Code code = b.code();
    Span first = code.insns[sA].span;
    Span second = code.insns[sB].span;
    if (owner.findings.counted(Finding.key(kind, hazard, a.name, first, second))) {
      return; // another occurrence of a finding already described: its message is not built again
    }
    int index = off / Math.max(1, size);
    String where = a.element(off, size);
    String what = hazard.equals("write-after-read") ? "read" : "wrote";
    String then = hazard.equals("read-after-write") ? "reads" : "writes";
    String threads = b.threadAt(tA) + " and " + b.threadAt(tB);
    owner.findings.add(new Finding(kind, hazard, first, second, a.name, String.valueOf(index), threads, b.blockAt(tA)
        + (tA / tpb != tB / tpb ? " and " + b.blockAt(tB) : ""), 1,
        hazard + " on " + Ptr.spaceName(a.space) + " " + where + ": thread " + b.threadAt(tA) + " of block "
            + b.blockAt(tA) + " " + what + " it at " + first.line() + ":" + first.col() + ", then thread " + b.threadAt(tB)
            + " of block " + b.blockAt(tB) + " " + then + " it at " + second.line() + ":" + second.col() + ", " + scope));
  }
}
