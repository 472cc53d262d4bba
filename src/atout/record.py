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

from atout.bidding import Contract
from atout.cards import Card
from atout.dealing import ChienCardDealt, Deal, FaultRecorded, PacketDealt, Phase
from atout.errors import AtoutError, InvalidNotationError, InvalidRecordError
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    PoigneeShown,
)
from atout.table import Rules, Variant

__all__ = [
    "DEAL_FORMAT",
    "GAME_FORMAT",
    "action_from_json",
    "action_to_json",
    "deal_record",
    "donne_record",
    "dumps_deal",
    "game_record",
    "loads_deal",
    "loads_game",
    "read_deal_record",
]

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


def read_deal_record(
    data: Any,
    rules: Rules | None = None,
    barred: frozenset[int] = frozenset(),
    faults: list[Any] | None = None,
) -> tuple[Deal, int | None]:
    """Like :func:`loads_deal`, from the already decoded JSON object. ``barred`` are
    the seats barred by the donne before; ``faults`` (a game record's, FORMATS.md) are
    recorded during the deal: those that let the deal go on after its first packet,
    one that voids it where the recorded sequence stops."""
    if not isinstance(data, dict):
        raise InvalidRecordError(f"{DEAL_FORMAT}: a record is a JSON object, got {data!r:.60}")
    if data.get("format") != DEAL_FORMAT:
        raise InvalidRecordError(f"format: expected {DEAL_FORMAT!r}, got {data.get('format')!r}")
    try:
        deal = _replay(data, rules or Rules(), barred, faults or [])
        _check_derived(deal, data)
    except InvalidRecordError:
        raise
    except AtoutError as error:
        raise InvalidRecordError(f"{DEAL_FORMAT}: {error}") from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
        raise InvalidRecordError(
            f"{DEAL_FORMAT}: a field has the wrong shape ({type(error).__name__}: {error}); "
            "see FORMATS.md"
        ) from None
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidRecordError(f"seed: an integer or null, got {seed!r}")
    return deal, seed


def _get(data: dict[str, Any], key: str, kind: Callable[[Any], _T]) -> _T:
    if key not in data:
        raise InvalidRecordError(f"{key}: missing (FORMATS.md)")
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


def _replay(data: dict[str, Any], rules: Rules, barred: frozenset[int], faults: list[Any]) -> Deal:
    variant = Variant.for_players(_get(data, "players", _int))
    draw = _get_or_none(data, "draw", list)
    dealer = _get_or_none(data, "dealer", _int)
    deal = Deal(variant, rules, dealer if draw is None else None, barred)
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
    pending = [_fault(f) for f in faults]
    for step in _get(data, "sequence", list):
        _replay_step(deal, step)
        while pending and deal.can_record_fault(*pending[0]) and _goes_on(deal, pending[0]):
            deal.record_fault(*pending.pop(0))
    for fault in pending:
        deal.record_fault(*fault)
    if deal.phase is Phase.SHOW_CHIEN:
        deal.show_chien()
        deal.pick_up()
    if deal.phase is Phase.PETIT_SEC and deal.petit_sec is not None:
        deal.announce_petit_sec(deal.petit_sec)
    return deal


def _fault(entry: Any) -> tuple[Any, int | None, Card | None]:
    if not isinstance(entry, dict) or "kind" not in entry:
        raise InvalidRecordError(f"faults: each fault is {{'kind': …, 'by': …}}, got {entry!r}")
    card = entry.get("card")
    return entry["kind"], entry.get("by"), Card.parse(card) if card is not None else None


def _goes_on(deal: Deal, fault: tuple[Any, int | None, Card | None]) -> bool:
    """Whether ``fault`` lets the deal go on (then it is recorded at once)."""
    kind, by, card = fault
    seat = deal.dealer if by is None else by
    return seat is not None and not deal.fault_consequences(kind, seat, card).voids


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


# -- atout.game/1 ---------------------------------------------------------------------------

GAME_FORMAT = "atout.game/1"


def donne_record(donne: Donne, seed: int | None = None) -> dict[str, Any]:
    """One entry of ``donnes`` in an ``atout.game/1`` record."""
    deal = donne.deal
    tricks = [
        {"leader": t.leader, "cards": [[s, str(c)] for s, c in t.cards], "winner": t.winner}
        for t in donne.tricks
    ]
    return {
        "deal": deal_record(deal, seed),
        "barred": sorted(deal.barred),
        "faults": [_fault_record(f) for f in deal.faults],
        "void": donne.void,
        "bids": [[b.seat, b.contract.value if b.contract else "pass"] for b in donne.bids],
        "taker": donne.taker,
        "contract": donne.contract.value if donne.contract else None,
        "called": str(donne.called) if donne.called is not None else None,
        "partner": donne.partner,
        "ecart": _cards(donne.ecart) if donne.contract and donne.contract.chien_seen else None,
        "poignees": [[p.seat, p.level, _cards(p.cards)] for p in donne.poignees],
        "chelem": donne.chelem,
        "tricks": tricks,
        "result": donne.result.as_record() if donne.result else None,
    }


def _fault_record(fault: FaultRecorded) -> dict[str, Any]:
    card = str(fault.card) if fault.card is not None else None
    return {"kind": fault.kind, "by": fault.by, "card": card, "rule": fault.rule}


def game_record(
    donnes: list[Donne],
    seats: list[str],
    seed: int | None = None,
    seeds: list[int | None] | None = None,
) -> dict[str, Any]:
    """An ``atout.game/1`` record of a match: every donne in order, voided ones included."""
    totals = [0] * len(seats)
    for donne in donnes:
        totals = [a + b for a, b in zip(totals, donne.returns(), strict=True)]
    per_deal = seeds or [None] * len(donnes)
    return {
        "format": GAME_FORMAT,
        "players": len(seats),
        "seed": seed,
        "seats": seats,
        "donnes": [donne_record(d, s) for d, s in zip(donnes, per_deal, strict=True)],
        "totals": totals,
    }


def loads_game(text: str, rules: Rules | None = None) -> tuple[list[Donne], dict[str, Any]]:
    """Read an ``atout.game/1`` text, replay every donne against the rules and check
    every result against the scoring; raise :class:`InvalidRecordError` at the first
    difference, naming the donne, the field and the rule."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidRecordError(f"{GAME_FORMAT}: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        got = data.get("format") if isinstance(data, dict) else data
        raise InvalidRecordError(f"format: expected {GAME_FORMAT!r}, got {got!r:.60}")
    donnes: list[Donne] = []
    entries = _get(data, "donnes", list)
    for number, entry in enumerate(entries, 1):
        try:
            donnes.append(_replay_donne(entry, rules or Rules(), donnes))
        except AtoutError as error:
            raise InvalidRecordError(f"donne {number}: {error}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            raise InvalidRecordError(
                f"donne {number}: a field has the wrong shape ({type(error).__name__}: {error}); "
                f"see {GAME_FORMAT} in FORMATS.md"
            ) from None
    totals = [0] * _get(data, "players", _int)
    for donne in donnes:
        totals = [a + b for a, b in zip(totals, donne.returns(), strict=True)]
    if data.get("totals") != totals:
        said = data.get("totals")
        raise InvalidRecordError(f"totals: the marks add up to {totals}, not {said!r} (S4)")
    return donnes, data


def _replay_donne(entry: Any, rules: Rules, before: list[Donne]) -> Donne:
    if not isinstance(entry, dict):
        raise InvalidRecordError(f"a donne is a JSON object, got {entry!r:.60}")
    barred = frozenset(_get(entry, "barred", list))
    expected = before[-1].deal.barred_next if before else frozenset()
    if barred != expected:
        raise InvalidRecordError(f"barred: the previous donne bars {sorted(expected)} (D12, D14)")
    deal, _ = read_deal_record(_get(entry, "deal", dict), rules, barred, entry.get("faults") or [])
    if before and deal.dealer != before[-1].deal.next_dealer:
        raise InvalidRecordError(
            f"deal.dealer: seat {before[-1].deal.next_dealer} deals this donne, not "
            f"{deal.dealer} (D12, D16, D17)"
        )
    donne = Donne(deal)
    for seat, bid in _get(entry, "bids", list):
        donne.apply_action(Bid(_int(seat), None if bid == "pass" else Contract.parse(bid)))
    if entry.get("called") is not None:
        donne.apply_action(CallCard(donne.taker or 0, Card.parse(entry["called"])))
    for card in _get_or_none(entry, "ecart", _card_list) or []:
        donne.apply_action(Discard(donne.taker or 0, card))
    if donne.phase is GamePhase.CHELEM:
        announcer = entry.get("chelem")
        donne.apply_action(ChelemDecision(donne.taker or 0, announcer is not None))
    poignees = {p[0]: p for p in _get(entry, "poignees", list)}
    for trick in _get(entry, "tricks", list):
        for seat, card in trick["cards"]:
            if seat in poignees:
                _, level, shown = poignees.pop(seat)
                donne.apply_action(PoigneeShown(seat, level, tuple(_card_list(shown))))
            donne.apply_action(CardPlayed(_int(seat), Card.parse(card)))
        if trick.get("winner") != donne.tricks[-1].winner:
            raise InvalidRecordError(
                f"tricks: trick {len(donne.tricks)} is won by seat {donne.tricks[-1].winner}, "
                f"not {trick.get('winner')!r} (P5)"
            )
    _check_donne(donne, entry)
    return donne


def _check_donne(donne: Donne, entry: dict[str, Any]) -> None:
    computed = donne_record(donne, entry["deal"].get("seed"))
    rules = {"void": "B3", "taker": "B1", "contract": "B2", "partner": "B4", "chelem": "A4"}
    for key, rule in rules.items():
        if computed[key] != entry.get(key):
            said = entry.get(key)
            raise InvalidRecordError(
                f"{key}: the game gives {computed[key]!r}, the record says {said!r} ({rule})"
            )
    result, said = computed["result"], entry.get("result")
    if result is None or said is None:
        if result != said:
            raise InvalidRecordError(f"result: the game gives {result!r}, the record {said!r} (S3)")
        return
    for key, rule in RESULT_RULES.items():
        if result[key] != said.get(key):
            raise InvalidRecordError(
                f"result.{key}: the game gives {result[key]!r}, the record says "
                f"{said.get(key)!r} ({rule})"
            )


RESULT_RULES = {
    "bouts": "S2",
    "points": "S1",
    "target": "S2",
    "made": "S3",
    "difference": "S5",
    "petit_au_bout": "A5",
    "poignee": "A3",
    "chelem": "A4",
    "score": "S3",
    "marks": "S4",
}


# -- actions as JSON (saves, network play) -------------------------------------------------


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
        cards = _cards(action.cards)
        return {"type": "poignee", "seat": action.seat, "level": action.level, "cards": cards}
    return {"type": "play", "seat": action.seat, "card": str(action.card)}


def action_from_json(data: Any) -> Action:
    """The action of :func:`action_to_json`; :class:`InvalidRecordError` when malformed."""
    if not isinstance(data, dict) or "type" not in data:
        raise InvalidRecordError(f"an action is an object with a 'type', got {data!r:.60}")
    kind, seat = data["type"], _get(data, "seat", _int)
    if kind == "bid":
        contract = _get(data, "contract", str)
        return Bid(seat, None if contract == "pass" else Contract.parse(contract))
    if kind in ("call", "discard", "play"):
        card = _get(data, "card", Card.parse)
        if kind == "call":
            return CallCard(seat, card)
        return Discard(seat, card) if kind == "discard" else CardPlayed(seat, card)
    if kind == "chelem":
        return ChelemDecision(seat, bool(_get(data, "announce", bool)))
    if kind == "poignee":
        return PoigneeShown(seat, _get(data, "level", str), tuple(_get(data, "cards", _card_list)))  # type: ignore[arg-type]
    raise InvalidRecordError(
        f"type: {kind!r} is not an action (bid, call, discard, chelem, poignee, play)"
    )
