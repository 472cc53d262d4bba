"""The web table's database: tables, their tokens' digests, and every action in order.

One SQLAlchemy 2 async engine: SQLite (``sqlite+aiosqlite``, the default, in WAL mode
with a busy timeout and ``synchronous=NORMAL`` on every connection) or PostgreSQL
(``postgresql+asyncpg``); the same statements on both. The schema is made and kept up
to date by the Alembic migrations of ``atout/web/migrations``, applied by
:meth:`Store.open`.

An action is one row ``(table_id, n, action)``, ``n`` counting from 0: a table is
its settings, its seed and these rows, from which :meth:`atout.session.Table.rebuild`
makes it again. Rows from every table are written together by one writer task (a
group commit: one transaction holds all the actions that arrived while the last one
was being written); :meth:`Store.append` returns once its row is committed. On
SQLite every write is made on one synchronous connection by the event loop's thread
(see :class:`_SqliteWriter`), with the write-ahead log checkpointed by another
thread, so a commit never waits for a checkpoint.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Collection, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from atout.errors import AtoutError

__all__ = ["StorageError", "Store", "StoredTable", "database_url", "default_database_path"]

log = logging.getLogger("atout.web")

T = TypeVar("T")
BUSY_TIMEOUT_MS = 5000
metadata = sa.MetaData()
tables = sa.Table(
    "atout_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),
    sa.Column("joined", sa.Text, nullable=False),
    sa.Column("started", sa.Boolean, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
    sa.Column("ready", sa.Text, nullable=True),  # who pressed Next (atout.web.room_next)
    # the matches finished before the one on the table (atout.web.room_again)
    sa.Column("matches", sa.Text, nullable=True),
    # the names seats had before a new link gave them to another person (room_owner)
    sa.Column("renamed", sa.Text, nullable=True),
)
tokens = sa.Table(
    "atout_tokens",
    metadata,
    sa.Column("digest", sa.String(64), primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), nullable=False),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
)
actions = sa.Table(
    "atout_actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("atout_tables.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("action", sa.Text, nullable=False),
)
MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class StorageError(AtoutError):
    """The database cannot be used: one line saying why."""


@dataclass
class StoredTable:
    id: str
    created: float
    config: dict[str, Any]
    seed: int
    joined: list[int]
    started: bool
    over: bool
    tokens: list[tuple[str, str, int | None]]  # digest, role, seat
    actions: list[dict[str, Any]]
    ready: dict[str, Any] | None = None  # {"donne": n, "seats": [...]}: who pressed Next
    # the matches finished before the one on the table: [{"seed": "…", "actions": n}, …]
    matches: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    # a seat's earlier names: [{"match": 1, "until": 57, "seat": 1, "name": "Ana"}, …]
    renamed: list[dict[str, Any]] = dataclasses.field(default_factory=list)


def default_database_path() -> Path:
    """``$ATOUT_HOME/atout.db``, else ``atout.db`` in the user's data folder."""
    home = os.environ.get("ATOUT_HOME")
    if home:
        return Path(home) / "atout.db"
    from platformdirs import user_data_dir

    return Path(user_data_dir("atout")) / "atout.db"


def database_url(text: str | None) -> URL:
    """The URL of ``--db`` (``sqlite:///PATH`` or ``postgresql://…`` get their async
    drivers), or the default SQLite file; :class:`StorageError` for anything else."""
    if text is None:
        path = default_database_path()
        return URL.create("sqlite+aiosqlite", database=str(path))
    try:
        url = make_url(text)
    except ArgumentError:
        raise StorageError(
            f"--db {text[:60]!r}: not a database URL "
            "(sqlite:///PATH or postgresql+asyncpg://USER@HOST/DATABASE)"
        ) from None
    name = url.drivername
    if name in ("sqlite", "sqlite+pysqlite", "sqlite+aiosqlite"):
        if not url.database or url.database == ":memory:":
            raise StorageError("--db: a SQLite database is a file: sqlite:///PATH")
        return url.set(drivername="sqlite+aiosqlite")
    if name in ("postgresql", "postgres", "postgresql+psycopg2", "postgresql+asyncpg"):
        return url.set(drivername="postgresql+asyncpg")
    shown = url.render_as_string(hide_password=True)[:60]
    raise StorageError(
        f"--db {shown}: not a database atout can use "
        "(sqlite:///PATH or postgresql+asyncpg://USER@HOST/DATABASE)"
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _one_line(error: BaseException) -> str:
    text = " ".join(str(getattr(error, "orig", None) or error).split())
    return text[:200] or type(error).__name__


def _migrate(connection: sa.Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


class _SqliteWriter:
    """The writes on SQLite: one synchronous connection used by the event loop's own
    thread (a commit without a sync of the file takes microseconds, less than a trip
    to another thread on a busy machine), and every write of the server goes through
    it, so no two connections of the server wait for each other's lock. Another
    thread checkpoints the write-ahead log in the background (``PASSIVE``: it never
    stops a writer), so no commit waits for the file to be copied and synced."""

    CHECKPOINT_SECONDS = 2.0

    def __init__(self, path: str) -> None:
        self.path = path
        self.engine = sa.create_engine(
            URL.create("sqlite+pysqlite", database=path),
            poolclass=sa.pool.StaticPool,
            connect_args={"check_same_thread": False},
        )
        sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.checkpointer = ThreadPoolExecutor(1, thread_name_prefix="atout-sqlite-checkpoint")
        self.last_checkpoint = time.monotonic()
        self.checkpointing: asyncio.Future[None] | None = None

    def _checkpoint(self) -> None:
        connection = sqlite3.connect(self.path, isolation_level=None)
        try:
            connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            connection.close()

    def run(self, job: Callable[[sa.Connection], T]) -> T:
        with self.engine.begin() as connection:
            result = job(connection)
        now = time.monotonic()
        idle = self.checkpointing is None or self.checkpointing.done()
        if idle and now - self.last_checkpoint > self.CHECKPOINT_SECONDS:
            self.last_checkpoint = now
            loop = asyncio.get_running_loop()
            self.checkpointing = loop.run_in_executor(self.checkpointer, self._checkpoint)
            self.checkpointing.add_done_callback(_checkpoint_done)
        return result

    def close(self) -> None:
        self.checkpointer.shutdown(wait=True)
        self.engine.dispose()
        with contextlib.suppress(sqlite3.Error):
            self._checkpoint()


def _checkpoint_done(future: asyncio.Future[None]) -> None:
    error = None if future.cancelled() else future.exception()
    if error is not None:
        log.warning("the SQLite checkpoint failed: %s", _one_line(error))


class Store:
    """The database of a server (:meth:`open` it, then :meth:`close`)."""

    def __init__(self, engine: AsyncEngine, url: URL) -> None:
        self.engine = engine
        self.url = url
        self._pending: list[tuple[str, int, str, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._writer: asyncio.Task[None] | None = None
        self._sqlite: _SqliteWriter | None = None

    @property
    def shown(self) -> str:
        return self.url.render_as_string(hide_password=True)

    @classmethod
    async def open(cls, url: URL) -> Store:
        """Connect, apply the migrations, start the writer; :class:`StorageError`."""
        if url.get_backend_name() == "sqlite" and url.database:
            try:
                Path(url.database).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(
                    f"{url.database}: cannot make its folder ({error.strerror or error})"
                ) from None
        engine = create_async_engine(url, pool_pre_ping=url.get_backend_name() != "sqlite")
        if url.get_backend_name() == "sqlite":
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine, url)
        try:
            async with engine.begin() as connection:
                await connection.run_sync(_migrate)
        except Exception as error:
            await engine.dispose()
            raise StorageError(
                f"{store.shown}: cannot use the database ({_one_line(error)})"
            ) from None
        if url.get_backend_name() == "sqlite" and url.database:
            store._sqlite = _SqliteWriter(url.database)
        store._writer = asyncio.get_running_loop().create_task(store._write_loop())
        return store

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        if self._sqlite is not None:
            self._sqlite.close()
            self._sqlite = None
        await self.engine.dispose()

    # -- writing ------------------------------------------------------------------------------

    async def create(
        self,
        table_id: str,
        config: dict[str, Any],
        seed: int,
        digests: Iterable[tuple[str, str, int | None]],
        max_open: int,
        expired: float = 0.0,
        keep: Collection[str] = (),
    ) -> bool:
        """Store a new table, unless ``max_open`` tables are open (then ``False``).
        The tables never started and created before ``expired`` (a time) are not
        counted, and are deleted unless named in ``keep`` (the tables in play)."""

        def job(c: sa.Connection) -> bool:
            late = sa.and_(tables.c.started.is_(False), tables.c.created < expired)
            gone = sa.select(tables.c.id).where(late, tables.c.id.not_in(list(keep)))
            for table in (tokens, actions):
                c.execute(table.delete().where(table.c.table_id.in_(gone)))
            c.execute(tables.delete().where(late, tables.c.id.not_in(list(keep))))
            count = (
                sa.select(sa.func.count())
                .select_from(tables)
                .where(tables.c.over.is_(False), sa.not_(late))
            )
            if c.execute(count).scalar_one() >= max_open:
                return False
            c.execute(
                tables.insert().values(
                    id=table_id,
                    created=time.time(),
                    config=json.dumps(config),
                    seed=str(seed),
                    joined="[]",
                    started=False,
                    over=False,
                )
            )
            rows = [
                {"digest": d, "table_id": table_id, "role": r, "seat": s} for d, r, s in digests
            ]
            if rows:
                c.execute(tokens.insert(), rows)
            return True

        return await self._transaction(job)

    async def update(self, table_id: str, **values: Any) -> None:
        """Change a table's ``config``, ``joined``, ``started``, ``over``, ``ready``,
        ``seed``, ``matches`` or ``renamed``."""
        if "seed" in values:
            values["seed"] = str(values["seed"])
        for key in ("config", "joined", "ready", "matches", "renamed"):
            if key in values and (key != "ready" or values[key] is not None):
                values[key] = json.dumps(values[key])
        statement = tables.update().where(tables.c.id == table_id).values(**values)
        await self._transaction(lambda c: c.execute(statement))

    async def _transaction(self, job: Callable[[sa.Connection], T]) -> T:
        """Run ``job`` in one transaction of the writer."""
        if self._sqlite is not None:
            return self._sqlite.run(job)
        async with self.engine.begin() as c:
            return await c.run_sync(job)

    async def append(self, table_id: str, n: int, action: dict[str, Any]) -> None:
        """Store action ``n`` of a table; returns once it is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, n, json.dumps(action), future))
        self._wake.set()
        await future

    async def _write_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self._write(batch)
            except Exception as error:
                if len(batch) == 1:
                    self._settle(batch, error)
                    continue
                for one in batch:  # one bad row does not refuse the others
                    try:
                        await self._write([one])
                    except Exception as single:
                        self._settle([one], single)
                    else:
                        self._settle([one], None)
                log.warning(
                    "a batch of %d actions was written one by one: %s", len(batch), _one_line(error)
                )
            else:
                self._settle(batch, None)

    async def _write(self, batch: list[tuple[str, int, str, Any]]) -> None:
        rows = [{"table_id": t, "n": n, "action": a} for t, n, a, _ in batch]
        await self._transaction(lambda c: c.execute(actions.insert(), rows))

    @staticmethod
    def _settle(
        batch: list[tuple[str, int, str, asyncio.Future[None]]], error: BaseException | None
    ) -> None:
        for *_, future in batch:
            if future.done():
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(StorageError(_one_line(error)))

    # -- reading ------------------------------------------------------------------------------

    async def load(self, table_id: str) -> StoredTable | None:
        async with self.engine.connect() as c:
            row = (await c.execute(tables.select().where(tables.c.id == table_id))).first()
            if row is None:
                return None
            found = await c.execute(
                sa.select(tokens.c.digest, tokens.c.role, tokens.c.seat).where(
                    tokens.c.table_id == table_id
                )
            )
            done = await c.execute(
                sa.select(actions.c.n, actions.c.action)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.n)
            )
            rows = done.all()
        for i, (n, _) in enumerate(rows):
            if n != i:
                raise StorageError(f"table {table_id}: action {i} is missing from the database")
        return StoredTable(
            row.id,
            row.created,
            json.loads(row.config),
            int(row.seed),
            json.loads(row.joined),
            row.started,
            row.over,
            [(d, r, s) for d, r, s in found],
            [json.loads(a) for _, a in rows],
            json.loads(row.ready) if row.ready else None,
            json.loads(row.matches) if row.matches else [],
            json.loads(row.renamed) if row.renamed else [],
        )

    async def unfinished(self) -> list[str]:
        """The tables started and not over."""
        query = sa.select(tables.c.id).where(tables.c.started.is_(True), tables.c.over.is_(False))
        async with self.engine.connect() as c:
            return [row.id for row in await c.execute(query)]

    async def owned(self, digests: list[str]) -> list[tuple[str, str]]:
        """``(digest, table_id)`` of the owner tokens among ``digests``."""
        if not digests:
            return []
        query = sa.select(tokens.c.digest, tokens.c.table_id).where(
            tokens.c.digest.in_(digests), tokens.c.role == "owner"
        )
        async with self.engine.connect() as c:
            return [(d, t) for d, t in await c.execute(query)]

    async def links(self, digests: list[str]) -> list[tuple[str, str, str, int | None]]:
        """``(digest, table_id, role, seat)`` of the tokens among ``digests`` that open a
        table (of any role)."""
        if not digests:
            return []
        query = sa.select(tokens.c.digest, tokens.c.table_id, tokens.c.role, tokens.c.seat).where(
            tokens.c.digest.in_(digests)
        )
        async with self.engine.connect() as c:
            return [(d, t, r, s) for d, t, r, s in await c.execute(query)]

    async def summaries(self, table_ids: list[str]) -> dict[str, dict[str, Any]]:
        if not table_ids:
            return {}
        query = sa.select(
            tables.c.id, tables.c.created, tables.c.config, tables.c.started, tables.c.over
        ).where(tables.c.id.in_(table_ids))
        async with self.engine.connect() as c:
            rows = (await c.execute(query)).all()
        return {
            row.id: {
                "created": row.created,
                "config": json.loads(row.config),
                "started": row.started,
                "over": row.over,
            }
            for row in rows
        }
