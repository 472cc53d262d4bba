"""*Play again* at a real ``atout serve``, over websockets: who may start the new match
and when (refused before the end, to a spectator, and to a seat while the owner's page
is open), the new match told from its first event, and a page that saw the finished
match reconnecting with its ``match``.

:func:`pressed_next_and_new_match_survive_a_restart`: what the database keeps of them (a
*Next* pressed, the finished matches, the new match's seed) survives a restart of the
server. tests/test_web_pg.py runs it on PostgreSQL; on SQLite the browser tests do the
same steps through the pages (tests/test_web_browser_result.py,
tests/test_web_browser_again.py)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.web_harness import (
    Seat,
    ServerProcess,
    choose_action,
    create_table,
    http_json,
    token_of,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("again")
    process = ServerProcess(f"sqlite+aiosqlite:///{where / 'atout.db'}", where / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


async def answer(seat: Seat, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` the seat receives."""
    while True:
        message = await seat.receive(30.0)
        if message["type"] == kind:
            return message


async def test_who_may_play_again_and_the_new_match(server: ServerProcess) -> None:
    settings = {"players": 3, "deals": 1, "seats": [None, "random", "random"], "bot_delay_ms": 0}
    links = create_table(server.base, settings)
    table = links["table"]
    owner = Seat(server.ws_base, table, token_of(links["owner"]), lang="en")
    seat = Seat(server.ws_base, table, token_of(links["seats"][0]["url"]), lang="en")
    watcher = Seat(server.ws_base, table, token_of(links["spectator"]), lang="en")
    await seat.connect()
    await owner.connect()
    await owner.send({"type": "start"})
    await seat.send({"type": "play_again"})
    early = await answer(seat, "error")
    assert early["message"] == "the match is not over: Play again comes at its end (S4)"
    await seat.play(random.Random(3))
    assert seat.view is not None and seat.view["over"]
    await watcher.connect()
    await watcher.send({"type": "play_again"})
    refused = await answer(watcher, "error")
    assert refused["message"] == "only the table's owner or a seated player starts a new match"
    await seat.send({"type": "play_again"})
    refused = await answer(seat, "error")
    assert refused["message"] == "the table's owner is here: the owner starts the new match"
    assert seat.table is not None and seat.table["match"] == 1
    await owner.close()
    assert (await answer(seat, "owner_here"))["here"] is False
    finished = seat.seq
    await seat.send({"type": "play_again"})
    fresh = await answer(seat, "snapshot")
    assert fresh["table"]["match"] == 2 and not fresh["view"]["over"]
    assert fresh["seq"] < finished and [e["seq"] for e in fresh["events"]][:1] == [1]
    new = await answer(watcher, "snapshot")
    assert new["table"]["match"] == 2
    # a page that saw match 1 reconnects: its seq counts for nothing in match 2
    await seat.drain(1.0)
    async with connect(seat.url, origin=Origin(seat.origin)) as ws:
        hello = {"type": "hello", "token": seat.token, "seq": 2, "match": 1, "lang": "en"}
        await ws.send(json.dumps(hello))
        again = json.loads(await ws.recv())
        assert again["type"] == "snapshot" and again["events"][0]["seq"] == 1, again
    status, data, _ = http_json(
        "GET",
        f"{server.base}/api/tables/{table}/record?match=x",
        headers={"Authorization": f"Bearer {seat.token}"},
    )
    assert status == 404 and data["error"].startswith("match: 1 … 2"), data
    for one in (seat, watcher):
        await one.close()


# -- what survives a restart: a Next pressed, the finished match, the new one -----------------


def never_next(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A seat that plays but never presses Next."""
    if any(o["type"] == "next" for o in view.get("options") or []):
        return None
    return choose_action(view, rng)


def waiting_for_next(seat: Seat) -> bool:
    return "next" in (seat.view or {})


def record_of(server: ServerProcess, table: str, token: str, query: str = "") -> tuple[int, Any]:
    status, data, _ = http_json(
        "GET",
        f"{server.base}/api/tables/{table}/record{query}",
        headers={"Authorization": f"Bearer {token}"},
    )
    return status, data


async def restart(server: ServerProcess, seats: list[Seat]) -> None:
    """Kill the server (nothing flushed on the way out), start it, reconnect the seats."""
    for seat in seats:
        await seat.close()
    server.stop(kill=True)
    server.start()
    for seat in seats:
        await seat.connect()


async def play_all(seats: list[Seat], rng: random.Random) -> None:
    await asyncio.gather(*(seat.play(rng) for seat in seats))


async def persons_at_a_table(server: ServerProcess) -> tuple[str, list[Seat]]:
    """Two persons and two bots at a started table of two donnes a match, the owner gone
    home (the seats may start a new match)."""
    settings = {
        "players": 4,
        "deals": 2,
        "seats": [None, None, "random", "heuristic"],
        "names": ["Ana", "Ben", "", ""],
        "bot_delay_ms": 0,
    }
    links = create_table(server.base, settings)
    table = links["table"]
    seats = [
        Seat(server.ws_base, table, token_of(links["seats"][i]["url"]), lang="en") for i in (0, 1)
    ]
    for seat in seats:
        await seat.connect()
    owner = Seat(server.ws_base, table, token_of(links["owner"]), lang="en")
    await owner.connect()
    await owner.send({"type": "start"})
    for one in [*seats, owner]:
        while not (one.table or {}).get("started"):
            await one.receive()
    await owner.close()
    return table, seats


async def pressed_next_and_new_match_survive_a_restart(tmp_path: Path, fresh_db: str) -> None:
    """A Next pressed, kept across a restart; the finished match and the new one kept
    across two (``fresh_db``: a database of the test's own)."""
    server = ServerProcess(fresh_db, tmp_path / "server.log").start()
    try:
        table, (ana, ben) = await persons_at_a_table(server)
        await play_all([ana, ben], random.Random(5))
        status, first = record_of(server, table, ben.token)
        assert status == 200 and len(first["donnes"]) == 2, (status, first)
        await ana.send({"type": "play_again"})
        for seat in (ana, ben):
            assert (await answer(seat, "snapshot"))["table"]["match"] == 2
        # the new match's first donne over; Ana presses Next, Ben not yet
        rng = random.Random(6)
        await asyncio.gather(
            *(s.play(rng, until=waiting_for_next, choose=never_next) for s in (ana, ben))
        )
        await ana.act({"type": "next", "seat": 0})
        await answer(ana, "ack")
        await ben.drain()
        assert ben.view is not None and ben.view["next"]["ready"] == [0], ben.view
        await restart(server, [ana, ben])
        for seat in (ana, ben):
            assert seat.table is not None and seat.table["match"] == 2
            assert seat.view is not None and seat.view["number"] == 1
            assert seat.view["next"]["ready"] == [0], seat.view
        assert record_of(server, table, ana.token, "?match=1") == (200, first)
        await ana.send({"type": "act", "id": 99, "action": {"type": "next", "seat": 0}})
        twice = await answer(ana, "error")
        assert twice["reason"]["kind"] == "next_pressed", twice
        await ben.act({"type": "next", "seat": 1})
        await play_all([ana, ben], random.Random(7))
        # a restart keeps the two matches: the table's match is the second, finished
        await restart(server, [ana, ben])
        for seat in (ana, ben):
            assert seat.table is not None and seat.table["match"] == 2
            assert seat.view is not None and seat.view["over"]
        assert record_of(server, table, ana.token, "?match=1") == (200, first)
        status, second = record_of(server, table, ana.token)
        assert status == 200 and len(second["donnes"]) == 2 and second != first
        assert [e["reason"]["kind"] for e in ana.errors] == ["next_pressed"], ana.errors
        assert not ben.errors, ben.errors
        for seat in (ana, ben):
            await seat.close()
    finally:
        server.stop()
    assert "Traceback" not in (tmp_path / "server.log").read_text()
