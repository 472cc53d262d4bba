"""The play of the cards (docs/reference/rules.md P1–P5, and B4's first-trick setting), as pure
functions. Each rule is written once, as the cards it allows and the reason it gives
for the others: :func:`legal_cards` and :func:`why_illegal` are two views of it.

>>> hand = CardSet.parse("KS 3S T5 T12 EX 4H")
>>> led = [Card.parse("QS")]
>>> [str(c) for c in legal_cards(hand, led)]   # follow suit (P1), or the Excuse (P4)
['3S', 'KS', 'EX']
>>> why_illegal(Card.parse("T5"), hand, led)
'P1: T5 does not follow the suit led (QS)'
>>> trick = [Card.parse("QS"), Card.parse("T8")]
>>> [str(c) for c in legal_cards(CardSet.parse("T5 T12 EX 4H"), trick)]
['T12', 'EX']
>>> str(trick_winner([Card.parse("QS"), Card.parse("EX"), Card.parse("KS"), Card.parse("2S")]))
'2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from atout.cards import (
    ALL_CARDS,
    EXCUSE_BIT,
    EXCUSE_INDEX,
    FIRST_TRUMP,
    SUIT_MASKS,
    TRUMP_MASK,
    Card,
    CardSet,
)
from atout.errors import Reason

__all__ = [
    "Trick",
    "allowed_mask",
    "chelem_so_far",
    "excuse_led_wins",
    "legal_cards",
    "mask_cards",
    "play_limit",
    "trick_facts",
    "trick_winner",
    "why_illegal",
    "winning_card",
]


class Trick(NamedTuple):
    """A trick: who led it, the cards in the order played (seat, card), and who won
    it once it is complete (P5). Immutable."""

    leader: int
    cards: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None


def mask_cards(mask: int) -> list[Card]:
    """The cards of a 78-bit mask, in the canonical order."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return cards


_TEXTS = {  # the reason each limit gives for the cards it refuses: rule, kind (atout.reasons)
    "B4": ("B4", "called_suit_first_trick"),
    "P1": ("P1", "must_follow"),
    "P2": ("P2", "must_trump"),
    "P2+": ("P2", "must_overtrump"),
    "P3": ("P3", "trumps_led_must_trump"),
    "P3+": ("P3", "trumps_led_must_overtrump"),
}


def trick_facts(trick: Sequence[Card]) -> tuple[int, int]:
    """The card that sets the suit of ``trick`` (the first that is not the Excuse,
    P4; −1 when there is none yet) and the highest trump in it (−1 when none)."""
    lead = best = -1
    for card in trick:
        if card != EXCUSE_INDEX:
            if lead < 0:
                lead = card
            if card >= FIRST_TRUMP and card > best:
                best = card
    return lead, best


def play_limit(hand: int, lead: int, best: int, called: Card | None) -> tuple[int, str]:
    """The rule in one place: the mask of the cards of ``hand`` that may go on a trick
    whose suit is set by ``lead`` and whose highest trump is ``best`` (see
    :func:`trick_facts`), and the key of the reason (in ``_TEXTS``) that refuses the
    other cards.

    P1 follow suit; P2 void: trump, overtrumping if possible; P3 trumps led:
    overtrump if possible; otherwise any card. P4: the Excuse may always be played.
    B4 ⚙: ``called`` is given for the first lead of a 5-player donne, its trick still
    empty, when the called suit may not be led then, except the called card itself.
    """
    if lead < 0:
        if called is not None:
            others = hand & ~(SUIT_MASKS[called // 14] & ~(1 << called))
            if others:
                return others, "B4"
        return hand, ""
    excuse = hand & EXCUSE_BIT
    if lead < FIRST_TRUMP:
        following = hand & SUIT_MASKS[lead // 14]
        if following:
            return following | excuse, "P1"
    trumps = hand & TRUMP_MASK
    if not trumps:
        return hand, ""
    higher = trumps & ~((1 << (best + 1)) - 1) if best >= 0 else 0
    key = "P2" if lead < FIRST_TRUMP else "P3"
    if higher:
        return higher | excuse, key + "+"
    return trumps | excuse, key


def allowed_mask(hand: CardSet, trick: Sequence[Card], called: Card | None = None) -> int:
    """The mask of the cards of ``hand`` that may go on ``trick`` (the cards played so
    far, in order), P1–P4; ``called`` for B4's first lead (see :func:`play_limit`)."""
    return play_limit(hand.mask, *trick_facts(trick), None if trick else called)[0]


def legal_cards(hand: CardSet, trick: Sequence[Card], called: Card | None = None) -> list[Card]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played so far, in
    order), P1–P4; ``called`` for B4's first lead (see :func:`play_limit`)."""
    return mask_cards(allowed_mask(hand, trick, called))


def why_illegal(
    card: Card, hand: CardSet, trick: Sequence[Card], called: Card | None = None
) -> Reason | None:
    """Why ``card`` may not go on ``trick`` from ``hand``, or ``None`` when it may.

    >>> why_illegal(Card.parse("2S"), CardSet.parse("2S T3"), [Card.parse("KH")])
    'P2: 2S: void in the suit led, you must trump'
    """
    if card not in hand:
        return Reason("P1", "not_in_hand", card=card)
    lead, best = trick_facts(trick)
    allowed, key = play_limit(hand.mask, lead, best, None if trick else called)
    if allowed >> card & 1:
        return None
    rule, kind = _TEXTS[key]
    lead_card = ALL_CARDS[lead] if lead >= 0 else None  # None: nothing led, no trump yet
    best_card = ALL_CARDS[best] if best >= 0 else None
    return Reason(rule, kind, card=card, lead=lead_card, called=called, best=best_card)


def winning_card(played: int, lead: int) -> int:
    """P5, written once: the card that wins a trick whose cards are the mask ``played``
    and whose suit is set by ``lead`` (see :func:`trick_facts`): the highest trump,
    else the highest card of the suit led. The Excuse never wins (P4), except when it
    is led to the taker's chelem's last trick (:func:`excuse_led_wins`).

    Fast copies, checked against this one by tests: ``atout.sim.kernel._winner``
    (``tests/test_kernel_agreement.py``) and ``atout.sim.playout._trick_winner``
    (``tests/test_one_rule.py``)."""
    trumps = played & TRUMP_MASK
    if trumps:
        return trumps.bit_length() - 1
    return (played & SUIT_MASKS[lead // 14]).bit_length() - 1 if lead >= 0 else EXCUSE_INDEX


def excuse_led_wins(leader_camp: int, winner_camps: Sequence[int], last: bool) -> bool:
    """P4, A4–A5: does the Excuse, when it is led, win this trick? Only in the last
    trick (``last``) of a chelem of the taker's camp: the leader is of the taker's camp
    (``leader_camp`` 0) and that camp won every trick before (``winner_camps``, the
    camp of each earlier trick's winner). The defence's Excuse never wins a trick, even
    when the defence took every trick before; nor does an Excuse played after the lead.

    >>> excuse_led_wins(0, [0] * 17, last=True), excuse_led_wins(1, [1] * 17, last=True)
    (True, False)
    """
    return last and leader_camp == 0 and chelem_so_far(0, winner_camps)


def trick_winner(trick: Sequence[Card], excuse_can_win: bool = False) -> int:
    """P5: the index in ``trick`` of the winning card (:func:`winning_card`). The
    Excuse never wins (P4) unless it is led and ``excuse_can_win`` (as
    :func:`excuse_led_wins` decides it)."""
    if excuse_can_win and trick[0] == EXCUSE_INDEX:
        return 0
    played = 0
    for card in trick:
        played |= 1 << card
    return trick.index(winning_card(played, trick_facts(trick)[0]))


def chelem_so_far(camp: int, winner_camps: Sequence[int]) -> bool:
    """A4–A5, P4: ``camp`` has won every trick in ``winner_camps`` (the camp of each
    trick's winner so far)."""
    return winner_camps.count(camp) == len(winner_camps)
