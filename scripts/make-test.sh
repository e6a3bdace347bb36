#!/usr/bin/env bash
# make test: install what the tests drive, build each configuration once, run every test, and say
# how long each phase took. Arguments: the Debian packages the build itself needs.
#
#   installs        the build's libraries first; everything else the tests drive (Chromium, Java,
#                   DuckDB, pandas, Spark…) in the background while the test build compiles
#   test build      every target, tests included, -enable-testing, warnings as errors
#   dist, wheel     the static binary, tarball, .deb and wheel the packaging tests install
#   portable        the decoder without the default trait BuiltinByteMask
#   tests           swift test on the test build
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"

names=()
seconds=()
phase() {
  local name="$1" start end
  shift
  echo "== $name"
  start="$(date +%s.%N)"
  "$@"
  end="$(date +%s.%N)"
  names+=("$name")
  seconds+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }')")
  echo "== $name: ${seconds[-1]} s"
}

# The installer runs beside the test build (it waits on the network, the build on the CPU).
# It is never killed half-way: a failing build still waits for it, so dpkg is left consistent.
installer=""
install_log="$(mktemp)"
finish() {
  [ -z "$installer" ] || wait "$installer" 2>/dev/null || true
  rm -f "$install_log"
}
trap finish EXIT
wait_for_installs() {
  local status=0
  wait "$installer" || status=$?
  installer=""
  cat "$install_log"
  [ "$status" -eq 0 ] || { echo "make test: installing what the tests drive failed (above)" >&2; return "$status"; }
}

phase "build libraries" bash scripts/install-deps.sh "$@"
bash scripts/install-test-deps.sh "$@" >"$install_log" 2>&1 &
installer=$!
phase "test build" "$SWIFT" build -c release --build-tests -Xswiftc -enable-testing -Xswiftc -warnings-as-errors
phase "installs (beside the test build)" wait_for_installs
phase "dist" bash scripts/dist.sh
phase "wheel" bash scripts/wheel.sh
phase "portable decoder" "$SWIFT" build -c release --disable-default-traits --target StreamingJSON \
  --scratch-path .build/portable -Xswiftc -warnings-as-errors
phase "tests" "$SWIFT" test -c release --skip-build

echo
echo "make test: every phase passed"
total=0
for index in "${!names[@]}"; do
  printf '  %-34s %5s s\n' "${names[$index]}" "${seconds[$index]}"
  total=$((total + seconds[index]))
done
printf '  %-34s %5s s\n' "all" "$total"
