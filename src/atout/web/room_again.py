"""*Play again* at a web table (docs/reference/web-protocol.md, *Play again*).

At the end of a match the table begins a new one on the same table: the same id,
seats, names, bots, links and settings, a new seed. The pages open on the table stay
connected and are sent the new match's snapshot; a link opened later opens it. The
finished matches stay in the database: their seeds and numbers of actions are kept
in the table's ``matches`` (the actions of every match follow each other in
``atout_actions``), so each one's record can still be downloaded
(``GET /api/tables/{id}/record?match=N``) and a restarted server resumes the match
on the table. Matches are numbered from 1.

Who may press it: a page with the owner's powers (the owner's link, or the seat's
page of the creator who also holds it); when no such page is open, any seated person.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from atout.i18n import N_
from atout.record import game_record
from atout.session import Table
from atout.web import played_for
from atout.web.config import TableConfig
from atout.web.db import StoredTable

# A room and a connection are those of atout.web.room (which imports this module):
# typed Any here, so that the two modules do not import each other.
Room = Any
Connection = Any

__all__ = ["AGAIN", "match_record", "offset", "owner_here", "play_again", "table_record"]

AGAIN = "play_again"


def offset(matches: list[dict[str, Any]]) -> int:
    """The number of stored actions of the finished matches (where the match on the
    table begins in ``atout_actions``)."""
    return sum(int(m.get("actions", 0)) for m in matches)


def owner_here(room: Room) -> bool:
    """Whether a page with the owner's powers is open on the table."""
    return any(conn.owns for conn in room.conns)


def _refusal(room: Room, conn: Connection) -> str | None:
    table = room.table
    if table is None or not room.started or not table.is_over:
        return N_("the match is not over: Play again comes at its end (S4)")
    if conn.owns:
        return None
    if conn.role != "player" or conn.seat is None:
        return N_("only the table's owner or a seated player starts a new match")
    if room.config.seats[conn.seat] is not None:
        return N_("only the table's owner or a seated player starts a new match")
    if owner_here(room):
        return N_("the table's owner is here: the owner starts the new match")
    return None


async def play_again(room: Room, conn: Connection) -> None:
    """A new match on the table, if the match is over and ``conn`` may start it."""
    refused = _refusal(room, conn)
    if refused is not None:
        conn.error("protocol", refused)
        return
    table = room.table
    assert table is not None
    seed = secrets.randbits(256)
    matches = [*room.matches, {"seed": str(room.seed), "actions": len(table.actions)}]
    await room.store.update(room.id, seed=seed, matches=matches, over=False, ready=None)
    room.matches = matches
    room.seed = seed
    room.table = Table(room.config.settings(), seed)
    room.by_bot = set()
    room.ready = set()
    room.over = False
    room.changed = time.monotonic()
    for other in room.conns:
        other.seq = 0  # the new match's events are told from its first
    room._resnapshot()


def table_record(table: Table | None, config: TableConfig) -> dict[str, Any]:
    """A match as ``atout.game/1``: the donnes that are over (one in progress would
    show the hands), each with its verifiable deal's data."""
    seats = ["human" if name is None else f"bot:{name}" for name in config.seats]
    if table is None:
        return game_record([], seats)
    donnes = [d for d in table.match.donnes if d.is_terminal()]
    fairness = [table.fairness(n) for n in range(1, len(donnes) + 1)]
    return game_record(donnes, seats, fairness=fairness)


def match_record(stored: StoredTable, config: TableConfig, number: int) -> dict[str, Any] | None:
    """The record of finished match ``number`` of a stored table, or ``None`` if the
    table has no such finished match."""
    if not 1 <= number <= len(stored.matches):
        return None
    begin = offset(stored.matches[: number - 1])
    one = stored.matches[number - 1]
    end = begin + int(one["actions"])
    table, _ = played_for.rebuild(config.settings(), int(one["seed"]), stored.actions[begin:end])
    return table_record(table, config)
