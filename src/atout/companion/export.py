"""The evening exported: the score sheet as CSV (:func:`sheet_csv`) and as lines of
text (:func:`sheet_lines`), and as an ``atout.game/1`` record (:func:`game_record`)
that :func:`atout.companion.read_evening` and ``atout replay`` read back."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from typing import Any

from atout.cards import Card
from atout.companion.log import EveningLog
from atout.companion.page import ahead
from atout.companion.sheet import DonneSheet
from atout.companion.text import CONTRACTS_FR, FAULT_NAMES, card_text, elided
from atout.i18n import N_, gettext, said
from atout.record import rules_record
from atout.score_text import number as number_text
from atout.score_text import score_equation
from atout.scoring import running_totals, sum_of_marks


def sheet_csv(evening: EveningLog, lang: str = "en", sep: str = ",") -> str:
    """The score sheet as CSV: one row per donne, marks then running totals. With
    ``sep=";"``, as a French spreadsheet expects: fields separated by semicolons, card
    points with a decimal comma."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=sep, lineterminator="\n")
    fr = lang == "fr"
    names = evening.names
    head = [
        "donne",
        "donneur" if fr else "dealer",
        "issue" if fr else "outcome",
        "par" if fr else "by",
    ]
    head += ["contrat" if fr else "contract", "preneur" if fr else "taker"]
    head += ["appelé" if fr else "partner", "points", "bouts", "score"]
    head += [f"{n} ({'marque' if fr else 'marks'})" for n in names]
    head += [f"{n} (total)" for n in names]
    head += [f"{n} ({'pénalité' if fr else 'penalty'})" for n in names]
    head += ["calcul (S3)" if fr else "working (S3)"]
    writer.writerow(head)
    finished = evening.finished()
    sums = running_totals(map(evening.marks_of, finished), evening.players)
    for sheet, running in zip(finished, sums, strict=True):
        numbers = "fr" if sep == ";" else "en"  # a decimal comma only beside semicolons
        writer.writerow(_csv_row(evening, sheet, running, numbers, lang))
    return out.getvalue()


def _csv_row(
    evening: EveningLog, sheet: DonneSheet, running: tuple[int, ...], numbers: str, lang: str
) -> list[Any]:
    fr = lang == "fr"
    names = evening.names
    e, r = sheet.entry or {}, sheet.result
    penalties = sheet.penalties()
    if sheet.void:
        outcome = sheet.outcome_text(lang).rsplit(" (", 1)[0] if fr else sheet.outcome
    else:
        outcome = "jouée" if fr else "played"
    return [
        sheet.number,
        names[sheet.dealer],
        outcome,
        "" if sheet.void_by is None else names[sheet.void_by],
        CONTRACTS_FR.get(e.get("contract", ""), "") if fr else e.get("contract", ""),
        names[e["taker"]] if e else "",
        _partner_cell(names, e, lang),
        number_text(r.points, numbers) if r else "",
        r.bouts if r else "",
        r.score if r else "",
        *evening.marks_of(sheet),
        *running,
        *(penalties.get(s, 0) for s in range(evening.players)),
        score_equation(r.breakdown, lang) if r else "",
    ]


def _partner_cell(names: Sequence[str], e: Mapping[str, Any], lang: str) -> str:
    """With 5 players, the partner and the called card (B4): ``Chloé (D♦)``, or
    ``seul (R♥)`` when the taker plays alone."""
    if not e.get("called"):
        return ""
    partner = e.get("partner")
    alone = "seul" if lang == "fr" else "alone"
    who = names[partner] if partner is not None and partner != e["taker"] else alone
    return f"{who} ({Card.parse(e['called']).display(lang)})"


def game_record(evening: EveningLog) -> dict[str, Any]:
    """The evening as ``atout.game/1`` with the companion's additions (README): the
    hands were not entered, so every donne says ``"hands_known": false`` and keeps
    what was entered in ``"entered"``."""
    finished = evening.finished()
    donnes = [donne_record(evening, sheet) for sheet in finished]
    running = sum_of_marks(map(evening.marks_of, finished), evening.players)
    return {
        "format": "atout.game/1",
        "players": evening.players,
        "seed": None,
        "seats": list(evening.names),
        "rules": rules_record(evening.rules),
        "donnes": donnes,
        "totals": running,
    }


def donne_record(evening: EveningLog, sheet: DonneSheet) -> dict[str, Any]:
    """One donne of :func:`game_record`."""
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
    return {
        "deal": _deal_record(evening, sheet),
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
        "entered": _entered_record(evening, sheet),
    }


def _deal_record(evening: EveningLog, sheet: DonneSheet) -> dict[str, Any]:
    first = sheet.number == 1 and evening.draw_by_cards
    draw = [[s, [str(c) for c in cards]] for s, cards in evening.draw.draw_order]
    return {
        "format": "atout.deal/1",
        "players": evening.players,
        "seed": None,
        "draw": draw if first else None,
        "dealer": sheet.dealer,
        "shuffler": sheet.shuffler,
        "cutter": sheet.cutter,
        "shuffled": None,
        "cut": sheet.cut,
        "pack": None,
        "sequence": [],
        "hands": [[] for _ in range(evening.players)],
        "chien": [],
        "petit_sec": sheet.void_by if sheet.void == "petit_sec" else None,
        "first_bidder": sheet.first_bidder,
        "leader": sheet.leader,
        "next_dealer": sheet.deal.next_dealer,
    }


_ENTERED = ("points", "bouts", "pile", "every_trick", "petit_au_bout", "petit_in_chien")


def _entered_record(evening: EveningLog, sheet: DonneSheet) -> dict[str, Any]:
    entered: dict[str, Any] = {
        "penalties": [sheet.penalties().get(s, 0) for s in range(evening.players)]
    }
    e = sheet.entry
    if e is not None:
        entered |= {k: e[k] for k in _ENTERED if e.get(k) is not None}
    return entered


def sheet_lines(evening: EveningLog, lang: str = "en") -> list[str]:
    """The score sheet as lines of text: each donne finished (its dealer, how it ended,
    the contract, the taker, the points, the bouts, the marks and the running totals),
    then the totals, the penalties and who is ahead. The contract is named as the
    reader says it (``lang``): *Garde sans by Bruno*, *Garde sans de Bruno*."""
    finished = evening.finished()
    rows = running_totals(map(evening.marks_of, finished), evening.players)
    lines = [
        _donne_line(evening, sheet, running, lang)
        for sheet, running in zip(finished, rows, strict=True)
    ]
    lines += _closing_lines(evening, lang)
    return lines


def _closing_lines(evening: EveningLog, lang: str) -> list[str]:
    """The totals, the penalties and who is ahead, in the reader's language."""
    names = evening.names
    pairs = zip(names, evening.totals(), strict=True)
    lines = [said(lang, N_("Totals: {list}"), list=", ".join(f"{n} {t:+d}" for n, t in pairs))]
    penalties = evening.penalties()
    if any(penalties):
        owed = ", ".join(f"{n} {p}" for n, p in zip(names, penalties, strict=True) if p)
        lines.append(said(lang, N_("Penalties (D11): {list}"), list=owed))
    if evening.finished():
        standings = evening.standings()
        leaders = ahead(standings, max(standings))
        lines.append(
            said(lang, N_("Ahead: {names}"), names=", ".join(names[s] for s in leaders))
            if leaders
            else gettext(lang, N_("Nobody is ahead yet: all level."))
        )
    return lines


def contract_by(contract: str, camp: str, lang: str) -> str:
    """A contract and who played it, by its name: ``Garde sans by Bruno``, in French
    ``Garde sans de Bruno`` (``d'Anne``)."""
    name = CONTRACTS_FR[contract]  # the same names in English
    return f"{name} {elided('de', camp)}" if lang == "fr" else f"{name} by {camp}"


def _fault_text(evening: EveningLog, sheet: DonneSheet, lang: str) -> str:
    """The faults of a donne: ``D14 card turned face up by Bruno (Q♥)``, in French
    ``D14 carte retournée par Bruno (D♥)``."""
    names = evening.names
    parts = []
    for v in sheet.faults:
        en, fr = FAULT_NAMES[v.fault.kind]
        text = said(
            lang,
            N_("{rule} {fault} by {name}"),
            rule=v.fault.rule,
            fault=fr if lang == "fr" else en,
            name=names[v.fault.by],
        )
        card = v.fault.card
        parts.append(text + (f" ({card_text(card, lang)})" if card is not None else ""))
    return "; ".join(parts)


def _camp(evening: EveningLog, entry: Mapping[str, Any], lang: str) -> str:
    """The taker's camp: ``Bruno with Émile (called K♥)``, ``Bruno alone``."""
    names = evening.names
    camp = str(names[entry["taker"]])
    if entry.get("partner") is not None and entry["partner"] != entry["taker"]:
        camp = said(lang, N_("{taker} with {partner}"), taker=camp, partner=names[entry["partner"]])
    elif entry.get("called"):
        camp = said(lang, N_("{taker} alone"), taker=camp)
    if entry.get("called"):
        card = Card.parse(entry["called"]).display(lang)
        camp += " " + said(lang, N_("(called {card})"), card=card)
    return camp


def bouts_text(count: int, lang: str) -> str:
    """``1 bout``, ``3 bouts``; in French ``0 bout`` as well."""
    one = count == 1 or (count == 0 and lang == "fr")
    return said(lang, N_("{n} bout") if one else N_("{n} bouts"), n=count)


def _donne_line(
    evening: EveningLog, sheet: DonneSheet, running: tuple[int, ...], lang: str = "en"
) -> str:
    names = evening.names
    head = f"{sheet.number:>3}  " + said(lang, N_("{name} deals"), name=names[sheet.dealer])
    faults = _fault_text(evening, sheet, lang)
    head += f" [{faults}]" if faults else ""
    e, r = sheet.entry, sheet.result
    if sheet.void is not None or e is None or r is None:
        outcome = sheet.outcome_text(lang, names) or gettext(lang, N_("all pass (B3)"))
        return said(lang, N_("{head}: void, {outcome}"), head=head, outcome=outcome)
    template = (
        N_(
            "{head}: {contract}, {points} points, {bouts}, made by {difference}; score "
            "{score}; marks {marks}; totals {totals}"
        )
        if r.made
        else N_(
            "{head}: {contract}, {points} points, {bouts}, failed by {difference}; "
            "score {score}; marks {marks}; totals {totals}"
        )
    )
    return said(
        lang,
        template,
        head=head,
        contract=contract_by(e["contract"], _camp(evening, e, lang), lang),
        points=number_text(r.points, lang),
        bouts=bouts_text(r.bouts, lang),
        difference=r.difference,
        score=score_equation(r.breakdown, lang),
        marks=" ".join(f"{m:+d}" for m in evening.marks_of(sheet)),
        totals=" ".join(f"{t:+d}" for t in running),
    )
