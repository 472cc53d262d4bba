"""Who does what now at the table (D1–D5, D12, D16–D18, B1), as lines with their rule:
the guide the scorer's page shows above the form."""

from __future__ import annotations

from atout.companion.base import Line
from atout.companion.log import EveningLog
from atout.companion.sheet import DonneSheet
from atout.companion.text import FAULT_NAMES, card_text, elided


def guide(evening: EveningLog, lang: str = "en") -> list[dict[str, str]]:
    """Who does what now (D1–D5, D17, D18, B1), as lines with their rule."""
    sheet = evening.current
    if sheet is None:
        lines = _draw_lines(evening)
    else:
        lines = _dealer_lines(evening, sheet) + _deal_lines(evening, sheet)
        lines += _barred_lines(evening, sheet)
    return [line.as_json(lang) for line in lines]


def _draw_lines(evening: EveningLog) -> list[Line]:
    """D1, D3: the draw for the first dealer, and who still draws."""
    n = evening.names
    lines = [
        Line(
            "D1",
            "each player draws a card from the pack spread face down; the lowest deals",
            "chacun tire une carte du jeu étalé face cachée ; la plus basse donne",
        )
    ]
    if evening.draw.draws:
        seats = evening.draw.seats_to_draw()
        lines.append(
            Line(
                "D3",
                "still to draw: " + ", ".join(n[s] for s in seats) + " (an Excuse is drawn again)",
                "reste à tirer : "
                + ", ".join(n[s] for s in seats)
                + " (qui tire l'Excuse en tire une autre)",
            )
        )
    return lines


def _dealer_lines(evening: EveningLog, sheet: DonneSheet) -> list[Line]:
    """D2, D12, D16, D17: why this player deals."""
    n, d = evening.names, sheet.dealer
    if sheet.number == 1 and evening.draw_by_cards:
        drawn = evening.draw.draws[d][-1]
        return [
            Line(
                "D2",
                f"{n[d]} drew the lowest card, {drawn.display('en')}, and deals",
                f"{n[d]} a tiré la plus basse carte, {drawn.display('fr')}, et donne",
            )
        ]
    if sheet.number == 1:
        return []
    before = evening.donnes[sheet.number - 2]
    if before.void == "misdeal":
        return _redeal_lines(evening, before, d)
    if before.void == "petit_sec":
        return [
            Line(
                "D16",
                f"after the Petit sec the dealer's right neighbour, {n[d]}, deals",
                f"après le Petit sec le voisin de droite du donneur, {n[d]}, donne",
            )
        ]
    return [
        Line(
            "D17",
            f"the deal passes to the right: {n[d]} deals",
            f"la donne passe à droite : {n[d]} donne",
        )
    ]


def _redeal_lines(evening: EveningLog, before: DonneSheet, dealer: int) -> list[Line]:
    """D10–D14: the fault that voided the donne before, who made it, and the redeal
    by the same dealer with the hands given back unseen (D13)."""
    n = evening.names
    fault = next(v.fault for v in reversed(before.faults) if v.fault.voids)
    who = n[fault.by]
    if fault.kind == "card_exposed" and fault.card is not None:
        what_en = f"{who} turned up {card_text(fault.card, 'en')}"
        what_fr = f"{who} a retourné {card_text(fault.card, 'fr')}"
    else:
        en_kind, fr_kind = FAULT_NAMES[fault.kind]
        what_en, what_fr = f"{en_kind} by {who}", f"{fr_kind} par {who}"
    lines = [
        Line(
            fault.rule,
            f"{what_en} on donne {before.number}: it is void, {n[dealer]} deals again",
            f"{what_fr} à la donne {before.number} : elle est nulle, {n[dealer]} redonne",
        )
    ]
    if fault.hands_returned_unseen:
        lines.append(
            Line(
                "D13",
                f"before {n[dealer]} redeals, every player gives his hand back without "
                "looking at it",
                f"avant {elided('que', n[dealer])} redonne, chacun rend ses cartes sans les "
                "regarder",
            )
        )
    return lines


def _deal_lines(evening: EveningLog, sheet: DonneSheet) -> list[Line]:
    """D4–D6, B1: the shuffle, the cut, the deal and who speaks first."""
    n, d, variant = evening.names, sheet.dealer, evening.variant
    return [
        Line("D4", f"{n[sheet.shuffler]} shuffles", f"{n[sheet.shuffler]} mélange"),
        Line(
            "D5",
            f"{n[sheet.cutter]} cuts, taking and leaving more than 3 cards",
            f"{n[sheet.cutter]} coupe, en prenant et laissant plus de 3 cartes",
        ),
        Line(
            "D6",
            f"{n[d]} deals {variant.packet_size} by {variant.packet_size}, "
            f"counter-clockwise, the chien ({variant.chien_size}) card by card",
            f"{n[d]} distribue {variant.packet_size} par {variant.packet_size}, "
            f"dans le sens inverse des aiguilles d'une montre, le chien "
            f"({variant.chien_size}) carte par carte",
        ),
        _first_line(evening, sheet),
    ]


def _first_line(evening: EveningLog, sheet: DonneSheet) -> Line:
    """B1, D18: who speaks first and who leads; a barred player leads but does not
    speak: the first who may bid after him speaks first."""
    n, first = evening.names, sheet.first_bidder
    barred = sheet.barred_now
    if first not in barred:
        return Line(
            "B1",
            f"{n[first]} speaks first and leads (D18)",
            f"{n[first]} parle en premier et entame (D18)",
        )
    speaker = evening.variant.right_of(first)
    while speaker in barred and speaker != first:
        speaker = evening.variant.right_of(speaker)
    rule = sheet.bar_rules_now[first]
    return Line(
        "B1",
        f"{n[first]} may not bid ({rule}) but leads (D18); {n[speaker]} speaks first",
        f"{n[first]} ne peut pas enchérir ({rule}) mais entame (D18) ; "
        f"{n[speaker]} parle en premier",
    )


def _barred_lines(evening: EveningLog, sheet: DonneSheet) -> list[Line]:
    """D12, D14: who may not bid on this donne."""
    n = evening.names
    by_rule = sheet.bar_rules_now
    lines = []
    for rule in sorted(set(by_rule.values())):
        barred = sorted(s for s, r in by_rule.items() if r == rule)
        lines.append(
            Line(
                rule,
                "may not bid: " + ", ".join(n[s] for s in barred),
                "ne peut pas enchérir : " + ", ".join(n[s] for s in barred),
            )
        )
    return lines
