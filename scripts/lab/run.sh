#!/usr/bin/env bash
# Runs the lab: each app and variant against conform (lint, run, fuzz) and Schemathesis.
#   scripts/lab/run.sh                                  # everything, conform from .build-lab/main
#   scripts/lab/run.sh --conform /path/to/conform --only books,tasks:idor
#   CONFORM=/path/to/conform scripts/lab/run.sh --list
# Build the conform it uses, without touching /work/main's own .build:
#   swift build --package-path /work/main --product conform -c release --scratch-path .build-lab/main
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="$repo/.build-lab/venv/bin/python"
if [ ! -x "$python" ]; then
  # lab.py needs only the standard library; it says which apps need the lab venv.
  python="${PYTHON:-python3}"
fi
exec "$python" "$here/lab.py" "$@"
