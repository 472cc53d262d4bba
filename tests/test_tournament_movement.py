"""Duplicate movements: every size 8–64 checked for every guarantee, and the check
itself shown to catch each broken guarantee."""

from __future__ import annotations

import dataclasses

import pytest

from atout.tournament import TournamentError
from atout.tournament.movement import (
    Movement,
    Play,
    check_movement,
    duplicate_bound,
    duplicate_repeats,
    duplicate_sizes,
    movement,
)
from atout.tournament.seating import lower_bound

REFUSED = {9, 11, 13, 17, 21}
SIZES = [n for n in range(8, 65) if n not in REFUSED]


@pytest.mark.parametrize("players", SIZES)
def test_every_size_has_a_movement_that_keeps_every_guarantee(players: int) -> None:
    """A short search (a fifth of the default), to keep the test fast: the guarantees
    hold whatever the length of the search; only the meetings gain from a longer one."""
    plan = movement(players, 4, seed=players, steps=300 * players * 3)
    check_movement(plan)
    assert len(plan.rounds) == 4
    assert sorted(set(plan.sizes)) in ([4], [5], [4, 5])
    assert duplicate_repeats(plan) >= duplicate_bound(players, 4)


@pytest.mark.parametrize(
    ("players", "rounds"), [(8, 7), (12, 7), (14, 7), (19, 7), (25, 6), (64, 7)]
)
def test_long_movements_keep_every_guarantee(players: int, rounds: int) -> None:
    check_movement(movement(players, rounds, seed=1, steps=300 * players * (rounds - 1)))


def _sittings(plan: Movement) -> dict[int, list[tuple[int, int]]]:
    """Who held which seat on each étui: étui → [(seat, player)]."""
    held: dict[int, list[tuple[int, int]]] = {}
    for tables in plan.rounds:
        for play in tables:
            held.setdefault(play.etui, []).extend(enumerate(play.players))
    return held


@pytest.mark.parametrize(("players", "rounds"), [(16, 4), (14, 3), (14, 5), (23, 5), (29, 4)])
def test_every_seat_of_every_etui_is_held_by_two_players_at_least(
    players: int, rounds: int
) -> None:
    """What the comparison needs: on each étui, each seat has another result."""
    plan = movement(players, rounds)
    for etui, held in _sittings(plan).items():
        size = plan.etui_sizes[etui]
        for seat in range(size):
            holders = [p for s, p in held if s == seat]
            assert len(holders) == len(set(holders)) >= 2, (etui, seat)


def test_groups_of_tables_play_each_etui_equally_often() -> None:
    plan = movement(22, 3)  # 3 tables of 4, 2 of 5: 3 étuis of 4 played 3 times, 3 of 5 twice
    assert plan.sizes == (4, 4, 4, 5, 5)
    counts = {e: len(h) // plan.etui_sizes[e] for e, h in _sittings(plan).items()}
    assert plan.etui_sizes == (4, 4, 4, 5, 5, 5)
    assert counts == {0: 3, 1: 3, 2: 3, 3: 2, 4: 2, 5: 2}


@pytest.mark.parametrize("players", [9, 13, 17, 21])
def test_a_lone_table_of_5_is_refused_with_the_reason(players: int) -> None:
    with pytest.raises(TournamentError, match="lone table of 5 keeps one player in its fifth seat"):
        movement(players, 3)


@pytest.mark.parametrize(
    ("players", "sizes"), [(25, (5,) * 5), (29, (4,) + (5,) * 5), (14, (4, 5, 5))]
)
def test_five_tables_of_5_take_the_place_of_a_lone_one(
    players: int, sizes: tuple[int, ...]
) -> None:
    assert duplicate_sizes(players) == sizes


@pytest.mark.parametrize(
    ("players", "rounds", "words"),
    [(4, 3, "needs 8 to 400"), (12, 1, "give 2 to 20"), (11, 3, "10 or 12")],
)
def test_other_impossible_movements_are_refused(players: int, rounds: int, words: str) -> None:
    with pytest.raises(TournamentError, match=words):
        movement(players, rounds)


def test_the_same_seed_gives_the_same_movement() -> None:
    assert movement(20, 4, seed=5) == movement(20, 4, seed=5)
    assert movement(20, 4, seed=5) != movement(20, 4, seed=6)


def test_the_duplicate_bound_knows_players_of_one_seat_never_meet() -> None:
    """12 players over 5 rounds: the donnes libres bound is 24, but a player may meet
    only the 9 players of other seats: (15 − 9) × 12 / 2 = 36."""
    assert lower_bound(12, 5) == 24
    assert duplicate_bound(12, 5) == 36


def _with_round(plan: Movement, r: int, tables: list[Play]) -> Movement:
    rounds = list(plan.rounds)
    rounds[r] = tuple(tables)
    return dataclasses.replace(plan, rounds=tuple(rounds))


def _broken(plan: Movement, r: int, t: int, **change: object) -> Movement:
    tables = list(plan.rounds[r])
    tables[t] = dataclasses.replace(tables[t], **change)  # type: ignore[arg-type]
    return _with_round(plan, r, tables)


@pytest.fixture(scope="module")
def plan() -> Movement:
    made = movement(16, 4, seed=2)
    check_movement(made)
    return made


def test_check_names_a_player_out_of_his_seat(plan: Movement) -> None:
    a, b, c, d = plan.rounds[1][0].players
    with pytest.raises(
        TournamentError,
        match=r"round 2, table 1: player \d+ sits in seat 1, not in his seat of round 1 \(2\)",
    ):
        check_movement(_broken(plan, 1, 0, players=(b, a, c, d)))


def test_check_names_a_player_seated_twice(plan: Movement) -> None:
    a, b, c, _ = plan.rounds[2][0].players
    with pytest.raises(TournamentError, match="round 3: player .* is not seated exactly once"):
        check_movement(_broken(plan, 2, 0, players=(a, b, c, c)))


def test_check_names_a_table_of_another_size(plan: Movement) -> None:
    with pytest.raises(TournamentError, match=r"round 2: tables of \(3, 4, 4, 4\) players"):
        check_movement(_broken(plan, 1, 0, players=plan.rounds[1][0].players[:3]))


def test_check_names_an_etui_at_two_tables(plan: Movement) -> None:
    etui = plan.rounds[1][1].etui
    with pytest.raises(TournamentError, match=f"round 2: étui {etui + 1} is at two tables at once"):
        check_movement(_broken(plan, 1, 0, etui=etui))


def test_check_names_a_player_who_plays_an_etui_twice(plan: Movement) -> None:
    """Round 2's first table gets the étui its first player played in round 1 (the
    table that had it gets the first table's): he plays it twice."""
    player = plan.rounds[1][0].players[0]
    before = next(play.etui for play in plan.rounds[0] if player in play.players)
    tables = list(plan.rounds[1])
    other = next(t for t, play in enumerate(tables) if play.etui == before)
    tables[0], tables[other] = (
        dataclasses.replace(tables[0], etui=before),
        dataclasses.replace(tables[other], etui=tables[0].etui),
    )
    with pytest.raises(
        TournamentError, match=rf"player {player + 1} plays étui {before + 1} twice \(round 2\)"
    ):
        check_movement(_with_round(plan, 1, tables))


def test_check_names_an_etui_played_once(plan: Movement) -> None:
    lone = dataclasses.replace(plan, etui_sizes=(*plan.etui_sizes, 4))
    with pytest.raises(TournamentError, match="étui 5 is played at one table only"):
        check_movement(lone)


def test_check_names_an_etui_of_another_size(plan: Movement) -> None:
    other = dataclasses.replace(plan, etui_sizes=(5, *plan.etui_sizes[1:]))
    with pytest.raises(
        TournamentError, match="round 1, table 1: étui 1 is not dealt for 4 players"
    ):
        check_movement(other)
