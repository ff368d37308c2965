"""APIFlask "pets"; the description is APIFlask's own /openapi.json.

Run: LAB_VARIANT=<variant> gunicorn pets_apiflask:app -b 127.0.0.1:N --threads 4
"""

import struct
import threading
import zlib

from apiflask import APIFlask, HTTPError, Schema
from apiflask.fields import Integer, List, Nested, String
from apiflask.validators import Length, OneOf, Range
from flask import Response, request
from marshmallow import EXCLUDE

import labcommon as lab

VARIANTS = {
    "correct": "as documented",
    "benign": "correct but unusual: 201 with an empty body and a Location, X-Total-Count, HEAD",
    "use_after_free": "DELETE answers 204 and the pet stays in the listing",
    "not_readable": "a created pet is listed but GET /pets/{id} answers 404 (stored under a text key)",
    "update_noop": "PUT and PATCH answer 200 with the new pet and store nothing",
    "ignores_limit": "GET /pets ignores limit",
    "broken_link": "photo_url points at a path that answers 404",
}
BENIGN = lab.variant_in("benign")
SPECIES = ["cat", "dog", "bird", "fish"]

app = APIFlask(__name__, title="Pets", version="1.0.0")
app.config["SYNC_LOCAL_SPEC"] = False
_lock = threading.Lock()
_pets: dict = {}
_next = {"id": 1}


class WholeNumber(Integer):
    """An integer as JSON Schema means it: 3 and 3.0, never "3" or true (marshmallow's strict mode
    would refuse 3.0, its lax mode would take "3")."""

    def _validated(self, value):
        if isinstance(value, (str, bool)) or (isinstance(value, float) and not value.is_integer()):
            raise self.make_error("invalid")
        return super()._validated(value)


class PetIn(Schema):
    class Meta:
        unknown = EXCLUDE

    name = String(required=True, validate=Length(1, 50))
    species = String(required=True, validate=OneOf(SPECIES))
    age = WholeNumber(validate=Range(0, 40), load_default=0)


class PetOut(Schema):
    id = Integer()
    name = String()
    species = String()
    age = Integer()
    photo_url = String()


class PetList(Schema):
    pets = List(Nested(PetOut))
    total = Integer()


class ListQuery(Schema):
    limit = Integer(load_default=20, validate=Range(1, 100))
    species = String(validate=OneOf(SPECIES))


class LocationHeader(Schema):
    location = String(data_key="Location", metadata={"description": "Path of the new pet"})


@app.after_request
def access_log(response):
    lab.log_request(request.method, request.path, request.query_string.decode("latin-1"), response.status_code)
    if BENIGN and request.path == "/pets" and request.method == "GET":
        response.headers["X-Total-Count"] = str(len(_pets))
    return response


def _public(pet):
    photo = f"/photos/{pet['id']}" if lab.variant_in("broken_link") else f"/pets/{pet['id']}/photo"
    return dict(pet, photo_url=photo)


def _store(fields):
    with _lock:
        pet_id = _next["id"]
        _next["id"] += 1
        pet = dict(fields, id=pet_id)
        key = str(pet_id) if lab.variant_in("not_readable") and pet_id > 3 else pet_id
        _pets[key] = pet
    return pet


for _seed in ({"name": "Tom", "species": "cat", "age": 3}, {"name": "Rex", "species": "dog", "age": 5}, {"name": "Tweety", "species": "bird", "age": 1}):
    _store(_seed)


def _find(route, pet_id):
    pet = _pets.get(pet_id)
    lab.log_item(route, request.method, pet_id, pet is not None)
    if pet is None:
        raise HTTPError(404, message="No such pet")
    return pet


@app.get("/pets")
@app.input(ListQuery, location="query")
@app.output(PetList)
def list_pets(query_data):
    pets = [p for p in _pets.values() if query_data.get("species") in (None, p["species"])]
    total = len(pets)
    if not lab.variant_in("ignores_limit"):
        pets = pets[: query_data["limit"]]
    return {"pets": [_public(p) for p in pets], "total": total}


if BENIGN:

    @app.post("/pets")
    @app.input(PetIn)
    @app.doc(responses={201: {"description": "Created; the new pet is at Location", "headers": {"Location": {"schema": {"type": "string"}}}}})
    def create_pet(json_data):
        pet = _store(json_data)
        created = Response(status=201, headers={"Location": f"/pets/{pet['id']}"})
        del created.headers["Content-Type"]
        return created

else:

    @app.post("/pets")
    @app.input(PetIn)
    @app.output(PetOut, status_code=201, headers=LocationHeader)
    def create_pet(json_data):
        pet = _store(json_data)
        return _public(pet), 201, {"Location": f"/pets/{pet['id']}"}


@app.get("/pets/<int:pet_id>")
@app.output(PetOut)
def get_pet(pet_id):
    return _public(_find("/pets/{pet_id}", pet_id))


@app.put("/pets/<int:pet_id>")
@app.input(PetIn)
@app.output(PetOut)
def replace_pet(pet_id, json_data):
    _find("/pets/{pet_id}", pet_id)
    pet = dict(json_data, id=pet_id)
    if not lab.variant_in("update_noop"):
        _pets[pet_id] = pet
    return _public(pet)


@app.patch("/pets/<int:pet_id>")
@app.input(PetIn(partial=True))
@app.output(PetOut)
def update_pet(pet_id, json_data):
    pet = dict(_find("/pets/{pet_id}", pet_id))
    pet.update(json_data)
    if not lab.variant_in("update_noop"):
        _pets[pet_id] = pet
    return _public(pet)


@app.delete("/pets/<int:pet_id>")
@app.output({}, status_code=204)
def delete_pet(pet_id):
    _find("/pets/{pet_id}", pet_id)
    if not lab.variant_in("use_after_free"):
        _pets.pop(pet_id, None)
    return ""


def _png(seed):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixel = zlib.compress(bytes([0, seed % 256, 120, 40]))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixel) + chunk(b"IEND", b"")


@app.get("/pets/<int:pet_id>/photo")
@app.output({}, content_type="image/png", description="The pet's photo")
def get_photo(pet_id):
    _find("/pets/{pet_id}/photo", pet_id)
    return Response(_png(pet_id), status=200, content_type="image/png")
