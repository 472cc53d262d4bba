"""Fixtures shared by the test modules that run the web table on PostgreSQL.

The suite runs in parallel (pytest-xdist, ``-n auto``): each worker has its own
cluster or its own databases, and each server its own port (``--port 0``), so no two
servers ever share a database, where each would play the unfinished tables it finds.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def as_owner(args: list[str]) -> list[str]:
    """``initdb`` and ``pg_ctl`` refuse root: run them as ``postgres`` then."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """The URL of a PostgreSQL cluster whose role may create databases: the one of
    ``ATOUT_TEST_PG_URL``, else a throwaway cluster of this worker, made in a temporary
    folder with Debian's binaries (``/usr/lib/postgresql/*/bin``) on a free port."""
    given = os.environ.get("ATOUT_TEST_PG_URL")
    if given:
        yield given
        return
    binaries = postgres_bin()
    if binaries is None:
        pytest.skip("no PostgreSQL binaries in /usr/lib/postgresql (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="atout-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()

    def run(*args: str) -> None:
        done = subprocess.run(as_owner(list(args)), capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr

    run(str(binaries / "initdb"), "-D", str(data), "-U", "atout", "-A", "trust", "-E", "UTF8")
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    pg_ctl = str(binaries / "pg_ctl")
    run(pg_ctl, "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start")
    try:
        run(str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "atout", "atout")
        yield f"postgresql+asyncpg://atout@127.0.0.1:{port}/atout"
    finally:
        with contextlib.suppress(Exception):
            run(pg_ctl, "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


async def _execute(url: str, statement: str) -> None:
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@contextlib.contextmanager
def own_database(cluster: str, worker: str) -> Iterator[str]:
    """A new database on ``cluster`` named after the xdist ``worker`` (``atout_test_gw0_…``,
    ``atout_test_master_…`` without xdist), dropped afterwards with its connections."""
    from sqlalchemy.engine import make_url

    name = f"atout_test_{worker}_{secrets.token_hex(3)}"
    try:
        asyncio.run(_execute(cluster, f'CREATE DATABASE "{name}"'))
    except Exception as error:
        pytest.skip(f"cannot create a database on {make_url(cluster).host}: {error}")
    try:
        yield make_url(cluster).set(database=name).render_as_string(hide_password=False)
    finally:
        with contextlib.suppress(Exception):
            asyncio.run(_execute(cluster, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="module")
def pg_url(pg_cluster: str, worker_id: str) -> Iterator[str]:
    """A PostgreSQL database of this module on this worker, dropped after it."""
    with own_database(pg_cluster, worker_id) as url:
        yield url
