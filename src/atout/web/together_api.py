"""The lobby's list of open tables over HTTP (docs/reference/web-protocol.md):
``GET /api/open`` lists the tables their owners opened to anyone, ``POST
/api/tables/{table}/take`` gives a free seat of one to a person by name, with a new
link for it."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from atout.i18n import N_, gettext, negotiate
from atout.web.together import open_tables

__all__ = ["router"]

router = APIRouter()
MAX_TAKE_BODY = 1024


def _lang(request: Request) -> str:
    return negotiate(request.headers.get("accept-language"))


def _seat_token() -> tuple[str, str]:
    """A new token and its digest, in the form of :func:`atout.web.server.new_token`
    and :func:`atout.web.server.digest` (32 random bytes, base64url; SHA-256)."""
    token = base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    return token, hashlib.sha256(token.encode()).hexdigest()


def _error(status: int, lang: str, message: str) -> JSONResponse:
    return JSONResponse({"error": gettext(lang, message)}, status_code=status)


def _same_origin_json(request: Request) -> bool:
    """A JSON body sent by a page of this server (a form of another site can send
    neither ``application/json`` nor this server's ``Origin``)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    origin, host = request.headers.get("origin"), request.headers.get("host")
    if kind != "application/json":
        return False
    return origin is None or origin in (f"http://{host}", f"https://{host}")


@router.get("/api/open")
async def listing(request: Request) -> Response:
    """The open tables, the newest first, each with its free seats."""
    server: Any = request.app.state.server
    found = await open_tables(server.db)
    return JSONResponse({"tables": found}, headers={"Cache-Control": "no-store"})


@router.post("/api/tables/{table_id}/take")
async def take(request: Request, table_id: str) -> Response:
    """``{"seat": 2, "name": "Zoé"}``: the seat's new link, ``{"url": …}``."""
    lang = _lang(request)
    if not _same_origin_json(request):
        return _error(415, lang, N_("the request: JSON from this server's own pages"))
    body = await request.body()
    try:
        data = json.loads(body) if len(body) <= MAX_TAKE_BODY else None
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict):
        return _error(400, lang, N_('the request: {"seat": N, "name": "your name"}'))
    server: Any = request.app.state.server
    room = await server.room(table_id) if len(table_id) <= 32 else None
    if room is None:
        return _error(404, lang, N_("No such table: check the link you were sent."))
    token, token_digest = _seat_token()
    refused = await room.take(data.get("seat"), data.get("name"), token_digest)
    if refused is not None:
        return _error(409, lang, refused)
    base = str(request.base_url).rstrip("/")
    return JSONResponse({"url": f"{base}/t/{table_id}#{token}"}, status_code=201)
