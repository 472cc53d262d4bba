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

from atout.cards import Card, CardSet, Suit

__all__ = ["can_discard", "led_suit", "legal_cards", "trick_winner"]


def led_suit(trick: Sequence[Card]) -> Suit | bool | None:
    """The suit led: a :class:`Suit`, ``True`` when trumps were led, ``None`` when
    nothing sets it yet (an empty trick, or only the Excuse so far: P4)."""
    for card in trick:
        if card.is_excuse:
            continue
        return True if card.is_trump else card.suit
    return None


def legal_cards(hand: CardSet, trick: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played so far, in order).

    P1 follow suit; P2 void: trump, overtrumping if possible; P3 trumps led: overtrump
    if possible; otherwise any card. P4: the Excuse may always be played.
    """
    lead = led_suit(trick)
    if lead is None:
        return list(hand)
    excuse = [card for card in hand if card.is_excuse]
    if lead is not True:
        assert isinstance(lead, Suit)
        following = list(hand.of_suit(lead))
        if following:
            return following + excuse
    trumps = list(hand.trumps())
    if not trumps:
        return list(hand)
    best = max((card for card in trick if card.is_trump), default=None)
    higher = [card for card in trumps if best is None or card > best]
    return (higher or trumps) + excuse


def trick_winner(trick: Sequence[Card], excuse_can_win: bool = False) -> int:
    """P5: the index in ``trick`` of the winning card: the highest trump, else the
    highest card of the suit led. The Excuse never wins (P4) unless ``excuse_can_win``
    (a chelem's last trick, when it is led)."""
    if excuse_can_win and trick[0].is_excuse:
        return 0
    lead = led_suit(trick)
    best = -1
    for index, card in enumerate(trick):
        if card.is_excuse:
            continue
        if best < 0 or _beats(card, trick[best], lead):
            best = index
    return max(best, 0)


def _beats(card: Card, other: Card, lead: Suit | bool | None) -> bool:
    if card.is_trump:
        return not other.is_trump or card > other
    if other.is_trump:
        return False
    return card.suit == lead and (other.suit != lead or card > other)


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
