"""Real servers nobody here wrote, installed from PyPI, each in its own venv (their dependencies
conflict): Kinto, Jupyter Server and Prefect's server, each serving the description it publishes.

Each entry of `real_apps()` says how lab.py starts the server (a command and an environment under
the variant's work directory), where its description and API live, and the credentials each tool
gets. A server whose venv is missing is reported absent by lab.py (run scripts/lab/setup-real.sh).
"""

import os
import re
from collections import Counter
from pathlib import Path

LAB = Path(__file__).resolve().parent
TOKEN = "lab-secret-token"
BASIC_USER = "alice:alice-pass"


def venv_dir(repo, name):
    return repo / ".build-lab" / "real" / name


def _kinto(venv, work, port):
    ini = work / f"kinto-{port}.ini"
    ini.write_text((LAB / "real" / "kinto.ini").read_text())
    return [str(venv / "bin" / "kinto"), "start", "--ini", str(ini), "--port", str(port)], {}


def _jupyter(venv, work, port):
    home = work / f"jupyter-{port}"
    (home / "root").mkdir(parents=True, exist_ok=True)
    env = {
        "HOME": str(home), "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_PLATFORM_DIRS": "1",
    }
    cmd = [
        str(venv / "bin" / "jupyter-server"), "--no-browser", "--ServerApp.ip=127.0.0.1", f"--port={port}",
        # Debug level: Jupyter logs its 2xx answers only there, and item reach reads them.
        "--ServerApp.log_level=DEBUG",
        "--ServerApp.port_retries=0", f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={home / 'root'}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return cmd, env


def _prefect(venv, work, port):
    home = work / f"prefect-{port}"
    home.mkdir(parents=True, exist_ok=True)
    env = {
        "PREFECT_HOME": str(home), "PREFECT_UI_ENABLED": "false", "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        # Info level: uvicorn's access log, which item reach reads.
        "PREFECT_SERVER_LOGGING_LEVEL": "INFO",
    }
    return [str(venv / "bin" / "prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(port)], env


# Each server's access lines in its stderr (method, path, status), and its item paths by kind.
ACCESS = {
    "kinto": re.compile(r"^ACCESS (\S+) (\S+) (\d{3})$"),
    # The access line ("… (user@ip) 1.2ms"), not Tornado's error line for the same request.
    "jupyter": re.compile(r"\b(\d{3}) ([A-Z]+) (/\S*) \([^()]*@[^()]*\) [\d.]+ms"),
    "prefect": re.compile(r'"([A-Z]+) (\S+) HTTP/[\d.]+" (\d{3})'),
}
ITEMS = {
    "kinto": [
        ("record", r"^/v1/buckets/[^/]+/collections/[^/]+/records/[^/]+$"),
        ("collection", r"^/v1/buckets/[^/]+/collections/[^/]+$"),
        ("group", r"^/v1/buckets/[^/]+/groups/[^/]+$"),
        ("bucket", r"^/v1/buckets/[^/]+$"),
    ],
    "jupyter": [
        ("file", r"^/api/contents/.+$"), ("session", r"^/api/sessions/[^/]+$"), ("kernel", r"^/api/kernels/[^/]+$"),
        ("terminal", r"^/api/terminals/[^/]+$"),
    ],
    "prefect": [("item", r"^/api/[a-z_]+/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")],
}


def access_lines(name, stderr_text):
    """(method, path without its query, status) for each request the server logged."""
    for line in stderr_text.splitlines():
        match = ACCESS[name].search(line)
        if not match:
            continue
        if name == "jupyter":
            status, method, path = match.groups()
        else:
            method, path, status = match.groups()
        yield method, path.split("?")[0], int(status)


def item_reach(name, stderr_path):
    """Reads of items (GET on an item path, answered anything but 400 or 422, which refuse the request
    itself, or 401, the credentials probes): how many found an existing item (2xx, 304, or 412, a
    precondition that failed on an item that exists), per kind, from the server's own access log."""
    path = Path(stderr_path)
    text = path.read_text(errors="replace") if path.exists() else ""
    found, total, statuses = Counter(), Counter(), Counter()
    for method, url_path, status in access_lines(name, text):
        statuses[str(status)] += 1
        kind = next((kind for kind, pattern in ITEMS[name] if re.match(pattern, url_path)), None)
        if kind is None or method != "GET" or status in (400, 401, 422):
            continue
        total[kind] += 1
        found[kind] += 200 <= status < 300 or status in (304, 412)
    return {
        "valid_item_requests": sum(total.values()),
        "reached_existing": sum(found.values()),
        "by_kind": {kind: f"{found[kind]}/{total[kind]}" for kind in sorted(total)},
        "requests": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
    }


def real_apps(repo):
    """The real servers' lab entries, keyed by name."""
    def entry(name, **fields):
        venv = venv_dir(repo, name)
        fields.update(venv=venv, st=str(venv / "bin" / "st"), variants=["published"], real=True,
                      reach=lambda stderr_path: item_reach(name, stderr_path))
        return fields

    basic = BASIC_USER
    return {
        "kinto": entry(
            "kinto", framework="Kinto 26.5 (Pyramid, Swagger 2.0, Basic auth)", start=_kinto,
            description="/v1/__api__", base="/v1", description_file="description.json",
            conform_auth=["--auth", f"basicauth={basic}"], st_auth=["--auth", basic]),
        "jupyter": entry(
            "jupyter", framework="Jupyter Server 2.21 (Tornado, Swagger 2.0 in YAML, token auth)", start=_jupyter,
            description="/api/spec.yaml", base="", description_file="description.yaml",
            fetch_headers={"Authorization": f"token {TOKEN}"},
            conform_auth=["--header", f"Authorization: token {TOKEN}"],
            st_auth=["-H", f"Authorization: token {TOKEN}"]),
        "prefect": entry(
            "prefect", framework="Prefect 3.9 server (FastAPI + SQLite, OpenAPI 3.1)", start=_prefect,
            description="/api/openapi.json", base="/api", description_file="description.json", ready_seconds=180),
    }
