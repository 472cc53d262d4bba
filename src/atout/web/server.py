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
import contextlib
import errno
import gc
import logging
import socket
import time
from collections.abc import AsyncIterator

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import URL

from atout.errors import AtoutError
from atout.web import api, companion, together_api
from atout.web.basics import CSP, Limits, SecurityHeaders, digest, new_token, page_language
from atout.web.db import StorageError, Store, database_url
from atout.web.pages import STATIC, Pages
from atout.web.room import Room
from atout.web.websocket import serve_socket

__all__ = ["CSP", "Limits", "Server", "create_app", "digest", "new_token", "page_language", "serve"]

log = logging.getLogger("atout.web")


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
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    Pages(server).register(app)
    api.register(app, server)

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await serve_socket(server, ws, table_id)

    return SecurityHeaders(app)  # type: ignore[return-value]


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
