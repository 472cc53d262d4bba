"""A score told for people, in the reader's language: every face prints the one
:class:`~atout.scoring.Breakdown` of a donne through these functions.

Three styles: :func:`score_lines`, the explanation line by line, each with the rule
it applies (the companion's page, PDF and ``atout deal``); :func:`score_equation`, the
score as one sum (the terminal's result panel, the companion's CSV); and
:func:`score_bonuses`, the bonuses in a few characters (the terminal's score sheet).
The web table formats the same breakdown in ``web/static/score.js``.

>>> from atout.bidding import Contract
>>> from atout.scoring import score
>>> result = score(players=4, taker=0, partner=None, contract=Contract.GARDE,
...                taker_half_points=100, bouts=2, petit_au_bout=10, poignee=0, chelem=0)
>>> score_equation(result.breakdown, "en")
'(25 + 9) × 2 + 20 (petit au bout) = +88'
>>> number(41.5, "fr"), number(41.5, "en"), number(41.0, "fr")
('41,5', '41.5', '41')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from atout.i18n import N_, gettext
from atout.scoring import Breakdown
from atout.table import Variant

__all__ = [
    "LEVELS",
    "contract_name",
    "name_after_de",
    "number",
    "score_bonuses",
    "score_equation",
    "score_lines",
    "seat_names",
]

LEVELS = ("simple", "double", "triple")
_CONTRACTS = {
    "prise": N_("Prise"),
    "garde": N_("Garde"),
    "garde_sans": N_("Garde sans le chien"),
    "garde_contre": N_("Garde contre le chien"),
}

Names = Callable[[int], str]


def number(value: float, lang: str) -> str:
    """A number as the reader writes it: ``41,5`` in French, ``41.5`` in English."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


def contract_name(contract: str, lang: str) -> str:
    """The contract's full name (B2) in ``lang``."""
    return gettext(lang, _CONTRACTS[contract])


def name_after_de(name: str, lang: str) -> str:
    """A name after "of": in French ``de Chloé`` but ``d'Anne`` (elided before a
    vowel or a mute h); in English the name alone, the message saying "of"."""
    if lang != "fr":
        return name
    return f"d'{name}" if name[:1].casefold() in "aàâäeéèêëiîïoôöuùûüyh" and name else f"de {name}"


def seat_names(names: Sequence[str]) -> Names:
    """A ``name(seat)`` function from a list of names."""
    return lambda seat: names[seat]


def _terms(b: Breakdown, lang: str) -> list[tuple[int, str]]:
    """The bonuses that add to the score, each named in ``lang``."""
    terms = []
    if b.petit_au_bout:
        terms.append((b.petit_au_bout, gettext(lang, "petit au bout")))
    if b.poignee:
        terms.append((b.poignee, gettext(lang, "poignée")))
    if b.chelem:
        terms.append((b.chelem, gettext(lang, "chelem")))
    return terms


def score_equation(b: Breakdown, lang: str) -> str:
    """S3 as one sum whose terms add up to the score printed after ``=``:
    ``-(25 + 3) × 2 + 20 (petit au bout) - 20 (poignée) = -76``."""
    sign = "" if b.made else "-"
    line = f"{sign}({b.BASE} + {b.difference}) × {b.multiplier}"
    for value, name in _terms(b, lang):
        line += f" {'+' if value > 0 else '-'} {abs(value)} ({name})"
    return f"{line} = {b.score:+d}"


def score_bonuses(b: Breakdown) -> str:
    """The bonuses counted, in a few characters: ``b+20 p-20 c+200`` (petit au bout,
    poignée, chelem)."""
    parts = []
    for letter, value in (("b", b.petit_au_bout), ("p", b.poignee), ("c", b.chelem)):
        if value:
            parts.append(f"{letter}{value:+d}")
    return " ".join(parts)


def score_lines(b: Breakdown, lang: str, name: Names) -> list[tuple[str, str]]:
    """The score explained line by line, each line with the rule it applies: the
    contract, the points, the target, the difference, the contract's part, the petit au
    bout, each poignée and where it goes, the chelem, the score and each seat's share.
    The terms each line adds (``= +68``, ``: -20``) add up to the score's line."""
    return [
        ("B2", _contract(b, lang, name)),
        ("S1", gettext(lang, "points: attack {attack}, defence {defence} (91 in all)").format(
            attack=number(b.points, lang), defence=number(91 - b.points, lang))),
        ("S2", _target(b, lang)),
        ("S5" if b.rounded else "S3", _verdict(b, lang)),
        ("S3", f"{'' if b.made else '-'}({b.BASE} + {b.difference}) × {b.multiplier} = "
               f"{b.contract_score:+d}"),
        *_petit(b, lang),
        *_poignees(b, lang, name),
        *_chelem(b, lang),
        ("S3", gettext(lang, "score S = {score:+d}").format(score=b.score)),
        ("S4", _shares(b, lang, name)),
    ]  # fmt: skip


def _contract(b: Breakdown, lang: str, name: Names) -> str:
    taker = next(s for s in b.shares if s.role == "taker")
    partner = next((s for s in b.shares if s.role == "partner"), None)
    camp = name(taker.seat)
    if partner is not None:
        camp = gettext(lang, "{taker} and {partner}").format(taker=camp, partner=name(partner.seat))
    return gettext(lang, "{contract} by {camp}: × {n}").format(
        contract=contract_name(b.contract, lang), camp=camp, n=b.multiplier
    )


def _target(b: Breakdown, lang: str) -> str:
    if b.bouts == 0:
        message = gettext(lang, "0 bouts: {target} points needed")
    elif b.bouts == 1:
        message = gettext(lang, "1 bout: {target} points needed")
    else:
        message = gettext(lang, "{n} bouts: {target} points needed")
    return message.format(n=b.bouts, target=b.target)


def _verdict(b: Breakdown, lang: str) -> str:
    if b.made:
        message = gettext(lang, "{points} against {target}: made by {n}")
    else:
        message = gettext(lang, "{points} against {target}: failed by {n}")
    text = message.format(points=number(b.points, lang), target=b.target, n=b.difference)
    if b.rounded:
        text += gettext(lang, " (a half point is rounded away from zero)")
    return text


def _petit(b: Breakdown, lang: str) -> list[tuple[str, str]]:
    if b.petit_camp is None:
        return []
    if b.petit_camp == "attack":
        to = gettext(lang, "petit au bout to the attack")
    else:
        to = gettext(lang, "petit au bout to the defence")
    if b.petit_multiplied:
        message = gettext(lang, "{to}: 10 × {n} = {value:+d}, whatever the result")
    else:
        message = gettext(lang, "{to}: {value:+d} (⚙ not multiplied), whatever the result")
    return [("A5", message.format(to=to, n=b.multiplier, value=b.petit_au_bout))]


def _poignees(b: Breakdown, lang: str, name: Names) -> list[tuple[str, str]]:
    lines = []
    thresholds = dict(zip(LEVELS, Variant.for_players(b.players).poignee_thresholds, strict=True))
    for seat, level, bonus in b.poignees:
        if seat is None:
            message = gettext(lang, "{level} poignée ({n} trumps): {bonus}")
        else:
            message = gettext(lang, "{level} poignée of {name} ({n} trumps): {bonus}")
        if level == "simple":
            level_name = gettext(lang, "simple")
        elif level == "double":
            level_name = gettext(lang, "double")
        else:
            level_name = gettext(lang, "triple")
        text = message.format(
            level=level_name, name="" if seat is None else name_after_de(name(seat), lang),
            n=thresholds[level],
            bonus=bonus,
        )  # fmt: skip
        lines.append(("A1", text))
    if b.poignees and b.poignee_camp is None:
        lines.append(("A3", gettext(lang, "⚙ the poignée counts for the attack only when made: 0")))
    elif b.poignee_camp is not None:
        if b.poignee_camp == "attack":
            to = gettext(lang, "poignée to the attack, which wins, whoever showed it")
        else:
            to = gettext(lang, "poignée to the defence, which wins, whoever showed it")
        if b.poignee_multiplied:
            message = gettext(lang, "{to}: {value:+d} (⚙ × {n})")
        else:
            message = gettext(lang, "{to}: {value:+d}, not multiplied")
        lines.append(("A3", message.format(to=to, value=b.poignee, n=b.multiplier)))
    return lines


def _chelem(b: Breakdown, lang: str) -> list[tuple[str, str]]:
    if not (b.chelem or b.chelem_announced or b.chelem_every is not None):
        return []
    parts = []
    if b.chelem_every == "attack":
        if b.chelem_announced:
            parts.append(gettext(lang, "announced and made"))
        else:
            parts.append(gettext(lang, "made unannounced"))
    else:
        if b.chelem_announced:
            parts.append(gettext(lang, "announced and failed"))
        if b.chelem_every == "defence":
            failed = -200 if b.chelem_announced else 0
            if b.chelem == failed - 200:
                parts.append(gettext(lang, "the defence took every trick (+200 to the defence)"))
            else:
                parts.append(gettext(lang, "the defence took every trick (⚙ no bonus)"))
    if parts:
        message = gettext(lang, "chelem {what}: {value:+d}, after the multiplier")
    else:
        message = gettext(lang, "chelem: {value:+d}, after the multiplier")
    return [("A4", message.format(what=", ".join(parts), value=b.chelem))]


def _shares(b: Breakdown, lang: str, name: Names) -> str:
    taker = next(s for s in b.shares if s.role == "taker")
    partner = next((s for s in b.shares if s.role == "partner"), None)
    defence = gettext(lang, "each defender {marks:+d}").format(marks=-b.score)
    if partner is not None:
        message = gettext(
            lang, "{taker} {marks:+d}, {partner} {pmarks:+d} (split {split}), {defence}"
        )
        return message.format(
            taker=name(taker.seat), marks=taker.marks, partner=name(partner.seat),
            pmarks=partner.marks, split=b.split.replace(".", "," if lang == "fr" else "."),
            defence=defence,
        )  # fmt: skip
    alone = gettext(lang, " (alone)") if b.players == 5 else ""
    return (
        f"{name(taker.seat)}{alone} {number(taker.times, lang)} × S = {taker.marks:+d}, {defence}"
    )
