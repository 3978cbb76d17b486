#!/usr/bin/env bash
# Side-by-side timing for a change that must not make scansim slower: the code at REV ('base')
# against the working tree ('new'), in alternating fresh JVMs, ROUNDS rounds:
#   plain22    Harris's scan_large_array at n = 4194304
#   plain24    the same at n = 16777216
#   checked20  the same at n = 1048576 with every checker
#   program24  examples/programs/scan_main.cu -- 16777216, a whole program whose host loops fill and
#              check the array (without --warm only)
#   tools/bench/side-by-side.sh REV [ROUNDS] [--warm] > bench/results/sbs-DATE-WHAT.txt
# By default each line is the wall time of a whole `scansim run` (JVM start included; 8 rounds).
# With --warm each is the median of five warm runs after two warm-up runs in one JVM, through the
# public API (Warm.java; 5 rounds), which leaves out JVM start and JIT warm-up.
# Prints one line per run, then each command's median for each side and new/base.
set -euo pipefail
rev="${1:?usage: side-by-side.sh REV [ROUNDS] [--warm]}"
warm=false
[[ "${*: -1}" == "--warm" ]] && warm=true
rounds="${2:-}"
[[ -z "$rounds" || "$rounds" == "--warm" ]] && rounds=$($warm && echo 5 || echo 8)
source "$(dirname "$0")/common.sh"
base_worktree "$rev"
build() { mvn -B -q -f "$1/pom.xml" -DskipTests -pl cli -am package >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }; }
build "$work/base"
build "$root"
cp "$work/base/cli/target/scansim.jar" "$work/base.jar"
cp "$root/cli/target/scansim.jar" "$work/new.jar"
cp "$root/tools/bench/Warm.java" "$work/Warm.java"
echo "# Side by side$($warm && echo ", warm"), $(date -u +%F): $(git -C "$root" rev-parse --short "$rev") ('base') against the working" \
  "tree at $(git -C "$root" rev-parse --short HEAD) ('new'), $rounds rounds of alternating fresh JVMs, $(nproc) cores," \
  "$(java -version 2>&1 | head -1)"
cd "$root"
run() { # side name n [checked]
  local side="$1" name="$2" n="$3" checked="${4:-}"
  if $warm; then
    echo "$name $side $(java -XX:+UseParallelGC -cp "$work/$side.jar" "$work/Warm.java" "$n" $checked)"
  else
    local start end args
    if [[ "$name" == program* ]]; then
      args=(run examples/programs/scan_main.cu --json "$work/$side-$name.json" -- "$n")
    else
      args=(run harris/scan_large_array --n "$n" ${checked:+--check all} --json "$work/$side-$name.json")
    fi
    start=$(date +%s.%N)
    java -XX:+UseParallelGC -Dscansim.home="$root" -jar "$work/$side.jar" "${args[@]}" >/dev/null
    end=$(date +%s.%N)
    echo "$name $side $(echo "$end - $start" | bc)"
  fi
}
for ((r = 0; r < rounds; r++)); do
  for side in base new; do
    run "$side" plain22 4194304
    run "$side" plain24 16777216
    run "$side" checked20 1048576 checked
    $warm || run "$side" program24 16777216
  done
done | tee "$work/times.txt"
names="plain22 plain24 checked20$($warm || echo " program24")"
for name in $names; do
  b=$(awk -v n=$name '$1 == n && $2 == "base" {print $3}' "$work/times.txt" | median)
  n=$(awk -v n=$name '$1 == n && $2 == "new" {print $3}' "$work/times.txt" | median)
  echo "# median $name: base $b s, new $n s, new/base $(echo "scale=3; $n / $b" | bc)"
done
if ! $warm; then
  for name in $names; do
    if cmp -s "$work/base-$name.json" "$work/new-$name.json"; then
      echo "# $name: the JSON reports of base and new are the same"
    else
      echo "# $name: the JSON reports of base and new DIFFER"
    fi
  done
fi
