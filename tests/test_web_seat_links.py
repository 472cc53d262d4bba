"""The owner gives a person's seat a new link, over real websockets, on SQLite and on
PostgreSQL: only the owner may; the old link stops working at once (a page open on it
is told why and closed; a new hello with it is refused, also after the server
restarts); the seat gets its new name, the table's feed says so, and whoever opens the
new link plays the seat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_harness import Seat, ServerProcess, open_table

SETTINGS = {
    "players": 3,
    "deals": 2,
    "seats": [None, None, "random"],
    "names": ["Ana", "Bruno", ""],
    "bot_delay_ms": 0,
    "grace_seconds": 600,
}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}"
    else:
        yield request.getfixturevalue("pg_url")


async def next_of(seat: Seat, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    while True:
        message = await seat.receive(timeout)
        if message["type"] == kind:
            return message


async def closed(seat: Seat, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The messages a page gets until its socket is closed."""
    got: list[dict[str, Any]] = []
    async with asyncio.timeout(timeout):
        while True:
            try:
                got.append(await seat.receive(timeout))
            except Exception:
                return got


async def refused_hello(server: ServerProcess, table: str, token: str) -> str:
    gone = Seat(server.ws_base, table, token)
    with pytest.raises(RuntimeError) as refused:
        await gone.connect()
    await gone.close()
    return str(refused.value)


async def test_a_new_link_replaces_the_old_one_at_once(database: str, tmp_path: Path) -> None:
    with ServerProcess(database, tmp_path / "server.log") as server:
        links, (ana, bruno), owner, _ = await open_table(server, SETTINGS)
        table = links["table"]
        # only the owner's page makes links, for a person's seat, with a good name
        await ana.send({"type": "new_link", "seat": 1, "name": "Eve"})
        assert "owner" in (await next_of(ana, "error"))["message"]
        for wrong, said in (
            ({"seat": 2, "name": ""}, "bot"),
            ({"seat": 7, "name": ""}, "seat"),
            ({"seat": 1, "name": "x" * 25}, "24"),
            ({"seat": 1, "name": 3}, "name"),
        ):
            await owner.send({"type": "new_link", **wrong})
            assert said in (await next_of(owner, "error"))["message"]
        await owner.send({"type": "new_link", "seat": 1, "name": "Chloé"})
        made = await next_of(owner, "seat_link")
        assert (made["seat"], made["name"]) == (1, "Chloé")
        assert made["token"] != bruno.token
        told = await closed(bruno)
        errors = [m for m in told if m["type"] == "error"]
        assert errors and errors[-1]["rule"] == "link"
        assert "no longer opens it" in errors[-1]["message"]
        snapshot = await next_of(ana, "snapshot")
        assert snapshot["table"]["names"][1] == "Chloé"
        notice = (await next_of(ana, "chat"))["entry"]
        assert (notice["kind"], notice["seat"], notice["role"]) == ("seat", 1, "table")
        assert "No table has this link" in await refused_hello(server, table, bruno.token)
        chloe = Seat(server.ws_base, table, made["token"])
        mine = await chloe.connect()
        assert mine["you"] == {"seat": 1, "role": "player", "owner": False}
        assert mine["table"]["present"][1] is True
        # freed: no name, and Chloé's link goes the same way
        await owner.send({"type": "new_link", "seat": 1, "name": ""})
        freed = await next_of(owner, "seat_link")
        assert any(m["type"] == "error" and m["rule"] == "link" for m in await closed(chloe))
        snapshot = await next_of(ana, "snapshot")
        assert snapshot["table"]["names"][1] == ""
        await ana.close()
        await owner.close()
    with ServerProcess(database, tmp_path / "again.log") as server:
        # the database kept only the newest link of the seat
        for old in (bruno.token, made["token"]):
            assert "No table has this link" in await refused_hello(server, table, old)
        back = Seat(server.ws_base, table, freed["token"])
        assert (await back.connect())["you"]["seat"] == 1
        await back.close()


async def test_a_seat_given_to_another_person_keeps_its_earlier_name(
    database: str, tmp_path: Path
) -> None:
    """The events before a new link keep the name of who had the seat: the table says
    which name a seat had up to which event (``earlier_names``), the chat's entries keep
    the name they were written under, and both survive a restart."""
    with ServerProcess(database, tmp_path / "server.log") as server:
        links, (ana, bruno), owner, _ = await open_table(server, SETTINGS)
        table = links["table"]
        assert ana.table is not None and ana.table["earlier_names"] == []
        await bruno.send({"type": "chat", "text": "salut"})
        said = (await next_of(ana, "chat"))["entry"]
        assert (said["seat"], said["name"]) == (1, "Bruno")
        await owner.send({"type": "new_link", "seat": 1, "name": "Chloé"})
        await next_of(owner, "seat_link")
        snapshot = await next_of(ana, "snapshot")
        until = snapshot["seq"]
        assert until > 0
        earlier = [{"seat": 1, "until": until, "name": "Bruno"}]
        assert snapshot["table"]["earlier_names"] == earlier
        assert snapshot["table"]["names"][1] == "Chloé"
        notice = (await next_of(ana, "chat"))["entry"]
        assert (notice["kind"], notice["name"]) == ("seat", "Chloé")
        for seat in (ana, bruno, owner):
            await seat.close()
    with ServerProcess(database, tmp_path / "again.log") as server:
        again = Seat(server.ws_base, table, ana.token)
        snapshot = await again.connect(0)
        assert snapshot["table"]["earlier_names"] == earlier
        names = [(e["kind"], e["name"]) for e in snapshot["chat"]]
        assert names == [("text", "Bruno"), ("seat", "Chloé")]
        await again.close()
