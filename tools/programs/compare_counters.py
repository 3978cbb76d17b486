"""Puts scansim's counters of each launch beside Nsight Compute's, for the public programs.

    python3 tools/programs/compare_counters.py CARD_DIR SIM_DIR > comparison.tsv

CARD_DIR holds ID.tsv from public-counters.sh (the first launches of each run on the card), SIM_DIR
ID.json from public-run.sh's sim mode (scansim run --json). Compared: the launches the card profiled,
in order, each of crosscheck's shared and global metrics beside scansim's counter. Prints one row
per program, launch and metric that differs, then a summary row per program."""
import json
import os
import sys

PAIRS = {"smsp__sass_inst_executed_op_shared_ld.sum": "sharedLoadInstructions",
         "smsp__sass_inst_executed_op_shared_st.sum": "sharedStoreInstructions",
         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": "sharedLoadWavefronts",
         "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum": "sharedStoreWavefronts",
         "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum": "sharedLoadBankConflicts",
         "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum": "sharedStoreBankConflicts",
         "smsp__sass_inst_executed_op_global_ld.sum": "globalLoadInstructions",
         "smsp__sass_inst_executed_op_global_st.sum": "globalStoreInstructions",
         "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": "globalLoadSectors",
         "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum": "globalStoreSectors"}
card_dir, sim_dir = sys.argv[1], sys.argv[2]
print("id\tlaunch\tkernel\tmetric\tscansim\tcard")
summary = []
for name in sorted(os.listdir(card_dir)):
    if not name.endswith(".tsv"):
        continue
    pid = name[:-4]
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(card_dir, name))]
    header, card = rows[0], rows[1:]
    sim_path = os.path.join(sim_dir, pid + ".json")
    sim = json.load(open(sim_path)).get("launches", []) if os.path.exists(sim_path) and os.path.getsize(sim_path) else []
    values = differ = launches_differ = 0
    for i, c in enumerate(card):
        if i >= len(sim):
            break
        counters = sim[i].get("counters")
        if counters is None:
            break
        bad = False
        for k, metric in enumerate(header):
            if metric in PAIRS:
                values += 1
                a, b = counters[PAIRS[metric]], int(c[k])
                if a != b:
                    differ += 1
                    bad = True
                    print(f"{pid}\t{i}\t{sim[i]['kernel']}\t{metric}\t{a}\t{b}")
        launches_differ += bad
    compared = min(len(card), len([l for l in sim if l.get("counters") is not None]))
    summary.append(f"#summary\t{pid}\tlaunches on the card {len(card)}, compared {compared}, differing {launches_differ}; "
                   f"values {values}, differing {differ}")
print("\n".join(summary))
