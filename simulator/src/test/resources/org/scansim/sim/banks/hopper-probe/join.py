import csv, sys, collections
cases = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.startswith("CASE\t")]
rows = list(csv.reader(l for l in open(sys.argv[2]) if l.startswith('"')))
hdr = rows[0]; ix = {h: i for i, h in enumerate(hdr)}
m = collections.defaultdict(dict)
for r in rows[1:]:
    m[int(r[ix["ID"]])][r[ix["Metric Name"]]] = r[ix["Metric Value"]].replace(",", "")
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["case", "space", "width", "op", "mask", "offsets", "instructions", "wavefronts", "bankConflicts", "sectors"])
for c in cases:
    k = int(c[1]); mm = m.get(k, {})
    op = c[5]
    if c[3] == "s":
        inst = mm.get("smsp__sass_inst_executed_op_shared_%s.sum" % op)
        wf = mm.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum" % op)
        bc = mm.get("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum" % op)
        sec = ""
    else:
        inst = mm.get("smsp__sass_inst_executed_op_global_ld.sum"); wf = bc = ""
        sec = mm.get("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    out.writerow([c[2], c[3], c[4], op, c[6], c[7], inst, wf, bc, sec])
