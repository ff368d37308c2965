#!/usr/bin/env python3
"""Runs Conform and Schemathesis against real framework apps and their generated descriptions, and
against real servers nobody here wrote (Kinto, Jupyter Server, Prefect: realservers.py).

For each app and variant: start the server on a free loopback port, save its description,
then `conform lint`, `conform run`, `conform fuzz` and `st run` (all phases, stateful included),
each against a freshly started server with its own access log. Writes, under --out:
  <app>/<variant>/description.json, <step>.stdout/.stderr, reports, access-<step>.log
  summary.md and summary.json (findings per tool: check, operation, status; counts; wall time;
  how many valid item requests reached an existing item).

Usage: scripts/lab/run.sh [--conform PATH] [--only books,tasks:idor] [--seed N] [--out DIR]
"""

import argparse
import ast
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import parse_results as parse
import realservers

LAB = Path(__file__).resolve().parent
APPS_DIR = LAB / "apps"
REPO = LAB.parent.parent
TOKEN = "lab-secret-token"


def _variants(module_file):
    """The VARIANTS dict literal of an app module, read without importing it."""
    tree = ast.parse((APPS_DIR / module_file).read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "VARIANTS":
            return list(ast.literal_eval(node.value))
    return ["correct"]


def app_table(bin_dir):
    """Each app: how to start it, where its description is, and the credentials each tool gets."""
    gunicorn = [str(bin_dir / "gunicorn"), "-w", "1", "--threads", "4", "--log-level", "warning", "-b", "127.0.0.1:{port}"]
    return {
        "books": {
            "framework": "FastAPI",
            "cmd": [str(bin_dir / "uvicorn"), "books_fastapi:app", "--host", "127.0.0.1", "--port", "{port}", "--log-level", "warning"],
            "description": "/openapi.json",
            "variants": _variants("books_fastapi.py"),
            "conform_auth": ["--auth", f"HTTPBearer={TOKEN}"],
            "st_auth": ["-H", f"Authorization: Bearer {TOKEN}"],
        },
        "todos": {
            "framework": "FastAPI (paged listing, every operation secured)",
            "cmd": [str(bin_dir / "uvicorn"), "todos_fastapi:app", "--host", "127.0.0.1", "--port", "{port}", "--log-level", "warning"],
            "description": "/openapi.json",
            "variants": _variants("todos_fastapi.py"),
            "conform_auth": ["--auth", f"HTTPBearer={TOKEN}"],
            "st_auth": ["-H", f"Authorization: Bearer {TOKEN}"],
        },
        "tasks": {
            "framework": "Django REST framework + drf-spectacular",
            "cmd": gunicorn + ["tasks_drf:application"],
            "description": "/api/schema/?format=json",
            "variants": _variants("tasks_drf.py"),
            "conform_auth": ["--auth", "basicAuth=alice:alice-pass"],
            "conform_fuzz_auth": ["--auth-other", "basicAuth=bob:bob-pass"],
            "st_config": "tasks",
        },
        "pets": {
            "framework": "APIFlask",
            "cmd": gunicorn + ["pets_apiflask:app"],
            "description": "/openapi.json",
            "variants": _variants("pets_apiflask.py"),
        },
        "restaurant": {
            "framework": "Flask, judged by Conform's own contract (Contracts/restaurant.json)",
            "cmd": gunicorn + ["restaurant_flask:app"],
            "description": "/contract.json",
            "variants": _variants("restaurant_flask.py"),
            "st_skip": "the description is a Conform contract, which Schemathesis does not read",
        },
        "httpbin": {
            "framework": "httpbin (flasgger, Swagger 2.0)",
            "cmd": gunicorn + ["httpbin:app"],
            "description": "/spec.json",
            "variants": ["published"],
        },
        **realservers.real_apps(REPO),
    }


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One app process in its own session, stopped by its own process group id."""

    def __init__(self, app, variant, log_path, work_dir):
        self.port = free_port()
        self.root = f"http://127.0.0.1:{self.port}"
        # The API's base: a real server's may sit under a path (Kinto's /v1, Prefect's /api).
        self.base = self.root + app.get("base", "")
        env = dict(os.environ, LAB_VARIANT=variant, LAB_LOG=str(log_path), LAB_TOKEN=TOKEN,
                   LAB_DB=str(work_dir / f"db-{self.port}.sqlite3"), PYTHONPATH=str(APPS_DIR))
        if app.get("start"):
            cmd, extra = app["start"](app["venv"], work_dir, self.port)
            env.update(extra)
        else:
            cmd = [part.replace("{port}", str(self.port)) for part in app["cmd"]]
        self.stderr = open(work_dir / f"server-{log_path.stem}.stderr", "w")
        self.proc = subprocess.Popen(cmd, cwd=work_dir if app.get("start") else APPS_DIR, env=env,
                                     stdout=self.stderr, stderr=subprocess.STDOUT, start_new_session=True)
        self.description_url = self.root + app["description"]
        self.headers = app.get("fetch_headers", {})
        self.ready_seconds = app.get("ready_seconds", 90)

    def wait(self, seconds=None):
        """Ready once the description answers 200 (a bound port alone may have no worker yet)."""
        import urllib.request

        deadline = time.monotonic() + (seconds or self.ready_seconds)
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                request = urllib.request.Request(self.description_url, headers=self.headers)
                with urllib.request.urlopen(request, timeout=5) as response:
                    if response.status == 200:
                        return True
            except OSError:
                time.sleep(0.3)
        return False

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.stderr.close()


def fetch(url, dest, headers=None):
    """Saves the description as served: JSON pretty-printed, anything else (YAML) as it is."""
    import urllib.request

    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=30) as response:
        data = response.read()
    if dest.suffix == ".json":
        dest.write_text(json.dumps(json.loads(data), indent=2) + "\n")
    else:
        dest.write_bytes(data)


def run_tool(name, cmd, work_dir, timeout, cwd=None):
    """Runs one tool, output to files; returns (exit code or a word, wall seconds)."""
    started = time.monotonic()
    with open(work_dir / f"{name}.stdout", "w") as out, open(work_dir / f"{name}.stderr", "w") as err:
        try:
            code = subprocess.run(cmd, cwd=cwd or work_dir, stdout=out, stderr=err, timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            code = "timeout"
        except OSError as error:
            err.write(f"could not start: {error}\n")
            code = "not-started"
    (work_dir / f"{name}.cmd").write_text(" ".join(cmd) + "\n")
    return code, round(time.monotonic() - started, 2)


def st_config(work_dir):
    """Schemathesis config for the tasks app: alice by default, alice and bob as peers (object-level auth)."""
    import base64

    def basic(user, password):
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        return {"name": user, "fixedHeaders": [{"name": "Authorization", "value": f"Basic {token}"}]}

    wfc = work_dir / "st-wfc.json"
    wfc.write_text(json.dumps({"auth": [basic("alice", "alice-pass"), basic("bob", "bob-pass")]}, indent=2))
    toml = work_dir / "schemathesis.toml"
    toml.write_text(f'[auth.wfc]\npath = "{wfc}"\nuser = "alice"\npeers = ["alice", "bob"]\n')
    return toml


def with_server(app, variant, step, work_dir, action):
    """Starts a fresh server for one step, runs action(server), stops it; returns the action's result."""
    log = work_dir / f"access-{step}.log"
    log.unlink(missing_ok=True)
    server = Server(app, variant, log, work_dir)
    try:
        if not server.wait():
            return {"error": f"server did not start (see server-access-{step}.stderr)"}
        return action(server)
    finally:
        server.stop()


def reach(app, work_dir, step):
    """Item reach of one step: a real server's own access log (its stderr), or the app's log."""
    if app.get("reach"):
        return app["reach"](work_dir / f"server-access-{step}.stderr")
    return parse.item_reach(work_dir / f"access-{step}.log")


def conform_steps(opts, app, variant, work_dir, description, result):
    conform = opts.conform
    if not (conform and os.access(conform, os.X_OK)):
        note = f"conform: absent (looked for {conform!r}; give --conform PATH or CONFORM=PATH)"
        print("  " + note)
        result["conform"] = {"absent": note}
        return
    code, secs = run_tool("conform-lint", [conform, "lint", str(description)], work_dir, 120)
    result["conform"] = {"lint": {"exit": code, "seconds": secs, **parse.conform_lint(work_dir / "conform-lint.stdout", work_dir / "conform-lint.stderr")}}
    for command in ("run", "fuzz", *(["fuzz-again"] if opts.twice else [])):
        step = f"conform-{command}"
        report = work_dir / f"{step}.json"

        def action(server, command=command, step=step, report=report):
            cmd = [conform, command.replace("-again", ""), str(description), "--base-url", server.base,
                   "--seed", str(opts.seed),
                   "--reports-dir", str(work_dir / "conform-reports"), "--json", str(report), *app.get("conform_auth", []),
                   *(app.get("conform_fuzz_auth", []) if command.startswith("fuzz") else [])]
            code, secs = run_tool(step, cmd, work_dir, opts.timeout)
            return {"exit": code, "seconds": secs}

        outcome = with_server(app, variant, step, work_dir, action)
        outcome.update(parse.conform_results(report, work_dir / f"{step}.stdout"))
        outcome["items"] = reach(app, work_dir, step)
        result["conform"][command] = outcome
        print(f"  conform {command}: exit {outcome.get('exit')}, {len(outcome.get('findings', []))} findings, {outcome.get('seconds')} s")


def st_step(opts, app, variant, work_dir, description, result):
    st = opts.st or app.get("st") or opts.default_st
    if app.get("st_skip"):
        note = f"schemathesis: not run ({app['st_skip']})"
        print("  " + note)
        result["schemathesis"] = {"absent": note}
        return
    if not (st and os.access(st, os.X_OK)):
        note = f"schemathesis: absent (looked for {st!r}; run scripts/lab/setup.sh or give --st PATH)"
        print("  " + note)
        result["schemathesis"] = {"absent": note}
        return
    report_dir = work_dir / "st-reports"
    shutil.rmtree(report_dir, ignore_errors=True)

    def action(server):
        cmd = [st]
        if app.get("st_config"):
            cmd += ["--config-file", str(st_config(work_dir))]
        cmd += ["run", str(description), "--url", server.base, "--checks", "all", "--seed", str(opts.seed),
                "--generation-database", "none", "--report", "json,junit", "--report-dir", str(report_dir),
                "--no-color", *app.get("st_auth", []), *opts.st_args]
        # From a directory of its own, so no cache Schemathesis keeps lands in the repository.
        with tempfile.TemporaryDirectory(prefix="lab-st-") as scratch:
            code, secs = run_tool("st", cmd, work_dir, opts.timeout, cwd=scratch)
        return {"exit": code, "seconds": secs}

    outcome = with_server(app, variant, "st", work_dir, action)
    outcome.update(parse.st_results(report_dir))
    outcome["items"] = reach(app, work_dir, "st")
    result["schemathesis"] = outcome
    print(f"  st: exit {outcome.get('exit')}, {len(outcome.get('findings', []))} findings, {outcome.get('seconds')} s")


def run_variant(opts, name, app, variant):
    work_dir = opts.out / name / variant
    work_dir.mkdir(parents=True, exist_ok=True)
    print(f"== {name} / {variant}", flush=True)
    result = {"app": name, "framework": app["framework"], "variant": variant}
    description = work_dir / app.get("description_file", "description.json")
    if app.get("real") and not (app["venv"] / "bin" / "python").exists():
        note = f"absent: no venv at {app['venv']} (run scripts/lab/setup-real.sh {name})"
        print("  " + note)
        result["error"] = note
        return result

    def save(server):
        fetch(server.description_url, description, server.headers)
        return {}

    try:
        outcome = with_server(app, variant, "description", work_dir, save)
    except Exception as error:  # noqa: BLE001 - any failure to fetch is reported, the lab goes on
        outcome = {"error": f"could not fetch the description: {error}"}
    if outcome.get("error"):
        print("  " + outcome["error"])
        result["error"] = outcome["error"]
        return result
    conform_steps(opts, app, variant, work_dir, description, result)
    st_step(opts, app, variant, work_dir, description, result)
    (work_dir / "result.json").write_text(json.dumps(result, indent=2) + "\n")
    return result


def reparse(app, work_dir):
    """A variant's result.json with its findings read again from the tools' files."""
    path = work_dir / "result.json"
    if not path.exists():
        return None
    result = json.loads(path.read_text())
    conform = result.get("conform", {})
    for command in ("run", "fuzz", "fuzz-again"):
        if command in conform:
            conform[command].update(parse.conform_results(work_dir / f"conform-{command}.json", work_dir / f"conform-{command}.stdout"))
            conform[command]["items"] = reach(app, work_dir, f"conform-{command}")
    if "lint" in conform:
        conform["lint"].update(parse.conform_lint(work_dir / "conform-lint.stdout", work_dir / "conform-lint.stderr"))
    st = result.get("schemathesis", {})
    if "exit" in st:
        st.update(parse.st_results(work_dir / "st-reports"))
        st["items"] = reach(app, work_dir, "st")
    path.write_text(json.dumps(result, indent=2) + "\n")
    return result


def selected(apps, only):
    for name, app in apps.items():
        for variant in app["variants"]:
            if not only or name in only or f"{name}:{variant}" in only:
                yield name, app, variant


def main():
    venv_bin = REPO / ".build-lab" / "venv" / "bin"
    default_conform = os.environ.get("CONFORM") or str(REPO / ".build-lab" / "main" / "release" / "conform")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conform", default=default_conform, help=f"conform binary (default: $CONFORM or {default_conform})")
    parser.add_argument("--st", default=None,
                        help="schemathesis' st (default: the lab venv's; a real server's own venv's)")
    parser.add_argument("--only", default="", help="apps or app:variant, comma-separated (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=int, default=900, help="seconds allowed for each tool run")
    parser.add_argument("--st-args", default="", help="extra arguments for st run, e.g. '--max-examples 50'")
    parser.add_argument("--out", type=Path, default=REPO / ".build-lab" / "runs" / time.strftime("%Y%m%d-%H%M%S"))
    parser.add_argument("--list", action="store_true", help="list apps and variants, then stop")
    parser.add_argument("--twice", action="store_true",
                        help="run conform fuzz a second time with the same seed against a fresh server and compare")
    parser.add_argument("--resummarize", action="store_true",
                        help="read the tool outputs already under --out again and rewrite the summaries (runs nothing)")
    opts = parser.parse_args()
    opts.st_args = opts.st_args.split()
    opts.default_st = str(venv_bin / "st")
    # Tools run from the variant's directory: a relative path given here must still name them.
    opts.conform = opts.conform and str(Path(opts.conform).resolve()) if os.sep in (opts.conform or "") else opts.conform
    opts.st = opts.st and str(Path(opts.st).resolve()) if os.sep in (opts.st or "") else opts.st
    opts.out = opts.out.resolve()
    apps = app_table(venv_bin)
    if opts.list:
        for name, app in apps.items():
            print(f"{name} ({app['framework']}): {', '.join(app['variants'])}")
        return 0
    only = {item.strip() for item in opts.only.split(",") if item.strip()}
    if not (venv_bin / "python").exists():
        # The framework apps run in the lab venv; the real servers each in their own.
        frameworks = [name for name, app, _ in selected(apps, only) if not app.get("real")]
        if frameworks:
            print(f"the lab venv is missing ({venv_bin}); run scripts/lab/setup.sh first "
                  f"(needed by {', '.join(sorted(set(frameworks)))})", file=sys.stderr)
            return 2
    opts.out.mkdir(parents=True, exist_ok=True)
    if opts.resummarize:
        results = [reparse(app, opts.out / name / variant) for name, app, variant in selected(apps, only)]
        results = [result for result in results if result]
    else:
        results = [run_variant(opts, name, app, variant) for name, app, variant in selected(apps, only)]
    (opts.out / "summary.json").write_text(json.dumps(results, indent=2) + "\n")
    (opts.out / "summary.md").write_text(parse.summary_markdown(results, opts))
    print(f"summary: {opts.out / 'summary.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
