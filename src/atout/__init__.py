"""atout: French Tarot by the official rules of the Fédération Française de Tarot."""

from __future__ import annotations

from atout.cards import EXCUSE, PETIT, Card, CardSet, Suit
from atout.errors import AtoutError, IllegalActionError, InvalidNotationError, InvalidRecordError
from atout.table import Rules, Variant

__all__ = [
    "EXCUSE",
    "PETIT",
    "AtoutError",
    "Card",
    "CardSet",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "Rules",
    "Suit",
    "Variant",
]

__version__ = "0.1.0"
