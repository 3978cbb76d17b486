"""Counts nvdisasm's memory instructions per function and source line (read from standard input).

nvdisasm --print-line-info-inline marks each run of instructions with a comment naming its source
file and line, and where it was inlined (`//## File "h.hpp", line 9 inlined at "x.cu", line 12`);
functions are `.text.NAME` sections. Prints TSV rows:
FILE VARIANT FUNCTION LINE OP COUNT, OP one of LDS STS LDG STG LDL STL LD ST ATOMS ATOMG ATOM RED,
sorted, for the lines of FILE itself (a header's instruction at the line of FILE it was inlined at).
"""
import collections
import os
import re
import sys

path, variant = sys.argv[1], sys.argv[2]
OPS = ("LDS", "STS", "LDG", "STG", "LDL", "STL", "LD", "ST", "ATOMS", "ATOMG", "ATOM", "RED")
counts = collections.Counter()
function = None
line = None
here = False
for text in sys.stdin:
    m = re.match(r'\s*\.section\s+\.text\.(\S+?),', text) or re.match(r'\s*\.text\.(\S+?):', text)
    if m:
        function = m.group(1)
        continue
    if '//## File' in text:
        # The instruction's place, then where it was inlined ("inlined at"), outwards: the first place in FILE itself counts,
        # so that an intrinsic of a CUDA header (atomicAdd, __ldg) is its call's line.
        places = re.findall(r'"([^"]+)", line (\d+)', text)
        mine = [int(n) for f, n in places if os.path.basename(f) == os.path.basename(path)]
        here = bool(mine)
        line = mine[0] if mine else None
        continue
    m = re.search(r'/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9]*)(?:\.[A-Z0-9_.]+)?\s', text)
    if m and function and line is not None and here and m.group(1) in OPS:
        counts[(function, line, m.group(1))] += 1
for (function, line, op), n in sorted(counts.items()):
    print(f"{path}\t{variant}\t{function}\t{line}\t{op}\t{n}")
