"""A donne's result checked against every rule it can break, then scored (S1–S5,
A1–A5): the contract and the taker (B1, B2, D12, D14), the call (B4), the points and
the bouts or the pile (S1, S2), the chien's Petit (E3), the chelem (A4), the petit au
bout (A5) and the poignées (A1, A2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from atout.bidding import Contract
from atout.cards import EXCUSE, PETIT, CardSet
from atout.chien import LEVELS
from atout.companion.base import Line, refuse
from atout.companion.readers import half_points, plain_number, read_card, read_pile, whole
from atout.companion.sheet import DonneSheet
from atout.companion.text import explain
from atout.scoring import POIGNEE_BONUS, Result, chelem_value, score
from atout.table import Rules, Variant

RESULT_FIELDS = (
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

_CAMPS: dict[str | None, int | None] = {"attack": 0, "defence": 1, None: None}


def result_fields(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of a result entry that were given, points typed as text read as
    numbers (``40,5``: 40.5; ``1e1`` or empty refused)."""
    fields = {k: entry[k] for k in RESULT_FIELDS if entry.get(k) is not None}
    for key in ("points", "defence_points"):
        if key in fields:
            fields[key] = plain_number(fields[key], key)
    return fields


@dataclass(frozen=True)
class _Cards:
    """What the attack took: its card points doubled, its bouts, its pile if entered."""

    half: int
    bouts: int
    pile: CardSet | None


def score_entry(
    entry: dict[str, Any],
    sheet: DonneSheet,
    variant: Variant,
    rules: Rules,
    names: Sequence[str],
) -> tuple[Result, tuple[Line, ...]]:
    """Check a result entry against every rule it can break and score it (S1–S5,
    A1–A5): the result and the explanation, line by line."""
    contract_name = entry.get("contract")
    try:
        contract = Contract(contract_name)
    except ValueError:
        raise refuse("B2", "c_contract", value=f"{contract_name!r:.30}") from None
    taker = variant.check_seat(entry.get("taker"), "taker", "B1")
    if taker in sheet.barred_now:
        raise refuse(sheet.bar_rules_now[taker], "c_barred_taker", seat=taker)
    partner = partner_of(entry, taker, variant)
    camp = {taker} | ({partner} if partner is not None else set())
    cards = _points_and_bouts(entry)
    if cards.pile is not None:
        _check_pile_size(cards.pile, contract, variant)
    petit_in_chien = _petit_in_chien(entry, contract, cards)
    announcer = entry.get("chelem")
    if announcer is not None:
        announcer = variant.check_seat(announcer, "chelem", "A4")
        if announcer not in camp:
            raise refuse("A4", "c_chelem_defence_announce", seat=announcer)
    every = entry.get("every_trick")
    if every not in (None, "attack", "defence"):
        raise refuse("A4", "c_every_trick", value=f"{every!r:.20}")
    check_chelem(every, contract, cards, variant)
    pab = _petit_au_bout(entry, contract, cards, petit_in_chien, every)
    poignees = read_poignees(entry.get("poignees", []), variant)
    result = score(
        players=variant.players,
        taker=taker,
        partner=partner,
        contract=contract,
        taker_half_points=cards.half,
        bouts=cards.bouts,
        petit_au_bout={"attack": 10, "defence": -10, None: 0}[pab],
        poignee=sum(POIGNEE_BONUS[level] for _, level in poignees),
        chelem=chelem_value(announcer is not None, _CAMPS[every], rules),
        rules=rules,
        shown=poignees,
        chelem_announced=announcer is not None,
        every_trick=_CAMPS[every],
    )
    return result, explain(result, names)


def _points_and_bouts(entry: Mapping[str, Any]) -> _Cards:
    """S1–S2: the points and the bouts, entered or counted from the pile."""
    pile: CardSet | None = None
    if entry.get("pile") is not None:
        pile = read_pile(entry["pile"])
        half = pile.half_points()
        bouts = pile.count_bouts()
        if entry.get("points") is not None and half_points(entry["points"]) != half:
            raise refuse("S1", "c_pile_points", points=half / 2, entered=entry["points"])
        if entry.get("bouts") is not None and entry["bouts"] != bouts:
            raise refuse("S2", "c_pile_bouts", bouts=bouts, entered=entry["bouts"])
    else:
        if entry.get("points") is None:
            raise refuse("S1", "c_points_or_pile")
        half = half_points(entry["points"])
        bouts = whole(entry.get("bouts"), "bouts", 0, 3, "S2")
    if entry.get("defence_points") is not None:
        defence = half_points(entry["defence_points"], "defence_points")
        if defence + half != 182:
            raise refuse(
                "S1",
                "c_points_sum",
                attack=half / 2,
                defence=defence / 2,
                total=(half + defence) / 2,
            )
    # each bout is 4.5 points; the Excuse's camp may give half a point for it (P4)
    low, high = max(0, 9 * bouts - 1), min(182, 182 - 9 * (3 - bouts) + 1)
    if not low <= half <= high:
        raise refuse(
            "S1", "c_points_range", bouts=bouts, low=low / 2, high=high / 2, points=half / 2
        )
    return _Cards(half, bouts, pile)


def _petit_in_chien(entry: Mapping[str, Any], contract: Contract, cards: _Cards) -> bool:
    """E3: where the chien's Petit counts."""
    petit_in_chien = entry.get("petit_in_chien", False)
    if not isinstance(petit_in_chien, bool):
        raise refuse("E3", "c_petit_in_chien_bool")
    if petit_in_chien and contract is Contract.GARDE_CONTRE and cards.bouts == 3:
        raise refuse("E3", "c_petit_chien_contre")
    if petit_in_chien and contract is Contract.GARDE_SANS and cards.bouts == 0:
        raise refuse("E3", "c_petit_chien_sans")
    if cards.pile is not None and petit_in_chien:
        if contract is Contract.GARDE_CONTRE and PETIT in cards.pile:
            raise refuse("E3", "c_petit_chien_defence")
        if contract is Contract.GARDE_SANS and PETIT not in cards.pile:
            # in a Prise or a Garde the Petit goes from the chien to the taker's hand
            # and may be lost in play
            raise refuse("E3", "c_petit_chien_taker")
    return bool(petit_in_chien)


def _petit_au_bout(
    entry: Mapping[str, Any],
    contract: Contract,
    cards: _Cards,
    petit_in_chien: bool,
    every: str | None,
) -> str | None:
    """A5: the petit au bout, by the camp that held the Petit."""
    pab = entry.get("petit_au_bout")
    if pab not in (None, "attack", "defence"):
        raise refuse("A5", "c_petit_au_bout", value=f"{pab!r:.20}")
    if pab is None:
        return None
    pile = cards.pile
    if petit_in_chien and not contract.chien_seen:
        raise refuse("A5", "c_pab_in_chien")
    if pab == "attack" and (cards.bouts == 0 or (pile is not None and PETIT not in pile)):
        raise refuse("A5", "c_pab_attack_pile")
    if pab == "defence" and (cards.bouts == 3 or (pile is not None and PETIT in pile)):
        raise refuse("A5", "c_pab_defence_pile")
    if every is not None and pab != every:
        raise refuse("A5", "c_pab_chelem")
    return str(pab)


def partner_of(entry: Mapping[str, Any], taker: int, variant: Variant) -> int | None:
    """B4: with 5 players the taker calls a card; its holder is his partner, or he
    plays alone (he holds it, or it is in the chien)."""
    called, partner = entry.get("called"), entry.get("partner")
    if variant.players != 5:
        if called is not None or partner is not None:
            raise refuse("B4", "c_call_only_five")
        return None
    if called is None:
        raise refuse("B4", "c_call_needed")
    card = read_card(called, "called", "B4")
    if not card.is_court:
        raise refuse("B4", "c_called_card", called_card=card)
    if partner is None:
        return None
    seat = variant.check_seat(partner, "partner", "B4")
    return None if seat == taker else seat


def check_chelem(every: str | None, contract: Contract, cards: _Cards, variant: Variant) -> None:
    """A4 with P4 and E3: a camp that took every trick holds every card but the other
    camp's Excuse (kept for 4 points, the half point given back), and the chien or the
    écart, which count apart (E3)."""
    half, bouts, size = cards.half, cards.bouts, variant.chien_size
    if every == "attack" and contract is Contract.GARDE_CONTRE:
        if half > 182 - size:  # each chien card counts at least half a point
            raise refuse(
                "A4", "c_chelem_contre_points", size=size, most=(182 - size) / 2, points=half / 2
            )
    elif every == "attack":
        if half not in (182, 174):
            raise refuse("A4", "c_chelem_attack_points", points=half / 2)
        if (half, bouts) not in ((182, 3), (174, 2)):
            raise refuse("A4", "c_chelem_attack_bouts", points=half / 2, bouts=bouts)
    elif every == "defence" and contract is Contract.GARDE_CONTRE:
        if half not in (0, 8):
            raise refuse("A4", "c_chelem_defence_points", points=half / 2)
    elif every == "defence" and contract is Contract.GARDE_SANS:
        most = min(size * 9 + 8, 182)  # the chien unseen, and the taker's own Excuse
        if half > most:
            raise refuse("A4", "c_chelem_chien_points", size=size, most=most / 2, points=half / 2)
    elif every == "defence":
        if bouts > 1:  # neither the Petit nor the 21 may go to the écart (E2)
            raise refuse("A4", "c_chelem_ecart_bouts", bouts=bouts)
        most = size * 7 + 8  # Dames at best in the écart (E2), and the taker's Excuse
        if half > most:
            raise refuse("A4", "c_chelem_ecart_points", size=size, most=most / 2, points=half / 2)


def _check_pile_size(pile: CardSet, contract: Contract, variant: Variant) -> None:
    """S1 with E1, E3 and P4: the taker's pile holds the écart (or the chien of a garde
    sans) and the tricks it won; in a garde contre, whole tricks, or the Excuse alone
    when his camp took no trick."""
    count = len(pile)
    if contract is Contract.GARDE_CONTRE:
        if 0 < count < variant.players - 1 and set(pile) != {EXCUSE}:
            raise refuse("S1", "c_pile_contre", players=variant.players, count=count)
    elif count < variant.chien_size:
        raise refuse("S1", "c_pile_short", size=variant.chien_size, count=count)


def read_poignees(value: Any, variant: Variant) -> list[tuple[int, str]]:
    """A1–A2: each poignée once per player, and together no more trumps than there are
    (21 and the Excuse)."""
    if not isinstance(value, list) or len(value) > variant.players:
        raise refuse("A1", "c_poignees_list")
    found: list[tuple[int, str]] = []
    for item in value:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise refuse("A1", "c_poignee_item")
        seat = variant.check_seat(item[0], "poignée", "A2")
        level = item[1]
        if level not in LEVELS:
            raise refuse("A1", "c_poignee_level", value=f"{level!r:.20}")
        if any(s == seat for s, _ in found):
            raise refuse("A2", "c_poignee_twice", seat=seat)
        found.append((seat, str(level)))
    thresholds: dict[str, int] = dict(zip(LEVELS, variant.poignee_thresholds, strict=True))
    shown = sum(thresholds[level] for _, level in found)
    if shown > 22:
        raise refuse("A1", "c_poignees_trumps", count=shown)
    return found
