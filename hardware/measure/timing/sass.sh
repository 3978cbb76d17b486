#!/usr/bin/env bash
# cuobjdump -sass of each build in sass.list (NAME|FILE|DEFINES), for sm_90 with line info:
#   hardware/measure/timing/sass.sh OUTDIR
set -eu
out=$1
mkdir -p "$out"
cubin=$(mktemp --suffix=.cubin)
while IFS='|' read -r name file defs; do
  # shellcheck disable=SC2086
  nvcc -cubin -arch=sm_90 -lineinfo $defs -o "$cubin" "$file"
  cuobjdump -sass "$cubin" > "$out/$(echo "$name" | tr / _).sass"
done < "$(dirname "$0")/sass.list"
rm -f "$cubin"
