#!/usr/bin/env python3
"""Our decoder against Foundation's JSONDecoder by instructions: the same pages, counted by callgrind.

Wall-clock ratios on a shared 2-core machine spread by ±2 around 10 from one run of a binary to
the next; the instructions each pass executes do not move. For every case this counts the
instructions of one `oursWholePass` and of one `foundationPass` of `ytcrawl-bench decode --quick`
(the same 2 x N pages: a warm-up and the measured run) and prints both and their ratio. A ratio of
instructions is not one of time (instructions differ in cost), but it judges a change to either
side without the machine's noise, and it tracked the paired time ratio within about 10% here.

    apt-get install valgrind
    swift build -c release --product ytcrawl-bench
    cp .build/release/ytcrawl-bench /tmp/bench && strip --strip-debug /tmp/bench   # valgrind cannot read its DWARF 5
    python3 Benchmarks/instruction_ratio.py --bench /tmp/bench [--filter allparts]
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

CASES = [
    "search-pretty", "search-compact", "videos-pretty", "videos-compact", "playlistItems-pretty",
    "playlistItems-compact", "channels-pretty", "channels-compact", "videos-allparts-pretty",
    "videos-allparts-compact", "channels-allparts-pretty", "channels-allparts-compact",
    "commentThreads-pretty", "commentThreads-compact",
]


def toggle(name):
    """Callgrind's toggle for the pass `name`: the specialization of `Harness.timing` that runs it
    (warm-up and measured run). Not `*name*`: the pass itself may be inlined there or called
    from it, and a pattern matching both the caller and the callee switches collection off
    inside."""
    return f"*HarnessV6timing*{name}*"


def count(bench, symbol, test_filter, directory):
    out = os.path.join(directory, test_filter + ".callgrind")
    # Deterministic hashing: JSONDecoder's dictionaries otherwise hash with a per-process seed,
    # and its count moved by up to 1.2% from one run to the next with the collisions.
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    subprocess.run(
        ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--collect-atstart=no",
         f"--toggle-collect={symbol}", bench, "decode", "--quick", "--runs", "1", "--filter", test_filter],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=environment)
    with open(out) as handle:
        match = re.search(r"^summary: (\d+)", handle.read(), re.MULTILINE)
    if not match or int(match.group(1)) < 1_000_000:
        sys.exit(f"instruction_ratio: callgrind counted nothing for {test_filter} (toggle {symbol})")
    return int(match.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", default=".build/release/ytcrawl-bench")
    parser.add_argument("--filter", default="", help="only cases whose name contains this")
    parser.add_argument("--jobs", type=int, default=2)
    arguments = parser.parse_args()
    cases = [case for case in CASES if arguments.filter in case]
    if not cases:
        sys.exit(f"instruction_ratio: no case contains {arguments.filter!r}; cases: {', '.join(CASES)}")
    if not os.path.exists(arguments.bench):
        sys.exit(f"instruction_ratio: no benchmark binary at {arguments.bench}; build it (see the top of this file)")
    ours, foundation = toggle("oursWholePass"), toggle("foundationPass")
    with tempfile.TemporaryDirectory() as directory, concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
        jobs = {
            case: (
                pool.submit(count, arguments.bench, ours, f"ours-whole-{case}", directory),
                pool.submit(count, arguments.bench, foundation, f"foundation-jsondecoder-{case}", directory),
            )
            for case in cases
        }
        print(f"{'case':28} {'ours':>14} {'JSONDecoder':>14} {'ratio':>7}")
        for case, (ours_job, foundation_job) in jobs.items():
            ours_count, foundation_count = ours_job.result(), foundation_job.result()
            print(f"{case:28} {ours_count:>14,} {foundation_count:>14,} {foundation_count / ours_count:>7.2f}")


if __name__ == "__main__":
    main()
