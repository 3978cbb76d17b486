#!/usr/bin/env python3
"""Turn what measure.sh brought back into hardware/measurements/.

Usage (from the repository root):
    python3 hardware/measure/ncu_to_json.py scansim_measure.tar.gz [--out hardware/measurements]

Reads the tarball that measure.sh wrote (or the folder it unpacks to) and writes:
  hopper_ncu.json                 per kernel launch: the launch shape and the twelve metrics of the
                                  ncu raw page (integers), plus "sites": the per-SASS-instruction
                                  source counters of every memory instruction (shared and global),
                                  with the source line that nvdisasm -g gives for it;
  hopper_blelloch_prescan.sass    the Listing 2 kernel's SASS with line info (nvdisasm -g);
  sass/<build>.sass               the same listing for every other build.
Standard library only. Fails loudly when the data do not line up (launch counts, block sizes,
per-site sums against the kernel-level metrics).
"""
import argparse
import csv
import io
import json
import os
import re
import sys
import tarfile

METRICS = [
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__inst_executed.sum",
    "smsp__thread_inst_executed.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "smsp__sass_inst_executed_op_global_ld.sum",
    "smsp__sass_inst_executed_op_global_st.sum",
]

# Columns of the ncu source page (--page source --print-source sass) kept per memory instruction.
SITE_COLUMNS = {
    "Instructions Executed": "instExecuted",
    "Thread Instructions Executed": "threadInstExecuted",
    "Predicated-On Thread Instructions Executed": "predOnThreadInstExecuted",
    "L1 Wavefronts Shared": "wavefrontsShared",
    "L1 Wavefronts Shared Ideal": "wavefrontsSharedIdeal",
    "L1 Wavefronts Shared Excessive": "wavefrontsSharedExcessive",
    "L2 Theoretical Sectors Global": "sectorsGlobal",
    "L2 Theoretical Sectors Global Ideal": "sectorsGlobalIdeal",
}


class Source:
    """Files of the measure.sh work folder, from the tarball or an unpacked folder."""

    def __init__(self, path):
        self.tar = None
        self.dir = None
        if os.path.isdir(path):
            self.dir = path
        else:
            self.tar = tarfile.open(path, "r:*")
            self.names = {m.name.split("/", 1)[1]: m for m in self.tar.getmembers()
                          if m.isfile() and "/" in m.name}

    def read(self, rel):
        if self.dir:
            with open(os.path.join(self.dir, rel), encoding="utf-8", errors="replace") as f:
                return f.read()
        return self.tar.extractfile(self.names[rel]).read().decode("utf-8", errors="replace")

    def exists(self, rel):
        return os.path.exists(os.path.join(self.dir, rel)) if self.dir else rel in self.names


def to_int(text, what):
    t = text.strip().replace(",", "")
    try:
        return int(t)
    except ValueError:
        f = float(t)
        if f != int(f):
            raise SystemExit(f"{what}: {text!r} is not an integer")
        return int(f)


def dim3(text):
    nums = [int(x) for x in re.findall(r"\d+", text)]
    if len(nums) != 3:
        raise SystemExit(f"not a dim3: {text!r}")
    return nums


def parse_nvdisasm(text):
    """offset -> (line, sass text) from an nvdisasm -g listing."""
    out = {}
    line = None
    for raw in text.splitlines():
        m = re.search(r'//## File ".*", line (\d+)', raw)
        if m:
            line = int(m.group(1))
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;?\s*$", raw)
        if m:
            out[int(m.group(1), 16)] = (line, re.sub(r"\s+", " ", m.group(2)).strip(" ;"))
    return out


def opcode(sass):
    s = re.sub(r"^@!?U?P\w+\s+", "", sass.strip())
    return s.split()[0] if s else ""


def parse_sites(csv_text, listing, where):
    rows = list(csv.reader(io.StringIO(csv_text)))
    header_at = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    h = rows[header_at]
    col = {name: h.index(name) for name in ["Address", "Source", "Address Space", "Access Operation",
                                            "Access Size", *SITE_COLUMNS]}
    body = [r for r in rows[header_at + 1:] if len(r) == len(h)]
    base = int(body[0][col["Address"]], 16)
    sites = []
    for r in body:
        space = r[col["Address Space"]].strip()
        if space not in ("Shared", "Global"):
            continue
        pc = int(r[col["Address"]], 16) - base
        sass = re.sub(r"\s+", " ", r[col["Source"]]).strip()
        line, listed = listing.get(pc, (None, None))
        if listed is None or opcode(listed) != opcode(sass):
            raise SystemExit(f"{where}: pc 0x{pc:04x} is {sass!r} in ncu but {listed!r} in nvdisasm")
        site = {
            "pc": f"0x{pc:04x}",
            "sass": sass,
            "line": line,
            "space": space.lower(),
            "op": r[col["Access Operation"]].strip().lower(),
            "bits": to_int(r[col["Access Size"]], where),
        }
        for name, key in SITE_COLUMNS.items():
            if space == "Shared" and "Global" in name or space == "Global" and "Shared" in name:
                continue
            site[key] = to_int(r[col[name]], f"{where} {name}")
        sites.append(site)
    return sites


def first_line(text, prefix=""):
    for line in text.splitlines():
        if line.startswith(prefix) and line.strip():
            return line.strip()
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", help="scansim_measure.tar.gz from measure.sh, or the folder it unpacks to")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "measurements"))
    args = ap.parse_args()
    src = Source(args.data)
    out_dir = os.path.normpath(args.out)
    os.makedirs(os.path.join(out_dir, "sass"), exist_ok=True)

    gpu = list(csv.reader(io.StringIO(src.read("env/gpu.csv"))))
    gpu_row = dict(zip([c.strip() for c in gpu[0]], [c.strip() for c in gpu[1]]))
    nvcc_version = first_line(src.read("env/nvcc.txt"), "Cuda compilation tools")
    ncu_version = first_line(src.read("env/ncu.txt"), "Version")
    date = src.read("env/date.txt").strip()
    metrics_used = src.read("ncu/metrics.txt").strip()

    manifest = list(csv.DictReader(io.StringIO(src.read("manifest.tsv")), delimiter="\t"))
    builds = {}
    measurements = []
    device_extra = {}
    for b in manifest:
        name = b["name"]
        sizes = [int(s) for s in b["sizes"].split()]
        defines = [] if b["defines"] == "-" else b["defines"].split()
        ncu_cmd = src.read(f"ncu/{name}.cmd").strip()
        listing_text = src.read(f"sass/{name}.nvdisasm-g.sass")
        listing = parse_nvdisasm(listing_text)
        run_out = src.read(f"run/{name}.txt")
        correct = {int(m.group(1)): m.group(2) == "1" for m in re.finditer(r"^n=(\d+) correct=(\d)", run_out, re.M)}
        builds[name] = {
            "kernelFile": b["kernelFile"],
            "entry": b["entry"],
            "defines": defines,
            "scan": "exclusive" if b["scanExclusive"] == "1" else "inclusive",
            "sizes": sizes,
            "nvcc": re.sub(r"\S*/bin/", "", b["nvcc"]),
            "ncu": re.sub(r"\S*/ncu/", "", re.sub(r"\S*/bin/", "./", ncu_cmd)),
        }
        with open(os.path.join(out_dir, "sass", f"{name}.sass"), "w") as f:
            f.write(sass_header(name, builds[name]) + clean_listing(listing_text))

        rows = list(csv.reader(io.StringIO(src.read(f"ncu/{name}.csv"))))
        h = rows[0]
        launches = [dict(zip(h, r)) for r in rows[2:]]
        if len(launches) != len(sizes):
            raise SystemExit(f"{name}: {len(launches)} launches in the CSV for {len(sizes)} sizes")
        for k, (n, d) in enumerate(zip(sizes, launches)):
            if int(d["ID"]) != k:
                raise SystemExit(f"{name}: launch {k} has ID {d['ID']}")
            if not correct.get(n):
                raise SystemExit(f"{name}: n={n} was not reported correct: {run_out}")
            kname = d["Kernel Name"]
            block = dim3(d["Block Size"])
            grid = dim3(d["Grid Size"])
            if to_int(d["launch__block_size"], "block") != block[0] * block[1] * block[2]:
                raise SystemExit(f"{name}: block size mismatch")
            device_extra = {
                "multiprocessors": to_int(d.get("device__attribute_multiprocessor_count", "0"), "sm"),
                "computeCapability": f'{to_int(d["device__attribute_compute_capability_major"], "cc")}.'
                                     f'{to_int(d["device__attribute_compute_capability_minor"], "cc")}',
            }
            m = {key: to_int(d[key], f"{name} n={n} {key}") for key in METRICS if key in d}
            rec = {
                "build": name,
                "kernelFile": b["kernelFile"],
                "entry": b["entry"],
                "defines": defines,
                "scan": builds[name]["scan"],
                "kernel": kname.split("(")[0].strip(),
                "kernelSignature": kname,
                "n": n,
                "launch": 0,
                "ncuLaunchId": k,
                "grid": grid,
                "block": block,
                "dynamicSharedBytes": to_int(d["launch__shared_mem_per_block_dynamic"], "dyn"),
                "staticSharedBytes": to_int(d["launch__shared_mem_per_block_static"], "static"),
                "registersPerThread": to_int(d["launch__registers_per_thread"], "regs"),
                "correct": True,
                "metrics": m,
            }
            site_csv = f"src/{name}_n{n}.sass.csv"
            if src.exists(site_csv):
                sites = parse_sites(src.read(site_csv), listing, site_csv)
                check_sites(name, n, m, sites)
                rec["sites"] = sites
            measurements.append(rec)

    blelloch = builds.get("blelloch")
    if blelloch:
        with open(os.path.join(out_dir, "hopper_blelloch_prescan.sass"), "w") as f:
            f.write(sass_header("blelloch", blelloch) + clean_listing(src.read("sass/blelloch.nvdisasm-g.sass")))

    doc = {
        "schemaVersion": 1,
        "device": {
            "name": gpu_row.get("name"),
            "driver": gpu_row.get("driver_version"),
            "computeCapability": gpu_row.get("compute_cap") or device_extra.get("computeCapability"),
            "multiprocessors": device_extra.get("multiprocessors"),
            "memoryTotal": gpu_row.get("memory.total [MiB]"),
        },
        "tools": {"nvcc": nvcc_version, "ncu": ncu_version},
        "date": date,
        "command": {
            "script": "bash hardware/measure/measure.sh   (writes measure.log and scansim_measure.tar.gz to RESULTS_DIR)",
            "nvcc": "cd hardware/measure && nvcc -O3 -arch=sm_90 -lineinfo -Xptxas -v "
                    "-DKERNEL_FILE='\"../../KERNEL_FILE\"' -DENTRY=ENTRY -DSCAN_EXCLUSIVE=0|1 [DEFINES] "
                    "-o scan_BUILD scan_driver.cu",
            "ncu": "ncu --clock-control none --cache-control all --replay-mode kernel --metrics METRICS "
                   "--export BUILD --force-overwrite ./scan_BUILD N1 N2 ...   "
                   "(one process per build; the k-th launch is the k-th N)",
            "ncuCsv": "ncu --import BUILD.ncu-rep --csv --page raw --print-units base",
            "sourceCounters": "ncu --clock-control none --cache-control all --replay-mode kernel "
                              "--section SourceCounters --metrics METRICS --import-source yes "
                              "--export BUILD_nN --force-overwrite ./scan_BUILD N   (one process per N); "
                              "ncu --import BUILD_nN.ncu-rep --csv --page source --print-source sass",
            "sass": "cuobjdump -xelf all scan_BUILD && nvdisasm -g -c *.sm_90.cubin",
            "metrics": metrics_used,
            "convert": "python3 hardware/measure/ncu_to_json.py scansim_measure.tar.gz",
        },
        "builds": builds,
        "notes": [
            "metrics: kernel-level sums from the ncu raw page, base units; identical in two runs on two machines.",
            "smsp__sass_inst_executed_op_shared_ld/st count warp instructions with at least one predicated-on "
            "thread; a warp whose lanes are all off (branch or predicate) does not count.",
            "l1tex__data_bank_conflicts_* = wavefronts - ideal wavefronts, where ideal is 1 per 32-bit warp "
            "access and 1 per active half-warp for a 64-bit access (STS.64/LDS.64).",
            "sites: per SASS memory instruction, from the SourceCounters section; instExecuted counts warps "
            "that reached the instruction, predicated-off ones included; wavefrontsSharedIdeal equals the "
            "count of warp executions with a predicated-on lane (32-bit) and so sums to the sass_inst metric.",
            "smsp__inst_executed counts SASS instructions, predicated-off ones included, and a divergent "
            "if/else's BSYNC once per path: it is SASS-specific and not comparable with a source-level model.",
        ],
        "measurements": measurements,
    }
    with open(os.path.join(out_dir, "hopper_ncu.json"), "w") as f:
        f.write(dump_json(doc) + "\n")
    print(f"wrote {len(measurements)} measurements of {len(builds)} builds to {out_dir}")


def dump_json(doc):
    """Indented JSON with each site, each list of numbers and the defines on one line."""
    inline = []

    def mark(v):
        if isinstance(v, dict):
            if "pc" in v:
                inline.append(json.dumps(v))
                return f"@@{len(inline) - 1}@@"
            return {k: mark(x) for k, x in v.items()}
        if isinstance(v, list):
            if all(not isinstance(x, (dict, list)) for x in v):
                inline.append(json.dumps(v))
                return f"@@{len(inline) - 1}@@"
            return [mark(x) for x in v]
        return v
    text = json.dumps(mark(doc), indent=1)
    return re.sub(r'"@@(\d+)@@"', lambda m: inline[int(m.group(1))], text)


def check_sites(name, n, m, sites):
    """The per-instruction counters must add up to the kernel-level metrics of the same launch."""
    def total(op, key):
        return sum(s[key] for s in sites if s["space"] == "shared" and s["op"] == op)
    pairs = [
        ("load", "wavefrontsShared", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
        ("store", "wavefrontsShared", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    ]
    for op, key, metric in pairs:
        if metric in m and total(op, key) != m[metric]:
            raise SystemExit(f"{name} n={n}: per-site {op} {key} {total(op, key)} != {metric} {m[metric]}")
    for op, wf, conf in [("load", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
                         ("store", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                          "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum")]:
        if m[wf] - total(op, "wavefrontsSharedIdeal") != m[conf]:
            raise SystemExit(f"{name} n={n}: {op}: wavefronts - ideal != bank conflicts")


def sass_header(name, build):
    return (f"// SASS of {build['kernelFile']} as built by hardware/measure/measure.sh ({name}), sm_90,\n"
            f"// listed with nvdisasm -g -c (line info from -lineinfo). Build:\n"
            f"//   {build['nvcc']}\n"
            f"// Per-instruction counts for each measured n: hopper_ncu.json, measurements[].sites.\n\n")


def clean_listing(text):
    # nvdisasm prints the absolute path of the build machine's checkout; keep it repository-relative.
    return re.sub(r'"[^"]*?/kernels/', '"kernels/', text)


if __name__ == "__main__":
    sys.exit(main())
