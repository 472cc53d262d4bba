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

import json
import math
import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.bots.outside import BotFailedError, is_outside, load_factory
from atout.dealing import Deal
from atout.state import Donne
from atout.table import Variant

__all__ = [
    "ArenaCounts",
    "ArenaResult",
    "ArenaSettings",
    "BotCounts",
    "BotStats",
    "Interval",
    "duplicate_deal",
    "iter_deals",
    "make_bot",
    "merge_shards",
    "play_range",
    "read_shard",
    "run_arena",
]

Z95 = 1.959963984540054


def make_bot(name: str, seed: int) -> Any:
    """A fresh bot of the registry :data:`atout.bots.BOTS`, or an outside bot named
    ``module:Factory`` (:mod:`atout.bots.outside`), seeded."""
    from atout.bots import BOTS

    if is_outside(name):
        return load_factory(name)(random.Random(seed))
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


def _played_by_outside(deal: Deal, bots: Sequence[Any], names: Sequence[str], index: int) -> Donne:
    """:func:`play_game` where a bot from outside atout may fail: its exception or its
    illegal action becomes a :class:`BotFailedError` naming the bot, deal and seat."""
    donne = Donne(deal)
    seat = donne.current_player()
    while seat is not None:
        try:
            action = bots[seat].act(donne.observation(seat))
        except Exception as error:  # anything someone else's bot raises
            problem = f"raised {type(error).__name__}: {error}"
            raise BotFailedError(names[seat], index, seat, problem) from None
        if action not in donne.legal_actions():
            problem = f"chose {action!r}, not a legal action"
            raise BotFailedError(names[seat], index, seat, problem)
        donne.apply_action(action)
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
    outside = is_outside(hero) or is_outside(field_bot)
    for seat in range(n):
        names = [hero if s == seat else field_bot for s in range(n)]
        bots = [make_bot(names[s], _mix(seed, index, seat, s)) for s in range(n)]
        if outside:
            donne = _played_by_outside(_copy(deal), bots, names, index)
        else:
            donne = play_game(_copy(deal), bots)
        games.append(_seated(donne, seat))
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

    @classmethod
    def of_sums(cls, n: int, total: int, squares: int, scale: int = 1) -> Interval:
        """The interval of ``n`` values ``x / scale`` from the integer sums of the ``x``
        and of their squares: exact until the last division, so the same sums give the
        same bits whatever way they were added up."""
        if n == 0:
            return cls(0.0, math.inf, 0)
        mean = total / (n * scale)
        if n < 2:
            return cls(mean, math.inf, n)
        spread = n * squares - total * total  # n (n - 1) scale² times the variance
        var = spread / (n * (n - 1) * scale * scale)
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


ROLES = ("taker", "partner", "defender")


@dataclass(frozen=True)
class RoleCounts:
    """The games in one role: how many, Σ marks, Σ marks²."""

    games: int = 0
    marks: int = 0
    squares: int = 0

    def __add__(self, other: RoleCounts) -> RoleCounts:
        return RoleCounts(
            self.games + other.games, self.marks + other.marks, self.squares + other.squares
        )

    def add(self, marks: int) -> RoleCounts:
        return RoleCounts(self.games + 1, self.marks + marks, self.squares + marks * marks)


@dataclass(frozen=True)
class BotCounts:
    """One bot's games alone against copies of the other, as integer sums: over the
    deals, Σ and Σ² of the deal's marks summed over the seats it sat in alone; per
    role, its games; the contracts it took and made; the donnes passed out."""

    deals: int = 0
    marks: int = 0
    squares: int = 0
    roles: tuple[RoleCounts, RoleCounts, RoleCounts] = (RoleCounts(), RoleCounts(), RoleCounts())
    taken: int = 0
    made: int = 0
    void: int = 0
    contracts: tuple[tuple[str, int], ...] = ()

    def __add__(self, other: BotCounts) -> BotCounts:
        contracts = dict(self.contracts)
        for name, k in other.contracts:
            contracts[name] = contracts.get(name, 0) + k
        r, s = self.roles, other.roles
        return BotCounts(
            self.deals + other.deals, self.marks + other.marks, self.squares + other.squares,
            (r[0] + s[0], r[1] + s[1], r[2] + s[2]), self.taken + other.taken,
            self.made + other.made, self.void + other.void, tuple(sorted(contracts.items())),
        )  # fmt: skip

    @classmethod
    def of_deal(cls, games: Sequence[Seated]) -> BotCounts:
        """The counts of one deal's games (one a seat)."""
        total = sum(g.marks for g in games)
        roles = [RoleCounts(), RoleCounts(), RoleCounts()]
        contracts: dict[str, int] = {}
        taken = made = void = 0
        for g in games:
            if g.role == "void":
                void += 1
                continue
            roles[ROLES.index(g.role)] = roles[ROLES.index(g.role)].add(g.marks)
            if g.role == "taker":
                taken += 1
                made += bool(g.made)
                if g.contract is not None:
                    contracts[g.contract] = contracts.get(g.contract, 0) + 1
        return cls(1, total, total * total, (roles[0], roles[1], roles[2]), taken, made, void,
                   tuple(sorted(contracts.items())))  # fmt: skip

    def as_json(self) -> dict[str, Any]:
        return {
            "deals": self.deals, "marks": self.marks, "marks_squared": self.squares,
            "roles": {name: {"games": r.games, "marks": r.marks, "marks_squared": r.squares}
                      for name, r in zip(ROLES, self.roles, strict=True)},
            "taken": self.taken, "made": self.made, "passed_out": self.void,
            "contracts": dict(self.contracts),
        }  # fmt: skip


@dataclass(frozen=True)
class ArenaCounts:
    """What a range of the arena's deals adds up to: integers only, so any split of the
    deals sums to exactly the counts of the whole run. ``differences`` (per deal, the
    first bot's marks summed over the seats minus the second's) is kept only when asked
    for (``--plot``); its sum and sum of squares always are."""

    first: BotCounts = field(default_factory=BotCounts)
    second: BotCounts = field(default_factory=BotCounts)
    difference: int = 0
    difference_squares: int = 0
    differences: tuple[int, ...] | None = None

    def __add__(self, other: ArenaCounts) -> ArenaCounts:
        kept = None
        if self.differences is not None and other.differences is not None:
            kept = self.differences + other.differences
        return ArenaCounts(
            self.first + other.first, self.second + other.second,
            self.difference + other.difference,
            self.difference_squares + other.difference_squares, kept,
        )  # fmt: skip

    @property
    def deals(self) -> int:
        return self.first.deals

    def as_json(self) -> dict[str, Any]:
        """The raw counts of ``atout.arena/1`` (without the per-deal differences)."""
        return {
            "bots": [self.first.as_json(), self.second.as_json()],
            "difference": self.difference, "difference_squared": self.difference_squares,
        }  # fmt: skip


@dataclass(frozen=True)
class ArenaSettings:
    """A run of the arena, all a worker needs to play any range of its deals: the two
    bots, the table, the number of deals and the seed; ``source``, the deals
    themselves when they come from a file; ``keep_differences`` for ``--plot``."""

    bots: tuple[str, str]
    players: int = 4
    deals: int = 100
    seed: int = 0
    source: tuple[Deal, ...] | None = None
    keep_differences: bool = True


def _deal_at(settings: ArenaSettings, index: int, variant: Variant) -> Deal:
    if settings.source is not None:
        return _copy(settings.source[index])
    return Deal.automatic(variant, rng=random.Random(settings.seed + index),
                          dealer=index % settings.players)  # fmt: skip


def play_range(
    settings: ArenaSettings, first: int, last: int, progress: Callable[[int], None] | None = None
) -> ArenaCounts:
    """Deals ``first … last - 1`` of the run, played and counted (a worker's unit of
    work): deal ``i`` and its bots are seeded from the seed and ``i`` alone, so the
    counts of any ranges add up to those of the whole run. ``progress(1)`` after each."""
    a, b = settings.bots
    variant = Variant.for_players(settings.players)
    ours_total, theirs_total = BotCounts(), BotCounts()
    differences: list[int] = []
    total = squares = 0
    for index in range(first, last):
        deal = _deal_at(settings, index, variant)
        ours = BotCounts.of_deal(duplicate_deal(deal, a, b, settings.seed, index))
        theirs = BotCounts.of_deal(duplicate_deal(deal, b, a, settings.seed + 1, index))
        ours_total, theirs_total = ours_total + ours, theirs_total + theirs
        d = ours.marks - theirs.marks
        total, squares = total + d, squares + d * d
        differences.append(d)
        if progress is not None:
            progress(1)
    kept = tuple(differences) if settings.keep_differences else None
    return ArenaCounts(ours_total, theirs_total, total, squares, kept)


@dataclass
class BotStats:
    """One bot's results alone against copies of the other."""

    bot: str
    against: str
    counts: BotCounts
    players: int

    @property
    def marks(self) -> Interval:
        """Marks per donne: per deal, the mean over the seats it sat in alone."""
        c = self.counts
        return Interval.of_sums(c.deals, c.marks, c.squares, self.players)

    @property
    def mean(self) -> float:
        return self.marks.mean

    def role(self, role: str) -> Interval:
        """Marks per game in ``role`` (taker, partner, defender)."""
        r = self.counts.roles[ROLES.index(role)]
        return Interval.of_sums(r.games, r.marks, r.squares)

    @property
    def games(self) -> int:
        return self.counts.deals * self.players

    @property
    def taken(self) -> int:
        return self.counts.taken

    @property
    def made(self) -> int:
        return self.counts.made

    @property
    def void(self) -> int:
        return self.counts.void

    def contracts(self) -> dict[str, int]:
        return dict(self.counts.contracts)

    def as_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "against": self.against,
            "games": self.games,
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
    counts: ArenaCounts
    source: str = "seed"
    shard: dict[str, Any] | None = None
    backend: str = "local"  # where it was played: local, processes, ray or merge

    @property
    def stats(self) -> list[BotStats]:
        a, b = self.bots
        return [BotStats(a, b, self.counts.first, self.players),
                BotStats(b, a, self.counts.second, self.players)]  # fmt: skip

    @property
    def deals(self) -> int:
        return self.counts.deals

    @property
    def differences(self) -> list[float]:
        """Per deal, the first bot's result minus the second's (when kept)."""
        if self.counts.differences is None:
            raise ValueError("the per-deal differences were not kept (keep_differences)")
        return [d / self.players for d in self.counts.differences]

    @property
    def difference(self) -> Interval:
        c = self.counts
        return Interval.of_sums(c.deals, c.difference, c.difference_squares, self.players)

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
            "shard": self.shard,
            "counts": self.counts.as_json(),
        }


DEALS_PER_TASK = 16  # a few seconds of search bots: the progress bar moves, shards balance


def run_arena(
    bots: Sequence[str],
    players: int = 4,
    deals: int | Iterable[Deal] = 100,
    seed: int = 0,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
    *,
    ray: bool = False,
    address: str | None = None,
    first: int = 0,
    last: int | None = None,
    keep_differences: bool = True,
    notice: Callable[[str], None] | None = None,
) -> ArenaResult:
    """Duplicate matches of ``bots[0]`` against ``bots[1]`` on ``deals`` deals (a
    number, dealt from ``seed``, or the deals themselves); ``progress(k)``: k more
    deals played. In this process, on ``jobs`` local processes, or on Ray (``ray``,
    the cluster at ``address``); only deals ``first … last - 1`` when given (a shard).
    The same counts in every case."""
    from atout.sim.parallel import spread

    if len(bots) != 2:
        raise ValueError("the arena compares two bots")
    a, b = bots
    source, kept = "seed", None
    if isinstance(deals, int):
        count = deals
    else:
        kept = tuple(deals)
        source, count = "file", len(kept)
    settings = ArenaSettings((a, b), players, count, seed, kept, keep_differences)
    last = count if last is None else last
    if ray or jobs is not None:

        def finished(low: int, high: int) -> None:
            if progress is not None:
                progress(high - low)

        # the per-deal differences are joined range by range: few ranges when kept
        per_task = max(DEALS_PER_TASK, (last - first) // 256 if keep_differences else 0)
        counts, backend, _ = spread(
            play_range, settings, first, last, workers=jobs, ray=ray, address=address,
            progress=finished, notice=notice, per_task=per_task,
        )  # fmt: skip
    else:
        counts, backend = play_range(settings, first, last, progress), "local"
    return ArenaResult(players, seed, [a, b], counts, source, backend=backend)


def format_table(result: ArenaResult) -> str:
    """The arena's result as people read it."""
    a, b = result.bots
    width = max(15, len(a) + 2, len(b) + 2)  # an outside bot's module:Factory may be long
    lines = [
        f"Duplicate arena: {result.players} players, {result.deals} deals "
        f"({'seed ' + str(result.seed) if result.source == 'seed' else 'from file'}), "
        f"each played with every bot alone in every seat.",
        f"{'bot':<{width}}{'vs':<{width}}{'marks/donne (95% CI)':<24}{'taken':>6}{'made':>6}"
        f"{'as taker':>10}{'as defender':>13}",
    ]
    for s in result.stats:
        taker, defence = s.role("taker"), s.role("defender")
        made = f"{100 * s.made / s.taken:.0f}%" if s.taken else "-"
        as_taker = _signed(taker.mean) if taker.n else "-"
        as_defender = _signed(defence.mean) if defence.n else "-"
        lines.append(
            f"{s.bot:<{width}}{s.against:<{width}}{_pm(s.marks):<24}{s.taken:>6}{made:>6}"
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

    if result.counts.differences is None:
        raise ValueError("the per-deal differences were not kept (keep_differences)")
    xs, means, lows, highs = [], [], [], []
    total = squares = 0
    for k, d in enumerate(result.counts.differences, start=1):
        total, squares = total + d, squares + d * d
        interval = Interval.of_sums(k, total, squares, result.players)
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


# -- shards of the arena --------------------------------------------------------------------

FORMAT = "atout.arena/1"
MAX_SHARD_FILE = 1 << 20  # a shard record is a few kilobytes
SETTINGS = ("bots", "players", "deals", "seed")


def shard_record(
    result: ArenaResult, deals: int, index: int, of: int, first: int
) -> dict[str, Any]:
    """The ``atout.arena/1`` record of shard ``index/of`` of a run of ``deals`` deals:
    its own figures, its raw counts, and which deals it holds."""
    result.shard = {"index": index, "of": of, "first_deal": first, "deals": result.deals}
    record = result.as_json()
    record["deals"] = deals
    return record


def _fail(name: str, what: str) -> Exception:
    from atout.sim.shards import ShardError

    return ShardError(f"{name}: {what}")


def _whole(data: Any, key: str, name: str, low: int | None = 0, high: int = 2**62) -> int:
    value = data.get(key) if isinstance(data, dict) else None
    if type(value) is not int or (low is not None and value < low) or abs(value) > high:
        bound = f"≥ {low}" if low is not None else "(an integer)"
        raise _fail(name, f"{key}: expected a whole number {bound}")
    return value


def _bot_counts(data: Any, name: str, where: str, deals: int, players: int) -> BotCounts:
    if not isinstance(data, dict):
        raise _fail(name, f"{where}: expected the counts of a bot")
    roles_data = data.get("roles")
    if not isinstance(roles_data, dict):
        raise _fail(name, f"{where}.roles: expected the games of each of {', '.join(ROLES)}")
    roles = []
    for role in ROLES:
        r = roles_data.get(role)
        w = f"{where}.roles.{role}"
        roles.append(RoleCounts(_whole(r, "games", f"{name}: {w}"),
                                _whole(r, "marks", f"{name}: {w}", None),
                                _whole(r, "marks_squared", f"{name}: {w}")))  # fmt: skip
    contracts = data.get("contracts")
    if not isinstance(contracts, dict) or not all(
        isinstance(k, str) and type(v) is int and v >= 0 for k, v in contracts.items()
    ):
        raise _fail(name, f"{where}.contracts: expected contract names with whole numbers ≥ 0")
    counts = BotCounts(
        _whole(data, "deals", f"{name}: {where}"), _whole(data, "marks", f"{name}: {where}", None),
        _whole(data, "marks_squared", f"{name}: {where}"), (roles[0], roles[1], roles[2]),
        _whole(data, "taken", f"{name}: {where}"), _whole(data, "made", f"{name}: {where}"),
        _whole(data, "passed_out", f"{name}: {where}"), tuple(sorted(contracts.items())),
    )  # fmt: skip
    games = sum(r.games for r in counts.roles) + counts.void
    consistent = (
        counts.deals == deals
        and games == deals * players
        and counts.taken == counts.roles[0].games
        and counts.made <= counts.taken
        and sum(contracts.values()) == counts.taken
        and counts.marks == sum(r.marks for r in counts.roles)
    )
    if not consistent:
        raise _fail(
            name,
            f"{where}: the counts do not add up for {deals:,} deals of {players} seats "
            "(games, takers, contracts or marks): the counts were altered",
        )
    return counts


@dataclass
class ArenaShard:
    """One ``atout arena --shard`` record, read and checked."""

    name: str
    bots: tuple[str, str]
    players: int
    deals: int
    seed: int
    first: int
    last: int
    counts: ArenaCounts


def _shard_json(name: str, what: str) -> dict[str, Any]:
    """The JSON object of an arena record in file ``name`` (bounded in size)."""
    try:
        if os.path.isdir(name):
            raise _fail(name, "a folder, not a shard file")
        if os.path.getsize(name) > MAX_SHARD_FILE:
            raise _fail(name, f"larger than a shard record ({MAX_SHARD_FILE:_} bytes at most)")
        with open(name, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise _fail(name, f"cannot read it ({error.strerror})") from None
    except UnicodeDecodeError:
        raise _fail(name, f"not UTF-8 text: {what}") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise _fail(name, f"not JSON: {what}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _fail(name, f"not an {FORMAT} record: {what}")
    return data


def read_shard(name: str) -> ArenaShard:
    """Read the arena shard record in file ``name``; one line naming it when it is not one."""
    from atout.sim.shards import Shard

    what = "not a shard of atout arena"
    data = _shard_json(name, what)
    about = data.get("shard")
    if not isinstance(about, dict):
        raise _fail(
            name,
            'a whole run, not a shard (no "shard" field): shards come from atout arena --shard I/N',
        )
    bots = data.get("bots")
    if not (isinstance(bots, list) and len(bots) == 2 and all(isinstance(b, str) for b in bots)):
        raise _fail(name, "bots: expected the names of two bots")
    players = _whole(data, "players", name, 3, 5)
    if players > 5:
        raise _fail(name, "players: expected 3, 4 or 5")
    deals = _whole(data, "deals", name, 1)
    seed = _whole(data, "seed", name, 0, 2**64 - 1)
    of = _whole(about, "of", f"{name}: shard.", 1)
    index = _whole(about, "index", f"{name}: shard.", 1)
    if index > of or of > deals:
        raise _fail(name, f"shard {index}/{of} of {deals:,} deals: needs 1 ≤ I ≤ N ≤ the deals")
    first, last = Shard(index, of).units(deals)
    if about.get("first_deal") != first or about.get("deals") != last - first:
        raise _fail(
            name,
            f"shard.first_deal, shard.deals: shard {index}/{of} of {deals:,} deals holds "
            f"deals {first:,} … {last - 1:,}",
        )
    counts = data.get("counts")
    if not isinstance(counts, dict) or not isinstance(counts.get("bots"), list):
        raise _fail(name, f'no "counts" object: {what}')
    pair = counts["bots"]
    if len(pair) != 2:
        raise _fail(name, "counts.bots: expected the counts of the two bots")
    ours = _bot_counts(pair[0], name, "counts.bots[0]", last - first, players)
    theirs = _bot_counts(pair[1], name, "counts.bots[1]", last - first, players)
    difference = _whole(counts, "difference", f"{name}: counts.", None)
    squares = _whole(counts, "difference_squared", f"{name}: counts.")
    if difference != ours.marks - theirs.marks:
        raise _fail(name, "counts.difference is not the difference of the bots' marks")
    total = ArenaCounts(ours, theirs, difference, squares)
    return ArenaShard(name, (bots[0], bots[1]), players, deals, seed, first, last, total)


def merge_shards(names: Sequence[str]) -> tuple[ArenaResult, list[ArenaShard]]:
    """The whole run from its shard files: the counts summed, so every figure and
    interval is the single run's. Refuses shards of different settings, overlapping
    shards and missing ones, with one line naming the file."""
    from atout.sim.shards import Piece, ShardError, check_cover

    shards = [read_shard(name) for name in names]
    if not shards:
        raise ShardError("merge: give the shard files, e.g. atout arena merge shard-*.json")

    def settings(s: ArenaShard) -> dict[str, Any]:
        return {"bots": ",".join(s.bots), "players": s.players, "deals": s.deals, "seed": s.seed}

    pieces = [Piece(s.name, settings(s), s.first, s.last) for s in shards]
    check_cover(pieces, shards[0].deals, unit="deals")
    ordered = sorted(shards, key=lambda s: s.first)
    total = ordered[0].counts
    for s in ordered[1:]:
        total = total + s.counts
    one = shards[0]
    return ArenaResult(one.players, one.seed, list(one.bots), total, backend="merge"), shards
