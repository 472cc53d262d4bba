"""The ladder: every bot on one scale, from duplicate matches between each pair.

Each pair of bots plays the duplicate arena (:func:`atout.bots.arena.run_arena`) on the
same deals; the arena gives, for the pair, the first bot's marks per donne minus the
second's with its 95% interval, free of the cards' luck. The ladder gives each bot a
**rating** in marks per donne such that every difference is as near as may be to the
difference of the ratings (least squares, each pair weighed by the inverse of its
variance), the anchor bot at 0. A rating's interval comes from the same weights (the
covariance of the fit); the pairs' deals are the same, so the intervals are a little
narrower than independent matches would give, which is said where they are printed.

Beside each rating, the CPU time a decision takes (a bid, a card …), measured by
playing a few donnes with the bot in every seat, in this process.

>>> ladder = run_ladder(["random", "heuristic-1", "heuristic"], deals=6, seed=2, timing=1)
>>> ladder.anchor, [rung.bot for rung in ladder.rungs][-1], ladder.rungs[-1].rating.mean < -500
('heuristic-1', 'random', True)
>>> all(rung.cpu is not None and rung.cpu > 0 for rung in ladder.rungs)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from atout.bots.arena import ArenaResult, Interval, make_bot, run_arena
from atout.dealing import Deal
from atout.state import Donne
from atout.table import Variant

__all__ = [
    "Ladder",
    "Pair",
    "Rung",
    "cpu_per_decision",
    "fit_ratings",
    "format_ladder",
    "run_ladder",
]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Pair:
    """One pair's arena: ``first`` minus ``second`` in marks per donne."""

    first: str
    second: str
    difference: Interval


@dataclass(frozen=True)
class Rung:
    """A bot on the ladder: its rating (marks per donne above the anchor, with its 95%
    interval) and the CPU seconds of one of its decisions."""

    bot: str
    rating: Interval
    cpu: float | None  # None: not timed


@dataclass
class Ladder:
    players: int
    deals: int
    seed: int
    anchor: str
    rungs: list[Rung]
    pairs: list[Pair] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed,
            "anchor": self.anchor,
            "ladder": [
                {
                    "bot": r.bot,
                    "rating": r.rating.as_json(),
                    "cpu_ms": None if r.cpu is None else round(1000 * r.cpu, 4),
                }
                for r in self.rungs
            ],
            "pairs": [
                {"bots": [p.first, p.second], "difference": p.difference.as_json()}
                for p in self.pairs
            ],
        }


def fit_ratings(bots: Sequence[str], pairs: Sequence[Pair], anchor: str) -> dict[str, Interval]:
    """The ratings that fit the pairs' differences best (weighted least squares, the
    weight of a pair the inverse of its difference's variance), ``anchor`` at 0; each
    with its 95% interval. Every bot must be joined to the anchor by pairs.

    >>> pairs = [Pair("a", "b", Interval(10.0, 1.96, 9)), Pair("b", "c", Interval(5.0, 1.96, 9)),
    ...          Pair("a", "c", Interval(15.0, 1.96, 9))]
    >>> sorted((b, round(r.mean, 6)) for b, r in fit_ratings("abc", pairs, "c").items())
    [('a', 15.0), ('b', 5.0), ('c', 0.0)]
    """
    free = [b for b in bots if b != anchor]
    index = {b: i for i, b in enumerate(free)}
    n = len(free)
    normal = [[0.0] * n for _ in range(n)]  # XᵀWX
    right = [0.0] * n  # XᵀWd
    for pair in pairs:
        se = pair.difference.half_width / Z95
        weight = 1.0 / max(se * se, 1e-12) if math.isfinite(se) else 1e-12
        terms = [(index.get(pair.first), 1.0), (index.get(pair.second), -1.0)]
        for i, x in terms:
            if i is None:
                continue
            right[i] += weight * x * pair.difference.mean
            for j, y in terms:
                if j is not None:
                    normal[i][j] += weight * x * y
    inverse = _inverse(normal)
    deals = min(p.difference.n for p in pairs)
    ratings = {anchor: Interval(0.0, 0.0, deals)}
    for bot, i in index.items():
        mean = sum(inverse[i][j] * right[j] for j in range(n))
        spread = math.sqrt(max(inverse[i][i], 0.0))
        ratings[bot] = Interval(mean + 0.0, Z95 * spread, deals)
    return ratings


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive definite matrix (Gauss–Jordan)."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-15:
            raise ValueError("the pairs do not join every bot to the anchor")
        work[col], work[pivot] = work[pivot], work[col]
        scale = work[col][col]
        work[col] = [v / scale for v in work[col]]
        for row in range(n):
            if row != col and work[row][col] != 0.0:
                factor = work[row][col]
                work[row] = [v - factor * w for v, w in zip(work[row], work[col], strict=True)]
    return [row[n:] for row in work]


def cpu_per_decision(bot: str, players: int, donnes: int, seed: int) -> float:
    """The mean CPU seconds of one decision of ``bot``, over ``donnes`` donnes where it
    holds every seat (the donne's own bookkeeping not counted)."""
    spent, decisions = 0.0, 0
    variant = Variant.for_players(players)
    for number in range(donnes):
        deal = Deal.automatic(variant, rng=random.Random(seed + number), dealer=number % players)
        bots = [make_bot(bot, seed * 31 + number * 7 + s) for s in range(players)]
        donne = Donne(deal)
        seat = donne.current_player()
        while seat is not None:
            peek = getattr(bots[seat], "peek", None)
            if peek is not None:
                peek(donne)
            observation = donne.observation(seat)
            began = time.process_time()
            action = bots[seat].act(observation)
            spent += time.process_time() - began
            decisions += 1
            donne.apply_action(action)
            seat = donne.current_player()
    return spent / decisions if decisions else 0.0


def run_ladder(
    bots: Sequence[str],
    players: int = 4,
    deals: int = 100,
    seed: int = 0,
    jobs: int | None = None,
    timing: int = 4,
    anchor: str | None = None,
    progress: Callable[[str, int], None] | None = None,
) -> Ladder:
    """Play the arena between every pair of ``bots`` on ``deals`` deals from ``seed``,
    fit the ratings (``anchor`` at 0: by default ``heuristic-1``, the yardstick, when it
    plays, else the weakest) and time each bot's decisions on ``timing`` donnes (0: not
    timed); ``progress(pair, k)``: k more deals of that pair."""
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise ValueError("the ladder needs two bots or more, each once")
    pairs = []
    for first, second in combinations(bots, 2):
        result: ArenaResult = run_arena(
            [first, second], players=players, deals=deals, seed=seed, jobs=jobs,
            progress=_told(progress, f"{first} – {second}"), keep_differences=False,
        )  # fmt: skip
        pairs.append(Pair(first, second, result.difference))
    if anchor is None and "heuristic-1" in bots:
        anchor = "heuristic-1"
    provisional = fit_ratings(bots, pairs, anchor or bots[0])
    chosen = anchor or min(bots, key=lambda b: provisional[b].mean)
    ratings = fit_ratings(bots, pairs, chosen)
    rungs = [
        Rung(bot, ratings[bot], cpu_per_decision(bot, players, timing, seed) if timing else None)
        for bot in bots
    ]
    rungs.sort(key=lambda r: -r.rating.mean)
    return Ladder(players, deals, seed, chosen, rungs, pairs)


def _told(progress: Callable[[str, int], None] | None, label: str) -> Callable[[int], None] | None:
    """The arena's progress of one pair, told to the ladder's ``progress``."""
    if progress is None:
        return None
    told = progress

    def advance(deals: int) -> None:
        told(label, deals)

    return advance


def format_ladder(ladder: Ladder) -> str:
    """The ladder as people read it."""
    width = max(15, *(len(r.bot) + 2 for r in ladder.rungs))
    lines = [
        f"Ladder: {ladder.players} players, {ladder.deals} deals a pair (seed {ladder.seed}), "
        f"marks per donne above {ladder.anchor}.",
        f"{'bot':<{width}}{'rating (95% CI)':<20}{'CPU/decision':>14}",
    ]
    for rung in ladder.rungs:
        rating = "0 (anchor)" if rung.bot == ladder.anchor else _pm(rung.rating)
        lines.append(f"{rung.bot:<{width}}{rating:<20}{_ms(rung.cpu):>14}")
    lines.append(
        "Each pair played the same deals: the intervals assume independent pairs and are "
        "a little narrow."
    )
    return "\n".join(lines)


def _pm(interval: Interval) -> str:
    return f"{interval.mean:+.1f} ± {interval.half_width:.1f}"


def _ms(seconds: float | None) -> str:
    """A decision's CPU time as people read it: µs, ms or s."""
    if seconds is None:
        return "-"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 0.001:
        return f"{1000 * seconds:.1f} ms"
    return f"{1_000_000 * seconds:.0f} µs"
