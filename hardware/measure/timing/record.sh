#!/usr/bin/env bash
# Records the card's cycles and time: one `scansim crosscheck ... --cycles-only --repeat 10` per
# line of SPEC (its arguments: a kernel file or catalog name, sizes, -D defines), JSON a line in
# OUTDIR/timing.jsonl, the text in OUTDIR/timing.txt, the machine in OUTDIR/environment.txt.
#   hardware/measure/timing/record.sh OUTDIR SPEC [SECONDS]
# With SECONDS, lines not started within that time go to OUTDIR/left.txt (run it again on those).
# SCANSIM (default: ./scansim) is the command; nvcc, ncu and the NVIDIA driver must be there.
set -u
out=$1; spec=$2; budget=${3:-1000000}
scansim=${SCANSIM:-./scansim}
mkdir -p "$out"
start=$(date +%s)
{
echo "date: $(date -u +%FT%TZ)"
echo "card: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.applications.graphics --format=csv,noheader)"
echo "nvcc: $(nvcc --version | tail -2 | head -1)"
echo "ncu: $(ncu --version | tail -1)"
} > "$out/environment.txt"
: > "$out/timing.jsonl"
tmp=$(mktemp)
while IFS= read -r line; do
  [ -z "$line" ] && continue
  if [ $(( $(date +%s) - start )) -gt "$budget" ]; then echo "$line" >> "$out/left.txt"; continue; fi
  s=$(date +%s)
  rm -f "$tmp"
  echo "### crosscheck $line --cycles-only --repeat 10" >> "$out/timing.txt"
  # shellcheck disable=SC2086
  $scansim crosscheck $line --cycles-only --repeat 10 --json "$tmp" >> "$out/timing.txt" 2>&1
  echo "exit $? $line $(( $(date +%s) - s )) s" >> "$out/timing.txt"
  if [ -s "$tmp" ]; then tr -d '\n' < "$tmp" >> "$out/timing.jsonl"; echo >> "$out/timing.jsonl"; fi
done < "$spec"
rm -f "$tmp"
grep "^exit" "$out/timing.txt"
