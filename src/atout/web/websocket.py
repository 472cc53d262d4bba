"""The websocket of a table (docs/reference/web-protocol.md): the hello that names a
link, then the seat's actions and the owner's controls, within the limits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from atout.i18n import N_, gettext
from atout.web.basics import Limits, digest, page_language, refuse_upgrade
from atout.web.room import Room
from atout.web.room_again import AGAIN
from atout.web.room_connection import Connection, _Act, _Chat, _Join, _Leave, _Owner
from atout.web.room_owner import OWNER_MESSAGES

if TYPE_CHECKING:
    from atout.web.tables import Server

HELLO_SECONDS = 10.0
ORIGIN_REFUSED = N_(
    "the websocket: its Origin is not this server's; only a page of this server may "
    "open it (Origin)"
)


def _origin_ok(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    host = ws.headers.get("host")
    if not origin or not host:
        return False
    return origin in (f"http://{host}", f"https://{host}")


class _Rate:
    """At most ``per_second`` messages a second (a bucket of that many). ``refused``
    counts the messages refused since the page last kept quiet for a second: a flood
    that lets a message through now and then still adds up."""

    def __init__(self, per_second: int) -> None:
        self.per_second = per_second
        self.tokens = float(per_second)
        self.last = time.monotonic()
        self.last_refused = float("-inf")
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.per_second, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            if now - self.last_refused >= 1.0:
                self.refused = 0
            return True
        self.refused += 1
        self.last_refused = now
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


class _Socket:
    """One page's websocket: its messages, read within the limits, and its connection."""

    def __init__(self, ws: WebSocket, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.rate = _Rate(limits.per_second)
        lang = page_language(ws.headers.get("accept-language"))
        self.conn = Connection(role="", seat=None, lang=lang)

    async def receive(self, timeout: float | None) -> str | None:
        """The next text message within the limits; ``None`` when the page has gone."""
        conn, limits = self.conn, self.limits
        while True:
            try:
                async with asyncio.timeout(timeout):
                    message = await self.ws.receive()
            except TimeoutError:
                conn.error("protocol", N_('no hello: the first message is {"type": "hello", …}'))
                conn.close("no hello")
                return None
            if message["type"] == "websocket.disconnect":
                return None
            text: str | None = message.get("text")
            if not self.rate.allow():
                refused = _id_of(text, limits.message_bytes)
                conn.error(
                    "limit", N_("at most {most} messages a second"), refused, most=limits.per_second
                )
                if self.rate.refused > limits.refused_in_a_row:
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

    async def greet(self, server: Server, table_id: str) -> Room | None:
        """The room the page's hello names, joined; ``None`` when the page is gone or
        its link opens nothing."""
        conn = self.conn
        while True:
            text = await self.receive(HELLO_SECONDS)
            if text is None:
                return None
            message = _parse(text, conn)
            if message is None:
                continue
            if message.get("type") != "hello":
                conn.error("protocol", N_('the first message is {"type": "hello", "token": …}'))
                continue
            conn.lang = _hello_language(message.get("lang"), self.ws.headers.get("accept-language"))
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
                    "protocol",
                    N_(
                        "No table has this link: it was not copied whole, the table "
                        "expired, or its owner gave the seat a new link."
                    ),
                )
                conn.close("unknown table or token")
                return None
            conn.role, conn.seat = who
            if message.get("match", found.match) != found.match:
                seq = 0  # the page saw a finished match: the new one is told from its first
            conn.with_owner = conn.role == "player" and _owner_too(found, message.get("owner"))
            found.put(_Join(conn, seq))
            return found

    async def follow(self, room: Room) -> None:
        """The page's messages after its hello, handed to ``room`` until it goes."""
        while not self.conn.closed:
            text = await self.receive(None)
            if text is None:
                return
            message = _parse(text, self.conn)
            if message is not None:
                self.dispatch(room, message)

    def dispatch(self, room: Room, message: dict[str, Any]) -> None:
        """One message of a page that said hello: to its room, or refused."""
        conn = self.conn
        kind = message.get("type")
        msg_id = message.get("id")
        if msg_id is not None and not _good_id(msg_id):
            conn.error("protocol", N_("id: a number or a short text"))
        elif kind == "ping":
            conn.send('{"type":"pong"}')
        elif kind == "act":
            if "action" not in message:
                conn.error("protocol", N_("act: the action is missing"), msg_id)
            else:
                room.put(_Act(conn, msg_id, message["action"]))
        elif kind in OWNER_MESSAGES or kind == AGAIN:
            room.put(_Owner(conn, message))
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
                N_(
                    "type: {shown} is not a message "
                    "(act, start, seat_bot, new_link, chat, react, ping)"
                ),
                shown=shown,
            )


async def serve_socket(server: Server, ws: WebSocket, table_id: str) -> None:
    """A page's websocket from its upgrade to its end."""
    if not _origin_ok(ws):  # before the upgrade: refused with 403 and why
        lang = page_language(ws.headers.get("accept-language"))
        body = (gettext(lang, ORIGIN_REFUSED) + "\n").encode()
        await refuse_upgrade(ws.scope, ws.send, 403, body, "Origin")
        return
    await ws.accept()
    socket = _Socket(ws, server.limits)
    conn = socket.conn
    writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
    room: Room | None = None
    try:
        room = await socket.greet(server, table_id)
        if room is not None:
            await socket.follow(room)
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


def _owner_too(room: Room, token: object) -> bool:
    """Whether the hello's ``owner`` (optional) is the token of ``room``'s owner link:
    a seat's page that gives it has the owner's powers too. Any other value gives none."""
    if not isinstance(token, str) or not 0 < len(token) <= 256:
        return False
    return room.identify(digest(token)) == ("owner", None)


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
