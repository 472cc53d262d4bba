"""The HTTP API, the websocket and ``atout serve`` (docs/reference/web-protocol.md).

:func:`create_app` makes the FastAPI application of a database URL; :func:`serve`
runs it with uvicorn, one worker, after checking the port and the database (each
failure is one line). Every response carries ``Referrer-Policy: no-referrer``, a
Content-Security-Policy without inline script and ``X-Content-Type-Options:
nosniff``. Tokens travel only in a URL's fragment, the websocket's first message and
two request headers, never in a request line: the access log never sees them, and
the server logs no message's content.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import errno
import gc
import hashlib
import json
import logging
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from html import escape as html_escape
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.engine import URL
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from atout import rulebook
from atout.bots import BOTS
from atout.errors import AtoutError
from atout.i18n import LANGUAGES, N_, gettext, negotiate
from atout.web import companion, together_api
from atout.web.config import ConfigError, table_config
from atout.web.db import StorageError, Store, database_url
from atout.web.room import Connection, Room, _Act, _Chat, _Join, _Leave, _SeatBot, _Start

__all__ = ["Limits", "Server", "create_app", "serve"]

log = logging.getLogger("atout.web")
HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
]
MAX_BODY = 16_384
MAX_OWNER_TOKENS = 100
HELLO_SECONDS = 10.0


class Limits:
    """What one connection and one server may do (docs/reference/web-protocol.md, Limits)."""

    message_bytes = 4096
    per_second = 20
    refused_in_a_row = 200

    def __init__(self, max_tables: int = 1000) -> None:
        self.max_tables = max_tables


def digest(token: str) -> str:
    """The SHA-256 of a token, the only form the database keeps."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()


def page_language(accept: str | None) -> str:
    """``"fr"`` when the browser's first language (by ``q``) is French, else ``"en"``."""
    best: tuple[float, int, str] | None = None
    for index, part in enumerate((accept or "").split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                quality = float(params[2:])
            except ValueError:
                quality = 0.0
        if not tag or quality <= 0:
            continue
        key = (-quality, index, tag.strip().lower())
        if best is None or key < best:
            best = key
    return "fr" if best is not None and best[2].split("-")[0] == "fr" else "en"


class _SecurityHeaders:
    """An ASGI middleware adding the security headers to every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class Server:
    """The tables of one server: the database and the rooms in memory."""

    def __init__(self, url: URL, limits: Limits) -> None:
        self.url = url
        self.limits = limits
        self.store: Store | None = None
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._tending: asyncio.Task[None] | None = None

    async def open(self) -> None:
        self.store = await Store.open(self.url)
        self._tending = asyncio.get_running_loop().create_task(_tend_memory())
        for table_id in await self.store.unfinished():
            try:
                await self.room(table_id)
            except Exception as error:
                log.error("table %s cannot be rebuilt: %s", table_id, " ".join(str(error).split()))
        log.info("atout: %d unfinished tables resumed", len(self.rooms))

    async def close(self) -> None:
        if self._tending is not None:
            self._tending.cancel()
        for room in list(self.rooms.values()):
            if room.task is not None:
                room.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await room.task
        self.rooms.clear()
        if self.store is not None:
            await self.store.close()

    async def room(self, table_id: str) -> Room | None:
        """The room of a table, loaded (and rebuilt) from the database if needed."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            assert self.store is not None
            stored = await self.store.load(table_id) if len(table_id) <= 32 else None
            room = None if stored is None else Room(stored, self.store)
            if room is not None:
                room.on_idle = self._forget
                self.rooms[table_id] = room
                room.start_task()
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: the waiters get it too
            raise
        finally:
            del self._loading[table_id]

    def _forget(self, room: Room) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    @property
    def db(self) -> Store:
        assert self.store is not None
        return self.store


FREEZE_SECONDS = 5.0
FULL_COLLECTION_SECONDS = 3600.0


async def _tend_memory() -> None:
    """Keep the cyclic garbage collector's pauses short. Its full collections look at
    every object the server holds — a few hundred tables are a few million — and
    stopped the loop for a tenth of a second or more; a table makes no reference
    cycles (reference counting frees it), so every 5 seconds the objects alive are
    moved out of the collector's sight (``gc.freeze``), and once an hour they are
    all looked at again, to free any cycle the server's own objects made."""
    gc.collect()
    gc.freeze()
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_SECONDS)
        if time.monotonic() - last_full > FULL_COLLECTION_SECONDS:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()


def _translations(lang: str) -> dict[str, str]:
    """The page's texts in ``lang`` (``atout.i18n``, when the package has it)."""
    try:
        from atout import i18n  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return {}
    found = getattr(i18n, "translations", None)
    if found is None:
        return {}
    return dict(found(lang))


_OTHER = {"fr": "en", "en": "fr"}


def _rule_book(lang: str) -> dict[str, Any]:
    """What the rules page shows, in ``lang``: from :mod:`atout.rulebook` alone."""
    title, text = rulebook.introduction()
    figures_title, figures = rulebook.figures()
    return {
        "title": rulebook.book_title()(lang),
        "figures_title": figures_title(lang),
        "figures": figures(lang),
        "intro_title": title(lang),
        "intro_text": text(lang),
        "example": rulebook.label("example", lang),
        "colon": rulebook.label("colon", lang),
        "chapters": [
            {
                "letter": chapter.letter,
                "title": chapter.title(lang),
                "rules": [
                    {
                        "id": rule.id,
                        "title": rule.title(lang),
                        "text": rule.text(lang),
                        "settings": [_setting(s, lang) for s in rule.settings],
                        "examples": [example.text(lang) for example in rule.examples],
                    }
                    for rule in map(rulebook.rule, chapter.rules)
                ],
            }
            for chapter in rulebook.chapters()
        ],
    }


def _setting(setting: rulebook.Setting, lang: str) -> tuple[str, str, str]:
    """A setting's identifier, its name with its default and values, and what it
    changes, in ``lang``."""
    head, text = rulebook.setting_lines(setting, lang)
    return setting.name, head, text


BOT_LABELS = {
    "random": N_("random"),
    "heuristic": N_("heuristic"),
    "heuristic-1": N_("heuristic, first version"),
    "search-fast": N_("search, fast"),
    "search": N_("search"),
    "search-strong": N_("search, strong"),
    "search-random": N_("search, random playouts"),
    "search-cheat": N_("search, sees every hand"),
}
"""What the seat menus show for each bot level (the level's identifier is the value)."""


def _not_found_page(lang: str, message: str) -> HTMLResponse:
    """A page that says what was not found, in ``lang``, with a way back to the lobby."""
    said = html_escape(gettext(lang, message))
    back = html_escape(gettext(lang, "Lobby"))
    return HTMLResponse(
        f'<!doctype html><html lang="{lang}"><meta charset="utf-8"><title>atout</title>'
        f'<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        f'<p>{said}</p><p><a href="/">{back}</a></p>',
        404,
        headers={"Content-Language": lang, "Cache-Control": "no-store"},
    )


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(db: str | URL | None = None, max_tables: int = 1000) -> FastAPI:
    """The application of a database (``--db``; ``None``: the default SQLite file)."""
    url = db if isinstance(db, URL) else database_url(db)
    server = Server(url, Limits(max_tables))

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await server.open()
        try:
            yield
        finally:
            await server.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server
    app.include_router(companion.router)  # the table companion: /companion, /api/companion
    app.include_router(together_api.router)  # the open tables: /api/open
    templates = Environment(
        loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html"])
    )
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    def page(name: str, request: Request, lang: str | None = None, **values: Any) -> HTMLResponse:
        lang = lang or page_language(request.headers.get("accept-language"))
        html = templates.get_template(name).render(
            lang=lang,
            translations=_translations(lang),
            bots=list(BOTS),
            bot_labels={bot: gettext(lang, BOT_LABELS.get(bot, bot)) for bot in BOTS},
            **values,
        )
        return HTMLResponse(html, headers={"Cache-Control": "no-store", "Content-Language": lang})

    @app.exception_handler(StarletteHTTPException)
    async def not_found(request: Request, exc: StarletteHTTPException) -> Response:
        """A browser (Accept: text/html) asking for a page that is not there gets a page
        in its language; an API client keeps the JSON answer."""
        if exc.status_code == 404 and "text/html" in request.headers.get("accept", ""):
            lang = page_language(request.headers.get("accept-language"))
            return _not_found_page(lang, N_("No such page: check the address."))
        return await http_exception_handler(request, exc)

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(
            (STATIC / "icon.svg").read_bytes(),
            media_type="image/svg+xml",
            headers={"Cache-Control": "max-age=86400"},
        )

    @app.get("/")
    async def lobby(request: Request) -> Response:
        return page("lobby.html", request)

    @app.get("/t/{table_id}")
    async def table_page(request: Request, table_id: str) -> Response:
        room = await server.room(table_id)
        if room is None:
            lang = page_language(request.headers.get("accept-language"))
            return _not_found_page(lang, N_("No such table: check the link you were sent."))
        return page("table.html", request, table_id=table_id, table=room.table_json())

    @app.get("/rules")
    async def rules_page(request: Request) -> Response:
        """The rule book in the reader's language (?lang=fr|en, else Accept-Language)."""
        asked = request.query_params.get("lang")
        lang = asked if asked in LANGUAGES else negotiate(request.headers.get("accept-language"))
        return page("rules.html", request, lang=lang, book=_rule_book(lang), other=_OTHER[lang])

    @app.get("/rules.json")
    async def rules_json() -> Response:
        """The rule catalogue, both languages (atout.rulebook.as_json)."""
        return JSONResponse(rulebook.as_json(), headers={"Cache-Control": "max-age=3600"})

    @app.post("/api/tables")
    async def create(request: Request) -> Response:
        lang = page_language(request.headers.get("accept-language"))
        body = await request.body()
        if len(body) > MAX_BODY:
            return _error(
                413, gettext(lang, "the request: at most {most} bytes").format(most=MAX_BODY)
            )
        try:
            data = json.loads(body or b"{}")
        except (ValueError, UnicodeDecodeError):
            said = gettext(lang, "the request: not JSON (a table's settings as a JSON object)")
            return _error(400, said)
        try:
            config = table_config(data)
        except ConfigError as error:
            return _error(400, error.text(lang))
        table_id = secrets.token_urlsafe(9)
        owner, spectator = new_token(), new_token()
        seat_tokens = [new_token() for _ in range(config.players)]
        digests: list[tuple[str, str, int | None]] = [
            (digest(owner), "owner", None),
            (digest(spectator), "spectator", None),
        ]
        digests += [(digest(t), "player", s) for s, t in enumerate(seat_tokens)]
        seed = secrets.randbits(256)
        stored = await server.db.create(
            table_id, config.to_json(), seed, digests, server.limits.max_tables
        )
        if not stored:
            said = gettext(
                lang,
                "limit: this server holds at most {most} open tables (--max-tables); "
                "finish one first",
            )
            return _error(429, said.format(most=server.limits.max_tables))
        base = str(request.base_url).rstrip("/")

        def link(token: str) -> str:
            return f"{base}/t/{table_id}#{token}"

        seats = [
            {
                "seat": s,
                "kind": kind,
                "url": link(seat_tokens[s]) if kind == "person" else None,
            }
            for s, kind in enumerate(config.kinds())
        ]
        answer = {"table": table_id, "owner": link(owner), "spectator": link(spectator)}
        return JSONResponse({**answer, "seats": seats}, status_code=201)

    @app.get("/api/tables")
    async def listing(request: Request) -> Response:
        given = [t.strip() for t in request.headers.get("x-atout-owners", "").split(",")]
        given = [t for t in given if t][:MAX_OWNER_TOKENS]
        digests = [digest(t) for t in given]
        owned = await server.db.owned(digests)
        by_digest = {d: t for d, t in owned}
        summaries = await server.db.summaries(sorted(set(by_digest.values())))
        found = []
        for index, d in enumerate(digests):
            table_id = by_digest.get(d)
            if table_id is None or table_id not in summaries:
                continue
            info = summaries[table_id]
            config = info["config"]
            found.append(
                {
                    "table": table_id,
                    "index": index,
                    "created": info["created"],
                    "players": config["players"],
                    "deals": config["deals"],
                    "names": config["names"],
                    "kinds": ["person" if s is None else "bot" for s in config["seats"]],
                    "started": info["started"],
                    "over": info["over"],
                }
            )
        return JSONResponse({"tables": found})

    @app.get("/api/tables/{table_id}/record")
    async def record(request: Request, table_id: str) -> Response:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return _error(401, "Authorization: Bearer TOKEN, a token of the table's links")
        room = await server.room(table_id)
        if room is None or room.identify(digest(token.strip())) is None:
            return _error(404, "no such table for this token")
        data = await room.call(room.record)
        return JSONResponse(
            data, headers={"Content-Disposition": f'attachment; filename="atout-{table_id}.json"'}
        )

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await _websocket(server, ws, table_id)

    return _SecurityHeaders(app)  # type: ignore[return-value]


def _origin_ok(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    host = ws.headers.get("host")
    if not origin or not host:
        return False
    return origin in (f"http://{host}", f"https://{host}")


class _Rate:
    """At most ``per_second`` messages a second (a bucket of that many)."""

    def __init__(self, per_second: int) -> None:
        self.per_second = per_second
        self.tokens = float(per_second)
        self.last = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.per_second, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


async def _writer(ws: WebSocket, conn: Connection) -> None:
    """Send the connection's messages in order; close the socket when it is closed."""
    try:
        while True:
            message = await conn.outbox.get()
            if message is None:
                break
            await ws.send_text(message)
    except Exception:  # the page went away: the reader sees it too
        conn.closed = True
        return
    with contextlib.suppress(Exception):
        await ws.close(code=1008, reason=(conn.close_reason or "")[:120])


async def _websocket(server: Server, ws: WebSocket, table_id: str) -> None:
    if not _origin_ok(ws):
        await ws.close(code=1008)  # before the upgrade: refused with 403
        return
    await ws.accept()
    limits = server.limits
    rate = _Rate(limits.per_second)
    conn = Connection(role="", seat=None, lang=page_language(ws.headers.get("accept-language")))
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
    room: Room | None = None

    async def receive(timeout: float | None) -> str | None:
        """The next text message within the limits; ``None`` when the page has gone."""
        while True:
            try:
                async with asyncio.timeout(timeout):
                    message = await ws.receive()
            except TimeoutError:
                conn.error("protocol", N_('no hello: the first message is {"type": "hello", …}'))
                conn.close("no hello")
                return None
            if message["type"] == "websocket.disconnect":
                return None
            text: str | None = message.get("text")
            if not rate.allow():
                refused = _id_of(text, limits.message_bytes)
                conn.error(
                    "limit", N_("at most {most} messages a second"), refused, most=limits.per_second
                )
                if rate.refused > limits.refused_in_a_row:
                    conn.close("limit: too many messages")
                    return None
                continue
            if text is None:
                conn.error("protocol", N_("text messages only: each message is one JSON object"))
                continue
            if len(text) > limits.message_bytes or len(text.encode()) > limits.message_bytes:
                conn.error(
                    "limit", N_("a message is at most {most} bytes"), most=limits.message_bytes
                )
                continue
            return text

    try:
        while room is None:
            text = await receive(HELLO_SECONDS)
            if text is None:
                return
            message = _parse(text, conn)
            if message is None:
                continue
            if message.get("type") != "hello":
                conn.error("protocol", N_('the first message is {"type": "hello", "token": …}'))
                continue
            conn.lang = _hello_language(message.get("lang"), ws.headers.get("accept-language"))
            token, seq = message.get("token"), message.get("seq", 0)
            if not isinstance(token, str) or not 0 < len(token) <= 256:
                conn.error("protocol", N_("hello: token is the text after # in the table's link"))
                continue
            if type(seq) is not int or seq < 0:
                conn.error("protocol", N_("hello: seq is the number of the last event seen, ≥ 0"))
                continue
            found = await server.room(table_id)
            who = None if found is None else found.identify(digest(token))
            if found is None or who is None:
                conn.error(
                    "protocol", N_("No table has this link: check that it was copied whole.")
                )
                conn.close("unknown table or token")
                return
            conn.role, conn.seat = who
            room = found
            room.put(_Join(conn, seq))
        while not conn.closed:
            text = await receive(None)
            if text is None:
                return
            message = _parse(text, conn)
            if message is None:
                continue
            kind = message.get("type")
            msg_id = message.get("id")
            if msg_id is not None and not _good_id(msg_id):
                conn.error("protocol", N_("id: a number or a short text"))
                continue
            if kind == "ping":
                conn.send('{"type":"pong"}')
            elif kind == "act":
                if "action" not in message:
                    conn.error("protocol", N_("act: the action is missing"), msg_id)
                    continue
                room.put(_Act(conn, msg_id, message["action"]))
            elif kind == "start":
                room.put(_Start(conn))
            elif kind == "seat_bot":
                room.put(_SeatBot(conn, message.get("seat"), message.get("bot")))
            elif kind == "chat":
                room.put(_Chat(conn, "text", message.get("text")))
            elif kind == "react":
                room.put(_Chat(conn, "reaction", message.get("reaction")))
            elif kind == "hello":
                conn.error("protocol", N_("hello once: reconnect to start again"))
            else:
                shown = json.dumps(kind)[:30]
                conn.error(
                    "protocol",
                    N_("type: {shown} is not a message (act, start, seat_bot, chat, react, ping)"),
                    shown=shown,
                )
    except WebSocketDisconnect:
        return
    finally:
        if room is not None:
            room.put(_Leave(conn))
        conn.close("closed")
        with contextlib.suppress(asyncio.CancelledError, Exception):
            async with asyncio.timeout(2.0):
                await writer
        writer.cancel()
        if ws.client_state is WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await ws.close()


def _hello_language(asked: object, accept: str | None) -> str:
    """The language a page reads its refusals in: the one its hello names (the page's
    own), else the one its browser asks for."""
    return asked if asked in ("fr", "en") else page_language(accept)


def _id_of(text: str | None, most: int) -> Any:
    """The ``id`` of a message refused for a limit, so the page knows which one."""
    if text is None or len(text) > most:
        return None
    with contextlib.suppress(ValueError, RecursionError):
        message = json.loads(text)
        if isinstance(message, dict) and _good_id(message.get("id")):
            return message["id"]
    return None


def _good_id(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) < 2**53
    return isinstance(value, str) and len(value) <= 64


def _parse(text: str, conn: Connection) -> dict[str, Any] | None:
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        conn.error("protocol", N_("not JSON: each message is one JSON object"))
        return None
    if not isinstance(message, dict):
        conn.error("protocol", N_("each message is a JSON object with a type"))
        return None
    return message


# -- atout serve --------------------------------------------------------------------------------


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound and listening; one line when it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise AtoutError(f"--host {host[:60]!r}: not an address to listen on ({error})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            raise AtoutError(
                f"--port {port}: the port is in use on {host} (another server?); "
                "choose another with --port"
            ) from None
        if error.errno == errno.EACCES:
            raise AtoutError(
                f"--port {port}: not allowed to listen there; choose a port ≥ 1024"
            ) from None
        raise AtoutError(
            f"--host {host}: cannot listen there ({error.strerror or error})"
        ) from None
    sock.set_inheritable(True)
    return sock


async def _check_database(url: URL) -> None:
    store = await Store.open(url)
    await store.close()


def serve(
    host: str = "127.0.0.1", port: int = 8000, db: str | None = None, max_tables: int = 1000
) -> None:
    """``atout serve``: check the database (and apply its migrations) and the port,
    then serve until interrupted."""
    import uvicorn

    if not 1 <= max_tables <= 1_000_000:
        raise AtoutError(f"--max-tables {max_tables}: give a number from 1 to 1000000")
    if not 0 <= port <= 65535:
        raise AtoutError(f"--port {port}: a port is a number from 0 to 65535")
    url = database_url(db)
    try:
        asyncio.run(_check_database(url))
    except StorageError:
        raise
    except Exception as error:  # pragma: no cover - Store.open says why in one line
        raise StorageError(f"{url.render_as_string(hide_password=True)}: {error}") from None
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    where = url.render_as_string(hide_password=True)
    print(
        f"atout serve: http://{shown}:{bound}/ (database {where}, "
        f"at most {max_tables} open tables; Ctrl-C stops)",
        flush=True,
    )
    config = uvicorn.Config(
        create_app(url, max_tables),
        workers=1,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        log_level="info",
        server_header=False,
        lifespan="on",
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
