"""The JSON records of FORMATS.md: ``atout.deal/1`` (a deal), read and written.

>>> import random
>>> from atout.dealing import Deal
>>> from atout.table import Variant
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0)
>>> text = dumps_deal(deal, seed=7)
>>> again, seed = loads_deal(text)
>>> again == deal, seed
(True, 7)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from atout.cards import Card
from atout.dealing import ChienCardDealt, Deal, PacketDealt, Phase
from atout.errors import AtoutError, InvalidNotationError, InvalidRecordError
from atout.table import Rules, Variant

__all__ = ["DEAL_FORMAT", "deal_record", "dumps_deal", "loads_deal", "read_deal_record"]

DEAL_FORMAT = "atout.deal/1"
_T = TypeVar("_T")


def _cards(cards: Any) -> list[str]:
    return [str(card) for card in cards]


def deal_record(deal: Deal, seed: int | None = None) -> dict[str, Any]:
    """The ``atout.deal/1`` object of a deal, as far as it went."""
    sequence: list[dict[str, Any]] = []
    for op in deal.operations:
        if isinstance(op, PacketDealt):
            sequence.append({"to": op.seat, "cards": _cards(op.cards)})
        elif isinstance(op, ChienCardDealt):
            sequence.append({"to": "chien", "cards": [str(op.card)]})
    dealt = deal.dealer is not None
    drawn = deal.draws or None
    return {
        "format": DEAL_FORMAT,
        "players": deal.variant.players,
        "seed": seed,
        "draw": [[s, _cards(c)] for s, c in deal.draw_order] if drawn else None,
        "dealer": deal.dealer,
        "shuffler": deal.shuffler if dealt else None,
        "cutter": deal.cutter if dealt else None,
        "shuffled": _cards(deal.shuffled) if deal.shuffled else None,
        "cut": deal.cut_k,
        "pack": _cards(deal.pack) if deal.cut_k is not None else None,
        "sequence": sequence,
        "hands": [_cards(cards) for cards in deal.received],
        "chien": _cards(deal.chien_cards),
        "petit_sec": deal.petit_sec if deal.void == "petit_sec" else None,
        "first_bidder": deal.first_bidder if dealt else None,
        "leader": deal.leader if dealt else None,
        "next_dealer": deal.next_dealer if dealt else None,
    }


def dumps_deal(deal: Deal, seed: int | None = None, indent: int | None = None) -> str:
    """The deal as one ``atout.deal/1`` JSON text (one line unless ``indent``)."""
    return json.dumps(deal_record(deal, seed), ensure_ascii=False, indent=indent)


def loads_deal(text: str, rules: Rules | None = None) -> tuple[Deal, int | None]:
    """Read an ``atout.deal/1`` text and replay it step by step against the rules.

    Returns the deal and the record's seed; raises :class:`InvalidRecordError` naming
    the field and the rule when the record is malformed or breaks a rule.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecordError(f"{DEAL_FORMAT}: not JSON ({error})") from None
    return read_deal_record(data, rules)


def read_deal_record(data: Any, rules: Rules | None = None) -> tuple[Deal, int | None]:
    """Like :func:`loads_deal`, from the already decoded JSON object."""
    if not isinstance(data, dict):
        raise InvalidRecordError(f"{DEAL_FORMAT}: a record is a JSON object, got {data!r:.60}")
    if data.get("format") != DEAL_FORMAT:
        raise InvalidRecordError(f"format: expected {DEAL_FORMAT!r}, got {data.get('format')!r}")
    try:
        deal = _replay(data, rules or Rules())
    except AtoutError as error:
        if isinstance(error, InvalidRecordError):
            raise
        raise InvalidRecordError(f"{DEAL_FORMAT}: {error}") from None
    _check_derived(deal, data)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidRecordError(f"seed: an integer or null, got {seed!r}")
    return deal, seed


def _get(data: dict[str, Any], key: str, kind: Callable[[Any], _T]) -> _T:
    if key not in data:
        raise InvalidRecordError(f"{key}: missing ({DEAL_FORMAT}, FORMATS.md)")
    value = data[key]
    try:
        return kind(value)
    except (TypeError, ValueError, InvalidNotationError) as error:
        raise InvalidRecordError(f"{key}: {error}") from None


def _get_or_none(data: dict[str, Any], key: str, kind: Callable[[Any], _T]) -> _T | None:
    return None if data.get(key, 0) is None else _get(data, key, kind)


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _card_list(value: Any) -> list[Card]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list of cards, got {value!r:.60}")
    return [Card.parse(text) for text in value]


def _replay(data: dict[str, Any], rules: Rules) -> Deal:
    variant = Variant.for_players(_get(data, "players", _int))
    draw = _get_or_none(data, "draw", list)
    dealer = _get_or_none(data, "dealer", _int)
    deal = Deal(variant, rules, dealer if draw is None else None)
    for entry in draw or ():
        if not isinstance(entry, list) or len(entry) != 2:
            raise InvalidRecordError(f"draw: each entry is [seat, [cards]], got {entry!r}")
        for card in _card_list(entry[1]):
            deal.draw(_int(entry[0]), card)
    if deal.dealer != dealer:
        raise InvalidRecordError(f"dealer: the draw gives seat {deal.dealer}, not {dealer!r} (D1)")
    shuffled = _get_or_none(data, "shuffled", _card_list)
    if shuffled is None:
        return deal
    position = {card: i for i, card in enumerate(deal.pack)}
    if sorted(shuffled) != list(range(78)):
        raise InvalidRecordError("shuffled: the pack holds the 78 cards, each once (D4)")
    deal.shuffle(_get(data, "shuffler", _int), [position[card] for card in shuffled])
    cut = _get_or_none(data, "cut", _int)
    if cut is None:
        return deal
    deal.cut(cut, _get(data, "cutter", _int))
    if _get(data, "pack", _card_list) != deal.pack:
        raise InvalidRecordError("pack: must be shuffled[cut:] + shuffled[:cut] (D5)")
    for step in _get(data, "sequence", list):
        _replay_step(deal, step)
    if deal.phase is Phase.SHOW_CHIEN:
        deal.show_chien()
        deal.pick_up()
    if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
        deal.announce_petit_sec(deal.petit_sec)
    return deal


def _replay_step(deal: Deal, step: Any) -> None:
    if not isinstance(step, dict) or "to" not in step or "cards" not in step:
        raise InvalidRecordError(f"sequence: each step is {{'to': …, 'cards': […]}}, got {step!r}")
    cards = tuple(_get(step, "cards", _card_list))
    if step["to"] == "chien":
        if len(cards) != 1:
            raise InvalidRecordError("sequence: D8: the chien is built one card at a time")
        deal.apply(ChienCardDealt(cards[0]))
    else:
        deal.apply(PacketDealt(_get(step, "to", _int), cards))


def _check_derived(deal: Deal, data: dict[str, Any]) -> None:
    hands = [[str(c) for c in _card_list(h)] for h in _get(data, "hands", list)]
    expected: dict[str, Any] = deal_record(deal, data.get("seed"))
    expected["hands"] = [[str(c) for c in h] for h in deal.received]
    for key, got in (
        ("hands", hands),
        ("chien", [str(c) for c in _get(data, "chien", _card_list)]),
    ):
        if got != expected[key]:
            raise InvalidRecordError(f"{key}: does not match the sequence of the deal (D6–D9)")
    for key, rule in (
        ("petit_sec", "D16"),
        ("first_bidder", "D18"),
        ("leader", "D18"),
        ("next_dealer", "D17"),
        ("shuffler", "D4"),
        ("cutter", "D5"),
    ):
        if data.get(key) != expected[key]:
            said = data.get(key)
            raise InvalidRecordError(
                f"{key}: the deal gives {expected[key]!r}, the record says {said!r} ({rule})"
            )
