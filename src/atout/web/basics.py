"""What every part of the web table shares: the limits, the tokens' digests, the
page's language and the security headers of every HTTP response."""

from __future__ import annotations

import base64
import contextlib
import contextvars
import hashlib
import json
import logging
import secrets
import socket
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from atout.i18n import N_, gettext, negotiate

__all__ = [
    "CSP",
    "AddressRate",
    "HostCheck",
    "Limits",
    "SecurityHeaders",
    "digest",
    "new_token",
    "page_language",
    "quiet_refused_upgrades",
    "refuse_upgrade",
    "shown",
]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"referrer-policy", b"no-referrer"),
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
]


class Limits:
    """What one connection and one server may do (docs/reference/web-protocol.md, Limits)."""

    message_bytes = 4096
    per_second = 20
    refused_in_a_row = 200

    def __init__(
        self,
        max_tables: int = 1000,
        unstarted_hours: float = 24.0,
        tables_per_hour: int = 20,
        challenge_deals: int = 6,
    ) -> None:
        self.challenge_deals = challenge_deals  # the donnes of a challenge by default
        self.max_tables = max_tables
        self.unstarted_hours = unstarted_hours
        self.tables_per_hour = tables_per_hour


class AddressRate:
    """At most ``per_hour`` tables from one client address in any hour (the last 3,600
    seconds, not the clock's hour): the times of each address's recent creations.
    Addresses with none left in the hour are forgotten, so the memory it takes is that
    of the addresses that created a table lately."""

    HOUR = 3600.0

    def __init__(self, per_hour: int) -> None:
        self.per_hour = per_hour
        self.times: dict[str, deque[float]] = {}  # address -> its creations in the hour

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count one table for ``address``; ``False`` when it has made ``per_hour``
        in the last hour already."""
        now = time.monotonic() if now is None else now
        if len(self.times) > 10_000:
            self._forget_idle(now)
        recent = self.times.setdefault(address, deque())
        while recent and recent[0] <= now - self.HOUR:
            recent.popleft()
        if len(recent) >= self.per_hour:
            return False
        recent.append(now)
        return True

    def give_back(self, address: str) -> None:
        """Take back the table :meth:`allow` counted for a creation that did not happen
        (the server was full): only tables actually created count."""
        recent = self.times.get(address)
        if recent:
            recent.pop()

    def _forget_idle(self, now: float) -> None:
        since = now - self.HOUR
        idle = [a for a, recent in self.times.items() if not recent or recent[-1] <= since]
        for address in idle:
            del self.times[address]


def shown(value: Any, most: int = 40) -> str:
    """A value a message refuses, as its sender wrote it in JSON (``null``, ``true``,
    ``"4"``, ``[]``), never in Python's spelling (``None``, ``True``, ``'4'``); cut
    to ``most`` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def digest(token: str) -> str:
    """The SHA-256 of a token, the only form the database keeps."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    return base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()


def page_language(accept: str | None) -> str:
    """The page's language for an ``Accept-Language`` header: the one negotiation of
    the project (:func:`atout.i18n.negotiate`), which the companion's pages use too."""
    return negotiate(accept)


class SecurityHeaders:
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


WILDCARDS = ("", "0.0.0.0", "::", "[::]")


def default_hosts(listening: str) -> list[str]:
    """The ``Host`` names a server listening on ``listening`` answers by default: that
    address and localhost; on every address (0.0.0.0, ::), also this machine's name and
    its addresses."""
    hosts = [listening.strip("[]"), "localhost", "127.0.0.1", "::1"]
    if listening in WILDCARDS:
        name = socket.gethostname()
        hosts += [name, socket.getfqdn()]
        with contextlib.suppress(OSError):
            hosts += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    return sorted({h.lower() for h in hosts if h and h not in WILDCARDS})


def host_name(header: str) -> str:
    """The name of a ``Host`` header, without its port (``[::1]:8000`` → ``::1``)."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    name, _, _ = header.rpartition(":") if header.count(":") == 1 else (header, "", "")
    return name


class HostCheck:
    """An ASGI middleware that answers only requests and websockets whose ``Host`` is
    one of ``allowed`` (``--allowed-hosts``; ``*`` allows any): a page of another
    name that resolves to this server (DNS rebinding) gets nothing."""

    def __init__(self, app: Any, allowed: list[str]) -> None:
        self.app = app
        self.any = "*" in allowed
        self.allowed = {h.strip("[]").lower() for h in allowed}

    def allows(self, scope: MutableMapping[str, Any]) -> bool:
        if self.any or scope["type"] not in ("http", "websocket"):
            return True
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        return host_name(host) in self.allowed

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[Any]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if self.allows(scope):
            await self.app(scope, receive, send)
            return
        accept = dict(scope.get("headers") or []).get(b"accept-language", b"")
        lang = page_language(accept.decode("latin-1"))
        body = (gettext(lang, HOST_REFUSED) + "\n").encode()
        headers = [(b"content-type", b"text/plain; charset=utf-8")]
        headers += [(b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]
        if scope["type"] == "websocket":  # the upgrade refused as HTTP is: 400 and the line
            await refuse_upgrade(scope, send, 400, body, "Host")
            return
        await send({"type": "http.response.start", "status": 400, "headers": headers})
        await send({"type": "http.response.body", "body": body})


HOST_REFUSED = N_(
    "Host: this server does not answer to this name; its owner can add it with "
    "atout serve --allowed-hosts"
)


# -- a websocket's upgrade refused ----------------------------------------------------------

_REFUSED = contextvars.ContextVar("atout_refused_upgrade", default=False)
_NO_HANDSHAKE = "ASGI callable returned without completing handshake"


async def refuse_upgrade(
    scope: MutableMapping[str, Any],
    send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    status: int,
    body: bytes,
    reason: str,
) -> None:
    """Refuse a websocket's upgrade as an HTTP request is refused: ``status`` and
    ``body``, one line of plain text with the security headers (a server that cannot
    send a body answers 403 alone). uvicorn logs any such answer as an error, "returned
    without completing handshake": a refusal the server meant is marked, so that
    :func:`quiet_refused_upgrades` keeps that line out of the log."""
    _REFUSED.set(True)  # in the context of the connection's task, which logs after
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 1008, "reason": reason})
        return
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    headers += [(b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body})


class _QuietRefusals(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (_REFUSED.get() and str(record.msg).startswith(_NO_HANDSHAKE))


def quiet_refused_upgrades() -> None:
    """Keep uvicorn's error about an upgrade refused on purpose (:func:`refuse_upgrade`)
    out of the server's log; the same line about any other websocket stays."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _QuietRefusals) for f in logger.filters):
        logger.addFilter(_QuietRefusals())


def same_origin(request: Any) -> bool:
    """Whether the request comes from a page of this server, or from no page at all (a
    program sends no ``Origin``): a form or a script of another site may not create
    tables with its visitors' browsers."""
    origin = request.headers.get("origin")
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        return False
    if origin is None:
        return True
    host = request.headers.get("host", "")
    return origin in (f"http://{host}", f"https://{host}")
