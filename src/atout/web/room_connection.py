"""One page's websocket as a :class:`atout.web.room.Room` sees it (its role and seat,
its outbox, the errors and refusals it is sent in its page's language), and the
commands a room's queue takes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from atout.i18n import gettext
from atout.reasons import Reason, SeatNames, render

__all__ = ["OUTBOX_LIMIT", "Command", "Connection", "dumps"]

OUTBOX_LIMIT = 1000  # messages waiting for a slow connection before it is closed


def dumps(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Connection:
    """One websocket of a page: its role and seat, and what it has been sent."""

    role: str  # "player", "spectator" or "owner"
    seat: int | None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    seq: int = 0  # the last event sent to it
    version: int = -1  # the table's version in the last view sent to it
    closed: bool = False
    close_reason: str | None = None
    lang: str = "en"  # the page's language: its errors and refusals are said in it
    with_owner: bool = False  # a seat's page whose hello also gave the owner's token

    @property
    def owns(self) -> bool:
        """Whether the page has the owner's powers: the owner's link, or a seat's page
        that also holds it (the creator who plays at his own seat)."""
        return self.role == "owner" or self.with_owner

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.close("limit: the page does not read its messages")
            return
        self.outbox.put_nowait(message if isinstance(message, str) else dumps(message))

    def error(self, rule: str, message: str, msg_id: Any = None, **values: Any) -> None:
        """Send the error ``message`` (its ``{names}`` filled from ``values``) in the
        page's language."""
        message = gettext(self.lang, message)
        if values:
            message = message.format(**values)
        data: dict[str, Any] = {"type": "error", "rule": rule, "message": message}
        if msg_id is not None:
            data["id"] = msg_id
        self.send(data)

    def refuse(
        self, reason: Reason, seat_name: SeatNames | None = None, msg_id: Any = None
    ) -> None:
        """Send a refusal of the rules: its rule id (for the page to link), its sentence
        in the page's language, and the reason as a value (``{rule, kind, params}``)."""
        data: dict[str, Any] = {
            "type": "error",
            "rule": reason.rule,
            "message": render(reason, self.lang, seat_name),
            "reason": reason.as_json(),
        }
        if msg_id is not None:
            data["id"] = msg_id
        self.send(data)

    def close(self, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.close_reason = reason
            self.outbox.put_nowait(None)


@dataclass
class _Join:
    conn: Connection
    seq: int


@dataclass
class _Leave:
    conn: Connection


@dataclass
class _Act:
    conn: Connection
    msg_id: Any
    data: Any


@dataclass
class _Owner:
    conn: Connection
    message: dict[str, Any]  # one of room_owner.OWNER_MESSAGES


@dataclass
class _Call:
    fn: Callable[[], Any]
    future: asyncio.Future[Any]


@dataclass
class _Chat:
    conn: Connection
    kind: str  # "text" or "reaction"
    value: Any


@dataclass
class _Take:
    seat: Any
    name: Any
    digest: str
    future: asyncio.Future[str | None]


Command = _Join | _Leave | _Act | _Owner | _Call | _Chat | _Take
