#!/usr/bin/env bash
# Builds each program of examples/programs with nvcc and runs it on the machine's GPU with the
# arguments its test runs it with, writing what it printed (stdout and stderr line-buffered into
# one file, as a terminal shows them) and its exit status, for examples/programs/expected/. Each
# runs in a folder holding a copy of examples/programs/data, the files programs read.
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
# each program: its name, then its translation units (relative to examples/programs)
programs() {
  cat <<'PROGRAMS'
scan_main|scan_main.cu
goto_cleanup|goto_cleanup.cu
iostream_flags|iostream_flags.cu
host_library|host_library.cu
several_files|several_files/main.cpp several_files/scan.cu
file_io|file_io.cu
function_pointers|function_pointers.cu
classes|classes.cu
modern_cpp|modern_cpp.cu
lambdas_library|lambdas_library.cu
virtual_scans|virtual_scans.cu
PROGRAMS
}
# each run: the program's name, then its arguments
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
several_files|
several_files|300
file_io|
file_io|data/scan_input.txt results.txt
file_io|missing.txt
function_pointers|
function_pointers|100
function_pointers|0
classes|
classes|77
classes|0
modern_cpp|
modern_cpp|70000
modern_cpp|0
lambdas_library|
lambdas_library|70000 7
lambdas_library|0
virtual_scans|
virtual_scans|5000
virtual_scans|65536
virtual_scans|0
RUNS
}
programs | while IFS='|' read -r p files; do
  # shellcheck disable=SC2086
  (cd "$here" && nvcc -arch=sm_90 --extended-lambda -o "$build/$p" $files) 2> "$out/$p.build.txt" || echo "build of $p failed" >> "$out/machine.txt"
done
: > "$out/runs.txt"
# the programs run where their data is, as scansim run --files-from examples/programs reads it
cp -r "$here/data" "$build/"
runs | while IFS='|' read -r p args; do
  tag=$p${args:+_$(echo "$args" | tr ' /' '__')}
  files=$(programs | grep "^$p|" | cut -d'|' -f2)
  echo "$tag|$files|$args" >> "$out/runs.txt"
  # shellcheck disable=SC2086
  (cd "$build" && stdbuf -oL -eL "./$p" $args > "$out/$tag.txt" 2>&1; echo $? > "$out/$tag.status")
done
rm -rf "$build"
