"""The action codec: each action of a donne (:mod:`atout.state`) as a small JSON object
and back, for saves and network play.

>>> from atout.cards import Card
>>> from atout.errors import InvalidRecordError
>>> from atout.state import CardPlayed
>>> action_to_json(CardPlayed(2, Card.parse("T21")))
{'type': 'play', 'seat': 2, 'card': 'T21'}
>>> action_from_json({"type": "play", "seat": 2, "card": "T21"})
CardPlayed(seat=2, card=Card.parse('T21'))
>>> try:
...     action_from_json({"type": "bid", "seat": 0, "contract": "slam"})
... except InvalidRecordError as error:
...     print(error)
contract: 'slam' is not a bid: one of pass, prise, garde, garde_sans, garde_contre
"""

from __future__ import annotations

from typing import Any

from atout.chien import LEVELS
from atout.errors import InvalidRecordError
from atout.record.reader import (
    _CONTRACTS,
    _card_list,
    _object,
    _quote,
    _refuse,
    _seat,
    _string,
    _strings,
    parse_card,
)
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    PoigneeShown,
)

__all__ = ["action_from_json", "action_to_json"]

_ACTION_FIELDS = {
    "bid": ("type", "seat", "contract"),
    "call": ("type", "seat", "card"),
    "discard": ("type", "seat", "card"),
    "play": ("type", "seat", "card"),
    "chelem": ("type", "seat", "announce"),
    "poignee": ("type", "seat", "level", "cards"),
}


def action_to_json(action: Action) -> dict[str, Any]:
    """One action of the game as a small JSON object."""
    if isinstance(action, Bid):
        contract = action.contract.value if action.contract else "pass"
        return {"type": "bid", "seat": action.seat, "contract": contract}
    if isinstance(action, CallCard):
        return {"type": "call", "seat": action.seat, "card": str(action.card)}
    if isinstance(action, Discard):
        return {"type": "discard", "seat": action.seat, "card": str(action.card)}
    if isinstance(action, ChelemDecision):
        return {"type": "chelem", "seat": action.seat, "announce": action.announce}
    if isinstance(action, PoigneeShown):
        cards = _strings(action.cards)
        return {"type": "poignee", "seat": action.seat, "level": action.level, "cards": cards}
    return {"type": "play", "seat": action.seat, "card": str(action.card)}


def action_from_json(data: Any) -> Action:
    """The action of :func:`action_to_json`, strictly; :class:`InvalidRecordError` naming
    the field when malformed."""
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        raise InvalidRecordError(
            f"type: an action is an object whose type is one of {', '.join(_ACTION_FIELDS)}, "
            f"got {_quote(data)}"
        )
    fields = _object(data, "", _ACTION_FIELDS[kind], f"a {kind} action")
    seat = _seat(fields["seat"], "seat", 5)
    if kind == "bid":
        return Bid(
            seat, _CONTRACTS[_string(fields["contract"], "contract", tuple(_CONTRACTS), "a bid")]
        )
    if kind == "chelem":
        if not isinstance(fields["announce"], bool):
            raise _refuse("announce", f"true or false, got {_quote(fields['announce'])} (A4)")
        return ChelemDecision(seat, fields["announce"])
    if kind == "poignee":
        level = _string(fields["level"], "level", LEVELS, "a poignée")
        cards = tuple(_card_list(fields["cards"], "cards", 22))
        return PoigneeShown(seat, level, cards)  # type: ignore[arg-type]
    card = parse_card(fields["card"], "card")
    if kind == "call":
        return CallCard(seat, card)
    return Discard(seat, card) if kind == "discard" else CardPlayed(seat, card)
