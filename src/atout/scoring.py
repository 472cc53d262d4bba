"""Scoring (RULES.md S1–S5, A1, A3–A5): from the cards each camp took to the marks.

All points are counted in half-points (integers) and turned into points only at the
end, so a score is exact.

>>> result = score(players=4, taker=2, partner=None, contract=Contract.GARDE,
...                taker_half_points=94, bouts=2, petit_au_bout=0, poignee=20,
...                chelem=0)
>>> result.points, result.target, result.made, result.difference, result.score
(47.0, 41, True, 6, 82)
>>> result.marks
[-82, -82, 246, -82]
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from atout.bidding import Contract

__all__ = ["POIGNEE_BONUS", "TARGETS", "Result", "difference", "marks", "score"]

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}  # S2
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}  # A1


@dataclass(frozen=True)
class Result:
    """A donne's result from the taker's camp's side, as in the game record."""

    bouts: int
    points: float
    target: int
    made: bool
    difference: int
    petit_au_bout: int
    poignee: int
    chelem: int
    score: int
    marks: list[int]

    def as_record(self) -> dict[str, Any]:
        return asdict(self)


def difference(half_points: int, target: int) -> int:
    """S5: |points − target| rounded up to a whole number (40.5 against 41 loses by 1,
    41.5 wins by 1)."""
    return (abs(half_points - 2 * target) + 1) // 2


def marks(players: int, taker: int, partner: int | None, score_: int) -> list[int]:
    """S4: zero-sum marks. 4p taker +3S; 3p +2S; 5p taker +2S and partner +S, or a
    taker alone +4S; each defender −S."""
    result = [-score_] * players
    if players == 5 and partner is not None and partner != taker:
        result[taker], result[partner] = 2 * score_, score_
    else:
        result[taker] = (players - 1) * score_
    return result


def score(
    *,
    players: int,
    taker: int,
    partner: int | None,
    contract: Contract,
    taker_half_points: int,
    bouts: int,
    petit_au_bout: int,
    poignee: int,
    chelem: int,
) -> Result:
    """S3: ``(25 + difference + petit au bout) × multiplier + poignée + chelem``,
    signed by whether the contract is made; the petit au bout (±10, A5) and the chelem
    (A4) carry their own signs; the poignée (A3) goes to the camp that wins."""
    target = TARGETS[bouts]
    made = taker_half_points >= 2 * target
    sign = 1 if made else -1
    diff = difference(taker_half_points, target)
    multiplier = contract.multiplier
    total = sign * (25 + diff) * multiplier + petit_au_bout * multiplier + sign * poignee + chelem
    return Result(
        bouts=bouts,
        points=taker_half_points / 2,
        target=target,
        made=made,
        difference=diff,
        petit_au_bout=petit_au_bout,
        poignee=poignee,
        chelem=chelem,
        score=total,
        marks=marks(players, taker, partner, total),
    )
