#!/usr/bin/env python3
"""Runs `conform lint`, `conform run` and `conform fuzz` on every description of the corpus, each
against the description's own mock, and tabulates crashes, failures and timings.

Every failure of `run` or `fuzz` here is a disagreement between Conform's mock and its checker (a
bug of ours), and a crash is a bug whatever the input. See scripts/corpus/README.md.
"""
import argparse
import os
import pathlib
import re
import signal
import subprocess
import sys
import tempfile
import time

SUFFIXES = {".json", ".yaml", ".yml"}


def is_description(path):
    """Whether the file is an OpenAPI or Swagger description, not a part one refers to."""
    head = path.read_text(errors="replace")
    if path.suffix == ".json":
        return re.search(r'"(openapi|swagger)"\s*:', head) is not None
    return re.search(r'^(openapi|swagger)\s*:', head, re.MULTILINE) is not None


def descriptions(folders):
    """(name, path) of every description in the folders; the parts descriptions refer to
    (`petstore-separate/common/Error.json`, Azure's `network.json`) are skipped."""
    found = []
    for folder in folders:
        root = pathlib.Path(folder)
        if not root.is_dir():
            print(f"corpus: {folder} is absent, skipped", file=sys.stderr)
            continue
        for path in sorted(root.rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if not is_description(path):
                continue
            relative = path.relative_to(root)
            found.append((str(relative), path))
    return found


def outcome(code):
    if code is None:
        return "timeout"
    if code < 0:
        return f"CRASH ({signal.Signals(-code).name})"
    return {0: "pass", 1: "fail", 2: "error", 3: "unreachable"}.get(code, f"exit {code}")


NOTHING_TO_TEST = "no operations Conform can replay"


def execute(command, limit, log):
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit,
                              errors="replace")
        code = done.returncode
        output = done.stdout + done.stderr
    except subprocess.TimeoutExpired as expired:
        code = None
        output = (expired.stdout or b"").decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
    elapsed = time.monotonic() - start
    with open(log, "w") as file:
        file.write(" ".join(command) + "\n\n" + output)
    return code, elapsed, output


def nothing_sent(results):
    """The fuzz cases skipped with "nothing to send" in a JSON results file (0 when absent)."""
    try:
        import json
        with open(results) as file:
            cases = json.load(file).get("cases", [])
        return sum(1 for case in cases if case.get("outcome") == "skipped" and case.get("reason") == "nothing to send")
    except (OSError, ValueError):
        return 0


def gap_only(results):
    """How many findings a failed run owes to the description alone, when that is all it found:
    a 4xx answer to invalid input from an operation that declares no 4xx, `4XX` or `default`
    (its `expected` lists the declared statuses). Any answer is then undocumented, whatever the
    server (here Conform's own mock) does; `conform lint` warns about it. None when another
    finding (a real disagreement) is there too, or the results cannot be read."""
    try:
        import json
        with open(results) as file:
            cases = json.load(file).get("cases", [])
    except (OSError, ValueError):
        return None
    gaps = 0
    for case in cases:
        if case.get("outcome") not in ("failed", "error"):
            continue
        for finding in case.get("findings", []):
            status = finding.get("status") or 0
            declared = [part.strip() for part in (finding.get("expected") or "").split(",")]
            declares_4xx = any(part.startswith("4") or part == "default" for part in declared)
            if finding.get("check") != "status_code_conformance" or not 400 <= status < 500 or declares_4xx:
                return None
            gaps += 1
    return gaps


def operations(path):
    """The number of operations, from the description itself (JSON only; YAML is counted by a
    light scan of `paths`)."""
    methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
    try:
        if path.suffix == ".json":
            import json
            document = json.loads(path.read_text())
            return sum(1 for item in (document.get("paths") or {}).values()
                       if isinstance(item, dict) for key in item if key in methods)
        count = 0
        top = None
        path_indent = None
        for line in path.read_text(errors="replace").splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            indent = len(line) - len(line.lstrip(" "))
            if top is None:
                if line.strip() == "paths:" and indent <= 2:
                    top = indent
                continue
            if indent <= top:
                break
            if path_indent is None:
                path_indent = indent
            if indent == 2 * path_indent - top and line.strip().rstrip(":") in methods:
                count += 1
        return count
    except Exception:
        return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--conform", required=True, help="the conform executable")
    parser.add_argument("--folder", action="append", required=True, help="a folder of descriptions")
    parser.add_argument("--only", help="only descriptions whose name contains this")
    parser.add_argument("--cases", default="5", help="fuzz --cases (default 5)")
    parser.add_argument("--time-budget", default="60", help="fuzz --time-budget (default 60)")
    parser.add_argument("--limit", type=float, default=600, help="seconds before a command is killed")
    parser.add_argument("--logs", required=True, help="folder for each command's output")
    parser.add_argument("--table", help="also write the Markdown table here")
    options = parser.parse_args()

    os.makedirs(options.logs, exist_ok=True)
    reports = tempfile.mkdtemp(prefix="conform-corpus-reports-")
    rows = []
    totals = {"lint": 0, "run": 0, "fuzz": 0}
    crashes = []
    gap_counts = {"run": 0, "fuzz": 0}
    for name, path in descriptions(options.folder):
        if options.only and options.only not in name:
            continue
        slug = name.replace("/", "_")
        commands = {
            "lint": [options.conform, "lint", str(path)],
            "run": [options.conform, "run", str(path), "--quiet", "--reports-dir", reports,
                    "--json", os.path.join(reports, f"{slug}.run.json")],
            "fuzz": [options.conform, "fuzz", str(path), "--quiet", "--seed", "1", "--cases", options.cases,
                     "--time-budget", options.time_budget, "--reports-dir", reports,
                     "--json", os.path.join(reports, f"{slug}.fuzz.json")],
        }
        row = {"name": name, "size": path.stat().st_size, "operations": operations(path), "unsent": 0}
        for step, command in commands.items():
            code, elapsed, output = execute(command, options.limit, os.path.join(options.logs, f"{slug}.{step}.log"))
            label = outcome(code)
            if code == 2 and NOTHING_TO_TEST in output:
                # A description without operations (webhooks only) is refused clearly: nothing to test.
                label = "no operations"
                code = 0
            if code == 1 and step in ("run", "fuzz"):
                gaps = gap_only(os.path.join(reports, f"{slug}.{step}.json"))
                if gaps:
                    label = f"description gap ({gaps} undocumented 4xx)"
                    gap_counts[step] += 1
                    code = 0
            row[step] = (label, elapsed)
            if code == 0:
                totals[step] += 1
            if code is None or code < 0:
                crashes.append(f"{name} {step}: {outcome(code)}")
            if step == "fuzz":
                row["unsent"] = nothing_sent(os.path.join(reports, f"{slug}.fuzz.json"))
        rows.append(row)
        print(f"{name}: " + ", ".join(f"{step} {row[step][0]} {row[step][1]:.1f}s" for step in commands),
              file=sys.stderr, flush=True)

    lines = ["| description | size | ops | lint | run | fuzz | checks with nothing to send |",
             "| --- | ---: | ---: | --- | --- | --- | ---: |"]
    for row in rows:
        cells = [f"{row[step][0]} ({row[step][1]:.1f} s)" for step in ("lint", "run", "fuzz")]
        lines.append(f"| {row['name']} | {row['size'] // 1024} KiB | {row['operations']} | " + " | ".join(cells)
                     + f" | {row['unsent']} |")
    count = len(rows)
    lines.append("")
    lines.append(f"{count} descriptions: lint {totals['lint']}/{count} clean, run {totals['run']}/{count} passed, "
                 f"fuzz {totals['fuzz']}/{count} passed, {len(crashes)} crashes or timeouts")
    lines.append(f"passed with only the description's gap (an operation without any 4xx refusing invalid input): "
                 f"run {gap_counts['run']}, fuzz {gap_counts['fuzz']}")
    slowest = sorted(((row[step][1], f"{row['name']} {step}") for row in rows for step in ("lint", "run", "fuzz")),
                     reverse=True)[:5]
    lines.append("slowest: " + ", ".join(f"{label} {seconds:.1f} s" for seconds, label in slowest))
    for crash in crashes:
        lines.append(f"crash: {crash}")
    table = "\n".join(lines)
    print(table)
    if options.table:
        pathlib.Path(options.table).write_text(table + "\n")
    failed = count - min(totals["run"], totals["fuzz"])
    return 1 if crashes or failed else 0


if __name__ == "__main__":
    sys.exit(main())
