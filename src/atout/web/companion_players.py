"""The companion's players across evenings: on one server, the same name (spaces and
case aside) in several evenings is one player; :func:`merge` joins two spellings of one
person. A player's page shows what he played in every evening of the server: donnes
played, contracts taken and made by kind, average marks, his total evening by evening.

Reading a player needs a token (scorer's or viewer's) of an evening he sat in, and a
merge the scorer's token of an evening where one of the two sat: the evenings' links
stay the only keys to the server's data.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from atout.companion import Evening

__all__ = ["merge", "name_key", "player_stats", "players", "search", "seat_players", "seats"]

metadata = sa.MetaData()
players = sa.Table(
    "companion_players",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
player_names = sa.Table(
    "companion_player_names",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.Integer, nullable=False),
)
seats = sa.Table(
    "companion_seats",
    metadata,
    sa.Column("evening_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player_id", sa.Integer, nullable=False),
)
evening_rows = sa.Table(  # the columns of atout.web.companion's table read here
    "companion_evenings",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
)
PLACEHOLDER = re.compile(r"(j|joueur|player)\s*\d+")
CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")


def name_key(name: str) -> str | None:
    """The key a player is found by: spaces and case aside (``"Chloé  "`` and
    ``"chloé"`` are one player); ``None`` for a seat's default name (``J1``, ``Player 2``)."""
    key = " ".join(unicodedata.normalize("NFC", name).split()).casefold()[:64]
    return None if not key or PLACEHOLDER.fullmatch(key) else key


async def seat_players(c: AsyncConnection, evening_id: str, names: Sequence[str]) -> None:
    """Who sits where in a new evening: each name's player, made when new."""
    for seat, name in enumerate(names):
        key = name_key(name)
        if key is None:
            continue
        found = (
            await c.execute(sa.select(player_names.c.player_id).where(player_names.c.key == key))
        ).scalar_one_or_none()
        if found is None:
            made = await c.execute(players.insert().values(name=name[:64], created=time.time()))
            key_of_new = made.inserted_primary_key
            assert key_of_new is not None
            found = int(key_of_new[0])
            await c.execute(player_names.insert().values(key=key, player_id=found))
        await c.execute(seats.insert().values(evening_id=evening_id, seat=seat, player_id=found))


async def evening_players(engine: AsyncEngine, evening_id: str, count: int) -> list[int | None]:
    async with engine.connect() as c:
        rows = await c.execute(
            sa.select(seats.c.seat, seats.c.player_id).where(seats.c.evening_id == evening_id)
        )
        found = dict(rows.tuples().all())
    return [found.get(seat) for seat in range(count)]


async def player_row(engine: AsyncEngine, player_id: int) -> tuple[str, list[str]] | None:
    """A player's name and the spellings he is found by, or ``None``."""
    async with engine.connect() as c:
        name = (
            await c.execute(sa.select(players.c.name).where(players.c.id == player_id))
        ).scalar_one_or_none()
        if name is None:
            return None
        keys = await c.execute(
            sa.select(player_names.c.key)
            .where(player_names.c.player_id == player_id)
            .order_by(player_names.c.key)
        )
        return str(name), [str(k) for k in keys.scalars().all()]


async def sittings(engine: AsyncEngine, player_id: int) -> list[tuple[str, int, float]]:
    """Every evening the player sat in: ``(evening, seat, created)``, oldest first."""
    evenings = evening_rows
    async with engine.connect() as c:
        rows = await c.execute(
            sa.select(seats.c.evening_id, seats.c.seat, evenings.c.created)
            .join(evenings, evenings.c.id == seats.c.evening_id)
            .where(seats.c.player_id == player_id)
            .order_by(evenings.c.created, seats.c.evening_id)
        )
        return [(str(e), int(s), float(t)) for e, s, t in rows.tuples().all()]


async def search(engine: AsyncEngine, text: str, limit: int = 20) -> list[dict[str, Any]]:
    """The players whose name holds ``text`` (case aside), for the merge tool."""
    pattern = f"%{name_key(text) or text.casefold()}%"
    async with engine.connect() as c:
        rows = await c.execute(
            sa.select(players.c.id, players.c.name)
            .join(player_names, player_names.c.player_id == players.c.id)
            .where(player_names.c.key.like(pattern))
            .distinct()
            .order_by(players.c.name)
            .limit(limit)
        )
        return [{"id": int(i), "name": str(n)} for i, n in rows.tuples().all()]


async def merge(engine: AsyncEngine, source: int, into: int) -> None:
    """``source`` and ``into`` are one person: every seat and spelling of ``source``
    becomes ``into``'s, and ``source`` is no more."""
    async with engine.begin() as c:
        await c.execute(seats.update().where(seats.c.player_id == source).values(player_id=into))
        await c.execute(
            player_names.update().where(player_names.c.player_id == source).values(player_id=into)
        )
        await c.execute(players.delete().where(players.c.id == source))


def player_stats(played: Sequence[tuple[str, int, float, Evening]]) -> dict[str, Any]:
    """What a player did in ``played`` (``(evening id, seat, created, evening)``):
    donnes played, contracts taken and made by kind, called as partner, average marks
    per donne, and each evening's total and place."""
    taken = {c: {"taken": 0, "made": 0} for c in CONTRACTS}
    donnes = marks = partner = 0
    rows = []
    for evening_id, seat, created, evening in played:
        finished = evening.finished()
        for sheet in finished:
            if sheet.result is None or sheet.entry is None:
                continue
            donnes += 1
            marks += evening.marks_of(sheet)[seat]
            entry = sheet.entry
            if entry["taker"] == seat:
                taken[entry["contract"]]["taken"] += 1
                taken[entry["contract"]]["made"] += int(sheet.result.made)
            elif entry.get("partner") == seat:
                partner += 1
        standings = evening.standings()
        rows.append(
            {
                "evening": evening_id,
                "created": created,
                "players": evening.players,
                "names": list(evening.names),
                "seat": seat,
                "donnes": len(finished),
                "total": standings[seat],
                "place": 1 + sum(1 for t in standings if t > standings[seat]),
            }
        )
    return {
        "evenings": rows,
        "donnes": donnes,
        "taken": taken,
        "partner": partner,
        "average": round(marks / donnes, 1) if donnes else None,
    }
