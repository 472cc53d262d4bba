"""Errors of atout, split by cause (DESIGN.md, example 8).

Both kinds are :class:`ValueError`s, so a caller that only wants to tell a user
"that was wrong" can catch ``ValueError``; the message always names what was wrong
and the rule (RULES.md) or format (FORMATS.md) it broke.
"""

from __future__ import annotations

__all__ = ["AtoutError", "IllegalActionError", "InvalidNotationError", "InvalidRecordError"]


class AtoutError(ValueError):
    """Base class of every error atout raises for a mistake of its caller."""


class InvalidNotationError(AtoutError):
    """A text could not be read as a card, a set of cards or a seat (FORMATS.md)."""


class InvalidRecordError(AtoutError):
    """A JSON record does not follow its format in FORMATS.md."""


class IllegalActionError(AtoutError):
    """An action breaks a rule; the message starts with the rule id, e.g. ``D5: …``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
