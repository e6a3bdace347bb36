"""Runs a DuckDB SQL file of Samples/analysis over an output directory: `ytcrawl-out/` in its
paths becomes the directory given; the results of its SELECT statements come back in order."""
import os
import re


def run_sql_file(name: str, directory: str) -> list:
    import duckdb

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
    with open(path, encoding="utf-8") as handle:
        sql = handle.read().replace("ytcrawl-out/", directory.rstrip("/") + "/")
    connection = duckdb.connect()
    selects = []
    for statement in re.split(r";\s*$", sql, flags=re.MULTILINE):
        body = "\n".join(line for line in statement.splitlines() if not line.strip().startswith("--")).strip()
        if not body:
            continue
        if body.upper().startswith("SELECT"):
            selects.append(connection.sql(body).fetchall())
        else:
            connection.execute(body)
    return selects


def report_main(doc: str, pandas_part, duckdb_part, describe) -> None:
    """The command line of a sample: `SCRIPT DIR [--json]`. Runs the pandas part on DIR, adds the
    DuckDB part when duckdb is installed, and prints the numbers as JSON or as `describe` says."""
    import json
    import sys

    if len(sys.argv) < 2:
        raise SystemExit(doc)
    directory = sys.argv[1]
    result = pandas_part(directory)
    try:
        result.update(duckdb_part(directory))
    except ImportError:
        pass
    if "--json" in sys.argv:
        print(json.dumps(result))
    else:
        describe(result)
