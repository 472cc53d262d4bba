"""What a :class:`atout.web.room.Room` sends its pages: the table's settings and
presence, each seat's view, the snapshot of a page that joins and the updates after
each change (docs/reference/web-protocol.md)."""

from __future__ import annotations

import dataclasses
from typing import Any

from atout.session import Table, observation_json
from atout.session.view import variant_json
from atout.web import played_for
from atout.web.config import TableConfig, bot_levels
from atout.web.room_again import owner_here
from atout.web.room_connection import Connection, dumps
from atout.web.room_next import view_next
from atout.web.together import Chatter

__all__ = ["RoomViews"]


class RoomViews:
    """The part of a room that tells its pages (the room's state is set by
    :class:`atout.web.room.Room`)."""

    id: str
    config: TableConfig
    table: Table | None
    present: list[int]
    stand_in: list[bool]
    started: bool
    over: bool
    conns: set[Connection]
    version: int
    chatter: Chatter
    by_bot: set[int]  # events of a bot's decisions for a person (atout.web.played_for)
    ready: set[int]  # the persons who pressed Next at the end of the donne (room_next)
    changed: float
    matches: list[dict[str, Any]]  # the finished matches (atout.web.room_again)
    renamed: list[dict[str, Any]]  # the seats' earlier names (atout.web.room_owner)

    @property
    def match(self) -> int:
        """The number of the match on the table, from 1 (one more after each *Play again*)."""
        return len(self.matches) + 1

    def table_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "match": self.match,
            "owner_here": owner_here(self),
            "players": self.config.players,
            "variant": variant_json(self.config.players),
            "deals": self.config.deals,
            "names": list(self.config.names),
            "earlier_names": self.earlier_names(),
            "kinds": self.config.kinds(),
            "present": self._present(),
            "stand_in": list(self.stand_in),
            "started": self.started,
            "over": self.over,
            "spectators_see_hands": self.config.spectators_see_hands,
            "grace_seconds": self.config.grace_seconds,
            "move_seconds": self.config.move_seconds,
            "next_seconds": self.config.next_seconds,
            "rules": dataclasses.asdict(self.config.rules),
            "bots": bot_levels(),
        }

    def earlier_names(self) -> list[dict[str, Any]]:
        """The names seats had in this match before the owner gave them to other
        persons: ``{"seat", "until", "name"}``, the seat named ``name`` for the events
        up to ``until`` (their ``seq``), so that each keeps the name of who did it."""
        return [
            {"seat": e["seat"], "until": e["until"], "name": e["name"]}
            for e in self.renamed
            if e.get("match") == self.match
        ]

    def _present(self) -> list[bool]:
        return [
            kind == "bot" or n > 0
            for kind, n in zip(self.config.kinds(), self.present, strict=True)
        ]

    def _viewer(self, conn: Connection) -> tuple[int | None, bool]:
        """The seat a connection sees from, and whether it sees every hand: only the
        spectators' link does, when the table allows it — never the owner's link, which
        is usually held by one of the players."""
        if conn.role == "player":
            return conn.seat, False
        return None, conn.role == "spectator" and self.config.spectators_see_hands

    def _view(self, seat: int | None, all_hands: bool) -> dict[str, Any] | None:
        if self.table is None:
            return None
        view = observation_json(self.table.observation(seat, all_hands=all_hands))
        return view_next(self, seat, view)  # type: ignore[arg-type]  # a Room's part

    def _snapshot(self, conn: Connection, seq: int) -> None:
        seat, all_hands = self._viewer(conn)
        table = self.table
        events: list[dict[str, Any]] = []
        last = 0
        if table is not None:
            last = len(table.events)
            since = seq if 0 <= seq <= last else 0
            events = played_for.marked(table.events_since(since, seat, all_hands), self.by_bot)
        conn.seq = last
        conn.version = self.version
        conn.send(
            {
                "type": "snapshot",
                "seq": last,
                "you": {"seat": seat, "role": conn.role, "owner": conn.owns},
                "table": self.table_json(),
                "view": self._view(seat, all_hands),
                "events": events,
                "chat": self.chatter.latest(),
            }
        )

    def _broadcast(self) -> None:
        """Tell every connection what it has not been told: its new events and view,
        each serialised once for each seat (a change without an event, as a seat's
        random value, sends the new view with no events)."""
        table = self.table
        if table is None:
            return
        self.version += 1
        last = len(table.events)
        views: dict[tuple[int | None, bool], str] = {}
        messages: dict[tuple[int | None, bool, int], str] = {}
        for conn in list(self.conns):
            if conn.version == self.version:
                continue
            key = self._viewer(conn)
            since = min(conn.seq, last)
            text = messages.get((*key, since))
            if text is None:
                view = views.get(key)
                if view is None:
                    view = views[key] = dumps(self._view(*key) or {})
                events = dumps(played_for.marked(table.events_since(since, *key), self.by_bot))
                text = f'{{"type":"update","seq":{last},"events":{events},"view":{view}}}'
                messages[(*key, since)] = text
            conn.seq = last
            conn.version = self.version
            conn.send(text)

    def _presence(self) -> None:
        message = dumps(
            {"type": "presence", "present": self._present(), "stand_in": list(self.stand_in)}
        )
        for conn in list(self.conns):
            conn.send(message)

    def _owner_presence(self) -> None:
        """At the end of the match, tell every page whether a page with the owner's
        powers is open (who may press *Play again*, atout.web.room_again)."""
        if not self.over:
            return
        message = dumps({"type": "owner_here", "here": owner_here(self)})
        for conn in list(self.conns):
            conn.send(message)

    def _resnapshot(self) -> None:
        for conn in list(self.conns):
            self._snapshot(conn, conn.seq)
