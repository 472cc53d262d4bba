"""An exported evening read back: its donnes entered again, as a scorer would, and
compared with the record field by field (:func:`evening_of`, used by
:func:`atout.companion.read_evening`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from atout.companion.base import CompanionError
from atout.companion.export import donne_record, game_record
from atout.companion.log import EveningLog
from atout.companion.profiles import PROFILES
from atout.errors import AtoutError, IllegalActionError, InvalidRecordError
from atout.record import (
    DEAL_FIELDS,
    DEAL_RULES,
    DONNE_RULES,
    ENTERED_FIELDS,
    RESULT_RULES,
    compare_field,
    read_score_sheet,
)
from atout.table import Rules

E = TypeVar("E", bound=EveningLog)

# The record's maps of fields to rules (one map); a score sheet holds the cards of the
# deal only as they were entered (docs/reference/formats.md), never dealt by the companion.
SHEET_DEAL_RULES = {
    **DEAL_RULES,
    **dict.fromkeys(
        ("shuffled", "pack", "sequence", "hands", "chien"), "docs/reference/formats.md"
    ),
}
SHEET_RULES = {"hands_known": "docs/reference/formats.md", **DONNE_RULES, "result": "S3"}
ENTERED_RULES = {
    "penalties": "D11",
    "points": "S1",
    "bouts": "S2",
    "pile": "S1",
    "every_trick": "A4",
    "petit_au_bout": "A5",
    "petit_in_chien": "E3",
}
# Which field of a donne a result refused for a rule comes from.
RESULT_WHERE = {
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


def evening_of(data: Any, make: Callable[[int, Sequence[str], Rules, str], E]) -> E:
    """The evening of a score sheet's ``data`` (decoded JSON), made by ``make``
    (players, seats, rules, profile), its donnes entered again and compared."""
    players, seats, rules = read_score_sheet(data)
    profile = next((name for name, known in PROFILES.items() if known == rules), "fft")
    try:
        evening = make(players, seats, rules, profile)
    except CompanionError as error:
        raise InvalidRecordError(f"seats: {error.en}") from None
    compare_field("", "seats", seats, list(evening.names), "D9", "companion")
    for number, donne in enumerate(data["donnes"], 1):
        try:
            _enter_donne(evening, donne, number)
        except AtoutError as error:
            raise InvalidRecordError(f"donne {number}: {error}") from None
    record = game_record(evening)
    for key, rule in (("seed", "docs/reference/formats.md"), ("rules", "⚙"), ("totals", "S4")):
        if key in data:
            compare_field("", key, data[key], record[key], rule, "companion")
    return evening


def _enter(
    evening: EveningLog, entry: dict[str, Any], where: str, by_rule: Mapping[str, str] | None = None
) -> None:
    """Enter ``entry`` as :meth:`EveningLog.add` does (one entry more, without
    replaying the log before it); a refusal names the record's field ``where`` (or the
    field of ``by_rule`` for the refused rule)."""
    try:
        evening.append(entry)
    except IllegalActionError as error:
        refusal = CompanionError(error.reason, evening.names)
        field = (by_rule or {}).get(error.rule, where)
        raise InvalidRecordError(f"{field}: {refusal.en}") from None


def _enter_donne(evening: EveningLog, donne: dict[str, Any], number: int) -> None:
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
        _enter(evening, result, "entered", RESULT_WHERE)
    _compare_donne(donne, donne_record(evening, sheet))


def _compare_donne(entry: dict[str, Any], computed: dict[str, Any]) -> None:
    """The record's donne against the one the evening gives, field by field."""
    for key, value in computed.items():
        if key == "bids" and entry["bids"]:
            continue  # checked for form by read_score_sheet; the companion keeps none
        if key == "deal":
            for field_name in DEAL_FIELDS:
                rule = SHEET_DEAL_RULES[field_name]
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
                    "entered", field_name, given, kept, ENTERED_RULES[field_name], "companion"
                )
        else:
            compare_field("", key, entry[key], value, SHEET_RULES[key], "companion")
