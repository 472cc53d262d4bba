"""The creator who plays, and the links a browser kept, over real websockets and HTTP
on SQLite and PostgreSQL: a seat's hello that also gives the table's owner token has
the owner's powers (start, bots, new links) and still sees only its own hand; any
other token gives none; ``GET /api/tables`` says what each kept link opens, and leaves
out a link the owner replaced."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_harness import Seat, ServerProcess, create_table, http_json, token_of

SETTINGS = {
    "players": 3,
    "deals": 1,
    "seats": [None, None, "random"],
    "names": ["Ana", "Bruno", ""],
    "bot_delay_ms": 0,
    "grace_seconds": 600,
    "spectators_see_hands": True,
}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'atout.db'}"
    else:
        yield request.getfixturevalue("pg_url")


class CreatorSeat(Seat):
    """A seat's page whose hello also gives a token as ``owner``."""

    def __init__(self, ws_base: str, table: str, token: str, owner: Any) -> None:
        super().__init__(ws_base, table, token)
        self.owner = owner

    async def send(self, message: dict[str, Any] | str) -> None:
        if isinstance(message, dict) and message.get("type") == "hello":
            message = {**message, "owner": self.owner}
        await super().send(message)


async def answer_to(seat: Seat, message: dict[str, Any]) -> dict[str, Any]:
    """The first snapshot, error or seat_link after sending ``message``."""
    await seat.send(message)
    while True:
        got = await seat.receive(10)
        if got["type"] in ("snapshot", "error", "seat_link"):
            return got


def links_known(server: ServerProcess, tokens: list[str]) -> list[dict[str, Any]]:
    headers = {"X-Atout-Links": ",".join(tokens)}
    status, data, _ = http_json("GET", f"{server.base}/api/tables", headers=headers)
    assert status == 200
    rows: list[dict[str, Any]] = data["links"]
    return rows


def test_a_seat_with_the_owner_token_has_the_owner_powers(database: str, tmp_path: Path) -> None:
    with ServerProcess(database, tmp_path / "log") as server:
        links = create_table(server.base, SETTINGS)
        other = create_table(server.base, SETTINGS)
        table = links["table"]
        mine, guest = (token_of(s["url"]) for s in links["seats"][:2])
        owner = token_of(links["owner"])

        async def run() -> None:
            # any other token as owner gives nothing: the spectators', another table's
            # owner's, a guest's own, a wrong type
            for wrong in (token_of(links["spectator"]), token_of(other["owner"]), guest, 7, "x"):
                page = CreatorSeat(server.ws_base, table, guest, wrong)
                snapshot = await page.connect()
                assert snapshot["you"] == {"seat": 1, "role": "player", "owner": False}
                refused = await answer_to(page, {"type": "start"})
                assert refused["type"] == "error" and "owner" in refused["message"]
                await page.close()
            creator = CreatorSeat(server.ws_base, table, mine, owner)
            snapshot = await creator.connect()
            assert snapshot["you"] == {"seat": 0, "role": "player", "owner": True}
            made = await answer_to(creator, {"type": "new_link", "seat": 1, "name": "Chloé"})
            assert made["type"] == "seat_link" and made["seat"] == 1
            started = await answer_to(creator, {"type": "start"})
            while started["type"] != "error" and not started.get("table", {}).get("started"):
                started = await creator.receive(10)  # the new link's own snapshot first
            assert started["type"] == "snapshot" and started["table"]["started"]
            # a player first: his own hand only, though spectators see every hand
            view = started["view"]
            assert view["seat"] == 0
            assert view["hands"] is None, "every hand is the spectators' link's alone"
            await creator.close()

        asyncio.run(run())


def test_the_kept_links_say_what_they_open(database: str, tmp_path: Path) -> None:
    with ServerProcess(database, tmp_path / "log") as server:
        links = create_table(server.base, SETTINGS)
        table = links["table"]
        seat_tokens = [token_of(s["url"]) for s in links["seats"][:2]]
        kept = [*seat_tokens, token_of(links["spectator"]), "no-such-token"]
        rows = links_known(server, kept)
        assert [(r["index"], r["role"], r["seat"]) for r in rows] == [
            (0, "player", 0),
            (1, "player", 1),
            (2, "spectator", None),
        ]
        assert all(r["table"] == table and not r["started"] and not r["over"] for r in rows)
        assert rows[0]["names"][:2] == ["Ana", "Bruno"]

        async def renew() -> None:
            owner = Seat(server.ws_base, table, token_of(links["owner"]))
            await owner.connect()
            made = await answer_to(owner, {"type": "new_link", "seat": 1, "name": ""})
            assert made["type"] == "seat_link"
            await owner.close()

        asyncio.run(renew())
        rows = links_known(server, kept)
        assert [r["index"] for r in rows] == [0, 2], "the replaced link opens nothing"
