#!/usr/bin/env bash
# Installs the Python packages given as arguments (PyPI names) that python3 does not have yet,
# with pip (idempotent: a second run installs nothing).
set -euo pipefail
missing=()
for package in "$@"; do
  # A requirement with extras (frictionless[json]) is installed when its distribution is.
  python3 -c 'import importlib.metadata, sys; importlib.metadata.version(sys.argv[1])' "${package%%[*}" 2>/dev/null \
    || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing missing Python packages: ${missing[*]}"
python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}" 2>/dev/null \
  || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${missing[@]}"
