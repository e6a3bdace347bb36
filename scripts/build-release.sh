#!/usr/bin/env bash
# The release build of the main job (`make build`, `make run`): only the ytcrawl product, not the
# benchmark, the sample app or the test helpers. Before a first build it says how long that takes
# here, so a newcomer is not left in front of a silent terminal; swift build then prints each
# module as it compiles ([n/m] Compiling …).
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
if [ ! -x .build/release/ytcrawl ]; then
  cores="$(nproc 2>/dev/null || echo 1)"
  # Measured on 2 cores (docs/development.md, "Build time"): the modules' compile jobs add up to
  # ~115 CPU seconds and the longest chain of modules that must wait for each other to ~75 s, so
  # more than two cores barely help; 15% is kept for slower machines.
  seconds=$(((cores >= 2 ? 75 : 115) * 115 / 100))
  minutes="$(awk -v s="$seconds" 'BEGIN { printf "%.1f", s / 60 }')"
  echo "Building ytcrawl in release: about $minutes minutes on $cores core$([ "$cores" = 1 ] || echo s) (a first build; later ones recompile what changed)."
fi
"$SWIFT" build -c release --product ytcrawl -Xswiftc -warnings-as-errors
