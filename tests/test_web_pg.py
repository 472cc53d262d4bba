"""The web table's core tests again on PostgreSQL: the protocol, reconnection, a
restart in the middle of a match, a *Next* pressed and a new match kept across a
restart (the browser tests run on SQLite alone: the pages do not see the storage),
the leaks and the fuzz, each module and each test
that starts its own server on a database of its own (tests/conftest.py), on a
throwaway cluster made with Debian's binaries (``/usr/lib/postgresql/*/bin``) or on
the cluster of ``ATOUT_TEST_PG_URL``. Skipped only when neither is there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import own_database
from tests.test_web_again import (
    pressed_next_and_new_match_survive_a_restart as test_pg_next_and_again,
)
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
    "test_pg_next_and_again",
    "test_pg_owner",
    "test_pg_reconnect",
    "test_pg_record",
    "test_pg_refused",
    "test_pg_restart",
    "test_pg_stand_in",
]


@pytest.fixture(scope="module")
def server(pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("pg")
    with ServerProcess(pg_url, folder / "server.log") as process:
        yield process


@pytest.fixture
def fresh_db(pg_cluster: str, worker_id: str) -> Iterator[str]:
    """A database of its own on the same cluster, for a test that starts its own server
    (two servers never share a database: each plays the unfinished tables it finds)."""
    with own_database(pg_cluster, worker_id) as url:
        yield url


def test_the_server_runs_on_postgresql(server: ServerProcess) -> None:
    assert server.db.startswith("postgresql")
    assert "postgresql+asyncpg://" in server.log.read_text()
