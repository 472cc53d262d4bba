"""What a seat can do at a table besides the game's own actions: the deal's steps.

The game's actions (bids, the King called, the écart, the chelem, poignées, cards
played) are :mod:`atout.state`'s; a table adds the steps La Donne gives the players:
drawing for the first dealer (D1), contributing to a verifiable shuffle, shuffling
(D4), cutting (D5), dealing (D6–D9), showing the chien (D10) and announcing a Petit
sec (D16). All of them have a small JSON form, as :func:`atout.record.action_to_json`
gives the game's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from atout.cards import Card
from atout.errors import InvalidRecordError
from atout.record import action_from_json as game_action_from_json
from atout.record import action_to_json as game_action_to_json
from atout.record import parse_card
from atout.state import Action

__all__ = [
    "AnnouncePetitSec",
    "Contribute",
    "CutPack",
    "DealAction",
    "DealPack",
    "Draw",
    "MakeEcart",
    "ShowChien",
    "Shuffle",
    "TableAction",
    "action_from_json",
    "action_to_json",
]


@dataclass(frozen=True)
class Draw:
    """D1: ``seat`` draws a card from the pack spread face down (chosen by the table)."""

    seat: int


@dataclass(frozen=True)
class Contribute:
    """``seat`` gives its random value to the shuffle of this deal (hex, 16–64 bytes)."""

    seat: int
    value: str


@dataclass(frozen=True)
class Shuffle:
    """D4: the shuffler shuffles (the order follows from the table's committed secret
    and the seats' contributions)."""

    seat: int


@dataclass(frozen=True)
class CutPack:
    """D5: the cutter moves the top ``k`` cards under the rest (4 ≤ k ≤ 74)."""

    seat: int
    k: int


@dataclass(frozen=True)
class DealPack:
    """D6–D9: the dealer deals the pack, the chien card by card."""

    seat: int


@dataclass(frozen=True)
class ShowChien:
    """D10: the dealer shows the chien's count; then each player looks at his cards
    (D15)."""

    seat: int


@dataclass(frozen=True)
class MakeEcart:
    """E1–E2: the taker puts ``cards`` in the écart, all at once: a page lets him choose
    them one by one and take any back until he confirms; the table checks the whole
    écart and then applies one discard per card, or none."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class AnnouncePetitSec:
    """D16: ``seat`` announces its Petit sec and shows its hand."""

    seat: int


DealAction = Draw | Contribute | Shuffle | CutPack | DealPack | ShowChien | AnnouncePetitSec
TableAction = DealAction | MakeEcart | Action

_KINDS: dict[str, type[Any]] = {
    "draw": Draw,
    "contribute": Contribute,
    "shuffle": Shuffle,
    "cut": CutPack,
    "deal": DealPack,
    "show_chien": ShowChien,
    "petit_sec": AnnouncePetitSec,
    "ecart": MakeEcart,
}
_NAMES = {kind: name for name, kind in _KINDS.items()}


def action_to_json(action: TableAction) -> dict[str, Any]:
    """``{"type": "cut", "seat": 3, "k": 37}``, or the game action's own form."""
    name = _NAMES.get(type(action))
    if name is None:
        return game_action_to_json(action)  # type: ignore[arg-type]
    data: dict[str, Any] = {"type": name, "seat": action.seat}
    if isinstance(action, CutPack):
        data["k"] = action.k
    elif isinstance(action, Contribute):
        data["value"] = action.value
    elif isinstance(action, MakeEcart):
        data["cards"] = [str(card) for card in action.cards]
    return data


def action_from_json(data: Any) -> TableAction:
    """The action of :func:`action_to_json`, strictly; :class:`InvalidRecordError` naming
    what is wrong."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in _KINDS:
        return game_action_from_json(data)
    assert isinstance(data, dict)
    fields = {"seat"} | {"cut": {"k"}, "contribute": {"value"}, "ecart": {"cards"}}.get(kind, set())
    extra = sorted(set(data) - fields - {"type"})
    if extra:
        raise InvalidRecordError(f"{extra[0]}: not a field of a {kind} action")
    missing = sorted(fields - set(data))
    if missing:
        raise InvalidRecordError(f"{missing[0]}: missing from the {kind} action")
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < 5:
        raise InvalidRecordError(f"seat: a seat number 0 … 4, not {seat!r:.20}")
    if kind == "cut":
        k = data["k"]
        if type(k) is not int:
            raise InvalidRecordError(f"k: the number of cards cut, not {k!r:.20} (D5)")
        return CutPack(seat, k)
    if kind == "contribute":
        value = data["value"]
        if not isinstance(value, str):
            raise InvalidRecordError(f"value: a hex string, not {value!r:.20}")
        return Contribute(seat, value)
    if kind == "ecart":
        cards = data["cards"]
        if not isinstance(cards, list) or len(cards) > 6:
            raise InvalidRecordError("cards: a list of at most 6 cards (E1)")
        return MakeEcart(seat, tuple(parse_card(c, f"cards[{i}]") for i, c in enumerate(cards)))
    return _KINDS[kind](seat)  # type: ignore[no-any-return]
