"""Scoring (S1–S5, A1, A3–A5): worked examples, each checked by hand against the rules
(docs/reference/rules.md)."""

from __future__ import annotations

import pytest

from atout.bidding import Contract
from atout.scoring import Result, difference, marks, score

P, G, GS, GC = Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS, Contract.GARDE_CONTRE


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_S2_S3_S5_exactly_the_target_is_made_by_0_and_half_a_point_less_fails_by_1(
    bouts: int, target: int
) -> None:
    def prise(half_points: int) -> Result:
        return score(players=3, taker=0, partner=None, contract=P, taker_half_points=half_points,
                     bouts=bouts, petit_au_bout=0, poignee=0, chelem=0)  # fmt: skip

    exact, short, over = prise(2 * target), prise(2 * target - 1), prise(2 * target + 1)
    assert (exact.target, exact.made, exact.difference, exact.score) == (target, True, 0, 25)
    assert (short.made, short.difference, short.score) == (False, 1, -26)
    assert (over.made, over.difference, over.score) == (True, 1, 26)
    assert prise(2 * target - 2).score == -26  # a whole point short: lost by 1
    assert prise(2 * target + 3).score == 27  # a point and a half over: won by 2


def test_S5_half_points_short_by_half_loses_and_differences_round_up() -> None:
    assert difference(81, 41) == 1  # 40.5 against 41: lost by 1
    assert difference(83, 41) == 1  # 41.5: won by 1
    assert difference(82, 41) == 0  # exactly the target: made by 0
    assert not score(players=3, taker=0, partner=None, contract=P, taker_half_points=81,
                     bouts=2, petit_au_bout=0, poignee=0, chelem=0).made  # fmt: skip


Example = tuple[str, int, int, int | None, Contract, float, int, int, int, int, int, list[int]]
EXAMPLES: list[Example] = [
    # (name, players, taker, partner, contract, points, bouts, pab, poignee, chelem, score, marks)
    (
        "prise, no bout, exactly 56: made by 0",
        4,
        0,
        None,
        P,
        56,
        0,
        0,
        0,
        0,
        25,
        [75, -25, -25, -25],
    ),
    (
        "garde, 1 bout, 48 of 51: failed by 3",
        4,
        1,
        None,
        G,
        48,
        1,
        0,
        0,
        0,
        -56,
        [56, -168, 56, 56],
    ),
    ("garde sans, 2 bouts, 50 of 41", 4, 2, None, GS, 50, 2, 0, 0, 0, 136, [-136, -136, 408, -136]),
    (
        "garde contre, 3 bouts, 36 of 36",
        4,
        3,
        None,
        GC,
        36,
        3,
        0,
        0,
        0,
        150,
        [-150, -150, -150, 450],
    ),
    ("petit au bout for the taker", 4, 0, None, P, 45, 2, 10, 0, 0, 39, [117, -39, -39, -39]),
    (
        "petit au bout for the defence, contract made",
        4,
        0,
        None,
        G,
        55,
        1,
        -10,
        0,
        0,
        38,
        [114, -38, -38, -38],
    ),
    (
        "petit au bout for the taker, contract failed",
        4,
        0,
        None,
        G,
        40,
        1,
        10,
        0,
        0,
        -52,
        [-156, 52, 52, 52],
    ),
    ("poignée in attack, made", 4, 0, None, P, 60, 1, 0, 20, 0, 54, [162, -54, -54, -54]),
    (
        "poignée (double) in defence, failed: it goes to the defence",
        4,
        0,
        None,
        G,
        50,
        0,
        0,
        30,
        0,
        -92,
        [-276, 92, 92, 92],
    ),
    ("chelem announced and made", 4, 0, None, G, 91, 3, 0, 0, 400, 560, [1680, -560, -560, -560]),
    ("chelem made unannounced", 4, 0, None, P, 91, 3, 0, 0, 200, 280, [840, -280, -280, -280]),
    ("chelem announced and failed", 4, 0, None, G, 60, 2, 0, 0, -200, -112, [-336, 112, 112, 112]),
    ("chelem by the defence", 4, 0, None, P, 0, 0, 0, 0, -200, -281, [-843, 281, 281, 281]),
    ("3 players: 40.5 of 41 loses by 1", 3, 1, None, P, 40.5, 2, 0, 0, 0, -26, [26, -52, 26]),
    (
        "5 players: 41.5 of 41 wins by 1, partner +S",
        5,
        0,
        3,
        P,
        41.5,
        2,
        0,
        0,
        0,
        26,
        [52, -26, -26, 26, -26],
    ),
    ("5 players: a taker alone +4S", 5, 4, None, G, 60, 1, 0, 0, 0, 68, [-68, -68, -68, -68, 272]),
]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_S3_S4_worked_examples(example: Example) -> None:
    _, players, taker, partner, contract, points, bouts, pab, poignee, chelem, total, expected = (
        example
    )
    result = score(
        players=players,
        taker=taker,
        partner=partner,
        contract=contract,
        taker_half_points=int(2 * points),
        bouts=bouts,
        petit_au_bout=pab,
        poignee=poignee,
        chelem=chelem,
    )
    assert result.score == total
    assert result.marks == tuple(expected) and sum(result.marks) == 0  # S4: zero-sum


def test_S4_marks_by_number_of_players() -> None:
    assert marks(4, 2, None, 10) == (-10, -10, 30, -10)
    assert marks(3, 0, None, 10) == (20, -10, -10)
    assert marks(5, 0, 1, 10) == (20, 10, -10, -10, -10)
    assert marks(5, 0, None, 10) == (40, -10, -10, -10, -10)


def test_A1_poignee_bonus_not_multiplied() -> None:
    base = score(players=4, taker=0, partner=None, contract=GC, taker_half_points=120, bouts=2,
                 petit_au_bout=0, poignee=0, chelem=0)  # fmt: skip
    shown = score(players=4, taker=0, partner=None, contract=GC, taker_half_points=120, bouts=2,
                  petit_au_bout=0, poignee=40, chelem=0)  # fmt: skip
    assert shown.score - base.score == 40
