package org.scansim.timing;

import java.util.Arrays;

/**
 * One block alone on one SM, cycle by cycle: the SM's warp schedulers (warp w on scheduler
 * w mod S; each issues at most one instruction a cycle, taking its warps in loose round-robin
 * order from the one after the last it issued), a scoreboard (an instruction issues when the
 * registers it reads are ready; its result is ready after its kind's latency), the shared-memory
 * pipe (one request at a time, {@code wavefronts} cycles each: a bank conflict costs exactly its
 * extra wavefronts), global memory (a load's data after the load latency and its sectors through
 * the SM's share; a store drains after the store latency), and barriers (a warp waits until every
 * warp of the block that has not finished has arrived, then the block waits the barrier's cost).
 *
 * <p>Not modelled: register-bank conflicts, the instruction cache, dual issue, caches beyond one
 * latency for every global load, and other blocks on the same SM (see {@link LaunchModel}).
 */
final class SmModel {
  private SmModel() {}

  /**
   * A block's time alone: {@code cycles} from its first issue to its last result or drained
   * store; {@code issued} instructions that took an issue slot; {@code wavefronts} the shared
   * pipe served; {@code sectors} of global memory moved; {@code barrierWait} cycles warps spent
   * waiting at barriers, summed over warps.
   */
  record BlockTime(long cycles, long issued, long wavefronts, long sectors, long barrierWait) {}

  static BlockTime run(WarpTrace[] warps, int registers, TimingParameters p) {
    int n = warps.length;
    int s = p.schedulersPerSm();
    int[] pc = new int[n];
    long[] ready = new long[n * registers]; // per warp and register: the cycle its value is ready
    long[] waitUntil = new long[n]; // a warp released from a barrier issues from this cycle on
    boolean[] atBarrier = new boolean[n];
    long[] arrived = new long[n];
    int[] lastIssued = new int[s];
    Arrays.fill(lastIssued, -1);
    long sharedFree = 0;
    long globalFree = 0;
    long end = 0;
    long issued = 0;
    long wavefronts = 0;
    long sectors = 0;
    long barrierWait = 0;
    int done = 0;
    for (int w = 0; w < n; w++) {
      if (warps[w].length == 0) {
        done++;
      }
    }
    long t = 0;
    while (done < n) {
      boolean any = false;
      long next = Long.MAX_VALUE;
      for (int sch = 0; sch < s; sch++) {
        // The warps of this scheduler, from the one after the last it issued.
        int first = lastIssued[sch] < 0 ? sch : lastIssued[sch] + s;
        int count = (n - sch + s - 1) / s;
        for (int k = 0; k < count; k++) {
          int w = sch + ((((first - sch) / s) + k) % count) * s;
          if (w >= n || pc[w] >= warps[w].length || atBarrier[w]) {
            continue;
          }
          if (waitUntil[w] > t) {
            next = Math.min(next, waitUntil[w]);
            continue;
          }
          // Free instructions: no issue slot; their result is ready when their operands are.
          WarpTrace tr = warps[w];
          int base = w * registers;
          while (pc[w] < tr.length && tr.kind(pc[w]) == WarpTrace.FREE) {
            int o = pc[w] * WarpTrace.WIDTH;
            long r = Math.max(operand(ready, base, tr.ops[o + 2]), Math.max(operand(ready, base, tr.ops[o + 3]), operand(ready, base,
                tr.ops[o + 4])));
            if (tr.ops[o + 1] >= 0) {
              ready[base + tr.ops[o + 1]] = r;
            }
            pc[w]++;
          }
          if (pc[w] >= tr.length) {
            done++;
            continue;
          }
          int o = pc[w] * WarpTrace.WIDTH;
          long operands = Math.max(operand(ready, base, tr.ops[o + 2]), Math.max(operand(ready, base, tr.ops[o + 3]), operand(ready, base,
              tr.ops[o + 4])));
          if (operands > t) {
            next = Math.min(next, operands);
            continue;
          }
          int kind = tr.kind(pc[w]);
          int cost = Math.max(1, tr.cost(pc[w]));
          long result = t + p.aluLatency();
          switch (kind) {
            case WarpTrace.SPECIAL -> result = t + p.specialLatency();
            case WarpTrace.SHARED_LD, WarpTrace.SHARED_ST -> {
              long start = Math.max(t, sharedFree);
              sharedFree = start + (cost + p.sharedWavefrontsPerCycle() - 1) / p.sharedWavefrontsPerCycle();
              wavefronts += cost;
              result = sharedFree - 1 + p.sharedLatency();
              if (kind == WarpTrace.SHARED_ST) {
                end = Math.max(end, sharedFree);
              }
            }
            case WarpTrace.GLOBAL_LD, WarpTrace.GLOBAL_ST -> {
              long start = Math.max(t, globalFree);
              globalFree = start + (cost + p.globalSectorsPerCycle() - 1) / p.globalSectorsPerCycle();
              sectors += cost;
              result = globalFree + (kind == WarpTrace.GLOBAL_LD ? p.globalLoadLatency() : 0);
              if (kind == WarpTrace.GLOBAL_ST) {
                end = Math.max(end, globalFree + p.globalStoreLatency());
              }
            }
            case WarpTrace.BARRIER -> {
              atBarrier[w] = true;
              arrived[w] = t;
            }
            default -> {}
          }
          if (tr.ops[o + 1] >= 0) {
            ready[base + tr.ops[o + 1]] = result;
          }
          end = Math.max(end, kind == WarpTrace.SHARED_ST || kind == WarpTrace.GLOBAL_ST || kind == WarpTrace.BARRIER ? t + 1 : result);
          pc[w]++;
          issued++;
          lastIssued[sch] = w;
          any = true;
          if (pc[w] >= tr.length && !atBarrier[w]) {
            done++;
          }
          break;
        }
      }
      // A barrier opens when every warp that has not finished has arrived.
      int waiting = 0;
      int live = 0;
      long last = 0;
      for (int w = 0; w < n; w++) {
        if (atBarrier[w]) {
          waiting++;
          last = Math.max(last, arrived[w]);
        }
        if (atBarrier[w] || pc[w] < warps[w].length) {
          live++;
        }
      }
      if (waiting > 0 && waiting == live) {
        long open = last + Math.round(p.barrierCycles() + p.barrierCyclesPerWarp() * live);
        for (int w = 0; w < n; w++) {
          if (atBarrier[w]) {
            atBarrier[w] = false;
            barrierWait += open - arrived[w];
            waitUntil[w] = open;
            if (pc[w] >= warps[w].length) {
              done++;
            }
          }
        }
        end = Math.max(end, open);
        next = Math.min(next, open);
      }
      t = any ? t + 1 : Math.max(t + 1, next == Long.MAX_VALUE ? t + 1 : next);
    }
    return new BlockTime(Math.max(end, t), issued, wavefronts, sectors, barrierWait);
  }

  private static long operand(long[] ready, int base, int reg) {
    return reg < 0 ? 0 : ready[base + reg];
  }
}
