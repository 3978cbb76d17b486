#!/usr/bin/env bash
# As side-by-side.sh, but warm and in process (Warm.java through the public API: the median of
# five runs after two warm-up runs in each JVM), which leaves out JVM start and JIT warm-up, the
# largest part of the noise of a whole command at 2^22. Alternating fresh JVMs, ROUNDS rounds:
#   tools/bench/warm-side-by-side.sh REV [ROUNDS] > bench/results/sbs-DATE-WHAT-warm.txt
set -euo pipefail
rev="${1:?usage: warm-side-by-side.sh REV [ROUNDS]}"
rounds="${2:-5}"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
work="$(mktemp -d)"
trap 'git -C "$root" worktree remove --force "$work/base" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$root" worktree add -q "$work/base" "$rev"
build() { mvn -B -q -f "$1/pom.xml" -DskipTests -pl cli -am package >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 2; }; }
build "$work/base"
build "$root"
cp "$work/base/cli/target/scansim.jar" "$work/base.jar"
cp "$root/cli/target/scansim.jar" "$work/new.jar"
cp "$root/tools/bench/Warm.java" "$work/Warm.java"
echo "# Warm side by side, $(date -u +%F): $(git -C "$root" rev-parse --short "$rev") ('base') against the working tree at" \
  "$(git -C "$root" rev-parse --short HEAD) ('new'), $rounds rounds of alternating fresh JVMs, each the median of 5 warm runs," \
  "$(nproc) cores, $(java -version 2>&1 | head -1)"
cd "$root"
for ((r = 0; r < rounds; r++)); do
  for side in base new; do
    echo "plain22 $side $(java -XX:+UseParallelGC -cp "$work/$side.jar" "$work/Warm.java" 4194304)"
    echo "plain24 $side $(java -XX:+UseParallelGC -cp "$work/$side.jar" "$work/Warm.java" 16777216)"
    echo "checked20 $side $(java -XX:+UseParallelGC -cp "$work/$side.jar" "$work/Warm.java" 1048576 checked)"
  done
done | tee "$work/times.txt"
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
for name in plain22 plain24 checked20; do
  b=$(awk -v n=$name '$1 == n && $2 == "base" {print $3}' "$work/times.txt" | median)
  n=$(awk -v n=$name '$1 == n && $2 == "new" {print $3}' "$work/times.txt" | median)
  echo "# median $name: base $b s, new $n s, new/base $(echo "scale=3; $n / $b" | bc)"
done
