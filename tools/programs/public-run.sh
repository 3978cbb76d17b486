#!/usr/bin/env bash
# Runs the public programs a manifest lists, each unmodified from a fetched copy of its
# repository, either built by nvcc and run on the machine's GPU (gpu) or through scansim run
# (sim), writing what each printed (stdout and stderr line-buffered into one file) and its exit
# status. The manifest's rows: ID|REPOSITORY|COMMIT|TRANSLATION UNITS|INCLUDE DIRS|ARGUMENTS, the
# paths relative to the program's folder COPIES/ID (the repository's files at COMMIT).
#   tools/programs/public-run.sh MANIFEST COPIES OUT gpu|sim [SCANSIM]
set -u
manifest=${1:?usage: public-run.sh MANIFEST COPIES OUT gpu|sim [SCANSIM]}
copies=$(cd "${2:?}" && pwd)
out=$(mkdir -p "${3:?}" && cd "$3" && pwd)
mode=${4:?}
scansim=${5:-$(cd "$(dirname "$0")/../.." && pwd)/scansim}
one() {
  IFS='|' read -r id repo commit units includes args <<< "$1"
  local dir="$copies/$id" inc=() a
  for a in $includes; do inc+=(-I "$a"); done
  cd "$dir" || return
  if [ "$mode" = gpu ]; then
    # shellcheck disable=SC2086
    if nvcc -arch=sm_90 "${inc[@]}" -o "$out/$id.bin" $units > "$out/$id.build.txt" 2>&1; then
      # shellcheck disable=SC2086
      timeout 60 stdbuf -oL -eL "$out/$id.bin" $args > "$out/$id.txt" 2>&1
      echo $? > "$out/$id.status"
      if [ -n "${SANITIZE:-}" ]; then # compute-sanitizer's memcheck and synccheck, for the faults scansim reports
        # shellcheck disable=SC2086
        timeout 120 compute-sanitizer --tool memcheck "$out/$id.bin" $args > "$out/$id.memcheck.txt" 2>&1
        # shellcheck disable=SC2086
        timeout 120 compute-sanitizer --tool synccheck "$out/$id.bin" $args > "$out/$id.synccheck.txt" 2>&1
      fi
      rm -f "$out/$id.bin"
    else
      echo build > "$out/$id.status"
    fi
  else
    # shellcheck disable=SC2086
    timeout 300 "$scansim" run $units "${inc[@]}" --no-timing --wall-seconds 120 --json "$out/$id.json" -- $args > "$out/$id.log" 2>&1
    echo $? > "$out/$id.status"
  fi
}
export -f one
export copies out mode scansim SANITIZE
grep -v '^#' "$manifest" | grep -v '^$' | xargs -d '\n' -P 8 -I{} bash -c 'one "$@"' _ {}
