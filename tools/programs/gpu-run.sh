#!/usr/bin/env bash
# Builds each program of examples/programs with nvcc and runs it on the machine's GPU with the
# arguments its test runs it with, writing what it printed (stdout and stderr line-buffered into
# one file, as a terminal shows them) and its exit status, for examples/programs/expected/.
#   tools/programs/gpu-run.sh OUT_DIR
set -u
out=${1:?usage: gpu-run.sh OUT_DIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")/../../examples/programs" && pwd)
build=$(mktemp -d)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "card: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version | tail -1)"
  echo "host compiler: $(g++ --version | head -1)"
} > "$out/machine.txt"
# name, then the arguments of each run (one run per line after the name)
runs() {
  cat <<'RUNS'
scan_main|
scan_main|3000
scan_main|20000
scan_main|0
goto_cleanup|
iostream_flags|-n 5000 -v
iostream_flags|-x
iostream_flags|
host_library|
RUNS
}
for p in scan_main goto_cleanup iostream_flags host_library; do
  nvcc -arch=sm_90 -o "$build/$p" "$here/$p.cu" 2> "$out/$p.build.txt" || echo "build of $p failed" >> "$out/machine.txt"
done
: > "$out/runs.txt"
runs | while IFS='|' read -r p args; do
  tag=$p${args:+_$(echo "$args" | tr ' ' '_')}
  echo "$tag|$p|$args" >> "$out/runs.txt"
  # shellcheck disable=SC2086
  (cd "$build" && stdbuf -oL -eL "./$p" $args > "$out/$tag.txt" 2>&1; echo $? > "$out/$tag.status")
done
rm -rf "$build"
