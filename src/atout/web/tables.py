"""The tables of one server: the database, and the rooms in memory of the tables in play."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time

from sqlalchemy.engine import URL

from atout.web.basics import AddressRate, Limits
from atout.web.db import Store
from atout.web.room import Room

__all__ = ["Server"]

log = logging.getLogger("atout.web")


class Server:
    """The tables of one server: the database and the rooms in memory."""

    def __init__(self, url: URL, limits: Limits) -> None:
        self.url = url
        self.limits = limits
        self.store: Store | None = None
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._tending: asyncio.Task[None] | None = None
        self.creations = AddressRate(limits.tables_per_hour)

    async def open(self) -> None:
        self.store = await Store.open(self.url)
        self._tending = asyncio.get_running_loop().create_task(_tend_memory())
        for table_id in await self.store.unfinished():
            try:
                await self.room(table_id)
            except Exception as error:
                log.error("table %s cannot be rebuilt: %s", table_id, " ".join(str(error).split()))
        log.info("atout: %d unfinished tables resumed", len(self.rooms))

    async def close(self) -> None:
        if self._tending is not None:
            self._tending.cancel()
        for room in list(self.rooms.values()):
            if room.task is not None:
                room.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await room.task
        self.rooms.clear()
        if self.store is not None:
            await self.store.close()

    async def room(self, table_id: str) -> Room | None:
        """The room of a table, loaded (and rebuilt) from the database if needed."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            assert self.store is not None
            stored = await self.store.load(table_id) if len(table_id) <= 32 else None
            if stored is not None and not stored.started and stored.created < self.expired():
                stored = None  # never started in time: its links open nothing (--unstarted-hours)
            room = None if stored is None else Room(stored, self.store)
            if room is not None:
                room.on_idle = self._forget
                self.rooms[table_id] = room
                room.start_task()
            future.set_result(room)
            return room
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: the waiters get it too
            raise
        finally:
            del self._loading[table_id]

    def _forget(self, room: Room) -> None:
        if self.rooms.get(room.id) is room:
            del self.rooms[room.id]

    def expired(self) -> float:
        """The time before which a table not started has expired."""
        return time.time() - self.limits.unstarted_hours * 3600

    @property
    def db(self) -> Store:
        assert self.store is not None
        return self.store


FREEZE_SECONDS = 5.0
FULL_COLLECTION_SECONDS = 3600.0


async def _tend_memory() -> None:
    """Keep the cyclic garbage collector's pauses short. Its full collections look at
    every object the server holds — a few hundred tables are a few million — and
    stopped the loop for a tenth of a second or more; a table makes no reference
    cycles (reference counting frees it), so every 5 seconds the objects alive are
    moved out of the collector's sight (``gc.freeze``), and once an hour they are
    all looked at again, to free any cycle the server's own objects made."""
    gc.collect()
    gc.freeze()
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(FREEZE_SECONDS)
        if time.monotonic() - last_full > FULL_COLLECTION_SECONDS:
            gc.unfreeze()
            gc.collect()
            last_full = time.monotonic()
        gc.freeze()
