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
import ipaddress
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles
from sqlalchemy.engine import URL

from atout.errors import AtoutError
from atout.web import api, challenge, companion, together_api, tournament
from atout.web.basics import (
    CSP,
    HostCheck,
    Limits,
    SecurityHeaders,
    default_hosts,
    digest,
    new_token,
    page_language,
    quiet_refused_upgrades,
)
from atout.web.db import StorageError, Store, database_url
from atout.web.pages import STATIC, Pages
from atout.web.tables import Server
from atout.web.websocket import serve_socket

__all__ = ["CSP", "Limits", "Server", "create_app", "digest", "new_token", "page_language", "serve"]

log = logging.getLogger("atout.web")


def create_app(
    db: str | URL | None = None,
    max_tables: int = 1000,
    *,
    allowed_hosts: list[str] | None = None,
    unstarted_hours: float = 24.0,
    tables_per_hour: int = 20,
    challenge_deals: int = 6,
) -> FastAPI:
    """The application of a database (``--db``; ``None``: the default SQLite file).
    ``allowed_hosts``: the ``Host`` names it answers (``None``: any, for tests)."""
    url = db if isinstance(db, URL) else database_url(db)
    server = Server(url, Limits(max_tables, unstarted_hours, tables_per_hour, challenge_deals))

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
    app.include_router(tournament.router)  # club tournaments: /tournament, /api/tournament
    app.include_router(challenge.router)  # today's challenge: /challenge, /api/challenge
    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    Pages(server).register(app)
    api.register(app, server)

    @app.websocket("/ws/{table_id}")
    async def websocket(ws: WebSocket, table_id: str) -> None:
        await serve_socket(server, ws, table_id)

    quiet_refused_upgrades()  # the upgrades it refuses are no errors of uvicorn's
    secured = SecurityHeaders(app)
    if allowed_hosts is not None:
        return HostCheck(secured, allowed_hosts)  # type: ignore[return-value]
    return secured  # type: ignore[return-value]


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


def _say_table_addresses(host: str, port: int) -> None:
    """Which addresses the other phones at the table can use, and the companion's
    links made with them (atout.web.addresses)."""
    from atout.web import companion
    from atout.web.addresses import table_bases

    bases = table_bases(host, port)
    companion.set_table_bases(bases)
    if bases:
        print(f"atout serve: other devices on this network: {', '.join(bases)}", flush=True)
    elif host in ("0.0.0.0", "::", ""):
        print("atout serve: no network address found: other devices cannot connect", flush=True)
    else:
        print(
            "atout serve: only this machine can connect; for the phones at the table, "
            "start it with --host 0.0.0.0 (same Wi-Fi)",
            flush=True,
        )


def _hosts(allowed: str | None, host: str) -> list[str]:
    """The names ``--allowed-hosts`` gives (comma-separated), else the default ones."""
    if allowed is None:
        return default_hosts(host)
    names, shown = _listed(allowed, lambda name: _HOST_NAME.fullmatch(name) is not None)
    if shown is not None:
        raise AtoutError(
            f"--allowed-hosts {shown!r}: give host names or addresses separated by commas "
            "(example: tarot.example.org,192.168.1.20), or * for any"
        )
    return names


def _proxies(allowed: str | None) -> list[str]:
    """The proxies ``--forwarded-allow-ips`` names (addresses or networks separated by
    commas, ``*`` for any); none by default: a client cannot choose the address the
    limits count by sending ``X-Forwarded-For``."""
    if allowed is None:
        return []
    names, shown = _listed(allowed, _is_network)
    if shown is not None:
        raise AtoutError(
            f"--forwarded-allow-ips {shown!r}: give the proxies' addresses or networks "
            "separated by commas (example: 127.0.0.1,10.0.0.0/8), or * for any"
        )
    return names


def _listed(value: str, valid: Callable[[str], bool]) -> tuple[list[str], str | None]:
    """The names of an option given as a list separated by commas (``*`` for any), and
    what to show of it when it is refused (the first name ``valid`` refuses, or the
    whole value when it names nothing); ``None`` when it is good."""
    names = [name.strip() for name in value.split(",") if name.strip()]
    bad = [name for name in names if name != "*" and not valid(name)]
    if not names or bad:
        return names, (bad[0] if bad else value)[:60]
    return names, None


def _is_network(name: str) -> bool:
    try:
        ipaddress.ip_network(name, strict=False)
    except ValueError:
        return False
    return True


_HOST_NAME = re.compile(r"\[?[0-9A-Za-z.:_-]{1,253}\]?")


def _check_limits(
    port: int,
    max_tables: int,
    unstarted_hours: float,
    tables_per_hour: int,
    challenge_deals: int = 6,
) -> None:
    if not 1 <= challenge_deals <= challenge.MAX_DEALS:
        raise AtoutError(
            f"--challenge-deals {challenge_deals}: give a number from 1 to {challenge.MAX_DEALS}"
        )
    if not 1 <= max_tables <= 1_000_000:
        raise AtoutError(f"--max-tables {max_tables}: give a number from 1 to 1000000")
    if not 0 <= port <= 65535:
        raise AtoutError(f"--port {port}: a port is a number from 0 to 65535")
    if not 0 < unstarted_hours <= 10_000:
        raise AtoutError(
            f"--unstarted-hours {unstarted_hours:g}: give a number of hours above 0, at most 10000"
        )
    if not 1 <= tables_per_hour <= 1_000_000:
        raise AtoutError(f"--tables-per-hour {tables_per_hour}: give a number from 1 to 1000000")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | None = None,
    max_tables: int = 1000,
    allowed_hosts: str | None = None,
    unstarted_hours: float = 24.0,
    tables_per_hour: int = 20,
    forwarded_allow_ips: str | None = None,
    challenge_deals: int = 6,
) -> None:
    """``atout serve``: check the database (and apply its migrations) and the port,
    then serve until interrupted."""
    import uvicorn

    _check_limits(port, max_tables, unstarted_hours, tables_per_hour, challenge_deals)
    hosts = _hosts(allowed_hosts, host)
    proxies = _proxies(forwarded_allow_ips)
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
        f"at most {max_tables} open tables; answers to {', '.join(hosts)}; Ctrl-C stops)",
        flush=True,
    )
    _say_table_addresses(host, bound)
    app = create_app(
        url, max_tables, allowed_hosts=hosts, unstarted_hours=unstarted_hours,
        tables_per_hour=tables_per_hour, challenge_deals=challenge_deals,
    )  # fmt: skip
    config = uvicorn.Config(
        app,
        workers=1,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        log_level="info",
        server_header=False,
        lifespan="on",
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: a local
        # client would choose the address the limits count by
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or "",
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
