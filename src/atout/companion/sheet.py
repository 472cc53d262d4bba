"""One donne of an evening as the companion keeps it (:class:`DonneSheet`) and a fault
of its deal with its consequence (:class:`FaultView`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from atout.companion.base import Line
from atout.companion.text import FAULT_NAMES, OUTCOMES
from atout.dealing import Deal, FaultRecorded
from atout.i18n import N_, said
from atout.scoring import Result
from atout.state import VOID_RULES


@dataclass(frozen=True)
class FaultView:
    """A fault recorded during a donne's deal and its consequence, explained."""

    fault: FaultRecorded
    lines: tuple[Line, ...]


@dataclass
class DonneSheet:
    """One donne of the evening: who does what (D4, D5, D17, D18, B1), its faults, how
    it ended, and its result with the explanation of the marks."""

    number: int
    dealer: int
    shuffler: int
    cutter: int
    first_bidder: int
    barred: frozenset[int]
    deal: Deal
    barred_rules: dict[int, str] = field(default_factory=dict)  # seat: D12 or D14
    cut: int | None = None
    faults: list[FaultView] = field(default_factory=list)
    void: str | None = None  # "misdeal", "petit_sec", "all_pass"
    void_by: int | None = None
    entry: dict[str, Any] | None = None
    result: Result | None = None
    lines: tuple[Line, ...] = ()
    edited: int = 0

    @property
    def over(self) -> bool:
        return self.void is not None or self.result is not None

    @property
    def outcome(self) -> str | None:
        """Why the donne is void: the fault that voided it (``misdeal``,
        ``chien_count``, ``card_exposed``), ``petit_sec`` or ``all_pass``; ``None``
        when it was played or is going on."""
        if self.void == "misdeal":
            voiding = [view.fault for view in self.faults if view.fault.voids]
            return str(voiding[-1].kind) if voiding else "misdeal"
        return self.void

    def outcome_text(self, lang: str, names: Sequence[str] | None = None) -> str:
        """The void donne for the sheet, with its rule: ``carte retournée (D14)``;
        given the ``names``, a Petit sec names its holder: ``Petit sec : Bruno (D16)``,
        a fault who erred: ``carte retournée par David (D14)``."""
        outcome = self.outcome
        if outcome is None:
            return ""
        if outcome in FAULT_NAMES:
            fault = next(v.fault for v in reversed(self.faults) if v.fault.voids)
            rule = fault.rule
            en, fr = FAULT_NAMES[outcome]
            if names is not None and fault.by is not None:  # who erred, as a Petit sec
                what = fr if lang == "fr" else en
                by = said(lang, N_("{fault} by {name}"), fault=what, name=names[fault.by])
                return f"{by} ({rule})"
        else:
            rule = VOID_RULES[outcome]
            en, fr = OUTCOMES[outcome]
        if outcome == "petit_sec" and names is not None and self.void_by is not None:
            return f"{said(lang, N_('Petit sec: {name}'), name=names[self.void_by])} ({rule})"
        return f"{fr if lang == 'fr' else en} ({rule})"

    def void_lines(self, lang: str, names: Sequence[str]) -> list[dict[str, str]]:
        """A donne voided without a fault, explained in its details (the page's, the
        PDF's): ``D16 Petit sec : Bruno``, ``B3 tout le monde a passé : …``."""
        if self.void == "petit_sec" and self.void_by is not None:
            text = said(lang, N_("Petit sec: {name}"), name=names[self.void_by])
        elif self.void == "all_pass":
            text = said(lang, N_("everyone passed: no contract, the next dealer deals"))
        else:
            return []
        return [{"rule": VOID_RULES[self.void], "text": text}]

    @property
    def leader(self) -> int:
        """D18: the dealer's right neighbour leads, or the chelem's announcer (A6)."""
        if self.entry and self.entry.get("chelem") is not None:
            return int(self.entry["chelem"])
        return self.first_bidder

    @property
    def barred_now(self) -> frozenset[int]:
        """Seats that may not bid on this donne: from the donne before (D12, D14) and
        from a plain card turned up on this one when the settings bar its player."""
        return self.barred | self.deal.barred_now

    @property
    def bar_rules_now(self) -> dict[int, str]:
        """Each seat of :attr:`barred_now` and the rule that bars it (D12, D14)."""
        return self.barred_rules | self.deal.barred_here_rules

    def penalties(self) -> dict[int, int]:
        """D11: the penalty points of this donne's early pick-ups, by seat."""
        totals: dict[int, int] = {}
        for view in self.faults:
            if view.fault.penalty:
                totals[view.fault.by] = totals.get(view.fault.by, 0) + view.fault.penalty
        return totals
