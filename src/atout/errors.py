"""Errors of atout, split by cause (DESIGN.md, example 8).

Both kinds are :class:`ValueError`s, so a caller that only wants to tell a user
"that was wrong" can catch ``ValueError``; the message always names what was wrong
and the rule (RULES.md) or format (FORMATS.md) it broke.
"""

from __future__ import annotations

__all__ = [
    "AtoutError",
    "IllegalActionError",
    "InvalidNotationError",
    "InvalidRecordError",
    "Reason",
]


class AtoutError(ValueError):
    """Base class of every error atout raises for a mistake of its caller."""


class InvalidNotationError(AtoutError):
    """A text could not be read as a card, a set of cards or a seat (FORMATS.md)."""


class InvalidRecordError(AtoutError):
    """A JSON record does not follow its format in FORMATS.md."""


class Reason(str):
    """Why an action is refused, as the rule functions give it: the text
    ``"P2: …"`` (a ``str``), with the rule id and the explanation kept apart.

    >>> why = Reason("E2", "a King may not go to the écart")
    >>> why, why.rule, why.text
    ('E2: a King may not go to the écart', 'E2', 'a King may not go to the écart')
    """

    __slots__ = ("rule", "text")
    rule: str
    text: str

    def __new__(cls, rule: str, text: str) -> Reason:
        reason = super().__new__(cls, f"{rule}: {text}")
        reason.rule, reason.text = rule, text
        return reason


class IllegalActionError(AtoutError):
    """An action breaks a rule; the message starts with the rule id, e.g. ``D5: …``."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule

    @classmethod
    def because(cls, reason: Reason) -> IllegalActionError:
        """The error for the refusal ``reason`` a rule function gave."""
        return cls(reason.rule, reason.text)
