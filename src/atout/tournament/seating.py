"""Donnes libres: the players re-seated each round so that they meet as rarely as
possible, with what "as rarely as possible" means measured against a proven bound.

Players are numbered ``0 … n-1``; a round is a list of tables, each a list of players.
The first round seats the players in order (``0 1 2 3`` at the first table …), so
that a draw of numbers by lot is the seating draw; the next rounds come from a local
search (:mod:`atout.tournament.search`), deterministic for its seed.

**Repeated meetings.** Two players *meet* when they sit at one table in a round; a
pair that meets ``k ≥ 1`` times counts ``k - 1`` repeated meetings, and
:func:`repeats` is the sum over the pairs. It is also the number of times, round after
round, that a player finds at his table someone he has sat with already.

**The lower bound** (:func:`lower_bound`) is the larger of two counts, each a proof
that no seating of these tables does better:

1. *Partners.* A player at a table of ``s`` meets ``s - 1`` players; over the rounds
   he meets ``m`` times but has only ``n - 1`` others to meet, so at least
   ``m - (n - 1)`` of his meetings repeat one. Each repeated meeting is counted by both
   players of the pair: the sum over the players, halved and rounded up, is a bound.
   Who sits at the tables of 5 changes ``m``; the bound takes the spread of those
   seats that makes the sum least (as even as possible: the sum is convex).
2. *Pigeonholes.* In each round after the first, a table of ``s`` takes its players
   from the ``t`` tables of the round before; ``x`` of them from one same table make
   ``x (x - 1) / 2`` pairs that meet again. However they are taken, spread as evenly
   as possible over ``t`` tables they make at least ``P`` such pairs (``P`` summed over
   the round's tables), so ``(rounds - 1) × P`` meetings repeat.

>>> [len(t) for t in seatings(13, 3, seed=1)[0]]
[4, 4, 5]
>>> lower_bound(8, 3), lower_bound(16, 5), lower_bound(16, 6)
(8, 0, 24)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from atout.i18n import N_
from atout.tournament.errors import TournamentError
from atout.tournament.search import Search
from atout.tournament.tables import table_sizes

__all__ = ["MAX_ROUNDS", "Round", "lower_bound", "meetings", "repeats", "seatings"]

MAX_ROUNDS = 20
"""The most rounds a seating or a movement has."""

Round = list[list[int]]
"""A round: its tables, each the list of its players (numbers ``0 … n-1``)."""


def check_rounds(rounds: int, least: int = 1) -> None:
    """``rounds`` is ``least`` … :data:`MAX_ROUNDS`, or a :class:`TournamentError`."""
    if not least <= rounds <= MAX_ROUNDS:
        raise TournamentError.counted(
            N_("{rounds} round: give {least} to {most}"),
            N_("{rounds} rounds: give {least} to {most}"),
            "rounds",
            rounds=rounds,
            least=least,
            most=MAX_ROUNDS,
        )


def first_round(sizes: Sequence[int]) -> Round:
    """The players in order at tables of ``sizes``."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    return tables


def default_steps(players: int, rounds: int) -> int:
    """How many moves the search makes for a seating or movement of this size: enough
    that more barely helps on the sizes of docs/reference/tournaments.md."""
    return 1500 * players * max(rounds - 1, 0)


def seatings(players: int, rounds: int, seed: int = 0, steps: int | None = None) -> list[Round]:
    """``rounds`` rounds of donnes libres for ``players`` players (tables of 4, tables of
    5 where the count requires: :func:`~atout.tournament.tables.table_sizes`), the
    players re-seated each round so that pairs meet as rarely as the search finds
    (:func:`repeats` against :func:`lower_bound`: see the module). The same arguments
    give the same seating; ``steps`` bounds the search (default: :func:`default_steps`).
    """
    sizes = table_sizes(players)
    check_rounds(rounds)
    rng = random.Random(f"atout.tournament.seatings/{players}/{rounds}/{seed}")
    state = [first_round(sizes)]
    for _ in range(rounds - 1):
        order = list(range(players))
        rng.shuffle(order)
        state.append(first_round(sizes))
        for table in state[-1]:
            table[:] = [order[p] for p in table]
    search = Search(players, state)
    steps = default_steps(players, rounds) if steps is None else steps
    search.run(rng, steps, goal=lower_bound(players, rounds, sizes))
    return [[sorted(table) for table in tables] for tables in search.best[1]]


def meetings(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[tuple[int, int], int]:
    """How many times each pair ``(p, q)``, ``p < q``, sits at one table."""
    met: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                met[pair] = met.get(pair, 0) + 1
    return met


def repeats(rounds: Sequence[Sequence[Sequence[int]]]) -> int:
    """The repeated meetings of a seating: ``k - 1`` for each pair that meets ``k ≥ 1``
    times, summed."""
    return sum(k - 1 for k in meetings(rounds).values())


def _partners_bound(players: int, rounds: int, sizes: Sequence[int]) -> int:
    fives = sum(size == 5 for size in sizes) * 5 * rounds  # seats at tables of 5, all rounds
    base, extra = divmod(fives, players)  # the most even spread: `extra` players one more
    top = [max(0, 3 * rounds + base + 1 - (players - 1))] * extra
    rest = [max(0, 3 * rounds + base - (players - 1))] * (players - extra)
    return -(-sum(top + rest) // 2)


def _pigeonhole_bound(rounds: int, sizes: Sequence[int]) -> int:
    tables = len(sizes)
    pairs = 0
    for size in sizes:
        base, extra = divmod(size, tables)
        pairs += extra * (base + 1) * base // 2 + (tables - extra) * base * (base - 1) // 2
    return (rounds - 1) * pairs


def lower_bound(players: int, rounds: int, sizes: Sequence[int] | None = None) -> int:
    """A number of repeated meetings that no seating of ``players`` at tables of
    ``sizes`` (default :func:`~atout.tournament.tables.table_sizes`) over ``rounds``
    rounds goes below: the larger of the partners and the pigeonholes bounds (see the
    module)."""
    sizes = table_sizes(players) if sizes is None else sizes
    if rounds < 1:
        return 0
    return max(_partners_bound(players, rounds, sizes), _pigeonhole_bound(rounds, sizes))
