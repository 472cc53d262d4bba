"""What an entry of the evening's log is, in a few words of the reader's language: the
companion's Undo and Redo name the entry they take back or put back ("résultat de la
donne 4 — Garde de Bob, faite de 12"), so that the scorer knows what he confirms."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from atout.cards import Card
from atout.companion.base import Line
from atout.companion.text import CONTRACTS_FR, FAULT_NAMES, elided
from atout.dealing import FAULT_RULES
from atout.i18n import N_, said
from atout.scoring import Result

CONTRACTS_EN = {
    "prise": "Prise",
    "garde": "Garde",
    "garde_sans": "Garde sans",
    "garde_contre": "Garde contre",
}


@dataclass(frozen=True)
class Applied:
    """An entry as it was applied: the donne it went to (``None`` before the first
    dealer), and what the donne made of it (a fault's first line, a result)."""

    entry: Mapping[str, Any]
    donne: int | None
    fault: Line | None = None
    result: Result | None = None
    closes: bool = False  # the donne ended with it (a result, a void donne)


def labelled(applied: Applied, names: Sequence[str], lang: str) -> dict[str, Any]:
    """The entry for the page: ``{"text": its label, "closes": whether it ended its
    donne, "type": the entry's type, "donne": its donne}`` (the page counts the donnes
    of the entries waiting on the phone, and knows a waiting undo takes back a cut)."""
    return {
        "text": entry_label(applied, names, lang),
        "closes": applied.closes,
        "type": applied.entry["type"],
        "donne": applied.donne,
    }


def entry_label(applied: Applied, names: Sequence[str], lang: str) -> str:
    """The entry named for the scorer: ``the fault at donne 3 (D12 — misdeal by
    Anne)``, ``résultat de la donne 4 — Garde de Bob, faite de 12``."""
    entry, n = applied.entry, applied.donne
    kind = entry["type"]
    if kind == "draw":
        card = Card.parse(str(entry["card"])).display(lang)
        return said(
            lang, N_("the draw {of_name} ({card})"), of_name=_of(names, entry, lang), card=card
        )
    if kind == "dealer":
        of_name = _of(names, entry, lang)
        return said(lang, N_("the choice {of_name} as first dealer"), of_name=of_name)
    if kind == "cut":
        return said(lang, N_("the cut at donne {n} ({k} cards)"), n=n, k=entry["k"])
    if kind == "fault":
        return said(
            lang, N_("the fault at donne {n} ({what})"), n=n, what=_fault(applied, names, lang)
        )
    if kind == "petit_sec":
        of_name = _of(names, entry, lang)
        return said(lang, N_("the Petit sec {of_name} at donne {n}"), of_name=of_name, n=n)
    if kind == "all_pass":
        return said(lang, N_("all pass at donne {n}"), n=n)
    if kind == "edit":
        what = result_words(entry["result"], applied.result, names, lang)
        return said(lang, N_("the edit of donne {n} — {what}"), n=entry["donne"], what=what)
    what = result_words(entry, applied.result, names, lang)
    return said(lang, N_("the result of donne {n} — {what}"), n=n, what=what)


def result_words(
    entry: Mapping[str, Any], result: Result | None, names: Sequence[str], lang: str
) -> str:
    """``Bob's Garde, made by 12`` / ``Garde de Bob, faite de 12``."""
    taker = str(names[entry["taker"]])
    contract = str(entry["contract"])
    if lang == "fr":
        text = f"{CONTRACTS_FR.get(contract, contract)} {elided('de', taker)}"
    else:
        text = f"{taker}'s {CONTRACTS_EN.get(contract, contract)}"
    if result is None:
        return text
    if result.made:
        return said(lang, N_("{what}, made by {n}"), what=text, n=result.difference)
    return said(lang, N_("{what}, failed by {n}"), what=text, n=result.difference)


def _fault(applied: Applied, names: Sequence[str], lang: str) -> str:
    entry = applied.entry
    if applied.fault is not None:
        return f"{applied.fault.rule} — {applied.fault.text(lang)}"
    kind = str(entry.get("kind"))
    rule = FAULT_RULES.get(kind, "D12")  # type: ignore[call-overload]
    en, fr = FAULT_NAMES.get(kind, (kind, kind))
    what = fr if lang == "fr" else en
    if entry.get("by") is None:
        return f"{rule} — {what}"
    by = _name(names, {"seat": entry["by"]})
    return f"{rule} — {what} {'par' if lang == 'fr' else 'by'} {by}"


def _of(names: Sequence[str], entry: Mapping[str, Any], lang: str) -> str:
    """``of Anne`` / ``d'Anne``, ``de Bruno``."""
    name = _name(names, entry)
    return elided("de", name) if lang == "fr" else f"of {name}"


def _name(names: Sequence[str], entry: Mapping[str, Any]) -> str:
    seat = entry.get("seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return str(names[seat])
    return str(seat)
