#!/usr/bin/env bash
# The main job, run by `make run` after a release build: crawl the built-in offline emulator
# (a deterministic synthetic YouTube served over loopback HTTP) from the sample seeds, then check
# the output and say where the shards are.
set -euo pipefail
bin=".build/release/ytcrawl"
out="${YTCRAWL_OUT:-ytcrawl-out}"
state="${YTCRAWL_STATE_DIR:-$out/.state}"
"$bin" --seeds Samples/seeds.txt --budget 2000 --emulator --out "$out" --state-dir "$state"
echo
"$bin" verify "$out"
echo
echo "Shards: $(cd "$out" && pwd)/videos-*.jsonl.gz (and channels-*, manifest.json)"
