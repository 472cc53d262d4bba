"""Rows of ``atout stats``: each statistic simulated, its 99.9 % confidence interval,
its exact value, and a flag when the exact value lies outside the interval."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from math import sqrt
from typing import Any

import numpy as np

from atout.cards import ALL_CARDS, Card, CardSet
from atout.sim import Simulation
from atout.sim import exact as E
from atout.sim.conditional import ConditionalSampler, Sampled

__all__ = ["Row", "conditional_rows", "rows", "wilson"]

Z = 3.2905  # 99.9 % two-sided


@dataclass
class Row:
    group: str
    name: str
    simulated: float
    low: float
    high: float
    exact: float | None
    count: int | None = None  # the raw count behind ``simulated`` …
    trials: int | None = None  # … out of so many deals or hands

    @property
    def flagged(self) -> bool:
        return self.exact is not None and not self.low <= self.exact <= self.high

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "flagged": self.flagged}


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval (99.9 %) of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _row(group: str, name: str, count: int, trials: int, exact: float | None) -> Row:
    low, high = wilson(count, trials)
    return Row(group, name, count / trials, low, high, exact, count, trials)


def _histogram(group: str, label: str, counts: Any, trials: int, law: list[float]) -> list[Row]:
    found = []
    for k, count in enumerate(counts):
        exact = law[k] if k < len(law) else 0.0
        if count or exact > 1e-7:
            found.append(_row(group, f"{label} {k}", int(count), trials, exact))
    return found


def rows(sim: Simulation) -> list[Row]:
    """Every statistic of a simulation, with the exact value of a uniform deal."""
    n, players = sim.deals, sim.players
    hands = n * players
    found = [
        _row(
            "deal",
            "Petit sec in some hand",
            int(sim.counts("petit_sec")[0]),
            n,
            E.petit_sec(players),
        ),
        _row(
            "chien",
            "the Petit in the chien",
            int(sim.counts("petit_in_chien")[0]),
            n,
            E.card_in_chien(players),
        ),
        _row(
            "chien",
            "the 21 in the chien",
            int(sim.counts("21_in_chien")[0]),
            n,
            E.card_in_chien(players),
        ),
        _row(
            "chien",
            "the Excuse in the chien",
            int(sim.counts("excuse_in_chien")[0]),
            n,
            E.card_in_chien(players),
        ),
    ]
    for level, name in enumerate(("simple", "double", "triple")):
        count = int(sim.counts(f"poignee_{name}")[0])
        found.append(
            _row("hand", f"poignée {name} possible", count, hands, E.poignee(players, level))
        )
    found += _histogram(
        "trumps in a hand", "trumps", sim.counts("trumps"), hands, E.trumps_in_hand(players)
    )
    found += _histogram(
        "bouts in the chien", "bouts", sim.counts("chien_bouts"), n, E.bouts_in_chien(players)
    )
    found += _histogram(
        "kings in the chien", "kings", sim.counts("chien_kings"), n, E.kings_in_chien(players)
    )
    found += _histogram(
        "longest suit of a hand",
        "longest",
        sim.counts("longest_suit"),
        hands,
        E.longest_suit(players),
    )
    return found


def conditional_rows(sampler: ConditionalSampler, deals: Sampled, cards: list[Card]) -> list[Row]:
    """What the seat's hand implies for the others: trumps per hand, where given cards
    are, whether its Kings pass the first round of their suit."""
    n = deals.hands.shape[0]
    found: list[Row] = []
    is_trump = (deals.hands >= 56) & (deals.hands < 77)
    trumps = is_trump.sum(axis=2)
    unseen_trumps = sampler.unseen.count_trumps()
    for seat in sampler.others:
        counts = np.bincount(trumps[:, seat], minlength=unseen_trumps + 1)
        for k in range(min(unseen_trumps, sampler.variant.hand_size) + 1):
            exact = sampler.exact_trumps(k)
            if counts[k] or exact > 1e-7:
                found.append(
                    _row(
                        f"trumps of seat {seat}",
                        f"seat {seat}: {k} trump{'s' if k != 1 else ''}",
                        int(counts[k]),
                        n,
                        exact,
                    )
                )
    splits = np.sort(trumps[:, sampler.others], axis=1)[:, ::-1]
    patterns, pattern_counts = np.unique(splits, axis=0, return_counts=True)
    seen = {
        tuple(int(k) for k in row): int(c) for row, c in zip(patterns, pattern_counts, strict=True)
    }
    for split, exact in sorted(sampler.exact_splits().items(), key=lambda item: -item[1]):
        if exact >= 0.005:
            name = "-".join(map(str, split))
            found.append(
                _row("how the trumps split among the others", name, seen.get(split, 0), n, exact)
            )
    for card in cards:
        places = sampler.exact_location(card)
        for place, exact in places.items():
            if place.startswith("seat "):
                count = int((deals.hands[:, int(place[5:])] == card).any(axis=1).sum())
            elif place == "chien":
                count = int((deals.chien == card).any(axis=1).sum())
            else:
                count = n
            found.append(_row(f"where is {card.display()}", f"{card} in {place}", count, n, exact))
    for king in (c for c in sampler.hand if c.is_king):
        suit = king.suit
        assert suit is not None
        in_suit = (deals.hands < 56) & (deals.hands // 14 == int(suit))
        holds = in_suit.sum(axis=2)[:, sampler.others]
        passes = int((holds > 0).all(axis=1).sum())
        name = f"{king} passes the first round of {suit.french}"
        found.append(_row("your Kings", name, passes, n, sampler.exact_king_passes(king)))
    return found


def default_cards(hand: CardSet) -> list[Card]:
    """The bouts the seat does not hold: where are they?"""
    return [c for c in (ALL_CARDS[76], ALL_CARDS[56], ALL_CARDS[77]) if c not in hand]


def plot(sim: Simulation, path: str) -> None:
    """Bars of the simulated distributions, the exact values as points (matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = [
        ("trumps", "Trumps in a hand", E.trumps_in_hand(sim.players), sim.deals * sim.players),
        (
            "longest_suit",
            "Longest suit of a hand",
            E.longest_suit(sim.players),
            sim.deals * sim.players,
        ),
        ("chien_bouts", "Bouts in the chien", E.bouts_in_chien(sim.players), sim.deals),
        ("chien_kings", "Kings in the chien", E.kings_in_chien(sim.players), sim.deals),
    ]
    figure, axes = plt.subplots(2, 2, figsize=(10, 7))
    for axis, (name, title, law, trials) in zip(axes.ravel(), panels, strict=True):
        counts = sim.counts(name)
        top = (
            max(k for k in range(len(counts)) if counts[k] or (k < len(law) and law[k] > 1e-5)) + 1
        )
        xs = np.arange(top)
        axis.bar(xs, counts[:top] / trials, color="#4c72b0", label="simulated")
        axis.plot(
            xs, [law[k] if k < len(law) else 0 for k in xs], "o", color="#dd8452", label="exact"
        )
        axis.set_title(title)
        axis.set_xticks(xs)
        axis.legend()
    figure.suptitle(
        f"atout stats: {sim.deals:,} deals, {sim.players} players, shuffle {sim.shuffle}"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
