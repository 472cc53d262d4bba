"""How the companion says things: the names of faults and of void donnes, a card in a
sentence, the lines that explain a fault's consequence (D10–D14) and a donne's marks
(S1–S5, A1–A5), in English and in French."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.cards import Card
from atout.companion.base import Line
from atout.dealing import FaultRecorded, bar_rule
from atout.i18n import elides_before
from atout.score_text import score_lines, seat_names
from atout.scoring import Result

FAULT_NAMES = {
    "misdeal": ("misdeal", "maldonne"),
    "chien_count": ("wrong chien count", "chien mal compté"),
    "card_exposed": ("card turned face up", "carte retournée"),
    "early_pickup": ("cards picked up too early", "cartes ramassées trop tôt"),
}

OUTCOMES = {  # their rules: state.VOID_RULES
    "petit_sec": ("Petit sec", "Petit sec"),
    "all_pass": ("all pass", "tous passent"),
}
CHELEM_MARKS = {  # A4: how a donne's chelem reads on the sheet, after "★"
    "made": ("announced chelem, made", "chelem annoncé, réussi"),
    "failed": ("announced chelem, failed", "chelem annoncé, chuté"),
    "unannounced": ("chelem, not announced", "chelem non annoncé"),
    "defence": ("defence chelem", "chelem de la défense"),
}


def chelem_mark(entry: Mapping[str, Any] | None, lang: str) -> str | None:
    """A donne's chelem as the sheet marks it (A4): announced and made or failed, made
    without an announcement, or the defence's; ``None`` without a chelem."""
    if not entry:
        return None
    every, announced = entry.get("every_trick"), entry.get("chelem") is not None
    if every == "defence":
        kind = "defence"
    elif every == "attack":
        kind = "made" if announced else "unannounced"
    elif announced:
        kind = "failed"
    else:
        return None
    en, fr = CHELEM_MARKS[kind]
    return fr if lang == "fr" else en


CONTRACTS_FR = {
    "prise": "Prise",
    "garde": "Garde",
    "garde_sans": "Garde sans",
    "garde_contre": "Garde contre",
}


def camp_text(names: Sequence[str], entry: Mapping[str, Any], lang: str) -> str:
    """The taker's camp of a result (B4): ``Bruno``, with 5 players ``Bruno + Émile
    (R♥)`` or, when the taker called himself or a card of the chien, ``Émile seul
    (R♥)``."""
    taker, partner, called = entry["taker"], entry.get("partner"), entry.get("called")
    text = str(names[taker])
    if called is None:
        return text
    if partner is None or partner == taker:
        text += " seul" if lang == "fr" else " alone"
    else:
        text += f" + {names[partner]}"
    return f"{text} ({Card.parse(called).display(lang)})"


def elided(word: str, name: str) -> str:
    """A French word that elides before a vowel, then ``name``: ``qu'Anne``,
    ``que Bruno``, ``d'Émile``, ``d'Hélène``, ``de Chloé``."""
    if elides_before(name):
        return f"{word[:-1]}'{name}"
    return f"{word} {name}"


def pts(value: float) -> str:
    """Card points for an English line: ``43.5``, ``41``."""
    return f"{value:g}"


def card_text(card: Card, lang: str) -> str:
    """A card for a sentence: ``R♠``, ``trump 7`` / ``atout 7``, ``the Excuse``."""
    if card.is_excuse:
        return "l'Excuse" if lang == "fr" else "the Excuse"
    if card.is_trump:
        return f"{'atout' if lang == 'fr' else 'trump'} {card.display(lang)}"
    return card.display(lang)


def fault_lines(names: Sequence[str], dealer: int, fault: FaultRecorded) -> tuple[Line, ...]:
    """The consequence of a fault, as the rules say it (D10–D14)."""
    lines = [_what_happened(names, fault)]
    if fault.voids:
        lines += _void_lines(names, dealer, fault)
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
                f"{names[seat]} may not bid {when_en}",
                f"{names[seat]} ne peut pas enchérir {when_fr}",
            )
        )
    if fault.kind == "early_pickup":
        lines.append(_pickup_line(names, fault))
    return tuple(lines)


def _what_happened(names: Sequence[str], fault: FaultRecorded) -> Line:
    who = names[fault.by]
    if fault.kind == "card_exposed" and fault.card is not None:
        card_en, card_fr = card_text(fault.card, "en"), card_text(fault.card, "fr")
        return Line(fault.rule, f"{who} turned up {card_en}", f"{who} a retourné {card_fr}")
    en_kind, fr_kind = FAULT_NAMES[fault.kind]
    return Line(fault.rule, f"{en_kind} by {who}", f"{fr_kind} par {who}")


def _void_lines(names: Sequence[str], dealer: int, fault: FaultRecorded) -> list[Line]:
    lines = [
        Line(
            "D12",
            f"the deal is void: {names[dealer]} deals again",
            f"la donne est nulle : {names[dealer]} redonne",
        )
    ]
    if fault.hands_returned_unseen:
        lines.append(
            Line(
                "D13",
                "every player gives his hand back without looking at it",
                "chacun rend ses cartes sans les regarder",
            )
        )
    return lines


def _pickup_line(names: Sequence[str], fault: FaultRecorded) -> Line:
    who = names[fault.by]
    if fault.penalty:
        return Line(
            "D11",
            f"penalty: {who} loses {fault.penalty} points",
            f"pénalité : {who} perd {fault.penalty} points",
        )
    return Line(
        "D11",
        "a recorded warning, no points; the deal goes on",
        "un avertissement noté, sans points ; la donne continue",
    )


def explain(result: Result, names: Sequence[str]) -> tuple[Line, ...]:
    """The marks, line by line, each with the rule it applies (the breakdown told in
    English and in French)."""
    name = seat_names(names)
    en = score_lines(result.breakdown, "en", name)
    fr = score_lines(result.breakdown, "fr", name)
    return tuple(Line(rule, a, b) for (rule, a), (_, b) in zip(en, fr, strict=True))
