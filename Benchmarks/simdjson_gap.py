#!/usr/bin/env python3
"""How far the streaming decoder is from simdjson, per endpoint, on the same bytes.

Dumps the pages of `ytcrawl-bench decode` (--dump-corpus), then for each case runs our decoder on
them (`--filter ours-whole-CASE`) and right after parses every page with simdjson (pysimdjson: the whole
structural parse and validation into simdjson's tape; strings are not turned into Python objects)
and prints both rates. simdjson's figure is an upper bound for structure alone: ours also makes
the records (typed fields, Strings, HTML entities decoded, dates parsed).

    pip install pysimdjson
    swift build -c release --product ytcrawl-bench
    python3 Benchmarks/simdjson_gap.py [--quick] [--pairs K] [--filter TEXT] [--bench .build/release/ytcrawl-bench]
        [--index] [--parse-only] [--kernels haswell,westmere,fallback]

simdjson picks its fastest kernel for the CPU at run time (on x86-64: `haswell`, AVX2; `westmere`,
SSE4.2 with PCLMUL; `fallback`, no SIMD). Our decoder is built for the baseline of its target
(x86-64: SSE2 only; a package cannot raise that for the apps that depend on it), so `--kernels`
also measures simdjson forced to each named kernel (SIMDJSON_FORCE_IMPLEMENTATION, in a process
of its own) and prints ours / each beside the default's.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def simdjson_rate(path, runs):
    import simdjson

    with open(path, "rb") as handle:
        pages = handle.read().split(b"\0")
    total = sum(len(page) for page in pages)
    parser = simdjson.Parser()
    times = []
    for _ in range(runs + 1):  # one warm-up
        start = time.perf_counter()
        for page in pages:
            document = parser.parse(page)
            del document
        times.append(time.perf_counter() - start)
    return total / 1e6 / statistics.median(times[1:]), total / 1e6 / min(times[1:])


def simdjson_rate_of_kernel(path, runs, kernel):
    """simdjson's rates with one kernel forced: a process of its own, since simdjson reads the
    choice once, when it is loaded."""
    environment = dict(os.environ, SIMDJSON_FORCE_IMPLEMENTATION=kernel)
    done = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--simdjson-only", path, "--runs", str(runs)],
        env=environment,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        sys.exit(f"simdjson with the kernel {kernel!r} failed ({last}); this CPU's kernels: haswell, westmere, fallback on x86-64")
    median, fastest = done.stdout.split()
    return float(median), float(fastest)


def bench_rate(base, name):
    """The MB/s of one case of `ytcrawl-bench decode`, run alone: the median run's and the fastest's."""
    output = subprocess.run(base + ["--filter", name], check=True, capture_output=True, text=True).stdout
    figure = next(json.loads(line) for line in output.splitlines() if json.loads(line)["case"] == name)
    return figure["value"], figure.get("fastest_MB_s", float("nan"))


def main():
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--bench", default=".build/release/ytcrawl-bench")
    options.add_argument("--quick", action="store_true")
    options.add_argument("--runs", type=int, default=5)
    options.add_argument(
        "--pairs",
        type=int,
        default=1,
        help="measure each case this many times, ours then simdjson in turn, and report the median"
        " ratio of the pairs with their range (this machine's speed moves the single-pair ratio by"
        " half from run to run)",
    )
    options.add_argument("--filter", default="", help="only the cases whose name contains this")
    options.add_argument(
        "--index",
        action="store_true",
        help="also run the bench's index-pass case (a structural index's first pass alone, in portable"
        " Swift) right after ours and print its rate / simdjson's",
    )
    options.add_argument(
        "--parse-only",
        action="store_true",
        help="also run the bench's parse-only case (our parser with every event dropped: no records,"
        " no Strings) right after ours and print its rate / simdjson's: the decoder's floor if records"
        " cost nothing",
    )
    options.add_argument(
        "--kernels",
        default="",
        help="also measure simdjson forced to each of these kernels (comma-separated, such as"
        " haswell,westmere,fallback) and print ours / each",
    )
    options.add_argument("--simdjson-only", metavar="PAGES", help=argparse.SUPPRESS)
    arguments = options.parse_args()
    if arguments.simdjson_only:
        print(*simdjson_rate(arguments.simdjson_only, arguments.runs))
        return
    kernels = [kernel for kernel in arguments.kernels.split(",") if kernel]
    try:
        import simdjson  # noqa: F401
    except ImportError:
        sys.exit("simdjson_gap.py needs pysimdjson: pip install pysimdjson")
    base = [arguments.bench, "decode", "--json", "--runs", str(arguments.runs)] + (
        ["--quick"] if arguments.quick else []
    )
    with tempfile.TemporaryDirectory() as corpus:
        subprocess.run(base + ["--filter", "no-case", "--dump-corpus", corpus], check=True, capture_output=True)
        cases = sorted(name.removesuffix(".pages") for name in os.listdir(corpus))
        cases = [case for case in cases if arguments.filter in case]
        print(
            f"{'case':28} {'ours MB/s':>10} {'simdjson MB/s':>14} {'ours/simdjson':>14}  range"
            f"      {'fastest runs':>12}  range     "
            + "".join(f"  {'ours/' + kernel:>10}" for kernel in kernels)
        )
        for case in cases:
            # One case at a time, simdjson right after: the machine's speed drifts over seconds.
            pairs = []
            # Each pair also gives the ratio of the two sides' fastest runs: on a shared host the
            # median run of a pass of milliseconds moves by a third, the fastest much less.
            fastest = []
            by_kernel = {kernel: [] for kernel in kernels}
            for _ in range(max(1, arguments.pairs)):
                rate, rate_fastest = bench_rate(base, "ours-whole-" + case)
                index_rate = bench_rate(base, "index-pass-" + case)[0] if arguments.index else float("nan")
                parse_rate = bench_rate(base, "parse-only-" + case)[0] if arguments.parse_only else float("nan")
                theirs, theirs_fastest = simdjson_rate(os.path.join(corpus, case + ".pages"), arguments.runs)
                pairs.append((rate / theirs, rate, theirs, index_rate / theirs, parse_rate / theirs))
                fastest.append(rate_fastest / theirs_fastest)
                for kernel in kernels:
                    kernel_rate = simdjson_rate_of_kernel(os.path.join(corpus, case + ".pages"), arguments.runs, kernel)
                    by_kernel[kernel].append(rate / kernel_rate[0])
            pairs.sort()
            fastest.sort()
            ratio, rate, theirs, index_ratio, parse_ratio = pairs[len(pairs) // 2]
            spread = f"{pairs[0][0]:.2f}-{pairs[-1][0]:.2f}" if len(pairs) > 1 else ""
            fastest_spread = f"{fastest[0]:.2f}-{fastest[-1]:.2f}" if len(fastest) > 1 else ""
            index = f"  index pass / simdjson {index_ratio:.2f}" if arguments.index else ""
            index += f"  parse only / simdjson {parse_ratio:.2f}" if arguments.parse_only else ""
            index += "".join(f"  {statistics.median(by_kernel[kernel]):10.2f}" for kernel in kernels)
            print(
                f"{case:28} {rate:10.1f} {theirs:14.1f} {ratio:14.2f}  {spread:9} {fastest[len(fastest) // 2]:12.2f}"
                f"  {fastest_spread:9}{index}",
                flush=True,
            )


if __name__ == "__main__":
    main()
