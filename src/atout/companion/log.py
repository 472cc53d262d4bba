"""The rules of an evening: :class:`EveningLog`, the log of what the scorer entered and
the donnes derived from it by replaying it against the engine's own rules (the draw
for the first dealer D1–D3, each donne's dealer, barred seats, cut D5 and faults
D10–D14, the marks S1–S5, A1–A5). What the evening shows and exports is written
apart, in :mod:`atout.companion.evening` and the modules it uses."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.companion.base import ENTRY_TYPES, MAX_ENTRIES, CompanionError, refuse
from atout.companion.checks import result_fields, score_entry
from atout.companion.labels import Applied, labelled
from atout.companion.profiles import profile_rules
from atout.companion.readers import canonical_cards, drawn_twice, read_card, read_names, whole
from atout.companion.sheet import DonneSheet, FaultView
from atout.companion.text import fault_lines
from atout.dealing import MIN_CUT, Cut, CutUnknown, Deal, Phase, is_legal_cut
from atout.errors import AtoutError, IllegalActionError
from atout.scoring import sum_of_marks
from atout.table import Rules, Variant

_ENTRY_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": ("seat", "card"),
    "dealer": ("seat",),
    "cut": ("k",),
    "fault": ("kind", "by", "card", "packets"),
    "petit_sec": ("seat",),
    "all_pass": (),
}


def effective(log: Sequence[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The entries that count, and those undone that a ``redo`` may take back: an
    ``undo`` takes back the last entry that counts (an edit included), a ``redo`` puts
    back the last one undone, any other entry clears what may be redone; an ``edit``
    stays in place and replaces a donne's result."""
    kept: list[dict[str, Any]] = []
    undone: list[dict[str, Any]] = []
    for entry in log:
        if entry["type"] == "undo":
            if kept:
                undone.append(kept.pop())
        elif entry["type"] == "redo":
            if undone:
                kept.append(undone.pop())
        else:
            kept.append(entry)
            undone.clear()
    return kept, undone


class EveningLog:
    """An evening at a real table: ``players`` (3, 4 or 5) with their ``names`` in the
    order of play (counter-clockwise), the ``rules`` (the FFT by default, or a house
    profile), and the log of ``entries``. Every entry is checked before it is kept;
    a refused one raises :class:`CompanionError` (or the engine's
    :class:`~atout.errors.IllegalActionError`) and changes nothing."""

    def __init__(
        self,
        players: int,
        names: Sequence[str] | None = None,
        rules: Rules | None = None,
        profile: str = "fft",
        entries: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        if isinstance(players, bool) or players not in (3, 4, 5):
            raise refuse("D9", "player_count", value=f"{players!r:.20}")
        self.variant = Variant.for_players(players)
        self.players = players
        self.names = read_names(names, players)
        self.profile = profile
        self.rules = rules if rules is not None else profile_rules(profile)
        self.log: list[dict[str, Any]] = []
        self._rebuild([])
        for entry in entries:
            self.add(entry)

    # -- state, derived from the log -----------------------------------------------------

    def _rebuild(self, log: list[dict[str, Any]]) -> None:
        self.draw = Deal(self.variant, self.rules)
        self.first_dealer: int | None = None
        self.draw_by_cards = False
        self.donnes: list[DonneSheet] = []
        self._effective: list[dict[str, Any]] = []
        self.applied: list[Applied] = []
        kept, self._undone = effective(log)
        for entry in kept:
            self._apply_noted(entry)
        self.log = log

    def _apply_noted(self, entry: dict[str, Any]) -> None:
        """Apply an effective entry and note where it went (:class:`Applied`)."""
        before, count = self.current, len(self.donnes)
        self._apply(entry)
        self._effective.append(entry)
        if entry["type"] == "edit":
            target = self.donnes[entry["donne"] - 1]
            self.applied.append(Applied(entry, target.number, result=target.result))
        elif before is None:
            self.applied.append(Applied(entry, None))
        else:
            line = before.faults[-1].lines[0] if entry["type"] == "fault" else None
            closes = len(self.donnes) > count
            self.applied.append(Applied(entry, before.number, line, before.result, closes))

    def undo_labels(self, lang: str, most: int = 30) -> list[dict[str, Any]]:
        """The last ``most`` entries that count, each named as an Undo would take it
        back (:func:`~atout.companion.labels.labelled`), the last one last."""
        return [labelled(a, self.names, lang) for a in self.applied[-most:]]

    def redo_labels(self, lang: str) -> list[dict[str, Any]]:
        """The entries a Redo would put back, the next one last: each named as it was
        when it counted (the log replayed with every one of them put back)."""
        if not self._undone:
            return []
        trial = type(self)(self.players, self.names, self.rules, self.profile)
        trial._rebuild([*self.log, *({"type": "redo"} for _ in self._undone)])
        back = trial.applied[-len(self._undone) :]
        return [labelled(a, self.names, lang) for a in reversed(back)]

    def add(self, entry: Mapping[str, Any], lang: str | None = "en") -> dict[str, Any]:
        """Check ``entry`` and keep it: the entry as kept (normalised, its cards in
        the canonical notation, read as a person types them in ``lang``, or as stored
        with ``lang`` ``None``: see :func:`~atout.companion.readers.canonical`)."""
        clean = self.normalise(entry, lang)
        if len(self.log) >= MAX_ENTRIES:
            raise refuse("⚙", "c_too_many_entries", most=MAX_ENTRIES)
        saved = (self.log, self.draw, self.first_dealer, self.donnes, self._effective)
        saved_more = (self.draw_by_cards, self._undone, self.applied)
        try:
            self._rebuild([*self.log, clean])
        except AtoutError as error:
            self.log, self.draw, self.first_dealer, self.donnes, self._effective = saved
            self.draw_by_cards, self._undone, self.applied = saved_more
            if isinstance(error, IllegalActionError):  # said with the players' names
                raise CompanionError(error.reason, self.names) from None
            raise
        return clean

    def append(self, entry: Mapping[str, Any]) -> None:
        """Enter ``entry`` as :meth:`add` does, without replaying the log before it
        (reading a record back, entry after entry); a refusal raises the engine's
        :class:`~atout.errors.IllegalActionError` and may leave the donne half
        entered."""
        if len(self.log) >= MAX_ENTRIES:
            raise refuse("⚙", "c_too_many_entries", most=MAX_ENTRIES)
        clean = self.normalise(entry, None)
        self._apply_noted(clean)
        self._undone = []
        self.log.append(clean)

    def check(self, entry: Mapping[str, Any], lang: str | None = "en") -> dict[str, Any]:
        """What :meth:`add` would keep, without keeping it."""
        trial = type(self)(self.players, self.names, self.rules, self.profile)
        trial._rebuild(list(self.log))
        return trial.add(entry, lang)

    @property
    def can_undo(self) -> bool:
        """Whether an entry counts that an ``undo`` would take back."""
        return bool(self._effective)

    @property
    def can_redo(self) -> bool:
        """Whether an entry was just undone that a ``redo`` would put back."""
        return bool(self._undone)

    def normalise(self, entry: Mapping[str, Any], lang: str | None = "en") -> dict[str, Any]:
        """The entry as it would be kept: its known fields, its cards canonical."""
        return canonical_cards(self._normalise_fields(entry), lang)

    def _normalise_fields(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(entry, Mapping):
            raise refuse("⚙", "c_entry_not_object")
        kind = entry.get("type")
        if kind not in ENTRY_TYPES:
            raise refuse("⚙", "c_entry_type", types=", ".join(ENTRY_TYPES), value=f"{kind!r:.30}")
        if kind == "undo":
            if not self._effective:
                raise refuse("⚙", "c_nothing_to_undo")
            return {"type": "undo"}
        if kind == "redo":
            if not self._undone:
                raise refuse("⚙", "c_nothing_to_redo")
            return {"type": "redo"}
        if kind == "edit":
            number = whole(entry.get("donne"), "donne", 1, len(self.donnes))
            sheet = self.donnes[number - 1]
            if sheet.result is None:
                raise refuse("S3", "c_no_result_to_edit", number=number)
            result = entry.get("result")
            if not isinstance(result, Mapping):
                raise refuse("S3", "c_result_object")
            return {"type": "edit", "donne": number, "result": result_fields(result)}
        if kind == "result":
            return {"type": "result", **result_fields(entry)}
        return {k: entry[k] for k in _ENTRY_FIELDS[kind] if k in entry} | {"type": kind}

    # -- applying one effective entry ------------------------------------------------------

    @property
    def current(self) -> DonneSheet | None:
        """The donne being played, ``None`` before the first dealer is known."""
        if not self.donnes:
            return None
        return self.donnes[-1]

    def _open(
        self, dealer: int, barred: frozenset[int], rules: dict[int, str] | None = None
    ) -> None:
        deal = Deal(self.variant, self.rules, dealer, barred)
        self.donnes.append(
            DonneSheet(
                number=len(self.donnes) + 1,
                dealer=dealer,
                shuffler=deal.shuffler,
                cutter=deal.cutter,
                first_bidder=deal.first_bidder,
                barred=barred,
                deal=deal,
                barred_rules=rules or {},
            )
        )

    def _close(self, sheet: DonneSheet) -> None:
        """D12, D16, D17: the next donne, dealt by whom the engine's deal says."""
        deal = sheet.deal
        self._open(deal.next_dealer, deal.barred_next, deal.barred_next_rules)

    def _apply(self, entry: dict[str, Any]) -> None:
        kind = entry["type"]
        if kind in ("draw", "dealer"):
            self._apply_draw(entry)
            return
        sheet = self.current
        if sheet is None:
            raise refuse("D1", "c_dealer_unknown")
        if kind == "edit":
            target = self.donnes[entry["donne"] - 1]
            target.entry, target.result, target.lines = None, None, ()
            self._apply_result(target, entry["result"])
            target.edited += 1
            return
        if kind == "cut":
            self._apply_cut(sheet, entry)
        elif kind == "fault":
            self._apply_fault(sheet, entry)
        elif kind == "petit_sec":
            seat = self.variant.check_seat(entry.get("seat"), "seat", "D16")
            sheet.void, sheet.void_by = "petit_sec", seat
            self._close(sheet)
        elif kind == "all_pass":
            sheet.void = "all_pass"
            self._close(sheet)
        elif kind == "result":
            self._apply_result(sheet, entry)
            self._close(sheet)

    def _apply_draw(self, entry: dict[str, Any]) -> None:
        if self.first_dealer is not None:
            raise refuse("D17", "c_dealer_drawn_once")
        if entry["type"] == "dealer":
            if self.draw.draws:
                raise refuse("D1", "c_draw_begun")
            dealer = self.variant.check_seat(entry.get("seat"), "dealer", "D1")
            self.first_dealer = dealer
            self._open(dealer, frozenset())
            return
        seat = self.variant.check_seat(entry.get("seat"), "seat", "D1")
        card = read_card(entry.get("card"), "card", "D1")
        try:
            self.draw.draw(seat, card)
        except IllegalActionError as error:
            if error.reason.kind == "card_drawn":  # the card named as the scorer says it
                raise drawn_twice(card) from None
            raise
        self.draw_by_cards = True
        if self.draw.dealer is not None:
            self.first_dealer = self.draw.dealer
            self._open(self.draw.dealer, frozenset())

    def _apply_cut(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        """D5: the depth of the cut goes into the deal's cut operation: the pack is
        shuffled by hand and cut, or, when a fault entered before brought the deal on
        with a cut of a depth not known, that cut now has its depth."""
        k = entry.get("k")
        deal = sheet.deal
        if sheet.cut is not None:
            raise refuse("D5", "c_cut_entered")
        if not is_legal_cut(k):
            raise refuse("D5", "c_cut_depth", low=MIN_CUT, high=78 - MIN_CUT, value=f"{k!r:.20}")
        if deal.phase is Phase.SHUFFLE:
            deal.shuffle_unseen()  # the real shuffle is the players'
            deal.cut(k)
        else:
            ops = [Cut(op.seat, k) if isinstance(op, CutUnknown) else op for op in deal.operations]
            sheet.deal = Deal.replay(self.variant, ops, self.rules, deal.barred)
        sheet.cut = k

    def _apply_fault(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        """D10–D14: the fault is an operation of the donne's deal, recorded where the
        entry puts it (after ``packets`` packets) or where the fault needs the deal to
        be: an early pick-up once a packet has gone to every seat if its player had
        none yet (D11), a wrong chien count when the chien is shown (D10)."""
        kind = entry.get("kind")
        deal = sheet.deal
        by = entry.get("by")
        if by is not None:
            by = self.variant.check_seat(by, "the seat at fault", "D12")
        raw = entry.get("card")
        card = None if raw is None else read_card(raw, "card", "D14")
        packets = entry.get("packets")
        if packets is not None:
            packets = whole(packets, "packets", 0, self.variant.packet_count, "D6")
            _deal_to(deal, packets)
        if kind == "chien_count":
            _deal_to(deal, self.variant.packet_count)
        elif kind == "early_pickup" and packets is None and not _holds_cards(deal, by):
            _deal_to(deal, self.players)  # the first round of packets (D6)
        if not isinstance(kind, str):
            kind = repr(kind)
        fault = deal.record_fault(kind, by, card)  # type: ignore[arg-type]
        sheet.faults.append(FaultView(fault, fault_lines(self.names, sheet.dealer, fault)))
        if fault.voids:
            sheet.void, sheet.void_by = "misdeal", fault.by
            self._close(sheet)

    def _apply_result(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        result, lines = score_entry(entry, sheet, self.variant, self.rules, self.names)
        sheet.entry, sheet.result, sheet.lines = entry, result, lines

    # -- the sums ---------------------------------------------------------------------------

    def marks_of(self, sheet: DonneSheet) -> list[int]:
        return list(sheet.result.marks) if sheet.result else [0] * self.players

    def totals(self, upto: int | None = None) -> list[int]:
        """S4: the running sums of the marks (penalties apart), after donne ``upto``."""
        return sum_of_marks(map(self.marks_of, self.donnes[:upto]), self.players)

    def penalties(self) -> list[int]:
        """D11: the penalty points of every early pick-up, by seat."""
        result = [0] * self.players
        for sheet in self.donnes:
            for seat, points in sheet.penalties().items():
                result[seat] += points
        return result

    def standings(self) -> list[int]:
        """The totals less the penalties: who is ahead."""
        return [t - p for t, p in zip(self.totals(), self.penalties(), strict=True)]

    def finished(self) -> list[DonneSheet]:
        return [sheet for sheet in self.donnes if sheet.over]


def _holds_cards(deal: Deal, seat: int | None) -> bool:
    return deal.phase is Phase.DEAL and seat is not None and deal.cards_received(seat) > 0


def _deal_to(deal: Deal, packets: int) -> None:
    """Bring the deal by hand on to ``packets`` packets dealt (D6–D8), unseen: the pack
    shuffled by hand and cut at a depth not known if that is not entered yet, and each
    chien card at the first place D8 allows, as the scorer does not say where it fell.
    A deal already past that packet is refused (D6)."""
    if deal.phase is Phase.SHUFFLE:
        deal.shuffle_unseen()
    if deal.phase is Phase.CUT:
        deal.cut_unknown()
    if deal.phase is Phase.DEAL and deal.packets_dealt > packets:
        raise refuse("D6", "c_packets_past", packets=packets, dealt=deal.packets_dealt)
    while deal.phase is Phase.DEAL and deal.packets_dealt < packets:
        if deal.can_deal_chien_card():
            deal.deal_chien_card()
        else:
            deal.deal_packet()
