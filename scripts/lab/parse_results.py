"""Reads what each tool wrote (Conform's JSON results, Schemathesis' JSON and JUnit reports, the
apps' access logs) into one shape: findings as {tool, check, operation, status, message, curl}."""

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

# Schemathesis failure codes and the check that raises each (from `st explain`).
ST_CHECKS = {
    "ST101": "not_a_server_error", "ST102": "not_a_server_error", "ST103": "status_code_conformance",
    "ST104": "content_type_conformance", "ST105": "content_type_conformance", "ST106": "content_type_conformance",
    "ST107": "response_headers_conformance", "ST108": "response_schema_conformance",
    "ST109": "response_schema_conformance", "ST110": "response_schema_conformance",
    "ST111": "response_schema_conformance", "ST112": "max_response_time", "ST201": "negative_data_rejection",
    "ST202": "positive_data_acceptance", "ST203": "missing_required_header", "ST204": "unsupported_method",
    "ST205": "allow_header_conformance", "ST301": "use_after_free", "ST302": "ensure_resource_availability",
    "ST401": "ignored_auth", "ST402": "object_level_authorization", "ST901": "custom",
}


def _read(path):
    path = Path(path)
    return path.read_text(errors="replace") if path.exists() else ""


def conform_lint(stdout, stderr):
    text = _read(stdout) + _read(stderr)
    lines = text.splitlines()
    return {
        "errors": sum(": error:" in line for line in lines),
        "warnings": sum(": warning:" in line for line in lines),
        "last": lines[-1] if lines else "",
    }


def _requests_sent(stdout_text):
    match = re.search(r"^\s+total\s+(?:\d+\s+)*?(\d+)\s*$", stdout_text, re.M)
    return int(match.group(1)) if match else None


def conform_results(report, stdout):
    """Findings of a conform run or fuzz, one per finding, from its JSON results."""
    stdout_text = _read(stdout)
    verdict = next((line for line in stdout_text.splitlines() if line.startswith(("PASSED", "FAILED", "INTERRUPTED", "UNREACHABLE"))), "")
    out = {"verdict": verdict, "requests": _requests_sent(stdout_text), "findings": []}
    try:
        data = json.loads(Path(report).read_text())
    except (OSError, ValueError):
        out["note"] = "no JSON results (see the .stdout/.stderr files)"
        return out
    out["cases"] = len(data.get("cases", []))
    for case in data.get("cases", []):
        if case.get("outcome") not in ("failed", "error"):
            continue
        response = case.get("response") or {}
        for finding in case.get("findings") or [{"check": case.get("outcome"), "message": case.get("reason") or ""}]:
            actual = finding.get("actual") or ""
            status = re.match(r"(\d{3})\b", actual)
            curl = re.search(r"reproduce: (curl .*)$", actual)
            out["findings"].append({
                "tool": "conform",
                "check": finding.get("check"),
                "operation": f"{case.get('method')} {case.get('path')}",
                "case": case.get("id"),
                "status": int(status.group(1)) if status else response.get("status"),
                "message": (finding.get("message") or "")[:300],
                "expected": (finding.get("expected") or "")[:200],
                "actual": actual[:300],
                "curl": curl.group(1) if curl else case.get("curl"),
            })
    return out


def _st_failures(operation, element):
    """One finding per failure code: a JUnit failure may carry several ("ST203, ST401")."""
    text = element.text or ""
    codes = [code.strip() for code in (element.get("message") or "").split(",") if code.strip()]
    titles = dict(re.findall(r"^- (ST\d{3}) (.+)$", text, re.M))
    status = re.search(r"^\[(\d{3})\]", text, re.M)
    curl = re.search(r"Reproduce with:\s*\n\s*\n?\s*(curl .+?)(?:\n\s*\n|\Z)", text, re.S)
    return [
        {
            "tool": "schemathesis",
            "code": code,
            "check": ST_CHECKS.get(code, code),
            "title": titles.get(code, "").strip(),
            "operation": operation,
            "status": int(status.group(1)) if status else None,
            "message": " ".join(text.split())[:400],
            "curl": " ".join(curl.group(1).split()) if curl else None,
        }
        for code in codes or ["?"]
    ]


def st_results(report_dir):
    """Findings of `st run` from its JUnit report (one per unique failure), totals from its JSON."""
    report_dir = Path(report_dir)
    out = {"findings": []}
    json_files = sorted(report_dir.glob("json-*.json"))
    if json_files:
        data = json.loads(json_files[-1].read_text())
        out["generated"] = data.get("test_cases", {}).get("generated")
        out["operations"] = data.get("operations")
        out["phases"] = {name: phase.get("status") for name, phase in data.get("phases", {}).items()}
        out["running_time"] = data.get("running_time")
        out["errors"] = [str(error)[:300] for error in data.get("errors", [])]
    for junit in sorted(report_dir.glob("junit-*.xml"))[-1:]:
        for case in ET.parse(junit).getroot().iter("testcase"):
            for failure in case.iter("failure"):
                out["findings"] += _st_failures(case.get("name"), failure)
            for error in case.iter("error"):
                first = " ".join(line.strip() for line in (error.text or "").strip().splitlines()[:3] if line.strip())
                out.setdefault("untested", []).append(f"{case.get('name')}: {first[:160]}")
    if not json_files:
        out["note"] = "no Schemathesis reports (see st.stdout/st.stderr)"
    return out


def item_reach(log_path):
    """Valid item requests (the app's handler ran) and how many found an existing item, per method."""
    found, total = Counter(), Counter()
    statuses = Counter()
    for line in _read(log_path).splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("kind") == "item":
            total[entry["m"]] += 1
            found[entry["m"]] += entry["found"]
        elif entry.get("kind") == "request":
            statuses[str(entry["s"])] += 1
    return {
        "valid_item_requests": sum(total.values()),
        "reached_existing": sum(found.values()),
        "by_method": {method: f"{found[method]}/{total[method]}" for method in sorted(total)},
        "requests": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
    }


def _finding_keys(findings):
    return Counter((f["check"], f["operation"], f.get("status")) for f in findings)


def _cell(findings):
    if not findings:
        return "none"
    keys = _finding_keys(findings)
    return "<br>".join(f"{check} {op} ({status}){' x' + str(n) if n > 1 else ''}" for (check, op, status), n in sorted(keys.items(), key=str))


def _reach(step):
    items = (step or {}).get("items") or {}
    if not items.get("valid_item_requests"):
        return "-"
    return f"{items['reached_existing']}/{items['valid_item_requests']}"


def finding_keys(findings):
    """Each finding as (check, operation, status, message), ids and times in the message masked:
    two runs with one seed against fresh servers find the same causes, with other uuids."""
    mask = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d\d-\d\dT[\d:.]+Z?|\b\d{6,}\b")
    return {(f["check"], f["operation"], f.get("status"), mask.sub("#", f.get("message") or "")) for f in findings}


def same_seed_cell(conform):
    """How the second fuzz run with the same seed compares with the first."""
    first, second = conform.get("fuzz"), conform.get("fuzz-again")
    if not first or not second:
        return "-"
    a, b = finding_keys(first.get("findings", [])), finding_keys(second.get("findings", []))
    if a == b:
        return f"same ({len(a)} distinct)"
    return f"differ: {len(a)} vs {len(b)}, {len(a - b)} only first, {len(b - a)} only second"


def summary_markdown(results, opts):
    lines = [
        "# Conform vs Schemathesis lab",
        "",
        f"conform: `{opts.conform}`; st: `{opts.st}`; seed {opts.seed}; st extra args: `{' '.join(opts.st_args)}`",
        "",
        "Item reach = valid requests to item paths (the app's handler ran) that found an existing item.",
        "",
        "| app / variant | lint | conform run | conform fuzz | schemathesis | time run+fuzz / st (s) | item reach fuzz / st |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for result in results:
        name = f"{result['app']} / {result['variant']}"
        if result.get("error"):
            lines.append(f"| {name} | {result['error']} | | | | | |")
            continue
        conform = result.get("conform", {})
        st = result.get("schemathesis", {})
        lint = conform.get("lint", {})
        lint_cell = f"{lint.get('errors', '?')} err, {lint.get('warnings', '?')} warn" if lint else conform.get("absent", "-")
        run, fuzz = conform.get("run", {}), conform.get("fuzz", {})
        seconds = f"{run.get('seconds', '-')}+{fuzz.get('seconds', '-')} / {st.get('seconds', '-')}"
        lines.append(
            f"| {name} | {lint_cell} | {_cell(run.get('findings', []))} | {_cell(fuzz.get('findings', []))} | "
            f"{st.get('absent') or _cell(st.get('findings', []))} | {seconds} | {_reach(fuzz)} / {_reach(st)} |"
        )
    twice = [result for result in results if result.get("conform", {}).get("fuzz-again")]
    if twice:
        lines += ["", "Same seed, fresh server, conform fuzz twice:", ""]
        lines += [f"- {r['app']} / {r['variant']}: {same_seed_cell(r['conform'])}" for r in twice]
    lines += ["", "Requests: conform fuzz sent / st generated test cases, per variant:", ""]
    for result in results:
        conform = result.get("conform", {})
        st = result.get("schemathesis", {})
        lines.append(
            f"- {result['app']} / {result['variant']}: conform fuzz {conform.get('fuzz', {}).get('requests')} "
            f"({conform.get('fuzz', {}).get('verdict') or conform.get('fuzz', {}).get('note', '')}), "
            f"st {st.get('generated')} test cases, operations tested "
            f"{(st.get('operations') or {}).get('tested')}/{(st.get('operations') or {}).get('total')}"
        )
    kinds = [(r, step, tool) for r in results for tool, step in (
        *(("conform " + c, r.get("conform", {}).get(c)) for c in ("fuzz", "fuzz-again")), ("st", r.get("schemathesis")))
        if ((step or {}).get("items") or {}).get("by_kind")]
    if kinds:
        lines += ["", "Item reads by kind (GETs of item paths that found the item, from the server's access log):", ""]
        lines += [f"- {r['app']} / {tool}: " + ", ".join(f"{kind} {cell}" for kind, cell in step["items"]["by_kind"].items())
                  for r, step, tool in kinds]
    return "\n".join(lines) + "\n"
