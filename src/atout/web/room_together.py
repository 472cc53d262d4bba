"""What a :class:`atout.web.room.Room` does for playing together: the chat and the
quick reactions, the move timer, and a free seat taken from the lobby's list of open
tables (see :mod:`atout.web.together`). Each function runs on the room's task."""

from __future__ import annotations

import dataclasses
from typing import Any

from atout.i18n import N_
from atout.web.config import TableConfig
from atout.web.together import (
    KEEP,
    RATE_COUNT,
    RATE_SECONDS,
    ChatError,
    chat_entry,
    replace_seat_token,
    store_chat,
)

# A room and a connection are those of atout.web.room (which imports this module):
# typed Any here, so that the two modules do not import each other.
Room = Any
Connection = Any

__all__ = ["add_notice", "chat_message", "take_seat", "timer_due", "timer_run_out"]


def _send_entry(room: Room, entry: dict[str, Any]) -> None:
    room.chatter.entries.append(entry)
    if len(room.chatter.entries) > 2 * KEEP:
        del room.chatter.entries[:-KEEP]
    message = {"type": "chat", "entry": entry}
    for conn in list(room.conns):
        conn.send(message)


async def _add(room: Room, entry: dict[str, Any]) -> bool:
    try:
        await store_chat(room.store, room.id, entry)
    except Exception:
        return False
    _send_entry(room, entry)
    return True


async def chat_message(room: Room, conn: Connection, kind: str, value: Any) -> None:
    """A person's message or reaction: checked, stored, then sent to every page."""
    if conn.role == "spectator":
        conn.error("protocol", N_("a spectator's page reads the chat: a seat's page writes in it"))
        return
    if not room.chatter.allow(conn.role, conn.seat):
        conn.error(
            "limit",
            N_("chat: at most {count} messages in {seconds} seconds"),
            count=RATE_COUNT,
            seconds=int(RATE_SECONDS),
        )
        return
    try:
        name = _name(room, conn.seat)
        entry = chat_entry(kind, conn.seat, conn.role, value, room.chatter.next_n(), name)
    except ChatError as error:
        conn.error("protocol", error.message, **error.values)
        return
    if not await _add(room, entry):
        conn.error("storage", N_("the message could not be stored; try again"))


def _slow_seats(room: Room) -> list[int]:
    """The present persons the table waits for, when the table has a move timer."""
    table = room.table
    if table is None or not room.config.move_seconds or table.is_over:
        return []
    return [
        seat
        for seat in table.to_act()
        if room.config.seats[seat] is None and room.present[seat] and not room.stand_in[seat]
    ]


def timer_due(room: Room) -> float | None:
    """When the move timer runs out for a present person who has not decided."""
    if not _slow_seats(room):
        return None
    return float(room.changed + room.config.move_seconds)


async def timer_run_out(room: Room, now: float) -> bool:
    """If the move timer has run out, the seat's bot makes that one decision and the
    table's feed says so (a stored ``"timer"`` entry); ``True`` when it did."""
    slow = _slow_seats(room)
    if not slow or now < room.changed + room.config.move_seconds:
        return False
    table = room.table
    assert table is not None
    seat = slow[0]
    action = table.bot_action(seat)
    if not await room._commit(action, None, None, by_bot=True):
        return True
    await add_notice(room, "timer", seat)
    return True


async def add_notice(room: Room, kind: str, seat: int) -> None:
    """The table's own notice of ``kind`` about ``seat`` in the feed, stored."""
    await _add(room, chat_entry(kind, seat, "table", "", room.chatter.next_n(), _name(room, seat)))


def _name(room: Room, seat: int | None) -> str | None:
    """The seat's name now (``None`` for no seat)."""
    return None if seat is None else str(room.config.names[seat])


async def take_seat(room: Room, seat: Any, name: Any, digest: str) -> str | None:
    """A free seat of an open table taken by name from the lobby: the seat gets the
    name and a new link (its old link stops working). ``None``, or what was wrong
    (an English template, said by the caller)."""
    config = room.config
    if not config.listed or room.started:
        return N_("this table is not open: ask its owner for a link")
    if type(seat) is not int or not 0 <= seat < config.players:
        return N_("seat: a seat of the table")
    taken = seat in room.joined or room.present[seat] or bool(config.names[seat])
    if config.seats[seat] is not None or taken:
        return N_("this seat has been taken: choose another")
    if not isinstance(name, str) or not name.strip() or len(name) > 24 or not name.isprintable():
        return N_("name: your name, 1 to 24 printable characters")
    await replace_seat_token(room.store, room.id, seat, digest)
    room.tokens = [kept for kept in room.tokens if kept[1:] != ("player", seat)]
    room.tokens.append((digest, "player", seat))
    names = list(config.names)
    names[seat] = name.strip()
    room.config = _renamed(config, names)
    room.joined.add(seat)
    await room.store.update(room.id, config=room.config.to_json(), joined=sorted(room.joined))
    room._resnapshot()
    return None


def _renamed(config: TableConfig, names: list[str]) -> TableConfig:
    return dataclasses.replace(config, names=tuple(names))
