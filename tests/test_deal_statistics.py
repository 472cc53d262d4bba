"""The automatic dealer is uniform: statistical checks on a fixed seed (deterministic).

Each check compares counts with their exact expectation by a chi-square test and
fails below p = 0.001; with the fixed seeds the outcome never changes between runs.
"""

from __future__ import annotations

import random
from math import comb

import pytest
from scipy.stats import binomtest, chisquare

from atout.cards import PETIT
from atout.dealing import ChienCardDealt, Cut, Deal, PacketDealt
from atout.table import Variant

P_MIN = 0.001

# docs/reference/rules.md, "Exact figures": trumps (1–21) in one 4-player hand, in %.
RULES_TRUMP_LAW = [
    0.146,
    1.380,
    5.720,
    13.801,
    21.665,
    23.438,
    18.056,
    10.093,
    4.134,
    1.244,
    0.274,
    0.044,
]


def trump_law(hand: int, k: int) -> float:
    """P(a hand of ``hand`` cards holds exactly ``k`` of the 21 trumps), hypergeometric."""
    return comb(21, k) * comb(57, hand - k) / comb(78, hand)


def petit_sec_somewhere(players: int) -> float:
    """P(some seat holds the Petit sec): ``n · C(56, h-1) / C(78, h)`` (disjoint events)."""
    hand = Variant.for_players(players).hand_size
    return players * comb(56, hand - 1) / comb(78, hand)


def deals(players: int, count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    variant = Variant.for_players(players)
    return [Deal.automatic(variant, rng=rng, dealer=i % players) for i in range(count)]


@pytest.fixture(scope="module")
def four_player_deals() -> list[Deal]:
    return deals(4, 20_000, seed=2024)


def test_exact_trump_law_matches_rules_md() -> None:
    for k, percent in enumerate(RULES_TRUMP_LAW):
        assert round(100 * trump_law(18, k), 3) == pytest.approx(percent, abs=0.0011)


@pytest.mark.parametrize(("players", "percent"), [(4, 0.18441), (3, 0.01202), (5, 0.66447)])
def test_exact_petit_sec_rate_matches_rules_md(players: int, percent: float) -> None:
    assert round(100 * petit_sec_somewhere(players), 5) == pytest.approx(percent, abs=2e-5)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_card_lands_in_each_hand_and_the_chien_uniformly(
    players: int, four_player_deals: list[Deal]
) -> None:
    sample = four_player_deals if players == 4 else deals(players, 8_000, seed=players)
    variant = Variant.for_players(players)
    places = players + 1  # the hands, then the chien
    counts = [[0] * places for _ in range(78)]
    for deal in sample:
        for seat, cards in enumerate(deal.received):
            for card in cards:
                counts[card][seat] += 1
        for card in deal.chien_cards:
            counts[card][players] += 1
    n = len(sample)
    expected_row = [n * variant.hand_size / 78] * players + [n * variant.chien_size / 78]
    observed = [x for row in counts for x in row]
    expected = expected_row * 78
    statistic, p_value = chisquare(observed, expected, ddof=78 * places - 78 * (places - 1) - 1)
    assert p_value > P_MIN, (statistic, p_value)
    for row in counts:  # and no card is far off in any place
        for got, want in zip(row, expected_row, strict=True):
            assert abs(got - want) < 5 * want**0.5


def test_trump_counts_per_hand_follow_the_exact_law(four_player_deals: list[Deal]) -> None:
    counts = [0] * 19
    for deal in four_player_deals:
        for hand in deal.hands:
            counts[hand.count_trumps()] += 1
    total = sum(counts)
    expected = [total * trump_law(18, k) for k in range(19)]
    # merge the rare tails (expected < 5) into their neighbours
    observed_bins = [sum(counts[:2]), *counts[2:10], sum(counts[10:])]
    expected_bins = [sum(expected[:2]), *expected[2:10], sum(expected[10:])]
    assert chisquare(observed_bins, expected_bins).pvalue > P_MIN


def test_cut_is_uniform_among_legal_depths(four_player_deals: list[Deal]) -> None:
    counts = [0] * 79
    for deal in four_player_deals:
        counts[next(op.k for op in deal.operations if isinstance(op, Cut))] += 1
    assert sum(counts[:4]) == sum(counts[75:]) == 0
    assert chisquare(counts[4:75]).pvalue > P_MIN


def test_chien_placement_is_uniform_among_the_legal_gaps(four_player_deals: list[Deal]) -> None:
    gap_counts = [0] * 24
    for deal in four_player_deals:
        packets = 0
        for op in deal.operations:
            if isinstance(op, PacketDealt):
                packets += 1
            elif isinstance(op, ChienCardDealt):
                gap_counts[packets] += 1
    assert gap_counts[0] == 0  # never the first card
    assert chisquare(gap_counts[1:24]).pvalue > P_MIN  # each of the 23 gaps with P = 6/23


def test_petit_in_the_chien_and_petit_sec_rates(four_player_deals: list[Deal]) -> None:
    n = len(four_player_deals)
    in_chien = sum(PETIT in deal.chien_cards for deal in four_player_deals)
    assert binomtest(in_chien, n, 6 / 78).pvalue > P_MIN
    petit_sec = sum(deal.void == "petit_sec" for deal in four_player_deals)
    assert binomtest(petit_sec, n, petit_sec_somewhere(4)).pvalue > P_MIN
