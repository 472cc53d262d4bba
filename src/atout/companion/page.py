"""The evening as the companion's pages show it: one JSON object, in the page's
language."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import ALL_CARDS, Card
from atout.companion.guide import guide
from atout.companion.log import EveningLog
from atout.companion.profiles import differences
from atout.companion.sheet import DonneSheet
from atout.companion.text import FAULT_NAMES, camp_text, chelem_mark
from atout.dealing import FAULT_RULES, FaultKind, exposed_voids, fault_consequences
from atout.scoring import running_totals
from atout.state import VOID_RULES
from atout.table import Rules


def view(evening: EveningLog, lang: str = "en") -> dict[str, Any]:
    """The whole evening as the page shows it (JSON)."""
    sums = running_totals(map(evening.marks_of, evening.donnes), evening.players)
    sheets = [
        _donne_view(evening, sheet, running, lang)
        for sheet, running in zip(evening.donnes, sums, strict=True)
    ]
    standings = evening.standings()
    best = max(standings) if evening.finished() else None
    return {
        "players": evening.players,
        "names": list(evening.names),
        "profile": evening.profile,
        "differences": [
            {"setting": d.setting, "rule": d.rule, "text": d.fr if lang == "fr" else d.en}
            for d in differences(evening.rules)
        ],
        "draw": [[s, [c.display(lang) for c in cards]] for s, cards in evening.draw.draw_order],
        "to_draw": evening.draw.seats_to_draw() if evening.first_dealer is None else [],
        "first_dealer": evening.first_dealer,
        "guide": guide(evening, lang),
        "donnes": sheets,
        "totals": evening.totals(),
        "penalties": evening.penalties(),
        "standings": standings,
        "ahead": ahead(standings, best),
        "entries": len(evening.log),
        "can_undo": evening.can_undo,
        "can_redo": evening.can_redo,
        "undo_labels": evening.undo_labels(lang),
        "redo_labels": evening.redo_labels(lang),
        "fault_words": fault_words(lang),
        "void_rules": dict(VOID_RULES),
        # the page's own checks offline, by the engine's rules: the cards a taker may
        # call (B4), those whose turning up voids the deal (D14, ⚙)
        "callable": [str(c) for c in ALL_CARDS if c.is_court],
        "exposed_voids": [str(c) for c in ALL_CARDS if exposed_voids(c, evening.rules)],
        "fault_bars": fault_bars(evening.rules),
        # D16–D17: after a donne played, all passed or a Petit sec, each dealer's successor
        "next_dealers": [evening.variant.right_of(s) for s in range(evening.players)],
    }


def fault_bars(rules: Rules) -> dict[str, str | None]:
    """Whom each fault bars from bidding (D12, D14), by the engine's rules: ``"dealer"``,
    ``"by"`` (who erred) or nobody; ``card_exposed`` for a card that voids the deal,
    ``card_exposed_plain`` for one that does not (⚙). Offline, the page leaves a barred
    seat out of the takers of the donne its waiting entries have reached."""
    dealer, by = 0, 1
    role = {(): None, (dealer,): "dealer", (by,): "by"}
    samples: dict[str, tuple[FaultKind, int | None]] = {
        kind: (kind, None) for kind in FAULT_RULES if kind != "card_exposed"
    }
    samples["card_exposed"] = ("card_exposed", int(Card.parse("21")))
    samples["card_exposed_plain"] = ("card_exposed", int(Card.parse("1S")))
    return {
        name: role[fault_consequences(kind, by, dealer, card, rules).barred]
        for name, (kind, card) in samples.items()
    }


def fault_words(lang: str) -> dict[str, dict[str, str]]:
    """Each fault of the deal with the rule it breaks and its name in the page's
    language: the page names the faults waiting offline in the server's words."""
    return {
        kind: {"rule": rule, "name": FAULT_NAMES[kind][1 if lang == "fr" else 0]}
        for kind, rule in FAULT_RULES.items()
    }


def _donne_view(
    evening: EveningLog, sheet: DonneSheet, running: tuple[int, ...], lang: str
) -> dict[str, Any]:
    e = sheet.entry
    return {
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
        "outcome": sheet.outcome_text(lang, evening.names),
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
        "called": Card.parse(e["called"]).display(lang) if e and e.get("called") else None,
        "camp": camp_text(evening.names, e, lang) if e else None,
        "chelem": chelem_mark(e, lang),
        "result": sheet.result.as_record() if sheet.result else None,
        "lines": [line.as_json(lang) for line in sheet.lines],
        "void_lines": sheet.void_lines(lang, evening.names),
        "marks": evening.marks_of(sheet),
        "totals": list(running) if sheet.over else None,
        "penalties": [sheet.penalties().get(s, 0) for s in range(evening.players)],
    }


def ahead(standings: Sequence[int], best: int | None) -> list[int]:
    """The seats ahead; none before a donne is over, or when all are level (nobody
    leads an evening where everyone is at 0)."""
    if best is None or all(s == best for s in standings):
        return []
    return [s for s in range(len(standings)) if standings[s] == best]
