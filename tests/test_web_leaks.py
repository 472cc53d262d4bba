"""Nothing leaks: whole matches of 3, 4 and 5 players where every seat is a websocket
client playing from its view, with spectators and the owner connected, and every
message every connection received inspected afterwards against the truth (the table
rebuilt from the database): no card of another seat that the seat may not know yet,
never the table's seed, a deal's secret only once its donne is over, never a token."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from atout.cards import Card
from atout.record import parse_card
from atout.session import Table
from tests.web_harness import Seat, ServerProcess, choose_action, open_table, rebuild_from

WORD = re.compile(r"[0-9A-Z]+")
BIDS = {"pass": 10, "prise": 10, "garde": 1, "garde_sans": 0.1, "garde_contre": 0.1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("leaks")
    with ServerProcess(f"sqlite:///{folder / 'atout.db'}", folder / "server.log") as process:
        yield process


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """Legal choices at random, the bids weighted so that écarts happen often."""
    bids = [o for o in view["options"] if o["type"] == "bid"]
    if bids:
        return dict(rng.choices(bids, [BIDS[b["contract"]] for b in bids])[0])
    return choose_action(view, rng)


def cards_in(value: Any) -> set[Card]:
    """Every card named anywhere in a JSON value (also inside a text: ``P1: 7D …``)."""
    found: set[Card] = set()
    if isinstance(value, str):
        for word in WORD.findall(value):
            with contextlib.suppress(Exception):
                found.add(parse_card(word))
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item)
    return found


class Truth:
    """What each seat may know, from the table rebuilt from the database."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.dealt = [[set(cards) for cards in d.deal.received] for d in table.match.donnes]
        self.end: dict[int, int] = {}
        self.public: dict[int, list[tuple[int, set[Card]]]] = {}
        for event in table.events:
            told = event.for_seat(None)
            shown: set[Card] = set()
            kind = event.kind
            if kind in ("card_played", "call") or (kind == "discard" and told["card"]):
                shown.add(parse_card(told["card"]))
            elif kind == "poignee" or kind == "chien_revealed":
                shown |= {parse_card(c) for c in told["cards"]}
            elif kind == "petit_sec":
                shown |= {parse_card(c) for c in told["hand"]}
            elif kind in ("donne_scored", "donne_voided"):
                self.end.setdefault(event.donne, event.seq)
            if shown:
                self.public.setdefault(event.donne, []).append((event.seq, shown))

    def over(self, donne: int, seq: int) -> bool:
        return seq >= self.end.get(donne, 10**9)

    def allowed(self, seat: int | None, donne: int, seq: int) -> set[Card]:
        known: set[Card] = set()
        for at, shown in self.public.get(donne, []):
            if at <= seq:
                known |= shown
        if seat is not None and 1 <= donne <= len(self.dealt):
            known |= self.dealt[donne - 1][seat]
        return known

    def secrets(self) -> dict[int, str]:
        found = {}
        for number in range(1, self.table.number + 1):
            fairness = self.table.fairness(number)
            if fairness and fairness.get("secret"):
                found[number] = fairness["secret"]
        return found


def inspect(conn: Seat, truth: Truth, seed: int, tokens: list[str], all_hands: bool) -> int:
    """Check every message of one connection; the number of card names checked."""
    seat = (conn.you or {}).get("seat")
    secrets = truth.secrets()
    seed_forms = {str(seed), f"{seed:x}", seed.to_bytes(32, "big").hex()}
    checked = 0
    last = 0
    for raw in conn.messages:
        message = json.loads(raw)
        last = message.get("seq", last)
        assert not any(form in raw for form in seed_forms), "the seed was sent"
        assert not any(token in raw for token in tokens), "a token was sent"
        for number, secret in secrets.items():
            if secret in raw:
                assert truth.over(number, last), f"donne {number}'s secret before its end"
        if all_hands:
            continue
        for event in message.get("events", []):
            if event["kind"] == "card_drawn" or truth.over(event["donne"], event["seq"]):
                continue
            named = cards_in({k: v for k, v in event.items() if k != "rule"})
            extra = named - truth.allowed(seat, event["donne"], event["seq"])
            assert not extra, f"seat {seat} told {sorted(map(str, extra))} in {event}"
            checked += len(named)
        view = message.get("view")
        if view:
            assert view["hands"] is None
            number = view["number"]
            if number and not truth.over(number, view["seq"]):
                shown = {k: v for k, v in view.items() if k not in ("deal", "sheet")}
                shown["petit_sec"] = view["deal"]["petit_sec"]
                # the King to call (B4) is named, not held: any King may be called
                shown["options"] = [o for o in view["options"] if o["type"] != "call"]
                named = cards_in(shown)
                extra = named - truth.allowed(seat, number, view["seq"])
                assert not extra, f"seat {seat} sees {sorted(map(str, extra))} at {view['seq']}"
                checked += len(named)
        if message["type"] == "error":
            named = cards_in(message["message"])
            assert not named - truth.allowed(seat, truth.table.number, last)
    return checked


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_no_message_holds_a_card_its_seat_may_not_see(
    server: ServerProcess, players: int
) -> None:
    settings = {"players": players, "deals": 3, "seats": [None] * players, "bot_delay_ms": 0}
    links, seats, owner, watchers = await open_table(server, settings, spectators=2)
    rngs = [random.Random(100 * players + s) for s in range(players)]
    await asyncio.gather(
        *(s.play(r, choose=choose) for s, r in zip(seats, rngs, strict=True)),
        *(w.watch() for w in [owner, *watchers]),
    )
    truth = Truth(await rebuild_from(server.db, links["table"]))
    assert truth.table.is_over and len(truth.end) == truth.table.number
    seed = await stored_seed(server, links["table"])
    tokens = [link.split("#")[1] for link in [links["owner"], links["spectator"]]]
    tokens += [s["url"].split("#")[1] for s in links["seats"]]
    checked = 0
    for conn in [*seats, owner, *watchers]:
        checked += inspect(conn, truth, seed, tokens, all_hands=False)
    assert checked > 1000  # the inspection saw the cards of the match
    kinds = {e.kind for e in truth.table.events}
    assert {"discard", "card_played", "secret_revealed"} <= kinds, "an écart was made"
    assert all(not s.errors for s in seats), [s.errors for s in seats]
    log = (server.log).read_text()
    assert not any(token in log for token in tokens)
    for conn in [*seats, owner, *watchers]:
        await conn.close()


async def test_spectators_see_the_hands_only_when_the_table_allows_it(
    server: ServerProcess,
) -> None:
    settings = {"players": 3, "deals": 1, "seats": [None, "random", "random"], "bot_delay_ms": 0}
    links, seats, owner, watchers = await open_table(
        server, {**settings, "spectators_see_hands": True}, spectators=1
    )
    await asyncio.gather(seats[0].play(random.Random(1)), watchers[0].watch(), owner.watch())
    truth = Truth(await rebuild_from(server.db, links["table"]))
    seed = await stored_seed(server, links["table"])
    hands_seen = [json.loads(m).get("view", {}) or {} for m in watchers[0].messages]
    full = [v["hands"] for v in hands_seen if v.get("hands")]
    assert full and all(len(h) == 3 for h in full)
    first = full[0]
    dealt = truth.dealt[0]
    assert [set(map(parse_card, hand)) for hand in first] == dealt
    inspect(watchers[0], truth, seed, [], all_hands=True)  # the seed and the secret still not
    inspect(seats[0], truth, seed, [], all_hands=False)
    for conn in [*seats, owner, *watchers]:
        await conn.close()


async def stored_seed(server: ServerProcess, table: str) -> int:
    from atout.web.db import Store, database_url

    store = await Store.open(database_url(server.db))
    try:
        stored = await store.load(table)
    finally:
        await store.close()
    assert stored is not None
    return stored.seed
