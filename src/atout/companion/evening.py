"""An evening of the table companion with what it shows and exports: the rules of
the evening are :class:`~atout.companion.log.EveningLog`'s; the guide, the page's
JSON, the CSV and the ``atout.game/1`` record are written in
:mod:`atout.companion.guide`, :mod:`atout.companion.page` and
:mod:`atout.companion.export`, and an exported evening is read back by
:mod:`atout.companion.replay`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.companion.export import game_record, sheet_csv
from atout.companion.guide import guide
from atout.companion.log import EveningLog
from atout.companion.page import view
from atout.companion.replay import evening_of
from atout.record import loads_with
from atout.table import Rules


class Evening(EveningLog):
    """An evening at a real table: ``players`` (3, 4 or 5) with their ``names`` in the
    order of play (counter-clockwise), the ``rules`` (the FFT by default, or a house
    profile), and the log of ``entries``. Every entry is checked before it is kept;
    a refused one raises :class:`~atout.companion.CompanionError` (or the engine's
    :class:`~atout.errors.IllegalActionError`) and changes nothing. The evening shows
    itself (:meth:`guide`, :meth:`view`) and exports itself (:meth:`csv`,
    :meth:`game_record`)."""

    def guide(self, lang: str = "en") -> list[dict[str, str]]:
        """Who does what now (D1–D5, D17, D18, B1), as lines with their rule."""
        return guide(self, lang)

    def view(self, lang: str = "en") -> dict[str, Any]:
        """The whole evening as the page shows it (JSON)."""
        return view(self, lang)

    def csv(self, lang: str = "en", sep: str = ",") -> str:
        """The score sheet as CSV: one row per donne, marks then running totals
        (``sep=";"``: as a French spreadsheet expects, with decimal commas)."""
        return sheet_csv(self, lang, sep)

    def game_record(self) -> dict[str, Any]:
        """The evening as ``atout.game/1`` with the companion's additions (README): the
        hands were not entered, so every donne says ``"hands_known": false`` and keeps
        what was entered in ``"entered"``."""
        return game_record(self)

    @classmethod
    def from_record(cls, text: str | bytes, source: str | None = None) -> Evening:
        """The evening of an ``atout.game/1`` score sheet that :meth:`game_record`
        wrote (:func:`read_evening`)."""
        return read_evening(text, source)


def _made(players: int, seats: Sequence[str], rules: Rules, profile: str) -> Evening:
    return Evening(players, seats, rules, profile)


def read_evening(text: str | bytes, source: str | None = None) -> Evening:
    """The evening of an ``atout.game/1`` score sheet (:meth:`Evening.game_record`: every
    donne ``hands_known: false``), entered again and checked.

    The form of the record is checked first (:func:`atout.record.read_score_sheet`).
    Then the evening is entered again from it, donne by donne, as a scorer would: the
    cards drawn for the first dealer (or the dealer), the cut, the faults, and the
    Petit sec, the all pass or the result from ``taker``, ``contract``, ``called``,
    ``partner``, ``poignees``, ``chelem`` and ``entered``. Every entry is checked by the
    evening's own rules, with the record's ``rules``: the cut (D5), each fault and its
    consequences (D10–D14), the barred seats (a barred taker, D12, D14), the result's
    entries (S1–S5, A1–A5). Each donne the evening derives is then compared with the
    record's, field by field: the dealer, shuffler, cutter, first bidder and leader
    (D4, D5, D12, D16–D18), the next dealer, the barred seats, the faults, the result
    and its marks, the penalties; then the totals. The first difference is refused
    with one :class:`~atout.errors.InvalidRecordError` line naming the donne, the field
    and the rule, its text starting with ``source`` when given.

    A record that :meth:`Evening.game_record` wrote reads back to an evening with the
    same sheet and the same record. What the log held beyond the sheet is not in the
    record: the undone entries, the number of edits, the open donne, the defence's
    points entered beside the taker's (they only checked the sum). Bids, when a
    record has them, are checked for form (B1) and agreement with the taker and the
    contract, and not kept: the companion enters no bids.
    """
    return loads_with(text, lambda data: evening_of(data, _made), source)
