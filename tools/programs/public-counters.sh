#!/usr/bin/env bash
# Nsight Compute's counters of the public programs' launches (the first 40 of each run), with
# crosscheck's metrics: each program the manifest lists and the command line names, built by nvcc
# as public-run.sh builds it (-arch=sm_90, its include folders) from a fetched copy in COPIES/ID,
# run with its arguments under ncu, ncu's raw CSV reduced to OUT/ID.tsv (launch, kernel, grid,
# block, the metrics).
#   tools/programs/public-counters.sh MANIFEST COPIES OUT ID...     (on the GPU machine)
set -u
manifest=$(cd "$(dirname "${1:?usage: public-counters.sh MANIFEST COPIES OUT ID...}")" && pwd)/$(basename "$1")
copies=$(cd "${2:?}" && pwd)
out=$(mkdir -p "${3:?}" && cd "$3" && pwd)
shift 3
here=$(cd "$(dirname "$0")" && pwd)
metrics=$(python3 "$(dirname "$0")/ncu_columns.py" --metrics)
bash "$(dirname "$0")/machine.sh" > "$out/machine.txt"
for id in "$@"; do
  row=$(grep "^$id|" "$manifest") || continue
  IFS='|' read -r _ _ _ units includes args <<< "$row"
  inc=()
  for a in $includes; do inc+=(-I "$a"); done
  cd "$copies/$id" || continue
  # shellcheck disable=SC2086
  nvcc -arch=sm_90 "${inc[@]}" -o "$out/$id.bin" $units > /dev/null 2>&1 || continue
  # shellcheck disable=SC2086
  timeout 300 ncu --target-processes all --launch-count 40 --metrics "$metrics" --export "$out/$id" --force-overwrite \
    "$out/$id.bin" $args > /dev/null 2>&1
  ncu --import "$out/$id.ncu-rep" --csv --page raw --print-units base 2> /dev/null | python3 "$here/ncu_columns.py" > "$out/$id.tsv"
  rm -f "$out/$id.bin" "$out/$id.ncu-rep"
done
