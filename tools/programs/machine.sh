#!/usr/bin/env bash
# What a GPU measurement ran on, for its machine.txt: the date, the card and its driver, nvcc, and
# Nsight Compute's version when ncu is on the PATH.
#   tools/programs/machine.sh > OUT/machine.txt
echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
echo "card: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
echo "nvcc: $(nvcc --version | tail -1)"
if command -v ncu > /dev/null; then
  echo "ncu: $(ncu --version | tail -1)"
fi
