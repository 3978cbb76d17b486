#!/usr/bin/env bash
# Runs a sweep on a Slurm cluster: its N shards as one job array, and a job that merges them
# when all N have succeeded (afterok; if one fails, the merge is cancelled, not left pending).
#   examples/sweeps/slurm/submit.sh SPEC N OUTDIR     # prints the array's and the merge's job ids
# Run it from the scansim checkout (the jobs run ./scansim there; build it first with ./scansim
# --version), or set SCANSIM to the command. OUTDIR gets shard-I.csv, shard-I.log, sweep.csv,
# sweep.html and merge.log.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
spec="${1:?usage: submit.sh SPEC N OUTDIR}"
shards="${2:?usage: submit.sh SPEC N OUTDIR}"
out="${3:?usage: submit.sh SPEC N OUTDIR}"
if ! command -v sbatch >/dev/null 2>&1; then
  echo "submit.sh: sbatch is not on the PATH: this script submits jobs to a Slurm cluster (run it where Slurm's commands are," \
    "such as a login node). Without Slurm, run the shards yourself: scansim sweep SPEC --shard I/N --csv shard-I.csv," \
    "then scansim merge OUT shard-*.csv" >&2
  exit 2
fi
mkdir -p "$out"
array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$out/shard-%a.log" "$here/shard.sbatch" "$spec" "$out")
array="${array%%;*}"
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --output="$out/merge.log" "$here/merge.sbatch" "$out" "$shards")
echo "array $array merge ${merge%%;*}"
