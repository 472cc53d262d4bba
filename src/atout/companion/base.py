"""What every module of the companion shares: the refusal of an entry
(:class:`CompanionError`), a line of explanation (:class:`Line`) and the bounds of an
evening."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from atout.errors import IllegalActionError
from atout.reasons import Reason, render

ENTRY_TYPES = (
    "draw",
    "dealer",
    "cut",
    "fault",
    "petit_sec",
    "all_pass",
    "result",
    "undo",
    "redo",
    "edit",
)
MAX_ENTRIES = 5_000
MAX_NAME = 24


class CompanionError(IllegalActionError):
    """An entry refused: the rule it breaks and why (a :class:`~atout.reasons.Reason`),
    said with the players' names in English (:attr:`en`) or French (:attr:`fr`)."""

    def __init__(self, reason: Reason, names: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.names = tuple(names)

    def text(self, lang: str) -> str:
        """The refusal in ``lang``, behind its rule id: ``P1: …``, ``P1 : …``."""
        return render(self.reason, lang, self.names or None, with_rule=True)

    def __str__(self) -> str:
        return self.en

    def __reduce__(self) -> tuple[Any, ...]:
        return type(self), (self.reason, self.names)

    @property
    def en(self) -> str:
        return self.text("en")

    @property
    def fr(self) -> str:
        return self.text("fr")


def refuse(rule: str, kind: str, **params: Any) -> CompanionError:
    """The refusal of ``kind`` (a template of :mod:`atout.reasons`) for ``rule``."""
    return CompanionError(Reason(rule, kind, **params))


@dataclass(frozen=True)
class Line:
    """One line of an explanation: the rule it applies, in English and French."""

    rule: str
    en: str
    fr: str

    def text(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en

    def as_json(self, lang: str) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text(lang)}
