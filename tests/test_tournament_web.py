"""A club tournament on ``atout serve`` (atout.web.tournament): the organiser's form
and its refusals, the seating of ``atout tournament``, the tables' scorer links (the
companion's evenings of the tables), the live ranking as the donnes are entered through
the companion's API, and the exports that ``atout tournament ranking`` reads; on SQLite
and on PostgreSQL."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from atout.tournament import seatings
from atout.tournament.club import loads
from atout.tournament.movement import movement
from atout.web.server import create_app
from tests.cli_helpers import run
from tests.conftest import own_database

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Félix", "Gilles", "Hélène", "Inès",
         "Jules", "Karim", "Léa"]  # fmt: skip


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "sqlite":
        with TestClient(create_app(f"sqlite:///{tmp_path / 'atout.db'}")) as c:
            yield c
        return
    cluster = request.getfixturevalue("pg_cluster")
    with own_database(cluster, "tournament") as url, TestClient(create_app(url)) as c:
        yield c


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'atout.db'}")) as c:
        yield c


def form(**changes: Any) -> dict[str, Any]:
    body = {"name": "club", "names": "\n".join(NAMES), "rounds": 3, "donnes": 2, "seed": 0}
    return body | changes


def make(client: TestClient, **changes: Any) -> tuple[str, str]:
    answer = client.post("/api/tournament", json=form(**changes))
    assert answer.status_code == 201, answer.text
    data = answer.json()
    tid = data["tournament"]
    assert data["organiser"].startswith(f"http://testserver/tournament/{tid}#")
    assert data["ranking"] == f"http://testserver/tournament/{tid}/ranking"
    return tid, data["organiser"].split("#")[1]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def organiser(client: TestClient, tid: str, token: str) -> Any:
    answer = client.get(f"/api/tournament/{tid}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_form_refuses_as_atout_tournament_new_does_in_one_line(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    cases: list[tuple[dict[str, Any], str, str]] = [
        ({"names": "Alice\nBruno\nalice"}, "en", "players line 3: alice is there already (line 1)"),
        ({"names": "\n".join(NAMES[:11])}, "en", "11 players cannot sit at tables of 4 and 5"),
        ({"names": "\n".join(NAMES[:11])}, "fr", "11 joueurs ne peuvent pas s'asseoir"),
        ({"names": "Alice\nBruno\nalice"}, "fr", "joueurs ligne 3 : alice y est déjà (ligne 1)"),
        ({"donnes": 13}, "en", "13 donnes a round: give 1 to 12"),
        ({"rounds": 0}, "en", "0 rounds: give 1 to 20"),
        ({"rounds": "three"}, "en", "rounds: a whole number"),
        ({"name": "my club"}, "en", "a tournament's name is 1 to 60 letters"),
        ({"names": "A" * 41 + "\n" + "\n".join(NAMES[1:])}, "en", "at most 40 characters"),
        ({"profile": "club"}, "en", "profile"),
        ({"rules": {"five_player_split": "3:0"}}, "en", "S4"),
        (
            {"kind": "duplicate", "names": "\n".join(NAMES[:9])},
            "en",
            "9 players: no duplicate movement exists",
        ),
        ({"kind": "triplicate"}, "en", "the request: a tournament's form"),
    ]
    for changes, lang, needle in cases:
        answer = client.post(f"/api/tournament?lang={lang}", json=form(**changes))
        assert answer.status_code == 400, (changes, answer.text)
        error = answer.json()["error"]
        assert needle in error and "\n" not in error, (changes, error)
    assert client.post("/api/tournament", content=b"{nope").status_code == 400
    assert client.post("/api/tournament", json=["x"]).status_code == 400
    page = client.get("/tournament/new", headers={"Accept-Language": "fr"})
    assert page.status_code == 200 and "Nouveau tournoi" in page.text
    assert "Duplicate : chaque table de 4 joue les mêmes donnes" in page.text


def test_the_seating_is_atout_tournaments_and_the_file_the_same(
    sqlite_client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    client = sqlite_client
    for seed in (0, 7):
        tid, token = make(client, seed=seed)
        data = organiser(client, tid, token)
        wanted = seatings(12, 3, seed)
        assert [[t["players"] for t in r] for r in data["seating"]] == [
            [[NAMES[p] for p in table] for table in tables] for tables in wanted
        ]
        names = tmp_path / "names.txt"
        names.write_text("\n".join(NAMES) + "\n", encoding="utf-8")
        out = tmp_path / f"club{seed}.json"
        args = ["--rounds", "3", "--donnes", "2", "--seed", str(seed), "--name", "club"]
        code, _, err = run(capsys, "tournament", "new", str(names), *args, "--out", str(out))
        assert code == 0, err
        served = client.get(f"/api/tournament/{tid}/tournament.json")
        assert served.text == out.read_text(encoding="utf-8")
        assert 'filename="club.json"' in served.headers["content-disposition"]


def test_links_open_each_tables_evening_and_only_for_the_organiser(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    tid, token = make(client, rules={"early_pickup_penalty": 20}, profile="maison")
    for headers in ({}, auth("x" * 43), {"Authorization": f"Basic {token}"}):
        assert client.get(f"/api/tournament/{tid}", headers=headers).status_code == 404
    _, other = make(client)
    assert client.get(f"/api/tournament/{tid}", headers=auth(other)).status_code == 404
    data = organiser(client, tid, token)
    assert data["current"] == 1 and data["heading"] == (
        "club: donnes libres, 12 players, 3 rounds of 2 donnes"
    )
    assert [link["table"] for link in data["links"]] == [1, 2, 3]
    for link, tables in zip(data["links"], data["seating"][0], strict=True):
        assert link["players"] == tables["players"]
        assert link["qr"].startswith("data:image/svg+xml")
        evening, scorer = link["scorer"].split("/companion/")[1].split("#")
        assert client.get(f"/companion/{evening}").status_code == 200
        seen = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()
        assert seen["role"] == "scorer" and seen["names"] == link["players"]
        assert seen["profile"] == "maison"
        assert seen["tournament"] == {
            "id": tid, "name": "club", "round": 1, "table": link["table"], "donnes": 2,
        }  # fmt: skip
    cards = client.get(f"/api/tournament/{tid}/movement.pdf?lang=fr")
    assert cards.content.startswith(b"%PDF") and cards.content.count(b"/Type /Page\n") == 3
    assert 'filename="club-movement.pdf"' in cards.headers["content-disposition"]
    french = client.get(f"/api/tournament/{tid}?lang=fr", headers=auth(token)).json()
    assert french["heading"] == "club : donnes libres, 12 joueurs, 3 parties de 2 donnes"
    assert client.get(f"/tournament/{tid}").status_code == 200
    assert client.get("/tournament/nope").status_code == 404
    missing = client.get("/tournament/nope/ranking", headers={"Accept-Language": "fr"})
    assert missing.status_code == 404 and "Ce tournoi n&#x27;existe pas" in missing.text
    assert 'href="/"' in missing.text  # a way back to the lobby
    assert client.get("/api/tournament/nope/ranking").status_code == 404


def enter(client: TestClient, link: str, entries: list[dict[str, Any]]) -> None:
    evening, scorer = link.split("/companion/")[1].split("#")
    n = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()["entries"]
    for entry in entries:
        answer = client.post(
            f"/api/companion/{evening}/entries", json={"n": n, "entry": entry},
            headers=auth(scorer),
        )  # fmt: skip
        assert answer.status_code == 200, answer.text
        n += 1


def donnes_of(r: int, t: int) -> list[dict[str, Any]]:
    """Two donnes at table ``t`` of round ``r``: a result each, and a misdeal (void) at
    table 2 of round 2, which counts as one of the round's donnes."""
    first = {"type": "result", "contract": "garde", "taker": (r + t) % 4,
             "points": 41 + 5 * t + r, "bouts": 2}  # fmt: skip
    second = {"type": "result", "contract": "prise", "taker": (r + 2 * t + 1) % 4,
              "points": 30 + 7 * r + t, "bouts": 1}  # fmt: skip
    if (r, t) == (1, 1):
        again = second | {"taker": 2}  # the dealer who misdealt may not bid (D12)
        return [{"type": "dealer", "seat": 0}, {"type": "fault", "kind": "misdeal"}, again]
    return [{"type": "dealer", "seat": t % 4}, first, second]


def test_a_whole_tournament_ranked_live_and_from_its_exports(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tid, token = make(client)
    ranking = client.get(f"/api/tournament/{tid}/ranking").json()
    assert ranking["entered"] == 0 and ranking["total"] == 18 and ranking["current"] == 1
    assert {line["place"] for line in ranking["lines"]} == {1}  # all level at 0
    for r in range(3):
        data = organiser(client, tid, token)
        assert data["current"] == r + 1
        for t, link in enumerate(data["links"]):
            enter(client, link["scorer"], donnes_of(r, t))
            seen = client.get(f"/api/tournament/{tid}/ranking").json()
            assert seen["entered"] == 6 * r + 2 * (t + 1)  # follows each table's donnes
        # a table whose round is over takes no donne more, and says why
        evening, scorer = data["links"][0]["scorer"].split("/companion/")[1].split("#")
        n = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()["entries"]
        refused = client.post(
            f"/api/companion/{evening}/entries?lang=fr",
            json={"n": n, "entry": {"type": "petit_sec", "seat": 1}}, headers=auth(scorer),
        )  # fmt: skip
        assert refused.status_code == 400
        assert refused.json()["error"].startswith("Non enregistré : les 2 donnes de cette partie")
        known = seen["version"]
        unchanged = client.get(f"/api/tournament/{tid}/ranking?known={known}").json()
        assert unchanged == {"unchanged": True, "version": known}
    assert organiser(client, tid, token)["current"] is None
    live = client.get(f"/api/tournament/{tid}/ranking").json()
    assert live["current"] is None and live["entered"] == 18
    # a correction of an earlier donne changes the marks, not the count: the ranking follows
    link = data["links"][0]["scorer"]  # round 3's table 1
    taker = donnes_of(2, 0)[1]["taker"]
    enter(client, link, [{"type": "edit", "donne": 1, "result": {"contract": "garde_sans",
          "taker": taker, "points": 56, "bouts": 2}}])  # fmt: skip
    known = live["version"]
    changed = client.get(f"/api/tournament/{tid}/ranking?known={known}").json()
    assert changed["version"] == known + 1 and changed["lines"] != live["lines"]
    live = changed
    # the exports, read by atout tournament ranking
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/api/tournament/{tid}/records.zip").content))
    files = sorted(archive.namelist())
    assert files == ["club-r1-t1.json", "club-r1-t2.json", "club-r1-t3.json", "club-r2-t1.json",
                     "club-r2-t2.json", "club-r2-t3.json", "club-r3-t1.json", "club-r3-t2.json",
                     "club-r3-t3.json", "club.json"]  # fmt: skip
    archive.extractall(tmp_path)
    records = [str(tmp_path / f) for f in files if f != "club.json"]
    code, out, err = run(capsys, "tournament", "ranking", str(tmp_path / "club.json"), *records,
                         "--csv", str(tmp_path / "ranking.csv"), "--lang", "en")  # fmt: skip
    assert code == 0, err
    printed = [line.split() for line in out.splitlines()[3:15]]
    assert [[int(c[0]), c[1], c[-1]] for c in printed] == [
        [line["place"], line["player"], line["total"]] for line in live["lines"]
    ]
    assert [c[2:5] for c in printed] == [line["rounds"] for line in live["lines"]]
    csv = client.get(f"/api/tournament/{tid}/ranking.csv")
    assert csv.content.decode("utf-8-sig") == (tmp_path / "ranking.csv").read_text("utf-8")
    assert 'filename="club-ranking.csv"' in csv.headers["content-disposition"]
    french = client.get(f"/api/tournament/{tid}/ranking?lang=fr").json()
    assert french["heading"].startswith("club : donnes libres")
    assert json.loads(archive.read("club-r2-t2.json"))["donnes"][0]["void"] == "misdeal"


def test_a_restarted_server_keeps_the_tournament_and_its_links(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'atout.db'}"
    with TestClient(create_app(url)) as client:
        tid, token = make(client)
        before = organiser(client, tid, token)
        enter(client, before["links"][2]["scorer"], donnes_of(0, 2)[:2])
        ranked = client.get(f"/api/tournament/{tid}/ranking").json()
    with TestClient(create_app(url)) as client:  # a new server on the same database
        assert organiser(client, tid, token) == before | {
            "seating": [
                [t | {"entered": 1} if (r, t["table"]) == (0, 3) else t for t in tables]
                for r, tables in enumerate(before["seating"])
            ],
            "links": [link | {"entered": link["table"] // 3} for link in before["links"]],
        }
        assert client.get(f"/api/tournament/{tid}/ranking").json() == ranked


PLAYERS16 = [*NAMES, "Marc", "Nina", "Oscar", "Paule"]


def test_a_duplicate_with_its_secret_deals_ranked_and_checked(
    client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tid, token = make(client, kind="duplicate", names="\n".join(PLAYERS16), rounds=4)
    data = organiser(client, tid, token)
    assert data["duplicate"] and not data["revealed"] and len(data["commitment"]) == 64
    plan = movement(16, 4, 0)
    assert [[(t["etui"], t["players"]) for t in r] for r in data["seating"]] == [
        [(play.etui + 1, [PLAYERS16[p] for p in play.players]) for play in tables]
        for tables in plan.rounds
    ]
    # the deals stay the organiser's until they are revealed
    for path in ("tournament.json", "records.zip"):
        refused = client.get(f"/api/tournament/{tid}/{path}?lang=fr")
        assert refused.status_code == 403
        assert refused.json()["error"].startswith("Les donnes des étuis restent secrètes")
    held = loads(
        client.get(f"/api/tournament/{tid}/tournament.json", headers=auth(token)).text, "x"
    )
    assert held.secret is None and held.commitment == data["commitment"]
    refused = client.get(f"/api/tournament/{tid}/etuis.pdf?lang=fr")  # as tournament.json
    assert refused.status_code == 403
    assert refused.json()["error"].startswith("Les donnes des étuis restent secrètes")
    sheets = client.get(f"/api/tournament/{tid}/etuis.pdf", headers=auth(token))
    assert sheets.content.startswith(b"%PDF") and sheets.content.count(b"/Type /Page\n") == 8
    # one table has entered its étui's first deal: nothing to compare with yet, all 0
    first = organiser(client, tid, token)["links"][0]["scorer"]
    enter(client, first, donnes_of(0, 0)[1:2])
    partial = client.get(f"/api/tournament/{tid}/ranking")
    assert partial.status_code == 200, partial.text
    assert partial.json()["entered"] == 1
    assert {line["total"] for line in partial.json()["lines"]} == {"0"}
    partial_csv = client.get(f"/api/tournament/{tid}/ranking.csv")
    assert partial_csv.status_code == 200 and partial_csv.text.count(",0\n") == 16
    early = client.post(f"/api/tournament/{tid}/reveal", headers=auth(token))
    assert early.status_code == 400 and "round 1 is not over" in early.json()["error"]
    for r in range(4):
        links = organiser(client, tid, token)["links"]
        for t, link in enumerate(links):
            evening, scorer = link["scorer"].split("/companion/")[1].split("#")
            seen = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()
            assert seen["first_dealer"] == held.etuis[link["etui"] - 1][0].dealer  # entered
            assert seen["tournament"]["etui"] == link["etui"]
            enter(client, link["scorer"], donnes_of(r, t)[1 + ((r, t) == (0, 0)) :])
    live = client.get(f"/api/tournament/{tid}/ranking").json()
    assert live["entered"] == 32 and live["files"] is False
    assert live["method"] == (
        "Ranking: each deal's marks compared with the average of the same seat over the "
        "tables that played it (a void donne, or a deal played at one table so far, counts 0)"
    )
    french = client.get(f"/api/tournament/{tid}/ranking?lang=fr").json()  # decimal commas
    assert [line["rounds"] + [line["total"]] for line in french["lines"]] == [
        [v.replace(".", ",") for v in line["rounds"] + [line["total"]]] for line in live["lines"]
    ]
    sheet = client.get(f"/api/tournament/{tid}/ranking.csv?sep=%3B")
    assert sheet.content.decode("utf-8-sig").startswith("place;numéro;joueur;partie 1;")
    assert 'filename="club-classement-tableur.csv"' in sheet.headers["content-disposition"]
    assert client.post(f"/api/tournament/{tid}/reveal").status_code == 404
    assert client.post(f"/api/tournament/{tid}/reveal", headers=auth(token)).status_code == 200
    assert organiser(client, tid, token)["revealed"] is True
    assert client.get(f"/api/tournament/{tid}/ranking").json()["files"] is True
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/api/tournament/{tid}/records.zip").content))
    archive.extractall(tmp_path)
    records = sorted(str(tmp_path / f) for f in archive.namelist() if f != "club.json")
    assert len(records) == 16
    code, out, err = run(capsys, "tournament", "check", str(tmp_path / "club.json"), "--lang", "en")
    assert code == 0 and "verified: the 8 deals of the 4 étuis" in out, err
    code, out, err = run(
        capsys, "tournament", "ranking", str(tmp_path / "club.json"), *records, "--lang", "en"
    )
    assert code == 0, err
    printed = [line.split() for line in out.splitlines()[3:19]]
    assert [[int(c[0]), c[1], *c[2:6], c[-1]] for c in printed] == [
        [line["place"], line["player"], *line["rounds"], line["total"]] for line in live["lines"]
    ]


def test_an_undo_at_a_finished_table_keeps_the_next_rounds_links(
    sqlite_client: TestClient,
) -> None:
    client = sqlite_client
    tid, token = make(client)
    first = organiser(client, tid, token)["links"]
    for t, link in enumerate(first):
        enter(client, link["scorer"], donnes_of(0, t))
    second = organiser(client, tid, token)
    assert second["current"] == 2 and [link["round"] for link in second["links"]] == [2, 2, 2]
    enter(client, second["links"][0]["scorer"], donnes_of(1, 0)[:2])  # round 2 has begun
    enter(client, first[0]["scorer"], [{"type": "undo"}])  # round 1's table 1: a donne back
    data = organiser(client, tid, token)
    assert data["current"] == 1
    assert [(link["round"], link["table"]) for link in data["links"]] == [
        (1, 1),
        (2, 1),
        (2, 2),
        (2, 3),
    ]  # round 1's unfinished table, and every table of round 2, still there
    assert data["playing"] == [{"round": 1, "tables": [1]}, {"round": 2, "tables": [1, 2, 3]}]


def test_a_round_of_one_donne_is_said_in_the_singular(sqlite_client: TestClient) -> None:
    client = sqlite_client
    tid, token = make(client, rounds=1, donnes=1)
    ranking = client.get(f"/api/tournament/{tid}/ranking?lang=fr").json()
    assert ranking["heading"] == "club : donnes libres, 12 joueurs, 1 partie de 1 donne"
    link = organiser(client, tid, token)["links"][0]["scorer"]
    enter(client, link, donnes_of(0, 0)[:2])
    evening, scorer = link.split("/companion/")[1].split("#")
    n = client.get(f"/api/companion/{evening}", headers=auth(scorer)).json()["entries"]
    refused = client.post(
        f"/api/companion/{evening}/entries?lang=fr",
        json={"n": n, "entry": {"type": "all_pass"}}, headers=auth(scorer),
    )  # fmt: skip
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("Non enregistré : la donne de cette partie est")
