"""Duplicate scoring: each result on a deal compared with the others who held the same
seat position on the same deal (docs/reference/tournaments.md).

A duplicate takes the luck of the cards out by comparing players who held the same
cards: whoever held seat 2 of étui 7 is measured against everyone else who held seat 2
of étui 7, not against the other players at his table. atout scores each player on a
deal by **the difference between his marks and the average marks of that seat on that
deal** (all the tables that played it, his own included):

    score = marks − (sum of the marks in that seat on that deal) / (tables that played it)

so the scores of one seat on one deal add up to zero, a deal where every table did the
same gives everyone 0 whatever the cards, and a player's tournament score is the sum
of his scores on the deals he played. Averages are kept exact (:class:`~fractions.Fraction`):
a ranking recomputed by hand from the marks finds the same numbers.

>>> tables = [Result((0, 1, 2, 3), (180, -60, -60, -60)), Result((4, 5, 6, 7), (-120, 40, 40, 40))]
>>> scores = compare_deal(tables)
>>> scores[0], scores[4], scores[1], scores[5]
(Fraction(150, 1), Fraction(-150, 1), Fraction(-50, 1), Fraction(50, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from atout.i18n import N_
from atout.tournament.errors import TournamentError

__all__ = ["Result", "compare_deal", "compare_deals", "ranking", "seat_averages"]


@dataclass(frozen=True)
class Result:
    """One table's result on a deal: its players and their marks, both by seat
    position (``players[s]`` held seat ``s`` and scored ``marks[s]``)."""

    players: tuple[int, ...]
    marks: tuple[int, ...]


def _check(results: Sequence[Result]) -> int:
    """The number of seats of the deal's results, or a TournamentError."""
    if len(results) < 2:
        raise TournamentError(
            N_("a deal played at {count} table(s) has no result to compare with"),
            count=len(results),
        )
    seats = len(results[0].players)
    seen: set[int] = set()
    for number, result in enumerate(results, start=1):
        if len(result.players) != seats or len(result.marks) != seats:
            raise TournamentError(
                N_(
                    "result {number}: {players} players and {marks} marks for a deal of "
                    "{seats} seats"
                ),
                number=number,
                players=len(result.players),
                marks=len(result.marks),
                seats=seats,
            )
        again = seen.intersection(result.players)
        if again:
            raise TournamentError(
                N_("result {number}: player {player} plays this deal twice"),
                number=number,
                player=min(again) + 1,
            )
        seen.update(result.players)
    return seats


def seat_averages(results: Sequence[Result]) -> tuple[Fraction, ...]:
    """The average marks of each seat position over the tables that played the deal."""
    seats = _check(results)
    return tuple(Fraction(sum(r.marks[s] for r in results), len(results)) for s in range(seats))


def compare_deal(results: Sequence[Result]) -> dict[int, Fraction]:
    """Each player's score on one deal: his marks minus the average of his seat
    position on that deal (see the module). A
    :class:`~atout.tournament.errors.TournamentError` when fewer than two tables played
    it, a result does not fit the deal's seats, or a player plays it twice."""
    averages = seat_averages(results)
    return {
        player: result.marks[seat] - averages[seat]
        for result in results
        for seat, player in enumerate(result.players)
    }


def compare_deals(deals: Iterable[Sequence[Result]]) -> dict[int, Fraction]:
    """Each player's duplicate score: his :func:`compare_deal` scores summed over the
    deals he played."""
    totals: dict[int, Fraction] = {}
    for results in deals:
        for player, score in compare_deal(results).items():
            totals[player] = totals.get(player, Fraction(0)) + score
    return totals


def ranking(totals: Mapping[int, Fraction]) -> list[tuple[int, int, Fraction]]:
    """``(place, player, score)`` from the best score down; equal scores share a place."""
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    places: list[tuple[int, int, Fraction]] = []
    for index, (player, score) in enumerate(ordered, start=1):
        tied = places and places[-1][2] == score
        places.append((places[-1][0] if tied else index, player, score))
    return places
