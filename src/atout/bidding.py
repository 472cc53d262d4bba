"""Bidding (docs/reference/rules.md B1–B4): contracts, who may bid what, the card a taker calls.

>>> Contract.GARDE.multiplier, Contract.parse("garde_sans")
(2, Contract.GARDE_SANS)
>>> [c.value for c in legal_contracts(Contract.GARDE)]
['garde_sans', 'garde_contre']
"""

from __future__ import annotations

from enum import Enum

from atout.cards import ALL_CARDS, Card, CardSet
from atout.errors import InvalidNotationError

__all__ = ["Contract", "callable_cards", "legal_contracts"]


class Contract(Enum):
    """B2: the contracts, low to high, with their multipliers."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"

    @property
    def multiplier(self) -> int:
        return {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}[self.value]

    @property
    def rank(self) -> int:
        return _RANKS[self]

    @property
    def chien_seen(self) -> bool:
        """E1/E3: the chien is shown and taken for a Prise or a Garde only."""
        return self in (Contract.PRISE, Contract.GARDE)

    @property
    def label(self) -> str:
        return {
            "prise": "Prise",
            "garde": "Garde",
            "garde_sans": "Garde sans le chien",
            "garde_contre": "Garde contre le chien",
        }[self.value]

    @classmethod
    def parse(cls, text: str) -> Contract:
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{text!r} is not a contract: prise, garde, garde_sans or garde_contre (B2)"
            )
        key = text.strip().casefold().replace(" ", "_").replace("-", "_")
        key = {"petite": "prise", "garde_sans_le_chien": "garde_sans"}.get(key, key)
        key = {"garde_contre_le_chien": "garde_contre"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise InvalidNotationError(
                f"{text!r} is not a contract: prise, garde, garde_sans or garde_contre (B2)"
            ) from None

    def __repr__(self) -> str:
        return f"Contract.{self.name}"


_RANKS = {contract: rank for rank, contract in enumerate(Contract)}
_HIGHER = {None: list(Contract)} | {c: list(Contract)[_RANKS[c] + 1 :] for c in Contract}


def legal_contracts(highest: Contract | None) -> list[Contract]:
    """B1: the contracts higher than the highest one bid so far."""
    return list(_HIGHER[highest])


def callable_cards(hand: CardSet) -> list[Card]:
    """B4 (5 players): a King; holding all four Kings, a Queen; then a Cavalier; then a
    Valet. Any suit, the taker's own card included (he then plays alone)."""
    for rank in (14, 13, 12, 11):
        cards = [ALL_CARDS[suit * 14 + rank - 1] for suit in range(4)]
        if not all(card in hand for card in cards):
            return cards
    return [ALL_CARDS[suit * 14 + 10 - 1] for suit in range(4)]  # pragma: no cover
