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
"""

from __future__ import annotations

import copy
import csv
import dataclasses
import io
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from atout.bidding import Contract
from atout.cards import PETIT, Card, CardSet
from atout.chien import LEVELS
from atout.dealing import MIN_CUT, Deal, FaultRecorded, Phase, bar_rule, is_legal_cut
from atout.errors import AtoutError, IllegalActionError, InvalidNotationError, InvalidRecordError
from atout.reasons import Reason, render
from atout.record import (
    DEAL_FIELDS,
    DEAL_RULES,
    DONNE_RULES,
    ENTERED_FIELDS,
    RESULT_RULES,
    compare_field,
    is_score_sheet,
    loads_with,
    read_score_sheet,
    rules_record,
)
from atout.score_text import number as number_text
from atout.score_text import score_equation, score_lines, seat_names
from atout.scoring import (
    POIGNEE_BONUS,
    Result,
    chelem_value,
    running_totals,
    score,
    sum_of_marks,
)
from atout.state import VOID_RULES
from atout.table import Rules, Variant

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

Lang = Literal["en", "fr"]
Camp = Literal["attack", "defence"]
ENTRY_TYPES = ("draw", "dealer", "cut", "fault", "petit_sec", "all_pass", "result", "undo", "edit")
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


def _refuse(rule: str, kind: str, **params: Any) -> CompanionError:
    return CompanionError(Reason(rule, kind, **params))


# -- rules profiles ------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One setting where a profile differs from the FFT: the ⚙ field, its rule, the
    FFT's value and the profile's, and what it means."""

    setting: str
    rule: str
    fft: Any
    value: Any
    en: str
    fr: str

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


# What each ⚙ setting of Rules means when it differs from the FFT default.
_SETTING_TEXTS: dict[str, tuple[str, str, str]] = {
    "consecutive_chien_cards": (
        "D8",
        "two chien cards may be put down one right after the other",
        "deux cartes du chien peuvent être posées l'une après l'autre",
    ),
    "early_pickup_penalty": (
        "D11",
        "a player who picks up his cards too early loses {value} points",
        "un joueur qui ramasse ses cartes trop tôt perd {value} points",
    ),
    "bar_plain_card_exposer": (
        "D14",
        "a player who turns up a plain card below the Valet may not bid",
        "un joueur qui retourne une basse carte (sous le Valet) ne peut pas enchérir",
    ),
    "excuse_exposed_as_trump": (
        "D14",
        "the Excuse turned face up counts as a plain card (the deal goes on)",
        "l'Excuse retournée compte comme une basse carte (la donne continue)",
    ),
    "shuffler_offset": (
        "D4",
        "the shuffler is the dealer + {value}",
        "le mélangeur est le donneur + {value}",
    ),
    "called_suit_first_trick": (
        "B4",
        "the called suit may be led at the first trick",
        "la couleur appelée peut être jouée au premier pli",
    ),
    "excuse_last_trick": (
        "P4",
        "the Excuse played in the last trick goes to the trick's winner",
        "l'Excuse jouée au dernier pli va à celui qui remporte le pli",
    ),
    "five_player_split": (
        "S4",
        "5 players: taker and partner 1.5 × S each (the FFT: 2 × S and 1 × S)",
        "à 5 : preneur et appelé 1,5 × S chacun (FFT : 2 × S et 1 × S)",
    ),
    "poignee_goes": (
        "A3",
        "the poignée counts for the attack only when the contract is made "
        "(the FFT: for the camp that wins)",
        "la poignée ne compte pour l'attaque que si le contrat est réussi "
        "(FFT : pour le camp gagnant)",
    ),
    "poignee_multiplied": (
        "A1",
        "the poignée is multiplied by the contract (the FFT: not multiplied)",
        "la poignée est multipliée par le contrat (FFT : non multipliée)",
    ),
    "petit_au_bout_multiplied": (
        "A5",
        "the petit au bout is not multiplied by the contract (the FFT: multiplied)",
        "le petit au bout n'est pas multiplié par le contrat (FFT : multiplié)",
    ),
    "defence_chelem_bonus": (
        "A4",
        "no bonus for a chelem of the defence (the FFT: +200 to the defence)",
        "pas de prime pour un chelem de la défense (FFT : +200 à la défense)",
    ),
}

_FFT = Rules()

PROFILES: dict[str, Rules] = {
    "fft": _FFT,
    "maison": Rules(
        five_player_split="1.5:1.5",
        poignee_goes="attack_if_made",
        defence_chelem_bonus=False,
    ),
}
"""The named profiles: the FFT (default) and one house profile of common differences."""


def profile_rules(name: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of profile ``name``, with ``overrides`` (⚙ settings) on top."""
    if name not in PROFILES:
        raise _refuse("⚙", "c_no_profile", name=f"{name!r:.30}", profiles=", ".join(PROFILES))
    base = PROFILES[name]
    if not overrides:
        return base
    known = {f.name for f in dataclasses.fields(Rules)}
    for key in overrides:
        if key not in known:
            raise _refuse(
                "⚙",
                "c_not_a_setting",
                name=repr(str(key)[:30]),
                settings=", ".join(sorted(known)),
            )
    try:
        return dataclasses.replace(base, **dict(overrides))
    except IllegalActionError as error:
        raise CompanionError(error.reason) from None
    except (AtoutError, TypeError):
        raise _refuse("⚙", "c_setting_type") from None


def differences(rules: Rules) -> list[Difference]:
    """Every ⚙ setting where ``rules`` differs from the FFT, with what it means."""
    found = []
    for f in dataclasses.fields(Rules):
        value, fft = getattr(rules, f.name), getattr(_FFT, f.name)
        if value != fft:
            rule, en, fr = _SETTING_TEXTS.get(f.name, ("⚙", f.name, f.name))
            found.append(
                Difference(f.name, rule, fft, value, en.format(value=value), fr.format(value=value))
            )
    return found


# -- what the companion explains ------------------------------------------------------------


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


_FAULT_NAMES = {
    "misdeal": ("misdeal", "maldonne"),
    "chien_count": ("wrong chien count", "chien mal compté"),
    "card_exposed": ("card turned face up", "carte retournée"),
    "early_pickup": ("cards picked up too early", "cartes ramassées trop tôt"),
}


_OUTCOMES = {  # their rules: state.VOID_RULES
    "petit_sec": ("Petit sec", "Petit sec"),
    "all_pass": ("all pass", "tous passent"),
}
_CONTRACTS_FR = {
    "prise": "Prise",
    "garde": "Garde",
    "garde_sans": "Garde sans",
    "garde_contre": "Garde contre",
}


def _pts(value: float) -> str:
    return f"{value:g}"


def _pts_fr(value: float) -> str:
    return f"{value:g}".replace(".", ",")


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

    def outcome_text(self, lang: str) -> str:
        """The void donne for the sheet, with its rule: ``carte retournée (D14)``."""
        outcome = self.outcome
        if outcome is None:
            return ""
        if outcome in _FAULT_NAMES:
            rule = next(v.fault.rule for v in reversed(self.faults) if v.fault.voids)
            en, fr = _FAULT_NAMES[outcome]
        else:
            rule = VOID_RULES[outcome]
            en, fr = _OUTCOMES[outcome]
        return f"{fr if lang == 'fr' else en} ({rule})"

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


# -- the evening ----------------------------------------------------------------------------


class Evening:
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
            raise _refuse("D9", "player_count", value=f"{players!r:.20}")
        self.variant = Variant.for_players(players)
        self.players = players
        self.names = _names(names, players)
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
        for entry in _effective(log):
            self._apply(entry)
            self._effective.append(entry)
        self.log = log

    def add(self, entry: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
        """Check ``entry`` and keep it: the entry as kept (normalised, its cards in
        the canonical notation, read as a person types them in ``lang``)."""
        clean = self._normalise(entry, lang)
        if len(self.log) >= MAX_ENTRIES:
            raise _refuse("⚙", "c_too_many_entries", most=MAX_ENTRIES)
        saved = (self.log, self.draw, self.first_dealer, self.donnes, self._effective)
        saved_flag = self.draw_by_cards
        try:
            self._rebuild([*self.log, clean])
        except AtoutError as error:
            self.log, self.draw, self.first_dealer, self.donnes, self._effective = saved
            self.draw_by_cards = saved_flag
            if isinstance(error, IllegalActionError):  # said with the players' names
                raise CompanionError(error.reason, self.names) from None
            raise
        return clean

    def check(self, entry: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
        """What :meth:`add` would keep, without keeping it."""
        trial = Evening(self.players, self.names, self.rules, self.profile)
        trial._rebuild(list(self.log))
        return trial.add(entry, lang)

    def _normalise(self, entry: Mapping[str, Any], lang: str = "en") -> dict[str, Any]:
        return _canonical_cards(self._normalise_fields(entry), lang)

    def _normalise_fields(self, entry: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(entry, Mapping):
            raise _refuse("⚙", "c_entry_not_object")
        kind = entry.get("type")
        if kind not in ENTRY_TYPES:
            raise _refuse("⚙", "c_entry_type", types=", ".join(ENTRY_TYPES), value=f"{kind!r:.30}")
        if kind == "undo":
            if not self._effective:
                raise _refuse("⚙", "c_nothing_to_undo")
            return {"type": "undo"}
        if kind == "edit":
            number = _int(entry.get("donne"), "donne", 1, len(self.donnes))
            sheet = self.donnes[number - 1]
            if sheet.result is None:
                raise _refuse("S3", "c_no_result_to_edit", number=number)
            result = entry.get("result")
            if not isinstance(result, Mapping):
                raise _refuse("S3", "c_result_object")
            return {"type": "edit", "donne": number, "result": _result_fields(result)}
        if kind == "result":
            return {"type": "result", **_result_fields(entry)}
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
            raise _refuse("D1", "c_dealer_unknown")
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
            raise _refuse("D17", "c_dealer_drawn_once")
        if entry["type"] == "dealer":
            if self.draw.draws:
                raise _refuse("D1", "c_draw_begun")
            dealer = self.variant.check_seat(entry.get("seat"), "dealer", "D1")
            self.first_dealer = dealer
            self._open(dealer, frozenset())
            return
        seat = self.variant.check_seat(entry.get("seat"), "seat", "D1")
        card = _card(entry.get("card"), "card", "D1")
        self.draw.draw(seat, card)
        self.draw_by_cards = True
        if self.draw.dealer is not None:
            self.first_dealer = self.draw.dealer
            self._open(self.draw.dealer, frozenset())

    def _apply_cut(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        k = entry.get("k")
        deal = sheet.deal
        if sheet.cut is not None:
            raise _refuse("D5", "c_cut_entered")
        if deal.phase is Phase.SHUFFLE:
            deal.shuffle(permutation=range(78))  # the real shuffle is the players'
        if not is_legal_cut(k):
            raise _refuse("D5", "c_cut_depth", low=MIN_CUT, high=78 - MIN_CUT, value=f"{k!r:.20}")
        deal.cut(k)
        sheet.cut = k

    def _apply_fault(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        kind = entry.get("kind")
        deal = sheet.deal
        by = entry.get("by")
        if by is not None:
            by = self.variant.check_seat(by, "the seat at fault", "D12")
        raw = entry.get("card")
        card = None if raw is None else _card(raw, "card", "D14")
        if kind == "chien_count":
            _to_chien(deal)
        elif kind == "early_pickup":
            checker = copy.deepcopy(deal)
            _to_packets(checker)
            checker.verify_fault(kind, by, card)
            fault = deal.fault_consequences(kind, by if by is not None else deal.dealer or 0, None)
            deal.faults.append(fault)  # a warning or a penalty: the deal goes on (D11)
            sheet.faults.append(FaultView(fault, self._fault_lines(sheet, fault)))
            return
        if not isinstance(kind, str):
            kind = repr(kind)
        fault = deal.record_fault(kind, by, card)  # type: ignore[arg-type]
        sheet.faults.append(FaultView(fault, self._fault_lines(sheet, fault)))
        if fault.voids:
            sheet.void, sheet.void_by = "misdeal", fault.by
            self._close(sheet)

    def _fault_lines(self, sheet: DonneSheet, fault: FaultRecorded) -> tuple[Line, ...]:
        """The consequence of a fault, as the rules say it (D10–D14)."""
        name, dealer = self.names, sheet.dealer
        who = name[fault.by]
        en_kind, fr_kind = _FAULT_NAMES[fault.kind]
        lines = []
        if fault.kind == "card_exposed" and fault.card is not None:
            card_en, card_fr = _card_text(fault.card, "en"), _card_text(fault.card, "fr")
            lines.append(
                Line(
                    fault.rule,
                    f"{who} turned up {card_en}",
                    f"{who} a retourné {card_fr}",
                )
            )
        else:
            lines.append(Line(fault.rule, f"{en_kind} by {who}", f"{fr_kind} par {who}"))
        if fault.voids:
            lines.append(
                Line(
                    "D12",
                    f"the deal is void: {name[dealer]} deals again",
                    f"la donne est nulle : {name[dealer]} redonne",
                )
            )
            if fault.hands_returned_unseen:
                lines.append(
                    Line(
                        "D13",
                        "every player gives his hand back without looking at it",
                        "chacun rend ses cartes sans les regarder",
                    )
                )
        elif fault.kind == "card_exposed":
            lines.append(
                Line(
                    fault.rule,
                    "a card below the Valet: the deal goes on",
                    "une carte sous le Valet : la donne continue",
                )
            )
        for seat in fault.barred:
            when_en = "on the new deal" if fault.voids else "on this deal"
            when_fr = "sur la nouvelle donne" if fault.voids else "sur cette donne"
            lines.append(
                Line(
                    bar_rule(fault.kind),
                    f"{name[seat]} may not bid {when_en}",
                    f"{name[seat]} ne peut pas enchérir {when_fr}",
                )
            )
        if fault.kind == "early_pickup":
            if fault.penalty:
                lines.append(
                    Line(
                        "D11",
                        f"penalty: {who} loses {fault.penalty} points",
                        f"pénalité : {who} perd {fault.penalty} points",
                    )
                )
            else:
                lines.append(
                    Line(
                        "D11",
                        "a recorded warning, no points; the deal goes on",
                        "un avertissement noté, sans points ; la donne continue",
                    )
                )
        return tuple(lines)

    # -- the result -------------------------------------------------------------------------

    def _apply_result(self, sheet: DonneSheet, entry: dict[str, Any]) -> None:
        result, lines = _score_entry(entry, sheet, self.variant, self.rules, self.names)
        sheet.entry, sheet.result, sheet.lines = entry, result, lines

    # -- the sheet --------------------------------------------------------------------------

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

    # -- exports ------------------------------------------------------------------------------

    def csv(self, lang: str = "en") -> str:
        """The score sheet as CSV: one row per donne, marks then running totals."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        fr = lang == "fr"
        head = ["donne", "donneur" if fr else "dealer", "issue" if fr else "outcome"]
        head += ["contrat" if fr else "contract", "preneur" if fr else "taker"]
        head += ["appelé" if fr else "partner", "points", "bouts", "score"]
        head += [f"{n} ({'marque' if fr else 'marks'})" for n in self.names]
        head += [f"{n} (total)" for n in self.names]
        head += [f"{n} ({'pénalité' if fr else 'penalty'})" for n in self.names]
        head += ["calcul (S3)" if fr else "working (S3)"]
        writer.writerow(head)
        finished = self.finished()
        sums = running_totals(map(self.marks_of, finished), self.players)
        for sheet, running in zip(finished, sums, strict=True):
            marks = self.marks_of(sheet)
            e, r = sheet.entry or {}, sheet.result
            penalties = sheet.penalties()
            writer.writerow(
                [
                    sheet.number,
                    self.names[sheet.dealer],
                    (
                        (sheet.outcome_text(lang).rsplit(" (", 1)[0] if fr else sheet.outcome)
                        if sheet.void
                        else ("jouée" if fr else "played")
                    ),
                    _CONTRACTS_FR.get(e.get("contract", ""), "") if fr else e.get("contract", ""),
                    self.names[e["taker"]] if e else "",
                    self.names[e["partner"]] if e.get("partner") is not None else "",
                    number_text(r.points, lang) if r else "",
                    r.bouts if r else "",
                    r.score if r else "",
                    *marks,
                    *running,
                    *(penalties.get(s, 0) for s in range(self.players)),
                    score_equation(r.breakdown, lang) if r else "",
                ]
            )
        return out.getvalue()

    def game_record(self) -> dict[str, Any]:
        """The evening as ``atout.game/1`` with the companion's additions (README): the
        hands were not entered, so every donne says ``"hands_known": false`` and keeps
        what was entered in ``"entered"``."""
        finished = self.finished()
        donnes = [self._donne_record(sheet) for sheet in finished]
        running = sum_of_marks(map(self.marks_of, finished), self.players)
        return {
            "format": "atout.game/1",
            "players": self.players,
            "seed": None,
            "seats": list(self.names),
            "rules": rules_record(self.rules),
            "donnes": donnes,
            "totals": running,
        }

    @classmethod
    def from_record(cls, text: str | bytes, source: str | None = None) -> Evening:
        """The evening of an ``atout.game/1`` score sheet that :meth:`game_record`
        wrote (:func:`read_evening`)."""
        return read_evening(text, source)

    def _donne_record(self, sheet: DonneSheet) -> dict[str, Any]:
        first = sheet.number == 1 and self.draw_by_cards
        draw = [[s, [str(c) for c in cards]] for s, cards in self.draw.draw_order]
        deal = {
            "format": "atout.deal/1",
            "players": self.players,
            "seed": None,
            "draw": draw if first else None,
            "dealer": sheet.dealer,
            "shuffler": sheet.shuffler,
            "cutter": sheet.cutter,
            "shuffled": None,
            "cut": sheet.cut,
            "pack": None,
            "sequence": [],
            "hands": [[] for _ in range(self.players)],
            "chien": [],
            "petit_sec": sheet.void_by if sheet.void == "petit_sec" else None,
            "first_bidder": sheet.first_bidder,
            "leader": sheet.leader,
            "next_dealer": sheet.deal.next_dealer,
        }
        e, r = sheet.entry, sheet.result
        faults = [
            {
                "kind": v.fault.kind,
                "by": v.fault.by,
                "card": None if v.fault.card is None else str(v.fault.card),
                "rule": v.fault.rule,
                "at": 0,
            }
            for v in sheet.faults
        ]
        entered: dict[str, Any] = {
            "penalties": [sheet.penalties().get(s, 0) for s in range(self.players)]
        }
        if e is not None:
            entered |= {
                k: e[k]
                for k in (
                    "points",
                    "bouts",
                    "pile",
                    "every_trick",
                    "petit_au_bout",
                    "petit_in_chien",
                )
                if e.get(k) is not None
            }
        return {
            "deal": deal,
            "hands_known": False,
            "barred": sorted(sheet.barred),
            "faults": faults,
            "void": "misdeal" if sheet.void == "misdeal" else sheet.void,
            "bids": [],
            "taker": e["taker"] if e else None,
            "contract": e["contract"] if e else None,
            "called": e.get("called") if e else None,
            "partner": e.get("partner") if e else None,
            "ecart": None,
            "poignees": [[s, level, []] for s, level in (e or {}).get("poignees", [])],
            "chelem": e.get("chelem") if e else None,
            "tricks": [],
            "result": r.as_record() if r else None,
            "entered": entered,
        }

    # -- what the page shows ------------------------------------------------------------------

    def guide(self, lang: str = "en") -> list[dict[str, str]]:
        """Who does what now (D1–D5, D17, D18, B1), as lines with their rule."""
        n = self.names
        sheet = self.current
        lines: list[Line] = []
        if sheet is None:
            seats = self.draw.seats_to_draw()
            lines.append(
                Line(
                    "D1",
                    "each player draws a card from the pack spread face down; the lowest deals",
                    "chacun tire une carte du jeu étalé face cachée ; la plus basse donne",
                )
            )
            if self.draw.draws:
                lines.append(
                    Line(
                        "D3",
                        "still to draw: "
                        + ", ".join(n[s] for s in seats)
                        + " (an Excuse is drawn again)",
                        "reste à tirer : "
                        + ", ".join(n[s] for s in seats)
                        + " (qui tire l'Excuse en tire une autre)",
                    )
                )
            return [line.as_json(lang) for line in lines]
        d = sheet.dealer
        if sheet.number == 1 and self.draw_by_cards:
            drawn = self.draw.draws[d][-1]
            lines.append(
                Line(
                    "D2",
                    f"{n[d]} drew the lowest card, {drawn.display('en')}, and deals",
                    f"{n[d]} a tiré la plus basse carte, {drawn.display('fr')}, et donne",
                )
            )
        elif sheet.number > 1:
            before = self.donnes[sheet.number - 2]
            if before.void == "misdeal":
                lines.append(
                    Line(
                        "D12",
                        f"after the fault {n[d]} deals again",
                        f"après la faute {n[d]} redonne",
                    )
                )
            elif before.void == "petit_sec":
                lines.append(
                    Line(
                        "D16",
                        f"after the Petit sec the dealer's right neighbour, {n[d]}, deals",
                        f"après le Petit sec le voisin de droite du donneur, {n[d]}, donne",
                    )
                )
            else:
                lines.append(
                    Line(
                        "D17",
                        f"the deal passes to the right: {n[d]} deals",
                        f"la donne passe à droite : {n[d]} donne",
                    )
                )
        lines += [
            Line("D4", f"{n[sheet.shuffler]} shuffles", f"{n[sheet.shuffler]} mélange"),
            Line(
                "D5",
                f"{n[sheet.cutter]} cuts, taking and leaving more than 3 cards",
                f"{n[sheet.cutter]} coupe, en prenant et laissant plus de 3 cartes",
            ),
            Line(
                "D6",
                f"{n[d]} deals {self.variant.packet_size} by {self.variant.packet_size}, "
                f"counter-clockwise, the chien ({self.variant.chien_size}) card by card",
                f"{n[d]} distribue {self.variant.packet_size} par {self.variant.packet_size}, "
                f"dans le sens inverse des aiguilles d'une montre, le chien "
                f"({self.variant.chien_size}) carte par carte",
            ),
            Line(
                "B1",
                f"{n[sheet.first_bidder]} speaks first and leads (D18)",
                f"{n[sheet.first_bidder]} parle en premier et entame (D18)",
            ),
        ]
        by_rule = sheet.bar_rules_now
        for rule in sorted(set(by_rule.values())):
            barred = sorted(s for s, r in by_rule.items() if r == rule)
            lines.append(
                Line(
                    rule,
                    "may not bid: " + ", ".join(n[s] for s in barred),
                    "ne peut pas enchérir : " + ", ".join(n[s] for s in barred),
                )
            )
        return [line.as_json(lang) for line in lines]

    def view(self, lang: str = "en") -> dict[str, Any]:
        """The whole evening as the page shows it (JSON)."""
        sheets = []
        sums = running_totals(map(self.marks_of, self.donnes), self.players)
        for sheet, running in zip(self.donnes, sums, strict=True):
            marks = self.marks_of(sheet)
            e = sheet.entry
            sheets.append(
                {
                    "number": sheet.number,
                    "dealer": sheet.dealer,
                    "shuffler": sheet.shuffler,
                    "cutter": sheet.cutter,
                    "first_bidder": sheet.first_bidder,
                    "barred": sorted(sheet.barred_now),
                    "cut": sheet.cut,
                    "over": sheet.over,
                    "void": sheet.void,
                    "void_rule": VOID_RULES[sheet.void] if sheet.void else None,
                    "void_by": sheet.void_by,
                    "outcome": sheet.outcome_text(lang),
                    "edited": sheet.edited,
                    "faults": [
                        {
                            "kind": v.fault.kind,
                            "by": v.fault.by,
                            "card": None if v.fault.card is None else v.fault.card.display(lang),
                            "rule": v.fault.rule,
                            "voids": v.fault.voids,
                            "lines": [line.as_json(lang) for line in v.lines],
                        }
                        for v in sheet.faults
                    ],
                    "entry": e,
                    "contract": e["contract"] if e else None,
                    "taker": e["taker"] if e else None,
                    "partner": e.get("partner") if e else None,
                    "result": sheet.result.as_record() if sheet.result else None,
                    "lines": [line.as_json(lang) for line in sheet.lines],
                    "marks": marks,
                    "totals": list(running) if sheet.over else None,
                    "penalties": [sheet.penalties().get(s, 0) for s in range(self.players)],
                }
            )
        standings = self.standings()
        best = max(standings) if self.finished() else None
        return {
            "players": self.players,
            "names": list(self.names),
            "profile": self.profile,
            "differences": [
                {"setting": d.setting, "rule": d.rule, "text": d.fr if lang == "fr" else d.en}
                for d in differences(self.rules)
            ],
            "draw": [[s, [c.display(lang) for c in cards]] for s, cards in self.draw.draw_order],
            "to_draw": self.draw.seats_to_draw() if self.first_dealer is None else [],
            "first_dealer": self.first_dealer,
            "guide": self.guide(lang),
            "donnes": sheets,
            "totals": self.totals(),
            "penalties": self.penalties(),
            "standings": standings,
            "ahead": [s for s in range(self.players) if standings[s] == best]
            if best is not None
            else [],
            "entries": len(self.log),
            "can_undo": bool(self._effective),
        }


# -- reading an exported evening back --------------------------------------------------------


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
    return loads_with(text, _evening_of, source)


# The record's maps of fields to rules (one map); a score sheet holds the cards of the
# deal only as they were entered (docs/reference/formats.md), never dealt by the companion.
_SHEET_DEAL_RULES = {
    **DEAL_RULES,
    **dict.fromkeys(
        ("shuffled", "pack", "sequence", "hands", "chien"), "docs/reference/formats.md"
    ),
}
_SHEET_RULES = {"hands_known": "docs/reference/formats.md", **DONNE_RULES, "result": "S3"}
_ENTERED_RULES = {
    "penalties": "D11",
    "points": "S1",
    "bouts": "S2",
    "pile": "S1",
    "every_trick": "A4",
    "petit_au_bout": "A5",
    "petit_in_chien": "E3",
}
# Which field of a donne a result refused for a rule comes from.
_RESULT_WHERE = {
    "B1": "taker",
    "D12": "taker",
    "D14": "taker",
    "B2": "contract",
    "B4": "called",
    "S1": "entered.points",
    "S2": "entered.bouts",
    "E3": "entered.petit_in_chien",
    "A1": "poignees",
    "A2": "poignees",
    "A4": "chelem",
    "A5": "entered.petit_au_bout",
}


def _evening_of(data: Any) -> Evening:
    players, seats, rules = read_score_sheet(data)
    profile = next((name for name, known in PROFILES.items() if known == rules), "fft")
    try:
        evening = Evening(players, seats, rules, profile)
    except CompanionError as error:
        raise InvalidRecordError(f"seats: {error.en}") from None
    compare_field("", "seats", seats, list(evening.names), "D9", "companion")
    for number, donne in enumerate(data["donnes"], 1):
        try:
            _enter_donne(evening, donne, number)
        except AtoutError as error:
            raise InvalidRecordError(f"donne {number}: {error}") from None
    record = evening.game_record()
    for key, rule in (("seed", "docs/reference/formats.md"), ("rules", "⚙"), ("totals", "S4")):
        if key in data:
            compare_field("", key, data[key], record[key], rule, "companion")
    return evening


def _enter(
    evening: Evening, entry: dict[str, Any], where: str, by_rule: Mapping[str, str] | None = None
) -> None:
    """Enter ``entry`` as :meth:`Evening.add` does (one entry more, without replaying
    the log before it); a refusal names the record's field ``where`` (or the field of
    ``by_rule`` for the refused rule)."""
    try:
        if len(evening.log) >= MAX_ENTRIES:
            raise _refuse("⚙", "c_too_many_entries", most=MAX_ENTRIES)
        clean = evening._normalise(entry)
        evening._apply(clean)
    except IllegalActionError as error:
        said = CompanionError(error.reason, evening.names)
        field = (by_rule or {}).get(error.rule, where)
        raise InvalidRecordError(f"{field}: {said.en}") from None
    evening._effective.append(clean)
    evening.log.append(clean)


def _enter_donne(evening: Evening, donne: dict[str, Any], number: int) -> None:
    """Enter one donne of the record again and compare the donne it gives with it."""
    deal = donne["deal"]
    if number == 1 and deal["draw"] is not None:
        for i, (seat, cards) in enumerate(deal["draw"]):
            for card in cards:
                _enter(evening, {"type": "draw", "seat": seat, "card": card}, f"deal.draw[{i}]")
        if evening.first_dealer is None:
            raise InvalidRecordError(
                "deal.draw: the draw is not over: every seat draws a card, an Excuse is "
                "drawn again (D1–D3)"
            )
    elif number == 1:
        _enter(evening, {"type": "dealer", "seat": deal["dealer"]}, "deal.dealer")
    sheet = evening.donnes[number - 1]
    if deal["cut"] is not None:
        _enter(evening, {"type": "cut", "k": deal["cut"]}, "deal.cut")
    for i, fault in enumerate(donne["faults"]):
        if sheet.over:
            raise InvalidRecordError(
                f"faults[{i}]: the fault before it voided the deal: a fault that voids the "
                "deal is its last (D12)"
            )
        entry = {"type": "fault", "kind": fault["kind"], "by": fault["by"], "card": fault["card"]}
        _enter(evening, entry, f"faults[{i}]")
    void = donne["void"]
    if not sheet.over and void == "misdeal":
        raise InvalidRecordError("void: 'misdeal', but no fault of this donne voids the deal (D12)")
    if not sheet.over and void == "petit_sec":
        if deal["petit_sec"] is None:
            raise InvalidRecordError("deal.petit_sec: the seat that held the Petit sec (D16)")
        _enter(evening, {"type": "petit_sec", "seat": deal["petit_sec"]}, "deal.petit_sec")
    elif not sheet.over and void == "all_pass":
        _enter(evening, {"type": "all_pass"}, "void")
    elif not sheet.over:
        if donne["taker"] is None or donne["contract"] is None:
            raise InvalidRecordError(
                "taker: a donne that is not void has a taker and a contract (B1, B2)"
            )
        entered = {k: v for k, v in donne["entered"].items() if k != "penalties"}
        result = {
            "type": "result",
            **{k: donne[k] for k in ("contract", "taker", "called", "partner", "chelem")},
            "poignees": [[seat, level] for seat, level, _ in donne["poignees"]],
            **entered,
        }
        _enter(evening, result, "entered", _RESULT_WHERE)
    _compare_donne(donne, evening._donne_record(sheet))


def _compare_donne(entry: dict[str, Any], computed: dict[str, Any]) -> None:
    """The record's donne against the one the evening gives, field by field."""
    for key, value in computed.items():
        if key == "bids" and entry["bids"]:
            continue  # checked for form by read_score_sheet; the companion keeps none
        if key == "deal":
            for field_name in DEAL_FIELDS:
                rule = _SHEET_DEAL_RULES[field_name]
                compare_field(
                    "deal", field_name, entry[key][field_name], value[field_name], rule, "companion"
                )
        elif key == "result" and isinstance(value, dict) and isinstance(entry[key], dict):
            for field_name, rule in RESULT_RULES.items():
                compare_field(
                    "result",
                    field_name,
                    entry[key][field_name],
                    value[field_name],
                    rule,
                    "companion",
                )
        elif key == "entered":
            for field_name in ENTERED_FIELDS:
                given, kept = entry[key].get(field_name), value.get(field_name)
                compare_field(
                    "entered", field_name, given, kept, _ENTERED_RULES[field_name], "companion"
                )
        else:
            compare_field("", key, entry[key], value, _SHEET_RULES[key], "companion")


def sheet_lines(evening: Evening) -> list[str]:
    """The score sheet as lines of text: each donne finished (its dealer, how it ended,
    the contract, the taker, the points, the bouts, the marks and the running totals),
    then the totals, the penalties and who is ahead."""
    names = evening.names
    lines = []
    finished = evening.finished()
    rows = running_totals(map(evening.marks_of, finished), evening.players)
    for sheet, running in zip(finished, rows, strict=True):
        marks = evening.marks_of(sheet)
        head = f"{sheet.number:>3}  {names[sheet.dealer]} deals"
        faults = "; ".join(
            f"{v.fault.rule} {_FAULT_NAMES[v.fault.kind][0]} by {names[v.fault.by]}"
            + (f" ({v.fault.card})" if v.fault.card is not None else "")
            for v in sheet.faults
        )
        head += f" [{faults}]" if faults else ""
        e, r = sheet.entry, sheet.result
        if sheet.void is not None or e is None or r is None:
            lines.append(f"{head}: void, {sheet.outcome_text('en') or 'all pass (B3)'}")
            continue
        camp = names[e["taker"]]
        if e.get("partner") is not None and e["partner"] != e["taker"]:
            camp += f" with {names[e['partner']]}"
        verdict = "made" if r.made else "failed"
        shown = " ".join(f"{m:+d}" for m in marks)
        sums = " ".join(f"{t:+d}" for t in running)
        lines.append(
            f"{head}: {e['contract']} by {camp}, {_pts(r.points)} points, {r.bouts} bouts, "
            f"{verdict} by {r.difference}; score {score_equation(r.breakdown, 'en')}; "
            f"marks {shown}; totals {sums}"
        )
    totals = evening.totals()
    lines.append("Totals: " + ", ".join(f"{n} {t:+d}" for n, t in zip(names, totals, strict=True)))
    penalties = evening.penalties()
    if any(penalties):
        lines.append(
            "Penalties (D11): "
            + ", ".join(f"{n} {p}" for n, p in zip(names, penalties, strict=True) if p)
        )
    if evening.finished():
        standings = evening.standings()
        best = max(standings)
        lines.append(
            "Ahead: " + ", ".join(n for n, s in zip(names, standings, strict=True) if s == best)
        )
    return lines


# -- the log: undo and edit ------------------------------------------------------------------

_ENTRY_FIELDS: dict[str, tuple[str, ...]] = {
    "draw": ("seat", "card"),
    "dealer": ("seat",),
    "cut": ("k",),
    "fault": ("kind", "by", "card"),
    "petit_sec": ("seat",),
    "all_pass": (),
}


def _effective(log: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries that count: an ``undo`` takes back the last entry that counts (an
    edit included), an ``edit`` stays in place and replaces a donne's result."""
    kept: list[dict[str, Any]] = []
    for entry in log:
        if entry["type"] == "undo":
            if kept:
                kept.pop()
        else:
            kept.append(entry)
    return kept


# -- checking and scoring a result ----------------------------------------------------------

_RESULT_FIELDS = (
    "contract",
    "taker",
    "called",
    "partner",
    "points",
    "defence_points",
    "bouts",
    "pile",
    "poignees",
    "chelem",
    "every_trick",
    "petit_au_bout",
    "petit_in_chien",
)


def _result_fields(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {k: entry[k] for k in _RESULT_FIELDS if entry.get(k) is not None}


def _score_entry(
    entry: dict[str, Any],
    sheet: DonneSheet,
    variant: Variant,
    rules: Rules,
    names: Sequence[str],
) -> tuple[Result, tuple[Line, ...]]:
    """Check a result entry against every rule it can break and score it (S1–S5,
    A1–A5): the result and the explanation, line by line."""
    players = variant.players
    contract_name = entry.get("contract")
    try:
        contract = Contract(contract_name)
    except ValueError:
        raise _refuse("B2", "c_contract", value=f"{contract_name!r:.30}") from None
    taker = variant.check_seat(entry.get("taker"), "taker", "B1")
    if taker in sheet.barred_now:
        raise _refuse(sheet.bar_rules_now[taker], "c_barred_taker", seat=taker)
    partner = _partner(entry, taker, variant, names)
    camp = {taker} | ({partner} if partner is not None else set())

    # S1–S2: the points and the bouts, entered or counted from the pile
    pile: CardSet | None = None
    if entry.get("pile") is not None:
        pile = _pile(entry["pile"])
        half = pile.half_points()
        bouts = pile.count_bouts()
        if entry.get("points") is not None and _half_points(entry["points"]) != half:
            raise _refuse("S1", "c_pile_points", points=half / 2, entered=entry["points"])
        if entry.get("bouts") is not None and entry["bouts"] != bouts:
            raise _refuse("S2", "c_pile_bouts", bouts=bouts, entered=entry["bouts"])
    else:
        if entry.get("points") is None:
            raise _refuse("S1", "c_points_or_pile")
        half = _half_points(entry["points"])
        bouts = _int(entry.get("bouts"), "bouts", 0, 3, "S2")
    if entry.get("defence_points") is not None:
        defence = _half_points(entry["defence_points"], "defence_points")
        if defence + half != 182:
            raise _refuse(
                "S1",
                "c_points_sum",
                attack=half / 2,
                defence=defence / 2,
                total=(half + defence) / 2,
            )
    # each bout is 4.5 points; the Excuse's camp may give half a point for it (P4)
    low, high = max(0, 9 * bouts - 1), min(182, 182 - 9 * (3 - bouts) + 1)
    if not low <= half <= high:
        raise _refuse(
            "S1", "c_points_range", bouts=bouts, low=low / 2, high=high / 2, points=half / 2
        )

    # E3: where the chien's Petit counts
    petit_in_chien = entry.get("petit_in_chien", False)
    if not isinstance(petit_in_chien, bool):
        raise _refuse("E3", "c_petit_in_chien_bool")
    if petit_in_chien and contract is Contract.GARDE_CONTRE and bouts == 3:
        raise _refuse("E3", "c_petit_chien_contre")
    if petit_in_chien and contract is Contract.GARDE_SANS and bouts == 0:
        raise _refuse("E3", "c_petit_chien_sans")
    if pile is not None and petit_in_chien:
        if contract is Contract.GARDE_CONTRE and PETIT in pile:
            raise _refuse("E3", "c_petit_chien_defence")
        if contract is not Contract.GARDE_CONTRE and PETIT not in pile:
            raise _refuse("E3", "c_petit_chien_taker")

    # A4: the chelem
    announcer = entry.get("chelem")
    if announcer is not None:
        announcer = variant.check_seat(announcer, "chelem", "A4")
        if announcer not in camp:
            raise _refuse("A4", "c_chelem_defence_announce", seat=announcer)
    every = entry.get("every_trick")
    if every not in (None, "attack", "defence"):
        raise _refuse("A4", "c_every_trick", value=f"{every!r:.20}")
    _check_chelem(every, contract, half, names)

    # A5: the petit au bout
    pab = entry.get("petit_au_bout")
    if pab not in (None, "attack", "defence"):
        raise _refuse("A5", "c_petit_au_bout", value=f"{pab!r:.20}")
    if pab is not None:
        if petit_in_chien and not contract.chien_seen:
            raise _refuse("A5", "c_pab_in_chien")
        if pab == "attack" and (bouts == 0 or (pile is not None and PETIT not in pile)):
            raise _refuse("A5", "c_pab_attack_pile")
        if pab == "defence" and (bouts == 3 or (pile is not None and PETIT in pile)):
            raise _refuse("A5", "c_pab_defence_pile")
        if every is not None and pab != every:
            raise _refuse("A5", "c_pab_chelem")

    # A1–A2: the poignées
    poignees = _poignees(entry.get("poignees", []), variant, names)

    petit = {"attack": 10, "defence": -10, None: 0}[pab]
    poignee = sum(POIGNEE_BONUS[level] for _, level in poignees)
    chelem = chelem_value(
        announcer is not None, {"attack": 0, "defence": 1, None: None}[every], rules
    )
    result = score(
        players=players,
        taker=taker,
        partner=partner,
        contract=contract,
        taker_half_points=half,
        bouts=bouts,
        petit_au_bout=petit,
        poignee=poignee,
        chelem=chelem,
        rules=rules,
        shown=poignees,
        chelem_announced=announcer is not None,
        every_trick={"attack": 0, "defence": 1, None: None}[every],
    )
    return result, _explain(result, names)


def _partner(
    entry: Mapping[str, Any], taker: int, variant: Variant, names: Sequence[str]
) -> int | None:
    """B4: with 5 players the taker calls a card; its holder is his partner, or he
    plays alone (he holds it, or it is in the chien)."""
    called, partner = entry.get("called"), entry.get("partner")
    if variant.players != 5:
        if called is not None or partner is not None:
            raise _refuse("B4", "c_call_only_five")
        return None
    if called is None:
        raise _refuse("B4", "c_call_needed")
    card = _card(called, "called", "B4")
    if not card.is_court:
        raise _refuse("B4", "c_called_card", card=card)
    if partner is None:
        return None
    seat = variant.check_seat(partner, "partner", "B4")
    return None if seat == taker else seat


def _check_chelem(every: str | None, contract: Contract, half: int, names: Sequence[str]) -> None:
    """A4 with P4: a camp that took every trick holds every card but the other camp's
    Excuse (kept for 4 points, the half point given back) — and the chien's or the
    écart's, which count apart (E3)."""
    if every == "attack" and contract is not Contract.GARDE_CONTRE and half not in (182, 174):
        raise _refuse("A4", "c_chelem_attack_points", points=half / 2)
    if every == "defence" and contract is Contract.GARDE_CONTRE and half not in (0, 8):
        raise _refuse("A4", "c_chelem_defence_points", points=half / 2)


def _poignees(value: Any, variant: Variant, names: Sequence[str]) -> list[tuple[int, str]]:
    """A1–A2: each poignée once per player, and together no more trumps than there are
    (21 and the Excuse)."""
    if not isinstance(value, list) or len(value) > variant.players:
        raise _refuse("A1", "c_poignees_list")
    found: list[tuple[int, str]] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise _refuse("A1", "c_poignee_item")
        seat = variant.check_seat(item[0], "poignée", "A2")
        level = item[1]
        if level not in LEVELS:
            raise _refuse("A1", "c_poignee_level", value=f"{level!r:.20}")
        if any(s == seat for s, _ in found):
            raise _refuse("A2", "c_poignee_twice", seat=seat)
        found.append((seat, str(level)))
    thresholds: dict[str, int] = dict(zip(LEVELS, variant.poignee_thresholds, strict=True))
    shown = sum(thresholds[level] for _, level in found)
    if shown > 22:
        raise _refuse("A1", "c_poignees_trumps", count=shown)
    return found


def _explain(result: Result, names: Sequence[str]) -> tuple[Line, ...]:
    """The marks, line by line, each with the rule it applies (the breakdown told in
    English and in French)."""
    name = seat_names(names)
    en = score_lines(result.breakdown, "en", name)
    fr = score_lines(result.breakdown, "fr", name)
    return tuple(Line(rule, a, b) for (rule, a), (_, b) in zip(en, fr, strict=True))


# -- small readers ------------------------------------------------------------------------------


def _names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"J{s + 1}" for s in range(players))
    if isinstance(names, str) or len(names) != players:
        raise _refuse("⚙", "c_names_count", players=players)
    clean = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise _refuse("⚙", "c_name_length", number=i + 1, most=MAX_NAME)
        clean.append(name.strip())
    if len(set(clean)) != players:
        raise _refuse("⚙", "c_names_different")
    return tuple(clean)


def _card(value: Any, what: str, rule: str) -> Card:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 78:
        return Card(value)
    if not isinstance(value, str) or len(value) > 12:
        raise _refuse(rule, "c_card_needed", what=what)
    try:
        return Card.parse(value)
    except (InvalidNotationError, ValueError):
        raise _refuse(rule, "c_not_a_card", what=what, value=f"{value!r:.14}") from None


def _canonical(value: Any, lang: str) -> Any:
    """A card typed in ``lang`` in the canonical notation (``RC`` in French: ``KH``);
    what is not a card stays as it is, for the checks to refuse."""
    if not isinstance(value, str):
        return value
    try:
        return str(Card.parse(value, lang))
    except InvalidNotationError:
        return value


def _canonical_cards(entry: dict[str, Any], lang: str) -> dict[str, Any]:
    """The entry with its typed cards (draw, fault, called card, pile) canonical, so
    that the log and the record read the same in any language."""
    fields = entry["result"] if entry["type"] == "edit" else entry
    for key in ("card", "called"):
        if key in fields:
            fields[key] = _canonical(fields[key], lang)
    pile = fields.get("pile")
    if isinstance(pile, str):
        pile = pile.replace(",", " ").split()
    if isinstance(pile, list):
        fields["pile"] = [_canonical(card, lang) for card in pile]
    return entry


def _card_text(card: Card, lang: str) -> str:
    """A card for a sentence: ``R♠``, ``trump 7`` / ``atout 7``, ``the Excuse``."""
    if card.is_excuse:
        return "l'Excuse" if lang == "fr" else "the Excuse"
    if card.is_trump:
        return f"{'atout' if lang == 'fr' else 'trump'} {card.display(lang)}"
    return card.display(lang)


def _pile(value: Any) -> CardSet:
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or len(value) > 78:
        raise _refuse("S1", "c_pile_list")
    cards = [_card(v, "pile", "S1") for v in value]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise _refuse("S1", "c_pile_twice", card=twice)
    return CardSet(cards)


def _half_points(value: Any, what: str = "points") -> int:
    """S1: card points are a multiple of 0.5 from 0 to 91."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _refuse("S1", "c_number", what=what)
    doubled = value * 2
    if doubled != int(doubled):
        raise _refuse("S1", "c_half_points", what=what, value=float(value))
    if not 0 <= doubled <= 182:
        raise _refuse("S1", "c_points_bounds", what=what, value=float(value))
    return int(doubled)


def _int(value: Any, what: str, low: int, high: int, rule: str = "⚙") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refuse(rule, "c_whole_number", what=what, low=low, high=high, value=f"{value!r:.20}")
    return value


def _to_chien(deal: Deal) -> None:
    """Bring the engine's deal to the chien shown (D10), the real cards aside."""
    if deal.phase is Phase.SHUFFLE:
        deal.shuffle(permutation=range(78))
    if deal.phase is Phase.CUT:
        deal.cut(39)
    if deal.phase is Phase.DEAL:
        deal.run_automatically(random.Random(0), pause=Phase.SHOW_CHIEN)


def _to_packets(deal: Deal) -> None:
    """Bring a copy of the deal to a packet dealt to every seat (D11)."""
    if deal.phase is Phase.SHUFFLE:
        deal.shuffle(permutation=range(78))
    if deal.phase is Phase.CUT:
        deal.cut(39)
    while deal.phase is Phase.DEAL and not all(deal.received):
        deal.deal_packet()
