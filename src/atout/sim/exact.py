"""Exact figures for a uniformly shuffled deal, by counting (docs/reference/rules.md,
"Exact figures").

>>> round(100 * petit_sec(4), 5)
0.18441
>>> [round(100 * p, 3) for p in trumps_in_hand(4)[:4]]
[0.146, 1.38, 5.72, 13.801]
>>> round(total_variation_after_riffles(52, 7), 3)
0.334
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb, factorial

from atout.table import Variant

__all__ = [
    "bouts_in_chien",
    "card_in_chien",
    "kings_in_chien",
    "longest_suit",
    "petit_sec",
    "poignee",
    "total_variation_after_riffles",
    "trumps_in_hand",
]


def _hand(players: int) -> int:
    return Variant.for_players(players).hand_size


def hypergeometric(successes: int, population: int, draws: int) -> list[float]:
    """P(k successes) for k = 0 … draws."""
    total = comb(population, draws)
    return [
        comb(successes, k) * comb(population - successes, draws - k) / total
        for k in range(draws + 1)
    ]


def trumps_in_hand(players: int) -> list[float]:
    """P(a hand holds k of the 21 trumps)."""
    return hypergeometric(21, 78, _hand(players))


def petit_sec(players: int) -> float:
    """P(some hand holds the Petit sec): ``n · C(56, h-1) / C(78, h)`` (the events are
    disjoint: there is one Petit)."""
    hand = _hand(players)
    return players * comb(56, hand - 1) / comb(78, hand)


def poignee(players: int, level: int) -> float:
    """P(a hand may show the poignée of ``level`` (0 simple, 1 double, 2 triple)): at
    least the threshold of trumps, or one fewer and the Excuse (A1–A2)."""
    hand = _hand(players)
    threshold = Variant.for_players(players).poignee_thresholds[level]
    total = comb(78, hand)
    enough = sum(comb(21, k) * comb(57, hand - k) for k in range(threshold, hand + 1))
    with_excuse = (
        comb(21, threshold - 1) * comb(56, hand - threshold) if threshold - 1 <= hand else 0
    )
    return (enough + with_excuse) / total


def bouts_in_chien(players: int) -> list[float]:
    chien = Variant.for_players(players).chien_size
    return hypergeometric(3, 78, chien)[:4] + [0.0] * max(0, 4 - chien - 1)


def kings_in_chien(players: int) -> list[float]:
    chien = Variant.for_players(players).chien_size
    law = hypergeometric(4, 78, chien)
    return (law + [0.0] * 5)[:5]


def card_in_chien(players: int) -> float:
    """P(a given card lies in the chien)."""
    return Variant.for_players(players).chien_size / 78


@cache
def longest_suit(players: int) -> list[float]:
    """P(the longest suit of a hand has m cards), m = 0 … 14: from the number of hands
    whose four suits all have at most m cards (22 trumps and Excuse fill the rest)."""
    hand = _hand(players)
    total = comb(78, hand)

    def at_most(m: int) -> int:
        per_suit = [comb(14, k) for k in range(m + 1)]
        ways = [1] + [0] * hand  # ways[j]: j suit cards from the suits so far
        for _ in range(4):
            ways = [
                sum(ways[j - k] * per_suit[k] for k in range(min(m, j) + 1))
                for j in range(hand + 1)
            ]
        return sum(ways[j] * comb(22, hand - j) for j in range(hand + 1))

    cumulative = [at_most(m) for m in range(15)]
    return [(cumulative[m] - (cumulative[m - 1] if m else 0)) / total for m in range(15)]


def _eulerian(n: int) -> list[int]:
    """A(n, r): permutations of n with r rising sequences, r = 1 … n (index r-1)."""
    row = [1]
    for size in range(2, n + 1):
        row = [
            (k + 1) * (row[k] if k < len(row) else 0) + (size - k) * (row[k - 1] if k >= 1 else 0)
            for k in range(size)
        ]
    return row


def total_variation_after_riffles(cards: int, riffles: int) -> float:
    """The exact total-variation distance to uniform after ``riffles`` GSR riffles of
    ``cards`` cards (Bayer & Diaconis, 1992): a permutation with r rising sequences
    has probability C(2^k + n - r, n) / 2^(kn)."""
    n, two_k = cards, 2**riffles
    uniform = Fraction(1, factorial(n))
    denominator = two_k**n
    distance = Fraction(0)
    for r, count in enumerate(_eulerian(n), start=1):
        p = Fraction(comb(two_k + n - r, n), denominator)
        distance += count * abs(p - uniform)
    return float(distance / 2)
