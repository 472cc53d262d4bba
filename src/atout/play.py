"""The play of the cards (RULES.md P1–P5) and the écart (E2), as pure functions.

>>> hand = CardSet.parse("KS 3S T5 T12 EX 4H")
>>> led = [Card.parse("QS")]
>>> [str(c) for c in legal_cards(hand, led)]   # follow suit (P1), or the Excuse (P4)
['3S', 'KS', 'EX']
>>> trick = [Card.parse("QS"), Card.parse("T8")]
>>> [str(c) for c in legal_cards(CardSet.parse("T5 T12 EX 4H"), trick)]
['T12', 'EX']
>>> str(trick_winner([Card.parse("QS"), Card.parse("EX"), Card.parse("KS"), Card.parse("2S")]))
'2'
"""

from __future__ import annotations

from collections.abc import Sequence

from atout.cards import (
    EXCUSE_BIT,
    EXCUSE_INDEX,
    FIRST_TRUMP,
    SUIT_MASKS,
    TRUMP_MASK,
    Card,
    CardSet,
)

__all__ = ["can_discard", "legal_cards", "trick_winner"]


def legal_cards(hand: CardSet, trick: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played so far, in order).

    P1 follow suit; P2 void: trump, overtrumping if possible; P3 trumps led: overtrump
    if possible; otherwise any card. P4: the Excuse may always be played. (Set algebra
    on the hand's 78-bit mask.)
    """
    lead = next((card for card in trick if card != EXCUSE_INDEX), None)
    mask = hand.mask
    if lead is None:
        return list(hand)
    excuse = mask & EXCUSE_BIT
    if lead < FIRST_TRUMP:
        following = mask & SUIT_MASKS[lead // 14]
        if following:
            return list(CardSet.from_mask(following | excuse))
    trumps = mask & TRUMP_MASK
    if not trumps:
        return list(hand)
    best = max((card for card in trick if FIRST_TRUMP <= card < EXCUSE_INDEX), default=-1)
    higher = trumps & ~((1 << (best + 1)) - 1)
    return list(CardSet.from_mask((higher or trumps) | excuse))


def trick_winner(trick: Sequence[Card], excuse_can_win: bool = False) -> int:
    """P5: the index in ``trick`` of the winning card: the highest trump, else the
    highest card of the suit led. The Excuse never wins (P4) unless ``excuse_can_win``
    (a chelem's last trick, when it is led)."""
    if excuse_can_win and trick[0] == EXCUSE_INDEX:
        return 0
    lead = next((card for card in trick if card != EXCUSE_INDEX), EXCUSE_INDEX)
    lead_suit = lead // 14 if lead < FIRST_TRUMP else -1
    best, best_key = 0, -1
    for index, card in enumerate(trick):
        if FIRST_TRUMP <= card < EXCUSE_INDEX:
            key = 100 + card
        elif card < FIRST_TRUMP and card // 14 == lead_suit:
            key = card
        else:
            continue
        if key > best_key:
            best, best_key = index, key
    return best


def can_discard(card: Card, hand: CardSet, left_to_discard: int) -> str | None:
    """E2: why ``card`` may not go to the écart, or ``None`` when it may.

    No King and no bout; a trump only when the hand holds fewer plain cards (suit cards
    other than Kings) than cards still to discard.
    """
    if card not in hand:
        return f"{card} is not in the taker's hand"
    if card.is_king:
        return "E2: a King may not go to the écart"
    if card.is_bout:
        return "E2: a bout (the Petit, the 21, the Excuse) may not go to the écart"
    if card.is_trump:
        plain = sum(1 for c in hand if c.is_suit_card and not c.is_king)
        if plain >= left_to_discard:
            return "E2: a trump may go to the écart only when nothing else is possible"
    return None
