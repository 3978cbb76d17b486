#!/usr/bin/env bash
# scansim's speed as users meet it, side by side with the code at REV: checks REV out in a worktree
# ('base', its own ./scansim builds it) and runs `scansim bench --processes --against` it from the
# working tree ('new'), ROUNDS alternating rounds (default 5). The rows, timing's cost, the floor
# of a JVM's start and Numba's comparison are that command's (`./scansim bench --help`).
#   tools/bench/process-table.sh REV [ROUNDS] [--json] > bench/results/process-DATE.txt
set -euo pipefail
rev="${1:?usage: process-table.sh REV [ROUNDS] [--json]}"
shift
rounds=5
if [[ "${1:-}" =~ ^[0-9]+$ ]]; then rounds="$1"; shift; fi
source "$(dirname "$0")/common.sh"
base_worktree "$rev"
echo "# $(git -C "$root" rev-parse --short "$rev") ('base') against the working tree at $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD || echo ' with changes') ('new'), $(date -u +%F)"
cd "$root"
./scansim bench --processes --against "$work/base" --rounds "$rounds" "$@"
