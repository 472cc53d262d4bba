"""The table companion: the referee and the score sheet of an evening with real cards.

The cards are real; the companion knows the rules. An :class:`Evening` is the log of
what the scorer entered (:class:`Entry` dicts, in order) and everything else is derived
from it by replaying the log against the engine's own rules: the draw for the first
dealer is an engine :class:`~atout.dealing.Deal` in its draw phase (D1–D3), each donne
an engine deal whose dealer, barred seats, cut (D5) and faults (D10–D14, with
:meth:`~atout.dealing.Deal.fault_consequences`) are the engine's, and the marks are
:func:`atout.scoring.score`'s (S1–S5, A1–A5) with the evening's :class:`~atout.table.Rules`.
Undoing an entry or editing a donne's result appends to the log and replays it, so the
totals after an edited donne are recomputed and nothing entered is ever lost.

>>> evening = Evening(4, ("Anne", "Bruno", "Chloé", "David"))
>>> for seat, card in enumerate(["7S", "EX", "T4", "KC"]):
...     _ = evening.add({"type": "draw", "seat": seat, "card": card})
>>> _ = evening.add({"type": "draw", "seat": 1, "card": "9H"})
>>> evening.first_dealer, evening.current.shuffler, evening.current.cutter
(0, 2, 3)
>>> _ = evening.add({"type": "result", "contract": "garde", "taker": 2,
...                  "points": 47, "bouts": 2, "poignees": [[2, "simple"]]})
>>> evening.donnes[0].result.marks, evening.totals()
((-82, -82, 246, -82), [-82, -82, 246, -82])

The package keeps the rules of an evening apart from how it is shown, one job a
module, and every name below is importable from ``atout.companion`` itself:

- :mod:`atout.companion.log`: the rules of an evening, the log and the donnes derived
  from it (:class:`~atout.companion.log.EveningLog`);
- :mod:`atout.companion.checks`: a result checked and scored (S1–S5, A1–A5);
- :mod:`atout.companion.readers`: names, cards, piles and numbers as entered;
- :mod:`atout.companion.profiles`: the rules profiles (:data:`PROFILES`,
  :func:`profile_rules`, :func:`differences`);
- :mod:`atout.companion.sheet`: one donne of the evening (:class:`DonneSheet`);
- :mod:`atout.companion.text`, :mod:`atout.companion.guide`,
  :mod:`atout.companion.page`, :mod:`atout.companion.export`: what is said, the guide,
  the page's JSON, the CSV, the text lines and the record;
- :mod:`atout.companion.replay` and :mod:`atout.companion.evening`: an exported
  evening read back (:func:`read_evening`), and :class:`Evening` itself.
"""

from __future__ import annotations

from atout.companion.base import ENTRY_TYPES, CompanionError, Line
from atout.companion.evening import Evening, read_evening
from atout.companion.export import sheet_lines
from atout.companion.profiles import PROFILES, Difference, differences, profile_rules
from atout.companion.sheet import DonneSheet, FaultView
from atout.record import is_score_sheet

__all__ = [
    "ENTRY_TYPES",
    "PROFILES",
    "CompanionError",
    "Difference",
    "DonneSheet",
    "Evening",
    "FaultView",
    "Line",
    "differences",
    "is_score_sheet",
    "profile_rules",
    "read_evening",
    "sheet_lines",
]
