#!/usr/bin/env bash
# Creates .build/bench-venv (ignored by git) with the pinned pipeline conform-bench races against
# (scripts/bench/requirements.txt). conform-bench uses it when it exists, else python3 from PATH.
# PYTHON=/path/to/python3 picks the interpreter. Idempotent.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$repo/.build/bench-venv"
python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
  echo "bench-python: FAILED: no Python interpreter '$python' (set PYTHON=/path/to/python3)" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python3" ]; then
  "$python" -m venv "$venv" || { echo "bench-python: FAILED: cannot create $venv" >&2; exit 1; }
fi
if ! "$venv/bin/pip" install --disable-pip-version-check -q -r "$here/requirements.txt"; then
  echo "bench-python: FAILED: pip could not install scripts/bench/requirements.txt" >&2
  exit 1
fi
"$venv/bin/python3" -c 'import orjson, jsonschema_rs' || exit 1
echo "bench-python: ready ($venv: orjson $("$venv/bin/python3" -c 'import orjson; print(orjson.__version__)'))"
