#!/usr/bin/env bash
# Regenerates probes.ptx (the PTX) and probes.mem.txt (its memory instructions and branches).
set -euo pipefail
cd "$(dirname "$0")"
nvcc -arch=sm_90 -O3 -ptx probes.cu -o probes.ptx
awk '/\.entry/{print} /ld\.(shared|global)|st\.(shared|global)|^\$L|bra/{print "   " $0}' probes.ptx > probes.mem.txt
