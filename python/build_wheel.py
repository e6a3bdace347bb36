#!/usr/bin/env python3
"""Builds the ytcrawl wheel (before auditwheel repair): the binary in the wheel's scripts
directory, so pip puts it on the environment's PATH as ruff and uv do, and the ytcrawl module.

    python3 python/build_wheel.py BINARY VERSION OUT_DIR

The platform tag is the plain linux_<machine> one; `auditwheel repair` then vendors the libraries
the binary links beyond the manylinux set (libcurl and its dependencies) and sets the manylinux
tag it qualifies for.
"""
import base64
import hashlib
import os
import platform
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = "Harvest YouTube Data API v3 metadata at scale: the ytcrawl binary and a reader for its output"


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build(binary: str, version: str, out_dir: str) -> str:
    tag = f"py3-none-linux_{platform.machine()}"
    info = f"ytcrawl-{version}.dist-info"
    files = []  # (name in the wheel, bytes, mode)
    for name in sorted(os.listdir(os.path.join(HERE, "ytcrawl"))):
        if name.endswith(".py"):
            with open(os.path.join(HERE, "ytcrawl", name), "rb") as handle:
                files.append((f"ytcrawl/{name}", handle.read(), 0o644))
    with open(binary, "rb") as handle:
        files.append((f"ytcrawl-{version}.data/scripts/ytcrawl", handle.read(), 0o755))
    with open(os.path.join(HERE, "..", "LICENSE"), "rb") as handle:
        files.append((f"{info}/licenses/LICENSE", handle.read(), 0o644))
    with open(os.path.join(HERE, "README.md"), "rb") as handle:
        readme = handle.read().decode()
    metadata = (
        "Metadata-Version: 2.4\n"
        "Name: ytcrawl\n"
        f"Version: {version}\n"
        f"Summary: {SUMMARY}\n"
        "License-Expression: MIT\n"
        "License-File: LICENSE\n"
        "Requires-Python: >=3.9\n"
        "Provides-Extra: pandas\n"
        "Requires-Dist: pandas; extra == \"pandas\"\n"
        "Provides-Extra: polars\n"
        "Requires-Dist: polars; extra == \"polars\"\n"
        "Description-Content-Type: text/markdown\n\n" + readme)
    files.append((f"{info}/METADATA", metadata.encode(), 0o644))
    wheel = f"Wheel-Version: 1.0\nGenerator: ytcrawl build_wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    files.append((f"{info}/WHEEL", wheel.encode(), 0o644))
    record = [record_line(name, data) for name, data, _ in files] + [f"{info}/RECORD,,"]
    files.append((f"{info}/RECORD", ("\n".join(record) + "\n").encode(), 0o644))

    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, f"ytcrawl-{version}-{tag}.whl")
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in files:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return path


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    print(build(*sys.argv[1:]))
