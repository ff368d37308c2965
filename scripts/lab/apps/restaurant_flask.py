"""The Restaurant API as a plain Flask server, judged by the contract Conform ships.

Its description is Contracts/restaurant.json itself (served at /contract.json): the contract is
the source of truth here, not a framework's output. Schemathesis cannot read the contract format,
so the lab runs only Conform on this app. Each seeded variant breaks one promise of the contract
the way real servers do; "correct" keeps every one.
"""

import base64
import json
import os
import re
from pathlib import Path

from flask import Flask, Response, request

import labcommon as lab

VARIANTS = {
    "correct": "as the contract says",
    "unknown_category_500": "GET /menu?category= a category that does not exist answers 500",
    "later_image_404": "the images of items after the first three answer 404",
    "unknown_ids_accepted": "POST /order with ids of no menu item answers 200",
    "ignores_filter": "GET /menu ignores category",
    "accepts_invalid_order": "POST /order with a body that breaks its schema answers 200",
    "wrong_type": "preparation_time is a string",
    "missing_key": "menu items come without their description",
    "html_404": "an unknown image answers 404 as text/html",
    "crash_on_malformed": "POST /order with a body that is not JSON answers 500",
}

CONTRACT = Path(__file__).resolve().parents[3] / "Contracts" / "restaurant.json"
_contract = json.loads(CONTRACT.read_text())
_menu_example = next(e for e in _contract["endpoints"] if e["id"] == "listMenu")["responses"]["200"]["example"]
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)

# The smallest JPEG a decoder reads: start of image, a comment, end of image.
JPEG = bytes([0xFF, 0xD8, 0xFF, 0xFE, 0x00, 0x04, 0x6C, 0x62, 0xFF, 0xD9])

IMAGE_NAME = re.compile(r"[A-Za-z0-9_.-]+\.(png|jpg|jpeg)")

app = Flask(__name__)


def _items():
    """The menu, with image URLs on this server."""
    base = request.host_url.rstrip("/")
    items = []
    for item in _menu_example["items"]:
        item = dict(item)
        item["image_url"] = item["image_url"].replace("{{baseURL}}", base)
        if lab.variant_in("missing_key"):
            item.pop("description", None)
        items.append(item)
    return items


def _json(value, status=200):
    return Response(json.dumps(value), status=status, mimetype="application/json")


def _error(message, status):
    return _json({"error": message}, status)


@app.after_request
def _log(response):
    lab.log_request(request.method, request.path, request.query_string.decode(), response.status_code)
    return response


@app.get("/contract.json")
def contract():
    return Response(CONTRACT.read_bytes(), mimetype="application/json")


@app.get("/categories")
def categories():
    seen = []
    for item in _items():
        if item["category"] not in seen:
            seen.append(item["category"])
    return _json({"categories": seen})


@app.get("/menu")
def menu():
    items = _items()
    category = request.args.get("category")
    if category is not None and not lab.variant_in("ignores_filter"):
        if lab.variant_in("unknown_category_500") and category not in {i["category"] for i in items}:
            raise KeyError(category)
        items = [i for i in items if i["category"] == category]
    return _json({"items": items})


@app.get("/images/<path:name>")
def image(name):
    ids = {i["image_url"].rsplit("/", 1)[-1]: i["id"] for i in _menu_example["items"]}
    found = name in ids and not (lab.variant_in("later_image_404") and ids[name] > 3)
    if IMAGE_NAME.fullmatch(name):  # a valid request by the contract: count whether it reached an image
        lab.log_item("/images/{file}", "GET", name, found)
    if not found:
        if lab.variant_in("html_404"):
            return Response("<h1>Not Found</h1>", status=404, mimetype="text/html")
        return _error(f"no image named {name}", 404)
    if name.endswith((".jpg", ".jpeg")):
        return Response(JPEG, mimetype="image/jpeg")
    return Response(PNG, mimetype="image/png")


def _order_problem(body):
    """What makes an order body invalid by the contract, or None."""
    if not isinstance(body, dict):
        return "the body must be an object"
    if set(body) - {"menuIds"}:
        return "unknown member"
    ids = body.get("menuIds")
    if not isinstance(ids, list) or not ids:
        return "menuIds must be a non-empty array"
    if any(not isinstance(i, int) or isinstance(i, bool) or i < 1 for i in ids):
        return "menuIds must hold integers from 1"
    return None


@app.post("/order")
def order():
    if request.mimetype != "application/json":
        return _error("the body must be application/json", 400)
    try:
        body = json.loads(request.get_data() or b"")
    except ValueError:
        if lab.variant_in("crash_on_malformed"):
            raise
        return _error("the body is not JSON", 400)
    problem = _order_problem(body)
    if problem and not lab.variant_in("accepts_invalid_order"):
        return _error(problem, 400)
    known = {i["id"] for i in _menu_example["items"]}
    ids = body.get("menuIds") if isinstance(body, dict) and isinstance(body.get("menuIds"), list) else []
    if any(i not in known for i in ids) and not lab.variant_in("unknown_ids_accepted", "accepts_invalid_order"):
        return _error("no menu item has one of these ids", 400)
    minutes = 5 * max(1, len(ids))
    return _json({"preparation_time": str(minutes) if lab.variant_in("wrong_type") else minutes})


if __name__ == "__main__":
    app.run(port=int(os.environ.get("PORT", "8000")))
