package org.scansim.timing;

import java.util.Arrays;

/**
 * One block alone on one SM, cycle by cycle: the SM's warp schedulers (warp w on scheduler
 * w mod S; each issues one instruction at most every {@code issueCycles} cycles, taking its warps
 * in loose round-robin order from the one after the last it issued), a scoreboard (an instruction issues when the
 * registers it reads are ready; its result is ready after its kind's latency), the shared-memory
 * pipe (one request at a time, {@code sharedCyclesPerWavefront} cycles a wavefront: a bank conflict
 * costs the pipe exactly its extra wavefronts, and its warp {@code sharedConflictCycles} for each), global
 * memory (a load's data after the latency of where it is served and its sectors through the SM's
 * share; a warp's loads go to L1 one in {@code globalIssueCycles}; a store drains after the store
 * latency; an atomic's result after {@code atomicLatency}), fences of the device's scope (the warp
 * waits for its stores and atomics, then {@code fenceCycles}), and barriers (a warp waits until every
 * warp of the block that has not finished has arrived, then the block waits the barrier's cost).
 * Every cycle of every warp that has not finished is counted as a {@link Stall}, at the warp's
 * next instruction's site.
 *
 * <p>Not modelled: register-bank conflicts, the instruction cache, dual issue, caches beyond the
 * three latencies of a global load (L1, L2, device memory: {@link BlockCaches} chooses), and other
 * blocks on the same SM (see {@link LaunchModel}).
 */
final class SmModel {
  private SmModel() {}

  /**
   * A block's time alone: {@code cycles} from its first issue to its last result or drained
   * store; {@code issued} instructions that took an issue slot; {@code wavefronts} the shared
   * pipe served; {@code sectors} of global memory moved; {@code stalls} the warp-cycles by {@link
   * Stall} (ordinal), and {@code siteStalls} the same per site ({@code site * STALLS + reason});
   * {@code barriers} the cycles at which the block's barriers opened, in order: barrier phase k
   * runs from the (k-1)-th to the k-th (from 0, and to {@code cycles} for the last); {@code
   * phaseStalls} the warp-cycles by {@link Stall} in each phase ({@code phase * STALLS + reason});
   * {@code markTimes} per warp the cycle each of its trace's marked instructions issued ({@link
   * WarpTrace#marks}; null when no trace has any); {@code together} the cycles the SM takes when the
   * launch's blocks per SM run this block's traces at once ({@link #together}; 0 when it holds one);
   * {@code conflictFree} the same block's time with every shared request in its ideal wavefronts
   * ({@link #conflictFree}; null when it has no bank conflicts).
   */
  record BlockTime(long cycles, long issued, long wavefronts, long sectors, long[] stalls, long[] siteStalls, long[] barriers,
      long[] phaseStalls, long[][] markTimes, long together, BlockTime conflictFree) {
    BlockTime(long cycles, long issued, long wavefronts, long sectors, long[] stalls, long[] siteStalls, long[] barriers, long[] phaseStalls) {
      this(cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, null, 0, null);
    }

    BlockTime withTogether(long cycles) {
      return new BlockTime(this.cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, markTimes, cycles, conflictFree);
    }

    BlockTime withConflictFree(BlockTime free) {
      return new BlockTime(cycles, issued, wavefronts, sectors, stalls, siteStalls, barriers, phaseStalls, markTimes, together, free);
    }

    /** This block as it would run without bank conflicts (itself when it has none). */
    BlockTime ideal() {
      return conflictFree == null ? this : conflictFree;
    }

    /** The cycles of each barrier phase, in order (the engine's phases: barriers passed). */
    long[] phaseCycles() {
      long[] out = new long[barriers.length + 1];
      long from = 0;
      for (int i = 0; i < barriers.length; i++) {
        out[i] = barriers[i] - from;
        from = barriers[i];
      }
      out[barriers.length] = Math.max(0, cycles - from);
      return out;
    }

    long barrierWait() {
      return stalls[Stall.BARRIER.ordinal()];
    }
  }

  static final int STALLS = Stall.values().length;

  /** Which kind of instruction produced a register's value, for the stall it causes. */
  private static final byte BY_ALU = 0;
  private static final byte BY_SHARED = 1;
  private static final byte BY_GLOBAL = 2;

  static BlockTime run(WarpTrace[] warps, int registers, TimingParameters p) {
    return run(warps, registers, 0, p);
  }

  static BlockTime run(WarpTrace[] warps, int registers, int sites, TimingParameters p) {
    return run(warps, registers, sites, warps.length, false, p);
  }

  /** The same block with each shared request served in its ideal wavefronts: what it takes without its bank conflicts. */
  static BlockTime conflictFree(WarpTrace[] warps, int registers, TimingParameters p) {
    return run(warps, registers, 0, warps.length, true, p);
  }

  /**
   * {@code copies} blocks of the same traces resident on one SM together, started at once: how long
   * the SM takes to finish them all, its schedulers and shared pipe shared by all their warps.
   */
  static long together(WarpTrace[] warps, int registers, int copies, boolean conflictFree, TimingParameters p) {
    WarpTrace[] all = new WarpTrace[warps.length * copies];
    for (int c = 0; c < copies; c++) {
      System.arraycopy(warps, 0, all, c * warps.length, warps.length);
    }
    return run(all, registers, 0, warps.length, conflictFree, p).cycles();
  }

  /**
   * The warps of {@code warps}, each {@code group} of them (from the first) a block: a block's
   * barrier waits for its own warps; with {@code ideal}, each shared request in its ideal wavefronts.
   */
  private static BlockTime run(WarpTrace[] warps, int registers, int sites, int group, boolean ideal, TimingParameters p) {
    int n = warps.length;
    int groups = (n + group - 1) / Math.max(1, group);
    int s = p.schedulersPerSm();
    int[] pc = new int[n];
    long[] ready = new long[n * registers]; // per warp and register: the cycle its value is ready
    byte[] producer = new byte[n * registers];
    long[] waitUntil = new long[n]; // a warp released from a barrier, past a virtual call or a fence, issues from this cycle on
    Stall[] waitingFor = new Stall[n]; // what waitUntil waits for, as a stall: a barrier, a virtual call's loads, a fence
    Arrays.fill(waitingFor, Stall.BARRIER);
    boolean[] atBarrier = new boolean[n];
    boolean[] finished = new boolean[n];
    long[] arrived = new long[n];
    int[] issuedAt = new int[n]; // the instruction a warp issued this cycle, or -1
    int[] issuing = new int[n]; // the instruction a warp last issued, its issue lasting until selectedUntil
    long[] selectedUntil = new long[n];
    long[] schedulerFree = new long[s]; // a scheduler issues again from this cycle on
    long[] lsuFree = new long[n]; // a warp's next global load goes to L1 from this cycle on
    long[] drained = new long[n]; // a warp's global stores and atomics are done by this cycle
    int throttle = p.globalThrottleCycles();
    int slot = Math.max(1, p.issueCycles());
    int[] lastIssued = new int[s];
    Arrays.fill(lastIssued, -1);
    long[] stalls = new long[STALLS];
    long[] siteStalls = new long[Math.max(0, sites) * STALLS];
    java.util.List<Long> opened = new java.util.ArrayList<>();
    long[] phaseStalls = new long[STALLS];
    int phase = 0; // barriers opened by cycle t
    long sharedFree = 0;
    long globalFree = 0;
    long end = 0;
    long issued = 0;
    long wavefronts = 0;
    long sectors = 0;
    int done = 0;
    long t = 0;
    long[][] markTimes = null;
    int[] nextMark = null;
    for (int w = 0; w < n; w++) {
      if (warps[w].markCount > 0) {
        if (markTimes == null) {
          markTimes = new long[n][];
          nextMark = new int[n];
        }
        markTimes[w] = new long[warps[w].markCount];
      }
    }
    while (true) {
      // Instructions that take no slot run as soon as the warp reaches them.
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
          int from = latest(ready, base, tr, pc[w]);
          int dst = tr.dst(pc[w]);
          if (dst >= 0) {
            ready[base + dst] = from < 0 ? 0 : ready[base + from];
            producer[base + dst] = from < 0 ? BY_ALU : producer[base + from];
          }
          pc[w]++;
        }
        if (pc[w] >= tr.length) {
          finished[w] = true;
          done++;
        }
      }
      if (done == n) {
        break;
      }
      boolean any = false;
      Arrays.fill(issuedAt, -1);
      for (int sch = 0; sch < s; sch++) {
        if (schedulerFree[sch] > t) {
          continue;
        }
        // The warps of this scheduler, from the one after the last it issued.
        int count = (n - sch + s - 1) / s;
        int start = lastIssued[sch] < 0 ? 0 : ((lastIssued[sch] - sch) / s + 1) % Math.max(1, count);
        for (int k = 0; k < count; k++) {
          int w = sch + ((start + k) % count) * s;
          if (finished[w] || atBarrier[w] || waitUntil[w] > t) {
            continue;
          }
          WarpTrace tr = warps[w];
          int base = w * registers;
          int from = latest(ready, base, tr, pc[w]);
          if (from >= 0 && ready[base + from] > t) {
            continue;
          }
          int kind = tr.kind(pc[w]);
          if (throttle > 0 && globalLoad(kind)) {
            if (lsuFree[w] > t) {
              continue; // the warp's last global load still holds its path to L1
            }
            lsuFree[w] = t + throttle;
          }
          waitingFor[w] = Stall.BARRIER; // a virtual call's or a fence's wait, if any, is over
          int cost = Math.max(1, ideal ? tr.cost(pc[w]) - tr.excess(pc[w]) : tr.cost(pc[w]));
          long result = t + p.aluLatency();
          byte by = BY_ALU;
          switch (kind) {
            case WarpTrace.SPECIAL -> result = t + p.specialLatency();
            case WarpTrace.CONVERT -> result = t + p.conversionLatency();
            case WarpTrace.SHARED_LD, WarpTrace.SHARED_ST -> {
              long begin = Math.max(t, sharedFree);
              sharedFree = begin + (long) cost * p.sharedCyclesPerWavefront();
              wavefronts += cost;
              // A conflict's extra wavefronts delay its warp 2 cycles each (measured), though the pipe serves one a cycle.
              result = begin + p.sharedLatency() + Math.round((cost - 1) * p.sharedConflictCycles());
              by = BY_SHARED;
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
              by = BY_GLOBAL;
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
          issuedAt[w] = pc[w];
          issuing[w] = pc[w];
          selectedUntil[w] = t + slot;
          schedulerFree[sch] = t + slot;
          if (markTimes != null && nextMark[w] < tr.markCount && tr.marks[nextMark[w]] == pc[w]) {
            markTimes[w][nextMark[w]++] = t;
          }
          pc[w]++;
          issued++;
          lastIssued[sch] = w;
          any = true;
          break;
        }
      }
      // A block's barrier opens when every warp of it that has not finished has arrived.
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
      // The next cycle anything can happen: the next one after an issue, else the earliest a warp can go on,
      // or a warp's issue of several cycles ends (its cycles after that are counted by what it waits for).
      for (int w = 0; w < n && !any; w++) {
        if (selectedUntil[w] > t) {
          next = Math.min(next, selectedUntil[w]);
        }
      }
      for (int w = 0; w < n && !any; w++) {
        if (finished[w] || atBarrier[w]) {
          continue;
        }
        if (waitUntil[w] > t) {
          next = Math.min(next, waitUntil[w]);
          continue;
        }
        int from = pc[w] < warps[w].length ? latest(ready, w * registers, warps[w], pc[w]) : -1;
        long go = from >= 0 && ready[w * registers + from] > t ? ready[w * registers + from] : t + 1;
        if (throttle > 0 && pc[w] < warps[w].length && globalLoad(warps[w].kind(pc[w]))) {
          go = Math.max(go, lsuFree[w]);
        }
        next = Math.min(next, Math.max(go, schedulerFree[w % s])); // and its scheduler free to issue it
      }
      long after = any ? t + 1 : next == Long.MAX_VALUE ? t + 1 : Math.max(t + 1, next);
      while (phase < opened.size() && opened.get(phase) <= t) {
        phase++;
      }
      if ((phase + 1) * STALLS > phaseStalls.length) {
        phaseStalls = Arrays.copyOf(phaseStalls, (phase + 1) * STALLS);
      }
      // Each warp's cycles from t to after, by what it did.
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
          int from = at < warps[w].length ? latest(ready, w * registers, warps[w], at) : -1;
          if (from >= 0 && ready[w * registers + from] > t) {
            byte by = producer[w * registers + from];
            why = by == BY_SHARED ? Stall.SHORT_SCOREBOARD : by == BY_GLOBAL ? Stall.LONG_SCOREBOARD : Stall.WAIT;
          } else if (throttle > 0 && at < warps[w].length && globalLoad(warps[w].kind(at)) && lsuFree[w] > t) {
            why = Stall.LG_THROTTLE;
          } else {
            why = Stall.NOT_SELECTED;
          }
        }
        long cycles = why == Stall.SELECTED ? Math.min(after, selectedUntil[w]) - t : after - t;
        stalls[why.ordinal()] += cycles;
        phaseStalls[phase * STALLS + why.ordinal()] += cycles;
        int site = at < warps[w].length ? warps[w].site(at) : -1;
        if (site >= 0 && site < sites) {
          siteStalls[site * STALLS + why.ordinal()] += cycles;
        }
      }
      if (!any && next == Long.MAX_VALUE) {
        break; // nothing can ever issue again (cannot happen with complete traces)
      }
      t = after;
    }
    return new BlockTime(Math.max(end, t), issued, wavefronts, sectors, stalls, siteStalls,
        opened.stream().mapToLong(Long::longValue).toArray(), Arrays.copyOf(phaseStalls, (opened.size() + 1) * STALLS), markTimes, 0, null);
  }

  /**
   * Whether an instruction of this kind is a global load, from wherever it is served (stores are
   * not held back: {@code globalIssueCycles} was measured on loads, and the sequential scans' store
   * a trip would then cost more than the card takes).
   */
  private static boolean globalLoad(int kind) {
    return switch (kind) {
      case WarpTrace.GLOBAL_LD, WarpTrace.GLOBAL_LD_L1, WarpTrace.GLOBAL_LD_L2, WarpTrace.GLOBAL_LD_PAGE, WarpTrace.GLOBAL_LD_DRAM -> true;
      default -> false;
    };
  }

  /** The source register of instruction {@code i} of {@code tr} whose value is ready last, or -1 for none. */
  private static int latest(long[] ready, int base, WarpTrace tr, int i) {
    int best = -1;
    long when = Long.MIN_VALUE;
    for (int k = 0; k < 3; k++) {
      int r = tr.src(i, k);
      if (r >= 0 && ready[base + r] > when) {
        when = ready[base + r];
        best = r;
      }
    }
    return best;
  }
}
