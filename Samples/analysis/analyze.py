#!/usr/bin/env python3
"""Load a ytcrawl output directory with pandas (and DuckDB) and answer the usual questions.

    python3 Samples/analysis/analyze.py ytcrawl-out            # a readable report
    python3 Samples/analysis/analyze.py ytcrawl-out --json     # the counts as JSON (used by the tests)
"""
import glob
import json
import os
import sys

import pandas as pd


def load_videos(directory: str) -> pd.DataFrame:
    files = sorted(glob.glob(os.path.join(directory, "videos-*.jsonl.gz")))
    if not files:
        raise SystemExit(f"{directory}: no videos-*.jsonl.gz shards; give the --out directory of a finished crawl")
    # pandas reads gzip (every member) from the extension.
    return pd.concat((pd.read_json(f, lines=True, dtype={"videoId": str}) for f in files), ignore_index=True)


def report(directory: str) -> dict:
    videos = load_videos(directory)
    published = pd.to_datetime(videos["publishedAt"], utc=True, errors="coerce")
    result = {
        "videos": int(len(videos)),
        "unique_videos": int(videos["videoId"].nunique()),
        "channels": int(videos["channelId"].nunique()),
        "videos_per_channel": videos.groupby("channelId").size().sort_values(ascending=False).head(10).to_dict(),
        "uploads_per_month": published.dt.strftime("%Y-%m").value_counts().sort_index().to_dict(),
        "most_viewed": videos.sort_values("viewCount", ascending=False).head(5)[["videoId", "title", "viewCount"]]
        .to_dict("records"),
        "duration_minutes_histogram": (videos["durationSeconds"].dropna() // 60).clip(upper=60).astype(int)
        .value_counts().sort_index().to_dict(),
        "live_share": videos["liveBroadcastContent"].fillna("none").value_counts(normalize=True).round(4).to_dict(),
    }
    try:
        import duckdb

        pattern = os.path.join(directory, "videos-*.jsonl.gz")
        row = duckdb.sql(
            f"SELECT count(*), count(DISTINCT videoId) FROM read_json_auto('{pattern}', format='newline_delimited')"
        ).fetchall()[0]
        result["duckdb_videos"], result["duckdb_unique_videos"] = int(row[0]), int(row[1])
    except ImportError:
        pass
    return result


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    result = report(sys.argv[1])
    if "--json" in sys.argv:
        print(json.dumps(result, default=str))
        return
    print(f"{result['videos']} videos ({result['unique_videos']} unique) from {result['channels']} channels")
    print("top channels:", ", ".join(f"{k} {v}" for k, v in list(result["videos_per_channel"].items())[:5]))
    print("most viewed:", ", ".join(f"{r['title']!r} ({r['viewCount']})" for r in result["most_viewed"]))
    print("live share:", result["live_share"])


if __name__ == "__main__":
    main()
