"""Playing together at a web table, over real websockets and HTTP, on SQLite and on
PostgreSQL: the chat and the quick reactions (bounded, rate-limited, stored with the
table so a reconnection and a restarted server show them), the move timer (the seat's
bot makes the one decision a present person let run out, and the chat says so), and
the lobby's list of open tables where a person takes a free seat by name."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_harness import Seat, ServerProcess, create_table, http_json, open_table, token_of

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("together")
    if request.param == "sqlite":
        db = f"sqlite+aiosqlite:///{where / 'atout.db'}"
    else:
        db = request.getfixturevalue("pg_url")
    with ServerProcess(db, where / "server.log") as process:
        yield process


async def next_of(seat: Seat, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    while True:
        message = await seat.receive(timeout)
        if message["type"] == kind:
            return message


async def test_the_chat_is_bounded_escaped_by_nobody_and_stored_with_the_table(
    server: ServerProcess,
) -> None:
    settings = {"players": 3, "deals": 1, "seats": [None, None, "random"], "bot_delay_ms": 0}
    links, (ana, ben), owner, (watcher,) = await open_table(server, settings, spectators=1)
    await ana.send({"type": "chat", "text": "  <b>bonne</b> donne\u0007 !  "})
    entry = (await next_of(ben, "chat"))["entry"]
    assert entry["text"] == "<b>bonne</b> donne  !"  # as typed, minus control characters
    assert (entry["kind"], entry["seat"], entry["role"], entry["n"]) == ("text", 0, "player", 0)
    assert (await next_of(watcher, "chat"))["entry"] == entry  # spectators read it
    assert (await next_of(ana, "chat"))["entry"] == entry  # its sender too
    await ben.send({"type": "react", "reaction": "♥"})
    reaction = (await next_of(ana, "chat"))["entry"]
    assert (reaction["kind"], reaction["text"], reaction["seat"]) == ("reaction", "♥", 1)
    refused = []
    for message in (
        {"type": "chat", "text": "x" * 201},
        {"type": "chat", "text": "   "},
        {"type": "chat", "text": 12},
        {"type": "react", "reaction": "<script>"},
    ):
        await ana.send(message)
        refused.append((await next_of(ana, "error"))["message"])
    assert refused[0] == "chat: a message is at most 200 characters"
    assert refused[1] == "chat: the message is empty"
    assert refused[3].startswith("react: one of ★ ♥")
    await watcher.send({"type": "chat", "text": "hello"})
    assert "spectator" in (await next_of(watcher, "error"))["message"]
    # five a seat in ten seconds (the refused ones above counted too)
    french = Seat(server.ws_base, links["table"], ben.token, lang="fr")
    await french.connect()
    for _ in range(5):
        await french.send({"type": "chat", "text": "encore"})
    error = await next_of(french, "error")
    assert error["rule"] == "limit" and "10" in error["message"]
    assert "messages" in error["message"] and "secondes" in error["message"]
    await ana.drain(0.5)
    again = Seat(server.ws_base, links["table"], ana.token)
    snapshot = await again.connect()
    texts = [(e["kind"], e["text"]) for e in snapshot["chat"]]
    assert texts[:2] == [("text", "<b>bonne</b> donne  !"), ("reaction", "♥")]
    assert texts[2:] == [("text", "encore")] * 4
    for seat in (ana, ben, owner, watcher, french, again):
        await seat.close()


async def test_the_move_timer_lets_the_bot_make_one_decision_and_says_so(
    server: ServerProcess,
) -> None:
    settings = {
        "players": 3,
        "deals": 1,
        "seats": [None, "random", "random"],
        "bot_delay_ms": 0,
        "move_seconds": 5,
    }
    links, (slow,), owner, _ = await open_table(server, settings)
    assert slow.table is not None and slow.table["move_seconds"] == 5
    started = asyncio.get_running_loop().time()
    entry = (await next_of(owner, "chat", timeout=30))["entry"]
    waited = asyncio.get_running_loop().time() - started
    assert (entry["kind"], entry["seat"], entry["role"]) == ("timer", 0, "table")
    assert waited >= 4.5, "the bot waited for the timer"
    assert len(slow.table["stand_in"]) == 3 and not any(slow.table["stand_in"])
    seq = slow.seq
    await slow.drain(0.5)
    assert slow.seq > seq, "the table moved on"
    snapshot = await Seat(server.ws_base, links["table"], slow.token).connect()
    assert [e["kind"] for e in snapshot["chat"]][:1] == ["timer"]
    status, data, _ = http_json("POST", f"{server.base}/api/tables", {"move_seconds": 3})
    assert status == 400
    assert data["error"].startswith("move_seconds: 0 (no timer) or a whole number from 5")
    await slow.close()
    await owner.close()


async def test_an_open_table_is_listed_and_a_free_seat_taken_by_name(
    server: ServerProcess,
) -> None:
    hidden = create_table(server.base, {"players": 3, "seats": [None, None, "random"]})
    links = create_table(
        server.base, {"players": 3, "seats": [None, None, "random"], "listed": True}
    )
    table = links["table"]
    first = Seat(server.ws_base, table, token_of(links["seats"][0]["url"]))
    await first.connect()  # seat 0 is taken by its link's person
    await asyncio.sleep(0.3)
    status, data, _ = http_json("GET", f"{server.base}/api/open")
    listed = {t["table"]: t for t in data["tables"]}
    assert hidden["table"] not in listed
    assert listed[table]["free"] == [1] and listed[table]["kinds"] == ["person", "person", "bot"]
    url = f"{server.base}/api/tables/{table}/take"
    form = {"Content-Type": "text/plain"}
    status, data, _ = http_json("POST", url, {"seat": 1, "name": "Zoé"}, form)
    assert status == 415, "a form of another site sends no JSON"
    cross = {**JSON, "Origin": "http://evil.example"}
    status, data, _ = http_json("POST", url, {"seat": 1, "name": "Zoé"}, cross)
    assert status == 415
    status, data, _ = http_json("POST", url, {"seat": 0, "name": "Zoé"}, JSON)
    assert (status, data["error"]) == (409, "this seat has been taken: choose another")
    status, data, _ = http_json("POST", url, {"seat": 1, "name": "x" * 30}, JSON)
    assert status == 409 and data["error"].startswith("name:")
    status, data, _ = http_json("POST", url, {"seat": 1, "name": "Zoé"}, JSON)
    assert status == 201 and data["url"].startswith(f"{server.base}/t/{table}#")
    old = Seat(server.ws_base, table, token_of(links["seats"][1]["url"]))
    with pytest.raises(RuntimeError, match="No table has this link"):
        await old.connect()
    zoe = Seat(server.ws_base, table, token_of(data["url"]))
    snapshot = await zoe.connect()
    assert snapshot["you"] == {"seat": 1, "role": "player", "owner": False}
    assert snapshot["table"]["names"][1] == "Zoé"
    status, data, _ = http_json("POST", url, {"seat": 1, "name": "Yann"}, JSON)
    assert status == 409
    status, data, _ = http_json("GET", f"{server.base}/api/open")
    assert table not in {t["table"] for t in data["tables"]}, "no free seat left"
    for seat in (first, zoe, old):
        await seat.close()


def test_a_restarted_server_shows_the_chat_again(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'chat.db'}"

    async def say() -> str:
        links = create_table(process.base, {"players": 3, "seats": [None, "random", "random"]})
        seat = Seat(process.ws_base, links["table"], token_of(links["seats"][0]["url"]))
        await seat.connect()
        await seat.send({"type": "chat", "text": "à demain"})
        await next_of(seat, "chat")
        await seat.close()
        return str(links["seats"][0]["url"])

    async def read(link: str) -> list[str]:
        table = link.split("/t/")[1].split("#")[0]
        snapshot = await Seat(process.ws_base, table, token_of(link)).connect()
        return [e["text"] for e in snapshot["chat"]]

    process = ServerProcess(db, tmp_path / "log").start()
    try:
        link = asyncio.run(say())
        process.stop(kill=True)
        process.start()
        assert asyncio.run(read(link)) == ["à demain"]
    finally:
        process.stop()
