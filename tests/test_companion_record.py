"""The companion's evening as ``atout.game/1`` read back (atout.companion.read_evening,
``atout replay``): the round trip, the refusal of every tampered field naming the
field and the rule, the ``rules`` field of a record (atout.record.read_rules), and
``atout.record.loads_game`` sending a score sheet to the companion."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from atout.companion import PROFILES, Evening, read_evening, sheet_lines
from atout.errors import InvalidRecordError
from atout.record import (
    RULE_SETTINGS,
    game_record,
    is_score_sheet,
    loads_game,
    read_rules,
    read_score_sheet,
    rules_record,
)
from atout.session import Table, TableSettings
from atout.table import Rules
from tests.cli_helpers import run
from tests.test_companion_agreement import entry_of, play

NAMES4 = ("Anne", "Bruno", "Chloé", "David")
NAMES5 = ("Anne", "Bruno", "Chloé", "David", "Emma")
Record = dict[str, Any]


def add(e: Evening, *entries: dict[str, Any]) -> Evening:
    for entry in entries:
        e.add(entry)
    return e


def evening4() -> Evening:
    """Seven donnes of every kind, with the house profile: a draw with an Excuse, a D14
    misdeal, a cut, a poignée, a Petit sec, an early pick-up with a penalty, a failed
    prise with the petit au bout to the defence, an all pass, a D10 misdeal, a chelem
    announced and made, an edit and an undo."""
    e = Evening(4, NAMES4, dataclasses.replace(PROFILES["maison"], early_pickup_penalty=10))
    for seat, card in [(0, "7S"), (1, "EX"), (2, "T4"), (3, "KC"), (1, "9H")]:
        e.add({"type": "draw", "seat": seat, "card": card})
    return add(
        e,
        {"type": "fault", "kind": "card_exposed", "by": 2, "card": "T7"},
        {"type": "cut", "k": 12},
        {"type": "fault", "kind": "card_exposed", "by": 3, "card": "5H"},
        {"type": "result", "contract": "garde", "taker": 1, "points": 47, "bouts": 2,
         "poignees": [[1, "simple"]], "defence_points": 44},
        {"type": "petit_sec", "seat": 3},
        {"type": "fault", "kind": "early_pickup", "by": 0},
        {"type": "result", "contract": "prise", "taker": 0, "points": 40.5, "bouts": 2,
         "petit_au_bout": "defence"},
        {"type": "all_pass"},
        {"type": "fault", "kind": "chien_count", "by": None},
        {"type": "result", "contract": "garde_sans", "taker": 3, "points": 91, "bouts": 3,
         "every_trick": "attack", "chelem": 3},
        {"type": "edit", "donne": 2, "result": {"contract": "prise", "taker": 1,
                                                  "points": 50, "bouts": 2,
                                                  "poignees": [[1, "simple"]]}},
        {"type": "result", "contract": "garde", "taker": 1, "points": 30, "bouts": 1},
        {"type": "undo"},
        {"type": "result", "contract": "garde_contre", "taker": 2, "bouts": 2,
         "pile": ["T1", "KS", "QS", "NS", "JS", "10S", "KH", "QH", "NH", "JH", "KD", "QD",
                  "T21", "T20", "T19", "T18", "T17", "T16", "T15"], "petit_in_chien": False},
    )  # fmt: skip


def evening5() -> Evening:
    e = Evening(5, NAMES5, PROFILES["maison"], profile="maison")
    return add(
        e,
        {"type": "dealer", "seat": 4},
        {"type": "result", "contract": "garde", "taker": 0, "called": "KH", "partner": 3,
         "points": 52, "bouts": 2},
        {"type": "result", "contract": "prise", "taker": 1, "called": "KS", "partner": 1,
         "points": 30, "bouts": 1, "poignees": [[2, "simple"]]},
        {"type": "fault", "kind": "misdeal", "by": 1},
        {"type": "result", "contract": "prise", "taker": 2, "called": "QD",
         "points": 0, "bouts": 0, "every_trick": "defence"},
    )  # fmt: skip


def dumps(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False)


def sheet_of(e: Evening) -> Any:
    """What the score sheet shows, apart from the log (entries, undo, edits)."""
    view = e.view()
    for key in ("entries", "can_undo", "undo_labels", "redo_labels"):
        del view[key]
    for donne in view["donnes"]:
        for key in ("edited", "entry"):
            del donne[key]
    return view, e.csv(), e.csv("fr"), sheet_lines(e), e.totals(), e.penalties()


# -- the round trip ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [evening4, evening5], ids=["4 players", "5 players"])
def test_an_exported_evening_reads_back_the_same(make: Callable[[], Evening]) -> None:
    e = make()
    text = dumps(e.game_record())
    back = read_evening(text, source="evening.json")
    assert sheet_of(back) == sheet_of(e)
    assert dumps(back.game_record()) == text  # byte for byte
    assert Evening.from_record(text.encode()).csv() == e.csv()
    assert back.rules == e.rules and back.names == e.names


def test_the_house_evening_has_every_kind_of_donne() -> None:
    e = evening4()
    donnes = e.game_record()["donnes"]
    assert [d["void"] for d in donnes] == [
        "misdeal", None, "petit_sec", None, "all_pass", "misdeal", None, None
    ]  # fmt: skip
    assert donnes[1]["entered"]["points"] == 50  # the edit
    assert donnes[3]["entered"]["penalties"] == [10, 0, 0, 0]
    assert donnes[6]["barred"] == [0] and donnes[6]["deal"]["leader"] == 3  # D12, A6
    assert e.game_record()["rules"] == {
        "early_pickup_penalty": 10,
        "five_player_split": "1.5:1.5",
        "poignee_goes": "attack_if_made",
        "defence_chelem_bonus": False,
    }


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bot_matches_entered_in_an_evening_read_back(players: int) -> None:
    for seed in range(2):
        table = play(players, seed)
        e = Evening(players)
        first = table.match.donnes[0].deal
        for seat, cards in first.draw_order:
            for card in cards:
                e.add({"type": "draw", "seat": seat, "card": str(card)})
        if not first.draws:
            e.add({"type": "dealer", "seat": first.dealer})
        for donne in table.match.donnes:
            e.add(entry_of(donne))
        text = dumps(e.game_record())
        back = read_evening(text)
        assert dumps(back.game_record()) == text and sheet_of(back) == sheet_of(e)
        assert back.totals() == table.match.totals()


def test_an_evening_without_a_donne_reads_back() -> None:
    e = Evening(3, NAMES4[:3])
    text = dumps(e.game_record())
    assert dumps(read_evening(text).game_record()) == text
    assert loads_game(text)[0] == []  # nothing in it needs the companion


def test_the_web_export_reads_back(tmp_path: Path) -> None:
    from tests.test_companion_web import auth, create, make_client, play_some

    with make_client(tmp_path / "atout.db") as client:
        evening, scorer, _ = create(client)
        play_some(client, evening, scorer)
        text = client.get(f"/api/companion/{evening}/record.json", headers=auth(scorer)).text
    back = read_evening(text)
    record = json.loads(text)
    assert back.totals() == record["totals"] and len(back.finished()) == len(record["donnes"]) == 4
    assert dumps(back.game_record()) == dumps(record)


# -- loads_game and a score sheet ----------------------------------------------------------


def test_loads_game_sends_a_score_sheet_to_the_companion() -> None:
    text = dumps(evening4().game_record())
    with pytest.raises(InvalidRecordError) as caught:
        loads_game(text, source="evening.json")
    message = str(caught.value)
    assert message == (
        "evening.json: donne 1: hands_known: false: a score sheet of the table companion, "
        "whose cards were not entered, cannot be replayed card by card; read it with "
        "atout.companion.read_evening or `atout replay FILE`"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.__setitem__("hands_known", True), r"hands_known: only false is written"),
        (lambda d: d.__setitem__("entered", {}), r"entered: only in a donne with hands_known"),
    ],
)
def test_loads_game_refuses_the_sheet_fields_on_a_known_donne(
    change: Callable[[Record], None], message: str
) -> None:
    table = play(4, 0)
    record = game_record(table.match.donnes, ["x"] * 4)
    loads_game(dumps(record))
    change(record["donnes"][0])
    with pytest.raises(InvalidRecordError, match=f"^donne 1: {message}"):
        loads_game(dumps(record))


def test_read_evening_refuses_a_record_with_known_hands() -> None:
    table = play(4, 0)
    record = game_record(table.match.donnes, ["x"] * 4)
    assert not is_score_sheet(record)
    record["donnes"][1]["hands_known"] = False
    assert is_score_sheet(record)
    with pytest.raises(InvalidRecordError, match=r"^donne 1: hands_known: missing: every donne"):
        read_evening(dumps(record))


# -- the rules field --------------------------------------------------------------------


def test_every_setting_of_rules_can_be_read() -> None:
    assert list(RULE_SETTINGS) == [f.name for f in dataclasses.fields(Rules)]
    changed = Rules(
        consecutive_chien_cards=True,
        early_pickup_penalty=5,
        bar_plain_card_exposer=True,
        excuse_exposed_as_trump=False,
        shuffler_offset=1,
        called_suit_first_trick=True,
        excuse_last_trick="to_trick_winner",
        five_player_split="1.5:1.5",
        poignee_goes="attack_if_made",
        poignee_multiplied=True,
        petit_au_bout_multiplied=False,
        defence_chelem_bonus=False,
    )
    record = rules_record(changed)
    assert len(record) == len(RULE_SETTINGS)  # every one differs from the FFT
    assert read_rules(json.loads(json.dumps(record)), 4) == changed
    assert rules_record(Rules()) == {} and read_rules({}) == Rules()


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ([], r"^rules: the rules are a JSON object"),
        ({"poignee": True}, r"^rules\.poignee: not a setting of atout\.table\.Rules"),
        ({"poignee_goes": "winning_camp"}, r"^rules\.poignee_goes: 'winning_camp' is the FFT's"),
        ({"poignee_goes": "defence"}, r"^rules\.poignee_goes: 'defence' is not a value of "),
        ({"poignee_multiplied": 1}, r"^rules\.poignee_multiplied: true or false, got 1 \(A1\)"),
        ({"early_pickup_penalty": -5}, r"^rules\.early_pickup_penalty: -5 is not a number"),
        ({"shuffler_offset": 4}, r"^rules\.shuffler_offset: 4 is not an offset"),
        ({"five_player_split": "1:1"}, r"^rules\.five_player_split: '1:1' is not a value"),
    ],
)
def test_bad_rules_are_refused_naming_the_setting(value: Any, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        read_rules(value, 4)
    record = evening4().game_record()
    record["rules"] = value
    with pytest.raises(InvalidRecordError, match=message):
        read_evening(dumps(record))


def five_player_table(rules: Rules) -> Table:
    settings = TableSettings(
        players=5, deals=6, seats=("random",) * 5, dealing="automatic", verifiable=False,
        rules=rules,
    )  # fmt: skip
    table = Table(settings, 3)
    table.next_donne()
    while not table.is_over:
        donne = table.donne
        if donne is not None and donne.is_terminal():
            table.next_donne()
            continue
        table.act(table.bot_action(table.to_act()[0]))
    return table


def test_a_known_record_is_scored_with_its_rules_field() -> None:
    rules = Rules(five_player_split="1.5:1.5")
    table = five_player_table(rules)
    donnes = table.match.donnes
    assert any(d.partner not in (None, d.taker) for d in donnes), "a donne with a partner"
    record = game_record(donnes, ["x"] * 5, rules=rules)
    assert list(record)[4] == "rules" and record["rules"] == {"five_player_split": "1.5:1.5"}
    again, _ = loads_game(dumps(record))
    assert again == donnes and game_record(again, ["x"] * 5, rules=again[0].deal.rules) == record
    assert loads_game(dumps(record), Rules())[0] == donnes  # the record's rules, not the FFT's
    del record["rules"]
    loads_game(dumps(record), rules)  # a record without the field: the rules given
    with pytest.raises(InvalidRecordError, match=r"result\.marks: .* \(S4\)$"):
        loads_game(dumps(record))  # absent means the FFT's: 2:1, and the marks differ
    assert "rules" not in game_record(donnes, ["x"] * 5)  # today's records are unchanged


# -- tampered records ------------------------------------------------------------------------


def _donne(n: int, path: str, value: Any) -> Callable[[Record], None]:
    def change(record: Record) -> None:
        target: Any = record["donnes"][n - 1]
        keys = path.split(".")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = keys[-1]
        target[int(last) if last.isdigit() else last] = value

    return change


def _top(key: str, value: Any) -> Callable[[Record], None]:
    return lambda record: record.__setitem__(key, value)


TAMPERED: list[tuple[str, Callable[[Record], None], str]] = [
    ("marks", _donne(2, "result.marks", [-80, 244, -82, -82]),
     r"^donne 2: result\.marks: the companion gives \[-54, 162, -54, -54\], the record says "
     r"\[-80, 244, -82, -82\] \(S4\)$"),
    ("score", _donne(2, "result.score", 100), r"^donne 2: result\.score: .* \(S3\)$"),
    ("next dealer", _donne(3, "deal.next_dealer", 1),
     r"^donne 3: deal\.next_dealer: the companion gives 2, the record says 1 \(D12, D16, D17\)$"),
    ("dealer", _donne(4, "deal.dealer", 1),
     r"^donne 4: deal\.dealer: the companion gives 2, the record says 1 \(D1, D12, D16, D17\)$"),
    ("same dealer after a misdeal", _donne(1, "deal.next_dealer", 1),
     r"^donne 1: deal\.next_dealer: the companion gives 0, the record says 1"),
    ("shuffler", _donne(2, "deal.shuffler", 3), r"^donne 2: deal\.shuffler: .* \(D4\)$"),
    ("leader", _donne(7, "deal.leader", 1), r"^donne 7: deal\.leader: .* \(D18, A6\)$"),
    ("barred seat takes", _donne(7, "taker", 0),
     r"^donne 7: taker: D12: Anne may not bid on this donne, so cannot be the taker$"),
    ("barred seat bids", _donne(2, "bids", [[1, "pass"], [2, "garde"], [3, "pass"],
                                           [0, "pass"]]),
     r"^donne 2: bids\[1\]\[1\]: seat 2 may not bid on this donne \(D12, D14\)$"),
    ("barred list", _donne(2, "barred", []),
     r"^donne 2: barred: the companion gives \[2\], the record says \[\] \(D12, D14\)$"),
    ("points", _donne(2, "entered.points", 47),
     r"^donne 2: result\.points: the companion gives 47\.0, the record says 50\.0 \(S1\)$"),
    ("points beyond 91", _donne(2, "entered.points", 92),
     r"^donne 2: entered\.points: S1: points: 0 to 91"),
    ("points the bouts forbid", _donne(2, "entered.points", 3),
     r"^donne 2: entered\.points: S1: with 2 bouts \(4\.5 points each\) the taker's camp has "
     r"8\.5 to 87 points, not 3$"),
    ("points not a half", _donne(2, "entered.points", 50.2),
     r"^donne 2: entered\.points: S1: points: card points are a multiple of 0\.5"),
    ("defence chelem announced", _donne(7, "chelem", 0),
     r"^donne 7: chelem: A4: Anne is in the defence"),
    ("petit au bout with the Petit", _donne(4, "entered.bouts", 3),
     r"^donne 4: entered\.petit_au_bout: A5: the defence won the last trick with the Petit"),
    ("penalty", _donne(4, "entered.penalties", [0, 0, 0, 0]),
     r"^donne 4: entered\.penalties: the companion gives \[10, 0, 0, 0\], .* \(D11\)$"),
    ("fault consequence", _donne(1, "faults.0.card", "5S"),
     r"^donne 1: void: 'misdeal', but no fault of this donne voids the deal \(D12\)$"),
    ("fault rule", _donne(1, "faults.0.rule", "D12"),
     r"^donne 1: faults\[0\]\.rule: a card_exposed fault is a D14 fault, not 'D12'$"),
    ("fault place", _donne(1, "faults.0.at", 3),
     r"^donne 1: faults\[0\]\.at: 0 in a donne whose cards were not entered"),
    ("fault by another than the dealer", _donne(6, "faults.0.by", 2),
     r"^donne 6: faults\[0\]: D10: a wrong chien count is the dealer's fault \(Anne\)$"),
    ("void", _donne(3, "void", "all_pass"),
     r"^donne 3: deal\.petit_sec: the companion gives None, the record says 3 \(D16\)$"),
    ("cut", _donne(2, "deal.cut", 3), r"^donne 2: deal\.cut: null or a cut .* got 3 \(D5\)$"),
    ("draw later", _donne(2, "deal.draw", [[0, ["7S"]]]),
     r"^donne 2: deal\.draw: the companion gives None, .* \(D1–D3\)$"),
    ("hands", _donne(2, "deal.hands", [["KS"], [], [], []]),
     r"^donne 2: deal\.hands: \[\[\], \[\], \[\], \[\]\] in a donne whose cards were not"),
    ("tricks", _donne(2, "tricks", [{}]), r"^donne 2: tricks: \[\] in a donne whose cards"),
    ("poignée cards", _donne(2, "poignees.0.2", ["T21"]),
     r"^donne 2: poignees\[0\]\[2\]: \[\] in a donne whose cards were not entered"),
    ("pile card form", _donne(8, "entered.pile.0", "t1"),
     r"^donne 8: entered\.pile\[0\]: 't1' is not a card \(docs/reference/formats\.md canonical"),
    ("unknown entered field", _donne(2, "entered.defence", 41),
     r"^donne 2: entered\.defence: not a field of entered"),
    ("hands known", _donne(2, "hands_known", True),
     r"^donne 2: hands_known: false in a score sheet, got True$"),
    ("totals", _top("totals", [0, 0, 0, 0]),
     r"^totals: the companion gives \[.*\], the record says \[0, 0, 0, 0\] \(S4\)$"),
    ("seed", _top("seed", 7), r"^seed: the companion gives None, the record says 7"),
    ("names", _top("seats", ["Anne", "Anne", "Chloé", "David"]),
     r"^seats: ⚙: each player a different name$"),
    ("rules", _top("rules", {"five_player_split": "1.5:1.5"}),
     r"^donne 4: entered\.penalties: the companion gives \[0, 0, 0, 0\], the record says "
     r"\[10, 0, 0, 0\] \(D11\)$"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "message"), [t[1:] for t in TAMPERED], ids=[t[0] for t in TAMPERED]
)
def test_a_tampered_sheet_is_refused_naming_the_field_and_the_rule(
    change: Callable[[Record], None], message: str
) -> None:
    record = evening4().game_record()
    read_evening(dumps(record))
    change(record)
    with pytest.raises(InvalidRecordError, match=message) as caught:
        read_evening(dumps(record))
    assert "\n" not in str(caught.value)


def test_a_5_player_sheet_checks_the_call() -> None:
    record = evening5().game_record()
    record["donnes"][0]["called"] = "5H"
    with pytest.raises(
        InvalidRecordError, match=r"^donne 1: called: B4: the called card is a King"
    ):
        read_evening(dumps(record))
    record = evening5().game_record()
    record["donnes"][0]["result"]["marks"] = [104, -52, -52, 52, -52]  # the FFT's 2:1
    with pytest.raises(InvalidRecordError, match=r"^donne 1: result\.marks: .* \(S4\)$"):
        read_evening(dumps(record))


def test_bids_when_given_are_checked_and_not_kept() -> None:
    record = evening4().game_record()
    record["donnes"][1]["bids"] = [[1, "prise"], [2, "pass"], [3, "pass"], [0, "pass"]]
    record["donnes"][1]["barred"] = [2]
    back = read_evening(dumps(record))
    assert back.game_record()["donnes"][1]["bids"] == []
    for bids, message in [
        ([[2, "pass"], [1, "prise"], [3, "pass"], [0, "pass"]], r"bids\[0\]\[0\]: seat 1 speaks"),
        ([[1, "garde"], [2, "pass"], [3, "pass"], [0, "pass"]], r"contract: the bids give garde"),
        ([[1, "pass"], [2, "pass"], [3, "prise"], [0, "pass"]], r"taker: the bids give seat 3"),
        (
            [[1, "garde"], [2, "pass"], [3, "prise"], [0, "pass"]],
            r"bids\[2\]\[1\]: prise is not above garde \(B1\)$",
        ),
        ([[1, "prise"], [2, "pass"]], r"bids: every seat speaks once"),
    ]:
        record["donnes"][1]["bids"] = bids
        with pytest.raises(InvalidRecordError, match=f"^donne 2: {message}"):
            read_evening(dumps(record))


def test_read_score_sheet_gives_the_players_names_and_rules() -> None:
    players, names, rules = read_score_sheet(evening5().game_record())
    assert (players, names, rules) == (5, list(NAMES5), PROFILES["maison"])


def test_random_damage_is_refused_in_one_line_never_a_traceback() -> None:
    rng = random.Random(11)
    base = evening4().game_record()
    values = [None, True, 0, -1, 2, 3, 91, 1e300, "", "x", "KS", [], {}, [0], {"a": 1}]
    refused = 0
    for _ in range(400):
        record = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            target: Any = record
            while True:
                keys = list(target) if isinstance(target, dict) else list(range(len(target)))
                if not keys:
                    break
                key = rng.choice(keys)
                inner = target[key]
                if isinstance(inner, dict | list) and inner and rng.random() < 0.7:
                    target = inner
                    continue
                if isinstance(target, dict) and rng.random() < 0.1:
                    del target[key]
                else:
                    target[key] = rng.choice(values)
                break
        try:
            read_evening(dumps(record))
        except InvalidRecordError as error:
            assert "\n" not in str(error) and "unexpected" not in str(error), str(error)
            refused += 1
    assert refused > 300


# -- atout replay ------------------------------------------------------------------------


def test_atout_replay_checks_a_sheet_and_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "evening.json"
    record = evening4().game_record()
    path.write_text(dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "  1  Anne deals [D14 card turned face up by Chloé (trump 7)]: void, "
        "card turned face up by Chloé (D14)"
    )
    assert lines[1].startswith("  2  Anne deals [D14 card turned face up by David (5♥)]: Prise by")
    assert "marks -54 +162 -54 -54; totals -54 +162 -54 -54" in lines[1]
    assert "Penalties (D11): Anne 10" in lines
    assert lines[-1].startswith("8 donnes checked (4 played, 4 void), a score sheet")
    totals = ", ".join(
        f"{n} {t:+d}" for n, t in zip(record["seats"], record["totals"], strict=True)
    )
    assert any(line == f"Totals: {totals}" for line in lines), lines[-4:]  # named, not a list
    record["donnes"][2]["deal"]["next_dealer"] = 1
    path.write_text(dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (1, "")
    assert err == (
        f"atout: {path}: donne 3: deal.next_dealer: the companion gives 2, the record says 1 "
        "(D12, D16, D17)\n"
    )


def test_atout_replay_keeps_its_path_for_known_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = play(4, 1)
    record = game_record(table.match.donnes, ["hands_known"] * 4)
    path = tmp_path / "game.json"
    path.write_text(dumps(record), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "donnes replayed" in out and "every action follows the rules" in out
