#!/usr/bin/env python3
"""Reads a ytcrawl output directory with Spark (local mode) using the DDL of `ytcrawl schema`, and
answers the same questions with DuckDB: row counts, corrupt records, a join of videos to their
channels and an aggregation. Needs a Java runtime and `pip install pyspark duckdb`.

    python3 Samples/analysis/spark_check.py ytcrawl-out [--ytcrawl PATH] [--json]
"""
import glob
import json
import os
import subprocess
import sys

KINDS = {
    "videos": "videos-*.jsonl.gz",
    "channels": "channels-*.jsonl.gz",
    "comments": "comments-*.jsonl.gz",
    "results": "results-*.jsonl.gz",
    "categories": "categories-*.jsonl.gz",
    "playlists": "playlists-*.jsonl.gz",
    "memberships": "memberships-*.jsonl.gz",
    "missing": "missing-*.jsonl.gz",
    "chat": "chat-*.jsonl.gz",
    "stats": "snapshots/*/stats-*.jsonl.gz",
}

JOIN = """
    SELECT c.country, count(*) AS videos, sum(v.viewCount) AS views
    FROM videos v JOIN channels c ON v.channelId = c.channelId
    GROUP BY c.country ORDER BY videos DESC, c.country NULLS LAST
"""


# Schema 2's columns, read with the schema's types: booleans, nested structs, lists and the objects
# kept as sent (JSON text in Spark's STRING, JSON in DuckDB). The same answers from both engines.
VIDEO_PARTS = """
    SELECT count_if(madeForKids) AS kids, count_if(license = 'creativeCommon') AS creative_commons,
           count_if(caption) AS captioned, count(liveStreamingDetails.actualStartTime) AS streamed,
           count(regionRestriction) AS restricted, count(recordingLocation.latitude) AS located,
           count(topicCategories) AS with_topics, count_if({age}) AS age_restricted
    FROM videos
"""
AGE = {"spark": "get_json_object(contentRating, '$.ytRating') = 'ytAgeRestricted'",
       "duckdb": "json_extract_string(contentRating, '$.ytRating') = 'ytAgeRestricted'"}
CHANNEL_PARTS = """
    SELECT count_if(hiddenSubscriberCount) AS hidden, sum({length}(keywords)) AS keywords,
           count(bannerUrl) AS banners
    FROM channels
"""
LENGTH = {"spark": "size", "duckdb": "len"}

# Live chat: messages and paid amounts by type and currency, the streams and authors, and the
# minutes with messages (publishedAt to the microsecond, read as a timestamp by both engines).
CHAT_PARTS = """
    SELECT type, currency, count(*) AS messages, sum(amountMicros) AS micros,
           count(DISTINCT videoId) AS streams, count(DISTINCT authorChannelId) AS authors,
           count(DISTINCT date_trunc('minute', publishedAt)) AS minutes
    FROM chat GROUP BY type, currency ORDER BY type, currency NULLS FIRST
"""


def parts(rows) -> dict:
    return {key: (int(value) if value is not None else None) for key, value in rows.items()}


def schema(ytcrawl: str, kind: str, fmt: str) -> str:
    return subprocess.run([ytcrawl, "schema", kind, "--format", fmt], check=True, capture_output=True,
                          text=True).stdout.strip()


def spark_report(directory: str, ytcrawl: str) -> dict:
    from pyspark.sql import SparkSession
    from pyspark.sql.types import StructType

    spark = (SparkSession.builder.master("local[2]").appName("ytcrawl-check")
             .config("spark.ui.enabled", "false").config("spark.sql.session.timeZone", "UTC").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    result = {}
    try:
        for kind, pattern in KINDS.items():
            if not glob.glob(os.path.join(directory, pattern)):
                continue
            struct = StructType.fromDDL(schema(ytcrawl, kind, "spark"))
            # A corrupt line lands in _corrupt_record instead of failing the read.
            struct = struct.add("_corrupt_record", "string")
            frame = (spark.read.schema(struct).option("mode", "PERMISSIVE")
                     .option("columnNameOfCorruptRecord", "_corrupt_record")
                     .json(os.path.join(directory, pattern)).cache())
            result[kind] = {"rows": frame.count(),
                            "corrupt": frame.filter(frame["_corrupt_record"].isNotNull()).count()}
            frame.createOrReplaceTempView(kind)
        if "videos" in result and "channels" in result:
            result["join"] = [[row["country"], row["videos"], row["views"]] for row in spark.sql(JOIN).collect()]
            result["published_years"] = spark.sql(
                "SELECT count(DISTINCT year(publishedAt)) AS years FROM videos").collect()[0]["years"]
            result["video_parts"] = parts(spark.sql(VIDEO_PARTS.format(age=AGE["spark"])).collect()[0].asDict())
            result["channel_parts"] = parts(
                spark.sql(CHANNEL_PARTS.format(length=LENGTH["spark"])).collect()[0].asDict())
        if "chat" in result:
            result["chat_parts"] = [[value if isinstance(value, (str, type(None))) else int(value)
                                     for value in row] for row in spark.sql(CHAT_PARTS).collect()]
    finally:
        spark.stop()
    return result


def duckdb_report(directory: str, ytcrawl: str) -> dict:
    import duckdb

    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    result = {}
    for kind, pattern in KINDS.items():
        files = glob.glob(os.path.join(directory, pattern))
        if not files:
            continue
        columns = schema(ytcrawl, kind, "duckdb")
        connection.execute(f"CREATE VIEW {kind} AS SELECT * FROM read_json('{os.path.join(directory, pattern)}', "
                           f"format = 'newline_delimited', columns = {columns})")
        result[kind] = {"rows": connection.sql(f"SELECT count(*) FROM {kind}").fetchall()[0][0], "corrupt": 0}
    if "videos" in result and "channels" in result:
        result["join"] = [list(row) for row in connection.sql(JOIN).fetchall()]
        result["published_years"] = connection.sql(
            "SELECT count(DISTINCT year(publishedAt)) FROM videos").fetchall()[0][0]
        for key, query in (("video_parts", VIDEO_PARTS.format(age=AGE["duckdb"])),
                           ("channel_parts", CHANNEL_PARTS.format(length=LENGTH["duckdb"]))):
            relation = connection.sql(query)
            result[key] = parts(dict(zip(relation.columns, relation.fetchall()[0])))
    if "chat" in result:
        result["chat_parts"] = [[value if isinstance(value, (str, type(None))) else int(value) for value in row]
                                for row in connection.sql(CHAT_PARTS).fetchall()]
    return result


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    ytcrawl = sys.argv[sys.argv.index("--ytcrawl") + 1] if "--ytcrawl" in sys.argv else "ytcrawl"
    directory = sys.argv[1]
    result = {"spark": spark_report(directory, ytcrawl), "duckdb": duckdb_report(directory, ytcrawl)}
    if "--json" in sys.argv:
        print(json.dumps(result, default=str))
        return
    for engine, report in result.items():
        counts = ", ".join(f"{kind} {report[kind]['rows']}" for kind in KINDS if kind in report)
        print(f"{engine}: {counts}; top countries {report.get('join', [])[:3]}")
    print("same answers" if result["spark"] == result["duckdb"] else "ENGINES DISAGREE")


if __name__ == "__main__":
    main()
