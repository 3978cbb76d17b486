package org.scansim.timing;

import java.util.Arrays;

/**
 * One run of {@link SmModel}'s cycle loop: the SM's state, and each cycle's steps as methods of
 * their own (the warps that reach instructions that take no slot, the schedulers' issues, the
 * barriers that open, the next cycle anything can happen, each warp's cycles by reason). Split so
 * that Java compiles each step as a method rather than the whole loop at once on stack replacement,
 * which took its compiler most of a second of a timed run; what it computes is {@link SmModel}'s.
 */
final class SmRun {
  private final WarpTrace[] warps;
  private final int registers;
  private final int sites;
  private final int group;
  private final boolean ideal;
  private final TimingParameters p;

  private final int n;
  private final int groups;
  private final int s;
  private final int[] pc;
  /** Per warp and register: the cycle its value is ready. */
  private final long[] ready;
  private final byte[] producer;
  /** A warp released from a barrier, past a virtual call or a fence, issues from this cycle on. */
  private final long[] waitUntil;
  /** What waitUntil waits for, as a stall: a barrier, a virtual call's loads, a fence. */
  private final Stall[] waitingFor;
  private final boolean[] atBarrier;
  private final boolean[] finished;
  private final long[] arrived;
  /** The instruction a warp last issued, its issue lasting until selectedUntil. */
  private final int[] issuing;
  private final long[] selectedUntil;
  /** A scheduler issues again from this cycle on. */
  private final long[] schedulerFree;
  /** A warp's next global load goes to L1 from this cycle on. */
  private final long[] lsuFree;
  /** A warp's global stores and atomics are done by this cycle. */
  private final long[] drained;
  private final int throttle;
  private final int slot;
  private final int[] lastIssued;
  private final long[] stalls = new long[SmModel.STALLS];
  private final long[] siteStalls;
  private final java.util.List<Long> opened = new java.util.ArrayList<>();
  private long[] phaseStalls = new long[SmModel.STALLS];
  /** Barriers opened by cycle t. */
  private int phase;
  private long sharedFree;
  private long globalFree;
  private long end;
  private long issued;
  private long wavefronts;
  private long sectors;
  private int done;
  private long t;
  private long[][] markTimes;
  private int[] nextMark;

  SmRun(WarpTrace[] warps, int registers, int sites, int group, boolean ideal, TimingParameters p) {
    this.warps = warps;
    this.registers = registers;
    this.sites = sites;
    this.group = group;
    this.ideal = ideal;
    this.p = p;
    n = warps.length;
    groups = (n + group - 1) / Math.max(1, group);
    s = p.schedulersPerSm();
    pc = new int[n];
    ready = new long[n * registers];
    producer = new byte[n * registers];
    waitUntil = new long[n];
    waitingFor = new Stall[n];
    Arrays.fill(waitingFor, Stall.BARRIER);
    atBarrier = new boolean[n];
    finished = new boolean[n];
    arrived = new long[n];
    issuing = new int[n];
    selectedUntil = new long[n];
    schedulerFree = new long[s];
    lsuFree = new long[n];
    drained = new long[n];
    throttle = p.globalThrottleCycles();
    slot = Math.max(1, p.issueCycles());
    lastIssued = new int[s];
    Arrays.fill(lastIssued, -1);
    siteStalls = new long[Math.max(0, sites) * SmModel.STALLS];
    for (int w = 0; w < n; w++) {
      if (warps[w].markCount > 0) {
        if (markTimes == null) {
          markTimes = new long[n][];
          nextMark = new int[n];
        }
        markTimes[w] = new long[warps[w].markCount];
      }
    }
  }

  SmModel.BlockTime run() {
    while (true) {
      if (runFree()) {
        break;
      }
      boolean any = issue();
      long next = openBarriers();
      if (!any) {
        next = nextEvent(next);
      }
      long after = any ? t + 1 : next == Long.MAX_VALUE ? t + 1 : Math.max(t + 1, next);
      attribute(after);
      if (!any && next == Long.MAX_VALUE) {
        break; // nothing can ever issue again (cannot happen with complete traces)
      }
      t = after;
    }
    return new SmModel.BlockTime(Math.max(end, t), issued, wavefronts, sectors, stalls, siteStalls,
        opened.stream().mapToLong(Long::longValue).toArray(), Arrays.copyOf(phaseStalls, (opened.size() + 1) * SmModel.STALLS), markTimes,
        0, null);
  }

  /** Instructions that take no slot run as soon as the warp reaches them; true when every warp has finished. */
  private boolean runFree() {
    for (int w = 0; w < n; w++) {
      if (finished[w] || atBarrier[w]) {
        continue;
      }
      WarpTrace tr = warps[w];
      int base = w * registers;
      while (pc[w] < tr.length && tr.kind(pc[w]) == WarpTrace.FREE) {
        if (markTimes != null && nextMark[w] < tr.markCount && tr.marks[nextMark[w]] == pc[w]) {
          markTimes[w][nextMark[w]++] = t;
        }
        int from = SmModel.latest(ready, base, tr, pc[w]);
        int dst = tr.dst(pc[w]);
        if (dst >= 0) {
          ready[base + dst] = from < 0 ? 0 : ready[base + from];
          producer[base + dst] = from < 0 ? SmModel.BY_ALU : producer[base + from];
        }
        pc[w]++;
      }
      if (pc[w] >= tr.length) {
        finished[w] = true;
        done++;
      }
    }
    return done == n;
  }

  /** Each free scheduler issues one instruction of its warps at cycle t, if one is ready; whether any did. */
  private boolean issue() {
    boolean any = false;
    for (int sch = 0; sch < s; sch++) {
      if (schedulerFree[sch] > t) {
        continue;
      }
      // The warps of this scheduler, from the one after the last it issued.
      int count = (n - sch + s - 1) / s;
      int start = lastIssued[sch] < 0 ? 0 : ((lastIssued[sch] - sch) / s + 1) % Math.max(1, count);
      for (int k = 0; k < count; k++) {
        int w = sch + ((start + k) % count) * s;
        if (issueOne(sch, w)) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  /** Scheduler {@code sch} issues warp {@code w}'s next instruction at cycle t, if it can: whether it did. */
  private boolean issueOne(int sch, int w) {
    if (finished[w] || atBarrier[w] || waitUntil[w] > t) {
      return false;
    }
    WarpTrace tr = warps[w];
    int base = w * registers;
    int from = SmModel.latest(ready, base, tr, pc[w]);
    if (from >= 0 && ready[base + from] > t) {
      return false;
    }
    int kind = tr.kind(pc[w]);
    if (throttle > 0 && SmModel.globalLoad(kind)) {
      if (lsuFree[w] > t) {
        return false; // the warp's last global load still holds its path to L1
      }
      lsuFree[w] = t + throttle;
    }
    waitingFor[w] = Stall.BARRIER; // a virtual call's or a fence's wait, if any, is over
    int cost = Math.max(1, ideal ? tr.cost(pc[w]) - tr.excess(pc[w]) : tr.cost(pc[w]));
    long result = t + p.aluLatency();
    byte by = SmModel.BY_ALU;
    switch (kind) {
      case WarpTrace.SPECIAL -> result = t + p.specialLatency();
      case WarpTrace.CONVERT -> result = t + p.conversionLatency();
      case WarpTrace.SHARED_LD, WarpTrace.SHARED_ST -> {
        long begin = Math.max(t, sharedFree);
        sharedFree = begin + (long) cost * p.sharedCyclesPerWavefront();
        wavefronts += cost;
        // A conflict's extra wavefronts delay its warp 2 cycles each (measured), though the pipe serves one a cycle.
        result = begin + p.sharedLatency() + Math.round((cost - 1) * p.sharedConflictCycles());
        by = SmModel.BY_SHARED;
        if (kind == WarpTrace.SHARED_ST) {
          end = Math.max(end, sharedFree);
        }
      }
      case WarpTrace.GLOBAL_LD, WarpTrace.GLOBAL_ST, WarpTrace.GLOBAL_LD_L1, WarpTrace.GLOBAL_LD_L2, WarpTrace.GLOBAL_LD_PAGE,
          WarpTrace.GLOBAL_LD_DRAM, WarpTrace.GLOBAL_ATOMIC -> {
        long begin = Math.max(t, globalFree);
        globalFree = begin + (cost + p.globalSectorsPerCycle() - 1) / p.globalSectorsPerCycle();
        if (kind != WarpTrace.GLOBAL_LD_L1 && kind != WarpTrace.GLOBAL_LD_L2) {
          sectors += cost; // device memory's: a cache hit moves none
        }
        result = globalFree + switch (kind) {
          case WarpTrace.GLOBAL_LD -> p.globalLoadLatency();
          case WarpTrace.GLOBAL_LD_PAGE -> p.newPageLatency();
          case WarpTrace.GLOBAL_LD_DRAM -> p.samePageLatency();
          case WarpTrace.GLOBAL_ATOMIC -> p.atomicResultLatency();
          case WarpTrace.GLOBAL_LD_L1 -> p.l1Latency();
          case WarpTrace.GLOBAL_LD_L2 -> p.l2Latency();
          default -> 0;
        };
        by = SmModel.BY_GLOBAL;
        if (kind == WarpTrace.GLOBAL_ST) {
          end = Math.max(end, globalFree + p.globalStoreLatency());
          drained[w] = Math.max(drained[w], globalFree + p.globalStoreLatency());
        } else if (kind == WarpTrace.GLOBAL_ATOMIC) {
          drained[w] = Math.max(drained[w], result); // a fence waits for it to be done too
        }
      }
      case WarpTrace.BARRIER -> {
        atBarrier[w] = true;
        arrived[w] = t;
      }
      case WarpTrace.FENCE -> { // the warp's stores drain, then the fence completes
        waitUntil[w] = Math.max(t, drained[w]) + p.memoryFenceCycles();
        waitingFor[w] = Stall.MEMBAR;
      }
      case WarpTrace.CALL_VIRTUAL -> { // the warp waits for the vtable's loads and the indirect call
        waitUntil[w] = t + p.virtualCallCycles();
        waitingFor[w] = Stall.LONG_SCOREBOARD; // as the card's LDL and LD of the vtable show it
      }
      default -> {}
    }
    int dst = tr.dst(pc[w]);
    if (dst >= 0) {
      ready[base + dst] = result;
      producer[base + dst] = by;
    }
    end = Math.max(end, kind == WarpTrace.SHARED_ST || kind == WarpTrace.GLOBAL_ST || kind == WarpTrace.BARRIER ? t + slot : result);
    issuing[w] = pc[w];
    selectedUntil[w] = t + slot;
    schedulerFree[sch] = t + slot;
    if (markTimes != null && nextMark[w] < tr.markCount && tr.marks[nextMark[w]] == pc[w]) {
      markTimes[w][nextMark[w]++] = t;
    }
    pc[w]++;
    issued++;
    lastIssued[sch] = w;
    return true;
  }

  /**
   * A block's barrier opens when every warp of it that has not finished has arrived: opens those
   * that can, and returns the earliest cycle one opened at (Long.MAX_VALUE for none).
   */
  private long openBarriers() {
    long next = Long.MAX_VALUE;
    for (int g = 0; g < groups; g++) {
      int waiting = 0;
      int live = 0;
      long last = 0;
      int to = Math.min(n, (g + 1) * group);
      for (int w = g * group; w < to; w++) {
        if (atBarrier[w]) {
          waiting++;
          last = Math.max(last, arrived[w]);
        }
        if (!finished[w]) {
          live++;
        }
      }
      if (waiting > 0 && waiting == live) {
        // Not before now: the last warp still running may have finished (returned) after the others arrived.
        long open = Math.max(t + 1, last + Math.round(p.barrierCycles() + p.barrierCyclesPerWarp() * live));
        for (int w = g * group; w < to; w++) {
          if (atBarrier[w]) {
            atBarrier[w] = false;
            waitUntil[w] = open;
            waitingFor[w] = Stall.BARRIER;
          }
        }
        end = Math.max(end, open);
        next = Math.min(next, open);
        if (g == 0) {
          opened.add(open);
        }
      }
    }
    return next;
  }

  /**
   * After a cycle without an issue, the next cycle anything can happen (no earlier than {@code
   * next}): the earliest a warp can go on, or a warp's issue of several cycles ends (its cycles
   * after that are counted by what it waits for).
   */
  private long nextEvent(long next) {
    for (int w = 0; w < n; w++) {
      if (selectedUntil[w] > t) {
        next = Math.min(next, selectedUntil[w]);
      }
    }
    for (int w = 0; w < n; w++) {
      if (finished[w] || atBarrier[w]) {
        continue;
      }
      if (waitUntil[w] > t) {
        next = Math.min(next, waitUntil[w]);
        continue;
      }
      int from = pc[w] < warps[w].length ? SmModel.latest(ready, w * registers, warps[w], pc[w]) : -1;
      long go = from >= 0 && ready[w * registers + from] > t ? ready[w * registers + from] : t + 1;
      if (throttle > 0 && pc[w] < warps[w].length && SmModel.globalLoad(warps[w].kind(pc[w]))) {
        go = Math.max(go, lsuFree[w]);
      }
      next = Math.min(next, Math.max(go, schedulerFree[w % s])); // and its scheduler free to issue it
    }
    return next;
  }

  /** Each warp's cycles from t to {@code after}, by what it did, in the phase of the barriers opened by t. */
  private void attribute(long after) {
    while (phase < opened.size() && opened.get(phase) <= t) {
      phase++;
    }
    if ((phase + 1) * SmModel.STALLS > phaseStalls.length) {
      phaseStalls = Arrays.copyOf(phaseStalls, (phase + 1) * SmModel.STALLS);
    }
    for (int w = 0; w < n; w++) {
      boolean selected = selectedUntil[w] > t; // issuing this cycle, or an instruction whose issue takes several
      if (finished[w] && !selected) {
        continue;
      }
      Stall why;
      int at = selected ? issuing[w] : pc[w];
      if (selected) {
        why = Stall.SELECTED;
      } else if (atBarrier[w] || waitUntil[w] > t) {
        why = atBarrier[w] ? Stall.BARRIER : waitingFor[w];
      } else {
        int from = at < warps[w].length ? SmModel.latest(ready, w * registers, warps[w], at) : -1;
        if (from >= 0 && ready[w * registers + from] > t) {
          byte by = producer[w * registers + from];
          why = by == SmModel.BY_SHARED ? Stall.SHORT_SCOREBOARD : by == SmModel.BY_GLOBAL ? Stall.LONG_SCOREBOARD : Stall.WAIT;
        } else if (throttle > 0 && at < warps[w].length && SmModel.globalLoad(warps[w].kind(at)) && lsuFree[w] > t) {
          why = Stall.LG_THROTTLE;
        } else {
          why = Stall.NOT_SELECTED;
        }
      }
      long cycles = why == Stall.SELECTED ? Math.min(after, selectedUntil[w]) - t : after - t;
      stalls[why.ordinal()] += cycles;
      phaseStalls[phase * SmModel.STALLS + why.ordinal()] += cycles;
      int site = at < warps[w].length ? warps[w].site(at) : -1;
      if (site >= 0 && site < sites) {
        siteStalls[site * SmModel.STALLS + why.ordinal()] += cycles;
      }
    }
  }
}
