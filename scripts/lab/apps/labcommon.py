"""What every lab app shares: its variant, its credentials and its access log.

Each app reads LAB_VARIANT (default "correct") to pick a seeded bug, and writes
one JSON line per request to LAB_LOG (when set): the method, path, query and
status, and, from the handlers of item paths, whether the item existed. The
driver counts from that log how many valid item requests reached a live item.
"""

import json
import os
import threading
import time

VARIANT = os.environ.get("LAB_VARIANT", "correct")
TOKEN = os.environ.get("LAB_TOKEN", "lab-secret-token")
USERS = {"alice": "alice-pass", "bob": "bob-pass"}

_lock = threading.Lock()
_path = os.environ.get("LAB_LOG")
_file = open(_path, "a", buffering=1) if _path else None


def variant_in(*names):
    """True when the running variant is one of names."""
    return VARIANT in names


def log(**fields):
    """Appends one JSON line to the access log (no-op without LAB_LOG)."""
    if _file is None:
        return
    fields["t"] = round(time.time(), 3)
    line = json.dumps(fields, separators=(",", ":"))
    with _lock:
        _file.write(line + "\n")


def log_request(method, path, query, status):
    log(kind="request", m=method, p=path, q=query, s=status)


def log_item(route, method, item_id, found):
    """Called by a handler of an item path once the framework validated the
    request: this is a valid request, and found says whether it reached an item."""
    log(kind="item", route=route, m=method, id=str(item_id), found=bool(found))
