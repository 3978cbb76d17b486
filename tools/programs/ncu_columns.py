"""Reduces Nsight Compute's raw CSV (standard input) to one row per launch: launch, kernel, grid,
block, then crosscheck's metrics in their order (the launch's cycles on its busiest SM and its
duration last), tab-separated (no host names, no device
attributes). With --metrics: prints the metrics, comma-separated, for ncu's --metrics."""
import csv
import io
import sys

METRICS = ["smsp__sass_inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_st.sum",
           "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
           "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
           "smsp__sass_inst_executed_op_global_ld.sum", "smsp__sass_inst_executed_op_global_st.sum",
           "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
           "smsp__inst_executed.sum", "sm__cycles_elapsed.max", "gpu__time_duration.sum"]
if sys.argv[1:] == ["--metrics"]:
    print(",".join(METRICS))
    sys.exit(0)
text = sys.stdin.read()
print("\t".join(["launch", "kernel", "grid", "block"] + METRICS))
if '"ID"' in text:
    rows = list(csv.reader(io.StringIO(text[text.index('"ID"'):])))
    idx = {h: i for i, h in enumerate(rows[0])}
    for r in rows[1:]:
        if r and r[0].strip().isdigit():
            print("\t".join([r[idx["ID"]], r[idx["Kernel Name"]], r[idx["Grid Size"]], r[idx["Block Size"]]]
                            + [r[idx[m]].replace(",", "") for m in METRICS]))
