#!/usr/bin/env bash
# Installs what the whole test suite needs, when missing (idempotent: a second run installs
# nothing): the build's system libraries, headless Chromium (the gallery test renders the page),
# a Java runtime (Spark reads the shards), and from PyPI the analysis tools the tests drive
# (DuckDB, pandas, Polars, jsonschema, PySpark, prometheus_client, networkx, python-igraph).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bash "$here/install-deps.sh" "$@" python3 python3-pip chromium default-jre-headless
python_packages=(duckdb pandas jsonschema polars pyspark prometheus_client networkx igraph)
missing=()
for package in "${python_packages[@]}"; do
  python3 -c "import ${package}" 2>/dev/null || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing Python packages: ${missing[*]}"
python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}" 2>/dev/null \
  || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${missing[@]}"
