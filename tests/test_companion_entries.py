"""The companion's entries cannot be lost or doubled (atout.web.companion): each entry
carries the id its page made, a resend is recognised by it before anything is checked
and answered with what was stored, and a page that is behind the evening (another
scorer saved meanwhile) gets the sheet and a message in its language, never a second
save. Also the service worker, the web manifest and the migration of older databases."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.test_companion_web import auth, create, make_client, stored_rows

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

RESULT = {"type": "result", "contract": "prise", "taker": 1, "points": 60, "bouts": 1}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "atout.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def send(
    client: TestClient,
    evening: str,
    token: str,
    n: int,
    entry: dict[str, Any],
    entry_id: str,
    lang: str = "en",
) -> Any:
    return client.post(
        f"/api/companion/{evening}/entries?lang={lang}",
        json={"n": n, "id": entry_id, "entry": entry},
        headers=auth(token),
    )


def test_a_resent_draw_cut_and_fault_return_what_was_stored(client: TestClient, db: Path) -> None:
    evening, scorer, _ = create(client)
    entries = [
        {"type": "draw", "seat": 0, "card": "7S"},
        {"type": "draw", "seat": 1, "card": "9H"},
        {"type": "draw", "seat": 2, "card": "21"},
        {"type": "draw", "seat": 3, "card": "KC"},
        {"type": "cut", "k": 30},
        {"type": "fault", "kind": "early_pickup", "by": 2},
        RESULT,
    ]
    for n, entry in enumerate(entries):
        entry_id = f"entry-{n:04d}-aaaa"
        first = send(client, evening, scorer, n, entry, entry_id)
        assert first.status_code == 200, first.text
        # the answer was lost: the page sends the same entry again, with the same id
        again = send(client, evening, scorer, n, entry, entry_id)
        assert again.status_code == 200, again.text  # not a false "already entered"
        assert again.json()["stored"] == n and again.json()["version"] == n + 1
        assert again.json()["totals"] == first.json()["totals"]
    # sent again much later, after other entries: still the stored one, nothing added
    late = send(client, evening, scorer, 4, {"type": "cut", "k": 30}, "entry-0004-aaaa")
    assert late.status_code == 200 and late.json()["stored"] == 4
    assert late.json()["version"] == len(entries)
    rows = stored_rows(db, evening)
    assert len(rows) == len(entries) and rows[4] == {"type": "cut", "k": 30}


def test_ids_survive_a_restart(db: Path) -> None:
    with make_client(db) as client:
        evening, scorer, _ = create(client)
        send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, "dealer-choice-1")
    with make_client(db) as client:  # a new server: the ids are read back from the database
        again = send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, "dealer-choice-1")
        assert again.status_code == 200 and again.json()["stored"] == 0
        assert len(stored_rows(db, evening)) == 1


def test_a_page_behind_gets_the_sheet_and_a_message_never_a_second_save(
    client: TestClient, db: Path
) -> None:
    evening, scorer, _ = create(client)
    send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, "first-page-0001")
    # two scorers on one link, both at version 1; the first saves the donne
    stored = send(client, evening, scorer, 1, RESULT, "first-page-0002")
    assert stored.status_code == 200
    # the second, behind, taps Save on the same donne: refused, with the sheet as stored
    behind = send(client, evening, scorer, 1, RESULT, "second-page-0001", lang="fr")
    assert behind.status_code == 409
    data = behind.json()
    assert data["stale"] is True and data["version"] == 2 and data["donnes"][0]["over"]
    assert data["error"].startswith("Non enregistré : la feuille a changé sur un autre téléphone")
    english = send(client, evening, scorer, 1, {"type": "all_pass"}, "second-page-0002")
    assert english.status_code == 409
    assert english.json()["error"].startswith("Not saved: the sheet changed on another phone")
    assert len(stored_rows(db, evening)) == 2
    # a page ahead of the sheet (entries it thinks stored are not): told to reload
    ahead = send(client, evening, scorer, 5, {"type": "all_pass"}, "second-page-0003")
    assert ahead.status_code == 409 and "reload" in ahead.json()["error"]


def test_a_refusal_is_said_and_a_bad_id_refused(client: TestClient, db: Path) -> None:
    evening, scorer, _ = create(client)
    for bad in ("short", "x" * 65, "has space in it", 12345678, ["a-list-of-id"]):
        answer = send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, bad)  # type: ignore[arg-type]
        assert answer.status_code == 400 and "id" in answer.json()["error"]
    french = client.post(
        f"/api/companion/{evening}/entries?lang=fr",
        json={"n": 0, "id": "dealer-choice-1", "entry": "dealer"},
        headers=auth(scorer),
    )
    assert french.status_code == 400 and french.json()["error"].startswith("Non enregistré")
    refused = send(client, evening, scorer, 0, {"type": "cut", "k": 30}, "cut-too-early-1")
    assert refused.status_code == 400 and refused.json()["rule"] == "D1"
    # a refused entry's id is not kept: the corrected entry may use a new one or the same
    again = send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, "cut-too-early-1")
    assert again.status_code == 200
    assert stored_rows(db, evening) == [{"type": "dealer", "seat": 0}]


def test_an_older_database_is_migrated_and_its_entries_load(tmp_path: Path) -> None:
    """A database made before entries had ids: the column is added, the rows keep NULL."""
    db = tmp_path / "old.db"
    with make_client(db) as client:
        evening, scorer, _ = create(client)
        send(client, evening, scorer, 0, {"type": "dealer", "seat": 0}, "dealer-choice-1")
    with sqlite3.connect(db) as c:  # back to the previous revision's table
        for table in (
            "challenge_results",  # the tables of challenge_0001
            "challenge_tables",
            "tournament_tables",  # the tables of tournament_0001
            "tournaments",
            "atout_chat",
            "companion_seats",
            "companion_player_names",
            "companion_players",
        ):
            c.execute(f"DROP TABLE {table}")
        c.execute("DROP INDEX ix_companion_entries_entry_id")
        c.execute("ALTER TABLE companion_entries DROP COLUMN entry_id")
        for column in ("ready", "matches", "renamed"):  # of next_0001, again_0001, renamed_0001
            c.execute(f"ALTER TABLE atout_tables DROP COLUMN {column}")
        c.execute("UPDATE alembic_version SET version_num = 'companion_0001'")
        c.execute(
            "INSERT INTO companion_entries (evening_id, n, created, entry) VALUES (?, 1, 0, ?)",
            (evening, json.dumps(RESULT)),
        )
    with make_client(db) as client:
        seen = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()
        assert seen["version"] == 2 and seen["totals"] == [-34, 102, -34, -34]
        answer = send(client, evening, scorer, 2, {"type": "all_pass"}, "after-migration")
        assert answer.status_code == 200
    with sqlite3.connect(db) as c:
        ids = c.execute("SELECT entry_id FROM companion_entries ORDER BY n").fetchall()
    assert ids == [(None,), (None,), ("after-migration",)]


def test_service_worker_and_manifest(client: TestClient) -> None:
    worker = client.get("/companion-sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith(
        "text/javascript"
    )
    assert "/static/companion_store.js" in worker.text
    for path in ("/static/companion_store.js", "/static/icon-192.png", "/static/icon-512.png"):
        assert client.get(path).status_code == 200
    manifest = client.get("/companion.webmanifest", headers={"Accept-Language": "fr"})
    data = manifest.json()
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert data["start_url"] == "/companion" and data["scope"] == "/companion"
    assert data["name"] == "atout · compagnon de table" and data["display"] == "standalone"
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in data["icons"]}
    page = client.get("/companion")
    assert '<link rel="manifest" href="/companion.webmanifest">' in page.text


def test_ids_and_versions_on_postgresql(pg_url: str, tmp_path: Path) -> None:
    """The same on PostgreSQL: the migration adds the column, a resend is stored once,
    a page behind is refused, and a restarted server still knows the ids."""
    from tests.web_harness import ServerProcess, http_json

    with ServerProcess(pg_url, tmp_path / "server.log") as server:
        status, created, _ = http_json("POST", f"{server.base}/api/companion", {"players": 3})
        assert status == 201 and isinstance(created, dict)
        token = created["scorer"].split("#")[1]
        url = f"{server.base}/api/companion/{created['evening']}/entries"
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

        def post(n: int, entry: dict[str, Any], entry_id: str) -> tuple[int, Any]:
            body = {"n": n, "id": entry_id, "entry": entry}
            status, data, _ = http_json("POST", url, body, headers)
            return status, data

        draw = {"type": "draw", "seat": 0, "card": "7S"}
        assert post(0, draw, "pg-draw-0001")[0] == 200
        status, data = post(0, draw, "pg-draw-0001")
        assert status == 200 and data["stored"] == 0 and data["version"] == 1
        status, data = post(0, {"type": "draw", "seat": 1, "card": "9H"}, "pg-draw-0002")
        assert status == 409 and data["stale"] is True
        server.stop()
        server.start()
        status, data = post(0, draw, "pg-draw-0001")
        assert status == 200 and data["version"] == 1
        # players across evenings on PostgreSQL: one per name, a merge, the statistics
        evenings = []
        for names in (["Anne", "Bruno", "Chloé"], ["Chloe", "anne ", "David"]):
            status, made, _ = http_json(
                "POST", f"{server.base}/api/companion", {"players": 3, "names": names}
            )
            assert status == 201 and isinstance(made, dict)
            scorer = {"Authorization": f"Bearer {made['scorer'].split('#')[1]}"}
            _, view, _ = http_json(
                "GET", f"{server.base}/api/companion/{made['evening']}", headers=scorer
            )
            evenings.append((made["evening"], scorer, view["player_ids"]))
        (first, _, one), (second, scorer2, two) = evenings
        assert two[1] == one[0] and two[0] != one[2]
        status, _, _ = http_json(
            "POST",
            f"{server.base}/api/companion/players/merge",
            {"evening": second, "from": two[0], "into": one[2]},
            {**scorer2, "Content-Type": "application/json"},
        )
        assert status == 200
        status, stats, _ = http_json(
            "GET", f"{server.base}/api/companion/players/{one[2]}?evening={first}", headers=scorer2
        )
        assert status == 404  # the token of another evening reads nothing
        status, stats, _ = http_json(
            "GET", f"{server.base}/api/companion/players/{one[2]}?evening={second}", headers=scorer2
        )
        assert status == 200 and stats["spellings"] == ["chloe", "chloé"]
        assert [e["evening"] for e in stats["evenings"]] == [first, second]


def test_postgresql_evenings_stored_before_players_get_theirs(pg_url: str, tmp_path: Path) -> None:
    """The players' migration on PostgreSQL: an evening stored at the revision before
    gets its players, and a new evening with one of the names finds the same one."""
    import asyncio

    from sqlalchemy.ext.asyncio import create_async_engine

    from tests.web_harness import ServerProcess, http_json

    async def back_to_companion_0002() -> None:
        engine = create_async_engine(pg_url)
        async with engine.begin() as c:
            for table in (
                "challenge_results",  # the tables of challenge_0001
                "challenge_tables",
                "tournament_tables",  # the tables of tournament_0001
                "tournaments",
                "atout_chat",
                "companion_seats",
                "companion_player_names",
                "companion_players",
            ):
                await c.exec_driver_sql(f"DROP TABLE {table}")
            for column in ("ready", "matches", "renamed"):  # of next_0001, again_0001, renamed_0001
                await c.exec_driver_sql(f"ALTER TABLE atout_tables DROP COLUMN {column}")
            await c.exec_driver_sql("UPDATE alembic_version SET version_num = 'companion_0002'")
        await engine.dispose()

    def created(server: ServerProcess, names: list[str]) -> tuple[str, dict[str, str]]:
        status, made, _ = http_json(
            "POST", f"{server.base}/api/companion", {"players": 3, "names": names}
        )
        assert status == 201 and isinstance(made, dict)
        return made["evening"], {"Authorization": f"Bearer {made['scorer'].split('#')[1]}"}

    def players_of(server: ServerProcess, evening: str, token: dict[str, str]) -> Any:
        _, view, _ = http_json("GET", f"{server.base}/api/companion/{evening}", headers=token)
        return view["player_ids"]

    server = ServerProcess(pg_url, tmp_path / "server.log")
    with server:
        old, old_token = created(server, ["Anne", "Bruno", "J3"])
    asyncio.run(back_to_companion_0002())
    with server:
        before = players_of(server, old, old_token)  # filled by the migration
        assert before[0] and before[1] and before[2] is None
        new, token = created(server, ["Bruno", "anne", "Chloé"])
        ids = players_of(server, new, token)
        assert ids[:2] == [before[1], before[0]] and ids[2] not in before


def test_the_service_worker_keeps_every_module_the_pages_import() -> None:
    """Offline, a module the worker did not keep would stop the page: every script of
    the companion's pages, and every module they import, is in its list."""
    import re

    static = Path(__file__).resolve().parent.parent / "src" / "atout" / "web" / "static"
    worker = (static / "companion_sw.js").read_text()
    kept = set(re.findall(r'"/static/([\w.]+)"', worker))
    todo = ["companion.js", "companion_new.js", "companion_player.js", "companion.css"]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += re.findall(r'from "\./([\w.]+)"', (static / name).read_text())
    assert seen <= kept, seen - kept
