#!/usr/bin/env bash
# Builds exited_lanes.cu and runs each case on the machine's GPU, alone (10 s limit: a launch that
# waits forever is stopped by timeout, status 124), then under compute-sanitizer's synccheck (60 s).
#   run.sh OUT_DIR
set -u
out=${1:?usage: run.sh OUT_DIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
nvcc -arch=sm_90 -o "$out/exited_lanes" "$here/exited_lanes.cu" > "$out/build.txt" 2>&1 || exit 1
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "card: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version | tail -1)"
} > "$out/machine.txt"
for c in shfl_exited shfl_live_mask syncwarp_exited ballot_exited match_exited shfl_other_path shfl_both_paths block_scan_exited block_scan_full syncthreads_exited; do
  (timeout 10 "$out/exited_lanes" "$c" > "$out/$c.txt" 2>&1; echo $? > "$out/$c.status") &
done
wait
for c in shfl_exited shfl_live_mask syncwarp_exited ballot_exited match_exited shfl_other_path shfl_both_paths block_scan_exited block_scan_full syncthreads_exited; do
  (timeout 60 compute-sanitizer --tool synccheck "$out/exited_lanes" "$c" > "$out/$c.synccheck.txt" 2>&1; echo $? > "$out/$c.synccheck.status") &
done
wait
rm -f "$out/exited_lanes"
