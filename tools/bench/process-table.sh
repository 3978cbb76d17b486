#!/usr/bin/env bash
# scansim's speed as users meet it: whole processes of the launcher, the code at REV ('base', its
# own ./scansim in a worktree) against the working tree ('new', ./scansim), in alternating rounds,
# ROUNDS of them (default 5). Rows, each the median of its rounds' wall times:
#   big       run harris/scan_large_array --n 16777216 (timing on, as the README runs it)
#   no-timing the same with --no-timing
#   cost      timing's cost: CPU time (user + system) of big over no-timing, the same round's pair
#   small     run kernels/harris/blelloch.cu --n 1024
#   check     check kernels/harris/blelloch.cu
#   grade     grade of 30 submissions (examples/grading/submissions five times) at the spec's 8 sizes
#   floor     a Java program that prints one line: this machine's start of a JVM, the bound of any
#             short command
# Then Numba's CUDA simulator per element (bench/numba_compare.py) where Numba is installed.
#   tools/bench/process-table.sh REV [ROUNDS] > bench/results/process-DATE.txt
set -euo pipefail
rev="${1:?usage: process-table.sh REV [ROUNDS]}"
rounds="${2:-5}"
source "$(dirname "$0")/common.sh"
base_worktree "$rev"
# Each side built by its own launcher, once, and run once before the rounds (a launcher that
# makes a class-data archive makes it then).
for side in "$work/base" "$root"; do
  (cd "$side" && ./scansim check kernels/harris/blelloch.cu >/dev/null 2>&1) || { echo "cannot build $side" >&2; exit 2; }
done
mkdir -p "$work/subs"
for c in 1 2 3 4 5; do
  for f in "$root"/examples/grading/submissions/*.cu; do cp "$f" "$work/subs/$(basename "$f" .cu)_$c.cu"; done
done
mkdir -p "$work/hello"
printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' >"$work/hello/Hello.java"
javac -d "$work/hello" "$work/hello/Hello.java"

echo "# Process figures, $(date -u +%F): $(git -C "$root" rev-parse --short "$rev") ('base') against the working tree at" \
  "$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo ' with changes') ('new'), $rounds alternating" \
  "rounds, $(nproc) cores, $(java -version 2>&1 | head -1)"
# One timed process: prints "ROW SIDE WALL CPU".
timed() { # row side dir command...
  local row="$1" side="$2" dir="$3"
  shift 3
  local t
  t="$( { /usr/bin/time -f '%e %U %S' bash -c 'cd "$0" && "$@" >/dev/null 2>&1' "$dir" "$@"; } 2>&1 | tail -n 1)"
  set -- $t
  echo "$row $side $1 $(echo "$2 + $3" | bc)"
}
for ((r = 0; r < rounds; r++)); do
  for side in base new; do
    dir="$root"
    [ "$side" = base ] && dir="$work/base"
    timed big "$side" "$dir" ./scansim run harris/scan_large_array --n 16777216
    timed no-timing "$side" "$dir" ./scansim run harris/scan_large_array --n 16777216 --no-timing
    timed small "$side" "$dir" ./scansim run kernels/harris/blelloch.cu --n 1024
    timed check "$side" "$dir" ./scansim check kernels/harris/blelloch.cu
    rm -rf "$work/grades-$side"
    timed grade "$side" "$dir" ./scansim grade "$work/subs" --spec examples/grading/inclusive_scan.json --out "$work/grades-$side"
  done
  timed floor - "$work" java -cp "$work/hello" Hello
done | tee "$work/times.txt"

col() { awk -v r="$1" -v s="$2" -v c="$3" '$1 == r && $2 == s {print $c}' "$work/times.txt"; }
for row in big no-timing small check grade; do
  b=$(col "$row" base 3 | median)
  n=$(col "$row" new 3 | median)
  echo "# median $row: base $b s, new $n s, new/base $(echo "scale=3; $n / $b" | bc)"
done
for side in base new; do # timing's cost: each round's CPU time with timing over without
  paste <(col big "$side" 4) <(col no-timing "$side" 4) | awk '{print $1 / $2}' | median | xargs printf "# median cost $side: %.3f\n"
done
echo "# median floor: $(col floor - 3 | median) s (a JVM that prints one line)"
cmp -s <(cd "$work/grades-base" && cat */results.json) <(cd "$work/grades-new" && cat */results.json) \
  && echo "# grade: the same results from both sides" || echo "# grade: THE RESULTS DIFFER"
if python3 -c 'import numba' >/dev/null 2>&1; then
  (cd "$root" && python3 bench/numba_compare.py) | sed 's/^/# numba: /'
else
  echo "# numba: not installed here (bench/numba_compare.py compares where it is)"
fi
