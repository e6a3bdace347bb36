#!/usr/bin/env bash
# Where a clean release build's time goes, module by module: builds from nothing in a scratch
# directory of its own (the working .build is not touched) with the compiler's statistics, then
# prints each module's start (seconds after the first), its compile job's wall time and the
# share of type checking, SIL optimization and LLVM, and the IR it made.
#   scripts/build-times.sh                      the main job's build (--product ytcrawl)
#   scripts/build-times.sh --build-tests -Xswiftc -enable-testing    the test build
# Type-checker hot spots: add  -Xswiftc -Xfrontend -Xswiftc -warn-long-function-bodies=100
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/stats"
[ $# -gt 0 ] || set -- --product ytcrawl
start="$(date +%s.%N)"
"$SWIFT" build -c release --scratch-path "$work/build" -Xswiftc -stats-output-dir -Xswiftc "$work/stats" "$@" \
  >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
end="$(date +%s.%N)"
python3 - "$work/stats" "$start" "$end" <<'PY'
import glob, json, os, re, sys
rows = []
for path in glob.glob(os.path.join(sys.argv[1], "*.json")):
    name = os.path.basename(path)
    module = re.search(r"frontend-(.+?)-all-", name)
    if not module:
        continue
    stats = json.load(open(path))
    timer = lambda key: stats.get(f"time.swift.{key}.wall", 0.0)
    total = next(v for k, v in stats.items() if k.startswith("time.swift-frontend") and k.endswith(".wall"))
    started = int(name.split("-")[1]) / 1e6
    rows.append((started, module.group(1), total, timer("Type checking and Semantic analysis"),
                 timer("SIL optimization"), timer("LLVM pipeline"), stats.get("IRModule.NumIRInsts", 0)))
# A module compiled without optimization has a second job that only emits its interface: keep the
# compile job, the longer.
longest = {}
for row in rows:
    if row[1] not in longest or row[2] > longest[row[1]][2]:
        longest[row[1]] = row
rows = list(longest.values())
first = min(row[0] for row in rows)
print(f"| module | starts at (s) | compile (s) | type check | SIL optimizer | LLVM | IR instructions |")
print(f"|---|--:|--:|--:|--:|--:|--:|")
for started, module, total, sema, sil, llvm, ir in sorted(rows):
    print(f"| {module} | {started - first:.1f} | {total:.1f} | {sema:.1f} | {sil:.1f} | {llvm:.1f} | {ir:,} |")
wall = float(sys.argv[3]) - float(sys.argv[2])
print(f"\ncompile jobs: {sum(r[2] for r in rows):.0f} s in all; the build: {wall:.0f} s wall on {os.cpu_count()} cores")
PY
