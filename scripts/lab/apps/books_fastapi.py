"""FastAPI "books" with nested reviews; the description is FastAPI's own /openapi.json.

Run: LAB_VARIANT=<variant> uvicorn books_fastapi:app --port N
Variants (LAB_VARIANT): see VARIANTS below.
"""

import struct
import threading
import zlib
from enum import Enum
from typing import Annotated, Optional

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

import labcommon as lab

VARIANTS = {
    "correct": "as documented",
    "benign": "correct but unusual: extra response fields, 201 without body on reviews, ETag, newest first",
    "use_after_free": "DELETE answers 204 and leaves the book readable, listed and updatable",
    "not_readable": "POST answers 201 with an id that was never stored",
    "update_noop": "PUT and PATCH answer 200 with the new book and store nothing",
    "ignored_auth": "POST /books accepts a missing or wrong bearer token",
    "ignores_limit": "GET /books ignores limit",
    "broken_link": "image_url points at a path that answers 404",
    "crash_at_limit": "GET /books?limit=100 (the declared maximum) answers 500",
    "lax_coercion": "bodies accept strings for integers (pydantic's lax mode)",
    "rating_range": "a review rating outside 1..5 is accepted (documented, not enforced)",
}
BENIGN = lab.variant_in("benign")


def _no_text_for_numbers(value):
    if isinstance(value, (str, bool)):
        raise ValueError("must be a JSON integer")
    return value


Int = int if lab.variant_in("lax_coercion") else Annotated[int, BeforeValidator(_no_text_for_numbers)]


class Genre(str, Enum):
    fiction = "fiction"
    history = "history"
    science = "science"
    poetry = "poetry"


class Message(BaseModel):
    detail: str


class BookIn(BaseModel):
    title: str = Field(min_length=1, max_length=200)
    author: str = Field(min_length=1, max_length=100)
    year: Int = Field(ge=1450, le=2100)
    genre: Genre


class BookPatch(BaseModel):
    title: str = Field(default=None, min_length=1, max_length=200)
    author: str = Field(default=None, min_length=1, max_length=100)
    year: Int = Field(default=None, ge=1450, le=2100)
    genre: Genre = None


class Book(BookIn):
    model_config = ConfigDict(extra="allow" if BENIGN else "ignore")
    id: int
    image_url: str


if lab.variant_in("rating_range"):
    RATING = {"json_schema_extra": {"minimum": 1, "maximum": 5}}
else:
    RATING = {"ge": 1, "le": 5}


class ReviewIn(BaseModel):
    rating: Int = Field(**RATING)
    comment: Optional[str] = Field(default=None, max_length=500)


class Review(ReviewIn):
    id: int
    book_id: int


app = FastAPI(title="Books", version="1.0.0")
_lock = threading.Lock()
_books: dict[int, dict] = {}
_reviews: dict[int, list[dict]] = {}
_next = {"book": 1, "review": 1}
NOT_FOUND = {404: {"model": Message, "description": "No such book"}}


@app.middleware("http")
async def access_log(request: Request, call_next):
    response = await call_next(request)
    lab.log_request(request.method, request.url.path, request.url.query, response.status_code)
    return response


def _image_url(book_id: int) -> str:
    return f"/images/{book_id}" if lab.variant_in("broken_link") else f"/covers/{book_id}"


def _public(book: dict) -> dict:
    shown = dict(book, image_url=_image_url(book["id"]))
    if BENIGN:
        shown["slug"] = book["title"].lower().replace(" ", "-")
    return shown


def _store(fields: dict) -> dict:
    with _lock:
        book_id = _next["book"]
        _next["book"] += 1
        book = dict(fields, id=book_id)
        if not lab.variant_in("not_readable"):
            _books[book_id] = book
            _reviews[book_id] = []
    return book


for _seed in (
    {"title": "Dune", "author": "Frank Herbert", "year": 1965, "genre": "fiction"},
    {"title": "SPQR", "author": "Mary Beard", "year": 2015, "genre": "history"},
    {"title": "Cosmos", "author": "Carl Sagan", "year": 1980, "genre": "science"},
):
    _store(_seed)


def _find(route: str, method: str, book_id: int) -> dict:
    book = _books.get(book_id)
    lab.log_item(route, method, book_id, book is not None)
    if book is None:
        raise HTTPException(status_code=404, detail="No such book")
    return book


def require_token(authorization: Annotated[Optional[str], Header(include_in_schema=False)] = None):
    if lab.variant_in("ignored_auth"):
        return
    if authorization != f"Bearer {lab.TOKEN}":
        raise HTTPException(status_code=401, detail="Not authenticated", headers={"WWW-Authenticate": "Bearer"})


def _security_scheme():
    from fastapi.security import HTTPBearer

    return HTTPBearer(auto_error=False)


_bearer = _security_scheme()


class Stats(BaseModel):
    books: int
    reviews: int


def _strict_bearer():
    from fastapi.security import HTTPBearer

    return HTTPBearer()


_required_bearer = _strict_bearer()


def require_valid_token(credentials=Depends(_required_bearer)):
    if credentials.credentials != lab.TOKEN:
        raise HTTPException(status_code=401, detail="Wrong token", headers={"WWW-Authenticate": "Bearer"})


@app.get("/stats", response_model=Stats, dependencies=[Depends(require_valid_token)])
def library_stats():
    """A secured read: FastAPI's HTTPBearer answers 401 without a token, which it does not declare."""
    with _lock:
        return {"books": len(_books), "reviews": sum(len(r) for r in _reviews.values())}


@app.get("/books", response_model=list[Book])
def list_books(
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    author: Optional[str] = None,
    genre: Optional[Genre] = None,
):
    books = [b for b in _books.values() if (author is None or b["author"] == author) and (genre is None or b["genre"] == genre)]
    if BENIGN:
        books.reverse()
    if lab.variant_in("crash_at_limit") and limit == 100:
        return [books[limit - 1]]  # off by one: IndexError, 500
    if not lab.variant_in("ignores_limit"):
        books = books[:limit]
    return [_public(b) for b in books]


@app.post(
    "/books",
    response_model=Book,
    status_code=201,
    responses={
        201: {"headers": {"Location": {"description": "Path of the new book", "schema": {"type": "string"}}}},
        401: {"model": Message, "description": "Missing or wrong token"},
    },
)
def create_book(book: BookIn, response: Response, _cred=Depends(_bearer), _auth=Depends(require_token)):
    stored = _store(book.model_dump(mode="json"))
    response.headers["Location"] = f"/books/{stored['id']}"
    return _public(stored)


@app.get("/books/{book_id}", response_model=Book, responses=NOT_FOUND)
def get_book(book_id: int, response: Response):
    book = _find("/books/{book_id}", "GET", book_id)
    if BENIGN:
        response.headers["ETag"] = f'"{hash(tuple(sorted(book.items())))}"'
    return _public(book)


@app.put("/books/{book_id}", response_model=Book, responses=NOT_FOUND)
def replace_book(book_id: int, book: BookIn):
    _find("/books/{book_id}", "PUT", book_id)
    replaced = dict(book.model_dump(mode="json"), id=book_id)
    if not lab.variant_in("update_noop"):
        _books[book_id] = replaced
    return _public(replaced)


@app.patch("/books/{book_id}", response_model=Book, responses=NOT_FOUND)
def update_book(book_id: int, patch: BookPatch):
    current = _find("/books/{book_id}", "PATCH", book_id)
    merged = dict(current, **patch.model_dump(mode="json", exclude_unset=True))
    if not lab.variant_in("update_noop"):
        _books[book_id] = merged
    return _public(merged)


@app.delete("/books/{book_id}", status_code=204, responses=NOT_FOUND)
def delete_book(book_id: int):
    _find("/books/{book_id}", "DELETE", book_id)
    if not lab.variant_in("use_after_free"):
        _books.pop(book_id, None)
    return Response(status_code=204)


@app.get("/books/{book_id}/reviews", response_model=list[Review], responses=NOT_FOUND)
def list_reviews(book_id: int):
    _find("/books/{book_id}/reviews", "GET", book_id)
    return _reviews.get(book_id, [])


_REVIEW_CREATED = {
    "description": "The review was stored",
    "headers": {"Location": {"description": "Path of the book's reviews", "schema": {"type": "string"}}},
}


@app.post(
    "/books/{book_id}/reviews",
    status_code=201,
    response_model=None if BENIGN else Review,
    response_class=Response if BENIGN else JSONResponse,
    responses={201: _REVIEW_CREATED if BENIGN else {"headers": _REVIEW_CREATED["headers"]}, **NOT_FOUND},
)
def create_review(book_id: int, review: ReviewIn, response: Response):
    _find("/books/{book_id}/reviews", "POST", book_id)
    with _lock:
        stored = dict(review.model_dump(mode="json"), id=_next["review"], book_id=book_id)
        _next["review"] += 1
        _reviews.setdefault(book_id, []).append(stored)
    location = f"/books/{book_id}/reviews"
    if BENIGN:
        return Response(status_code=201, headers={"Location": location})
    response.headers["Location"] = location
    return stored


def _png(seed: int) -> bytes:
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixel = zlib.compress(bytes([0, seed % 256, 80, 160]))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixel) + chunk(b"IEND", b"")


@app.get(
    "/covers/{book_id}",
    response_class=Response,
    responses={200: {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}, "description": "The cover"}, **NOT_FOUND},
)
def get_cover(book_id: int):
    _find("/covers/{book_id}", "GET", book_id)
    return Response(content=_png(book_id), media_type="image/png")
