"""Errors of atout, split by cause (docs/explanation/design.md, example 8).

Both kinds are :class:`ValueError`s, so a caller that only wants to tell a user
"that was wrong" can catch ``ValueError``; the message always names what was wrong
and the rule (docs/reference/rules.md) or format (docs/reference/formats.md) it broke.
A refusal is a structured
:class:`~atout.reasons.Reason`, rendered for people by :func:`atout.reasons.render`.
"""

from __future__ import annotations

from typing import Any

from atout.reasons import Reason

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
    """A text could not be read as a card, a set of cards or a seat (docs/reference/formats.md)."""


class InvalidRecordError(AtoutError):
    """A JSON record does not follow its format in docs/reference/formats.md."""


class IllegalActionError(AtoutError):
    """An action breaks a rule; the message starts with the rule id, e.g. ``D5: …``.

    It is made from a refusal's rule id, kind and parameters (:mod:`atout.reasons`), or
    from a :class:`Reason` already made; :attr:`reason` gives it, for a face to say in
    its reader's language.

    >>> error = IllegalActionError("D5", "cut_depth", low=4, high=74, k=2)
    >>> str(error), error.rule, error.reason.kind
    ('D5: the cut must take and leave more than 3 cards (4 ≤ k ≤ 74), got k=2', 'D5', 'cut_depth')
    """

    def __init__(self, rule: str | Reason, kind: str = "", /, **params: Any) -> None:
        reason = rule if isinstance(rule, Reason) else Reason(rule, kind, **params)
        super().__init__(str(reason))
        self.rule = reason.rule
        self.reason = reason

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason,)

    @classmethod
    def because(cls, reason: Reason) -> IllegalActionError:
        """The error for the refusal ``reason`` a rule function gave."""
        return cls(reason)
