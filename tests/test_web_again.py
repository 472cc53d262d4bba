"""*Play again* at a real ``atout serve``, over websockets: who may start the new match
and when (refused before the end, to a spectator, and to a seat while the owner's page
is open), the new match told from its first event, and a page that saw the finished
match reconnecting with its ``match``."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.web_harness import Seat, ServerProcess, create_table, http_json, token_of


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
