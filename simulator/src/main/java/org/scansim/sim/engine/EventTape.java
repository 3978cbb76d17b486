package org.scansim.sim.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.scansim.frontend.ir.Insn;
import org.scansim.sim.event.ExecutionObserver;

/**
 * What an execution observer heard of one block, kept to be heard again for the blocks replayed
 * from it ({@link BlockReplay}): it passes every event on to the observer it stands in front of
 * and keeps those of the block, each instruction issued one at a time gathered into runs (as a
 * trace reports them), so that a replayed block is heard as running it would be heard, its global
 * addresses moved by the block's steps.
 */
final class EventTape implements ExecutionObserver {
  private final ExecutionObserver to;
  private final List<Object> events = new ArrayList<>();
  /** The run being gathered: its warp and mask, and its instructions. */
  private int runWarp = -1;
  private int runMask;
  private final List<Insn> run = new ArrayList<>();

  EventTape(ExecutionObserver to) {
    this.to = to;
  }

  private record Run(int warp, Insn[] insns, int mask) {}

  private record Shared(int warp, Insn insn, boolean store, int lanes, int wavefronts, int ideal) {}

  private record SharedAddresses(int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {}

  private record Global(int warp, Insn insn, boolean store, int lanes, int sectors, long address) {}

  private record Diverge(int warp, Insn insn, int mask, int taken) {}

  private record Reconverge(int warp, int mask) {}

  private record Barrier(Insn insn) {}

  private void keep(Object event) {
    endRun();
    events.add(event);
  }

  private void endRun() {
    if (runWarp >= 0) {
      events.add(new Run(runWarp, run.toArray(new Insn[0]), runMask));
      run.clear();
      runWarp = -1;
    }
  }

  /** The events kept, once the block has ended. */
  List<Object> events() {
    endRun();
    return List.copyOf(events);
  }

  /**
   * Tells {@code o} the events of {@code kept} as block {@code block}'s, its global requests at
   * {@code globalAddresses} (in order: {@link Addresses#at}).
   */
  static void replay(List<Object> kept, ExecutionObserver o, int block, long[] globalAddresses) {
    int g = 0;
    for (Object e : kept) {
      if (e instanceof Run r) {
        o.issueRun(block, r.warp, r.insns, 0, r.insns.length, r.mask);
      } else if (e instanceof Shared s) {
        o.sharedAccess(block, s.warp, s.insn, s.store, s.lanes, s.wavefronts, s.ideal);
      } else if (e instanceof Global r) {
        o.globalAccess(block, r.warp, r.insn, r.store, r.lanes, r.sectors, globalAddresses[g++]);
      } else if (e instanceof SharedAddresses a) {
        o.sharedAddresses(block, a.warp, a.insn, a.store, a.lanes, a.size, a.addresses.clone());
      } else if (e instanceof Diverge d) {
        o.divergentBranch(block, d.warp, d.insn, d.mask, d.taken);
      } else if (e instanceof Reconverge r) {
        o.reconverge(block, r.warp, r.mask);
      } else if (e instanceof Barrier b) {
        o.barrier(block, b.insn);
      }
    }
  }

  /**
   * Whether {@code a} and {@code b} hold the same events but for their global requests' addresses
   * (two residues of one tape, most often, whose blocks differ only in where a request is).
   */
  static boolean sameButAddresses(List<Object> a, List<Object> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      boolean same;
      if (x instanceof Run r && y instanceof Run s) {
        same = r.warp == s.warp && r.mask == s.mask && java.util.Arrays.equals(r.insns, s.insns);
      } else if (x instanceof Global g && y instanceof Global h) {
        same = g.warp == h.warp && g.insn == h.insn && g.store == h.store && g.lanes == h.lanes && g.sectors == h.sectors;
      } else if (x instanceof SharedAddresses p && y instanceof SharedAddresses q) {
        same = p.warp == q.warp && p.insn == q.insn && p.store == q.store && p.lanes == q.lanes && p.size == q.size
            && java.util.Arrays.equals(p.addresses, q.addresses);
      } else {
        same = x.equals(y); // records of instructions (by identity) and numbers
      }
      if (!same) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code kept} with the runs of {@code like}, whose events are the same but for addresses: the
   * same arrays, by which an observer knows a run again ({@link ExecutionObserver#issueRun}).
   */
  static List<Object> withRunsOf(List<Object> kept, List<Object> like) {
    List<Object> out = new ArrayList<>(kept.size());
    for (int i = 0; i < kept.size(); i++) {
      out.add(kept.get(i) instanceof Run ? like.get(i) : kept.get(i));
    }
    return List.copyOf(out);
  }

  /**
   * The global requests' addresses of {@code kept}'s events as block k steps on, each of
   * allocation id moved by {@code steps.get(id) × k} bytes, in order: computed by {@link #at}, into
   * one array it reuses.
   */
  static final class Addresses {
    private final long[] first;
    private final long[] step;
    private final long[] at;

    Addresses(List<Object> kept, Map<Integer, Long> steps) {
      int n = 0;
      for (Object e : kept) {
        n += e instanceof Global ? 1 : 0;
      }
      first = new long[n];
      step = new long[n];
      at = new long[n];
      int i = 0;
      for (Object e : kept) {
        if (e instanceof Global g) {
          Long s = steps.get((int) (g.address >>> 32));
          first[i] = g.address;
          step[i++] = s == null ? 0 : s;
        }
      }
    }

    /** The addresses for the block k steps on from the recorded one (the array is reused). */
    long[] at(long k) {
      for (int i = 0; i < at.length; i++) {
        at[i] = first[i] + step[i] * k;
      }
      return at;
    }
  }

  @Override
  public void launch(String kernel, long blocks, int threadsPerBlock) {
    to.launch(kernel, blocks, threadsPerBlock);
  }

  @Override
  public long elapsedNanos() {
    return to.elapsedNanos();
  }

  @Override
  public ExecutionObserver worker() {
    return to.worker();
  }

  @Override
  public void restart() {
    to.restart();
  }

  @Override
  public boolean listening() {
    return to.listening();
  }

  @Override
  public void blockBegin(int block) {
    to.blockBegin(block);
  }

  @Override
  public void blockEnd(int block) {
    to.blockEnd(block);
  }

  @Override
  public void issue(int block, int warp, Insn insn, int activeMask) {
    if (warp != runWarp || activeMask != runMask) {
      endRun();
      runWarp = warp;
      runMask = activeMask;
    }
    run.add(insn);
    to.issue(block, warp, insn, activeMask);
  }

  @Override
  public void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
    for (int i = from; i < to; i++) {
      issue(block, warp, insns[i], activeMask);
    }
  }

  @Override
  public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
    keep(new Shared(warp, insn, store, lanes, wavefronts, idealWavefronts));
    to.sharedAccess(block, warp, insn, store, lanes, wavefronts, idealWavefronts);
  }

  @Override
  public boolean wantsSharedAddresses() {
    return to.wantsSharedAddresses();
  }

  @Override
  public void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {
    keep(new SharedAddresses(warp, insn, store, lanes, size, addresses.clone()));
    to.sharedAddresses(block, warp, insn, store, lanes, size, addresses);
  }

  @Override
  public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
    keep(new Global(warp, insn, store, lanes, sectors, address));
    to.globalAccess(block, warp, insn, store, lanes, sectors, address);
  }

  @Override
  public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
    events.clear(); // not replayed (a tape refuses local memory): keep nothing that could pass for the block
    to.localAccess(block, warp, insn, store, lanes);
  }

  @Override
  public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
    events.clear();
    to.atomic(block, warp, insn, lanes, address, changed);
  }

  @Override
  public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
    keep(new Diverge(warp, insn, activeMask, taken));
    to.divergentBranch(block, warp, insn, activeMask, taken);
  }

  @Override
  public void reconverge(int block, int warp, int mask) {
    keep(new Reconverge(warp, mask));
    to.reconverge(block, warp, mask);
  }

  @Override
  public void barrier(int block, Insn insn) {
    keep(new Barrier(insn));
    to.barrier(block, insn);
  }
}
