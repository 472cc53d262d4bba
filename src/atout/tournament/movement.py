"""Duplicate movements: which étui each table plays in each round, and where each
player sits, for 8 to 64 players and more (docs/reference/tournaments.md).

In a duplicate every deal is played at several tables with the same cards, kept in an
*étui* (each seat's hand and the chien apart) that travels from table to table; each
result is compared with those of the players who held the same seat on the same deal
(:mod:`atout.tournament.duplicate`). A movement here guarantees, and
:func:`check_movement` checks:

- every round seats every player once, at tables of the sizes of the first round;
- a player keeps his seat position (his orientation) all tournament long: the seat he
  holds in the first round;
- an étui is dealt for 4 or for 5 players and goes only to tables of that size; a
  round has one copy of each étui, at one table at most;
- no player plays an étui twice;
- every étui is played at least twice, so every result has another to be compared
  with: in a group of ``k ≥ 2`` tables of one size each of the ``max(k, rounds)``
  étuis is played ``min(k, rounds)`` times; a lone table of its size plays each étui
  in two rounds (three for the last étui when the rounds are odd), by players who
  never met it.

Tables of 5 come in only where the count needs them, as for donnes libres, with one
difference: each table of 5 has a player in its fifth seat, who never leaves the
tables of 5. A lone table of 5 would keep the same player in that seat, and he would
meet each of its étuis twice: no movement exists, so 9, 13, 17 and 21 players are
refused; from 25 on, five tables of 5 take the place of one.

The players are then re-seated by the local search of
:mod:`atout.tournament.search`, within each seat position, so that pairs meet as
rarely as it finds (:func:`~atout.tournament.seating.repeats`, against
:func:`duplicate_bound`).

>>> m = movement(16, 4, seed=1)
>>> check_movement(m)
>>> m.sizes, [play.etui for play in m.rounds[1]]
((4, 4, 4, 4), [1, 2, 3, 0])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from atout.i18n import N_
from atout.tournament.errors import TournamentError
from atout.tournament.search import Search
from atout.tournament.seating import (
    Round,
    check_rounds,
    default_steps,
    first_round,
    lower_bound,
    repeats,
)
from atout.tournament.tables import MAX_PLAYERS

__all__ = [
    "Movement",
    "Play",
    "check_movement",
    "duplicate_bound",
    "duplicate_repeats",
    "duplicate_sizes",
    "movement",
]


ATTEMPTS = 4
"""How many searches, each from its own start, :func:`movement` makes before it gives
up on a movement where no player meets an étui twice. A search that ends with étuis
played again goes on from there looking for a movement only, then for fewer meetings
within movements."""


@dataclass(frozen=True)
class Play:
    """One table in one round: the étui it plays and its players by seat position."""

    etui: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """A duplicate movement: ``rounds[r][t]`` is table ``t``'s :class:`Play` in round
    ``r``; ``etui_sizes[e]`` the number of players étui ``e`` is dealt for. Players,
    tables, rounds and étuis are numbered from 0 (a person reads them from 1)."""

    players: int
    sizes: tuple[int, ...]
    etui_sizes: tuple[int, ...]
    rounds: tuple[tuple[Play, ...], ...]

    def position(self, player: int) -> int:
        """The seat position ``player`` holds all tournament long (his first round's)."""
        for play in self.rounds[0]:
            if player in play.players:
                return play.players.index(player)
        raise ValueError(player)

    def seating(self) -> list[Round]:
        """The rounds as a donnes libres seating (who sits with whom)."""
        return [[list(play.players) for play in tables] for tables in self.rounds]


def _split(players: int) -> tuple[int, ...] | None:
    fives = players % 4 if players % 4 != 1 else 5
    if players < 8 or 5 * fives > players:
        return None
    return (4,) * ((players - 5 * fives) // 4) + (5,) * fives


def duplicate_sizes(players: int) -> tuple[int, ...]:
    """The tables of a duplicate for ``players``: tables of 4, and tables of 5 where the
    count needs them but never a lone one (see the module); a
    :class:`~atout.tournament.errors.TournamentError` when no movement exists."""
    if not 8 <= players <= MAX_PLAYERS:
        raise TournamentError(
            N_("{players} players: a duplicate needs {least} to {most} (two tables at least)"),
            players=players,
            least=8,
            most=MAX_PLAYERS,
        )
    sizes = _split(players)
    if sizes is None:
        raise TournamentError(
            N_(
                "{players} players: no duplicate movement exists at tables of 4 and 5 (a "
                "lone table of 5 keeps one player in its fifth seat, and he would meet "
                "its étuis twice); nearest counts that can: {below} or {above}"
            ),
            players=players,
            below=max(n for n in range(8, players) if _split(n) is not None),
            above=min(n for n in range(players + 1, players + 9) if _split(n) is not None),
        )
    return sizes


def _schedule(sizes: Sequence[int], rounds: int) -> tuple[list[list[int]], list[int]]:
    """The étui of each table in each round, and the size of each étui (see the
    module): a group of tables of one size passes its étuis on, one table down each
    round; a lone table plays each of its étuis twice running."""
    etuis = [[0] * len(sizes) for _ in range(rounds)]
    etui_sizes: list[int] = []
    for size in (4, 5):
        tables = [t for t, s in enumerate(sizes) if s == size]
        first = len(etui_sizes)
        if len(tables) >= 2:
            count = max(len(tables), rounds)
            for r in range(rounds):
                for i, t in enumerate(tables):
                    etuis[r][t] = first + (i + r) % count
        elif tables:
            count = rounds // 2
            for r in range(rounds):
                etuis[r][tables[0]] = first + min(r // 2, count - 1)
        else:
            count = 0
        etui_sizes += [size] * count
    return etuis, etui_sizes


def _start(
    sizes: Sequence[int], rounds: int, rng: random.Random, stay: bool = False
) -> list[list[list[int]]]:
    """The first round in order; each later one the same if ``stay`` (the players stay
    put), else with each seat position's players spread at random over the tables that
    have that seat."""
    state = [first_round(sizes)]
    for _ in range(rounds - 1):
        tables = first_round(sizes)
        if stay:
            state.append(tables)
            continue
        for seat in range(5):
            holding = [t for t in tables if len(t) > seat]
            players = [t[seat] for t in holding]
            rng.shuffle(players)
            for table, player in zip(holding, players, strict=True):
                table[seat] = player
        state.append(tables)
    return state


def movement(players: int, rounds: int, seed: int = 0, steps: int | None = None) -> Movement:
    """A duplicate movement for ``players`` over ``rounds`` rounds (2 …): tables of
    :func:`duplicate_sizes`, étuis as the module says, players re-seated within their
    seat position so that they meet as rarely as the search finds. The same arguments
    give the same movement; a :class:`~atout.tournament.errors.TournamentError` when
    none exists or none is found."""
    sizes = duplicate_sizes(players)
    check_rounds(rounds, least=2)
    etuis, etui_sizes = _schedule(sizes, rounds)
    steps = default_steps(players, rounds) if steps is None else steps
    goal = duplicate_bound(players, rounds)
    positions = [seat for size in sizes for seat in range(size)]
    for attempt in range(ATTEMPTS):
        rng = random.Random(f"atout.tournament.movement/{players}/{rounds}/{seed}/{attempt}")
        search = Search(players, _start(sizes, rounds, rng), groups=positions, etuis=etuis)
        search.run(rng, steps, goal=goal)
        if search.best[0][0]:  # étuis played again: first a movement, whatever the meetings
            search = Search(players, search.best[1], groups=positions, etuis=etuis)
            search.run(rng, steps, goal=10**9, weights=(1.0, 1.0), meet=0.0)
            if not search.best[0][0]:
                search = Search(players, search.best[1], groups=positions, etuis=etuis)
                search.run(rng, steps, goal=goal, weights=(400.0, 400.0))
        (replays, _, _), best = search.best
        if not replays:
            break
    if replays and sizes.count(4) != 1:  # players who stay put never meet an étui again
        best = _start(sizes, rounds, rng, stay=True)
        replays = Search(players, best, groups=positions, etuis=etuis).replays
    if replays:
        raise TournamentError(
            N_("{players} players, {rounds} rounds: no movement found; try fewer rounds"),
            players=players,
            rounds=rounds,
        )
    plays = [
        tuple(Play(etuis[r][t], tuple(table)) for t, table in enumerate(tables))
        for r, tables in enumerate(best)
    ]
    return Movement(players, tuple(sizes), tuple(etui_sizes), tuple(plays))


def duplicate_bound(players: int, rounds: int) -> int:
    """A number of repeated meetings no movement of :func:`duplicate_sizes` tables goes
    below: the donnes libres bound (:func:`~atout.tournament.seating.lower_bound`), or
    the partners bound taken seat position by seat position if larger: players of one
    position never sit together, so each has fewer others to meet."""
    sizes = duplicate_sizes(players)
    fives = sum(size == 5 for size in sizes)
    spread = players - fives  # the players of seats 0 … 3, who share the seats at tables of 5
    base, extra = divmod(4 * fives * rounds, spread)
    others = players - (len(sizes))  # a seat position's players are one a table
    excess = [max(0, 3 * rounds + base + 1 - others)] * extra
    excess += [max(0, 3 * rounds + base - others)] * (spread - extra)
    excess += [max(0, 4 * rounds - (players - fives))] * fives
    return max(lower_bound(players, rounds, sizes), -(-sum(excess) // 2))


def duplicate_repeats(plan: Movement) -> int:
    """The repeated meetings of a movement (:func:`~atout.tournament.seating.repeats`)."""
    return repeats(plan.seating())


def _check_seats(plan: Movement) -> None:
    """Every round seats every player once at tables of the first round's sizes, each
    in the seat position he holds in the first round."""
    first = {p: seat for play in plan.rounds[0] for seat, p in enumerate(play.players)}
    for r, tables in enumerate(plan.rounds, start=1):
        sizes = tuple(len(play.players) for play in tables)
        if sizes != plan.sizes:
            raise TournamentError(
                N_("round {round}: tables of {found} players, not of {sizes} as in round 1"),
                round=r,
                found=sizes,
                sizes=plan.sizes,
            )
        seated = sorted(p for play in tables for p in play.players)
        if seated != list(range(plan.players)):
            missing = sorted(set(range(plan.players)) - set(seated)) or [
                p for p in seated if seated.count(p) > 1
            ]
            raise TournamentError(
                N_("round {round}: player {player} is not seated exactly once"),
                round=r,
                player=missing[0] + 1,
            )
        for t, play in enumerate(tables, start=1):
            for seat, p in enumerate(play.players):
                if first[p] != seat:
                    raise TournamentError(
                        N_(
                            "round {round}, table {table}: player {player} sits in seat "
                            "{seat}, not in his seat of round 1 ({first}): players keep "
                            "their orientation"
                        ),
                        round=r,
                        table=t,
                        player=p + 1,
                        seat=seat + 1,
                        first=first[p] + 1,
                    )


def _check_etuis(plan: Movement) -> None:
    """Each étui goes to tables of its size, once a round at most; no player plays one
    twice; each is played twice at least."""
    played: dict[int, list[int]] = {}
    for r, tables in enumerate(plan.rounds, start=1):
        here = [play.etui for play in tables]
        for t, play in enumerate(tables, start=1):
            e = play.etui
            if not 0 <= e < len(plan.etui_sizes) or plan.etui_sizes[e] != len(play.players):
                raise TournamentError(
                    N_("round {round}, table {table}: étui {etui} is not dealt for {size} players"),
                    round=r,
                    table=t,
                    etui=e + 1,
                    size=len(play.players),
                )
            if here.count(e) > 1:
                raise TournamentError(
                    N_("round {round}: étui {etui} is at two tables at once"), round=r, etui=e + 1
                )
            for p in play.players:
                if p in played.setdefault(e, []):
                    raise TournamentError(
                        N_("player {player} plays étui {etui} twice (round {round})"),
                        player=p + 1,
                        etui=e + 1,
                        round=r,
                    )
                played[e].append(p)
    for e, size in enumerate(plan.etui_sizes):
        if len(played.get(e, ())) < 2 * size:
            raise TournamentError(
                N_("étui {etui} is played at one table only: no result to compare with"),
                etui=e + 1,
            )


def check_movement(plan: Movement) -> None:
    """Check every guarantee of a movement (see the module); a
    :class:`~atout.tournament.errors.TournamentError` names the first one broken, with
    the round, table, player or étui (numbered from 1)."""
    if not plan.rounds:
        raise TournamentError(N_("a movement needs one round at least"))
    _check_seats(plan)
    _check_etuis(plan)
