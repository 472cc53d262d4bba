"""One web table: an asyncio task that owns its :class:`atout.session.Table`.

Everything that changes a table goes through its queue (:class:`Room`): a connection
joining or leaving, an action, the owner's start and bots; the task takes them one at
a time, so the table needs no lock. Between them it acts for the bots (after
``bot_delay_ms``), for a person away longer than ``grace_seconds`` (the stand-in bot,
until the person is back), and begins the next donne after a short pause.

An action is applied to the table (which refuses it, unchanged, if the rules do), then
written to the database, then acknowledged to its sender, then told to everyone: each
connection gets the new events as its seat is told them and its seat's new view, each
serialised once per seat. If the row cannot be written the table is rebuilt from the
rows that were, and the sender is told (``"storage"``).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from atout.errors import AtoutError, IllegalActionError
from atout.i18n import N_, gettext
from atout.session import Table, TableAction, action_from_json, action_to_json
from atout.web import played_for
from atout.web.challenge import record_over
from atout.web.config import TableConfig, config_from_json
from atout.web.db import Store, StoredTable
from atout.web.room_again import AGAIN, offset, play_again, table_record
from atout.web.room_connection import (
    Command,
    Connection,
    _Act,
    _Call,
    _Chat,
    _Join,
    _Leave,
    _Owner,
    _Take,
)
from atout.web.room_next import begin_next, ended, is_next, next_due, press_next, ready_from
from atout.web.room_owner import owner_message
from atout.web.room_together import chat_message, take_seat, timer_due, timer_run_out
from atout.web.room_views import RoomViews
from atout.web.together import Chatter, load_chat

__all__ = ["Connection", "Room"]

log = logging.getLogger("atout.web")

PAUSE_PER_DELAY = 4  # the pause after a donne, in bot delays
RETRY_SECONDS = 1.0  # after an action of a bot that could not be stored


class Room(RoomViews):
    """A table of the server (see the module's text)."""

    def __init__(self, stored: StoredTable, store: Store) -> None:
        self.id = stored.id
        self.store = store
        self.config: TableConfig = config_from_json(stored.config)
        self.seed = stored.seed
        self.joined: set[int] = set(stored.joined)
        self.started = stored.started
        self.over = stored.over
        self.tokens = stored.tokens
        self.matches = stored.matches  # the finished matches (atout.web.room_again)
        self.renamed = stored.renamed  # the seats' earlier names (atout.web.room_owner)
        self.table: Table | None = None
        self.by_bot: set[int] = set()  # events of a bot's decisions for a person
        if self.started:
            self.table, self.by_bot = played_for.rebuild(
                self.config.settings(), self.seed, stored.actions[offset(self.matches) :]
            )
        self.ready: set[int] = set()  # who pressed Next (atout.web.room_next)
        if self.started:
            self.ready = ready_from(stored.ready, ended(self))
        self.conns: set[Connection] = set()
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.present = [0] * self.config.players
        now = time.monotonic()
        self.away_since: list[float] = [now] * self.config.players
        for seat in range(self.config.players):
            if self.started and seat not in self.joined:
                self.away_since[seat] = -math.inf  # never came: the stand-in plays at once
        self.stand_in = [False] * self.config.players
        self.changed = now
        self.version = 0  # one more at each change of the table, event or not
        self.task: asyncio.Task[None] | None = None
        self.on_idle: Callable[[Room], None] | None = None
        self.chatter = Chatter()

    # -- from the websockets ----------------------------------------------------------------

    def identify(self, digest: str) -> tuple[str, int | None] | None:
        """The role and seat of a token's digest, compared in constant time with every
        token of the table."""
        found: tuple[str, int | None] | None = None
        given = digest.encode()
        for stored, role, seat in self.tokens:
            if hmac.compare_digest(stored.encode(), given):
                found = (role, seat)
        return found

    def start_task(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"table {self.id}")

    def put(self, command: Command) -> None:
        self.queue.put_nowait(command)

    async def take(self, seat: Any, name: Any, digest: str) -> str | None:
        """Take a free seat of an open table (:func:`room_together.take_seat`)."""
        future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()
        self.put(_Take(seat, name, digest, future))
        return await future

    async def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the table's task (between two commands) and return its value."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.put(_Call(fn, future))
        return await future

    # -- the task ---------------------------------------------------------------------------

    async def _run(self) -> None:
        with contextlib.suppress(Exception):  # a table without its chat still plays
            self.chatter.entries = await load_chat(self.store, self.id)
        while True:
            try:
                due = self._due()
                now = time.monotonic()
                if due is not None and due <= now:
                    await self._automatic()
                    continue
                try:
                    # asyncio.timeout, not wait_for: a command taken as the time runs out
                    # is kept, and a cancellation is never swallowed
                    async with asyncio.timeout(None if due is None else due - now):
                        command = await self.queue.get()
                except TimeoutError:
                    continue
                await self._handle(command)
                if not self.conns and self.queue.empty() and self._idle():
                    if self.on_idle is not None:
                        self.on_idle(self)
                    return
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug must not end the table: it is rebuilt from the database
                log.exception(
                    "table %s: unexpected error; rebuilding it from the database", self.id
                )
                self.changed = time.monotonic() + RETRY_SECONDS
                await self._reload()

    def _idle(self) -> bool:
        """Nothing for the task to do without a page: the table is over or waits for
        its start."""
        return self.over or not self.started

    async def _reload(self) -> None:
        stored = await self.store.load(self.id)
        if stored is not None and stored.started:
            self.matches, self.seed = stored.matches, stored.seed
            self.table, self.by_bot = played_for.rebuild(
                self.config.settings(), self.seed, stored.actions[offset(self.matches) :]
            )
            self.ready = ready_from(stored.ready, ended(self))
            self._broadcast()

    async def _handle(self, command: Command) -> None:
        if isinstance(command, _Join):
            self._join(command.conn, command.seq)
        elif isinstance(command, _Leave):
            self._leave(command.conn)
        elif isinstance(command, _Act):
            await self._act_message(command)
        elif isinstance(command, _Owner) and command.message.get("type") == AGAIN:
            await play_again(self, command.conn)
        elif isinstance(command, _Owner):
            await owner_message(self, command.conn, command.message)
        elif isinstance(command, _Chat):
            await chat_message(self, command.conn, command.kind, command.value)
        elif isinstance(command, _Take):
            try:
                taken = await take_seat(self, command.seat, command.name, command.digest)
            except Exception as error:
                command.future.set_exception(error)
            else:
                command.future.set_result(taken)
        else:
            try:
                result = command.fn()
            except Exception as error:
                command.future.set_exception(error)
            else:
                command.future.set_result(result)

    # -- joining ----------------------------------------------------------------------------

    def _join(self, conn: Connection, seq: int) -> None:
        seat = conn.seat
        if conn.role == "player" and seat is not None:
            if self.config.seats[seat] is not None:
                conn.error(
                    "protocol", N_("seat {seat} is played by a bot at this table"), seat=seat + 1
                )
                conn.close("seat given to a bot")
                return
            self._close_older_pages(seat)
            self.conns.add(conn)
            self.present[seat] += 1
            self.stand_in[seat] = False
            if seat not in self.joined:
                self.joined.add(seat)
                self._spawn(self.store.update(self.id, joined=sorted(self.joined)))
            self._snapshot(conn, seq)
            self._presence()
        else:
            self.conns.add(conn)
            self._snapshot(conn, seq)
            if conn.owns:
                self._owner_presence()  # the seats no longer start a new match

    def _close_older_pages(self, seat: int) -> None:
        """A seat is open in one page at a time: the newest. The older one is told and
        closed, and the seat is counted once."""
        for other in [c for c in self.conns if c.role == "player" and c.seat == seat]:
            other.error(
                "link",
                N_(
                    "This seat has been opened in another page: play there, or reload "
                    "this page to play here."
                ),
            )
            other.close("opened elsewhere")
            self.conns.discard(other)
            self.present[seat] -= 1

    def _leave(self, conn: Connection) -> None:
        if conn not in self.conns:
            return
        self.conns.discard(conn)
        if conn.role == "player" and conn.seat is not None:
            self.present[conn.seat] -= 1
            if self.present[conn.seat] == 0:
                self.away_since[conn.seat] = time.monotonic()
                self._presence()
        if conn.owns:
            self._owner_presence()

    def _spawn(self, job: Any) -> None:
        task = asyncio.get_running_loop().create_task(job)
        task.add_done_callback(_log_failure)

    # -- acting -----------------------------------------------------------------------------

    def _seat_namer(self, conn: Connection) -> Callable[[int], str]:
        """The seats as the page of ``conn`` names them: the players' names, "Seat N"
        for a seat with none, "(you)" after the page's own."""
        names, lang = self.config.names, conn.lang

        def name(seat: int) -> str:
            found = names[seat] if 0 <= seat < len(names) and names[seat] else ""
            found = found or gettext(lang, "Seat {n}").format(n=seat + 1)
            return gettext(lang, "{name} (you)").format(name=found) if seat == conn.seat else found

        return name

    async def _act_message(self, command: _Act) -> None:
        conn, msg_id = command.conn, command.msg_id
        if conn.role != "player" or conn.seat is None:
            conn.error(
                "protocol",
                N_("the {role}'s page does not act: a seat's page does"),
                msg_id,
                role=conn.role,
            )
            return
        if self.table is None or not self.started:
            conn.error("protocol", N_("the table has not started: its owner starts it"), msg_id)
            return
        if is_next(command.data):
            await press_next(self, conn, command.data, msg_id)
            return
        try:
            action = action_from_json(command.data)
        except AtoutError as error:
            conn.error("protocol", N_("action: {error}"), msg_id, error=_line(error))
            return
        if action.seat != conn.seat:
            conn.error(
                "protocol",
                N_("seat {seat}: this page plays seat {mine} and acts for it alone"),
                msg_id,
                seat=action.seat,
                mine=conn.seat,
            )
            return
        await self._commit(action, conn, msg_id)

    async def _commit(
        self, action: TableAction, conn: Connection | None, msg_id: Any, by_bot: bool = False
    ) -> bool:
        """Apply and store ``action`` (``by_bot``: a bot's decision for a person)."""
        table = self.table
        assert table is not None
        before = len(table.events)
        try:
            table.act(action)
        except IllegalActionError as error:
            if conn is not None:
                conn.refuse(error.reason, self._seat_namer(conn), msg_id)
            return False
        except AtoutError as error:
            if conn is not None:
                conn.error("protocol", _line(error), msg_id)
            return False
        n = offset(self.matches) + len(table.actions) - 1
        try:
            await self.store.append(self.id, n, played_for.stored(action_to_json(action), by_bot))
        except Exception as error:
            log.error("table %s: action %d not stored: %s", self.id, n, _line(error))
            self.table = Table.rebuild(self.config.settings(), self.seed, table.actions[:-1])
            if conn is not None:
                conn.error("storage", N_("the action could not be stored; try again"), msg_id)
            return False
        if by_bot:
            played_for.note(table, before, action, self.by_bot)
        if conn is not None:
            ack: dict[str, Any] = {"type": "ack", "id": msg_id, "seq": len(table.events)}
            conn.send(ack)
        self.changed = time.monotonic()
        finished = table.is_over and not self.over
        if finished:
            self.over = True
            await self.store.update(self.id, over=True)
            if self.config.fixed_seed is not None:
                await record_over(self.store, self.id, table)
        self._broadcast()
        if finished:
            self._owner_presence()  # who may press Play again, told at the end
        return True

    def _due(self) -> float | None:
        """When the task acts by itself next (a bot, a stand-in, the next donne)."""
        table = self.table
        if table is None or not self.started or table.is_over:
            return None
        delay = self.config.bot_delay_ms / 1000
        donne = table.donne
        due: float | None = None
        for seat in range(self.config.players):
            if self.config.seats[seat] is not None or self.present[seat] or self.stand_in[seat]:
                continue
            flip = self.away_since[seat] + self.config.grace_seconds
            due = flip if due is None else min(due, flip)
        if donne is not None and donne.is_terminal():
            following = next_due(self, delay * PAUSE_PER_DELAY)
            return following if due is None or (following is not None and following < due) else due
        for seat in table.to_act():
            if self.config.seats[seat] is not None or self.stand_in[seat]:
                at = self.changed + delay
                due = at if due is None else min(due, at)
        timer = timer_due(self)
        return timer if due is None or (timer is not None and timer < due) else due

    async def _automatic(self) -> None:
        table = self.table
        assert table is not None
        now = time.monotonic()
        flipped = False
        for seat in range(self.config.players):
            away = self.config.seats[seat] is None and not self.present[seat]
            standing = away and now >= self.away_since[seat] + self.config.grace_seconds
            if standing != self.stand_in[seat]:
                self.stand_in[seat] = standing
                flipped = True
        if flipped:
            self._presence()
        donne = table.donne
        if donne is not None and donne.is_terminal():
            due = next_due(self, self.config.bot_delay_ms / 1000 * PAUSE_PER_DELAY)
            if due is not None and now >= due:
                await begin_next(self)
                self.changed = now
                self._broadcast()
            return
        if await timer_run_out(self, now):
            return
        if now < self.changed + self.config.bot_delay_ms / 1000:
            return
        for seat in table.to_act():
            if self.config.seats[seat] is not None or self.stand_in[seat]:
                action = table.bot_action(seat)
                person = self.config.seats[seat] is None
                if not await self._commit(action, None, None, by_bot=person):
                    self.changed = now + RETRY_SECONDS
                return

    # -- the record -------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match on the table as ``atout.game/1`` (:func:`room_again.table_record`)."""
        return table_record(self.table, self.config)


def _line(error: BaseException) -> str:
    return " ".join(str(error).split())[:300]


def _log_failure(task: asyncio.Task[Any]) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        error = task.exception()
        if error is not None:
            log.error("a database write failed: %s", _line(error))
