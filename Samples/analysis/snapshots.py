#!/usr/bin/env python3
"""Statistics snapshots of a ytcrawl output directory (ytcrawl refresh) with pandas: per-video
growth (views per day) and the first snapshot each vanished video was gone; and the queries of
snapshots.sql in DuckDB.

    python3 Samples/analysis/snapshots.py ytcrawl-out            # a readable report
    python3 Samples/analysis/snapshots.py ytcrawl-out --json     # the numbers as JSON (used by the tests)
"""
import glob
import os

import pandas as pd


def load_snapshots(directory: str) -> pd.DataFrame:
    files = sorted(glob.glob(os.path.join(directory, "snapshots", "*", "stats-*.jsonl.gz")))
    if not files:
        raise SystemExit(f"{directory}: no snapshots/*/stats-*.jsonl.gz; take one with ytcrawl refresh {directory}")
    frames = []
    for path in files:
        frame = pd.read_json(path, lines=True, dtype={"videoId": str, "duration": str})
        frame["snapshot"] = os.path.basename(os.path.dirname(path))
        frames.append(frame)
    stats = pd.concat(frames, ignore_index=True)
    stats["fetched"] = pd.to_datetime(stats["fetchedAt"], utc=True)
    return stats


def growth(stats: pd.DataFrame) -> pd.DataFrame:
    """Views per day of each video between its first and last snapshot where it was there."""
    there = stats[stats["status"] == "ok"].sort_values(["videoId", "fetched"])
    grouped = there.groupby("videoId")
    frame = pd.DataFrame({
        "first_views": grouped["viewCount"].first(),
        "last_views": grouped["viewCount"].last(),
        "first_at": grouped["fetched"].first(),
        "last_at": grouped["fetched"].last(),
    })
    days = (frame["last_at"] - frame["first_at"]).dt.total_seconds() / 86400
    frame["views_per_day"] = (frame["last_views"] - frame["first_views"]) / days.where(days > 0)
    return frame.sort_values(["views_per_day"], ascending=False, kind="stable")


def pandas_report(stats: pd.DataFrame) -> dict:
    per_snapshot = stats.groupby("snapshot").agg(videos=("videoId", "size"),
                                                 gone=("status", lambda s: int((s == "gone").sum())))
    rates = growth(stats)["views_per_day"].dropna()
    gone = stats[stats["status"] == "gone"].groupby("videoId")["snapshot"].min()
    return {
        "snapshots": int(len(per_snapshot)),
        "lines": int(len(stats)),
        "videos": int(stats["videoId"].nunique()),
        "gone_last": int(per_snapshot["gone"].iloc[-1]),
        "vanished": int(len(gone)),
        "top_views_per_day": round(float(rates.max()), 3) if len(rates) else 0.0,
        "top_video": str(rates.idxmax()) if len(rates) else "",
        "first_gone": {video: snapshot for video, snapshot in gone.items()},
    }


def duckdb_report(directory: str) -> dict:
    """Runs snapshots.sql with the directory in place of ytcrawl-out."""
    from sqlfile import run_sql_file

    selects = run_sql_file("snapshots.sql", directory)
    snapshots, fastest, gone = selects
    return {
        "duckdb_snapshots": len(snapshots),
        "duckdb_lines": sum(row[2] for row in snapshots),
        "duckdb_gone_last": int(snapshots[-1][3]) if snapshots else 0,
        "duckdb_vanished": len(gone),
        "duckdb_top_views_per_day": round(float(fastest[0][3]), 3) if fastest and fastest[0][3] is not None else 0.0,
        "duckdb_top_video": fastest[0][0] if fastest else "",
        "duckdb_first_gone": {row[0]: row[1] for row in gone},
    }


def describe(result: dict) -> None:
    print(f"{result['snapshots']} snapshots, {result['lines']} lines, {result['videos']} videos; "
          f"{result['vanished']} vanished ({result['gone_last']} gone in the latest)")
    print(f"fastest growing: {result['top_video']} at {result['top_views_per_day']:.1f} views a day")


def main() -> None:
    from sqlfile import report_main

    report_main(__doc__, lambda directory: pandas_report(load_snapshots(directory)), duckdb_report, describe)

if __name__ == "__main__":
    main()
