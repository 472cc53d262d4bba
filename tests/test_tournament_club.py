"""A club tournament run from the terminal as an organiser runs it: ``atout tournament
new`` from a file of names, the tables played by bots (the engine deals and plays,
the records written as the faces write them), ``ranking`` from the records, and the
ranking recomputed here from the records alone, independently of atout.tournament."""

from __future__ import annotations

import csv
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import run

NAMES = ["Alice", "Bruno", "Chloé", "David", "Emma", "Félix", "Gilles", "Hélène", "Inès",
         "Jules", "Karim", "Léa", "Marc", "Nina", "Oscar", "Paule"]  # fmt: skip


def _names(folder: Path, names: list[str]) -> Path:
    path = folder / "names.txt"
    path.write_text(
        "# drawn by lot\n" + "\n".join(names[:2]) + "\n\n" + "\n".join(names[2:]) + "\n"
    )
    return path


def _ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, "tournament", *args, "--lang", "en")
    assert (code, err) == (0, ""), err
    return out


def _fails(capsys: pytest.CaptureFixture[str], *args: str, code: int = 2) -> str:
    got, out, err = run(capsys, "tournament", *args, "--lang", "en")
    assert got == code, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def _ranking(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as file:
        return list(csv.DictReader(file))


def _places(totals: dict[str, Fraction]) -> dict[str, int]:
    """Places from the best total down, equal totals sharing a place."""
    ordered = sorted(totals.values(), reverse=True)
    return {name: ordered.index(total) + 1 for name, total in totals.items()}


def _records(folder: Path) -> dict[tuple[int, int], dict[str, Any]]:
    found = {}
    for path in folder.glob("*.json"):
        m = re.fullmatch(r"club-r(\d+)-t(\d+)\.json", path.name)
        assert m is not None, path.name
        found[(int(m[1]), int(m[2]))] = json.loads(path.read_text())
    return found


def test_twelve_players_donnes_libres_three_rounds_ranked_as_recomputed_from_the_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path, NAMES[:12])
    club = tmp_path / "club.json"
    out = _ok(capsys, "new", str(names), "--rounds", "3", "--donnes", "4", "--out", str(club))
    assert out.startswith("club: donnes libres, 12 players, 3 rounds of 4 donnes\n")
    data = json.loads(club.read_text())
    assert data["format"] == "atout.tournament/1" and data["players"] == NAMES[:12]
    assert [len(r) for r in data["seating"]] == [3, 3, 3]
    assert "etuis" not in data and "commitment" not in data
    tables = tmp_path / "tables"
    _ok(capsys, "simulate", str(club), "--out", str(tables))
    records = _records(tables)
    assert sorted(records) == [(r, t) for r in (1, 2, 3) for t in (1, 2, 3)]
    # a table that played at the terminal or the web table: its seats are not names
    faces = tables / "club-r2-t3.json"
    face = json.loads(faces.read_text())
    face["seats"] = ["human", *(["bot:heuristic"] * 3)]
    faces.write_text(json.dumps(face))
    records[(2, 3)]["seats"] = data["seating"][1][2]["players"]  # the card's players, in order
    penalties = tmp_path / "penalties.csv"
    penalties.write_text("# arbiter\nEmma, 50, D11, picked up her cards before the deal ended\n")
    ranking = tmp_path / "ranking.csv"
    out = _ok(
        capsys, "ranking", str(club), *map(str, sorted(tables.glob("*.json"))),
        "--penalties", str(penalties), "--csv", str(ranking),
    )  # fmt: skip
    assert "Penalty: Emma −50 (D11: picked up her cards before the deal ended)" in out
    # every table's record read by hand: each player's marks over the donnes he played
    marks = {name: [0, 0, 0] for name in NAMES[:12]}
    for (r, t), record in records.items():
        seated = {p for p in data["seating"][r - 1][t - 1]["players"]}
        assert set(record["seats"]) == seated and len(record["donnes"]) == 4
        for donne in record["donnes"]:
            for seat, name in enumerate(record["seats"]):
                marks[name][r - 1] += donne["result"]["marks"][seat] if donne["result"] else 0
    totals = {name: Fraction(sum(m)) - (50 if name == "Emma" else 0) for name, m in marks.items()}
    rows = _ranking(ranking)
    assert len(rows) == 12
    places = _places(totals)
    for row in rows:
        name = row["player"]
        assert [int(row[f"round {r}"]) for r in (1, 2, 3)] == marks[name]
        assert int(row["penalties"]) == (-50 if name == "Emma" else 0)
        assert Fraction(row["total"]) == totals[name]
        assert int(row["place"]) == places[name]
    assert [Fraction(row["total"]) for row in rows] == sorted(totals.values(), reverse=True)


def test_sixteen_players_duplicate_ranked_as_recomputed_from_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path, NAMES)
    club = tmp_path / "club.json"
    out = _ok(
        capsys, "new", str(names), "--duplicate", "--rounds", "4", "--donnes", "2",
        "--out", str(club),
    )  # fmt: skip
    secret = (tmp_path / "club.secret").read_text().strip()
    assert (tmp_path / "club.secret").stat().st_mode & 0o777 == 0o600
    data = json.loads(club.read_text())
    assert data["secret"] is None and data["commitment"] in out and secret not in club.read_text()
    tables = tmp_path / "tables"
    _ok(capsys, "simulate", str(club), "--out", str(tables))
    records = _records(tables)
    assert len(records) == 16
    # by hand: each deal's results grouped by étui, deal and seat
    seat_marks: dict[tuple[int, int, int], list[tuple[str, int]]] = {}
    for (r, t), record in records.items():
        table = data["seating"][r - 1][t - 1]
        assert record["seats"] == table["players"]
        etui = data["etuis"][table["etui"] - 1]
        for k, donne in enumerate(record["donnes"]):
            wanted = etui["deals"][k]
            assert [sorted(h) for h in donne["deal"]["hands"]] == [
                sorted(h) for h in wanted["hands"]
            ]
            assert sorted(donne["deal"]["chien"]) == sorted(wanted["chien"])
            if donne["result"] is None:  # a void donne is no result: 0, not compared
                continue
            given = donne["result"]["marks"]
            for seat, name in enumerate(record["seats"]):
                seat_marks.setdefault((table["etui"], k, seat), []).append((name, given[seat]))
    totals = {name: Fraction(0) for name in NAMES}
    for results in seat_marks.values():
        if len(results) < 2:  # nothing to compare with: 0
            continue
        average = Fraction(sum(m for _, m in results), len(results))
        for name, m in results:
            totals[name] += m - average
    totals["Oscar"] -= 30
    penalties = tmp_path / "penalties.csv"
    penalties.write_text('Oscar,30,P4,"revoke, corrected at the table"\n')
    ranking = tmp_path / "ranking.csv"
    out = _ok(
        capsys, "ranking", str(club), *map(str, tables.glob("*.json")),
        "--penalties", str(penalties), "--csv", str(ranking),
    )  # fmt: skip
    assert "average of the same seat" in out
    assert re.search(r"[+-]\d+\.\d\d\b", out)  # the fractions, with a decimal point
    code, french, err = run(
        capsys, "tournament", "ranking", str(club), *map(str, tables.glob("*.json")), "--lang", "fr"
    )  # a decimal comma in French
    assert code == 0 and re.search(r"[+-]\d+,\d\d\b", french), err
    assert not re.search(r"\d\.\d", french)
    rows = _ranking(ranking)
    places = _places(totals)
    assert {row["player"]: Fraction(row["total"]) for row in rows} == totals
    assert {row["player"]: int(row["place"]) for row in rows} == places
    assert sum(totals.values()) == -30  # the scores of a seat on a deal add up to zero
    # after the last round the secret is revealed, and the deals check
    _ok(capsys, "reveal", str(club))
    assert json.loads(club.read_text())["secret"] == secret
    out = _ok(capsys, "check", str(club))
    assert "verified: the 8 deals of the 4 étuis" in out


def _duplicate(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str = "club",
               secret: str | None = None, donnes: str = "2") -> Path:  # fmt: skip
    names = tmp_path / "names.txt"
    if not names.exists():
        _names(tmp_path, NAMES[:8])
    club = tmp_path / f"{name}.json"
    extra = []
    if secret is not None:
        (tmp_path / f"{name}.secret").write_text(secret + "\n")
        extra = ["--secret-file", str(tmp_path / f"{name}.secret")]
    _ok(capsys, "new", str(names), "--duplicate", "--rounds", "2", "--donnes", donnes,
        "--out", str(club), *extra)  # fmt: skip
    return club


def test_check_refuses_a_deal_changed_after_the_commitment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _duplicate(tmp_path, capsys)
    err = _fails(capsys, "check", str(club), code=1)
    assert "the secret is not revealed yet" in err
    _ok(capsys, "reveal", str(club))
    _ok(capsys, "check", str(club))
    data = json.loads(club.read_text())
    deal = data["etuis"][1]["deals"][0]
    deal["hands"][0][0], deal["hands"][2][0] = deal["hands"][2][0], deal["hands"][0][0]
    club.write_text(json.dumps(data))
    err = _fails(capsys, "check", str(club), code=1)
    assert "étui 2, deal 1: seat 1's hand is not the one the secret derives" in err
    data["etuis"][1]["deals"][0] = json.loads(json.dumps(deal))
    deal["hands"][0][0], deal["hands"][2][0] = deal["hands"][2][0], deal["hands"][0][0]
    data["secret"] = "0" * 64
    club.write_text(json.dumps(data))
    err = _fails(capsys, "check", str(club), code=1)
    assert "the revealed secret does not match the commitment" in err


def test_reveal_refuses_another_secret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    club = _duplicate(tmp_path, capsys)
    (tmp_path / "other.secret").write_text("ab" * 32)
    err = _fails(capsys, "reveal", str(club), "--secret-file", str(tmp_path / "other.secret"))
    assert "this secret is not the one the tournament's commitment" in err
    (tmp_path / "bad.secret").write_text("xyz")
    err = _fails(capsys, "reveal", str(club), "--secret-file", str(tmp_path / "bad.secret"))
    assert "64 lowercase hex digits" in err


@pytest.mark.parametrize(
    ("lines", "args", "message"),
    [
        (["Ann", "Bob", "ann ", "Cy"], [], "names.txt line 3: ann is there already (line 1)"),
        ([f"P{i}" for i in range(11)], [],
         "names.txt: 11 players cannot sit at tables of 4 and 5 (nearest counts that can: "
         "10 or 12)"),
        ([f"P{i}" for i in range(13)], ["--duplicate"],
         "names.txt: 13 players: no duplicate movement exists"),
        ([f"P{i}" for i in range(3)], [], "names.txt: 3 players: a tournament needs at least 4"),
        ([f"P{i}" for i in range(8)], ["--rounds", "0"], "0 rounds: give 1 to 20"),
        ([f"P{i}" for i in range(8)], ["--donnes", "13"], "13 donnes a round: give 1 to 12"),
        ([f"P{i}" for i in range(8)], ["--name", "a b"], "'a b': a tournament's name is"),
    ],
)  # fmt: skip
def test_new_refuses_names_and_counts_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], args: list[str],
    message: str,
) -> None:  # fmt: skip
    names = tmp_path / "names.txt"
    names.write_text("\n".join(lines) + "\n")
    err = _fails(capsys, "new", str(names), "--out", str(tmp_path / "t.json"), *args)
    assert message in err.replace(str(tmp_path) + "/", "")
    assert not (tmp_path / "t.json").exists()


def test_new_never_overwrites_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path, NAMES[:8])
    out = tmp_path / "t.json"
    out.write_text("keep me")
    err = _fails(capsys, "new", str(names), "--out", str(out))
    assert "t.json exists: give --force to overwrite it" in err and out.read_text() == "keep me"
    _ok(capsys, "new", str(names), "--out", str(out), "--force")
    assert json.loads(out.read_text())["kind"] == "donnes-libres"
    err = _fails(capsys, "new", str(tmp_path / "none.txt"), "--out", str(out), "--force")
    assert "names file" in err and "none.txt: cannot read it" in err


def test_movement_cards_and_etui_sheets_as_text_and_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _duplicate(tmp_path, capsys)
    out = _ok(capsys, "movement", str(club))
    data = json.loads(club.read_text())
    first = data["seating"][0][0]
    assert f"Table 1\nRound 1, étui {first['etui']}\n  seat 1: {first['players'][0]} (" in out
    assert out.count("→ end") == 8 + 2  # each player, and each table's étui, after round 2
    out = _ok(capsys, "etuis", str(club))
    assert out.count("Étui ") == 2 * 2 and out.count("  chien: ") == 4
    hand = data["etuis"][0]["deals"][0]["hands"][0]
    line = next(x for x in out.splitlines() if x.startswith("  seat 1: "))
    assert len(line.split(": ", 1)[1].split()) == len(hand) == 18
    code, fr, _ = run(capsys, "tournament", "etuis", str(club), "--lang", "fr")
    assert code == 0 and "Étui 1, donne 1" in fr and "chien : " in fr
    assert re.search(r"[RDCV][♠♥♦♣]", fr) and not re.search(r"[KQN][♠♥♦♣]", fr)
    for command, pages in (("movement", 2), ("etuis", 4)):
        pdf = tmp_path / f"{command}.pdf"
        out = _ok(capsys, command, str(club), "--pdf", str(pdf))
        assert f"({pages} pages)" in out
        assert pdf.read_bytes().startswith(b"%PDF") and pdf.read_bytes().count(
            b"/Type /Page\n"
        ) in (0, pages)
    libres = tmp_path / "libres.json"
    _ok(capsys, "new", str(tmp_path / "names.txt"), "--out", str(libres))
    err = _fails(capsys, "etuis", str(libres))
    assert "donnes libres: each table deals its own cards, there are no étuis" in err


def _played(tmp_path: Path, capsys: pytest.CaptureFixture[str], club: Path, folder: str) -> Path:
    tables = tmp_path / folder
    _ok(capsys, "simulate", str(club), "--out", str(tables))
    return tables


def test_ranking_refuses_each_mistake_in_one_line_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _duplicate(tmp_path, capsys)
    tables = _played(tmp_path, capsys, club, "tables")
    paths = sorted(tables.glob("*.json"))
    good = [str(p) for p in paths]
    _ok(capsys, "ranking", str(club), *good)

    def refused(*records: str, penalties: str | None = None) -> str:
        extra = [] if penalties is None else ["--penalties", penalties]
        return _fails(capsys, "ranking", str(club), *records, *extra)

    assert "club-r2-t2.json: missing: every table's record" in refused(*good[:-1])
    odd = tmp_path / "table2.json"
    odd.write_text(paths[0].read_text())
    assert "table2.json: a table's record is named club-rROUND-tTABLE.json" in refused(str(odd))
    other = tmp_path / "other-r1-t1.json"
    other.write_text(paths[0].read_text())
    assert "other-r1-t1.json: a record of the tournament other, not of club" in refused(str(other))
    far = tmp_path / "club-r3-t1.json"
    far.write_text(paths[0].read_text())
    assert "club-r3-t1.json: round 3: the tournament has rounds 1 to 2" in refused(str(far))
    record = json.loads(paths[0].read_text())
    seats = record["seats"]
    stranger = tmp_path / "x" / "club-r1-t1.json"
    stranger.parent.mkdir()
    stranger.write_text(json.dumps({**record, "seats": ["Zoé", *seats[1:]]}))
    err = refused(str(stranger), *good[1:])
    assert "club-r1-t1.json: seat 1 is Zoé, who is not a player of this tournament" in err
    data = json.loads(club.read_text())
    elsewhere = data["seating"][0][1]["players"][1]
    stranger.write_text(json.dumps({**record, "seats": [seats[0], elsewhere, *seats[2:]]}))
    err = refused(str(stranger), *good[1:])
    assert (
        f"club-r1-t1.json: seat 2 is {elsewhere}, who plays at table 2 in round 1, not at table 1"
        in err
    )
    stranger.write_text(json.dumps({**record, "seats": [seats[2], seats[1], seats[0], seats[3]]}))
    err = refused(str(stranger), *good[1:])
    assert f"club-r1-t1.json: seat 1 is {seats[2]}; the movement seats {seats[0]} there" in err
    stranger.write_text("{not json")
    assert "club-r1-t1.json: not JSON" in refused(str(stranger), *good[1:])
    stranger.write_text(json.dumps({**record, "totals": [1, 2, 3, 4]}))
    assert "club-r1-t1.json: totals" in refused(str(stranger), *good[1:])
    assert "club-r1-t1.json: round 1, table 1 has two records" in refused(*good, good[0])
    # the same players, other deals: a tournament with another secret, its records renamed
    fake = _duplicate(tmp_path, capsys, "fake", secret="cd" * 32)
    fake_tables = _played(tmp_path, capsys, fake, "fake_tables")
    renamed = tmp_path / "y" / "club-r1-t1.json"
    renamed.parent.mkdir()
    renamed.write_text((fake_tables / "fake-r1-t1.json").read_text())
    assert json.loads(renamed.read_text())["seats"] == seats  # the same movement: seed 0
    err = refused(str(renamed), *good[1:])
    assert "club-r1-t1.json: donne 1 is not deal 1 of étui" in err
    assert "hand differs (a deal played must be the étui's)" in err
    # a round of three donnes where the tournament's has two
    long = _duplicate(tmp_path, capsys, "long", secret="ef" * 32, donnes="3")
    long_tables = _played(tmp_path, capsys, long, "long_tables")
    renamed.write_text((long_tables / "long-r1-t1.json").read_text())
    err = refused(str(renamed), *good[1:])
    assert "club-r1-t1.json: 3 donnes; a round has 2 (void ones included)" in err
    penalties = tmp_path / "penalties.csv"
    for text, message in (
        ("Zoé,10,D11,late\n", "penalties.csv line 1: Zoé is not a player of this tournament"),
        (f"# x\n{seats[0]},ten,D11,late\n", "penalties.csv line 2: ten: the marks taken off are 1"),
        (f"{seats[0]},10,Z9,late\n", "penalties.csv line 1: Z9 is not a rule of the rulebook"),
        (f"{seats[0]},10,D11\n", "penalties.csv line 1: a penalty is player,marks,rule,reason"),
    ):
        penalties.write_text(text)
        assert message in refused(*good, penalties=str(penalties))


def test_a_tournament_file_that_is_not_one_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    club = _duplicate(tmp_path, capsys)
    data = json.loads(club.read_text())
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2")
    assert "broken.json: not JSON" in _fails(capsys, "movement", str(broken))
    broken.write_text(json.dumps({"format": "atout.game/1"}))
    assert "broken.json: not an atout.tournament/1 file" in _fails(capsys, "movement", str(broken))
    twice = json.loads(json.dumps(data))
    twice["seating"][1][0]["players"][0] = twice["seating"][1][1]["players"][0]
    broken.write_text(json.dumps(twice))
    assert "broken.json: seating:" in _fails(capsys, "movement", str(broken))
    short = json.loads(json.dumps(data))
    short["etuis"][0]["deals"][0]["chien"] = []
    broken.write_text(json.dumps(short))
    err = _fails(capsys, "etuis", str(broken))
    assert "broken.json: etuis[0].deals[0]: the 78 cards dealt for 4 players" in err


def test_a_table_scored_with_the_companion_is_ranked_from_its_score_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from atout.companion import Evening

    names = _names(tmp_path, NAMES[:8])
    club = tmp_path / "club.json"
    _ok(capsys, "new", str(names), "--rounds", "2", "--donnes", "2", "--out", str(club))
    tables = _played(tmp_path, capsys, club, "tables")
    seated = json.loads(club.read_text())["seating"][0][0]["players"]
    evening = Evening(4, seated)
    evening.add({"type": "dealer", "seat": 0})
    evening.add({"type": "cut", "k": 20})
    evening.add({"type": "result", "contract": "garde", "taker": 1, "points": 50, "bouts": 2})
    evening.add({"type": "cut", "k": 30})
    evening.add({"type": "result", "contract": "prise", "taker": 2, "points": 30, "bouts": 1})
    sheet = evening.game_record()
    assert all(donne["hands_known"] is False for donne in sheet["donnes"])
    (tables / "club-r1-t1.json").write_text(json.dumps(sheet))
    ranking = tmp_path / "ranking.csv"
    _ok(capsys, "ranking", str(club), *map(str, tables.glob("*.json")), "--csv", str(ranking))
    rows = {row["player"]: row for row in _ranking(ranking)}
    for seat, name in enumerate(seated):
        wanted = sum(evening.marks_of(s)[seat] for s in evening.finished())
        assert int(rows[name]["round 1"]) == wanted
    assert [int(rows[n]["round 1"]) for n in seated] == [-22, 250, -206, -22]


def test_reveal_simulate_and_check_refuse_what_they_cannot_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names(tmp_path, NAMES[:8])
    libres = tmp_path / "libres.json"
    _ok(capsys, "new", str(names), "--out", str(libres), "--rounds", "2")
    err = _fails(capsys, "reveal", str(libres))
    assert "a donnes libres tournament has no deals and no secret" in err
    assert "has no deals to check" in _fails(capsys, "check", str(libres), code=1)
    assert "nope.json: cannot read it" in _fails(capsys, "check", str(tmp_path / "nope.json"))
    club = _duplicate(tmp_path, capsys)
    (tmp_path / "club.secret").unlink()
    err = _fails(capsys, "simulate", str(club), "--out", str(tmp_path / "t"))
    assert "secret file" in err and "club.secret: cannot read it" in err
    tables = _played(tmp_path, capsys, libres, "tables")
    far = tmp_path / "libres-r1-t9.json"
    far.write_text((tables / "libres-r1-t1.json").read_text())
    err = _fails(capsys, "ranking", str(libres), str(far))
    assert "libres-r1-t9.json: table 9: round 1 has tables 1 to 2" in err
    record = json.loads((tables / "libres-r1-t1.json").read_text())
    record["seats"][1] = record["seats"][0]
    (tables / "libres-r1-t1.json").write_text(json.dumps(record))
    err = _fails(capsys, "ranking", str(libres), *map(str, tables.glob("*.json")))
    assert "libres-r1-t1.json: a player holds two seats" in err
    out = _ok(capsys, "etuis", str(club))
    assert "Played at: table 1 in round 1, table " in out


def test_an_etui_sheet_prints_hearts_and_diamonds_in_red_on_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from atout.web.pdf import Document

    document = Document()
    document.pdf.set_compression(False)
    widths: list[float] = []
    cell = document.pdf.cell

    def measured(w: float, *args: Any, **kwargs: Any) -> Any:
        widths.append(w)
        return cell(w, *args, **kwargs)

    monkeypatch.setattr(document.pdf, "cell", measured)
    document.cards(6, "seat 1: 21 4   K♠ 2♠   Q♥   J♦", 11, 4)
    assert len(widths) == 8 + 13 and all(0 < w < 40 for w in widths)  # 8 words, 13 spaces
    content = bytes(document.pdf.output())
    assert b"0.7843 0.1176 0.1765 rg" in content  # (200, 30, 45): the red of ♥ and ♦


def test_a_duplicate_ranks_deals_played_at_one_table_and_void_donnes_as_zero() -> None:
    from atout.tournament.club import new_tournament
    from atout.tournament.ranking import TableRecord, rank

    t = new_tournament(NAMES, 4, 1, True, 0, bytes(32), "club")
    # partial: only one table of round 1 has entered its donne, the others none yet
    records = [
        TableRecord(r, n, play.players, ((180, -60, -60, -60),) if (r, n) == (0, 0) else ())
        for r, tables in enumerate(t.tables)
        for n, play in enumerate(tables)
    ]
    placed = rank(t, records)  # no comparison yet: nobody scores, nothing refused
    assert {line.total for line in placed} == {0} and {line.place for line in placed} == {1}
    # the étui at three tables, one of them void (misdeal): compared over the other two
    etui = t.tables[0][0].etui
    playing = [(r, n) for r, tables in enumerate(t.tables) for n, play in enumerate(tables)
               if play.etui == etui][:3]  # fmt: skip
    marks = {playing[0]: (180, -60, -60, -60), playing[1]: (-120, 40, 40, 40),
             playing[2]: (0, 0, 0, 0)}  # fmt: skip
    records = [
        TableRecord(
            r,
            n,
            play.players,
            (marks[(r, n)],) if (r, n) in marks else (),
            (True,) if (r, n) == playing[2] else (),
        )
        for r, tables in enumerate(t.tables)
        for n, play in enumerate(tables)
    ]
    totals = {line.player: line.total for line in rank(t, records)}
    first = t.tables[playing[0][0]][playing[0][1]].players
    second = t.tables[playing[1][0]][playing[1][1]].players
    void = t.tables[playing[2][0]][playing[2][1]].players
    assert [totals[p] for p in first] == [150, -50, -50, -50]
    assert [totals[p] for p in second] == [-150, 50, 50, 50]
    assert [totals[p] for p in void] == [0, 0, 0, 0]


def test_french_rankings_write_a_decimal_comma() -> None:
    from atout.tournament.club import new_tournament
    from atout.tournament.ranking import TableRecord, figure, rank, ranking_csv

    t = new_tournament(NAMES, 4, 1, True, 0, bytes(32), "club")
    etui = t.tables[0][0].etui
    playing = [(r, n) for r, tables in enumerate(t.tables) for n, play in enumerate(tables)
               if play.etui == etui][:3]  # fmt: skip
    given = [(180, -60, -60, -60), (-120, 40, 40, 40), (-30, 90, -30, -30)]
    marks = dict(zip(playing, given, strict=True))
    records = [
        TableRecord(r, n, play.players, (marks[(r, n)],) if (r, n) in marks else ())
        for r, tables in enumerate(t.tables)
        for n, play in enumerate(tables)
    ]
    placed = rank(t, records)
    totals = {figure(line.total, "fr") for line in placed}
    assert {"+170", "+66,67", "-83,33", "+16,67"} <= totals
    assert {"+66.67", "-83.33"} <= {figure(line.total) for line in placed}
    french = ranking_csv(t, placed, ";").splitlines()
    assert french[0] == "place;numéro;joueur;partie 1;partie 2;partie 3;partie 4;pénalités;total"
    assert any(row.endswith(";66,67") for row in french)
    assert any(row.endswith(",200/3") for row in ranking_csv(t, placed).splitlines())
