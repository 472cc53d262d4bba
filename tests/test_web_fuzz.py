"""A fuzz test of the websocket protocol: thousands of random and mutated messages
(not JSON, wrong types, huge, binary, out of turn, for other seats, replays) sent by
many connections while the seats play on. The server never crashes, every refusal
is an error message, and afterwards the table rebuilt from the database is the live
one, seat by seat, and a legal game goes on to the end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from atout.session import observation_json
from tests.web_harness import Seat, ServerProcess, choose_action, open_table, rebuild_from, token_of

MESSAGES_PER_CONNECTION = 300
CARDS = ["T21", "T1", "EX", "KS", "10H", "1C", "QD", "NS", "JH", "T22", "ks", "R♠", "", "XX"]
KINDS = ["act", "start", "seat_bot", "ping", "hello", "pong", "update", "", None, 7]
ACTION_TYPES = ["draw", "contribute", "shuffle", "cut", "deal", "show_chien", "petit_sec"]
ACTION_TYPES += ["ecart", "bid", "call", "discard", "chelem", "poignee", "play", "fly"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("fuzz")
    with ServerProcess(f"sqlite:///{folder / 'atout.db'}", folder / "server.log") as process:
        yield process


def junk(rng: random.Random) -> Any:
    """A random JSON value, small."""
    choice = rng.randrange(8)
    if choice == 0:
        return rng.choice([None, True, False, 0, -1, 2**63, 1.5, float("1e308")])
    if choice == 1:
        return rng.choice(CARDS + ["", "x" * rng.randrange(50), "\u0000", "é"])
    if choice == 2:
        return [junk(rng) for _ in range(rng.randrange(4))]
    if choice == 3:
        return {rng.choice(["type", "seat", "card", "k", "id"]): junk(rng)}
    return rng.randrange(-3, 80)


def mutate(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal action with one thing wrong (or right by chance)."""
    changed = dict(action)
    key = rng.choice([*changed, "extra"])
    what = rng.randrange(5)
    if what == 0:
        changed[key] = junk(rng)
    elif what == 1:
        changed.pop(key, None)
    elif what == 2:
        changed["seat"] = rng.randrange(-1, 6)
    elif what == 3:
        changed["type"] = rng.choice(ACTION_TYPES)
    else:
        changed["card"] = rng.choice(CARDS)
    return changed


def fuzz_message(rng: random.Random, seen: list[dict[str, Any]], seat: int | None) -> str | bytes:
    """One message of the fuzz."""
    if rng.random() < 0.01:  # over the websocket's own limit: the server closes it
        return json.dumps({"type": "ping", "pad": "x" * 70_000})
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if kind == 1:
        return "".join(rng.choice('{}[]",:0a\\') for _ in range(rng.randrange(1, 60)))
    if kind == 2:
        return json.dumps({"type": "act", "id": 1, "action": {"type": "play", "pad": "x" * 5000}})
    if kind == 3:
        return "[" * 2000 + "]" * 2000
    if kind == 4:
        return json.dumps({"type": rng.choice(KINDS), "id": junk(rng), "action": junk(rng)})
    if kind == 5 and seen:  # a replay, word for word
        return json.dumps({"type": "act", "id": rng.randrange(10**6), "action": rng.choice(seen)})
    if kind in (6, 7) and seen:
        action = mutate(rng.choice(seen), rng)
        return json.dumps({"type": "act", "id": rng.randrange(100), "action": action})
    if kind == 8:  # a well-formed action of a seat, most often out of turn
        action_type = rng.choice(ACTION_TYPES)
        action = {"type": action_type, "seat": seat if rng.random() < 0.6 else rng.randrange(5)}
        if action_type == "cut":
            action["k"] = rng.randrange(0, 80)
        elif action_type in ("play", "discard", "call"):
            action["card"] = rng.choice(CARDS)
        elif action_type == "bid":
            action["contract"] = rng.choice(["pass", "prise", "garde", "garde_sans", "x"])
        elif action_type == "contribute":
            action["value"] = rng.randbytes(rng.choice([8, 16, 32, 70])).hex()
        return json.dumps({"type": "act", "id": rng.randrange(100), "action": action})
    if kind == 9:
        return json.dumps({"type": "seat_bot", "seat": junk(rng), "bot": junk(rng)})
    if kind == 10:
        return json.dumps({"type": rng.choice(["start", "hello", "ping"]), "token": "x"})
    return json.dumps(junk(rng))


async def fuzzer(
    server: ServerProcess,
    table: str,
    token: str,
    seat: int | None,
    seed: int,
    seen: list[dict[str, Any]],
    counts: dict[str, int],
) -> None:
    rng = random.Random(seed)
    conn = Seat(server.ws_base, table, token)
    await conn.connect()
    sent = 0

    async def read() -> None:
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                message = await conn.receive(60)
                counts[message["type"]] = counts.get(message["type"], 0) + 1

    reader = asyncio.get_running_loop().create_task(read())
    while sent < MESSAGES_PER_CONNECTION:
        message = fuzz_message(rng, seen, seat)
        try:
            assert conn.ws is not None
            await conn.ws.send(message)
            sent += 1
            counts["sent"] = counts.get("sent", 0) + 1
        except ConnectionClosed:
            counts["closed"] = counts.get("closed", 0) + 1
            await reader
            await conn.connect()
            reader = asyncio.get_running_loop().create_task(read())
        await asyncio.sleep(1 / 19)  # within the rate: the messages are read, not refused
    await conn.close()
    await reader


async def test_thousands_of_bad_messages_change_nothing_but_legal_actions(
    server: ServerProcess,
) -> None:
    settings = {"players": 4, "deals": 2, "seats": [None, None, None, "random"], "bot_delay_ms": 0}
    links, seats, owner, watchers = await open_table(server, settings, spectators=1)
    table = links["table"]
    seen: list[dict[str, Any]] = []
    counts: dict[str, int] = {}

    def recording(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
        action = choose_action(view, rng)
        if action is not None:
            seen.append(action)
        return action

    tokens: list[tuple[str, int | None]] = [(token_of(links["owner"]), None)]
    tokens.append((token_of(links["spectator"]), None))
    tokens += [(token_of(s["url"]), s["seat"]) for s in links["seats"] if s["url"]]
    fuzzers = [
        fuzzer(server, table, token, seat, 1000 * i + j, seen, counts)
        for i, (token, seat) in enumerate(tokens)
        for j in range(2)
    ]
    players = [
        s.play(random.Random(i), think=0.05, choose=recording, until=lambda s: False)
        for i, s in enumerate(seats)
    ]
    playing = [asyncio.get_running_loop().create_task(p) for p in players]
    await asyncio.gather(*fuzzers)
    for task in playing:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    assert counts["sent"] >= len(tokens) * 2 * MESSAGES_PER_CONNECTION
    assert counts["error"] > counts["sent"] // 2, counts
    assert counts["closed"] >= 5, counts  # closed for a huge message, and back
    for conn in [*seats, owner, *watchers]:
        await conn.close()
    await asyncio.sleep(0.3)

    # the live table, seat by seat, is the one the database rebuilds
    fresh = [Seat(server.ws_base, table, seat.token) for seat in seats]
    spectator = Seat(server.ws_base, table, token_of(links["spectator"]))
    snapshots = [await conn.connect(seq=0) for conn in [*fresh, spectator]]
    rebuilt = await rebuild_from(server.db, table)
    assert rebuilt.actions, "the seats played"
    for snapshot in snapshots:
        seat = snapshot["you"]["seat"]
        assert snapshot["seq"] == len(rebuilt.events)
        assert snapshot["view"] == observation_json(rebuilt.observation(seat))
        assert snapshot["events"] == rebuilt.events_since(0, seat)

    # and a legal game goes on to the end
    await asyncio.gather(*(s.play(random.Random(7 + i)) for i, s in enumerate(fresh)))
    assert all((s.view or {}).get("over") for s in fresh)
    assert all(not s.errors for s in fresh), [s.errors for s in fresh]
    log = server.log.read_text()
    assert "Traceback" not in log and "Exception in ASGI application" not in log
    for conn in [*fresh, spectator]:
        await conn.close()
