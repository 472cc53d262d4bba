"""The duplicate arena: how strong is a bot, with the luck of the cards taken out.

Each deal is played once with every bot in every seat: bot A in one seat against
copies of bot B, A moving round all the seats, and the reverse (B alone against
copies of A). Both bots so meet the same cards in the same places, and the difference
of their results on one deal is free of the deal's luck. A bot's result on a deal is
the mean of its marks over the seats it sat in alone; the 95% interval of the
difference is paired by deal (the deals are the independent draws).

Every bot of every game is made afresh from a seed derived from the arena's seed,
the deal and the seat, so a run is reproducible whatever the order of the games or
the number of processes. A bot with a ``peek`` method (``search-cheat``) is shown the
true :class:`~atout.state.Donne` before each of its decisions: that is how the upper
reference sees the cards.

>>> result = run_arena(["heuristic", "random"], players=4, deals=4, seed=1)
>>> [s.bot for s in result.stats], result.deals
(['heuristic', 'random'], 4)
>>> abs(result.difference.mean - (result.stats[0].mean - result.stats[1].mean)) < 1e-9
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.dealing import Deal
from atout.state import Donne
from atout.table import Variant

__all__ = [
    "ArenaResult",
    "BotStats",
    "Interval",
    "duplicate_deal",
    "iter_deals",
    "make_bot",
    "run_arena",
]

Z95 = 1.959963984540054


def make_bot(name: str, seed: int) -> Any:
    """A fresh bot of the registry :data:`atout.bots.BOTS`, seeded."""
    from atout.bots import BOTS

    return BOTS[name](random.Random(seed))


def _mix(*parts: int) -> int:
    """A seed from several integers (splitmix64 of each in turn)."""
    x = 0x9E3779B97F4A7C15
    for part in parts:
        x = (x ^ (part & (2**64 - 1))) * 0xBF58476D1CE4E5B9 & (2**64 - 1)
        x ^= x >> 31
    return x


def play_game(deal: Deal, bots: Sequence[Any]) -> Donne:
    """Play one donne of ``deal`` with ``bots`` (one a seat); a bot with ``peek`` sees
    the donne before it acts."""
    donne = Donne(deal)
    seat = donne.current_player()
    while seat is not None:
        bot = bots[seat]
        peek = getattr(bot, "peek", None)
        if peek is not None:
            peek(donne)
        donne.apply_action(bot.act(donne.observation(seat)))
        seat = donne.current_player()
    return donne


@dataclass
class Seated:
    """One game seen from the seat of the bot that sat alone."""

    marks: int
    role: str  # "taker", "partner", "defender" or "void"
    made: bool | None
    contract: str | None


def _seated(donne: Donne, seat: int) -> Seated:
    marks = donne.returns()[seat]
    if donne.taker is None or donne.result is None:
        return Seated(marks, "void", None, None)
    role = "taker" if seat == donne.taker else "partner" if seat == donne.partner else "defender"
    contract = donne.contract.value if donne.contract else None
    return Seated(marks, role, donne.result.made, contract)


def duplicate_deal(deal: Deal, hero: str, field_bot: str, seed: int, index: int) -> list[Seated]:
    """``hero`` alone in each seat in turn against copies of ``field_bot``: the
    hero's game in each seat."""
    n = deal.variant.players
    games = []
    for seat in range(n):
        bots = [
            make_bot(hero if s == seat else field_bot, _mix(seed, index, seat, s)) for s in range(n)
        ]
        games.append(_seated(play_game(_copy(deal), bots), seat))
    return games


def _copy(deal: Deal) -> Deal:
    import copy

    return copy.deepcopy(deal)


def iter_deals(players: int, count: int, seed: int) -> Iterator[Deal]:
    """The arena's deals for a seed: deal ``i`` is ``atout deal --seed`` ``seed + i``
    with dealer ``i mod n``."""
    variant = Variant.for_players(players)
    for i in range(count):
        yield Deal.automatic(variant, rng=random.Random(seed + i), dealer=i % players)


@dataclass(frozen=True)
class Interval:
    """A mean with its 95% interval (normal approximation over ``n`` deals)."""

    mean: float
    half_width: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Interval:
        n = len(values)
        if n == 0:
            return cls(0.0, math.inf, 0)
        mean = sum(values) / n
        if n < 2:
            return cls(mean, math.inf, n)
        var = sum((v - mean) ** 2 for v in values) / (n - 1)
        return cls(mean, Z95 * math.sqrt(var / n), n)

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def as_json(self) -> dict[str, float | int | None]:
        width = None if math.isinf(self.half_width) else round(self.half_width, 3)
        return {"mean": round(self.mean, 3) if self.n else None, "ci95": width, "n": self.n}


@dataclass
class BotStats:
    """One bot's results alone against copies of the other."""

    bot: str
    against: str
    per_deal: list[float] = field(default_factory=list)
    games: list[Seated] = field(default_factory=list)

    @property
    def marks(self) -> Interval:
        return Interval.of(self.per_deal)

    @property
    def mean(self) -> float:
        return self.marks.mean

    def role(self, role: str) -> Interval:
        """Marks per game in ``role`` (taker, partner, defender)."""
        return Interval.of([float(g.marks) for g in self.games if g.role == role])

    @property
    def taken(self) -> int:
        return sum(1 for g in self.games if g.role == "taker")

    @property
    def made(self) -> int:
        return sum(1 for g in self.games if g.role == "taker" and g.made)

    @property
    def void(self) -> int:
        return sum(1 for g in self.games if g.role == "void")

    def contracts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.games:
            if g.role == "taker" and g.contract is not None:
                out[g.contract] = out.get(g.contract, 0) + 1
        return out

    def as_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "against": self.against,
            "games": len(self.games),
            "marks_per_donne": self.marks.as_json(),
            "taken": self.taken,
            "made": self.made,
            "contracts": self.contracts(),
            "passed_out": self.void,
            "as_taker": self.role("taker").as_json(),
            "as_partner": self.role("partner").as_json(),
            "as_defender": self.role("defender").as_json(),
        }


@dataclass
class ArenaResult:
    players: int
    seed: int
    bots: list[str]
    stats: list[BotStats]
    source: str = "seed"

    @property
    def deals(self) -> int:
        return len(self.stats[0].per_deal)

    @property
    def differences(self) -> list[float]:
        """Per deal, the first bot's result minus the second's."""
        a, b = self.stats[0].per_deal, self.stats[1].per_deal
        return [x - y for x, y in zip(a, b, strict=True)]

    @property
    def difference(self) -> Interval:
        return Interval.of(self.differences)

    def as_json(self) -> dict[str, Any]:
        a, b = self.bots
        return {
            "format": "atout.arena/1",
            "players": self.players,
            "deals": self.deals,
            "seed": self.seed if self.source == "seed" else None,
            "source": self.source,
            "bots": self.bots,
            "results": [s.as_json() for s in self.stats],
            "difference": {"of": a, "minus": b, **self.difference.as_json()},
        }


def _deal_job(args: tuple[Deal, str, str, int, int]) -> tuple[list[Seated], list[Seated]]:
    deal, a, b, seed, index = args
    return duplicate_deal(deal, a, b, seed, index), duplicate_deal(deal, b, a, seed + 1, index)


def run_arena(
    bots: Sequence[str],
    players: int = 4,
    deals: int | Iterable[Deal] = 100,
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ArenaResult:
    """Duplicate matches of ``bots[0]`` against ``bots[1]`` on ``deals`` deals (a
    number, dealt from ``seed``, or the deals themselves); ``progress(k)`` is called
    after each deal with ``k = 1``; ``jobs`` processes share the deals."""
    if len(bots) != 2:
        raise ValueError("the arena compares two bots")
    a, b = bots
    source = "seed"
    if isinstance(deals, int):
        stream: Iterable[Deal] = iter_deals(players, deals, seed)
    else:
        stream, source = deals, "file"
    work = ((deal, a, b, seed, i) for i, deal in enumerate(stream))
    result = ArenaResult(players, seed, [a, b], [BotStats(a, b), BotStats(b, a)], source)
    for first, second in _map(work, jobs):
        for stats, games in ((result.stats[0], first), (result.stats[1], second)):
            stats.games.extend(games)
            stats.per_deal.append(sum(g.marks for g in games) / len(games))
        if progress is not None:
            progress(1)
    return result


def _map(
    work: Iterable[tuple[Deal, str, str, int, int]], jobs: int
) -> Iterator[tuple[list[Seated], list[Seated]]]:
    if jobs <= 1:
        yield from map(_deal_job, work)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_deal_job, work, chunksize=1)


def format_table(result: ArenaResult) -> str:
    """The arena's result as people read it."""
    a, b = result.bots
    lines = [
        f"Duplicate arena: {result.players} players, {result.deals} deals "
        f"({'seed ' + str(result.seed) if result.source == 'seed' else 'from file'}), "
        f"each played with every bot alone in every seat.",
        f"{'bot':<15}{'vs':<15}{'marks/donne (95% CI)':<24}{'taken':>6}{'made':>6}"
        f"{'as taker':>10}{'as defender':>13}",
    ]
    for s in result.stats:
        taker, defence = s.role("taker"), s.role("defender")
        made = f"{100 * s.made / s.taken:.0f}%" if s.taken else "-"
        as_taker = _signed(taker.mean) if taker.n else "-"
        as_defender = _signed(defence.mean) if defence.n else "-"
        lines.append(
            f"{s.bot:<15}{s.against:<15}{_pm(s.marks):<24}{s.taken:>6}{made:>6}"
            f"{as_taker:>10}{as_defender:>13}"
        )
    d = result.difference
    lines.append(f"Difference {a} − {b}: {_pm(d)} marks per donne (95%, paired by deal).")
    return "\n".join(lines)


def _signed(x: float) -> str:
    return f"{x:+.1f}"


def _pm(interval: Interval) -> str:
    if math.isinf(interval.half_width):
        return f"{interval.mean:+.1f}"
    return f"{interval.mean:+.1f} ± {interval.half_width:.1f}"


def plot_difference(result: ArenaResult, path: str) -> None:
    """The running mean of the difference per deal, with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    diffs = result.differences
    xs, means, lows, highs = [], [], [], []
    for k in range(1, len(diffs) + 1):
        interval = Interval.of(diffs[:k])
        xs.append(k)
        means.append(interval.mean)
        width = 0.0 if math.isinf(interval.half_width) else interval.half_width
        lows.append(interval.mean - width)
        highs.append(interval.mean + width)
    figure, axis = plt.subplots(figsize=(8, 4.5))
    axis.fill_between(xs, lows, highs, color="#4c72b0", alpha=0.25, label="95% interval")
    axis.plot(xs, means, color="#4c72b0", label="running mean")
    axis.axhline(0, color="black", linewidth=0.8)
    a, b = result.bots
    axis.set_title(f"{a} − {b}, {result.players} players: marks per donne (duplicate)")
    axis.set_xlabel("deals")
    axis.set_ylabel("difference of marks per donne")
    axis.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
