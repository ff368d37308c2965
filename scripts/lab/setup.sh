#!/usr/bin/env bash
# Creates the lab's Python venv (.build-lab/venv, ignored by git) with pinned versions of
# Schemathesis and the frameworks the lab apps use. Idempotent: re-running only installs
# what is missing or at another version. PYTHON=/path/to/python3 picks the interpreter
# (3.10 or later; Django 5.2 is pinned so 3.10 and 3.11 work).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
venv="$repo/.build-lab/venv"
python="${PYTHON:-python3}"

if ! command -v "$python" >/dev/null 2>&1; then
  echo "setup: FAILED: no Python interpreter '$python' (set PYTHON=/path/to/python3)" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "setup: FAILED: $("$python" --version 2>&1) is too old; the lab needs Python 3.10 or later" >&2
  exit 1
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "setup: creating $venv with $("$python" --version 2>&1)"
  if ! "$python" -m venv "$venv"; then
    echo "setup: FAILED: could not create the venv (on Debian: apt-get install python3-venv)" >&2
    exit 1
  fi
fi
echo "setup: installing the pinned packages (scripts/lab/requirements.txt)"
if ! "$venv/bin/pip" install --disable-pip-version-check -q -r "$here/requirements.txt"; then
  echo "setup: FAILED: pip could not install scripts/lab/requirements.txt (is PyPI reachable?)" >&2
  exit 1
fi
failed=0
check() { # name, command that must succeed
  if "${@:2}" >/dev/null 2>&1; then echo "  ok      $1"; else echo "  FAILED  $1"; failed=1; fi
}
check "schemathesis (st)" "$venv/bin/st" --version
check "fastapi + uvicorn" "$venv/bin/python" -c "import fastapi, uvicorn"
check "django + djangorestframework + drf-spectacular" "$venv/bin/python" -c "import django, rest_framework, drf_spectacular"
check "apiflask" "$venv/bin/python" -c "import apiflask"
check "httpbin + flasgger" "$venv/bin/python" -c "import httpbin, flasgger"
check "gunicorn" "$venv/bin/gunicorn" --version
if [ "$failed" -ne 0 ]; then
  echo "setup: FAILED: some packages do not import (see above)" >&2
  exit 1
fi
echo "setup: ready ($venv)"
