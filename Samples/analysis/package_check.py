"""Validates a ytcrawl data package (DIR/datapackage.json, or the CSV package of
`ytcrawl export DIR --csv-package OUT`) with frictionless-py and prints, as one JSON object,
whether it is valid and per resource its rows and errors (row number, field, error type, message).

    pip install 'frictionless[json]'
    python3 Samples/analysis/package_check.py ytcrawl-out/datapackage.json
    frictionless validate ytcrawl-out/datapackage.json      # the same check, as a table

Exit status 0 when valid, 1 when not.
"""

import json
import sys

from frictionless import validate


def main(path):
    report = validate(path)
    tasks = {}
    for task in report.tasks:
        errors = [
            {"row": row, "field": field, "type": kind, "message": message}
            for row, field, kind, message in task.flatten(["rowNumber", "fieldName", "type", "message"])
        ]
        tasks[task.name] = {"rows": task.stats.get("rows"), "valid": task.valid, "errors": errors}
    print(json.dumps({"valid": report.valid, "errors": [e.message for e in report.errors], "tasks": tasks}))
    return 0 if report.valid else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
