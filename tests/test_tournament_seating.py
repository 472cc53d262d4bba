"""Donnes libres seatings: tables of 4 and 5, every player once a round, pairs that meet
again counted against a bound that is proven here by brute force on small sizes."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from atout.tournament import TournamentError, lower_bound, repeats, seatings, table_sizes


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, (4,)),
        (5, (5,)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (5, 5)),
        (13, (4, 4, 5)),
        (15, (5, 5, 5)),
        (19, (4, 5, 5, 5)),
        (64, (4,) * 16),
    ],
)
def test_tables_of_4_and_5_only_where_the_count_requires(
    players: int, sizes: tuple[int, ...]
) -> None:
    assert table_sizes(players) == sizes


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (3, "at least 4"),
        (0, "at least 4"),
        (-2, "at least 4"),
        (6, "nearest counts that can: 5 or 8"),
        (7, "5 or 8"),
        (11, "10 or 12"),
        (401, "at most 400"),
    ],
)
def test_counts_no_tables_can_seat_are_refused(players: int, words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        seatings(players, 3)


def test_the_refusal_speaks_french() -> None:
    with pytest.raises(TournamentError) as caught:
        table_sizes(11)
    assert caught.value.said("fr") == (
        "11 joueurs ne peuvent pas s'asseoir à des tables de 4 et de 5 "
        "(nombres les plus proches qui le peuvent : 10 ou 12)"
    )


@pytest.mark.parametrize("rounds", [0, -1, 21])
def test_rounds_out_of_range_are_refused(rounds: int) -> None:
    with pytest.raises(TournamentError, match="rounds: give 1 to 20"):
        seatings(12, rounds)


@pytest.mark.parametrize(("players", "rounds"), [(8, 3), (9, 4), (13, 5), (23, 6), (40, 7)])
def test_every_round_seats_every_player_once_at_the_right_tables(players: int, rounds: int) -> None:
    seating = seatings(players, rounds, seed=3)
    assert len(seating) == rounds
    for tables in seating:
        assert tuple(len(table) for table in tables) == table_sizes(players)
        assert sorted(p for table in tables for p in table) == list(range(players))
    assert seating[0][0] == [0, 1, 2, 3]  # the draw: players in order


def test_the_same_seed_gives_the_same_seating_and_another_seed_another() -> None:
    assert seatings(20, 5, seed=7) == seatings(20, 5, seed=7)
    assert seatings(20, 5, seed=7) != seatings(20, 5, seed=8)


def test_repeats_counts_each_meeting_after_the_first() -> None:
    rounds = [[[0, 1, 2, 3]], [[0, 1, 2, 3]], [[0, 1, 2, 3]]]
    assert repeats(rounds) == 12  # 6 pairs, each meeting 3 times: 2 repeats each
    assert repeats([[[0, 1, 2, 3], [4, 5, 6, 7]], [[0, 4, 1, 5], [2, 6, 3, 7]]]) == 4


def _best(players: int, rounds: int) -> int:
    """The fewest repeated meetings over every seating (the first round fixed: any
    seating is one of these, the players renamed)."""
    sizes = table_sizes(players)
    first = [list(range(0, 4)), list(range(4, players))]
    splits = []
    for table in combinations(range(players), sizes[0]):
        rest = [p for p in range(players) if p not in table]
        splits.append([list(table), rest])
    return min(repeats([first, *later]) for later in product(splits, repeat=rounds - 1))


@pytest.mark.parametrize(("players", "rounds"), [(8, 2), (8, 3), (9, 2), (9, 3), (10, 2)])
def test_the_lower_bound_is_never_above_the_best_seating(players: int, rounds: int) -> None:
    best = _best(players, rounds)
    assert lower_bound(players, rounds) <= best
    assert repeats(seatings(players, rounds)) == best


@pytest.mark.parametrize(
    ("players", "rounds", "bound"), [(16, 5, 0), (16, 6, 24), (12, 3, 6), (20, 4, 0), (8, 1, 0)]
)
def test_the_search_reaches_the_bound_where_it_is_known_reachable(
    players: int, rounds: int, bound: int
) -> None:
    """16 players over 5 rounds meet each other exactly once (an affine plane of order
    4): the search finds such a seating."""
    assert lower_bound(players, rounds) == bound
    assert repeats(seatings(players, rounds, seed=1)) == bound


def test_a_shorter_search_does_worse_so_the_search_is_what_seats_them() -> None:
    assert repeats(seatings(16, 5, seed=1, steps=0)) > 0
