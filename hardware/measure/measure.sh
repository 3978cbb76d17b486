#!/usr/bin/env bash
# measure.sh: record Nsight Compute ground truth for the catalog's scan kernels on a real GPU.
#
# Run from anywhere on a machine with an sm_90 GPU, nvcc, ncu, cuobjdump and nvdisasm:
#   bash hardware/measure/measure.sh
# Writes into RESULTS_DIR (default: measure-results in the current folder):
#   measure.log            everything printed (versions, builds, driver output, ncu output)
#   scansim_measure.tar.gz the work folder: env/ (nvidia-smi, versions), build/ (nvcc -Xptxas -v
#                          logs), run/ (driver output without the profiler), ncu/ (.ncu-rep reports
#                          and their raw CSV), sass/ (cuobjdump -sass, nvdisasm -g with line info,
#                          PTX), manifest.tsv (which sizes each binary ran, in launch order),
#                          src/ (SourceCounters reports, one launch each, exported as a per-SASS-
#                          instruction CSV; the --print-source cuda export of ncu 2025.3 holds only
#                          the source text; skipped with SOURCE_COUNTERS=0)
# hardware/measure/ncu_to_json.py turns the tarball's contents into ../measurements/hopper_ncu.json.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DEST=${RESULTS_DIR:-$PWD/measure-results}
W=$(mktemp -d -t scansim-measure.XXXXXX)
mkdir -p "$DEST" "$W"/{env,bin,build,run,ncu,sass,cubin}
cd "$ROOT/hardware/measure"

ARCH=sm_90
NVCC_FLAGS="-O3 -arch=$ARCH -lineinfo"
# The twelve metrics the simulator is compared with.
METRICS_MAIN="smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
smsp__inst_executed.sum,smsp__thread_inst_executed.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum"
# Launch attributes, for the JSON's grid/block/shared fields (no hardware counters).
METRICS_LAUNCH="launch__grid_size,launch__block_size,launch__thread_count,\
launch__shared_mem_per_block_dynamic,launch__shared_mem_per_block_static,launch__registers_per_thread,\
device__attribute_compute_capability_major,device__attribute_compute_capability_minor"
NCU_FLAGS="--clock-control none --cache-control all --replay-mode kernel"

# name | kernel file (from the repo root) | entry | SCAN_EXCLUSIVE | extra -D flags | sizes
CONFIGS=(
  "blelloch|kernels/harris/blelloch.cu|blelloch|1||2 4 8 16 32 64 128 256 512 1024 2048"
  "conflict_free|kernels/harris/conflict_free.cu|conflict_free|1||64 128 256 512 1024 2048"
  "conflict_free_zero|kernels/harris/conflict_free.cu|conflict_free|1|-DZERO_BANK_CONFLICTS|512 1024 2048"
  "naive_scan|kernels/harris/naive_scan.cu|naive_scan|1||32 64 128 256 512 1024"
  "kogge_stone|kernels/pmpp/kogge_stone.cu|kogge_stone|0||1024"
  "brent_kung|kernels/pmpp/brent_kung.cu|brent_kung|0||1024 2048"
  "three_phase|kernels/lecture/three_phase.cu|three_phase|0||4096"
)

main() {
echo "=== date"; date -u +%Y-%m-%dT%H:%M:%SZ | tee "$W/env/date.txt"
echo "=== nvidia-smi"; nvidia-smi 2>&1 | tee "$W/env/nvidia-smi.txt"
nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total,clocks.sm,clocks.max.sm --format=csv \
  2>&1 | tee "$W/env/gpu.csv"
echo "=== nvcc --version"; nvcc --version 2>&1 | tee "$W/env/nvcc.txt"
echo "=== ncu --version"; ncu --version 2>&1 | tee "$W/env/ncu.txt"
echo "=== cuobjdump --version"; cuobjdump --version 2>&1 | tee "$W/env/cuobjdump.txt"
echo "=== nvdisasm --version"; nvdisasm --version 2>&1 | tee "$W/env/nvdisasm.txt"
uname -a > "$W/env/uname.txt"
ncu --query-metrics --chip gh100 > "$W/env/query-metrics-gh100.txt" 2>&1 || true

echo "=== build"
printf 'name\tkernelFile\tentry\tscanExclusive\tdefines\tsizes\tnvcc\n' > "$W/manifest.tsv"
for cfg in "${CONFIGS[@]}"; do
  IFS='|' read -r name file entry excl defs sizes <<< "$cfg"
  defs=${defs:--}
  [ "$defs" = "-" ] && dflags="" || dflags="$defs"
  cmd="nvcc $NVCC_FLAGS -Xptxas -v -DKERNEL_FILE='\"../../$file\"' -DENTRY=$entry -DSCAN_EXCLUSIVE=$excl $dflags -o $W/bin/scan_$name scan_driver.cu"
  echo "+ $cmd"
  if eval "$cmd" > "$W/build/$name.log" 2>&1; then
    cat "$W/build/$name.log"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$file" "$entry" "$excl" "$defs" "$sizes" "$cmd" >> "$W/manifest.tsv"
  else
    cat "$W/build/$name.log"; echo "BUILD FAILED: $name (skipped)"
  fi
done

echo "=== SASS / PTX"
for bin in "$W"/bin/scan_*; do
  name=${bin##*/scan_}
  cuobjdump -sass "$bin" > "$W/sass/$name.cuobjdump.sass" 2>&1
  cuobjdump -ptx "$bin" > "$W/sass/$name.ptx" 2>&1
  mkdir -p "$W/cubin/$name"
  (cd "$W/cubin/$name" && cuobjdump -xelf all "$bin" > /dev/null 2>&1)
  for cubin in "$W/cubin/$name"/*.cubin; do
    [ -f "$cubin" ] || continue
    nvdisasm -g -c "$cubin" > "$W/sass/$name.nvdisasm-g.sass" 2>&1
    nvdisasm -gi -c "$cubin" > "$W/sass/$name.nvdisasm-gi.sass" 2>&1
  done
  echo "$name: $(grep -cE '\b(LDS|STS)' "$W/sass/$name.cuobjdump.sass") LDS/STS lines"
done

echo "=== plain runs (no profiler)"
tail -n +2 "$W/manifest.tsv" | while IFS=$'\t' read -r name file entry excl defs sizes cmd; do
  echo "+ scan_$name $sizes"
  timeout 60 "$W/bin/scan_$name" $sizes < /dev/null 2>&1 | tee "$W/run/$name.txt"
done

echo "=== metric check"
METRICS="$METRICS_MAIN,$METRICS_LAUNCH"
if ! timeout 120 ncu $NCU_FLAGS --metrics "$METRICS" "$W/bin/scan_blelloch" 64 > "$W/ncu/metric-check.txt" 2>&1 \
   || grep -q "==ERROR==" "$W/ncu/metric-check.txt"; then
  cat "$W/ncu/metric-check.txt"
  echo "some metric was refused; checking them one at a time"
  kept=""
  for m in ${METRICS//,/ }; do
    if timeout 60 ncu $NCU_FLAGS --metrics "$m" "$W/bin/scan_blelloch" 64 > "$W/ncu/check-$m.txt" 2>&1 \
       && ! grep -q "==ERROR==" "$W/ncu/check-$m.txt"; then
      kept="$kept,$m"
    else
      echo "METRIC REFUSED: $m"; cat "$W/ncu/check-$m.txt"
    fi
  done
  METRICS=${kept#,}
else
  echo "all metrics accepted"
fi
echo "$METRICS" > "$W/ncu/metrics.txt"

echo "=== ncu"
tail -n +2 "$W/manifest.tsv" | while IFS=$'\t' read -r name file entry excl defs sizes cmd; do
  ncmd="ncu $NCU_FLAGS --metrics $METRICS --export $W/ncu/$name --force-overwrite $W/bin/scan_$name $sizes"
  echo "+ $ncmd"
  echo "$ncmd" > "$W/ncu/$name.cmd"
  timeout 240 $ncmd < /dev/null 2>&1 | tee "$W/ncu/$name.out"
  ncu --import "$W/ncu/$name.ncu-rep" --csv --page raw --print-units base < /dev/null > "$W/ncu/$name.csv" 2> "$W/ncu/$name.csv.err"
  echo "$name: $(($(wc -l < "$W/ncu/$name.csv") - 2)) launches in CSV"
done

if [ "${SOURCE_COUNTERS:-1}" = 1 ]; then
echo "=== ncu SourceCounters: per-SASS-instruction counts, one launch per report"
ncu --help > "$W/env/ncu-help.txt" 2>&1
mkdir -p "$W/src"
tail -n +2 "$W/manifest.tsv" | while IFS=$'\t' read -r name file entry excl defs sizes cmd; do
  for n in $sizes; do
    rep="$W/src/${name}_n$n"
    scmd="ncu $NCU_FLAGS --section SourceCounters --metrics $METRICS --import-source yes --export $rep --force-overwrite $W/bin/scan_$name $n"
    echo "+ $scmd"
    timeout 120 $scmd < /dev/null > "$rep.out" 2>&1 || { echo "FAILED: $name n=$n"; cat "$rep.out"; }
    grep -E "correct|ERROR" "$rep.out"
    ncu --import "$rep.ncu-rep" --csv --page source --print-source sass < /dev/null > "$rep.sass.csv" 2> "$rep.sass.err" \
      || ncu --import "$rep.ncu-rep" --csv --page source < /dev/null > "$rep.sass.csv" 2>> "$rep.sass.err"
    ncu --import "$rep.ncu-rep" --csv --page source --print-source cuda < /dev/null > "$rep.cuda.csv" 2> "$rep.cuda.err"
    echo "  $(wc -l < "$rep.sass.csv") sass rows, $(wc -l < "$rep.cuda.csv") cuda rows"
  done
done
ncu --import "$W/src/blelloch_n64.ncu-rep" --csv --page details < /dev/null > "$W/src/blelloch_n64.details.csv" 2>&1
head -c 3000 "$W/src/blelloch_n64.sass.csv"; echo
head -c 1500 "$W/src/blelloch_n64.cuda.csv"; echo
cat "$W/src/blelloch_n64.sass.err" "$W/src/blelloch_n64.cuda.err"
fi

echo "=== pack"
rm -rf "$W/cubin"
tar -C /tmp -czf "$DEST/scansim_measure.tar.gz" --exclude=scansim-measure/bin scansim-measure
ls -la "$DEST"
echo "=== done"
}

main < /dev/null 2>&1 | tee "$DEST/measure.log"
