#!/usr/bin/env bash
# The main job, run by `make run` after a release build. Until the crawl lands it runs the most
# complete chain that works: the built-in emulator serves the API over loopback HTTP, the
# library builds the requests, and the streaming decoder turns the responses into records.
set -euo pipefail
bin=".build/release/ytcrawl"
out="${YTCRAWL_OUT:-ytcrawl-out}"
mkdir -p "$out"
log="$out/emulator.log"
"$bin" emulate --channels 50 --keys demo-key > "$out/emulator.url" 2> "$log" &
emulator=$!
trap 'kill -INT $emulator 2>/dev/null || true; wait $emulator 2>/dev/null || true' EXIT
for _ in $(seq 1 50); do [ -s "$out/emulator.url" ] && break; sleep 0.1; done
base=$(head -1 "$out/emulator.url")
echo "== emulator at $base"
fetch() { curl -fsS -H "X-Goog-Api-Key: demo-key" "$1"; }
url=$("$bin" url search q=programming type=video order=relevance maxResults=20 --api-base "$base" | head -1)
echo "== search: $url"
fetch "$url" | "$bin" decode - --endpoint search > "$out/search-programming.jsonl"
channel=$(head -1 "$out/search-programming.jsonl" | sed -E 's/.*"channelId":"([^"]+)".*/\1/')
url=$("$bin" url playlistItems "playlistId=UU${channel#UC}" --api-base "$base" | head -1)
echo "== uploads of $channel: $url"
fetch "$url" | "$bin" decode - --endpoint playlistItems > "$out/uploads-sample.jsonl"
echo
echo "Records written (JSON lines, one video per line):"
wc -l "$out"/*.jsonl | sed 's/^/  /'
echo "The crawl itself (ytcrawl --seeds seeds.txt --budget 10000, gzip shards) is not built yet."
