"""The pause between two donnes at a web table (docs/reference/web-protocol.md, *Next*).

When a donne is over the table waits: the next donne's deal begins once every person
seated and present (or away for less than the grace period) has pressed *Next*
(``{"type": "act", "action": {"type": "next"}}``), or, when the owner set
``next_seconds``, once that many seconds have passed. Bots and the stand-ins of absent
persons do not wait; a table where no person is waited for goes on after the bots'
pause. Each press is checked (a seat presses once per donne, a page that does not play
a seat cannot), stored with the table, then acknowledged, so a restarted server
resumes at the same point.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from atout.i18n import N_
from atout.reasons import Reason
from atout.session import Table
from atout.web.basics import shown
from atout.web.config import TableConfig
from atout.web.db import Store
from atout.web.room_connection import Connection


class Room(Protocol):
    """What the pause needs of a :class:`atout.web.room.Room`."""

    id: str
    store: Store
    config: TableConfig
    table: Table | None
    started: bool
    present: list[int]
    stand_in: list[bool]
    ready: set[int]
    changed: float

    def _seat_namer(self, conn: Connection) -> Callable[[int], str]: ...

    def _broadcast(self) -> None: ...


__all__ = ["NEXT", "begin_next", "is_next", "next_due", "press_next", "ready_from", "view_next"]

NEXT = "next"


def is_next(data: Any) -> bool:
    """``data`` is an action message's *Next* (not a move of the game)."""
    return isinstance(data, dict) and data.get("type") == NEXT


def ended(room: Room) -> int | None:
    """The number of the donne on the table once it is over and the match goes on."""
    table = room.table
    if table is None or not room.started or table.is_over:
        return None
    donne = table.donne
    return table.number if donne is not None and donne.is_terminal() else None


def ready_from(stored: dict[str, Any] | None, number: int | None) -> set[int]:
    """The seats that pressed Next, from the stored ``{"donne", "seats"}`` (kept only for
    the donne still on the table)."""
    if not isinstance(stored, dict) or number is None or stored.get("donne") != number:
        return set()
    return {s for s in stored.get("seats", []) if isinstance(s, int)}


def waited(room: Room) -> list[int]:
    """The persons the pause waits for: present, or away for less than the grace
    period (a page reconnecting, a server restarting); not those a stand-in plays for."""
    return [
        seat
        for seat in range(room.config.players)
        if room.config.seats[seat] is None and (room.present[seat] or not room.stand_in[seat])
    ]


def waiting(room: Room) -> list[int]:
    """The persons waited for who have not pressed Next."""
    return [seat for seat in waited(room) if seat not in room.ready]


def view_next(room: Room, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    """The view with the pause's state (``next``) and, for a seat that may press, the
    ``next`` option."""
    number = ended(room)
    if number is None:
        return view
    view = {**view, "next": {"ready": sorted(room.ready), "after": room.config.next_seconds}}
    person = seat is not None and room.config.seats[seat] is None
    if person and seat not in room.ready:
        view["options"] = [*view["options"], {"type": NEXT, "seat": seat}]
    return view


def next_due(room: Room, pause: float) -> float | None:
    """When the next donne begins (``pause``: the bots' pause after a donne; ``None``:
    when the last person presses Next)."""
    if not waited(room):
        return room.changed + pause
    if not waiting(room):
        return room.changed
    if room.config.next_seconds:
        return room.changed + room.config.next_seconds
    return None


async def press_next(room: Room, conn: Connection, data: dict[str, Any], msg_id: Any) -> None:
    """A seat's *Next*: checked, stored, acknowledged, told to every page."""
    seat = conn.seat
    assert seat is not None
    number = ended(room)
    refusal: Reason | None = None
    if data.get("seat", seat) != seat:
        conn.error(
            "protocol",
            N_("seat {seat}: this page plays seat {mine} and acts for it alone"),
            msg_id,
            seat=shown(data.get("seat"), 20),
            mine=seat + 1,
        )
        return
    if number is None:
        table = room.table
        over = table is not None and table.is_over
        refusal = Reason("S4", "match_over") if over else Reason("S4", "next_not_yet")
    elif seat in room.ready:
        refusal = Reason("S4", "next_pressed", seat=seat)
    if refusal is not None:
        conn.refuse(refusal, room._seat_namer(conn), msg_id)
        return
    room.ready.add(seat)
    await room.store.update(room.id, ready={"donne": number, "seats": sorted(room.ready)})
    assert room.table is not None
    conn.send({"type": "ack", "id": msg_id, "seq": len(room.table.events)})
    room._broadcast()


async def begin_next(room: Room) -> None:
    """The next donne's deal begins; nobody has pressed Next for it yet."""
    table = room.table
    assert table is not None
    table.next_donne()
    room.ready = set()
    await room.store.update(room.id, ready=None)
