package org.scansim.sim.event;

import java.util.ArrayList;
import java.util.List;
import org.scansim.frontend.ir.Insn;

/** Several observers heard as one: each hears every event, in the order given. */
public final class Observers {
  private Observers() {}

  /**
   * The observers that are not null, as one: null for none, the one itself for one. Their blocks
   * run on several threads only when every one of them gives workers.
   */
  public static ExecutionObserver all(ExecutionObserver... observers) {
    List<ExecutionObserver> list = new ArrayList<>();
    for (ExecutionObserver o : observers) {
      if (o != null) {
        list.add(o);
      }
    }
    return list.isEmpty() ? null : list.size() == 1 ? list.get(0) : new Fanout(List.copyOf(list));
  }

  private record Fanout(List<ExecutionObserver> each, boolean addresses) implements ExecutionObserver {
    Fanout(List<ExecutionObserver> each) {
      this(each, each.stream().anyMatch(ExecutionObserver::wantsSharedAddresses));
    }

    @Override
    public void launch(String kernel, long blocks, int threadsPerBlock) {
      each.forEach(o -> o.launch(kernel, blocks, threadsPerBlock));
    }

    @Override
    public ExecutionObserver worker() {
      List<ExecutionObserver> workers = new ArrayList<>();
      for (ExecutionObserver o : each) {
        ExecutionObserver w = o.worker();
        if (w == null) {
          return null;
        }
        workers.add(w);
      }
      return new Fanout(List.copyOf(workers));
    }

    @Override
    public void restart() {
      each.forEach(ExecutionObserver::restart);
    }

    @Override
    public long elapsedNanos() {
      for (ExecutionObserver o : each) {
        long t = o.elapsedNanos();
        if (t >= 0) {
          return t;
        }
      }
      return -1;
    }

    @Override
    public boolean listening() {
      return each.stream().anyMatch(ExecutionObserver::listening);
    }

    @Override
    public void blockBegin(int block) {
      each.forEach(o -> o.blockBegin(block));
    }

    @Override
    public void blockEnd(int block) {
      each.forEach(o -> o.blockEnd(block));
    }

    @Override
    public void issue(int block, int warp, Insn insn, int activeMask) {
      for (ExecutionObserver o : each) {
        o.issue(block, warp, insn, activeMask);
      }
    }

    @Override
    public void issueRun(int block, int warp, Insn[] insns, int from, int to, int activeMask) {
      for (ExecutionObserver o : each) {
        o.issueRun(block, warp, insns, from, to, activeMask);
      }
    }

    @Override
    public void sharedAccess(int block, int warp, Insn insn, boolean store, int lanes, int wavefronts, int idealWavefronts) {
      for (ExecutionObserver o : each) {
        o.sharedAccess(block, warp, insn, store, lanes, wavefronts, idealWavefronts);
      }
    }

    @Override
    public boolean wantsSharedAddresses() {
      return addresses;
    }

    @Override
    public void sharedAddresses(int block, int warp, Insn insn, boolean store, int lanes, int size, int[] addresses) {
      for (ExecutionObserver o : each) {
        o.sharedAddresses(block, warp, insn, store, lanes, size, addresses);
      }
    }

    @Override
    public void globalAccess(int block, int warp, Insn insn, boolean store, int lanes, int sectors, long address) {
      for (ExecutionObserver o : each) {
        o.globalAccess(block, warp, insn, store, lanes, sectors, address);
      }
    }

    @Override
    public void localAccess(int block, int warp, Insn insn, boolean store, int lanes) {
      for (ExecutionObserver o : each) {
        o.localAccess(block, warp, insn, store, lanes);
      }
    }

    @Override
    public void atomic(int block, int warp, Insn insn, int lanes, long address, boolean changed) {
      for (ExecutionObserver o : each) {
        o.atomic(block, warp, insn, lanes, address, changed);
      }
    }

    @Override
    public void divergentBranch(int block, int warp, Insn insn, int activeMask, int taken) {
      for (ExecutionObserver o : each) {
        o.divergentBranch(block, warp, insn, activeMask, taken);
      }
    }

    @Override
    public void reconverge(int block, int warp, int mask) {
      for (ExecutionObserver o : each) {
        o.reconverge(block, warp, mask);
      }
    }

    @Override
    public void barrier(int block, Insn insn) {
      for (ExecutionObserver o : each) {
        o.barrier(block, insn);
      }
    }
  }
}
