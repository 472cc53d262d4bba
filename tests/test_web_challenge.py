"""Today's challenge at the web table (atout.web.challenge): two people play the same
challenge over the websocket, the ranking is the tournaments' duplicate comparison of
their marks and the bots' line; the refusals; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime
import random
import urllib.request
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from atout.bots.arena import iter_deals
from atout.cards import CardSet
from atout.session import Table, TableSettings
from atout.tournament.duplicate import Result, compare_deal
from atout.web.challenge import Challenge, bots_marks, daily_seed, rank_lines
from tests.conftest import own_database
from tests.web_harness import Seat, ServerProcess, http_json, stored_actions, token_of

DEALS = 2


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, worker_id: str
) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("challenge")
    extra = ["--tables-per-hour", "1000000", "--challenge-deals", str(DEALS)]
    if request.param == "sqlite":
        with ServerProcess(f"sqlite:///{folder / 'atout.db'}", folder / "log", extra=extra) as p:
            yield p
        return
    cluster = request.getfixturevalue("pg_cluster")
    with (
        own_database(cluster, worker_id) as url,
        ServerProcess(url, folder / "log", extra=extra) as p,
    ):
        yield p


def today() -> str:
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def start(server: ServerProcess, name: str, **more: Any) -> tuple[int, dict[str, Any]]:
    body = {"name": name, "bot_delay_ms": 0, **more}
    status, data, _ = http_json("POST", f"{server.base}/api/challenge", body)
    return status, data


async def play(server: ServerProcess, link: str, seed: int) -> list[int]:
    """Play a challenge's table to its end; the person's marks of each donne, from the
    table's record."""
    table = link.split("/t/", 1)[1].split("#", 1)[0]
    seat = Seat(server.ws_base, table, token_of(link))
    await seat.connect()
    try:
        await seat.play(random.Random(seed))
    finally:
        await seat.close()
    status, record, _ = http_json(
        "GET",
        f"{server.base}/api/tables/{table}/record",
        headers={"Authorization": f"Bearer {token_of(link)}"},
    )
    assert status == 200, record
    day = datetime.date.fromisoformat(today())
    for donne, deal in zip(record["donnes"], iter_deals(4, DEALS, daily_seed(day)), strict=True):
        hands = [CardSet.parse(" ".join(h)) for h in donne["deal"]["hands"]]
        assert hands == [CardSet(h) for h in deal.hands]  # the arena's deals of the date
    return [donne["result"]["marks"][0] if donne["result"] else 0 for donne in record["donnes"]]


def test_two_people_are_ranked_by_the_duplicate_comparison_with_the_bots_line(
    server: ServerProcess,
) -> None:
    suffix = server.db[:6]
    ana, ben = f"Ana-{suffix}", f"Ben-{suffix}"
    status, first = start(server, ana)
    assert status == 201, first
    assert first["ranking"] == f"/challenge/{today()}?deals={DEALS}&name={ana}"
    status, second = start(server, ben)
    assert status == 201, second

    async def both() -> list[list[int]]:
        return list(
            await asyncio.gather(play(server, first["url"], 1), play(server, second["url"], 2))
        )

    marks_ana, marks_ben = asyncio.run(both())
    for started in (first, second):
        table = started["table"]
        mine = [a for a in asyncio.run(stored_actions(server.db, table)) if a.get("seat") == 0]
        assert mine and not [a for a in mine if a.get("by") == "bot"], mine  # the person played
    status, ranking, _ = http_json("GET", f"{server.base}/api/challenge/{today()}?name={ana}")
    assert status == 200, ranking
    bots = list(bots_marks(Challenge(datetime.date.fromisoformat(today()), DEALS)))
    lines = {row["name"]: row for row in ranking["ranking"]}
    assert lines[ana]["marks"] == marks_ana and lines[ben]["marks"] == marks_ben
    (bots_row,) = [row for row in ranking["ranking"] if row["bots"]]
    assert bots_row["marks"] == bots
    expected = {ana: Fraction(0), ben: Fraction(0), "bots": Fraction(0)}
    for k in range(DEALS):
        scores = compare_deal(
            [Result((0,), (marks_ana[k],)), Result((1,), (marks_ben[k],)), Result((2,), (bots[k],))]
        )
        for i, who in enumerate((ana, ben, "bots")):
            expected[who] += scores[i]
    assert Fraction(lines[ana]["exact"]) == expected[ana]
    assert Fraction(lines[ben]["exact"]) == expected[ben]
    assert Fraction(bots_row["exact"]) == expected["bots"]
    places = sorted(expected.values(), reverse=True)
    assert lines[ana]["place"] == places.index(expected[ana]) + 1
    assert lines[ana]["you"] and not lines[ben]["you"]
    assert ranking["place"].endswith(" of 3")
    # the page shows it, the person's row highlighted
    with urllib.request.urlopen(f"{server.base}/challenge/{today()}?name={ana}") as answer:
        page = answer.read().decode()
    assert page.count('class="you"') == 1 and ranking["place"] in page
    # a second try under the same name is refused in one line
    status, again = start(server, ana.upper())
    assert status == 409 and "played this challenge already" in again["error"]


def test_refusals_are_one_line_in_the_readers_language(server: ServerProcess) -> None:
    status, data = start(server, "Zoé", date="2026-02-30")
    assert status == 404 and data["error"].startswith("2026-02-30: not a date")
    status, data = start(server, "Zoé", date="2999-01-01")
    assert status == 404 and "not open yet" in data["error"]
    status, data = start(server, "Zoé", deals=99)
    assert status == 400 and data["error"] == "deals: a challenge has 1 to 24 donnes, not 99"
    status, data = start(server, "Zoé", deals=0)
    assert status == 400 and data["error"] == "deals: a challenge has 1 to 24 donnes, not 0"
    status, data = start(server, "Zoé", date=20261202)
    assert status == 404 and data["error"].startswith("20261202: not a date")
    status, data = start(server, "  ")
    assert status == 400 and data["error"].startswith("name:")
    status, data, _ = http_json(
        "GET", f"{server.base}/api/challenge/2999-01-01", headers={"Accept-Language": "fr"}
    )
    assert status == 404 and "pas encore" in data["error"], data
    yesterday = datetime.date.fromisoformat(today()) - datetime.timedelta(days=1)
    status, data, _ = http_json("GET", f"{server.base}/api/challenge/{yesterday}")
    assert status == 200 and [row["bots"] for row in data["ranking"]] == [True], data


def test_a_fixed_seed_table_deals_the_arenas_deals() -> None:
    settings = TableSettings(deals=3, seats=("heuristic",) * 4, fixed_seed=77)
    table = Table(settings, 5)
    while not table.is_over:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    for deal, wanted in zip(table.match.deals, iter_deals(4, 3, 77), strict=True):
        assert deal.hands == wanted.hands and deal.chien == wanted.chien
        assert deal.dealer == wanted.dealer
    kinds = {event.kind for event in table.events}
    assert "shuffled" not in kinds and "cut" not in kinds  # no one at the table did


def test_the_ranking_compares_each_deal_like_a_duplicate() -> None:
    lines = rank_lines([("a", (100, -50)), ("b", (40, 10))], (10, 10), "bots")
    # deal 1: average 50 → a +50, b -10, bots -40; deal 2: average -10 → a -40, b +20, bots +20
    assert [(line.name, line.score, line.place) for line in lines] == [
        ("a", Fraction(10), 1),
        ("b", Fraction(10), 1),
        ("bots", Fraction(-20), 3),
    ]
    (alone,) = rank_lines([], (10, -10), "bots")  # no one has played it yet
    assert (alone.place, alone.score, alone.bots) == (1, Fraction(0), True)


def test_the_daily_seed_is_the_documented_formula() -> None:
    import hashlib

    day = datetime.date(2026, 12, 2)
    raw = hashlib.sha256(b"atout.challenge/1 2026-12-02").digest()
    assert daily_seed(day) == int.from_bytes(raw[:8], "big")
