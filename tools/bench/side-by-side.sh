#!/usr/bin/env bash
# Side-by-side timing for a change that must not make scansim slower: the code at REV ('base')
# against the working tree ('new'), in alternating fresh JVMs, ROUNDS rounds (default 8), wall
# time of the whole command (JVM start included):
#   plain22    run harris/scan_large_array --n 4194304
#   plain24    run harris/scan_large_array --n 16777216
#   checked20  run harris/scan_large_array --n 1048576 --check all
#   tools/bench/side-by-side.sh REV [ROUNDS] > bench/results/sbs-DATE-WHAT.txt
# Prints one line per run, then the median of each command for each side and new/base.
set -euo pipefail
rev="${1:?usage: side-by-side.sh REV [ROUNDS]}"
rounds="${2:-8}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q "$work/base" "$rev"
build() { mvn -B -q -f "$1/pom.xml" -DskipTests -pl cli -am package >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }; }
build "$work/base"
build "$root"
cp "$work/base/cli/target/scansim.jar" "$work/base.jar"
cp "$root/cli/target/scansim.jar" "$work/new.jar"
echo "# Side by side, $(date -u +%F): $(git -C "$root" rev-parse --short "$rev") ('base') against the working tree at" \
  "$(git -C "$root" rev-parse --short HEAD) ('new'), $rounds rounds of alternating fresh JVMs, $(nproc) cores, $(java -version 2>&1 | head -1)"
run() { # side name args...
  local side="$1" name="$2"; shift 2
  local start end
  start=$(date +%s.%N)
  java -XX:+UseParallelGC -Dscansim.home="$root" -jar "$work/$side.jar" run harris/scan_large_array "$@" --json "$work/$side-$name.json" >/dev/null
  end=$(date +%s.%N)
  echo "$name $side $(echo "$end - $start" | bc)"
}
for ((r = 0; r < rounds; r++)); do
  for side in base new; do
    run "$side" plain22 --n 4194304
    run "$side" plain24 --n 16777216
    run "$side" checked20 --n 1048576 --check all
  done
done | tee "$work/times.txt"
for name in plain22 plain24 checked20; do
  b=$(awk -v n=$name '$1 == n && $2 == "base" {print $3}' "$work/times.txt" | sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')
  n=$(awk -v n=$name '$1 == n && $2 == "new" {print $3}' "$work/times.txt" | sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}')
  echo "# median $name: base $b s, new $n s, new/base $(echo "scale=3; $n / $b" | bc)"
done
for name in plain22 plain24 checked20; do
  if cmp -s <(sed 's/"file" *: *"[^"]*"//' "$work/base-$name.json") <(sed 's/"file" *: *"[^"]*"//' "$work/new-$name.json"); then
    echo "# $name: the JSON reports of base and new are the same"
  else
    echo "# $name: the JSON reports of base and new DIFFER"
  fi
done
