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
MAX_NAME = 40


class CompanionError(IllegalActionError):
    """An entry refused: the rule it breaks and why (a :class:`~atout.reasons.Reason`),
    said with the players' names in English (:attr:`en`) or French (:attr:`fr`)."""

    def __init__(self, reason: Reason, names: Sequence[str] = ()) -> None:
        super().__init__(reason)
        self.names = tuple(names)

    @property
    def field(self) -> str | None:
        """The field of the entry the refusal is about (``points``, ``called``…), for a
        page to show it there; ``None`` when it is about the entry as a whole."""
        return field_of(self.reason)

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


# The field each kind of refusal is about, when its parameters do not say it (``what``).
_FIELDS = {
    "c_contract": "contract",
    "c_barred_taker": "taker",
    "c_pile_points": "points",
    "c_points_or_pile": "points",
    "c_points_sum": "points",
    "c_points_range": "points",
    "c_chelem_attack_points": "points",
    "c_chelem_defence_points": "points",
    "c_chelem_attack_bouts": "points",
    "c_chelem_contre_points": "points",
    "c_chelem_ecart_points": "points",
    "c_chelem_chien_points": "points",
    "c_pile_bouts": "bouts",
    "c_chelem_ecart_bouts": "bouts",
    "c_pile_short": "pile",
    "c_pile_contre": "pile",
    "c_pile_twice": "pile",
    "c_pile_list": "pile",
    "c_call_needed": "called",
    "c_called_card": "called",
    "c_chelem_defence_announce": "chelem",
    "c_every_trick": "every",
    "c_petit_au_bout": "pab",
    "c_pab_in_chien": "pab",
    "c_pab_attack_pile": "pab",
    "c_pab_defence_pile": "pab",
    "c_pab_chelem": "pab",
    "c_petit_chien_contre": "petit_in_chien",
    "c_petit_chien_sans": "petit_in_chien",
    "c_petit_chien_defence": "petit_in_chien",
    "c_petit_chien_taker": "petit_in_chien",
    "c_poignee_twice": "poignees",
    "c_poignees_trumps": "poignees",
    "c_cut_depth": "k",
    "card_drawn": "card",
    "c_drawn_petit": "card",
    "c_drawn_excuse": "card",
    "c_drawn_trump": "card",
    "c_drawn_card": "card",
    "already_drawn": "card",
}
_TYPED = frozenset({"points", "defence_points", "bouts", "card", "called", "pile", "k"})


def field_of(reason: Reason) -> str | None:
    """The field of an entry that ``reason`` refuses (``points``, ``bouts``, ``pile``,
    ``called``, ``card``, ``taker``…), or ``None`` for the entry as a whole."""
    what = reason.params.get("what")
    if isinstance(what, str) and what in _TYPED:
        return what
    return _FIELDS.get(reason.kind)


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
