#!/usr/bin/env bash
# Measures the shared-memory wavefronts and global sectors of the probe's one-warp accesses with
# Nsight Compute, on a machine with an sm_90 GPU, nvcc, ncu and cuobjdump:
#   bash simulator/src/test/resources/org/scansim/sim/banks/hopper-probe/measure.sh
# Writes env.txt, sass.txt, ncu.csv, cases.txt and probe.csv (the joined table that
# HopperProbeTest compares the bank model with) into RESULTS_DIR (default: a temporary folder).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
RESULTS_DIR=${RESULTS_DIR:-$(mktemp -d)}
W=$(mktemp -d)
cd "$W"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv | tee "$RESULTS_DIR/env.txt"
nvcc --version | tail -2 | tee -a "$RESULTS_DIR/env.txt"
ncu --version | tail -1 | tee -a "$RESULTS_DIR/env.txt"
nvcc -O3 -arch=sm_90 -o probe "$HERE/probe.cu" || exit 1
cuobjdump -sass probe | grep -E "Function|LDS|STS|LDG" > "$RESULTS_DIR/sass.txt"
./probe > cases.txt || { cat cases.txt; exit 1; }
M=smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,smsp__sass_inst_executed_op_global_ld.sum
ncu --metrics "$M" --csv --print-units base --clock-control none ./probe > ncu.csv 2> ncu.err
echo "ncu rc=$?"; tail -3 ncu.err
cp cases.txt ncu.csv "$RESULTS_DIR/"
python3 "$HERE/join.py" cases.txt ncu.csv > "$RESULTS_DIR/probe.csv" && cat "$RESULTS_DIR/probe.csv"
echo "results in $RESULTS_DIR"
