"""ytcrawl from Python: the ytcrawl binary this wheel installs (on the environment's PATH),
`run()` to call it, and `read()` to load an output directory's records into a pandas or Polars
DataFrame typed from `ytcrawl schema`.

    import ytcrawl
    ytcrawl.run(["--seeds", "seeds.txt", "--budget", "2000", "--emulator", "--out", "out"])
    videos = ytcrawl.read("out")                      # pandas
    comments = ytcrawl.read("out", "comments", engine="polars")
"""
import gzip
import json
import os
import shutil
import subprocess
import sysconfig
from typing import Any, Dict, List, Sequence

__all__ = ["executable", "run", "schema", "shards", "read", "polars_type"]

KINDS = ("videos", "channels", "comments", "stats")
# The sizes YouTube sends in a thumbnails map (Polars has no map type: they become fields).
THUMBNAIL_SIZES = ("default", "medium", "high", "standard", "maxres")


def executable() -> str:
    """The path of the ytcrawl binary: the wheel's own (auditwheel moves it beside this package,
    in ytcrawl.scripts/, next to its vendored libraries), else the one on PATH."""
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (
        os.path.join(os.path.dirname(here), "ytcrawl.scripts", "ytcrawl"),
        os.path.join(sysconfig.get_path("scripts"), "ytcrawl"),
    ):
        if os.access(candidate, os.X_OK):
            return candidate
    found = shutil.which("ytcrawl")
    if found is None:
        raise FileNotFoundError("no ytcrawl binary: install the ytcrawl wheel, or put ytcrawl on PATH")
    return found


def run(arguments: Sequence[str], *, check: bool = True, capture_output: bool = False,
        **kwargs: Any) -> "subprocess.CompletedProcess[str]":
    """Runs `ytcrawl ARGUMENTS` to its end (as subprocess.run, text mode). With `check` (the
    default) an exit code other than 0 raises subprocess.CalledProcessError; the exit codes are
    the CLI's (2 usage error, 3 stopped by quota, 4 incomplete, ...)."""
    return subprocess.run([executable(), *arguments], check=check, capture_output=capture_output, text=True,
                          **kwargs)


def schema(kind: str = "videos") -> Dict[str, Any]:
    """The JSON Schema of a record kind (`ytcrawl schema KIND`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}: use one of {', '.join(KINDS)}")
    return json.loads(run(["schema", kind, "--format", "json-schema"], capture_output=True).stdout)


def shards(directory: str, kind: str = "videos") -> List[str]:
    """The paths of `kind`'s shards, as DIR/manifest.json lists them (a statistics snapshot's
    directory for "stats")."""
    with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as handle:
        manifest = json.load(handle)
    return [os.path.join(directory, shard["name"]) for shard in manifest.get("shards", [])
            if shard.get("kind") == kind]


def read(directory: str, kind: str = "videos", *, engine: str = "pandas"):
    """The records of `kind` in the output directory DIR as a DataFrame with one column per field
    of the schema, in its order: pandas (`engine="pandas"`, nullable dtypes: Int64, Float64,
    boolean, string, UTC datetimes; lists and objects as Python objects) or Polars
    (`engine="polars"`: Int64, Float64, Boolean, String, Datetime, List and Struct). Timestamps
    are UTC datetimes."""
    if engine not in ("pandas", "polars"):
        raise ValueError(f"unknown engine {engine!r}: use pandas or polars")
    properties = schema(kind)["properties"]
    rows = []
    for path in shards(directory, kind):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            rows.extend(json.loads(line) for line in handle if line.strip())
    if engine == "polars":
        return _polars_frame(rows, properties)
    return _pandas_frame(rows, properties)


def _is_timestamp(node: Dict[str, Any]) -> bool:
    """An RFC 3339 UTC time: the schema gives its pattern (or a date-time format)."""
    return node.get("format") == "date-time" or node.get("pattern", "").startswith("^\\d{4}-\\d{2}-\\d{2}T")


def _kind(node: Dict[str, Any]) -> str:
    types = node.get("type", "string")
    return [t for t in types if t != "null"][0] if isinstance(types, list) else types


def _pandas_frame(rows: List[Dict[str, Any]], properties: Dict[str, Any]):
    import pandas as pd

    frame = pd.DataFrame.from_records(rows, columns=list(properties))
    for name, node in properties.items():
        kind = _kind(node)
        if _is_timestamp(node):
            frame[name] = pd.to_datetime(frame[name], utc=True, format="ISO8601")
        elif kind == "integer":
            frame[name] = frame[name].astype("Int64")
        elif kind == "number":
            frame[name] = frame[name].astype("Float64")
        elif kind == "boolean":
            frame[name] = frame[name].astype("boolean")
        elif kind == "string":
            frame[name] = frame[name].astype("string")
    return frame


def polars_type(node: Dict[str, Any]):
    """The Polars type of a JSON Schema node of `ytcrawl schema` (timestamps stay String here;
    `read` turns top-level ones into Datetime)."""
    import polars as pl

    kind = _kind(node)
    if "enum" in node or kind == "string":
        return pl.String
    if kind == "integer":
        return pl.Int64
    if kind == "boolean":
        return pl.Boolean
    if kind == "number":
        return pl.Float64
    if kind == "array":
        return pl.List(polars_type(node["items"]))
    if "properties" in node:
        return pl.Struct({name: polars_type(sub) for name, sub in node["properties"].items()})
    if "additionalProperties" not in node:
        # An object kept as the API sent it (contentRating, localizations): its JSON text.
        return pl.String
    return pl.Struct({size: polars_type(node["additionalProperties"]) for size in THUMBNAIL_SIZES})


def _polars_frame(rows: List[Dict[str, Any]], properties: Dict[str, Any]):
    import polars as pl

    # Top-level timestamps become Datetime columns; those inside structs stay their RFC 3339 text.
    schema_types = {name: pl.Datetime("us", "UTC") if _is_timestamp(node) else polars_type(node)
                    for name, node in properties.items()}
    loaded = {}
    for name, node in properties.items():
        values = [row.get(name) for row in rows]
        dtype = schema_types[name]
        if _is_timestamp(node):
            loaded[name] = pl.Series(name, values, dtype=pl.String).str.to_datetime(
                "%Y-%m-%dT%H:%M:%SZ", time_unit="us", time_zone="UTC")
        elif dtype == pl.String and _kind(node) == "object":
            loaded[name] = pl.Series(name, [None if v is None else json.dumps(v) for v in values], dtype=pl.String)
        else:
            loaded[name] = pl.Series(name, values, dtype=dtype)
    return pl.DataFrame(loaded, schema=schema_types)
