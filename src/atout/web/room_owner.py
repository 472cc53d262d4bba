"""What the owner's page does at a :class:`atout.web.room.Room`: start the match, put a
bot in an empty seat before it, and give a person's seat a new link at any time —
freed (no name) or reassigned (a new name). Each function runs on the room's task.

A new link replaces the seat's old one at once: the database keeps only the new
token's digest, a page still open on the old link is told why and closed, and the
table's feed says so (a stored ``"seat"`` notice). The seat counts as not yet opened:
in a match, the seat's bot plays until someone opens the new link, who then takes the
seat back as a late friend does.
"""

from __future__ import annotations

import dataclasses
import math
import time
from typing import Any

from atout.bots import BOTS
from atout.i18n import N_
from atout.session import Table
from atout.web.basics import digest, new_token, shown
from atout.web.config import ARENA_ONLY, MAX_NAME, bot_levels
from atout.web.room_together import add_notice
from atout.web.together import replace_seat_token

# A room and a connection are those of atout.web.room (which imports this module):
# typed Any here, so that the two modules do not import each other.
Room = Any
Connection = Any

__all__ = ["OWNER_MESSAGES", "owner_message"]

OWNER_MESSAGES = ("start", "seat_bot", "new_link")


async def owner_message(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """One of :data:`OWNER_MESSAGES` from a page: done, or refused to that page."""
    kind = message.get("type")
    if kind == "start":
        await _start(room, conn)
    elif kind == "seat_bot":
        await _seat_bot(room, conn, message.get("seat"), message.get("bot"))
    else:
        await _new_link(room, conn, message.get("seat"), message.get("name"))


async def _start(room: Room, conn: Connection) -> None:
    if not conn.owns:
        conn.error("protocol", N_("only the table's owner starts it"))
        return
    if room.started:
        conn.error("protocol", N_("the table has already started"))
        return
    config = room.config
    for seat, name in enumerate(config.seats):
        if name is None and seat not in room.joined:
            # the stand-in plays from the first decision, and hands the seat over
            # at its next decision when the person opens the link
            room.away_since[seat] = -math.inf
    room.table = Table(config.settings(), room.seed)
    room.started = True
    await room.store.update(room.id, config=config.to_json(), started=True)
    room.changed = time.monotonic()
    room._resnapshot()


def _bad_seat(room: Room, conn: Connection, seat: Any) -> bool:
    """Whether ``seat`` is not a seat of the table (and the page was told)."""
    if type(seat) is int and 0 <= seat < room.config.players:
        return False
    conn.error(
        "protocol",
        N_("seat: 0 … {last}, not {seat}"),
        last=room.config.players - 1,
        seat=shown(seat, 20),
    )
    return True


async def _seat_bot(room: Room, conn: Connection, seat: Any, bot: Any) -> None:
    if not conn.owns:
        conn.error("protocol", N_("only the table's owner puts bots in seats"))
        return
    if room.started:
        conn.error("protocol", N_("the table has started: its seats are set"))
        return
    if _bad_seat(room, conn, seat):
        return
    if isinstance(bot, str) and bot in BOTS and bot not in bot_levels():
        conn.error("protocol", ARENA_ONLY, field="bot", bot=bot)
        return
    if not isinstance(bot, str) or bot not in BOTS:
        conn.error(
            "protocol",
            N_("bot: one of {choices}, not {bot}"),
            choices=", ".join(bot_levels()),
            bot=shown(bot, 20),
        )
        return
    if room.config.seats[seat] is None and (seat in room.joined or room.present[seat]):
        conn.error("protocol", N_("seat {seat} has its person: it is not empty"), seat=seat + 1)
        return
    room.config = room.config.with_seat(seat, bot)
    await room.store.update(room.id, config=room.config.to_json())
    message = N_("seat {seat} is played by a bot at this table")
    _send_away(room, seat, "protocol", message, "seat given to a bot")
    room._resnapshot()


def _send_away(room: Room, seat: int, rule: str, message: str, reason: str) -> None:
    """Close the pages of ``seat``, each told ``message`` under ``rule``."""
    for other in list(room.conns):
        if other.role == "player" and other.seat == seat:
            room._leave(other)
            other.error(rule, message, seat=seat)
            other.close(reason)


def _name_refused(name: Any) -> bool:
    return not isinstance(name, str) or len(name) > MAX_NAME or not name.isprintable()


async def _new_link(room: Room, conn: Connection, seat: Any, name: Any) -> None:
    """The seat gets a new link and the name ``name`` (``""`` or none: no name); only the owner's
    page is sent the link (``{"type": "seat_link", "seat", "name", "token"}``)."""
    if not conn.owns:
        conn.error("protocol", N_("only the table's owner makes new links for seats"))
        return
    if _bad_seat(room, conn, seat):
        return
    if room.config.seats[seat] is not None:
        conn.error("protocol", N_("seat {seat} is played by a bot: it has no link"), seat=seat + 1)
        return
    name = "" if name is None else name
    if _name_refused(name):
        conn.error(
            "protocol", N_("name: a text of at most {most} printable characters"), most=MAX_NAME
        )
        return
    token = new_token()
    await replace_seat_token(room.store, room.id, seat, digest(token))
    room.tokens = [kept for kept in room.tokens if kept[1:] != ("player", seat)]
    room.tokens.append((digest(token), "player", seat))
    names = list(room.config.names)
    renamed = _earlier(room, seat, names[seat])
    names[seat] = name.strip()
    room.config = dataclasses.replace(room.config, names=tuple(names))
    room.joined.discard(seat)
    await room.store.update(
        room.id, config=room.config.to_json(), joined=sorted(room.joined), renamed=renamed
    )
    room.renamed = renamed
    gone = N_(
        "The table's owner gave this seat a new link: this one no longer opens it. "
        "Ask the owner for the new link."
    )
    _send_away(room, seat, "link", gone, "link replaced")
    room.away_since[seat] = -math.inf  # nobody has the new link yet: the seat's bot plays
    conn.send({"type": "seat_link", "seat": seat, "name": names[seat], "token": token})
    room._resnapshot()  # the seat's new name first: the notice names it
    await add_notice(room, "seat", seat)


def _earlier(room: Room, seat: int, name: str) -> list[dict[str, Any]]:
    """The table's earlier names with the one ``seat`` had until now: the events told
    so far in the match keep the name of who did them (a bot's decisions for the seat
    too: "for" that person)."""
    table = room.table
    if table is None or not table.events:
        return list(room.renamed)
    until = len(table.events)
    return [*room.renamed, {"match": room.match, "until": until, "seat": seat, "name": name}]
