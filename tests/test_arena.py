"""The duplicate arena (atout.bots.arena) and ``atout arena``: each deal played with each
bot alone in every seat, reproducible for a seed, paired intervals, deals from a file,
one-line errors for every bad option."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from atout.bots import BOTS
from atout.bots import arena as A
from atout.dealing import Deal
from atout.record import dumps_deal
from atout.table import Variant
from tests.cli_helpers import run


def test_identical_bots_differ_by_exactly_zero() -> None:
    """The same bot on both sides meets the same cards: every deal's difference is 0."""
    result = A.run_arena(["heuristic-1", "heuristic-1"], players=4, deals=12, seed=3)
    assert result.differences == [0.0] * 12
    assert result.difference.mean == 0.0


def test_each_bot_sits_alone_in_every_seat() -> None:
    seen: list[tuple[int, str, str]] = []
    original = A.make_bot

    def spy(name: str, seed: int) -> object:
        seen.append((seed, name, ""))
        return original(name, seed)

    A.make_bot = spy
    try:
        games = A.duplicate_deal(next(A.iter_deals(4, 1, 5)), "random", "heuristic", 5, 0)
    finally:
        A.make_bot = original
    assert len(games) == 4
    names = [name for _, name, _ in seen]
    for seat in range(4):
        table = names[4 * seat : 4 * seat + 4]
        assert table[seat] == "random" and table.count("random") == 1


def test_a_run_is_reproducible_for_a_seed() -> None:
    first = A.run_arena(["heuristic", "random"], players=3, deals=6, seed=9).as_json()
    again = A.run_arena(["heuristic", "random"], players=3, deals=6, seed=9).as_json()
    other = A.run_arena(["heuristic", "random"], players=3, deals=6, seed=10).as_json()
    assert first == again
    assert first != other


def test_result_is_paired_by_deal() -> None:
    result = A.run_arena(["heuristic", "random"], players=4, deals=10, seed=1)
    games = [
        (A.duplicate_deal(deal, "heuristic", "random", 1, i),
         A.duplicate_deal(deal, "random", "heuristic", 2, i))
        for i, deal in enumerate(A.iter_deals(4, 10, 1))
    ]  # fmt: skip
    for k, stats in enumerate(result.stats):
        mine = [pair[k] for pair in games]
        assert stats.games == 40  # 10 deals × 4 seats
        assert stats.made <= stats.taken
        assert stats.taken == sum(g.role == "taker" for deal in mine for g in deal)
        per_deal = [sum(g.marks for g in deal) / 4 for deal in mine]
        marks = A.Interval.of(per_deal)
        assert stats.marks.mean == pytest.approx(marks.mean)
        assert stats.marks.half_width == pytest.approx(marks.half_width)
        defence = [float(g.marks) for deal in mine for g in deal if g.role == "defender"]
        assert stats.role("defender").mean == pytest.approx(sum(defence) / len(defence))
    differences = [(sum(g.marks for g in x) - sum(g.marks for g in y)) / 4 for x, y in games]
    assert result.differences == differences
    d = result.difference
    mean = sum(differences) / 10
    sd = math.sqrt(sum((x - mean) ** 2 for x in differences) / 9)
    assert d.mean == pytest.approx(mean)
    assert d.half_width == pytest.approx(1.959963984540054 * sd / math.sqrt(10))
    assert result.stats[0].mean > result.stats[1].mean  # heuristic beats random


def test_cheat_bot_is_shown_the_donne() -> None:
    shown = []

    class Peeker:
        def __init__(self, rng: random.Random) -> None:
            self.bot = BOTS["heuristic"](rng)

        def peek(self, donne: object) -> None:
            shown.append(donne)

        def act(self, observation: object) -> object:
            return self.bot.act(observation)  # type: ignore[arg-type]

    BOTS["peeker"] = Peeker  # type: ignore[assignment]
    try:
        A.run_arena(["peeker", "random"], players=4, deals=1, seed=2)
    finally:
        del BOTS["peeker"]
    assert shown and all(hasattr(d, "hands") for d in shown)


def test_deals_from_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = [
        Deal.automatic(Variant.for_players(4), rng=random.Random(s), dealer=s % 4) for s in range(5)
    ]
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(dumps_deal(d, s) + "\n" for s, d in enumerate(deals)))
    from_seed = A.run_arena(["heuristic", "random"], players=4, deals=5, seed=0)
    code, out, err = run(
        capsys, "arena", "--bots", "heuristic,random", "--deals-file", str(path), "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["format"] == "atout.arena/1" and data["source"] == "file" and data["deals"] == 5
    # the same deals as arena's own for seed 0 (deal i: seed i, dealer i mod 4)
    assert (
        data["results"][0]["marks_per_donne"]
        == from_seed.as_json()["results"][0]["marks_per_donne"]
    )


def test_cli_table_plot_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "arena", "--bots", "heuristic,heuristic-1", "--deals", "6", "--seed", "4"
    )
    assert code == 0, err
    assert "Duplicate arena: 4 players, 6 deals (seed 4)" in out
    assert "Difference heuristic − heuristic-1:" in out
    plot = tmp_path / "diff.png"
    code, out, err = run(
        capsys, "arena", "--bots", "heuristic,random", "--players", "5", "--deals", "3", "--json",
        "--plot", str(plot),
    )  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["players"] == 5 and data["bots"] == ["heuristic", "random"]
    assert {"taken", "made", "as_taker", "as_defender", "marks_per_donne"} <= set(
        data["results"][0]
    )
    assert plot.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "foo,heuristic"], "--bots 'foo,heuristic': unknown bot 'foo'"),
        (["--bots", "heuristic"], "--bots 'heuristic': give two bots"),
        (["--bots", "a,b,c"], "give two bots"),
        (["--deals", "0"], "--deals 0: give a number ≥ 1"),
        (["--deals", "x"], "--deals 'x': give a whole number"),
        (["--deals", "10000000"], "give a number ≤ 1_000_000"),
        (["--players", "6"], "--players 6: French Tarot is played by 3, 4 or 5 players"),
        (["--seed", "-1"], "--seed -1: a seed is an integer"),
        (["--seed", str(2**64 - 1), "--deals", "2"], "--seed + --deals - 1 = 18446744073709551616"),
        (["--jobs", "0"], "--jobs 0: give a number of processes"),
        (["--workers", "0"], "--workers 0: give a number of processes from 1 to 64"),
        (["--workers", "x"], "--workers x: give a number of processes"),
        (["--shard", "3/2"], "--shard 3/2: shard I of N needs 1 ≤ I ≤ N"),
        (["--shard", "2"], "--shard '2': give I/N"),
        (["--deals", "3", "--shard", "1/4"], "--shard 1/4: 3 deals make at most 3 shards"),
        (["--shard", "1/2", "--plot", "a.png"], "--plot with --shard"),
        (["--workers", "2", "--ray"], "--workers with --ray: give one"),
        (["--deals", "4", "merge", "x.json"], "--deals before merge does nothing"),
        (
            ["--deals-file", "/nonexistent/deals.jsonl"],
            "--deals-file /nonexistent/deals.jsonl: cannot read it",
        ),
        (["--plot", "out.txt"], "--plot out.txt: .txt is not a picture format"),
    ],
)
def test_bad_options_get_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "arena", *args)
    assert code == 2
    assert err.startswith("atout: error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_bad_deals_file_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = dumps_deal(Deal.automatic(Variant.for_players(4), rng=random.Random(1), dealer=0), 1)
    path = tmp_path / "d.jsonl"
    path.write_text(good + "\n" + '{"format": "atout.deal/1"}\n')
    code, _, err = run(capsys, "arena", "--deals-file", str(path))
    assert code == 2 and "line 2" in err and err.count("\n") == 1
    path.write_text(good + "\n")
    code, _, err = run(capsys, "arena", "--deals-file", str(path), "--players", "3")
    assert code == 2 and "is a 4-player deal, not 3" in err
    path.write_bytes(b"\xff\xfe")
    code, _, err = run(capsys, "arena", "--deals-file", str(path))
    assert code == 2 and "cannot read it" in err
    path.write_text("\n")
    code, _, err = run(capsys, "arena", "--deals-file", str(path))
    assert code == 2 and "no atout.deal/1 record" in err
