"""The companion's players across evenings (atout.web.companion_players): one player per
name on a server, a merge for two spellings, a player's statistics over his evenings,
the sheet as a PNG image, and the players of evenings stored before players existed."""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from PIL import Image

from atout.companion import Evening
from atout.web.companion_players import name_key
from tests.test_companion_web import auth, make_client

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "atout.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


def open_evening(client: TestClient, names: list[str], entries: list[dict[str, Any]]) -> Any:
    answer = client.post("/api/companion", json={"players": len(names), "names": names})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    scorer = data["scorer"].split("#")[1]
    for n, entry in enumerate(entries):
        sent = client.post(
            f"/api/companion/{data['evening']}/entries",
            json={"n": n, "id": f"entry-{n:06d}", "entry": entry},
            headers=auth(scorer),
        )
        assert sent.status_code == 200, sent.text
    view = client.get(f"/api/companion/{data['evening']}", headers=auth(scorer)).json()
    return data["evening"], scorer, view


FIRST: list[dict[str, Any]] = [
    {"type": "dealer", "seat": 0},
    {"type": "result", "contract": "garde", "taker": 2, "points": 56, "bouts": 2},
    {"type": "result", "contract": "prise", "taker": 2, "points": 40, "bouts": 1},
    {"type": "all_pass"},
    {"type": "result", "contract": "garde_sans", "taker": 0, "points": 60, "bouts": 2},
]
SECOND: list[dict[str, Any]] = [
    {"type": "dealer", "seat": 1},
    {"type": "result", "contract": "prise", "taker": 0, "points": 51, "bouts": 1},
]


def test_one_player_per_name_and_his_statistics(client: TestClient) -> None:
    first, scorer1, view1 = open_evening(client, ["Anne", "Bruno", "Chloé", "David"], FIRST)
    second, _, view2 = open_evening(client, [" chloé ", "Émile", "Anne"], SECOND)
    chloe = view1["player_ids"][2]
    assert view2["player_ids"][0] == chloe  # spaces and case aside, one player
    assert view2["player_ids"][2] == view1["player_ids"][0]  # Anne too
    stats = client.get(
        f"/api/companion/players/{chloe}?evening={first}", headers=auth(scorer1)
    ).json()
    assert stats["name"] == "Chloé" and stats["spellings"] == ["chloé"]
    assert [e["evening"] for e in stats["evenings"]] == [first, second]
    # checked against the evenings themselves
    one = Evening(4, ["Anne", "Bruno", "Chloé", "David"], entries=FIRST)
    two = Evening(3, ["chloé", "Émile", "Anne"], entries=SECOND)
    played = [s for s in one.finished() if s.result] + [s for s in two.finished() if s.result]
    marks = [one.marks_of(s)[2] for s in one.finished() if s.result]
    marks += [two.marks_of(s)[0] for s in two.finished() if s.result]
    assert stats["donnes"] == len(played) == 4
    assert stats["average"] == round(sum(marks) / 4, 1)
    assert stats["taken"]["garde"] == {"taken": 1, "made": 1}
    assert stats["taken"]["prise"] == {"taken": 2, "made": 1}  # 40 with 1 bout: failed
    assert stats["taken"]["garde_sans"] == {"taken": 0, "made": 0}
    assert [e["total"] for e in stats["evenings"]] == [one.standings()[2], two.standings()[0]]
    assert stats["evenings"][1]["place"] == 1 + sum(
        1 for t in two.standings() if t > two.standings()[0]
    )
    # a token of an evening he did not sit in, or no token: nothing
    david = view1["player_ids"][3]
    other = client.get(f"/api/companion/players/{david}?evening={second}")
    assert other.status_code == 404
    assert client.get(f"/api/companion/players/{chloe}?evening={first}").status_code == 404


def test_default_names_are_no_one() -> None:
    assert name_key("J1") is None and name_key("Joueur 3") is None and name_key("player 2") is None
    assert name_key("  Chloé   Martin ") == "chloé martin" and name_key("Jo") == "jo"


def test_two_spellings_merged_into_one_player(client: TestClient) -> None:
    _, _, view1 = open_evening(client, ["Anne", "Bruno", "Chloé", "David"], FIRST)
    second, scorer2, view2 = open_evening(client, ["Chloe", "Émile", "Anne"], SECOND)
    chloe, chloe_typo = view1["player_ids"][2], view2["player_ids"][0]
    assert chloe != chloe_typo
    found = client.get(f"/api/companion/players?evening={second}&q=chlo", headers=auth(scorer2))
    assert {p["name"] for p in found.json()["players"]} == {"Chloé", "Chloe"}
    body = {"evening": second, "from": chloe_typo, "into": chloe}
    viewer_refused = client.post("/api/companion/players/merge", json=body)
    assert viewer_refused.status_code == 404
    for bad, words in [
        ({**body, "into": chloe_typo}, "himself"),
        ({**body, "from": 99999}, "Merge"),
        ({"evening": second, "from": view1["player_ids"][1], "into": chloe}, "Merge"),
    ]:
        answer = client.post("/api/companion/players/merge", json=bad, headers=auth(scorer2))
        assert answer.status_code == 400 and words in answer.json()["error"], bad
    merged = client.post("/api/companion/players/merge", json=body, headers=auth(scorer2))
    assert merged.status_code == 200
    seen = client.get(f"/api/companion/{second}", headers=auth(scorer2)).json()
    assert seen["player_ids"][0] == chloe
    stats = client.get(f"/api/companion/players/{chloe}?evening={second}", headers=auth(scorer2))
    assert stats.json()["spellings"] == ["chloe", "chloé"] and len(stats.json()["evenings"]) == 2
    # the next evening with the other spelling finds the same player
    _, _, view3 = open_evening(client, ["CHLOE", "Bruno", "David"], [])
    assert view3["player_ids"][0] == chloe
    french = client.post(
        "/api/companion/players/merge?lang=fr",
        json={**body, "into": chloe_typo, "from": chloe},
        headers=auth(scorer2),
    )
    assert french.status_code == 400 and french.json()["error"].startswith("Fusion")


def test_the_sheet_as_an_image(client: TestClient) -> None:
    evening, scorer, _ = open_evening(client, ["Anne", "Bruno", "Chloé", "David"], FIRST)
    answer = client.get(f"/api/companion/{evening}/sheet.png?lang=fr", headers=auth(scorer))
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    image = Image.open(io.BytesIO(answer.content))
    assert image.size[0] == 900 and image.size[1] > 400
    colours = {image.getpixel((x, y)) for x in range(0, 900, 3) for y in range(0, image.size[1], 3)}
    assert (200, 30, 45) in colours and (20, 90, 200) in colours  # the chart's lines
    assert client.get(f"/api/companion/{evening}/sheet.png").status_code == 404
    empty, scorer2, _ = open_evening(client, ["Anne", "Bruno", "Chloé"], [])
    assert client.get(f"/api/companion/{empty}/sheet.png", headers=auth(scorer2)).status_code == 200


def test_evenings_stored_before_players_get_theirs(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    with make_client(db) as client:
        evening, scorer, _ = open_evening(client, ["Anne", "Bruno", "J3"], [])
    with sqlite3.connect(db) as c:  # back to the revision before players
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
        for column in ("ready", "matches", "renamed"):  # of next_0001, again_0001, renamed_0001
            c.execute(f"ALTER TABLE atout_tables DROP COLUMN {column}")
        c.execute("UPDATE alembic_version SET version_num = 'companion_0002'")
        setup = json.loads(c.execute("SELECT setup FROM companion_evenings").fetchone()[0])
        assert setup["names"] == ["Anne", "Bruno", "J3"]
    with make_client(db) as client:
        view = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()
        assert view["player_ids"][2] is None and None not in view["player_ids"][:2]
        _, _, again = open_evening(client, ["Bruno", "Anne", "Chloé"], [])
        assert again["player_ids"][:2] == [view["player_ids"][1], view["player_ids"][0]]
