"""Real servers nobody here wrote, installed from PyPI, each in its own venv (their dependencies
conflict): Kinto, Jupyter Server and Prefect's server, each serving the description it publishes.

Each entry of `real_apps()` says how lab.py starts the server (a command and an environment under
the variant's work directory), where its description and API live, and the credentials each tool
gets. A server whose venv is missing is reported absent by lab.py (run scripts/lab/setup-real.sh).
"""

import os
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
        "PREFECT_SERVER_LOGGING_LEVEL": "WARNING",
    }
    return [str(venv / "bin" / "prefect"), "server", "start", "--host", "127.0.0.1", "--port", str(port)], env


def real_apps(repo):
    """The real servers' lab entries, keyed by name."""
    def entry(name, **fields):
        venv = venv_dir(repo, name)
        fields.update(venv=venv, st=str(venv / "bin" / "st"), variants=["published"], real=True)
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
