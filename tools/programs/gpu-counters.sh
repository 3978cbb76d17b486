#!/usr/bin/env bash
# Nsight Compute's counters of every launch of the project's own programs, as crosscheck takes
# them for a kernel file: builds each program of examples/programs/expected/runs.txt with nvcc
# (-arch=sm_90 --extended-lambda), runs each recorded run that exited 0 under ncu with
# crosscheck's metrics, in a folder holding examples/programs/data, and writes each launch's
# values (ncu_columns.py) to OUT_DIR/TAG.tsv.
#   tools/programs/gpu-counters.sh OUT_DIR        (on the GPU machine, ncu on the PATH)
set -u
out=${1:?usage: gpu-counters.sh OUT_DIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")/../../examples/programs" && pwd)
tools=$(cd "$(dirname "$0")" && pwd)
build=$(mktemp -d)
metrics=$(python3 "$(dirname "$0")/ncu_columns.py" --metrics)
bash "$(dirname "$0")/machine.sh" > "$out/machine.txt"
cp -r "$here/data" "$build/"
: > "$out/runs.txt"
while IFS='|' read -r tag files args; do
  [ "$(cat "$here/expected/$tag.status")" = 0 ] || continue
  p=${files%% *}; p=${p%.*}; p=${p//\//_}
  if [ ! -x "$build/$p" ]; then
    # shellcheck disable=SC2086
    (cd "$here" && nvcc -arch=sm_90 --extended-lambda -o "$build/$p" $files) > /dev/null 2>&1 || continue
  fi
  # shellcheck disable=SC2086
  (cd "$build" && timeout 300 ncu --target-processes all --metrics "$metrics" --export "$build/$tag" --force-overwrite "./$p" $args \
      > /dev/null 2>&1 && ncu --import "$build/$tag.ncu-rep" --csv --page raw --print-units base 2> /dev/null \
      | python3 "$tools/ncu_columns.py" > "$out/$tag.tsv") \
    && echo "$tag|$files|$args" >> "$out/runs.txt"
done < "$here/expected/runs.txt"
rm -rf "$build"
