# Sourced by .ci/run: installs httpbin and Schemathesis from PyPI into .build-ci/python (ignored by
# git) so the tests that run Conform against them (HTTPBinTests, HTTPBinOwnMockTests,
# SchemathesisTests) run in CI instead of skipping. Puts the venv first on PATH (their python3
# and st) and writes httpbin's published description for CONFORM_HTTPBIN_SPEC. Any failure (no
# python3, PyPI unreachable) prints one line and leaves those tests to skip, each saying why.
real_servers() {
  local venv=".build-ci/python"
  if ! command -v python3 >/dev/null 2>&1; then
    echo "real servers: python3 not found; the httpbin and Schemathesis tests will skip"
    return 0
  fi
  if [ ! -x "$venv/bin/python" ] && ! python3 -m venv "$venv" >/dev/null 2>&1; then
    echo "real servers: python3 cannot make a venv (Debian: apt-get install python3-venv); the httpbin and Schemathesis tests will skip"
    rm -rf "$venv"
    return 0
  fi
  echo "real servers: installing .ci/real-servers.txt into $venv"
  if ! "$venv/bin/pip" install --disable-pip-version-check -q -r .ci/real-servers.txt >/dev/null 2>&1; then
    echo "real servers: pip could not install .ci/real-servers.txt (is PyPI reachable?); the httpbin and Schemathesis tests will skip"
    return 0
  fi
  export PATH="$PWD/$venv/bin:$PATH"
  local spec="$PWD/.build-ci/httpbin-spec.json"
  if "$venv/bin/python" - "$spec" <<'PY' >/dev/null 2>&1; then
import sys, httpbin
response = httpbin.app.test_client().get("/spec.json")
assert response.status_code == 200
open(sys.argv[1], "wb").write(response.data)
PY
    export CONFORM_HTTPBIN_SPEC="$spec"
  else
    echo "real servers: httpbin did not give its /spec.json; the httpbin own-mock tests will skip"
  fi
  echo "real servers: $("$venv/bin/st" --version 2>&1), httpbin $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("httpbin"))' 2>&1)"
}
real_servers
