"""The timing model's cycles of each launch beside the card's (Nsight Compute's sm__cycles_elapsed.max).

    python3 tools/programs/compare_cycles.py CARD_DIR SIM_DIR

CARD_DIR holds TAG.tsv (gpu-counters.sh or public-counters.sh), SIM_DIR TAG.json (scansim run --json
with timing, the same run). Prints each launch's cycles, the model's and its error, then the mean
absolute error over the launches and over the kernels (each kernel's launches averaged first, each
kernel weighted once), and how many are within 10% and 25%. A launch the model says it does not time
(`bound` "printf, not modelled") is listed with that word and left out of the errors. The reports' timing must be the card's
own (`scansim run --card ...`): a report whose model names another card than CARD_DIR/machine.txt
stops the comparison, since each card has its own parameters (the H100's launch alone costs 1,190
cycles more than the H200's)."""
import collections
import json
import os
import sys

card_dir, sim_dir = sys.argv[1], sys.argv[2]
machine = os.path.join(card_dir, "machine.txt")
card_name = None
if os.path.exists(machine):
    for line in open(machine):
        if line.startswith("card:"):
            card_name = line[len("card:"):].split(",")[0].strip()  # "NVIDIA H200"
errors = []
unmodelled = []
by_kernel = collections.defaultdict(list)
print("run\tlaunch\tkernel\tcard\tmodel\terror")
for name in sorted(os.listdir(card_dir)):
    if not name.endswith(".tsv"):
        continue
    tag = name[:-4]
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(card_dir, name))]
    if "sm__cycles_elapsed.max" not in rows[0]:
        continue  # not a launch table (a comparison, a list of differences)
    col = rows[0].index("sm__cycles_elapsed.max")
    path = os.path.join(sim_dir, tag + ".json")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        continue
    report = json.load(open(path))
    launches = report.get("launches", [])
    model_name = (report.get("totals", {}).get("timing") or {}).get("model", "")
    if card_name and model_name and card_name.split()[-1] not in model_name:
        sys.exit(f"{path}: timed with the parameters of '{model_name}', not of the {card_name} the "
                 f"counters come from; run scansim with --card for that card")
    for i, r in enumerate(rows[1:]):
        if i >= len(launches) or "timing" not in launches[i]:
            break
        card = float(r[col])
        model = launches[i]["timing"]["smCycles"]
        if launches[i]["timing"].get("bound") == "printf, not modelled":
            unmodelled.append(launches[i]["kernel"])
            print(f"{tag}\t{i}\t{launches[i]['kernel']}\t{int(card)}\t{model}\tprintf, not modelled")
            continue
        err = (model - card) / card
        errors.append(err)
        by_kernel[(tag.split("_")[0], launches[i]["kernel"])].append(err)
        print(f"{tag}\t{i}\t{launches[i]['kernel']}\t{int(card)}\t{model}\t{err:+.1%}")
mae = sum(abs(e) for e in errors) / len(errors)
kernels = [sum(abs(e) for e in v) / len(v) for v in by_kernel.values()]
print(f"#launches {len(errors)}: mean absolute error {mae:.1%}, within 10% {sum(abs(e) <= .10 for e in errors)}, "
      f"within 25% {sum(abs(e) <= .25 for e in errors)}, largest {max(abs(e) for e in errors):.1%}")
print(f"#kernels {len(kernels)} (each once): mean absolute error {sum(kernels) / len(kernels):.1%}, "
      f"within 10% {sum(k <= .10 for k in kernels)}, within 25% {sum(k <= .25 for k in kernels)}")
if unmodelled:
    print(f"#not modelled (printf) {len(unmodelled)} launches of {len(set(unmodelled))} kernels, left out")
