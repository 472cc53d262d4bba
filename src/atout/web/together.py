"""Playing together at a web table: the chat, quick reactions, the move timer's notices
and the lobby's list of open tables (docs/reference/web-protocol.md, Playing together).

A table's chat is a list of entries stored with the table (``atout_chat``), so a page
that reloads, or a server that restarts, shows them again: a person's message
(``"text"``, at most :data:`MAX_TEXT` characters), a quick reaction (``"reaction"``,
one of :data:`REACTIONS`) and the table's own notices (``"timer"``: a seat's move timer
ran out and its bot made that one decision; ``"seat"``: the owner gave a seat a new
link). A seat sends at most :data:`RATE_COUNT`
entries in :data:`RATE_SECONDS` seconds. Texts are stored and sent as they were typed,
minus control characters; the pages show them as text, never as markup.
"""

from __future__ import annotations

import json
import time
import unicodedata
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from atout.i18n import N_
from atout.web.db import Store, metadata, tables, tokens

__all__ = [
    "MAX_TEXT",
    "REACTIONS",
    "ChatError",
    "Chatter",
    "chat_entry",
    "load_chat",
    "open_tables",
    "replace_seat_token",
    "store_chat",
]

MAX_TEXT = 200
KEEP = 100  # the entries a snapshot carries: the latest ones
RATE_COUNT = 5
RATE_SECONDS = 10.0
REACTIONS = ("★", "♥", "☺", "☹", "‼", "⁉")  # drawn by every font, emoji or not
OPEN_LISTED = 50  # the open tables the lobby lists at most, the newest first

chat = sa.Table(
    "atout_chat",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("entry", sa.Text, nullable=False),
)


class ChatError(Exception):
    """A chat message refused: its English template and values (said in the page's
    language by :meth:`atout.web.room.Connection.error`)."""

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message)
        self.message, self.values = message, values


def clean_text(text: Any) -> str:
    """A chat text as stored: its control characters made spaces, trimmed;
    :class:`ChatError` when it is not a text, is empty or is too long."""
    if not isinstance(text, str):
        raise ChatError(
            N_("chat: text is the message, a text of 1 to {most} characters"), most=MAX_TEXT
        )
    cleaned = "".join(
        " " if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") else c for c in text
    ).strip()
    if not cleaned:
        raise ChatError(N_("chat: the message is empty"))
    if len(cleaned) > MAX_TEXT:
        raise ChatError(N_("chat: a message is at most {most} characters"), most=MAX_TEXT)
    return cleaned


def chat_entry(
    kind: str, seat: int | None, role: str, value: Any, n: int, name: str | None = None
) -> dict[str, Any]:
    """A new entry of kind ``"text"``, ``"reaction"``, ``"timer"`` or ``"seat"``,
    checked; :class:`ChatError`. ``name``: the seat's name as the entry is written
    (kept with it: a seat given to another person later keeps its earlier entries'
    names)."""
    if kind in ("timer", "seat"):  # the table's notices: no text of their own
        text = ""
    elif kind == "reaction":
        if value not in REACTIONS:
            raise ChatError(N_("react: one of {choices}"), choices=" ".join(REACTIONS))
        text = str(value)
    else:
        text = clean_text(value)
    return {
        "n": n,
        "at": round(time.time(), 3),
        "kind": kind,
        "seat": seat,
        "name": name,
        "role": role,
        "text": text,
    }


@dataclass
class Chatter:
    """A table's chat in memory: its entries and each sender's recent times."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    recent: dict[tuple[str, int | None], deque[float]] = field(default_factory=dict)

    def allow(self, role: str, seat: int | None, now: float | None = None) -> bool:
        """One more entry from this sender within the rate (and count it)."""
        now = time.monotonic() if now is None else now
        times = self.recent.setdefault((role, seat), deque())
        while times and now - times[0] >= RATE_SECONDS:
            times.popleft()
        if len(times) >= RATE_COUNT:
            return False
        times.append(now)
        return True

    def latest(self) -> list[dict[str, Any]]:
        return self.entries[-KEEP:]

    def next_n(self) -> int:
        return self.entries[-1]["n"] + 1 if self.entries else 0


async def load_chat(store: Store, table_id: str) -> list[dict[str, Any]]:
    """The latest :data:`KEEP` entries of a table, in order."""
    query = (
        sa.select(chat.c.entry)
        .where(chat.c.table_id == table_id)
        .order_by(chat.c.n.desc())
        .limit(KEEP)
    )
    async with store.engine.connect() as c:
        rows = (await c.execute(query)).all()
    return [json.loads(row.entry) for row in reversed(rows)]


async def store_chat(store: Store, table_id: str, entry: dict[str, Any]) -> None:
    """Store one entry (committed when this returns)."""
    row = {
        "table_id": table_id,
        "n": entry["n"],
        "created": entry["at"],
        "entry": json.dumps(entry, ensure_ascii=False),
    }
    await store._transaction(lambda c: c.execute(chat.insert().values(**row)))


async def open_tables(store: Store) -> list[dict[str, Any]]:
    """The tables listed on the lobby (``"listed": true``), not started, with a free
    seat — a person's seat left without a name whose link nobody opened (a named seat
    is kept for the person named): the newest first."""
    query = (
        sa.select(tables.c.id, tables.c.created, tables.c.config, tables.c.joined)
        .where(tables.c.started.is_(False), tables.c.over.is_(False))
        .order_by(tables.c.created.desc())
        .limit(2000)
    )
    async with store.engine.connect() as c:
        rows = (await c.execute(query)).all()
    found = []
    for row in rows:
        config = json.loads(row.config)
        if not config.get("listed"):
            continue
        joined = set(json.loads(row.joined))
        names = config["names"]
        free = [
            s
            for s, bot in enumerate(config["seats"])
            if bot is None and s not in joined and not names[s]
        ]
        if not free:
            continue
        found.append(
            {
                "table": row.id,
                "created": row.created,
                "players": config["players"],
                "deals": config["deals"],
                "names": config["names"],
                "kinds": ["person" if s is None else "bot" for s in config["seats"]],
                "free": free,
                "move_seconds": config.get("move_seconds", 0),
            }
        )
        if len(found) >= OPEN_LISTED:
            break
    return found


async def replace_seat_token(store: Store, table_id: str, seat: int, digest: str) -> None:
    """The seat's link becomes the one of ``digest``: its old links stop working."""

    def job(c: sa.Connection) -> None:
        c.execute(
            tokens.delete().where(
                tokens.c.table_id == table_id, tokens.c.role == "player", tokens.c.seat == seat
            )
        )
        c.execute(
            tokens.insert().values(digest=digest, table_id=table_id, role="player", seat=seat)
        )

    await store._transaction(job)
