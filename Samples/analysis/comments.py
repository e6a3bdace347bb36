#!/usr/bin/env python3
"""Comments of a ytcrawl output directory with pandas, and the queries of comments.sql in DuckDB.

    python3 Samples/analysis/comments.py ytcrawl-out            # a readable report
    python3 Samples/analysis/comments.py ytcrawl-out --json     # the numbers as JSON (used by the tests)
"""
import glob
import os

import pandas as pd


def load_comments(directory: str) -> pd.DataFrame:
    files = sorted(glob.glob(os.path.join(directory, "comments-*.jsonl.gz")))
    if not files:
        raise SystemExit(
            f"{directory}: no comments-*.jsonl.gz shards; crawl with --comments (or comments=yes on a seed)"
        )
    return pd.concat(
        (pd.read_json(f, lines=True, dtype={"commentId": str, "videoId": str, "threadId": str}) for f in files),
        ignore_index=True,
    )


def pandas_report(comments: pd.DataFrame) -> dict:
    published = pd.to_datetime(comments["publishedAt"], utc=True, errors="coerce")
    replies = comments["parentId"].notna()
    top = comments[~replies]
    per_day = comments.assign(day=published.dt.strftime("%Y-%m-%d")).groupby(["videoId", "day"]).size()
    authors = comments.dropna(subset=["authorChannelId"]).groupby("authorChannelId").size()
    authors = authors.sort_values(ascending=False, kind="stable")
    return {
        "comments": int(len(comments)),
        "unique_comments": int(comments["commentId"].nunique()),
        "top_level": int(len(top)),
        "replies": int(replies.sum()),
        "videos": int(comments["videoId"].nunique()),
        "busiest_video_day": int(per_day.max()) if len(per_day) else 0,
        "top_author_comments": int(authors.iloc[0]) if len(authors) else 0,
        "threads_with_replies": int((top["totalReplyCount"].fillna(0) > 0).sum()),
        "max_replies": int(top["totalReplyCount"].fillna(0).max()) if len(top) else 0,
    }


def duckdb_report(directory: str) -> dict:
    """Runs comments.sql with the directory in place of ytcrawl-out."""
    from sqlfile import run_sql_file

    selects = run_sql_file("comments.sql", directory)
    counts, per_day, authors, depth = selects
    return {
        "duckdb_comments": int(counts[0][0]),
        "duckdb_top_level": int(counts[0][1]),
        "duckdb_replies": int(counts[0][2]),
        "duckdb_busiest_video_day": max((row[2] for row in per_day), default=0),
        "duckdb_top_author_comments": int(authors[0][2]) if authors else 0,
        "duckdb_max_replies": max((row[0] for row in depth), default=0),
    }


def describe(result: dict) -> None:
    print(f"{result['comments']} comments ({result['top_level']} top-level, {result['replies']} replies) "
          f"on {result['videos']} videos")
    print(f"busiest video-day: {result['busiest_video_day']} comments; most active author: "
          f"{result['top_author_comments']} comments")
    print(f"threads with replies: {result['threads_with_replies']}; most replies on one thread: {result['max_replies']}")


def main() -> None:
    from sqlfile import report_main

    report_main(__doc__, lambda directory: pandas_report(load_comments(directory)), duckdb_report, describe)

if __name__ == "__main__":
    main()
