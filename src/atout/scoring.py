"""Scoring (docs/reference/rules.md S1–S5, A1, A3–A5, and P4's Excuse): from the tricks
to the marks.

All points are counted in half-points (integers) and turned into points only at the
end, so a score is exact. A donne is scored from its tricks by :func:`score_tricks`:
the cards each camp took (:func:`camp_piles`, with the Excuse by :func:`excuse_goes`),
the chelem (:func:`chelem_bonus`) and the petit au bout (:func:`petit_au_bout`); then
:func:`score` turns points, bouts and bonuses into the marks.

>>> result = score(players=4, taker=2, partner=None, contract=Contract.GARDE,
...                taker_half_points=94, bouts=2, petit_au_bout=0, poignee=20,
...                chelem=0)
>>> result.points, result.target, result.made, result.difference, result.score
(47.0, 41, True, 6, 82)
>>> result.marks
(-82, -82, 246, -82)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from atout.bidding import Contract
from atout.cards import EXCUSE_BIT, EXCUSE_INDEX, PETIT, CardSet
from atout.play import Trick, chelem_so_far
from atout.table import ExcuseLastTrick, Rules

_BITS = tuple(1 << card for card in range(78))
_FFT = Rules()

__all__ = [
    "POIGNEE_BONUS",
    "TARGETS",
    "Breakdown",
    "Piles",
    "Result",
    "Share",
    "add_marks",
    "camp_piles",
    "chelem_bonus",
    "chelem_value",
    "difference",
    "excuse_goes",
    "marks",
    "petit_au_bout",
    "running_totals",
    "score",
    "score_tricks",
    "sum_of_marks",
]

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}  # S2
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}  # A1


Camp = Literal["attack", "defence"]


@dataclass(frozen=True)
class Share:
    """One seat's share of the marks (S4): its role, how many times the score it gets
    (``-1`` for a defender, ``1.5`` for each of the 5-player camp under ⚙
    ``five_player_split`` ``"1.5:1.5"``) and its marks."""

    seat: int
    role: Literal["taker", "partner", "defender"]
    times: float
    marks: int


@dataclass(frozen=True)
class Breakdown:
    """How a donne's score is made, term by term (S2–S5, A1–A5): what every face prints
    to explain a score. :attr:`score` is the sum of :attr:`terms`, and it is the
    :attr:`Result.score` it comes with.

    ``contract_score`` is ``±(25 + difference) × multiplier``, signed by whether the
    contract is made; ``petit_au_bout``, ``poignee`` and ``chelem`` are the points each
    adds to the score of the taker's camp (0 when there is none), after the ⚙ settings.
    ``petit_camp`` is the camp that took the Petit au bout, ``poignee_camp`` the camp the
    poignées go to (``None`` when ⚙ ``poignee_goes`` makes them 0), ``poignees`` the
    ``(seat, level, bonus)`` of each shown (the seat ``None`` when not known), and
    ``chelem_announced``/``chelem_every`` what the chelem was (``None``: not known)."""

    players: int
    contract: str
    multiplier: int
    points: float
    bouts: int
    target: int
    made: bool
    difference: int
    rounded: bool
    contract_score: int
    petit_au_bout: int
    petit_camp: Camp | None
    petit_multiplied: bool
    poignees: tuple[tuple[int | None, str, int], ...]
    poignee: int
    poignee_camp: Camp | None
    poignee_multiplied: bool
    chelem: int
    chelem_announced: bool | None
    chelem_every: Camp | None
    score: int
    shares: tuple[Share, ...]
    split: str

    BASE = 25

    @property
    def terms(self) -> tuple[int, int, int, int]:
        """The four terms of S3 whose sum is :attr:`score`: the contract's part, the
        petit au bout, the poignées and the chelem."""
        return (self.contract_score, self.petit_au_bout, self.poignee, self.chelem)

    def as_json(self) -> dict[str, Any]:
        """The breakdown as JSON data (what the web table formats)."""
        return {
            "players": self.players,
            "contract": self.contract,
            "multiplier": self.multiplier,
            "points": self.points,
            "bouts": self.bouts,
            "target": self.target,
            "made": self.made,
            "base": self.BASE,
            "difference": self.difference,
            "rounded": self.rounded,
            "contract_score": self.contract_score,
            "petit_au_bout": self.petit_au_bout,
            "petit_camp": self.petit_camp,
            "petit_multiplied": self.petit_multiplied,
            "poignees": [list(p) for p in self.poignees],
            "poignee": self.poignee,
            "poignee_camp": self.poignee_camp,
            "poignee_multiplied": self.poignee_multiplied,
            "chelem": self.chelem,
            "chelem_announced": self.chelem_announced,
            "chelem_every": self.chelem_every,
            "score": self.score,
            "shares": [
                {"seat": s.seat, "role": s.role, "times": s.times, "marks": s.marks}
                for s in self.shares
            ],
            "split": self.split,
        }


@dataclass(frozen=True)
class Result:
    """A donne's result from the taker's camp's side, as in the game record, and
    (:attr:`breakdown`, not part of the record) how its score is made."""

    bouts: int
    points: float
    target: int
    made: bool
    difference: int
    petit_au_bout: int
    poignee: int
    chelem: int
    score: int
    marks: tuple[int, ...]
    _why: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    @functools.cached_property
    def breakdown(self) -> Breakdown:
        """How the score is made, term by term (worked out when first asked for)."""
        return _breakdown(self)

    def as_record(self) -> dict[str, Any]:
        return {
            "bouts": self.bouts,
            "points": self.points,
            "target": self.target,
            "made": self.made,
            "difference": self.difference,
            "petit_au_bout": self.petit_au_bout,
            "poignee": self.poignee,
            "chelem": self.chelem,
            "score": self.score,
            "marks": list(self.marks),
        }


def running_totals(marks: Iterable[Sequence[int]], players: int) -> list[tuple[int, ...]]:
    """S4: the totals after each donne, from each donne's marks in order.

    >>> running_totals([(3, -1, -1, -1), (-2, 6, -2, -2)], 4)
    [(3, -1, -1, -1), (1, 5, -3, -3)]
    """
    totals: Sequence[int] = (0,) * players
    out: list[tuple[int, ...]] = []
    for row in marks:
        totals = add_marks(totals, row)
        out.append(totals)
    return out


def add_marks(totals: Sequence[int], marks: Sequence[int]) -> tuple[int, ...]:
    """S4: the totals after one more donne's ``marks``, seat by seat."""
    return tuple(a + b for a, b in zip(totals, marks, strict=True))


def sum_of_marks(marks: Iterable[Sequence[int]], players: int) -> list[int]:
    """S4: the totals after every donne of ``marks`` (:func:`running_totals`' last)."""
    totals = running_totals(marks, players)
    return list(totals[-1]) if totals else [0] * players


def difference(half_points: int, target: int) -> int:
    """S5: |points − target| rounded up to a whole number (40.5 against 41 loses by 1,
    41.5 wins by 1)."""
    return (abs(half_points - 2 * target) + 1) // 2


def marks(
    players: int, taker: int, partner: int | None, score_: int, rules: Rules = _FFT
) -> tuple[int, ...]:
    """S4: zero-sum marks. 4p taker +3S; 3p +2S; 5p taker +2S and partner +S, or a
    taker alone +4S; each defender −S. ⚙ ``five_player_split`` ``"1.5:1.5"``: taker
    and partner 1.5 × S each, the odd half mark to the taker.

    >>> marks(5, 0, 1, 25, Rules(five_player_split="1.5:1.5"))
    (38, 37, -25, -25, -25)
    """
    return tuple(share[2] for share in _shares(players, taker, partner, score_, rules))


_Share = tuple[Literal["taker", "partner", "defender"], float, int]


def _shares(
    players: int, taker: int, partner: int | None, score_: int, rules: Rules
) -> list[_Share]:
    """S4: each seat's role, the times S it gets and its marks."""
    shares: list[_Share] = [("defender", -1, -score_)] * players
    if players == 5 and partner is not None and partner != taker:
        if rules.five_player_split == "1.5:1.5":
            half = int(1.5 * score_)  # toward zero: the taker gets the odd half mark
            shares[taker] = ("taker", 1.5, 3 * score_ - half)
            shares[partner] = ("partner", 1.5, half)
        else:
            shares[taker] = ("taker", 2, 2 * score_)
            shares[partner] = ("partner", 1, score_)
    else:
        shares[taker] = ("taker", players - 1, (players - 1) * score_)
    return shares


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
    rules: Rules = _FFT,
    shown: Sequence[tuple[int | None, str]] = (),
    chelem_announced: bool | None = None,
    every_trick: int | None = None,
) -> Result:
    """S3: ``(25 + difference) × multiplier``, signed by whether the contract is made,
    ``+ petit au bout × multiplier + poignée + chelem``; the petit au bout (±10, A5) and
    the chelem (A4) carry their own signs, whatever the contract's; the poignée (A3)
    goes to the camp that wins.

    The house settings of ``rules`` (⚙, :class:`~atout.table.Rules`) change what they
    name: the poignée to the attack only when made, multiplied or not, the petit au
    bout not multiplied, the 5-player split. ``poignee`` and ``chelem`` are given as
    the FFT counts them; :attr:`Result.poignee` is what was counted.

    The result's :attr:`~Result.breakdown` tells each term; ``shown`` (the seat and
    level of each poignée), ``chelem_announced`` and ``every_trick`` (the camp, 0 or 1,
    that took every trick) only add to what it tells."""
    target = TARGETS[bouts]
    made = taker_half_points >= 2 * target
    sign = 1 if made else -1
    diff = difference(taker_half_points, target)
    multiplier = contract.multiplier
    counted_poignee = poignee
    if rules.poignee_goes == "attack_if_made" and not made:
        counted_poignee = 0
    if rules.poignee_multiplied:
        counted_poignee *= multiplier
    petit = petit_au_bout * multiplier if rules.petit_au_bout_multiplied else petit_au_bout
    terms = (sign * (Breakdown.BASE + diff) * multiplier, petit, sign * counted_poignee, chelem)
    total = sum(terms)
    shares = _shares(players, taker, partner, total, rules)
    why = (players, contract, taker_half_points, terms, petit_au_bout, counted_poignee, shares,
           tuple(shown), chelem_announced, every_trick, rules)  # fmt: skip
    return Result(
        bouts=bouts,
        points=taker_half_points / 2,
        target=target,
        made=made,
        difference=diff,
        petit_au_bout=petit_au_bout,
        poignee=counted_poignee,
        chelem=chelem,
        score=total,
        marks=tuple(share[2] for share in shares),
        _why=why,
    )


def _breakdown(result: Result) -> Breakdown:
    """The breakdown of a result :func:`score` gave, from the terms it added."""
    players, contract, half, terms, petit, poignee, shares, shown, announced, every, rules = (
        result._why
    )
    camps: tuple[Camp, Camp] = ("attack", "defence")
    return Breakdown(
        players=players,
        contract=contract.value,
        multiplier=contract.multiplier,
        points=result.points,
        bouts=result.bouts,
        target=result.target,
        made=result.made,
        difference=result.difference,
        rounded=half % 2 == 1,
        contract_score=terms[0],
        petit_au_bout=terms[1],
        petit_camp=None if not petit else camps[petit < 0],
        petit_multiplied=rules.petit_au_bout_multiplied,
        poignees=tuple((seat, level, POIGNEE_BONUS[level]) for seat, level in shown),
        poignee=terms[2],
        poignee_camp=None if not poignee else camps[not result.made],
        poignee_multiplied=rules.poignee_multiplied,
        chelem=terms[3],
        chelem_announced=announced,
        chelem_every=None if every is None else camps[every],
        score=result.score,
        shares=tuple(Share(seat, *share) for seat, share in enumerate(shares)),
        split=rules.five_player_split,
    )


# -- from the tricks: the Excuse, the camps' piles, the chelem, the petit au bout ---------


class Piles(NamedTuple):
    """The cards each camp took, and the half-points the taker's camp owes (+) or is
    owed (−) for the Excuse (P4)."""

    taker: CardSet
    defence: CardSet
    owed: int


def excuse_goes(
    owner: int, winner: int, last: bool, in_chelem: bool, setting: ExcuseLastTrick
) -> tuple[int, int]:
    """P4: the camp that gets the Excuse played by camp ``owner`` in a trick won by
    camp ``winner``, and the half-points ``owner`` gives for it (the exchange).

    Its owner's camp keeps it and gives a half-point card to the winner's camp; a camp
    with no trick at all keeps it just the same, for 4 points, the half point going to
    the other camp. In the last trick outside a chelem it changes camp, with no
    exchange (⚙ ``to_trick_winner``: it goes to the trick's winner).

    >>> excuse_goes(owner=1, winner=1, last=True, in_chelem=False, setting="changes_camp")
    (0, 0)
    >>> excuse_goes(owner=1, winner=0, last=False, in_chelem=False, setting="changes_camp")
    (1, 1)
    """
    if last and not in_chelem:
        return (1 - owner if setting == "changes_camp" else winner), 0
    return owner, 1 if owner != winner else 0


def camp_piles(
    tricks: Sequence[Trick],
    camps: Sequence[int],
    contract: Contract,
    chien: CardSet,
    ecart: CardSet,
    excuse_last_trick: ExcuseLastTrick = "changes_camp",
) -> Piles:
    """The cards each camp took (``camps[seat]`` is 0 for the taker's camp, 1 for the
    defence): the tricks, the écart to the taker (E3), the chien to the taker for a
    garde sans and to the defence for a garde contre (B2), the Excuse by P4."""
    winners = [camps[t.winner] for t in tricks if t.winner is not None]
    return _piles(tricks, camps, winners, contract, chien, ecart, excuse_last_trick)


def _piles(
    tricks: Sequence[Trick],
    camps: Sequence[int],
    winners: list[int],
    contract: Contract,
    chien: CardSet,
    ecart: CardSet,
    excuse_last_trick: ExcuseLastTrick,
) -> Piles:
    piles = [0, 0]
    if contract is Contract.GARDE_CONTRE:
        piles[1] = chien.mask
    elif contract is Contract.GARDE_SANS:
        piles[0] = chien.mask
    else:
        piles[0] = ecart.mask
    owed = 0
    for index, trick in enumerate(tricks):
        taken = 0
        for _, card in trick.cards:
            taken |= _BITS[card]
        if taken & EXCUSE_BIT:
            taken ^= EXCUSE_BIT
            seat = next(seat for seat, card in trick.cards if card == EXCUSE_INDEX)
            owner, last = camps[seat], index == len(tricks) - 1
            in_chelem = last and chelem_so_far(owner, winners)  # the chelem made
            keeper, given = excuse_goes(owner, winners[index], last, in_chelem, excuse_last_trick)
            piles[keeper] |= EXCUSE_BIT
            owed = given if owner == 0 else -given
        piles[winners[index]] |= taken
    return Piles(CardSet.of_mask(piles[0]), CardSet.of_mask(piles[1]), owed)


def chelem_bonus(winner_camps: Sequence[int], announced: bool, rules: Rules = _FFT) -> int:
    """A4: +400 announced and made, +200 made unannounced, −200 announced and
    failed; −200 more when the defence takes every trick (from the taker's side)."""
    if chelem_so_far(0, winner_camps):
        return chelem_value(announced, 0, rules)
    return chelem_value(announced, 1 if chelem_so_far(1, winner_camps) else None, rules)


def chelem_value(announced: bool, every_trick: int | None, rules: Rules = _FFT) -> int:
    """A4 from the taker's side, given which camp took every trick (0 the taker's, 1
    the defence, ``None`` neither): +400 announced and made, +200 made unannounced,
    −200 announced and failed, −200 more when the defence took every trick (⚙
    ``defence_chelem_bonus``).

    >>> chelem_value(True, 0), chelem_value(False, 0), chelem_value(True, None)
    (400, 200, -200)
    >>> chelem_value(True, 1), chelem_value(False, 1, Rules(defence_chelem_bonus=False))
    (-400, 0)
    """
    if every_trick == 0:
        return 400 if announced else 200
    bonus = -200 if announced else 0
    return bonus - 200 if every_trick == 1 and rules.defence_chelem_bonus else bonus


def petit_au_bout(tricks: Sequence[Trick], camps: Sequence[int]) -> int:
    """A5: the Petit in the last trick: ±10 (before the multiplier) to the camp that
    wins it; in a chelem whose camp plays the Excuse last, the trick before."""
    return _petit(tricks, camps, [camps[t.winner] for t in tricks if t.winner is not None])


def _petit(tricks: Sequence[Trick], camps: Sequence[int], winners: list[int]) -> int:
    last = len(tricks) - 1
    excuse = next((seat for seat, card in tricks[last].cards if card == EXCUSE_INDEX), None)
    if excuse is not None and camps[excuse] == 0 and chelem_so_far(0, winners):
        last -= 1
    trick = tricks[last]
    if trick.winner is None or all(card != PETIT for _, card in trick.cards):
        return 0
    return 10 if camps[trick.winner] == 0 else -10


def score_tricks(
    *,
    tricks: Sequence[Trick],
    taker: int,
    partner: int | None,
    contract: Contract,
    chien: CardSet,
    ecart: CardSet,
    poignees: Sequence[str | tuple[int, str]],
    chelem_announced: bool,
    excuse_last_trick: ExcuseLastTrick = "changes_camp",
    rules: Rules = _FFT,
) -> Result:
    """The result of a donne played to its end: its tricks (each with its winner), the
    taker and his partner (5 players), the contract, the chien and écart, the levels
    of the poignées shown (or the ``(seat, level)`` of each), and whether a chelem was
    announced; the house scoring of ``rules`` (its ``excuse_last_trick`` is the
    argument's)."""
    players = len(tricks[0].cards)
    camps = [0 if seat in (taker, partner) else 1 for seat in range(players)]
    winners = [camps[t.winner] for t in tricks if t.winner is not None]
    pile = _piles(tricks, camps, winners, contract, chien, ecart, excuse_last_trick)
    shown = [(None, p) if isinstance(p, str) else p for p in poignees]
    every = 0 if chelem_so_far(0, winners) else 1 if chelem_so_far(1, winners) else None
    return score(
        players=players,
        taker=taker,
        partner=partner,
        contract=contract,
        taker_half_points=pile.taker.half_points() - pile.owed,
        bouts=pile.taker.count_bouts(),
        petit_au_bout=_petit(tricks, camps, winners),
        poignee=sum(POIGNEE_BONUS[level] for _, level in shown),
        chelem=chelem_value(chelem_announced, every, rules),
        rules=rules,
        shown=shown,
        chelem_announced=chelem_announced,
        every_trick=every,
    )
