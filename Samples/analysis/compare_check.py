"""Recompute `ytcrawl compare DIR --format json` from the shards with pandas, independently.

Reads results-*.jsonl.gz (every item of every search and chart page, per run) and
videos-*.jsonl.gz (for publication dates), and prints, per seed: each run's result count and
whether it asked what the first run asked (an update's window since the last run does not); for
each pair of such runs the Jaccard overlap, the extrapolated rank-biased overlap (Webber, Moffat &
Zobel 2010, p = 0.9, to the shorter list's depth) and the ids entered and left; and for searches
by date windows the decay table (of the first run's videos, the share each later such run
returned, by days since publication at that run, in buckets of 10 days, 120 and older together).

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
    # A run is what its lines' resultId begins with (number@id): a merged output's runs stay apart.
    results["runId"] = results["resultId"].str.split("/").str[0]
    results["windowEnd"] = results["window"].map(lambda w: w.get("publishedBefore") if isinstance(w, dict) else None)
    results["windowed"] = results["window"].map(lambda w: isinstance(w, dict))
    seeds = []
    order = results.groupby("seed")["sentAt"].min().reset_index().sort_values(["sentAt", "seed"])
    for number, seed in enumerate(order["seed"], start=1):
        rows = results[results["seed"] == seed]
        runs = []
        starts = rows.groupby("runId")["sentAt"].min().reset_index().sort_values(["sentAt", "runId"])
        for place, run_id in enumerate(starts["runId"], start=1):
            group = rows[rows["runId"] == run_id]
            # Newest window first (one without an end before any), then rank.
            group = group.assign(noEnd=group["windowEnd"].isna(), end=group["windowEnd"].fillna(""))
            group = group.sort_values(["noEnd", "end", "rank"], ascending=[False, False, True])
            first = group.iloc[0]["request"]
            asked = "&".join(sorted(f"{k}={v}" for k, v in first.items() if k not in ("page", "publishedBefore")))
            runs.append({"run": place, "sentAt": min(group["sentAt"]), "asked": asked,
                         "ids": first_occurrences(list(group["id"]))})
        for run in runs:
            run["comparable"] = run["asked"] == runs[0]["asked"]
        comparable = [r for r in runs if r["comparable"]]
        pairs = []
        for i, a in enumerate(comparable):
            for b in comparable[i + 1:]:
                sa, sb = set(a["ids"]), set(b["ids"])
                union = len(sa | sb)
                pairs.append({"runA": a["run"], "runB": b["run"], "resultsA": len(a["ids"]),
                              "resultsB": len(b["ids"]), "jaccard": len(sa & sb) / union if union else 1.0,
                              "rbo": rbo_ext(a["ids"], b["ids"]), "entered": len(sb - sa), "left": len(sa - sb)})
        decay = []
        if bool(rows["windowed"].any()) and comparable:
            first = comparable[0]
            for later in comparable[1:]:
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
                      "runs": [{"run": r["run"], "results": len(r["ids"]), "comparable": r["comparable"]} for r in runs],
                      "pairs": pairs, "decay": decay})
    json.dump({"seeds": seeds}, sys.stdout, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
