#!/usr/bin/env bash
# The pictures of the documentation, run by `make screenshots` after a release build:
# docs/report.png and docs/gallery.png from the README's tour against the built-in emulator (the
# crawl of Samples/tour-seeds.txt, then four daily statistics snapshots), `ytcrawl report` and
# `ytcrawl gallery` rendered by headless Chromium. No network: the gallery's thumbnails (from
# i.ytimg.com) stay blank.
set -euo pipefail
bin="$(realpath "${YTCRAWL_BIN:-.build/release/ytcrawl}")"
seeds="$(realpath Samples/tour-seeds.txt)"
docs="$(realpath docs)"
chromium="$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)"
if [ -z "$chromium" ]; then
  echo "screenshots: no Chromium (apt install chromium)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# In the work folder, so that the pages name the output `tour` as the README's commands do.
cd "$work"
out="tour"
"$bin" --seeds "$seeds" --budget 2000 --emulator --out "$out" --max-comment-pages 2 \
  --state-dir "$work/state" --quiet
# A snapshot a day of the emulator's corpus (views grow, videos vanish), taken a few seconds apart:
# the pictures leave out the report's views-a-day chart, whose rates would be per those seconds.
for day in 1 2 3 4; do
  "$bin" refresh "$out" --budget 500 --emulator --emulator-clock-offset $((day * 86400)) \
    --state-dir "$work/state" --quiet
done
"$bin" report "$out" --out report.html
"$bin" gallery "$out" --out gallery.html

# shot PAGE PNG WIDTH,HEIGHT: the top of PAGE at that window size, one pixel a CSS pixel.
shot() {
  "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$work/chromium" --host-resolver-rules='MAP * ~NOTFOUND' \
    --force-device-scale-factor=1 --window-size="$3" --virtual-time-budget=5000 \
    --screenshot="$2" "file://$1" >/dev/null 2>&1
}
# The report's top (publishing, views, formats, channels) and the gallery filtered as a user would.
shot "$work/report.html" "$docs/report.png" 1000,1500
shot "$work/gallery.html#q=Short" "$docs/gallery.png" 1200,820
for name in report.png gallery.png; do
  png="$docs/$name"
  size="$(stat -c %s "$png")"
  echo "docs/$name: $size bytes"
  if [ "$size" -ge 300000 ]; then
    echo "screenshots: $png is 300 KB or more; make the window smaller" >&2
    exit 1
  fi
done
