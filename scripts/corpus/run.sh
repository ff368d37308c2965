#!/usr/bin/env bash
# Runs lint, run and fuzz on every description of the corpus against its own mock and prints the
# table (see scripts/corpus/README.md). The descriptions come from ../shared/openapi-corpus (or
# $CONFORM_OPENAPI_CORPUS) and from the cache scripts/corpus/fetch.sh fills (.build-corpus, or
# $CONFORM_CORPUS_DIR); each absent folder is said and skipped. Arguments go to run.py
# (--only NAME, --cases N, --time-budget S, --limit S). CONFORM=/path/to/conform skips the build.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
cache="${CONFORM_CORPUS_DIR:-$repo/.build-corpus}"
shared="${CONFORM_OPENAPI_CORPUS:-$repo/../shared/openapi-corpus}"
if [ -z "${CONFORM:-}" ]; then
  (cd "$repo" && swift build -c release --product conform >&2) || { echo "corpus: build failed" >&2; exit 2; }
  CONFORM="$repo/.build/release/conform"
fi
if [ ! -d "$cache/descriptions" ]; then
  echo "corpus: no $cache/descriptions; run scripts/corpus/fetch.sh to fetch the public descriptions (only the shared corpus runs)" >&2
fi
exec python3 "$here/run.py" --conform "$CONFORM" --folder "$shared" --folder "$cache/descriptions" \
  --logs "$cache/logs" --table "$cache/results.md" "$@"
