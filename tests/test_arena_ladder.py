"""The ladder (docs/howto/bots-arena.md, "The ladder"): the arena between every pair of
bots, ratings fitted to the pairs' differences, the CPU time of a decision, and a
one-line refusal for every mistake."""

from __future__ import annotations

import json
import math

import pytest

from atout.bots import arena as A
from atout.bots import ladder as L
from atout.bots.arena import Interval
from tests.cli_helpers import run


def test_consistent_differences_are_the_ratings_exactly() -> None:
    pairs = [
        L.Pair("a", "b", Interval(10.0, 2.0, 50)),
        L.Pair("b", "c", Interval(-4.0, 3.0, 50)),
        L.Pair("a", "c", Interval(6.0, 1.0, 50)),
    ]
    ratings = L.fit_ratings(["a", "b", "c"], pairs, "b")
    assert math.isclose(ratings["a"].mean, 10.0) and math.isclose(ratings["c"].mean, 4.0)
    assert ratings["b"].mean == 0.0 and ratings["b"].half_width == 0.0


def test_a_precise_pair_weighs_more_than_a_loose_one() -> None:
    """a − c is said twice: 10 precisely (a – c) and 0 loosely (through b); the fit
    stays near the precise one, and its interval is narrower than either path's."""
    tight, loose = Interval(10.0, 1.0, 50), Interval(0.0, 20.0, 50)
    pairs = [L.Pair("a", "c", tight), L.Pair("a", "b", loose), L.Pair("b", "c", loose)]
    rating = L.fit_ratings(["a", "b", "c"], pairs, "c")["a"]
    assert 9.0 < rating.mean < 10.0
    assert rating.half_width < tight.half_width


def test_two_bots_are_rated_by_their_arena_s_difference() -> None:
    ladder = L.run_ladder(["heuristic", "heuristic-1"], players=3, deals=8, seed=5, timing=0)
    arena = A.run_arena(["heuristic", "heuristic-1"], players=3, deals=8, seed=5)
    rung = {r.bot: r for r in ladder.rungs}
    assert ladder.anchor == "heuristic-1"
    assert math.isclose(rung["heuristic"].rating.mean, arena.difference.mean)
    assert math.isclose(rung["heuristic"].rating.half_width, arena.difference.half_width)
    assert all(r.cpu is None for r in ladder.rungs)


def test_a_ladder_on_worker_processes_is_the_same_ladder() -> None:
    bots = ["random", "heuristic-1", "heuristic"]
    one = L.run_ladder(bots, deals=6, seed=3, timing=0)
    means = [r.rating.mean for r in one.rungs]
    assert means == sorted(means, reverse=True) and one.rungs[-1].bot == "random"
    assert len(one.pairs) == 3
    pair = bots[:2]  # one pair is enough to see the workers' figures are the same
    alone = L.run_ladder(pair, deals=4, seed=3, timing=0)
    assert L.run_ladder(pair, deals=4, seed=3, timing=0, jobs=2).as_json() == alone.as_json()


def test_the_cpu_time_is_per_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that moves 1 s at each reading: every decision costs exactly 1 s."""
    ticks = iter(range(10**6))
    monkeypatch.setattr("atout.bots.ladder.time.process_time", lambda: float(next(ticks)))
    assert L.cpu_per_decision("heuristic", 4, 2, seed=1) == 1.0


def test_the_command_prints_the_ladder_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "ladder", "random", "heuristic-1", "--deals", "4", "--timing", "1"]
    code, out, err = run(capsys, *args)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == (
        "Ladder: 4 players, 4 deals a pair (seed 0), marks per donne above heuristic-1."
    )
    assert lines[2].startswith("heuristic-1    0 (anchor)") and lines[2].endswith("s")
    assert lines[3].startswith("random         -")
    code, out, err = run(capsys, *args, "--json", "--anchor", "random", "--players", "5")
    data = json.loads(out)
    assert data["anchor"] == "random" and data["players"] == 5
    assert [r["bot"] for r in data["ladder"]] == ["heuristic-1", "random"]
    assert data["ladder"][1]["rating"] == {"mean": 0.0, "ci95": 0.0, "n": 4}
    assert all(r["cpu_ms"] > 0 for r in data["ladder"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ladder"], "ladder: give two bots or more"),
        (["ladder", "random"], "ladder: give two bots or more"),
        (["ladder", "random", "random"], "ladder: 'random' is given twice"),
        (["ladder", "random", "heuristics"], "ladder: unknown bot 'heuristics'; the bots are"),
        (["ladder", "random", "nowhere:Bot"], "--bots: nowhere:Bot: cannot import nowhere"),
        (["ladder", "random", "heuristic", "--anchor", "search"], "--anchor 'search': not one"),
        (["ladder", "random", "heuristic", "--deals", "0"], "--deals"),
        (["ladder", "random", "heuristic", "--players", "6"], "6"),
        (["ladder", "random", "heuristic", "--timing", "x"], "--timing 'x'"),
        (["--players", "3", "ladder", "random", "heuristic"], "--players before ladder"),
    ],
)
def test_every_mistake_is_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "arena", *args)
    assert code == 2 and out == ""
    assert err.startswith("atout: error: ") and message in err, err
    assert err.count("\n") == 1
