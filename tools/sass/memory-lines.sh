#!/usr/bin/env bash
# nvcc's memory instructions per source line: builds each given .cu file (and each of its
# `// nvcc-variant:` option sets, with its `// nvcc-flags:`) for sm_90 with line information,
# disassembles the cubin with nvdisasm (lines of inlined header functions at their call), and counts the shared, global, local and generic loads,
# stores and atomics of each function per source line (SASS opcodes LDS STS LDG STG LDL STL LD ST
# ATOMS ATOMG ATOM RED), static counts: an instruction nvcc's unrolling copies counts each copy.
#   tools/sass/memory-lines.sh OUT.tsv FILE.cu...        (on a machine with nvcc and nvdisasm)
# OUT.tsv's columns: file, variant (its -D options, or -), function (mangled), line, opcode class, count.
set -u
out=${1:?usage: memory-lines.sh OUT.tsv FILE.cu...}
shift
work=$(mktemp -d)
printf 'file\tvariant\tfunction\tline\top\tcount\n' > "$out"
for f in "$@"; do
  flags=$(head -1 "$f" | sed -n 's#^// nvcc-flags:##p')
  variants=("-")
  while IFS= read -r v; do variants+=("$v"); done < <(sed -n 's#^// nvcc-variant: *##p' "$f")
  for v in "${variants[@]}"; do
    opts=$flags
    [ "$v" != "-" ] && opts="$opts $v"
    # shellcheck disable=SC2086
    if ! nvcc -arch=sm_90 -lineinfo -cubin $opts -o "$work/k.cubin" "$f" > "$work/build.txt" 2>&1; then
      printf '%s\t%s\t(build failed)\t0\t-\t0\n' "$f" "$v" >> "$out"
      continue
    fi
    nvdisasm --print-line-info-inline "$work/k.cubin" | python3 "$(dirname "$0")/count_memory_ops.py" "$f" "$v" >> "$out"
  done
done
rm -rf "$work"
