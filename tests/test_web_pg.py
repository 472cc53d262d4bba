"""The web table's core tests again on PostgreSQL: the protocol, reconnection, a
restart in the middle of a match, the leaks and the fuzz, on a throwaway cluster made
in a temporary folder with Debian's binaries (``/usr/lib/postgresql/*/bin``), or on
the database of ``ATOUT_TEST_PG_URL``. Skipped only when neither is there."""

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

from tests.test_web_fuzz import (
    test_thousands_of_bad_messages_change_nothing_but_legal_actions as test_pg_fuzz,
)
from tests.test_web_leaks import (
    test_no_message_holds_a_card_its_seat_may_not_see as test_pg_leaks,
)
from tests.test_web_server import (
    test_a_restarted_server_resumes_every_table_exactly as test_pg_restart,
)
from tests.test_web_server import (
    test_an_absent_person_is_played_by_the_stand_in_until_back as test_pg_stand_in,
)
from tests.test_web_server import (
    test_reconnecting_with_seq_gives_a_snapshot_with_the_events_after_it as test_pg_reconnect,
)
from tests.test_web_server import (
    test_refused_messages_name_the_rule_and_change_nothing as test_pg_refused,
)
from tests.test_web_server import (
    test_snapshot_then_ack_before_update_and_each_seat_its_own_view as test_pg_ack_order,
)
from tests.test_web_server import (
    test_the_owner_puts_bots_in_empty_seats_and_the_start_fills_the_rest as test_pg_owner,
)
from tests.test_web_server import (
    test_the_record_is_exported_with_any_token_of_the_table as test_pg_record,
)
from tests.web_harness import ServerProcess

__all__ = [
    "test_pg_ack_order",
    "test_pg_fuzz",
    "test_pg_leaks",
    "test_pg_owner",
    "test_pg_reconnect",
    "test_pg_record",
    "test_pg_refused",
    "test_pg_restart",
    "test_pg_stand_in",
]


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


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
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
    run(
        str(binaries / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-l",
        str(folder / "log"),
        "-w",
        "start",
    )
    try:
        run(str(binaries / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "atout", "atout")
        yield f"postgresql+asyncpg://atout@127.0.0.1:{port}/atout"
    finally:
        with contextlib.suppress(Exception):
            run(str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def server(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("pg")
    with ServerProcess(pg_url, folder / "server.log") as process:
        yield process


async def create_database(url: str, name: str) -> None:
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    connection = await asyncpg.connect(dsn)
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()


@pytest.fixture
def fresh_db(pg_url: str) -> str:
    """A database of its own on the same cluster, for a test that starts its own server
    (two servers never share a database: each plays the unfinished tables it finds)."""
    from sqlalchemy.engine import make_url

    name = f"atout_{secrets.token_hex(4)}"
    try:
        asyncio.run(create_database(pg_url, name))
    except Exception as error:
        pytest.skip(f"cannot create a database for this test: {error}")
    return make_url(pg_url).set(database=name).render_as_string(hide_password=False)


def test_the_server_runs_on_postgresql(server: ServerProcess) -> None:
    assert server.db.startswith("postgresql")
    assert "postgresql+asyncpg://" in server.log.read_text()
