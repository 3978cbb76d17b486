#!/usr/bin/env python3
"""Check a minimal shared-memory bank model against the Hopper measurements, site by site.

Usage (from the repository root):
    python3 hardware/measure/bank_model_check.py [hardware/measurements/hopper_ncu.json]

For every measured launch, this replays the shared-memory accesses of the SASS that nvcc 13.0
produced (hardware/measurements/sass/*.sass; one generator per build below, keyed by the SASS pc of
each LDS/STS) and compares, per instruction, the warp executions, wavefronts and ideal wavefronts
with ncu's SourceCounters, and the kernel totals with the six shared-memory metrics.

The model (what scansim must reproduce):
  * a warp instruction counts (smsp__sass_inst_executed_op_shared_*) only when at least one lane is
    active and predicated on; a warp whose lanes are all off contributes nothing at all;
  * 32-bit access: wavefronts = max over the 32 banks (word address mod 32) of the number of
    DISTINCT words the active lanes touch in that bank (same word = broadcast/multicast, free);
    ideal = 1;
  * 64-bit access (LDS.64/STS.64): each half-warp (lanes 0-15, 16-31) with an active lane is served
    separately, wavefronts = sum over those half-warps of the 32-bit rule applied to the two words of
    every active lane; ideal = number of half-warps with an active lane;
  * bank conflicts = wavefronts - ideal.
Standard library only; exits 1 on any difference.
"""
import json
import os
import sys
from collections import defaultdict


def wf32(words):
    banks = defaultdict(set)
    for w in words:
        banks[w % 32].add(w)
    return max(len(s) for s in banks.values())


def cost(lanes, bits):
    """lanes: {lane: word address} of the active lanes -> (wavefronts, ideal)."""
    if bits == 32:
        return wf32(lanes.values()), 1
    wf = ideal = 0
    for half in (range(0, 16), range(16, 32)):
        words = [w for l in half if l in lanes for w in (lanes[l], lanes[l] + 1)]
        if words:
            wf += wf32(words)
            ideal += 1
    return wf, ideal


class Counter:
    def __init__(self):
        self.sites = defaultdict(lambda: [0, 0, 0])  # pc -> [warp executions, wavefronts, ideal]
        self.kind = {}

    def access(self, pc, op, warp_threads, addr, bits=32):
        """warp_threads: [(lane, thread)], addr(thread) -> word address or None (inactive)."""
        lanes = {}
        for lane, t in warp_threads:
            a = addr(t)
            if a is not None:
                lanes[lane] = a
        self.kind[pc] = (op, bits)
        if not lanes:
            return
        wf, ideal = cost(lanes, bits)
        s = self.sites[pc]
        s[0] += 1
        s[1] += wf
        s[2] += ideal


def warps_of(threads):
    return [[(t % 32, t) for t in range(w * 32, min(threads, w * 32 + 32))]
            for w in range((threads + 31) // 32)]


def each_warp(c, warps, pc, op, addr, bits=32):
    for w in warps:
        c.access(pc, op, w, addr, bits)


# ------------------------------------------------------------------------------------------------
# One generator per build: the LDS/STS of its SASS in program order (barrier phases in order, each
# warp's accesses of one phase in SASS order; order does not change the counts).

def blelloch(n):
    c, T = Counter(), n // 2
    W = warps_of(T)
    each_warp(c, W, "0x0130", "store", lambda t: 2 * t, 64)            # Block A, lines 28-29 merged
    off, d = 1, n >> 1
    while d > 0:                                                        # up-sweep, predicated
        a = lambda t, o=off, d=d: o * (2 * t + 1) - 1 if t < d else None
        b = lambda t, o=off, d=d: o * (2 * t + 2) - 1 if t < d else None
        each_warp(c, W, "0x01e0", "load", a)
        each_warp(c, W, "0x0200", "load", b)
        each_warp(c, W, "0x0220", "store", b)
        off, d = off * 2, d >> 1
    each_warp(c, W, "0x0260", "store", lambda t: n - 1 if t == 0 else None)  # Block C
    d = 1
    while d < n:                                                        # down-sweep, branch
        off >>= 1
        a = lambda t, o=off, d=d: o * (2 * t + 1) - 1 if t < d else None
        b = lambda t, o=off, d=d: o * (2 * t + 2) - 1 if t < d else None
        each_warp(c, W, "0x0350", "load", a)   # t = temp[ai]
        each_warp(c, W, "0x0360", "load", b)   # temp[bi] for temp[ai] = temp[bi]
        each_warp(c, W, "0x0370", "store", a)  # temp[ai] = ...
        each_warp(c, W, "0x0380", "load", b)   # temp[bi] reloaded after the store to temp[ai]
        each_warp(c, W, "0x03a0", "store", b)  # temp[bi] += t
        d *= 2
    each_warp(c, W, "0x0410", "load", lambda t: 2 * t, 64)             # Block E, lines 60-61 merged
    return c


def conflict_free(n, zero):
    c, T = Counter(), n // 2
    W = warps_of(T)
    cfo = (lambda x: (x >> 5) + (x >> 10)) if zero else (lambda x: x >> 5)
    p = {"A": "0x0160", "B": "0x0170", "ua": "0x02b0", "ub": "0x02c0", "us": "0x02e0", "C": "0x03a0",
         "da": "0x04f0", "db": "0x0500", "dsa": "0x0510", "dlb": "0x0520", "dsb": "0x0540",
         "Ea": "0x05d0", "Eb": "0x05e0"}
    if zero:
        p = {"A": "0x0180", "B": "0x0190", "ua": "0x02e0", "ub": "0x0300", "us": "0x0320", "C": "0x0400",
             "da": "0x0570", "db": "0x0560", "dsa": "0x0580", "dlb": "0x0590", "dsb": "0x05b0",
             "Ea": "0x0640", "Eb": "0x0650"}
    each_warp(c, W, p["A"], "store", lambda t: t + cfo(t))
    each_warp(c, W, p["B"], "store", lambda t: t + n // 2 + cfo(t + n // 2))
    off, d = 1, n >> 1

    def pad(x):
        return None if x is None else x + cfo(x)
    while d > 0:
        a = lambda t, o=off, d=d: pad(o * (2 * t + 1) - 1 if t < d else None)
        b = lambda t, o=off, d=d: pad(o * (2 * t + 2) - 1 if t < d else None)
        each_warp(c, W, p["ua"], "load", a)
        each_warp(c, W, p["ub"], "load", b)
        each_warp(c, W, p["us"], "store", b)
        off, d = off * 2, d >> 1
    each_warp(c, W, p["C"], "store", lambda t: n - 1 + cfo(n - 1) if t == 0 else None)
    d = 1
    while d < n:
        off >>= 1
        a = lambda t, o=off, d=d: pad(o * (2 * t + 1) - 1 if t < d else None)
        b = lambda t, o=off, d=d: pad(o * (2 * t + 2) - 1 if t < d else None)
        each_warp(c, W, p["da"], "load", a)
        each_warp(c, W, p["db"], "load", b)
        each_warp(c, W, p["dsa"], "store", a)
        each_warp(c, W, p["dlb"], "load", b)
        each_warp(c, W, p["dsb"], "store", b)
        d *= 2
    each_warp(c, W, p["Ea"], "load", lambda t: t + cfo(t))
    each_warp(c, W, p["Eb"], "load", lambda t: t + n // 2 + cfo(t + n // 2))
    return c


def naive_scan(n):
    c = Counter()
    W = warps_of(n)
    each_warp(c, W, "0x0110", "store", lambda t: t)
    pout, offset = 0, 1
    while offset < n:
        pout = 1 - pout
        pin = 1 - pout
        each_warp(c, W, "0x0200", "load", lambda t, pin=pin: pin * n + t)  # common to both branches
        each_warp(c, W, "0x0210", "load", lambda t, pin=pin, o=offset: pin * n + t - o if t >= o else None)
        each_warp(c, W, "0x0240", "store", lambda t, pout=pout: pout * n + t)  # one STS for if/else
        offset *= 2
    each_warp(c, W, "0x02a0", "load", lambda t, pout=pout: pout * n + t)
    return c


def kogge_stone(n, section=1024):
    c = Counter()
    W = warps_of(section)
    each_warp(c, W, "0x0100", "store", lambda t: t if t >= n else None)   # else-branch: XY = 0
    each_warp(c, W, "0x0110", "store", lambda t: t if t < n else None)
    stride = 1
    while stride < section:
        on = lambda t, s=stride: t >= s
        each_warp(c, W, "0x0190", "load", lambda t, on=on: t if on(t) else None)
        each_warp(c, W, "0x01a0", "load", lambda t, on=on, s=stride: t - s if on(t) else None)
        each_warp(c, W, "0x01d0", "store", lambda t, on=on: t if on(t) else None)
        stride *= 2
    each_warp(c, W, "0x0230", "load", lambda t: t if t < n else None)
    return c


def brent_kung(n, section=2048):
    c, B = Counter(), section // 2
    W = warps_of(B)
    each_warp(c, W, "0x01c0", "store", lambda t: t if t < n else None)
    each_warp(c, W, "0x01d0", "store", lambda t: t + B if t + B < n else None)
    stride = 1
    while stride <= B:
        idx = lambda t, s=stride: (t + 1) * 2 * s - 1 if (t + 1) * 2 * s - 1 < section else None
        each_warp(c, W, "0x0280", "load", idx)
        each_warp(c, W, "0x0290", "load", lambda t, s=stride, idx=idx: None if idx(t) is None else idx(t) - s)
        each_warp(c, W, "0x02b0", "store", idx)
        stride *= 2
    # down-sweep, unrolled by nvcc: (pc of LDS XY[index+stride], LDS XY[index], STS XY[index+stride])
    pcs = {512: ("0x0340", "0x0350", "0x0380"), 256: ("0x03d0", "0x03e0", "0x0400"),
           128: ("0x0450", "0x0460", "0x0480"), 64: ("0x04d0", "0x04e0", "0x0500"),
           32: ("0x0550", "0x0560", "0x0580"), 16: ("0x05d0", "0x05e0", "0x0600"),
           8: ("0x0650", "0x0660", "0x0680"), 4: ("0x06c0", "0x06d0", "0x06f0"),
           2: ("0x0730", "0x0740", "0x0760"), 1: ("0x0780", "0x0790", "0x07c0")}
    stride = section // 4
    while stride > 0:
        idx = lambda t, s=stride: (t + 1) * s * 2 - 1 if (t + 1) * s * 2 - 1 + s < section else None
        hi = lambda t, s=stride, idx=idx: None if idx(t) is None else idx(t) + s
        l1, l2, s1 = pcs[stride]
        each_warp(c, W, l1, "load", hi)
        each_warp(c, W, l2, "load", idx)
        each_warp(c, W, s1, "store", hi)
        stride //= 2
    each_warp(c, W, "0x07f0", "load", lambda t: t if t < n else None)
    each_warp(c, W, "0x0820", "load", lambda t: t + B if t + B < n else None)
    return c


def three_phase(n, section=4096, block=512):
    c, S = Counter(), section // block
    if S != 8:
        raise SystemExit("three_phase generator follows the S = 8 SASS path only")
    W = warps_of(block)
    for k in range(S):                                   # load loop: one STS after the if/else
        each_warp(c, W, "0x02a0", "store", lambda t, k=k: t + block * k)
    start = lambda t: t * S
    # phase 1, trip count 7: XY[start] loaded once, a 3-iteration remainder loop (XY[j-1] kept in a
    # register), XY[start+3] reloaded at the entry of the 4-way unrolled body, then 4 LDS + 4 STS.
    each_warp(c, W, "0x03d0", "load", start)
    for j in (1, 2, 3):
        each_warp(c, W, "0x0420", "load", lambda t, j=j: start(t) + j)
        each_warp(c, W, "0x0450", "store", lambda t, j=j: start(t) + j)
    each_warp(c, W, "0x04f0", "load", lambda t: start(t) + 3)
    for j, (lp, sp) in zip((4, 5, 6, 7), (("0x0c20", "0x0c80"), ("0x0c30", "0x0ca0"),
                                          ("0x0c40", "0x0cc0"), ("0x0c50", "0x0cd0"))):
        each_warp(c, W, lp, "load", lambda t, j=j: start(t) + j)
    for j, sp in zip((4, 5, 6, 7), ("0x0c80", "0x0ca0", "0x0cc0", "0x0cd0")):
        each_warp(c, W, sp, "store", lambda t, j=j: start(t) + j)
    last = lambda t: start(t) + S - 1
    stride = 1
    while stride < block:                                # phase 2: Kogge-Stone on the ends
        on = lambda t, s=stride: t >= s
        each_warp(c, W, "0x0da0", "load", lambda t, on=on: last(t) if on(t) else None)
        each_warp(c, W, "0x0db0", "load", lambda t, on=on, s=stride: last(t) - s * S if on(t) else None)
        each_warp(c, W, "0x0de0", "store", lambda t, on=on: last(t) if on(t) else None)
        stride *= 2
    # phase 3 (t > 0): previous = XY[start-1]; 3-iteration remainder loop, then 4-way unrolled body
    each_warp(c, W, "0x0e70", "load", lambda t: start(t) - 1 if t > 0 else None)
    for j in (0, 1, 2):
        each_warp(c, W, "0x0f00", "load", lambda t, j=j: start(t) + j if t > 0 else None)
        each_warp(c, W, "0x0f30", "store", lambda t, j=j: start(t) + j if t > 0 else None)
    for j, lp, sp in zip((3, 4, 5, 6), ("0x16b0", "0x16c0", "0x16d0", "0x16e0"),
                         ("0x1710", "0x1730", "0x1750", "0x1760")):
        each_warp(c, W, lp, "load", lambda t, j=j: start(t) + j if t > 0 else None)
        each_warp(c, W, sp, "store", lambda t, j=j: start(t) + j if t > 0 else None)
    for k in range(S):                                   # store loop
        each_warp(c, W, "0x1800", "load", lambda t, k=k: t + block * k if t + block * k < n else None)
    return c


MODELS = {
    "blelloch": blelloch,
    "conflict_free": lambda n: conflict_free(n, False),
    "conflict_free_zero": lambda n: conflict_free(n, True),
    "naive_scan": naive_scan,
    "kogge_stone": kogge_stone,
    "brent_kung": brent_kung,
    "three_phase": three_phase,
}

SIX = [("load", "smsp__sass_inst_executed_op_shared_ld.sum", 0),
       ("store", "smsp__sass_inst_executed_op_shared_st.sum", 0),
       ("load", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 1),
       ("store", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 1),
       ("load", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", 2),
       ("store", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", 2)]


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "measurements", "hopper_ncu.json")
    doc = json.load(open(path))
    failures = 0
    for m in doc["measurements"]:
        c = MODELS[m["build"]](m["n"])
        # kernel totals
        tot = defaultdict(lambda: [0, 0, 0])
        for pc, (k, wf, ideal) in c.sites.items():
            op, bits = c.kind[pc]
            t = tot[op]
            t[0] += k   # one warp instruction per execution, whatever the width
            t[1] += wf
            t[2] += wf - ideal
        got = [tot[op][i] for op, _, i in SIX]
        want = [m["metrics"][key] for _, key, _ in SIX]
        # per site: every measured shared site must match, and the model must have no extra site
        measured = {s["pc"]: s for s in m["sites"] if s["space"] == "shared"}
        site_errors = []
        for pc, s in measured.items():
            k, wf, ideal = c.sites.get(pc, [0, 0, 0])
            if (wf, ideal) != (s["wavefrontsShared"], s["wavefrontsSharedIdeal"]):
                site_errors.append(f"{pc} {s['sass']}: model wf/ideal {wf}/{ideal}, "
                                   f"ncu {s['wavefrontsShared']}/{s['wavefrontsSharedIdeal']}")
        for pc, (k, wf, ideal) in c.sites.items():
            if k and pc not in measured:
                site_errors.append(f"{pc}: model executes it {k} times, ncu shows no execution")
        ok = got == want and not site_errors
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {m['build']:<19} n={m['n']:<5} "
              f"ld/st inst {got[0]}/{got[1]}  wavefronts {got[2]}/{got[3]}  conflicts {got[4]}/{got[5]}"
              + ("" if got == want else f"   ncu: {want}"))
        for e in site_errors:
            print("       " + e)
    print(f"{len(doc['measurements']) - failures} of {len(doc['measurements'])} launches match")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
