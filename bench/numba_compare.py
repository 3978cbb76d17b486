#!/usr/bin/env python3
"""scansim against Numba's CUDA simulator, side by side in one run.

Runs Harris's scan of arrays of arbitrary size (kernels/harris/scan_large_array.cu: block scans
of 1024 elements by 512 threads with the corrected conflict-free padding, the recursive scan of
the block sums, the uniform add) written for numba.cuda, on Numba's CUDA simulator
(NUMBA_ENABLE_CUDASIM=1, no GPU needed), checks it against numpy's exclusive cumsum, and times it
at a few small sizes. In the same run it times scansim on the same kernel file at the same sizes
and at n = 2^24 with `./scansim bench`, and prints the time per element of both and their ratio.
The speed issue's target: scansim at 2^24 at least 10,000x faster per element than Numba's
simulator (at the largest size it was run at).

    python3 bench/numba_compare.py [--sizes 1024,2048,4096] [--repeat R] [--json] [--numba-only]
--numba-only times Numba alone (scansim bench --processes compares its own processes with that).

Numba comes from Debian's python3-numba (for /usr/bin/python3); when the python3 running this has
no numba, the script re-runs itself with /usr/bin/python3 if that one has it.

Exit codes: 0 measured (whether or not the target is met: the table says), 1 a wrong result or a
failed scansim run, 2 Numba not installed or invalid arguments.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET_RATIO = 10_000
BIG_LOG = 24
KERNEL = "harris/scan_large_array"

# The constants of scan_large_array.cu (its defaults: 32 banks, B = 1024).
LOG_NUM_BANKS = 5
ELEMENTS_PER_BLOCK = 1024
THREADS_PER_BLOCK = ELEMENTS_PER_BLOCK // 2
SHARED_FLOATS = ELEMENTS_PER_BLOCK + ((ELEMENTS_PER_BLOCK - 1) >> LOG_NUM_BANKS)  # 1024 + 31


cuda = None  # numba.cuda, set by import_numba: the kernels must see it as a global (the simulator swaps it)


def import_numba():
    """numpy and numba.cuda on its simulator, or exit 2 with a message (after trying /usr/bin/python3)."""
    global cuda
    os.environ["NUMBA_ENABLE_CUDASIM"] = "1"  # before numba is imported: numba.cuda is the simulator
    try:
        import numpy as np
        from numba import cuda
    except ImportError as e:
        system = "/usr/bin/python3"
        if (os.environ.get("SCANSIM_NUMBA_REEXEC") != "1" and os.path.exists(system)
                and os.path.realpath(sys.executable) != os.path.realpath(system)):
            os.environ["SCANSIM_NUMBA_REEXEC"] = "1"
            os.execv(system, [system, os.path.abspath(__file__)] + sys.argv[1:])
        print(f"numba_compare: Numba is not installed for {sys.executable} ({e}); "
              "install it with 'apt-get install python3-numba' and run this with /usr/bin/python3. Skipped.",
              file=sys.stderr)
        sys.exit(2)
    return np


def build_scan(np):
    """Harris's scan of arrays of any size in numba.cuda, kernel for kernel as scan_large_array.cu."""
    float32 = np.float32

    @cuda.jit(device=True)
    def conflict_free_offset(n):  # CONFLICT_FREE_OFFSET(n), without ZERO_BANK_CONFLICTS
        return n >> LOG_NUM_BANKS

    @cuda.jit
    def prescan(g_odata, g_idata, g_sums, n, store_sum):
        temp = cuda.shared.array(SHARED_FLOATS, dtype=float32)
        thid = cuda.threadIdx.x
        offset = 1
        block_base = cuda.blockIdx.x * ELEMENTS_PER_BLOCK
        # Block A (zero padding past n)
        ai = thid
        bi = thid + ELEMENTS_PER_BLOCK // 2
        bank_offset_a = conflict_free_offset(ai)
        bank_offset_b = conflict_free_offset(bi)
        temp[ai + bank_offset_a] = g_idata[block_base + ai] if block_base + ai < n else 0
        temp[bi + bank_offset_b] = g_idata[block_base + bi] if block_base + bi < n else 0
        d = ELEMENTS_PER_BLOCK >> 1
        while d > 0:  # build sum in place up the tree
            cuda.syncthreads()
            if thid < d:
                # Block B
                a = offset * (2 * thid + 1) - 1
                b = offset * (2 * thid + 2) - 1
                a += conflict_free_offset(a)
                b += conflict_free_offset(b)
                temp[b] += temp[a]
            offset *= 2
            d >>= 1
        # Block C, with the store of the block's total to SUMS
        if thid == 0:
            last = ELEMENTS_PER_BLOCK - 1 + conflict_free_offset(ELEMENTS_PER_BLOCK - 1)
            if store_sum:
                g_sums[cuda.blockIdx.x] = temp[last]
            temp[last] = 0  # clear the last element
        d = 1
        while d < ELEMENTS_PER_BLOCK:  # traverse down tree & build scan
            offset >>= 1
            cuda.syncthreads()
            if thid < d:
                # Block D
                a = offset * (2 * thid + 1) - 1
                b = offset * (2 * thid + 2) - 1
                a += conflict_free_offset(a)
                b += conflict_free_offset(b)
                t = temp[a]
                temp[a] = temp[b]
                temp[b] += t
            d *= 2
        cuda.syncthreads()
        # Block E (stores past n skipped)
        if block_base + ai < n:
            g_odata[block_base + ai] = temp[ai + bank_offset_a]
        if block_base + bi < n:
            g_odata[block_base + bi] = temp[bi + bank_offset_b]

    @cuda.jit
    def uniform_add(g_data, uniforms, n):
        uni = cuda.shared.array(1, dtype=float32)
        if cuda.threadIdx.x == 0:
            uni[0] = uniforms[cuda.blockIdx.x]
        cuda.syncthreads()
        address = cuda.blockIdx.x * ELEMENTS_PER_BLOCK + cuda.threadIdx.x
        if address < n:
            g_data[address] += uni[0]
        if address + ELEMENTS_PER_BLOCK // 2 < n:
            g_data[address + ELEMENTS_PER_BLOCK // 2] += uni[0]

    no_sums = cuda.device_array(1, dtype=float32)  # g_sums of a one-block scan (never written)

    def prescan_array_recursive(d_out, d_in, n):
        num_blocks = (n + ELEMENTS_PER_BLOCK - 1) // ELEMENTS_PER_BLOCK
        if num_blocks == 1:
            prescan[1, THREADS_PER_BLOCK](d_out, d_in, no_sums, n, 0)
            return
        d_sums = cuda.device_array(num_blocks, dtype=float32)  # SUMS: the total of each block
        d_incr = cuda.device_array(num_blocks, dtype=float32)  # INCR: the exclusive scan of SUMS
        prescan[num_blocks, THREADS_PER_BLOCK](d_out, d_in, d_sums, n, 1)
        prescan_array_recursive(d_incr, d_sums, num_blocks)
        uniform_add[num_blocks, THREADS_PER_BLOCK](d_out, d_incr, n)

    def scan_large_array(h_in):
        """Host entry: copies in, scans, copies out."""
        n = h_in.shape[0]
        d_in = cuda.to_device(h_in)
        d_out = cuda.device_array(n, dtype=float32)
        prescan_array_recursive(d_out, d_in, n)
        return d_out.copy_to_host()

    return scan_large_array


def time_numba(np, sizes, repeat):
    scan = build_scan(np)
    rng = np.random.default_rng(20070601)
    out = {}
    for n in sizes:
        h_in = rng.integers(0, 8, size=n).astype(np.float32)
        expected = np.concatenate(([0], np.cumsum(h_in, dtype=np.float64)[:-1])).astype(np.float32)
        best = math.inf
        for _ in range(repeat):
            t0 = time.perf_counter()
            got = scan(h_in)
            best = min(best, time.perf_counter() - t0)
            if not np.array_equal(got, expected):
                bad = int(np.flatnonzero(got != expected)[0])
                print(f"numba_compare: WRONG RESULT from Numba's simulator at n = {n}: out[{bad}] = {got[bad]}, "
                      f"expected {expected[bad]}", file=sys.stderr)
                sys.exit(1)
        out[n] = best
        print(f"numba_compare: numba n = {n}: {best:.2f} s (correct)", file=sys.stderr)
    return out


def scansim_bench(min_log, max_log):
    """rows of `./scansim bench --json` for harris/scan_large_array at 2^min_log .. 2^max_log."""
    cmd = [os.path.join(ROOT, "scansim"), "bench", "--kernels", KERNEL, "--min-log", str(min_log),
           "--max-log", str(max_log), "--step", "1", "--no-targets", "--json"]
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        print(f"numba_compare: {' '.join(cmd[1:])} failed ({p.returncode}):\n{p.stderr}", file=sys.stderr)
        sys.exit(1)
    rows = json.loads(p.stdout)["rows"]
    for r in rows:
        if not r.get("correct", False):
            print(f"numba_compare: WRONG RESULT from scansim at n = {r['n']}", file=sys.stderr)
            sys.exit(1)
    return {r["n"]: r["seconds"] for r in rows}


def sizes_arg(text):
    sizes = sorted({int(s) for s in text.split(",") if s.strip()})
    if not sizes or any(n < 1 or n & (n - 1) for n in sizes):
        raise argparse.ArgumentTypeError("sizes must be powers of two, comma separated (scansim bench runs 2^k)")
    if sizes[-1] > 1 << BIG_LOG:
        raise argparse.ArgumentTypeError(f"sizes must be at most 2^{BIG_LOG}")
    return sizes


def main():
    ap = argparse.ArgumentParser(description="scansim against Numba's CUDA simulator (Harris's scan_large_array).")
    ap.add_argument("--sizes", type=sizes_arg, default=sizes_arg("1024,2048,4096"),
                    help="sizes Numba's simulator runs, powers of two (default: 1024,2048,4096)")
    ap.add_argument("--repeat", type=int, default=1, help="Numba runs per size, the best is kept (default: 1)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--numba-only", action="store_true",
                    help="time Numba alone (what scansim bench --processes compares its own processes with)")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")

    np = import_numba()
    numba_seconds = time_numba(np, args.sizes, args.repeat)
    if args.numba_only:
        largest = args.sizes[-1]
        result = {
            "numba": "Numba " + __import__("numba").__version__ + " CUDA simulator (NUMBA_ENABLE_CUDASIM=1)",
            "n": largest,
            "numbaSecondsPerElement": numba_seconds[largest] / largest,
            "rows": [{"n": n, "numbaSeconds": numba_seconds[n]} for n in args.sizes],
        }
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            print(f"{result['numba']}: {result['numbaSecondsPerElement']:.3e} s per element at n = {largest}")
        return 0

    logs = [n.bit_length() - 1 for n in args.sizes]
    print(f"numba_compare: scansim bench at 2^{logs[0]}..2^{logs[-1]} and 2^{BIG_LOG}", file=sys.stderr)
    scansim_seconds = scansim_bench(logs[0], logs[-1])
    big = 1 << BIG_LOG
    scansim_seconds.update(scansim_bench(BIG_LOG, BIG_LOG))

    rows = []
    for n in args.sizes:
        nb = numba_seconds[n]
        ss = scansim_seconds.get(n)
        rows.append({
            "n": n,
            "numbaSeconds": nb,
            "numbaSecondsPerElement": nb / n,
            "scansimSeconds": ss,
            "scansimSecondsPerElement": None if ss is None else ss / n,
            "ratio": None if ss is None else (nb / n) / (ss / n),
        })
    largest = args.sizes[-1]
    numba_pe = numba_seconds[largest] / largest
    scansim_pe = scansim_seconds[big] / big
    headline = numba_pe / scansim_pe
    result = {
        "kernel": KERNEL,
        "machine": f"{os.cpu_count()} cores, Python {sys.version.split()[0]}",
        "numba": "Numba " + __import__("numba").__version__ + " CUDA simulator (NUMBA_ENABLE_CUDASIM=1)",
        "scansim": "./scansim bench (from compiling the kernel file to the rendered report, fresh JVM per call)",
        "rows": rows,
        "scansimAt2to24": {"n": big, "seconds": scansim_seconds[big], "secondsPerElement": scansim_pe},
        "target": {
            "goal": f"scansim at n = 2^{BIG_LOG} at least {TARGET_RATIO:,}x faster per element than Numba's simulator",
            "numbaN": largest,
            "numbaSecondsPerElement": numba_pe,
            "scansimSecondsPerElement": scansim_pe,
            "ratio": headline,
            "met": headline >= TARGET_RATIO,
        },
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0

    print(f"{KERNEL}: {result['numba']} against {result['scansim']}; {result['machine']}")
    print("ratio: Numba's seconds per element / scansim's seconds per element")
    print()
    print(f"{'n':>10} {'numba s':>10} {'numba s/elem':>13} {'scansim s':>10} {'scansim s/elem':>15} {'ratio':>10}")
    for r in rows:
        ss = "-" if r["scansimSeconds"] is None else f"{r['scansimSeconds']:.3f}"
        sp = "-" if r["scansimSecondsPerElement"] is None else f"{r['scansimSecondsPerElement']:.3e}"
        ra = "-" if r["ratio"] is None else f"{r['ratio']:,.0f}"
        print(f"{r['n']:>10} {r['numbaSeconds']:>10.3f} {r['numbaSecondsPerElement']:>13.3e} {ss:>10} {sp:>15} {ra:>10}")
    print(f"{big:>10} {'-':>10} {'-':>13} {scansim_seconds[big]:>10.3f} {scansim_pe:>15.3e} {'-':>10}")
    print()
    t = result["target"]
    print(f"target: {t['goal']}")
    print(f"  Numba at n = {largest}: {numba_pe:.3e} s/element; scansim at n = 2^{BIG_LOG}: {scansim_pe:.3e} s/element;"
          f" {headline:,.0f}x: {'met' if t['met'] else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
