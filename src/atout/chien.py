"""The écart (docs/reference/rules.md E2) and the poignée (A1–A2), as pure functions. Each rule is
written once, as what it allows and the reason it gives for the rest.

>>> hand = CardSet.parse("KS 3S 4S T5 T12 EX")
>>> [str(c) for c in ecart_cards(hand, left=2)]
['3S', '4S']
>>> why_not_in_ecart(Card.parse("KS"), hand, left=2)
'E2: a King may not go to the écart'
>>> why_not_in_ecart(Card.parse("T5"), hand, left=2)
'E2: a trump may go to the écart only when nothing else is possible'
>>> ten = CardSet.parse("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")
>>> [level for level, _ in poignee_options(ten, Variant.for_players(4))]
['simple']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from atout.cards import EXCUSE, EXCUSE_BIT, SUIT_MASKS, TRUMP_MASK, Card, CardSet
from atout.errors import Reason
from atout.play import mask_cards
from atout.table import Variant

__all__ = [
    "LEVELS",
    "PoigneeLevel",
    "ecart_cards",
    "ecart_mask",
    "ecart_trumps_at_most",
    "has_poignee",
    "poignee_options",
    "poignee_threshold",
    "why_not_in_ecart",
    "why_not_poignee",
]

PoigneeLevel = Literal["simple", "double", "triple"]
LEVELS: tuple[PoigneeLevel, ...] = ("simple", "double", "triple")

_SUITS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
_KINGS = sum(1 << (suit * 14 + 13) for suit in range(4))
_BOUTS = CardSet.parse("T1 T21 EX").mask


# -- E2: the écart ---------------------------------------------------------------------


def ecart_trumps_at_most(hand: int, left: int) -> int:
    """E2, the count written once: how many trumps may still go to the écart from the
    hand ``hand`` (a card mask), ``left`` cards still to put there: those that the plain
    cards (suit cards other than Kings) cannot make up; none when they suffice."""
    return max(0, left - (hand & _SUITS & ~_KINGS).bit_count())


def _ecart_limits(hand: int, left: int) -> list[tuple[int, str]]:
    """E2 in one place: the cards that may not go to the écart, each with why. No King
    and no bout; a trump only when the plain cards do not suffice
    (:func:`ecart_trumps_at_most`). Each limit comes with the kind of its refusal
    (:mod:`atout.reasons`)."""
    limits = [
        (_KINGS, "ecart_king"),
        (_BOUTS, "ecart_bout"),
    ]
    if not ecart_trumps_at_most(hand, left):
        limits.append((TRUMP_MASK, "ecart_trump"))
    return limits


def ecart_mask(hand: CardSet, left: int) -> int:
    """E2: the mask of the cards of ``hand`` that may go to the écart, ``left`` cards
    still to put there."""
    mask = hand.mask
    for forbidden, _ in _ecart_limits(mask, left):
        mask &= ~forbidden
    return mask


def ecart_cards(hand: CardSet, left: int) -> list[Card]:
    """E2: the cards of ``hand`` that may go to the écart."""
    return mask_cards(ecart_mask(hand, left))


def why_not_in_ecart(card: Card, hand: CardSet, left: int) -> Reason | None:
    """E1–E2: why ``card`` may not go to the écart, or ``None`` when it may."""
    if card not in hand:
        return Reason("E1", "not_in_taker_hand", card=card)
    for forbidden, why in _ecart_limits(hand.mask, left):
        if forbidden >> card & 1:
            return Reason("E2", why)
    return None


# -- A1–A2: the poignée ------------------------------------------------------------------


def poignee_threshold(variant: Variant, level: PoigneeLevel) -> int:
    """A1: the trumps a poignée of ``level`` shows."""
    return variant.poignee_thresholds[LEVELS.index(level)]


def has_poignee(hand: CardSet, variant: Variant) -> bool:
    """A1–A2: ``hand`` holds enough trumps for a simple poignée (the Excuse standing
    for the one that is missing)."""
    return (hand.mask & (TRUMP_MASK | EXCUSE_BIT)).bit_count() >= variant.poignee_thresholds[0]


def poignee_options(hand: CardSet, variant: Variant) -> list[tuple[PoigneeLevel, tuple[Card, ...]]]:
    """A1–A2: the poignées ``hand`` may show, each with the cards shown by default:
    the lowest trumps, exactly the threshold number, the Excuse only when the trumps
    fall short by one and then every trump is shown."""
    trumps = mask_cards(hand.mask & TRUMP_MASK)
    options: list[tuple[PoigneeLevel, tuple[Card, ...]]] = []
    for level, threshold in zip(LEVELS, variant.poignee_thresholds, strict=True):
        if len(trumps) >= threshold:
            shown = tuple(reversed(trumps[:threshold]))
        elif len(trumps) == threshold - 1 and EXCUSE in hand:
            shown = (*reversed(trumps), EXCUSE)
        else:
            continue
        options.append((level, shown))
    return options


def why_not_poignee(
    hand: CardSet, variant: Variant, level: object, cards: Sequence[Card]
) -> Reason | None:
    """A1–A2: why ``cards`` is not a poignée of ``level`` that ``hand`` may show, or
    ``None`` when it is."""
    if level not in LEVELS:
        return Reason("A1", "poignee_unknown_level", level=f"{level!r:.40}")
    threshold = variant.poignee_thresholds[LEVELS.index(level)]
    shown = CardSet(cards)
    if len(shown) != len(cards) or not shown <= hand:
        return Reason("A2", "poignee_not_own_cards")
    if len(shown) != threshold:
        return Reason("A2", "poignee_size", level=level, need=threshold, count=len(shown))
    if shown.mask & ~(TRUMP_MASK | EXCUSE_BIT):
        return Reason("A2", "poignee_only_trumps")
    if EXCUSE in shown and hand.count_trumps() != threshold - 1:
        return Reason("A2", "poignee_excuse")
    return None
