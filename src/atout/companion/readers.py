"""The small readers of what a scorer enters: the players' names, a card typed in the
page's language, a pile, card points, a whole number. Each refuses a bad value with
its rule."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from atout.cards import Card, CardSet, readings
from atout.companion.base import MAX_NAME, CompanionError, refuse
from atout.errors import InvalidNotationError

EMPTY: str = "empty field"
"""What a refusal quotes for a field left empty (a label of atout.reasons: « champ vide »)."""


def quoted(value: Any, width: int) -> str:
    """``value`` as a refusal quotes it (``'7X'``), cut to ``width``; an empty or blank
    text is named as such, never quoted as ``''``."""
    if isinstance(value, str) and not value.strip():
        return EMPTY
    return f"{value!r:.{width}}"


def blank(value: Any) -> bool:
    """Whether ``value`` is a field left empty (or only blanks)."""
    return isinstance(value, str) and not value.strip()


def bad_value(
    rule: str, kind: str, what: str, value: Any, width: int, **params: Any
) -> CompanionError:
    """The refusal of ``value`` for field ``what``: « points : le champ est vide » when
    it was left empty, else refusal ``kind`` quoting it."""
    if blank(value):
        return refuse(rule, "c_empty_field", what=what)
    return refuse(rule, kind, what=what, value=quoted(value, width), **params)


def read_names(names: Sequence[str] | None, players: int) -> tuple[str, ...]:
    if names is None:
        return tuple(f"J{s + 1}" for s in range(players))
    if isinstance(names, str) or len(names) != players:
        raise refuse("⚙", "c_names_count", players=players)
    clean = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise refuse("⚙", "c_name_length", number=i + 1, most=MAX_NAME)
        clean.append(name.strip())
    if len(set(clean)) != players:
        raise refuse("⚙", "c_names_different")
    return tuple(clean)


def read_card(value: Any, what: str, rule: str) -> Card:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 78:
        return Card(value)
    if not isinstance(value, str) or len(value) > 12:
        raise refuse(rule, "c_card_needed", what=what)
    try:
        return Card.parse(value)
    except (InvalidNotationError, ValueError):
        raise bad_value(rule, "c_not_a_card", what, value, 14) from None


def canonical(value: Any, lang: str | None, what: str = "card", rule: str = "D1") -> Any:
    """A card typed on a page in ``lang`` in the canonical notation (``RC`` in French:
    ``KH``), or as stored (``lang`` ``None``: the record's notation, read leniently);
    a text that reads two ways is refused with both; what is not a card stays as it
    is, for the checks to refuse."""
    if not isinstance(value, str):
        return value
    if lang is None:
        try:
            return str(Card.parse(value))
        except InvalidNotationError:
            return value
    found = readings(value, lang)
    if len(found) > 1:
        raise refuse(
            rule,
            "c_card_ambiguous",
            what=what,
            value=quoted(value, 14),
            first=found[0],
            second=found[1],
        )
    return str(found[0]) if found else value


def split_cards(text: str) -> list[str]:
    """The cards of a pile typed as text: separated by spaces or commas, a card named
    in words kept whole (``21, Roi de cœur 7P`` is three cards)."""
    words = text.replace(",", " ").split()
    cards: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1].casefold() in ("de", "of"):
            cards.append(" ".join(words[i : i + 3]))
            i += 3
        else:
            cards.append(words[i])
            i += 1
    return cards


# Where each typed card of an entry is: its field, and the rule a refusal names.
_CARD_FIELDS = {"card": ("card", "D1"), "called": ("called", "B4")}


def canonical_cards(entry: dict[str, Any], lang: str | None) -> dict[str, Any]:
    """The entry with its typed cards (draw, fault, called card, pile) canonical, so
    that the log and the record read the same in any language."""
    fields = entry["result"] if entry["type"] == "edit" else entry
    for key, (what, rule) in _CARD_FIELDS.items():
        if key in fields:
            rule = "D14" if entry["type"] == "fault" else rule
            fields[key] = canonical(fields[key], lang, what, rule)
    pile = fields.get("pile")
    if isinstance(pile, str):
        pile = split_cards(pile)
    if isinstance(pile, list):
        fields["pile"] = [canonical(card, lang, "pile", "S1") for card in pile]
    return entry


def read_pile(value: Any) -> CardSet:
    if isinstance(value, str):
        value = split_cards(value)
    if not isinstance(value, list) or len(value) > 78:
        raise refuse("S1", "c_pile_list")
    cards = [read_card(v, "pile", "S1") for v in value]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise refuse("S1", "c_pile_twice", card=twice)
    return CardSet(cards)


_PLAIN_NUMBER = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{1,3})?")


def plain_number(value: Any, what: str = "points") -> Any:
    """A number typed as text (``40,5``, ``41``) as a number; text that is not a plain
    decimal (``1e1``, ``0x2F``, ``NaN``, empty) is refused, never read as 0."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if not _PLAIN_NUMBER.fullmatch(text):
        raise bad_value("S1", "c_plain_number", what, value, 14)
    number = float(text.replace(",", "."))
    return int(number) if number.is_integer() else number


def half_points(value: Any, what: str = "points") -> int:
    """S1: card points are a multiple of 0.5 from 0 to 91."""
    value = plain_number(value, what)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise refuse("S1", "c_number", what=what)
    if not math.isfinite(value):
        raise refuse("S1", "c_plain_number", what=what, value=quoted(value, 14))
    doubled = value * 2
    if doubled != int(doubled):
        raise refuse("S1", "c_half_points", what=what, value=float(value))
    if not 0 <= doubled <= 182:
        raise refuse("S1", "c_points_bounds", what=what, value=float(value))
    return int(doubled)


def whole(value: Any, what: str, low: int, high: int, rule: str = "⚙") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad_value(rule, "c_whole_number", what, value, 20, low=low, high=high)
    return value


def drawn_twice(card: Card) -> CompanionError:
    """D1: a card already drawn, named as a scorer says it (``le Petit est déjà
    tiré``, ``le 21 d'atout``, ``l'Excuse``, ``la carte R♠``)."""
    if card.is_excuse:
        return refuse("D1", "c_drawn_excuse")
    if card.is_trump and card.rank == 1:
        return refuse("D1", "c_drawn_petit")
    if card.is_trump:
        return refuse("D1", "c_drawn_trump", number=card.rank)
    return refuse("D1", "c_drawn_card", card=card)
