#!/usr/bin/env python3
"""Measures how often `conform compat` agrees with the verdicts of oasdiff's own test suite.

The pairs and their expected verdicts live in a cache directory outside the repository. Build it
with `scripts/compat/oasdiff_pairs.py CACHE_DIR`, which writes a pair of minimal descriptions for
each test oasdiff's docs/BREAKING-CHANGES-EXAMPLES.md lists with its verdict (and for the misses
issue #36 names) plus `manifest-derived.tsv`. Pairs copied from oasdiff's own test data
(data/checker/*_base.yaml and *_revision.yaml, read with the search tool's read_file on the
repository oasdiff/oasdiff, or from a clone) may be added beside them with a manifest of their own;
those files stay out of this repository. The cache holds the description files and one or more
`manifest*.tsv` files with these columns:

  id        a short name for the pair
  base      the old description, relative to the cache directory
  revision  the new description, relative to the cache directory
  verdict   breaking | not-breaking, as the Go test (or its `BC:` comment) fixes it
  level     the highest level the test asserts: error | warning | info | none | unknown
            (unknown: the test says "breaking" without asserting a level)
  scope     all (every check ran) | single (one check ran) | stale (the stored file may not be
            the one the test used; reported apart, never counted)
  rules     oasdiff rule ids the test names, `id:LEVEL` when it asserts the level (comma list)
  place     for a breaking pair, where the change is: `METHOD /path` or `METHOD /path#fragment`
            (the fragment must appear in the pointer or the message of one of Conform's errors);
            `-` when none
  test      the Go test the expectation comes from

Usage:
  scripts/compat/oasdiff_agreement.py [CACHE_DIR] [--conform PATH] [--only SUBSTRING] [-v]

CACHE_DIR defaults to $OASDIFF_CACHE; the binary defaults to $CONFORM, else .build/debug/conform.
When the cache directory is absent the script says so and exits 0, so CI without it passes.

Figures printed:
  - verdict agreement: Conform breaking (at least one error) against the suite's verdict, over
    the counted pairs; the same over the pairs whose level the suite asserts, where a
    warning-level break counts as not breaking (Conform, like oasdiff, keeps warnings apart); and
    the suite's verdict against a Conform error or warning;
  - breaking pairs where Conform names no error at the changed place;
  - crashes and refusals (exit 2, or killed by a signal);
  - a table of every disagreement.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

COLUMNS = ["id", "base", "revision", "verdict", "level", "scope", "rules", "place", "test"]


def read_manifests(cache):
    pairs = []
    for name in sorted(os.listdir(cache)):
        if not (name.startswith("manifest") and name.endswith(".tsv")):
            continue
        with open(os.path.join(cache, name), encoding="utf-8") as handle:
            lines = [line.rstrip("\n") for line in handle if line.strip()]
        for line in lines[1:]:
            cells = line.split("\t")
            cells += [""] * (len(COLUMNS) - len(cells))
            pairs.append(dict(zip(COLUMNS, cells)))
    return pairs


def run_pair(conform, cache, pair):
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report.json")
        command = [conform, "compat", "--json", report, pair["base"], pair["revision"]]
        try:
            done = subprocess.run(command, cwd=cache, capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            return {"exit": "timeout", "changes": [], "stderr": "timed out after 60 s"}
        result = {"exit": done.returncode, "changes": [], "stderr": done.stderr.strip()}
        if os.path.exists(report):
            with open(report, encoding="utf-8") as handle:
                result["changes"] = json.load(handle).get("changes", [])
        return result


def template(path):
    """A path with its placeholder names dropped, so /a/{id} and /a/{x} compare equal."""
    return re.sub(r"\{[^}]*\}", "{}", path)


def names_place(changes, place):
    if not place or place == "-":
        return True
    spot, _, fragment = place.partition("#")
    method, _, path = spot.partition(" ")
    for change in changes:
        if change.get("level") != "error":
            continue
        # Format 2 lists every operation a change reaches; format 1 named one.
        reached = [entry.get("operation") or {} for entry in change.get("reach") or []]
        reached = reached or [change.get("operation") or {}]
        if not any(operation.get("method", "").upper() == method.upper()
                   and template(operation.get("path", "")) == template(path) for operation in reached):
            continue
        pointer = (change.get("location") or {}).get("pointer", "")
        if not fragment or fragment in pointer or fragment in change.get("message", ""):
            return True
    return False


def judge(pair, result):
    errors = [c for c in result["changes"] if c.get("level") == "error"]
    warnings = [c for c in result["changes"] if c.get("level") == "warning"]
    crashed = result["exit"] not in (0, 1)
    breaking = bool(errors)
    expected = pair["verdict"] == "breaking"
    return {
        "pair": pair,
        "result": result,
        "crashed": crashed,
        "breaking": breaking,
        "agrees": not crashed and breaking == expected,
        "errors": errors,
        "warnings": warnings,
        "place_ok": crashed or not (expected and breaking) or names_place(errors, pair["place"]),
    }


def rule_list(changes):
    return ",".join(sorted({c.get("rule", "?") for c in changes})) or "-"


def percent(part, whole):
    return "%d/%d (%.1f%%)" % (part, whole, 100.0 * part / whole) if whole else "0/0"


def report(outcomes, verbose):
    counted = [o for o in outcomes if o["pair"]["scope"] != "stale"]
    stale = [o for o in outcomes if o["pair"]["scope"] == "stale"]
    agree = [o for o in counted if o["agrees"]]
    print("pairs: %d counted, %d stale (not counted)" % (len(counted), len(stale)))
    print("verdict agreement (suite verdict, warnings breaking when it says so): "
          + percent(len(agree), len(counted)))
    leveled = [o for o in counted if o["pair"]["level"] in ("error", "warning", "info", "none")]
    leveled_agree = [o for o in leveled if not o["crashed"]
                     and o["breaking"] == (o["pair"]["level"] == "error")]
    print("error-level agreement (pairs whose level the suite asserts): "
          + percent(len(leveled_agree), len(leveled)))
    flagged = [o for o in counted if not o["crashed"]
               and (o["pair"]["verdict"] == "breaking") == bool(o["errors"] or o["warnings"])]
    print("warning-inclusive agreement (suite breaking, warn or error, against a Conform error or "
          "warning): " + percent(len(flagged), len(counted)))
    breaking_pairs = [o for o in counted if o["pair"]["verdict"] == "breaking"]
    misplaced = [o for o in breaking_pairs if not o["place_ok"]]
    print("breaking pairs flagged without an error at the changed place: %d of %d"
          % (len(misplaced), len(breaking_pairs)))
    crashed = [o for o in outcomes if o["crashed"]]
    print("crashes or refusals (exit 2, signal, timeout): %d" % len(crashed))
    rows = [o for o in outcomes if not o["agrees"] or not o["place_ok"] or o["crashed"] or verbose]
    if rows:
        print("\n%-46s %-22s %-9s %-5s %s" % ("pair", "suite", "conform", "place", "conform errors / warnings"))
        for o in rows:
            pair = o["pair"]
            suite = "%s/%s%s" % (pair["verdict"], pair["level"], " (stale)" if pair["scope"] == "stale" else "")
            mine = "exit %s" % o["result"]["exit"] if o["crashed"] else ("breaking" if o["breaking"] else "ok")
            place = "ok" if o["place_ok"] else "MISS"
            print("%-46s %-22s %-9s %-5s %s / %s   [oasdiff: %s; %s]" % (
                pair["id"], suite, mine, place, rule_list(o["errors"]), rule_list(o["warnings"]),
                pair["rules"] or "-", pair["test"]))
            if o["crashed"] and o["result"]["stderr"]:
                print("    " + o["result"]["stderr"].splitlines()[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cache", nargs="?", default=os.environ.get("OASDIFF_CACHE"))
    parser.add_argument("--conform", default=os.environ.get("CONFORM", ".build/debug/conform"))
    parser.add_argument("--only", default="", help="run the pairs whose id contains this")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every pair")
    options = parser.parse_args()
    if not options.cache or not os.path.isdir(options.cache):
        print("oasdiff agreement: no cache directory (give it as an argument or in OASDIFF_CACHE); "
              "nothing measured.")
        return 0
    conform = os.path.abspath(options.conform)
    if not os.access(conform, os.X_OK):
        print("oasdiff agreement: no conform binary at %s (swift build --product conform)" % conform)
        return 2
    pairs = [p for p in read_manifests(options.cache) if options.only in p["id"]]
    if not pairs:
        print("oasdiff agreement: no manifest*.tsv rows in %s; nothing measured." % options.cache)
        return 0
    outcomes = [judge(pair, run_pair(conform, options.cache, pair)) for pair in pairs]
    report(outcomes, options.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
