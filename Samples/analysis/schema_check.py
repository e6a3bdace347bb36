#!/usr/bin/env python3
"""Checks a ytcrawl output directory against `ytcrawl schema`: every line of every shard validates
against the kind's JSON Schema (jsonschema), and DuckDB (read_json with the schema's columns) and
Polars (scan_ndjson with a schema derived from it) load every shard with the same row counts.

    python3 Samples/analysis/schema_check.py ytcrawl-out [--ytcrawl PATH] [--json]
"""
import glob
import gzip
import json
import os
import subprocess
import sys

# The Polars types of the schema come from the ytcrawl Python module (python/ in this repository,
# or the installed wheel).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from ytcrawl import polars_type  # noqa: E402

KINDS = {
    "videos": "{d}/videos-*.jsonl.gz",
    "channels": "{d}/channels-*.jsonl.gz",
    "comments": "{d}/comments-*.jsonl.gz",
    "results": "{d}/results-*.jsonl.gz",
    "categories": "{d}/categories-*.jsonl.gz",
    "playlists": "{d}/playlists-*.jsonl.gz",
    "memberships": "{d}/memberships-*.jsonl.gz",
    "missing": "{d}/missing-*.jsonl.gz",
    "chat": "{d}/chat-*.jsonl.gz",
    "stats": "{d}/snapshots/*/stats-*.jsonl.gz",
}


def schema(ytcrawl: str, kind: str, fmt: str) -> str:
    return subprocess.run([ytcrawl, "schema", kind, "--format", fmt], check=True, capture_output=True,
                          text=True).stdout


def check(directory: str, ytcrawl: str) -> dict:
    import duckdb
    import jsonschema
    import polars as pl

    result = {}
    for kind, pattern in KINDS.items():
        files = sorted(glob.glob(pattern.format(d=directory)))
        if not files:
            continue
        json_schema = json.loads(schema(ytcrawl, kind, "json-schema"))
        validator = jsonschema.Draft202012Validator(json_schema)
        lines, invalid, first_error = 0, 0, None
        for path in files:
            with gzip.open(path, "rt", encoding="utf-8") as handle:
                for number, line in enumerate(handle, 1):
                    lines += 1
                    errors = list(validator.iter_errors(json.loads(line)))
                    if errors:
                        invalid += 1
                        first_error = first_error or f"{os.path.basename(path)}:{number}: {errors[0].message}"
        columns = schema(ytcrawl, kind, "duckdb").strip()
        quoted = ", ".join("'" + f + "'" for f in files)
        counts = {"lines": lines, "invalid": invalid, "first_error": first_error}
        try:
            counts["duckdb"] = int(duckdb.sql(f"select count(*) from read_json([{quoted}], format = "
                                              f"'newline_delimited', columns = {columns})").fetchall()[0][0])
        except Exception as error:  # a line the schema's types cannot hold
            counts["duckdb"], counts["duckdb_error"] = None, str(error).splitlines()[0]
        polars_schema = {name: polars_type(node) for name, node in json_schema["properties"].items()}
        try:
            frame = pl.scan_ndjson(files, schema=polars_schema).collect()
            counts["polars"], counts["polars_columns"] = frame.height, frame.columns == list(polars_schema)
        except Exception as error:
            counts["polars"], counts["polars_error"] = None, str(error).splitlines()[0]
        result[kind] = counts
    return result


def main() -> None:
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    ytcrawl = sys.argv[sys.argv.index("--ytcrawl") + 1] if "--ytcrawl" in sys.argv else "ytcrawl"
    result = check(sys.argv[1], ytcrawl)
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    failed = False
    for kind, counts in result.items():
        state = "ok" if counts["invalid"] == 0 else f"{counts['invalid']} invalid (first: {counts['first_error']})"
        print(f"{kind}: {counts['lines']} lines, {state}; DuckDB {counts['duckdb'] or counts.get('duckdb_error')}, "
              f"Polars {counts['polars'] or counts.get('polars_error')}")
        failed = failed or counts["invalid"] > 0 or counts["duckdb"] != counts["lines"] \
            or counts["polars"] != counts["lines"]
    if failed:
        sys.exit(1)


if __name__ == "__main__":
    main()
