#!/usr/bin/env bash
# Before/after timing of two builds of `liquid`: alternates `liquid bench --json` of OLD and NEW on one pinned
# core for ROUNDS rounds and prints each row's median of per-round medians, with the ratio new/old (below 1
# is faster). Usage: benchmarks/ab.sh OLD_LIQUID NEW_LIQUID [ROUNDS] [FILTER]
set -euo pipefail
old="$1"; new="$2"; rounds="${3:-5}"; filter="${4:-}"
out="$(mktemp -d)"
args=(bench --json --runs 11)
[ -n "$filter" ] && args+=(--filter "$filter")
for r in $(seq 1 "$rounds"); do
  taskset -c 1 "$old" "${args[@]}" > "$out/old-$r.json" 2>/dev/null
  taskset -c 1 "$new" "${args[@]}" > "$out/new-$r.json" 2>/dev/null
done
python3 - "$out" "$rounds" <<'PY'
import json, sys, statistics
out, rounds = sys.argv[1], int(sys.argv[2])
def load(side):
    rows = {}
    for r in range(1, rounds + 1):
        for b in json.load(open(f"{out}/{side}-{r}.json"))["benchmarks"]:
            rows.setdefault(b["name"], []).append(b["median_ms"])
    return rows
old, new = load("old"), load("new")
print(f"{'benchmark':34} {'old ms':>10} {'new ms':>10} {'new/old':>8}")
for name in old:
    if name not in new: continue
    o, n = statistics.median(old[name]), statistics.median(new[name])
    print(f"{name:34} {o:10.4f} {n:10.4f} {n / o if o else float('nan'):8.3f}")
PY
