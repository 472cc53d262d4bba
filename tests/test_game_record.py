"""The atout.game/1 record (docs/reference/formats.md), ``atout play`` and ``atout replay``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from atout.errors import InvalidRecordError
from atout.record import loads_game
from tests.cli_helpers import run

DONNE_FIELDS = [
    "deal", "barred", "faults", "void", "bids", "taker", "contract", "called", "partner",
    "ecart", "poignees", "chelem", "tricks", "result",
]  # fmt: skip
RESULT_FIELDS = [
    "bouts", "points", "target", "made", "difference", "petit_au_bout", "poignee", "chelem",
    "score", "marks",
]  # fmt: skip


@pytest.fixture(scope="module")
def record_text() -> str:
    import subprocess
    import sys

    command = [sys.executable, "-m", "atout.cli", "play", "--players", "5", "--deals", "6"]
    done = subprocess.run([*command, "--seed", "3", "--json"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_game_record_follows_formats_md(record_text: str) -> None:
    record = json.loads(record_text)
    assert list(record) == ["format", "players", "seed", "seats", "donnes", "totals"]
    assert record["format"] == "atout.game/1" and record["players"] == 5 and record["seed"] == 3
    assert record["seats"] == ["bot:heuristic"] * 5 and len(record["donnes"]) == 6
    for donne in record["donnes"]:
        assert list(donne) == DONNE_FIELDS
        assert donne["deal"]["format"] == "atout.deal/1"
        if donne["result"] is not None:
            assert list(donne["result"]) == RESULT_FIELDS
            assert len(donne["bids"]) == 5 and donne["called"] is not None
            assert all(len(t["cards"]) == 5 for t in donne["tricks"]) and len(donne["tricks"]) == 15
        else:
            assert donne["taker"] is None and donne["tricks"] == [] and donne["void"] is not None
    totals = [
        sum(d["result"]["marks"][s] for d in record["donnes"] if d["result"]) for s in range(5)
    ]
    assert record["totals"] == totals


def test_replay_accepts_the_record(
    capsys: pytest.CaptureFixture[str], record_text: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_text)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "6 donnes replayed" in out and "every result the scoring" in out


def tampered(record_text: str, change: str) -> str:
    record = json.loads(record_text)
    played = next(d for d in record["donnes"] if d["result"])
    if change == "score":
        played["result"]["score"] += 1
    elif change == "marks":
        played["result"]["marks"][0] += 5
    elif change == "card":
        first = played["tricks"][0]["cards"]
        first[0], first[1] = first[1], first[0]
    elif change == "bid":
        played["bids"][0][1] = "garde_contre" if played["bids"][0][1] != "garde_contre" else "pass"
    elif change == "totals":
        record["totals"][0] += 1
    elif change == "winner":
        played["tricks"][0]["winner"] = (played["tricks"][0]["winner"] + 1) % 5
    return json.dumps(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("score", r"^donne \d+: result\.score: the game gives -?\d+, the record says .*\(S3\)$"),
        ("marks", r"\(S4\)"),
        ("card", "it is seat"),
        ("bid", r"\((B1|B4|S3|E1|A4)\)|^donne \d+: bids\[\d\]: (B1|B4|E1|A4|P1)"),
        ("totals", r"totals: .* \(S4\)"),
        ("winner", r"\(P5\)"),
    ],
)
def test_replay_reports_the_first_difference_with_its_rule(
    record_text: str, change: str, message: str
) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        loads_game(tampered(record_text, change))


def test_replay_from_standard_input_and_errors(
    capsys: pytest.CaptureFixture[str], record_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(tampered(record_text, "score")))
    code, _, err = run(capsys, "replay", "-")
    assert code == 1 and "result.score" in err and "(S3)" in err and err.count("\n") == 1
    code, _, err = run(capsys, "replay", "/no/such/file.json")
    assert code == 2 and "cannot read it" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("{"))
    code, _, err = run(capsys, "replay")
    assert code == 1 and "not JSON" in err


def test_play_tells_every_donne(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--seed", "2", "--deals", "3", "--players", "3")
    assert code == 0
    assert out.count("Donne ") == 3 and "Final totals" in out and "Bids (B1)" in out
    assert run(capsys, "play", "--seed", "2", "--deals", "3", "--players", "3")[1] == out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "genius"], "--bots 'genius': choose one of random, heuristic"),
        (["--deals", "0"], "--deals 0"),
        (["--players", "2"], "--players 2"),
        (["--seed", "-1"], "--seed -1"),
    ],
)
def test_play_bad_options(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "play", *args)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_heuristic_bots_beat_random_bots() -> None:
    from atout.bots import Agent, HeuristicBot, RandomBot, play_match
    from atout.match import Match
    from atout.table import Variant

    match = Match(Variant.for_players(4))
    bots: list[Agent] = [HeuristicBot(random.Random(1)), RandomBot(random.Random(2))] * 2
    play_match(match, bots, 60, random.Random(7))
    totals = match.totals()
    assert totals[0] + totals[2] > 0 > totals[1] + totals[3]


def test_play_opens_the_table_in_a_terminal_unless_bots_are_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import atout.tui.app

    opened: list[object] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr(atout.tui.app, "run", lambda *args: opened.append(args))
    code, out, _ = run(capsys, "play", "--level", "random", "--players", "3", "--no-animation")
    assert code == 0 and out == "" and len(opened) == 1
    settings = opened[0][0]  # type: ignore[index]
    assert (settings.players, settings.bots, settings.animate) == (3, "random", False)
    code, out, _ = run(capsys, "play", "--bots", "heuristic", "--deals", "1", "--seed", "1")
    assert code == 0 and "Donne 1" in out and len(opened) == 1


def shapes(record_text: str) -> list[str]:
    """The record with one field after another given a value of the wrong shape."""
    record = json.loads(record_text)
    played = next(i for i, d in enumerate(record["donnes"]) if d["result"])
    broken = []
    cases: list[tuple[tuple[str | int, ...], object]] = [
        (("bids",), None),
        (("bids", 0, 1), 5),
        (("tricks", 0), "zz"),
        (("tricks", 0, "cards", 0), [None]),
        (("deal", "hands", 0), -1),
        (("deal", "sequence", 2), {"to": [1], "cards": "KS"}),
        (("deal", "draw"), [[0, "KS"]]),
        (("result",), [1, 2]),
        (("poignees",), [[1, "simple", None]]),
    ]
    for path, value in cases:
        copy = json.loads(record_text)
        target: Any = copy["donnes"][played]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        broken.append(json.dumps(copy))
    return broken


def test_records_of_the_wrong_shape_are_refused_without_a_traceback(
    capsys: pytest.CaptureFixture[str], record_text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    for text in shapes(record_text):
        with pytest.raises(InvalidRecordError):
            loads_game(text)
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
        code, _, err = run(capsys, "replay", "-")
        assert code == 1 and err.startswith("atout: -: donne ") and "Traceback" not in err


def test_errors_name_real_rule_ids() -> None:
    from atout.dealing import Deal, DealerChosen
    from atout.errors import IllegalActionError
    from atout.state import Bid, Donne
    from atout.table import Variant

    with pytest.raises(IllegalActionError, match=r"^D9: French Tarot is played by 3, 4 or 5"):
        Variant.for_players(6)
    four = Variant.for_players(4)
    with pytest.raises(IllegalActionError, match=r"^D6: seat 4 is not a seat: seats are 0 … 3"):
        four.check_seat(4)
    deal = Deal(four, dealer=0)
    with pytest.raises(IllegalActionError, match=r"^D1: DealerChosen follows from another"):
        deal.apply(DealerChosen(0, False))
    with pytest.raises(IllegalActionError, match=r"^D14: the seat at fault 7 is not a seat"):
        deal.record_fault("card_exposed", by=7, card=None)
    for seed in range(100):
        donne = Donne(Deal.automatic(four, rng=random.Random(seed), dealer=0))
        for seat in (1, 2, 3, 0):
            if not donne.is_terminal():
                donne.apply_action(Bid(seat, None))
        if donne.void == "all_pass":
            break
    with pytest.raises(IllegalActionError, match=r"^B3: the donne is void \(all_pass\)"):
        donne.apply_action(Bid(1, None))
