"""FastAPI "todos": a paged CRUD API behind a bearer token, with the state bugs of issue #34.

Run: LAB_VARIANT=<variant> uvicorn todos_fastapi:app --port N
Every operation needs `Authorization: Bearer <LAB_TOKEN>` and declares its 401. The listing is
a page: {"items": [...], "total": N, "limit": L, "offset": O}. Variants (LAB_VARIANT): see
VARIANTS below; the *_links ones publish OpenAPI links from the create to the item operations.
"""

import datetime
import threading
from enum import Enum
from typing import Annotated, Optional

from fastapi import Depends, FastAPI, HTTPException, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, EmailStr, Field

import labcommon as lab

VARIANTS = {
    "correct": "as documented",
    "correct_links": "as documented, with OpenAPI links from the create to the item operations",
    "benign": "correct but unusual: newest first, extra fields, ETag, e-mail stored lowercased, tags sorted",
    "benign_links": "the benign variant with OpenAPI links",
    "patch_resets": "PATCH resets every field it was not sent to its default",
    "title_lowercased": "the title is stored lowercased",
    "newest_unlisted": "the listing leaves out the newest todo (its total counts it)",
    "total_counts_deleted": "the listing's total counts deleted todos too",
    "delete_without_auth": "DELETE is served without credentials",
    "change_without_auth": "PUT and PATCH are served without credentials",
    "use_after_free": "DELETE answers 204 and leaves the todo readable",
    "create_ignores_priority": "POST stores the default priority whatever it was sent",
    "due_shifted": "the due date is stored one day early",
    "patch_noop": "PATCH answers 200 with the change and stores nothing",
}
BENIGN = lab.variant_in("benign", "benign_links")
LINKS = lab.variant_in("correct_links", "benign_links")


class Priority(str, Enum):
    low = "low"
    medium = "medium"
    high = "high"


class Message(BaseModel):
    detail: str


class TodoIn(BaseModel):
    title: str = Field(min_length=1, max_length=100)
    done: bool = False
    priority: Priority = Priority.low
    due: Optional[datetime.date] = None
    contact: Optional[EmailStr] = None
    tags: list[Annotated[str, Field(min_length=1, max_length=20)]] = Field(default=[], max_length=5)


class TodoPatch(BaseModel):
    title: Optional[str] = Field(default=None, min_length=1, max_length=100)
    done: Optional[bool] = None
    priority: Optional[Priority] = None
    due: Optional[datetime.date] = None
    contact: Optional[EmailStr] = None
    tags: Optional[list[Annotated[str, Field(min_length=1, max_length=20)]]] = Field(default=None, max_length=5)


class Todo(TodoIn):
    model_config = ConfigDict(extra="allow" if BENIGN else "ignore")
    id: int


class Page(BaseModel):
    items: list[Todo]
    total: int
    limit: int
    offset: int


DEFAULTS = {"done": False, "priority": "low", "due": None, "contact": None, "tags": []}
app = FastAPI(title="Todos", version="1.0.0")
_lock = threading.Lock()
_todos: dict[int, dict] = {}
_deleted: set[int] = set()
_next = {"id": 1}
_bearer = HTTPBearer(auto_error=False)
UNAUTHORIZED = {401: {"model": Message, "description": "Missing or wrong token"}}
NOT_FOUND = {404: {"model": Message, "description": "No such todo"}, **UNAUTHORIZED}


@app.middleware("http")
async def access_log(request: Request, call_next):
    response = await call_next(request)
    lab.log_request(request.method, request.url.path, request.url.query, response.status_code)
    return response


def _authorized(credentials: Optional[HTTPAuthorizationCredentials]) -> bool:
    return credentials is not None and credentials.credentials == lab.TOKEN


def _require(credentials, waived=False):
    if not waived and not _authorized(credentials):
        raise HTTPException(status_code=401, detail="Not authenticated", headers={"WWW-Authenticate": "Bearer"})


def _stored(fields: dict) -> dict:
    fields = dict(fields)
    if lab.variant_in("title_lowercased") and fields.get("title"):
        fields["title"] = fields["title"].lower()
    if lab.variant_in("due_shifted") and fields.get("due"):
        fields["due"] = (datetime.date.fromisoformat(fields["due"]) - datetime.timedelta(days=1)).isoformat()
    if BENIGN:
        if fields.get("contact"):
            fields["contact"] = fields["contact"].lower()
        if fields.get("tags"):
            fields["tags"] = sorted(fields["tags"])
    return fields


def _public(todo: dict) -> dict:
    shown = dict(todo)
    if BENIGN:
        shown["slug"] = "todo-" + str(todo["id"])
    return shown


def _find(method: str, todo_id: int) -> dict:
    todo = _todos.get(todo_id)
    gone = todo_id in _deleted and not lab.variant_in("use_after_free")
    lab.log_item("/todos/{todo_id}", method, todo_id, todo is not None and not gone)
    if todo is None or gone or (todo_id in _deleted and method != "GET"):
        raise HTTPException(status_code=404, detail="No such todo")
    return todo


def _links(*operations):
    if not LINKS:
        return {}
    return {
        "links": {
            operation: {"operationId": operation, "parameters": {"todo_id": "$response.body#/id"}}
            for operation in operations
        }
    }


@app.get("/todos", response_model=Page, responses=UNAUTHORIZED)
def list_todos(
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0)] = 0,
    credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer),
):
    _require(credentials)
    with _lock:
        live = [todo for key, todo in sorted(_todos.items()) if key not in _deleted]
        total = len(live) + (len(_deleted) if lab.variant_in("total_counts_deleted") else 0)
        if lab.variant_in("newest_unlisted") and live:
            live = live[:-1]
    if BENIGN:
        live.reverse()
    return {"items": [_public(t) for t in live[offset : offset + limit]], "total": total, "limit": limit, "offset": offset}


@app.post(
    "/todos",
    response_model=Todo,
    status_code=201,
    responses={201: {"description": "The stored todo", **_links("get_todo", "replace_todo", "update_todo", "delete_todo")}, **UNAUTHORIZED},
)
def create_todo(todo: TodoIn, response: Response, credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer)):
    _require(credentials)
    fields = todo.model_dump(mode="json")
    if lab.variant_in("create_ignores_priority"):
        fields["priority"] = DEFAULTS["priority"]
    with _lock:
        todo_id = _next["id"]
        _next["id"] += 1
        stored = dict(_stored(fields), id=todo_id)
        _todos[todo_id] = stored
    response.headers["Location"] = f"/todos/{todo_id}"
    return _public(stored)


@app.get("/todos/{todo_id}", response_model=Todo, responses=NOT_FOUND, operation_id="get_todo")
def get_todo(todo_id: int, response: Response, credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer)):
    _require(credentials)
    todo = _find("GET", todo_id)
    if BENIGN:
        response.headers["ETag"] = f'"{todo_id}-{len(str(todo))}"'
    return _public(todo)


@app.put("/todos/{todo_id}", response_model=Todo, responses=NOT_FOUND, operation_id="replace_todo")
def replace_todo(todo_id: int, todo: TodoIn, credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer)):
    _require(credentials, waived=lab.variant_in("change_without_auth"))
    _find("PUT", todo_id)
    with _lock:
        replaced = dict(_stored(todo.model_dump(mode="json")), id=todo_id)
        _todos[todo_id] = replaced
    return _public(replaced)


@app.patch("/todos/{todo_id}", response_model=Todo, responses=NOT_FOUND, operation_id="update_todo")
def update_todo(todo_id: int, patch: TodoPatch, credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer)):
    _require(credentials, waived=lab.variant_in("change_without_auth"))
    current = _find("PATCH", todo_id)
    sent = patch.model_dump(mode="json", exclude_unset=True)
    base = dict(current, **DEFAULTS) if lab.variant_in("patch_resets") else current
    merged = dict(base, **_stored(dict(sent, title=sent.get("title", current["title"]))))
    merged["id"] = todo_id
    if not lab.variant_in("patch_noop"):
        with _lock:
            _todos[todo_id] = merged
    return _public(merged)


@app.delete("/todos/{todo_id}", status_code=204, responses=NOT_FOUND, operation_id="delete_todo")
def delete_todo(todo_id: int, credentials: Optional[HTTPAuthorizationCredentials] = Depends(_bearer)):
    _require(credentials, waived=lab.variant_in("delete_without_auth"))
    _find("DELETE", todo_id)
    with _lock:
        _deleted.add(todo_id)
    return Response(status_code=204)
