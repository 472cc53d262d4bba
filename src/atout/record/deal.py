"""The deal format ``atout.deal/1`` (docs/reference/formats.md): a deal written as its
draw, shuffle, cut and sequence, and read back by replaying each step against the rules.

>>> import random
>>> from atout.errors import InvalidRecordError
>>> from atout.dealing import Deal
>>> from atout.table import Variant
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0)
>>> text = dumps_deal(deal, seed=7)
>>> again, seed = loads_deal(text)
>>> again == deal, seed
(True, 7)
>>> try:
...     loads_deal(text.replace('"KS"', '"ks"', 1), source="deal.json")
... except InvalidRecordError as error:
...     print(error)
deal.json: shuffled[19]: 'ks' is not a card (docs/reference/formats.md canonical form:
KS, 10H, T21, EX)

Faults (a game record's ``faults``, docs/reference/formats.md) are replayed at their place ``at``,
the number of ``sequence`` entries dealt before them. A fault before the first
packet (``at`` 0) happens where the deal stops when it stops there (before the
shuffle or the cut), otherwise after the cut. A card turned face up (D14) is one the
seat at fault could hold at that point: before the first packet any card of the
pack; then a card that seat has received, or for the dealer, who holds the pack, any
card not given to another seat. An early pick-up (D11) is of cards received, once per
seat in a deal.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from atout.cards import Card
from atout.dealing import (
    FAULT_KINDS,
    FAULT_RULES,
    ChienCardDealt,
    Deal,
    Operation,
    PacketDealt,
    Phase,
)
from atout.record.reader import (
    _at,
    _card_list,
    _card_list_or_none,
    _compare,
    _int,
    _join,
    _list,
    _loads,
    _object,
    _quote,
    _refuse,
    _same,
    _seat,
    _seat_or_none,
    _seed,
    _string,
    _strings,
    _tuple,
    parse_card,
)
from atout.table import Rules, Variant

__all__ = [
    "DEAL_FIELDS",
    "DEAL_FORMAT",
    "DEAL_RULES",
    "deal_record",
    "dumps_deal",
    "loads_deal",
    "read_deal_record",
]

DEAL_FORMAT = "atout.deal/1"
DEAL_FIELDS = (
    "format", "players", "seed", "draw", "dealer", "shuffler", "cutter", "shuffled", "cut",
    "pack", "sequence", "hands", "chien", "petit_sec", "first_bidder", "leader", "next_dealer",
)  # fmt: skip
DEAL_RULES = {  # the rule each field of an atout.deal/1 object follows, written once
    "format": "docs/reference/formats.md",
    "players": "D9",
    "seed": "docs/reference/formats.md",
    "draw": "D1–D3",
    "dealer": "D1, D12, D16, D17",
    "shuffler": "D4",
    "cutter": "D5",
    "shuffled": "D4",
    "cut": "D5",
    "pack": "D5",
    "sequence": "D6–D8",
    "hands": "D6–D9",
    "chien": "D8",
    "petit_sec": "D16",
    "first_bidder": "D18",
    "leader": "D18, A6",
    "next_dealer": "D12, D16, D17",
}


def _steps(operations: Sequence[Operation]) -> Iterator[tuple[int, Operation]]:
    """Each operation of a deal's log with the number of ``sequence`` entries before it."""
    dealt = 0
    for op in operations:
        yield dealt, op
        if isinstance(op, PacketDealt | ChienCardDealt):
            dealt += 1


def deal_record(deal: Deal, seed: int | None = None) -> dict[str, Any]:
    """The ``atout.deal/1`` object of a deal, as far as it went."""
    sequence: list[dict[str, Any]] = []
    for op in deal.operations:
        if isinstance(op, PacketDealt):
            sequence.append({"to": op.seat, "cards": _strings(op.cards)})
        elif isinstance(op, ChienCardDealt):
            sequence.append({"to": "chien", "cards": [str(op.card)]})
    dealt = deal.dealer is not None
    drawn = deal.draws or None
    return {
        "format": DEAL_FORMAT,
        "players": deal.variant.players,
        "seed": seed,
        "draw": [[s, _strings(c)] for s, c in deal.draw_order] if drawn else None,
        "dealer": deal.dealer,
        "shuffler": deal.shuffler if dealt else None,
        "cutter": deal.cutter if dealt else None,
        "shuffled": _strings(deal.shuffled) if deal.shuffled else None,
        "cut": deal.cut_k,
        "pack": _strings(deal.pack) if deal.cut_k is not None else None,
        "sequence": sequence,
        "hands": [_strings(cards) for cards in deal.received],
        "chien": _strings(deal.chien_cards),
        "petit_sec": deal.petit_sec if deal.void == "petit_sec" else None,
        "first_bidder": deal.first_bidder if dealt else None,
        "leader": deal.leader if dealt else None,
        "next_dealer": deal.next_dealer if dealt else None,
    }


def dumps_deal(deal: Deal, seed: int | None = None, indent: int | None = None) -> str:
    """The deal as one ``atout.deal/1`` JSON text (one line unless ``indent``)."""
    return json.dumps(deal_record(deal, seed), ensure_ascii=False, indent=indent)


def loads_deal(
    text: str | bytes, rules: Rules | None = None, source: str | None = None
) -> tuple[Deal, int | None]:
    """Read an ``atout.deal/1`` text and replay it step by step against the rules.

    Returns the deal and the record's seed; raises :class:`InvalidRecordError` naming
    the field and the rule when the record is malformed or breaks a rule, its text
    starting with ``source`` (a file name, ``-`` for standard input) when given.
    """
    return _loads(text, source, lambda data: read_deal_record(data, rules))


def read_deal_record(
    data: Any,
    rules: Rules | None = None,
    barred: frozenset[int] = frozenset(),
    faults: list[Any] | None = None,
) -> tuple[Deal, int | None]:
    """Like :func:`loads_deal`, from the already decoded JSON object. ``barred`` are
    the seats barred by the donne before; ``faults`` (a game record's,
    docs/reference/formats.md) are recorded at their place ``at`` in the deal."""
    return _read_deal(data, "", rules or Rules(), barred, faults or [], None)


class _Fault:
    """A game record's fault, checked for shape (docs/reference/formats.md)."""

    def __init__(self, entry: Any, at: str, variant: Variant) -> None:
        keys: tuple[str, ...] = ("kind", "by", "card", "rule", "at")
        if isinstance(entry, dict) and "during" in entry:
            keys += ("during",)
        fault = _object(entry, at, keys, "a fault")
        self.during = (
            ""
            if "during" not in keys
            else _string(
                fault["during"], _join(at, "during"), ("shuffle", "cut"), "a step before the cut"
            )
        )
        self.where = at
        self.kind = _string(fault["kind"], _join(at, "kind"), FAULT_KINDS, "a fault")
        self.by = _seat(fault["by"], _join(at, "by"), variant.players)
        self.card = None if fault["card"] is None else parse_card(fault["card"], _join(at, "card"))
        rule = FAULT_RULES[self.kind]  # type: ignore[index]
        if fault["rule"] != rule:
            raise _refuse(
                _join(at, "rule"),
                f"a {self.kind} fault is a {rule} fault, not {_quote(fault['rule'])}",
            )
        steps = variant.packet_count + variant.chien_size
        self.at = _int(fault["at"], _join(at, "at"), 0, steps, "a place in the sequence")
        if self.during and self.at:
            raise _refuse(
                _join(at, "at"), f"a fault during the {self.during} comes before any card"
            )


def _faults(entries: list[Any], at: str, variant: Variant) -> list[_Fault]:
    """The faults in order; a card is turned up once, a seat picks up early once."""
    most = variant.players + 40 + 1
    faults = [_Fault(e, _join(at, i), variant) for i, e in enumerate(_list(entries, at, most))]
    for i, fault in enumerate(faults):
        if i and fault.at < faults[i - 1].at:
            raise _refuse(_join(fault.where, "at"), "faults are listed in the order they happened")
    return faults


def _read_deal(
    value: Any,
    at: str,
    rules: Rules,
    barred: frozenset[int],
    faults: list[Any],
    players: int | None,
) -> tuple[Deal, int | None]:
    count = _head(value, at, DEAL_FORMAT)
    data = _object(value, at, DEAL_FIELDS, "a deal" if at else "a record")
    if players is not None and count != players:
        raise _refuse(_join(at, "players"), f"{count}, but the game has {players} players")
    variant = Variant.for_players(count)
    seed = _seed(data["seed"], _join(at, "seed"))
    pending = _faults(faults, "faults", variant) if faults else []
    deal = _replay_deal(data, at, variant, rules, barred, pending)
    _check_cards(data, at, variant)
    computed = deal_record(deal, seed)
    for key in DEAL_FIELDS:
        if key in ("hands", "chien") and not _same(data[key], computed[key]):
            raise _refuse(_join(at, key), "does not match the sequence of the deal (D6–D9)")
        _compare(at, key, data[key], computed[key], DEAL_RULES[key], "deal")
    return deal, seed


def _head(value: Any, at: str, name: str) -> int:
    """A record's ``format`` and ``players``, read before anything else."""
    if not isinstance(value, dict):
        what = "a deal" if at else "a record"
        raise _refuse(at, f"{what} is a JSON object, got {_quote(value)}")
    if value.get("format") != name:
        said = _quote(value.get("format"))
        raise _refuse(_join(at, "format"), f"expected {name!r}, got {said}")
    return _players(value.get("players"), _join(at, "players"))


def _players(value: Any, at: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (3, 4, 5):
        raise _refuse(at, f"French Tarot is played by 3, 4 or 5 players, not {_quote(value)} (D9)")
    return value


def _replay_deal(
    data: dict[str, Any],
    at: str,
    variant: Variant,
    rules: Rules,
    barred: frozenset[int],
    faults: list[_Fault],
) -> Deal:
    """The deal as the record's draw, shuffle, cut, sequence and faults make it."""
    draw = _draw(data["draw"], _join(at, "draw"), variant)
    dealer = _seat_or_none(data["dealer"], _join(at, "dealer"), variant.players)
    with _at(_join(at, "dealer")):
        deal = Deal(variant, rules, dealer if draw is None else None, barred)
    for i, (seat, cards) in enumerate(draw or ()):
        for card in cards:
            with _at(_join(_join(at, "draw"), i)):
                deal.draw(seat, card)
    for step in ("shuffle", "cut"):
        while faults and faults[0].during == step:
            _replay_fault(deal, faults.pop(0))
        if deal.phase is not Phase.VOID:
            (_shuffle if step == "shuffle" else _cut)(deal, data, at)
    steps = variant.packet_count + variant.chien_size
    sequence = _list(data["sequence"], _join(at, "sequence"), steps)
    for i in range(len(sequence) + 1):
        while faults and faults[0].at == i:
            _replay_fault(deal, faults.pop(0))
        if i < len(sequence):
            _replay_step(deal, sequence[i], _join(_join(at, "sequence"), i))
    if faults:
        fault = faults[0]
        raise _refuse(
            _join(fault.where, "at"),
            f"{fault.at} is after the last of the {len(sequence)} entries of deal.sequence",
        )
    with _at(_join(at, "sequence")):
        if deal.phase is Phase.SHOW_CHIEN:
            deal.show_chien()
            deal.pick_up()
        if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
            deal.announce_petit_sec(deal.petit_sec)
    return deal


def _draw(value: Any, at: str, variant: Variant) -> list[tuple[int, list[Card]]] | None:
    """The draw for the dealer: one ``[seat, [cards]]`` per seat, a card and, after the
    Excuse, the redraw (D1–D3)."""
    if value is None:
        return None
    draw = []
    for i, entry in enumerate(_list(value, at, variant.players)):
        where = _join(at, i)
        pair = _tuple(entry, where, 2, "each entry is [seat, [cards]]")
        cards = _card_list(pair[1], _join(where, 1), 2)
        draw.append((_seat(pair[0], _join(where, 0), variant.players), cards))
    return draw


def _shuffle(deal: Deal, data: dict[str, Any], at: str) -> None:
    """D4: the shuffle the record's ``shuffled`` shows."""
    players = deal.variant.players
    shuffled = _card_list_or_none(data["shuffled"], _join(at, "shuffled"), 78)
    shuffler = _seat_or_none(data["shuffler"], _join(at, "shuffler"), players)
    if shuffled is not None:
        if len(set(shuffled)) != 78 or len(shuffled) != 78:
            raise _refuse(_join(at, "shuffled"), "the pack holds the 78 cards, each once (D4)")
        position = {card: i for i, card in enumerate(deal.pack)}
        with _at(_join(at, "shuffled")):
            deal.shuffle(shuffler, [position[card] for card in shuffled])


def _cut(deal: Deal, data: dict[str, Any], at: str) -> None:
    """D5: the record's cut."""
    players = deal.variant.players
    cut = data["cut"]
    cutter = _seat_or_none(data["cutter"], _join(at, "cutter"), players)
    if cut is not None:
        k = _int(cut, _join(at, "cut"), 0, 78, "a number of cards")
        with _at(_join(at, "cut")):
            deal.cut(k, cutter)


def _check_cards(data: dict[str, Any], at: str, variant: Variant) -> None:
    """The derived card fields hold cards in the canonical form (docs/reference/formats.md)."""
    _card_list_or_none(data["pack"], _join(at, "pack"), 78)
    hands = _list(data["hands"], _join(at, "hands"), variant.players)
    for seat, hand in enumerate(hands):
        _card_list(hand, _join(_join(at, "hands"), seat), variant.hand_size)
    _card_list(data["chien"], _join(at, "chien"), variant.chien_size)


def _replay_step(deal: Deal, step: Any, at: str) -> None:
    """D6–D8: one packet to a seat, or one card to the chien."""
    entry = _object(step, at, ("to", "cards"), "a step of the sequence")
    size = deal.variant.packet_size
    cards = tuple(_card_list(entry["cards"], _join(at, "cards"), size))
    if entry["to"] == "chien":
        if len(cards) != 1:
            raise _refuse(_join(at, "cards"), "the chien is built one card at a time (D8)")
        with _at(at):
            deal.apply(ChienCardDealt(cards[0]))
        return
    seat = _seat(entry["to"], _join(at, "to"), deal.variant.players)
    with _at(at):
        deal.apply(PacketDealt(seat, cards))


def _replay_fault(deal: Deal, fault: _Fault) -> None:
    """D10–D14: the fault at its place, if the seat could have done it there (the
    deal's own rule, :meth:`Deal.verify_fault`)."""
    with _at(fault.where):
        deal.record_fault(fault.kind, fault.by, fault.card)  # type: ignore[arg-type]
