#!/usr/bin/env bash
# Installs the real servers of the lab, each into its own venv under .build-lab/real/<name> (their
# dependencies conflict with each other and with the framework apps'), from the pinned lists in
# scripts/lab/real/<name>-requirements.txt (Kinto 26.5.0, Jupyter Server 2.21.1, Prefect 3.9.1, each
# with Schemathesis 4.32.5). Idempotent: a venv whose packages already match is left alone.
#   scripts/lab/setup-real.sh                 # all three
#   scripts/lab/setup-real.sh kinto jupyter   # some
# PYTHON=/path/to/python3 picks the interpreter (3.10 or later; Prefect needs it).
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(kinto jupyter prefect)

if ! command -v "$python" >/dev/null 2>&1; then
  echo "setup-real: FAILED: no Python interpreter '$python' (set PYTHON=/path/to/python3)" >&2
  exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)'; then
  echo "setup-real: FAILED: $("$python" --version 2>&1) is too old; the real servers need Python 3.10 or later" >&2
  exit 1
fi
failed=0
for name in "${names[@]}"; do
  pins="$here/real/$name-requirements.txt"
  venv="$repo/.build-lab/real/$name"
  case "$name" in
    kinto) probe=("$venv/bin/kinto" --help) ;;
    jupyter) probe=("$venv/bin/jupyter-server" --version) ;;
    prefect) probe=("$venv/bin/prefect" version) ;;
    *) echo "setup-real: unknown server '$name' (kinto, jupyter, prefect)" >&2; failed=1; continue ;;
  esac
  if [ -x "$venv/bin/python" ] && diff -q <("$venv/bin/pip" freeze --disable-pip-version-check 2>/dev/null | grep -v '^-e' | sort -f) \
      <(sort -f "$pins") >/dev/null 2>&1; then
    echo "  ok      $name (already installed: $venv)"
    continue
  fi
  echo "setup-real: installing $name into $venv (several minutes for prefect)"
  if [ ! -x "$venv/bin/python" ] && ! "$python" -m venv "$venv"; then
    echo "  FAILED  $name: could not create the venv (on Debian: apt-get install python3-venv)" >&2
    failed=1
    continue
  fi
  if ! "$venv/bin/pip" install --disable-pip-version-check -q -r "$pins"; then
    echo "  FAILED  $name: pip could not install $pins (is PyPI reachable?)" >&2
    failed=1
    continue
  fi
  if "${probe[@]}" >/dev/null 2>&1 && "$venv/bin/st" --version >/dev/null 2>&1; then
    echo "  ok      $name"
  else
    echo "  FAILED  $name: installed, but '${probe[*]}' or st does not run" >&2
    failed=1
  fi
done
[ "$failed" -ne 0 ] && { echo "setup-real: FAILED (see above)" >&2; exit 1; }
echo "setup-real: ready (.build-lab/real/)"
