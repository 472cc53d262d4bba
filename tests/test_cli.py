"""``atout deal`` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from atout.record import loads_deal
from tests.cli_helpers import run

STEPS = [
    "draws",
    "(D1–D2",
    "shuffles the pack (D4)",
    "cuts",
    "(D5",
    "(D6–D7)",
    "never the first or the last card (D8)",
    "chien: 6 cards (D10)",
    "Hands, sorted",
    "speaks first (B1)",
    "(D18)",
    "deals next (D17)",
]


def test_deal_tells_every_step(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "7")
    assert code == 0
    for text in STEPS:
        assert text in out, text


def test_deal_is_reproducible_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(capsys, "deal", "--seed", "11", "-p", "5")[1]
        == run(capsys, "deal", "--seed", "11", "-p", "5")[1]
    )


def test_dealer_option_skips_the_draw(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "deal", "--dealer", "2", "--seed", "1")
    assert "Seat 2 deals." in out and "draws" not in out


def test_json_is_one_deal_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--json", "--seed", "5", "--players", "3")
    record = json.loads(out)
    assert (
        code == 0
        and record["format"] == "atout.deal/1"
        and record["seed"] == 5
        and record["players"] == 3
    )
    deal, seed = loads_deal(out)
    assert seed == 5 and [len(h) for h in deal.hands] == [24, 24, 24]


def test_jsonl_count_each_line_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--count", "3", "--jsonl", "--seed", "40")
    lines = out.splitlines()
    assert (
        code == 0 and len(lines) == 3 and err == ""
    )  # no progress bar when stderr is not a terminal
    assert [json.loads(line)["seed"] for line in lines] == [40, 41, 42]
    single = run(capsys, "deal", "--jsonl", "--seed", "41")[1]
    assert single.strip() == lines[1]


def test_secure_source_without_seed(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--json")[1]
    assert json.loads(out)["seed"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "6"], "--players 6: French Tarot is played by 3, 4 or 5 players"),
        (["--dealer", "9"], "--dealer 9: seats are 0 … 3"),
        (["--count", "-1"], "--count -1: give a number of deals ≥ 1"),
        (["--seed", "-2"], "--seed -2"),
        (["--players", "x"], "'--players'"),
        (["--bogus"], "No such option: --bogus"),
        (["--json", "--count", "2"], "--json prints one record"),
        (["--fault", "nonsense"], "--fault 'nonsense': unknown fault"),
        (["--fault", "exposed:9:KS"], "'9' is not a seat"),
        (["--fault", "exposed:1:ZZ"], "'ZZ' is not a card"),
        (["--fault", "misdeal", "--json"], "--fault tells a deal for people"),
    ],
)
def test_bad_options_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "deal", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("atout: error: ") and message in err


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("misdeal", ["Fault (D12): seat", "unseen (D13)", "bid on the new deal (D12)", "Deal 2"]),
        ("chien_count", ["Fault (D10)", "The deal is void", "── Deal 2 ──", "Barred from bidding"]),
        ("exposed:1:QC", ["seat 1 turned D♣ (Dame de Trèfle) face up.", "Seat 1 may not bid on"]),
        ("exposed:1:7H", ["The card is below the Valet: the deal goes on (D14).", "(D16)"]),
        ("early_pickup:2", ["Fault (D11): seat 2 touched", "a warning; the deal goes on (D11)"]),
    ],
)  # fmt: skip
def test_faults_are_shown_with_their_consequences(
    capsys: pytest.CaptureFixture[str], fault: str, expected: list[str]
) -> None:
    code, out, _ = run(capsys, "deal", "--seed", "3", "--dealer", "0", "--fault", fault)
    assert code == 0
    for text in expected:
        assert text in out, text
    if "Deal 2" not in out:
        assert "── Deal" not in out


def test_petit_sec_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    import random

    from atout.dealing import Deal
    from atout.table import Variant

    seed = next(
        s for s in range(5000) if Deal.automatic(Variant.for_players(4), rng=random.Random(s)).void
    )
    _, out, _ = run(capsys, "deal", "--seed", str(seed))
    assert "Petit sec! Seat" in out and "(D16)" in out and "deals the next one (D16)" in out
    record = json.loads(run(capsys, "deal", "--seed", str(seed), "--json")[1])
    assert record["petit_sec"] is not None


def test_english_display(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "deal", "--seed", "7", "--english")[1]
    assert "K♠" in out or "K♥" in out
    assert "R♠" not in out


def test_help_answers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--help")
    assert code == 0 and "--players" in out and "uniformly" in out and "exposed:SEAT[:CARD]" in out


def test_no_traceback_from_the_installed_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atout.cli", "deal", "--players", "9"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_progress_bar_on_a_terminal_only() -> None:
    """With standard error on a terminal, ``--count N --jsonl`` shows a progress bar
    there, while standard output stays pure JSON lines."""
    import os
    import pty

    leader, follower = pty.openpty()
    command = [
        sys.executable,
        "-m",
        "atout.cli",
        "deal",
        "--count",
        "300",
        "--jsonl",
        "--seed",
        "1",
    ]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=follower, text=True) as process:
        os.close(follower)
        out, _ = process.communicate(timeout=120)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    assert process.returncode == 0
    assert [json.loads(line)["seed"] for line in out.splitlines()] == list(range(1, 301))
    assert "dealing" in seen.decode("utf-8", "replace")


def test_version_and_help_list_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("atout ")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and all(name in out for name in ("deal", "play", "replay", "stats"))
