"""Recompute `ytcrawl compare DIR --format json` from the shards with pandas, independently.

Reads results-*.jsonl.gz (every item of every search page, per run) and videos-*.jsonl.gz (for
publication dates), and prints, per seed: each run's result count, the Jaccard overlap and the
extrapolated rank-biased overlap (Webber, Moffat & Zobel 2010, p = 0.9, to the shorter list's
depth) of each pair of runs, ids entered and left, and for searches by date windows the decay
table (of the first run's videos, the share each later run returned, by days since publication
at that run, in buckets of 10 days, 120 and older together).

    python3 compare_check.py OUT > check.json
"""
import glob
import json
import sys

import pandas as pd


def read(pattern):
    frames = [pd.read_json(path, lines=True, compression="gzip", dtype=False) for path in sorted(glob.glob(pattern))]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def first_occurrences(ids):
    seen = set()
    return [i for i in ids if not (i in seen or seen.add(i))]


def rbo_ext(s, t, p=0.9):
    k = min(len(s), len(t))
    if k == 0:
        return 1.0 if not s and not t else 0.0
    total = 0.0
    for d in range(1, k + 1):
        x_d = len(set(s[:d]) & set(t[:d]))
        total += x_d / d * p ** d
    x_k = len(set(s[:k]) & set(t[:k]))
    return x_k / k * p ** k + (1 - p) / p * total


def main(out):
    results = read(f"{out}/results-*.jsonl.gz")
    videos = read(f"{out}/videos-*.jsonl.gz")
    published = {}
    if len(videos):
        for vid, date in zip(videos["videoId"], videos["publishedAt"]):
            if isinstance(date, str):
                published[vid] = pd.Timestamp(date).timestamp()
    results["seedIndex"] = results["resultId"].str.split("/").str[1].astype(int)
    results["windowEnd"] = results["window"].map(lambda w: w.get("publishedBefore") if isinstance(w, dict) else None)
    results["windowed"] = results["window"].map(lambda w: isinstance(w, dict))
    seeds = []
    order = results.groupby("seed")["seedIndex"].min().reset_index().sort_values(["seedIndex", "seed"])
    for number, seed in enumerate(order["seed"], start=1):
        rows = results[results["seed"] == seed]
        runs = []
        for run, group in sorted(rows.groupby("run"), key=lambda item: item[0]):
            # Newest window first (one without an end before any), then rank.
            group = group.assign(noEnd=group["windowEnd"].isna(), end=group["windowEnd"].fillna(""))
            group = group.sort_values(["noEnd", "end", "rank"], ascending=[False, False, True])
            runs.append({"run": int(run), "sentAt": min(group["sentAt"]),
                         "ids": first_occurrences(list(group["id"]))})
        pairs = []
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                sa, sb = set(a["ids"]), set(b["ids"])
                union = len(sa | sb)
                pairs.append({"runA": a["run"], "runB": b["run"], "resultsA": len(a["ids"]),
                              "resultsB": len(b["ids"]), "jaccard": len(sa & sb) / union if union else 1.0,
                              "rbo": rbo_ext(a["ids"], b["ids"]), "entered": len(sb - sa), "left": len(sa - sb)})
        decay = []
        if bool(rows["windowed"].any()) and runs:
            first = runs[0]
            for later in runs[1:]:
                at = pd.Timestamp(later["sentAt"]).timestamp()
                returned = set(later["ids"])
                buckets = {}
                for vid in first["ids"]:
                    if vid not in published:
                        continue
                    age = max(0, int((at - published[vid]) // 86400))
                    bucket = min(age // 10 * 10, 120)
                    counts = buckets.setdefault(bucket, [0, 0])
                    counts[0] += 1
                    counts[1] += vid in returned
                for bucket in sorted(buckets):
                    n, still = buckets[bucket]
                    decay.append({"run": later["run"], "ageDays": bucket, "firstRun": n, "stillReturned": still,
                                  "share": still / n})
        seeds.append({"number": number, "seed": seed, "windowed": bool(rows["windowed"].any()),
                      "runs": [{"run": r["run"], "results": len(r["ids"])} for r in runs],
                      "pairs": pairs, "decay": decay})
    json.dump({"seeds": seeds}, sys.stdout, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
