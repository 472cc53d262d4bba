"""The pause after a donne at a real ``atout serve``, over websockets: the owner's
``next_seconds`` begins the next donne once that time is up even if a person present
never presses *Next*; without it the table waits; the setting is checked."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web_harness import Seat, ServerProcess, choose_action, create_table, http_json, token_of


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("next")
    process = ServerProcess(f"sqlite+aiosqlite:///{where / 'atout.db'}", where / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


def never_next(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A seat that plays but never presses Next."""
    if any(o["type"] == "next" for o in view.get("options") or []):
        return None
    return choose_action(view, rng)


async def first_donne_over(server: ServerProcess, next_seconds: int) -> tuple[Seat, float]:
    settings = {
        "players": 3,
        "deals": 2,
        "seats": [None, "random", "random"],
        "bot_delay_ms": 0,
        "next_seconds": next_seconds,
    }
    links = create_table(server.base, settings)
    owner = Seat(server.ws_base, links["table"], token_of(links["owner"]))
    seat = Seat(server.ws_base, links["table"], token_of(links["seats"][0]["url"]))
    await seat.connect()
    await owner.connect()
    await owner.send({"type": "start"})
    await owner.close()
    await seat.play(random.Random(7), until=lambda s: "next" in (s.view or {}), choose=never_next)
    return seat, time.monotonic()


async def test_the_owners_delay_begins_the_next_donne_without_a_press(
    server: ServerProcess,
) -> None:
    seat, ended = await first_donne_over(server, 5)
    assert seat.view is not None
    assert seat.view["next"] == {"ready": [], "after": 5}
    assert {"type": "next", "seat": 0} in seat.view["options"]
    while seat.view["number"] == 1:
        await seat.receive(30.0)
    waited = time.monotonic() - ended
    assert 3.5 <= waited <= 20, waited
    assert "next" not in seat.view
    await seat.close()


async def test_without_a_delay_the_table_waits_for_the_person(server: ServerProcess) -> None:
    seat, _ = await first_donne_over(server, 0)
    await seat.drain(quiet=3.0)  # far more than the bots' pause
    assert seat.view is not None and seat.view["number"] == 1 and "next" in seat.view
    assert seat.view["next"]["after"] == 0
    await seat.act({"type": "next", "seat": 0})
    while seat.view["number"] == 1:
        await seat.receive(30.0)
    assert not seat.errors, seat.errors
    await seat.close()


@pytest.mark.parametrize("value", [3, 601, "10", True, -1])
def test_a_wrong_delay_is_refused_with_one_line_naming_it(
    server: ServerProcess, value: Any
) -> None:
    status, data, _ = http_json("POST", f"{server.base}/api/tables", {"next_seconds": value})
    assert status == 400, (status, data)
    assert data["error"].startswith("next_seconds: 0 (when everyone presses Next)"), data
    assert "\n" not in data["error"]
