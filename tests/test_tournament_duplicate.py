"""Duplicate scoring: each result compared with the average of its seat on its deal."""

from __future__ import annotations

from fractions import Fraction

import pytest

from atout.tournament import TournamentError
from atout.tournament.duplicate import Result, compare_deal, compare_deals, ranking, seat_averages

DEAL = [
    Result((0, 1, 2, 3), (180, -60, -60, -60)),  # seat 0 takes a garde and makes it
    Result((4, 5, 6, 7), (-120, 40, 40, 40)),  # seat 0 takes and fails
    Result((8, 9, 10, 11), (-30, 90, -30, -30)),  # seat 1 takes and makes it
]


def test_each_score_is_the_difference_to_the_average_of_the_same_seat() -> None:
    assert seat_averages(DEAL) == (
        Fraction(10),
        Fraction(70, 3),
        Fraction(-50, 3),
        Fraction(-50, 3),
    )
    scores = compare_deal(DEAL)
    assert scores[0] == 170 and scores[4] == -130 and scores[8] == -40
    assert scores[9] == Fraction(200, 3) and scores[1] == Fraction(-250, 3)


def test_the_scores_of_one_seat_add_up_to_zero_and_equal_results_score_zero() -> None:
    scores = compare_deal(DEAL)
    for seat in range(4):
        assert sum(scores[r.players[seat]] for r in DEAL) == 0
    same = [Result((0, 1, 2, 3), (-90, 30, 30, 30)), Result((4, 5, 6, 7), (-90, 30, 30, 30))]
    assert set(compare_deal(same).values()) == {0}


def test_scores_add_up_over_the_deals_and_rank_with_shared_places() -> None:
    second = [
        Result((4, 1, 10, 7), (60, -20, -20, -20)),
        Result((0, 5, 2, 11), (60, -20, -20, -20)),
    ]
    totals = compare_deals([DEAL, second])
    assert totals[0] == 170 and totals[4] == -130
    places = ranking(totals)
    assert places[0] == (1, 0, Fraction(170))
    tied = [place for place, player, _ in places if player in (2, 3)]  # both −50 − 50/3 … equal
    assert totals[2] == totals[3] and tied[0] == tied[1]
    assert [place for place, _, _ in places] == sorted(place for place, _, _ in places)


@pytest.mark.parametrize(
    ("results", "words"),
    [
        (DEAL[:1], "played at 1 table"),
        (
            [DEAL[0], Result((4, 5, 6), (1, 2, 3))],
            "result 2: 3 players and 3 marks for a deal of 4 seats",
        ),
        ([DEAL[0], Result((4, 5, 6, 7), (1, 2, 3))], "result 2: 4 players and 3 marks"),
        ([DEAL[0], Result((4, 5, 6, 2), (0, 0, 0, 0))], "result 2: player 3 plays this deal twice"),
    ],
)
def test_results_that_cannot_be_compared_are_refused(results: list[Result], words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        compare_deal(results)
