"""The game format ``atout.game/1`` (docs/reference/formats.md): a match written donne by
donne, and read back by replaying every donne against the rules and checking every
field against the replay and the scoring.

A donne of an ``atout.game/1`` record may hold one field more than docs/reference/formats.md lists,
``fairness``, the data of a verifiable deal (:mod:`atout.fairness`); it is absent when
the deal had no commitment (``null`` is refused: leave the field out)::

    "fairness": {"commitment": HEX, "secret": HEX_OR_NULL, "contributions": [[SEAT, HEX], …]}

``commitment`` is 64 lowercase hex digits (a SHA-256), ``secret`` the 32-byte secret in
64 lowercase hex digits or ``null`` while it is not revealed, ``contributions`` one
``[seat, value]`` per contributing seat, in increasing seat order, each seat once, each
value 16 to 64 bytes in lowercase hex. An optional ``"derived_cut": true`` says the cut
was derived too (:func:`atout.fairness.derived_cut`, for a cutter who is a bot). The
reader checks only the form of these values; whether they match the deal is what
:func:`atout.fairness.verify_game` and ``atout verify`` check, so that a record whose
deal does not match its commitment still reads, and is reported as not verified.
:func:`game_record` and :func:`donne_record` write the field when given it, and
:func:`donne_fairness` gives it back from a record read by :func:`loads_game`.

A record may also hold a ``rules`` field (:mod:`atout.record.rules`). A score sheet of
the table companion (:mod:`atout.record.sheet`) cannot be replayed card by card, so
:func:`loads_game` refuses it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout.cards import EXCUSE, Card
from atout.chien import LEVELS
from atout.dealing import Cut, Deal, FaultRecorded, Shuffled
from atout.errors import AtoutError, InvalidRecordError
from atout.randomness import CONTRIBUTION_BYTES, SECRET_BYTES
from atout.record.deal import _head, _read_deal, _steps, deal_record
from atout.record.reader import (
    _CONTRACTS,
    _at,
    _card_list,
    _card_list_or_none,
    _compare,
    _list,
    _loads,
    _object,
    _quote,
    _refuse,
    _seat,
    _seat_or_none,
    _seed,
    _string,
    _strings,
    _tuple,
    parse_card,
)
from atout.record.rules import read_rules, rules_record
from atout.scoring import sum_of_marks
from atout.state import (
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    PoigneeShown,
)
from atout.table import Rules

__all__ = [
    "DONNE_FIELDS",
    "DONNE_RULES",
    "FAIRNESS_FIELDS",
    "GAME_FIELDS",
    "GAME_FORMAT",
    "MAX_DONNES",
    "MAX_NAME",
    "RESULT_RULES",
    "SHEET_REFUSAL",
    "donne_fairness",
    "donne_record",
    "game_record",
    "loads_game",
]

GAME_FORMAT = "atout.game/1"
MAX_DONNES = 100_000
"""The most donnes a game record holds."""
MAX_NAME = 200
"""The longest ``seats`` entry, in characters."""
GAME_FIELDS = ("format", "players", "seed", "seats", "donnes", "totals")
DONNE_FIELDS = (
    "deal", "barred", "faults", "void", "bids", "taker", "contract", "called", "partner",
    "ecart", "poignees", "chelem", "tricks", "result",
)  # fmt: skip
DONNE_RULES = {  # the rule each field of a donne of atout.game/1 follows, written once
    "barred": "D12, D14",
    "faults": "D10–D14",
    "void": "B3, D12, D16",
    "bids": "B1",
    "taker": "B1",
    "contract": "B2",
    "called": "B4",
    "partner": "B4",
    "ecart": "E1, E3",
    "poignees": "A1, A2",
    "chelem": "A4",
    "tricks": "P5",
}
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


def donne_record(
    donne: Donne, seed: int | None = None, fairness: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """One entry of ``donnes`` in an ``atout.game/1`` record, with the ``fairness``
    field (the module's description) when ``fairness`` is given; its form is checked
    (:class:`InvalidRecordError`)."""
    deal = donne.deal
    tricks = [
        {"leader": t.leader, "cards": [[s, str(c)] for s, c in t.cards], "winner": t.winner}
        for t in donne.tricks
    ]
    extra = {} if fairness is None else {"fairness": _fairness(fairness, donne.players)}
    return {
        "deal": deal_record(deal, seed),
        **extra,
        "barred": sorted(deal.barred),
        "faults": _faults_record(deal),
        "void": donne.void,
        "bids": [[b.seat, b.contract.value if b.contract else "pass"] for b in donne.bids],
        "taker": donne.taker,
        "contract": donne.contract.value if donne.contract else None,
        "called": str(donne.called) if donne.called is not None else None,
        "partner": donne.partner,
        "ecart": _strings(donne.ecart) if donne.contract and donne.contract.chien_seen else None,
        "poignees": [[p.seat, p.level, _strings(p.cards)] for p in donne.poignees],
        "chelem": donne.chelem,
        "tricks": tricks,
        "result": donne.result.as_record() if donne.result else None,
    }


def _faults_record(deal: Deal) -> list[dict[str, Any]]:
    """The faults of the deal, each with its place ``at`` in the sequence, and
    ``during`` (``"shuffle"`` or ``"cut"``) for one recorded before the cut."""
    faults, during = [], "shuffle"
    for at, op in _steps(deal.operations):
        if isinstance(op, Shuffled):
            during = "cut"
        elif isinstance(op, Cut):
            during = ""
        elif isinstance(op, FaultRecorded):
            faults.append(_fault_record(op, at, during))
    return faults


def _fault_record(fault: FaultRecorded, at: int, during: str = "") -> dict[str, Any]:
    card = str(fault.card) if fault.card is not None else None
    record = {"kind": fault.kind, "by": fault.by, "card": card, "rule": fault.rule, "at": at}
    return record | ({"during": during} if during else {})


def game_record(
    donnes: list[Donne],
    seats: list[str],
    seed: int | None = None,
    seeds: list[int | None] | None = None,
    fairness: Sequence[Mapping[str, Any] | None] | None = None,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """An ``atout.game/1`` record of a match: every donne in order, voided ones included.
    ``fairness``, one entry per donne (``None`` for a donne without a commitment), adds
    the ``fairness`` field to the donnes that have one; ``rules`` adds the ``rules``
    field, the settings that differ from the FFT (:func:`rules_record`)."""
    per_deal = seeds or [None] * len(donnes)
    per_donne = fairness if fairness is not None else [None] * len(donnes)
    if len(per_donne) != len(donnes):
        raise InvalidRecordError(
            f"fairness: one entry per donne, {len(donnes)}, got {len(per_donne)}"
        )
    rows = zip(donnes, per_deal, per_donne, strict=True)
    return {
        "format": GAME_FORMAT,
        "players": len(seats),
        "seed": seed,
        "seats": seats,
        **({} if rules is None else {"rules": rules_record(rules)}),
        "donnes": [donne_record(d, s, f) for d, s, f in rows],
        "totals": _totals(donnes, len(seats)),
    }


def _totals(donnes: list[Donne], players: int) -> list[int]:
    """S4: the running sums of the marks."""
    return sum_of_marks((donne.returns() for donne in donnes), players)


def loads_game(
    text: str | bytes, rules: Rules | None = None, source: str | None = None
) -> tuple[list[Donne], dict[str, Any]]:
    """Read an ``atout.game/1`` text, replay every donne against the rules and check
    every field against the replay and the scoring; raise :class:`InvalidRecordError`
    at the first difference, naming the donne, the field and the rule, its text
    starting with ``source`` (a file name, ``-`` for standard input) when given.

    The record's ``rules`` field, when it has one, gives the rules of its replay and
    scoring; ``rules`` (default the FFT's) is for a record without it. A score sheet of
    the table companion (``hands_known: false``) is refused: it cannot be replayed card
    by card (:func:`atout.companion.read_evening` reads it)."""
    return _loads(text, source, lambda data: _read_game(data, rules or Rules()))


def _read_game(value: Any, rules: Rules) -> tuple[list[Donne], dict[str, Any]]:
    players = _head(value, "", GAME_FORMAT)
    data = _object(value, "", _game_fields(value), "a record")
    if "rules" in data:
        rules = read_rules(data["rules"], players)
    _seed(data["seed"], "seed")
    seats = _list(data["seats"], "seats", players, "seats")
    if len(seats) != players:
        raise _refuse("seats", f"one name per seat: {players} with {players} players")
    for i, name in enumerate(seats):
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise _refuse(
                f"seats[{i}]", f"a name of at most {MAX_NAME} characters, got {_quote(name)}"
            )
    donnes: list[Donne] = []
    for number, entry in enumerate(_list(data["donnes"], "donnes", MAX_DONNES), 1):
        try:
            donnes.append(_replay_donne(entry, rules, donnes, players))
        except AtoutError as error:
            raise InvalidRecordError(f"donne {number}: {error}") from None
    totals = _list(data["totals"], "totals", players, "totals")
    _compare("", "totals", totals, _totals(donnes, players), "S4", "game")
    return donnes, data


def _game_fields(value: Any) -> tuple[str, ...]:
    """The fields of a game record: docs/reference/formats.md's, and ``rules`` when it is there."""
    if isinstance(value, dict) and "rules" in value:
        return (*GAME_FIELDS[:4], "rules", *GAME_FIELDS[4:])
    return GAME_FIELDS


SHEET_REFUSAL = (
    "false: a score sheet of the table companion, whose cards were not entered, cannot be "
    "replayed card by card; read it with atout.companion.read_evening or `atout replay FILE`"
)


def _replay_donne(entry: Any, rules: Rules, before: list[Donne], players: int) -> Donne:
    if isinstance(entry, dict) and "hands_known" in entry:
        if entry["hands_known"] is False:
            raise _refuse("hands_known", SHEET_REFUSAL)
        raise _refuse(
            "hands_known",
            f"only false is written (the cards were not entered), got "
            f"{_quote(entry['hands_known'])}; a donne whose hands are known leaves it out",
        )
    if isinstance(entry, dict) and "entered" in entry:
        raise _refuse(
            "entered", "only in a donne with hands_known: false (a score sheet of the companion)"
        )
    fair = isinstance(entry, dict) and "fairness" in entry
    data = _object(entry, "", (*DONNE_FIELDS, "fairness") if fair else DONNE_FIELDS, "a donne")
    if fair:
        _fairness(data["fairness"], players)
    barred = _barred(data["barred"], players)
    expected = before[-1].deal.barred_next if before else frozenset()
    if barred != expected:
        raise _refuse("barred", f"the previous donne bars {sorted(expected)} (D12, D14)")
    faults = _list(data["faults"], "faults", players + 41, "faults")
    deal_data = data["deal"]
    if before and isinstance(deal_data, dict) and deal_data.get("draw") is not None:
        raise _refuse(
            "deal.draw", "only the first dealer is drawn (D1); then the deal passes (D17)"
        )
    deal, seed = _read_deal(data["deal"], "deal", rules, barred, faults, players)
    if before and deal.dealer != before[-1].deal.next_dealer:
        raise _refuse(
            "deal.dealer",
            f"seat {before[-1].deal.next_dealer} deals this donne, not {deal.dealer} "
            "(D12, D16, D17)",
        )
    with _at("deal"):
        donne = Donne(deal)
    _replay_play(donne, data)
    computed = donne_record(donne, seed)
    for key, rule in DONNE_RULES.items():
        _compare("", key, data[key], computed[key], rule, "game")
    _check_result(data["result"], computed["result"])
    return donne


FAIRNESS_FIELDS = ("commitment", "secret", "contributions")
"""The fields of a donne's ``fairness`` object (and the optional ``derived_cut``)."""


def _fairness(value: Any, players: int) -> dict[str, Any]:
    """The ``fairness`` object of a donne, checked for form (the module's description):
    a copy of it as JSON."""
    keys: tuple[str, ...] = FAIRNESS_FIELDS
    if isinstance(value, Mapping) and "derived_cut" in value:
        keys += ("derived_cut",)
    if not isinstance(value, Mapping):
        raise _refuse(
            "fairness",
            f"a fairness object is a JSON object, got {_quote(value)}; leave the field out "
            "when the deal has no commitment",
        )
    data = _object(dict(value), "fairness", keys, "a fairness object")
    _hex(data["commitment"], "fairness.commitment", 32, 32, "a SHA-256 commitment")
    if data["secret"] is not None:
        _hex(data["secret"], "fairness.secret", SECRET_BYTES, SECRET_BYTES, "the secret")
    entries = _list(data["contributions"], "fairness.contributions", players, "contributions")
    contributions: list[list[Any]] = []
    for i, entry in enumerate(entries):
        where = f"fairness.contributions[{i}]"
        pair = _tuple(entry, where, 2, "each contribution is [seat, hex]")
        seat = _seat(pair[0], f"{where}[0]", players)
        if contributions and seat <= contributions[-1][0]:
            raise _refuse(
                f"{where}[0]", "the contributions in increasing seat order, each seat once (D4)"
            )
        _hex(pair[1], f"{where}[1]", *CONTRIBUTION_BYTES, "a contribution")
        contributions.append([seat, pair[1]])
    copy = {"commitment": data["commitment"], "secret": data["secret"]}
    copy["contributions"] = contributions
    if "derived_cut" in data:
        if not isinstance(data["derived_cut"], bool):
            raise _refuse(
                "fairness.derived_cut", f"true or false, got {_quote(data['derived_cut'])} (D5)"
            )
        copy["derived_cut"] = data["derived_cut"]
    return copy


def _hex(value: Any, at: str, low: int, high: int, what: str) -> None:
    """``value``: ``low`` to ``high`` bytes in lowercase hex (D4)."""
    ok = isinstance(value, str) and 2 * low <= len(value) <= 2 * high and len(value) % 2 == 0
    if not ok or not set(value) <= set("0123456789abcdef"):
        size = f"{low}" if low == high else f"{low} to {high}"
        raise _refuse(at, f"{what} is {size} bytes in lowercase hex, got {_quote(value)} (D4)")


def donne_fairness(data: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    """The ``fairness`` field of each donne of a game record read by :func:`loads_game`
    (its second value), ``None`` for a donne without one: what :func:`game_record`
    takes back to write the record again."""
    return [entry.get("fairness") for entry in data["donnes"]]


def _barred(value: Any, players: int) -> frozenset[int]:
    seats = [
        _seat(s, f"barred[{i}]", players) for i, s in enumerate(_list(value, "barred", players))
    ]
    if seats != sorted(set(seats)):
        raise _refuse(
            "barred", f"the barred seats in increasing order, each once, got {_quote(value)}"
        )
    return frozenset(seats)


def _replay_play(donne: Donne, data: dict[str, Any]) -> None:
    """B1–B4, E1–E3, A1–A6, P1–P5: the donne as the record's actions make it."""
    players = donne.players
    _bids(donne, data["bids"])
    taker = -1 if donne.taker is None else donne.taker
    if data["called"] is not None:
        with _at("called"):
            donne.apply_action(CallCard(taker, parse_card(data["called"], "called")))
    ecart = _card_list_or_none(data["ecart"], "ecart", donne.variant.chien_size)
    for i, card in enumerate(ecart or ()):
        with _at(f"ecart[{i}]"):
            donne.apply_action(Discard(taker, card))
    announcer = _seat_or_none(data["chelem"], "chelem", players)
    if donne.phase is GamePhase.CHELEM:
        with _at("chelem"):
            donne.apply_action(ChelemDecision(taker, announcer is not None))
    poignees = _poignees(data["poignees"], donne)
    for i, trick in enumerate(_list(data["tricks"], "tricks", donne.variant.hand_size)):
        _replay_trick(donne, trick, f"tricks[{i}]", poignees)
    if poignees:
        seat = next(iter(poignees))
        raise _refuse("poignees", f"seat {seat}'s poignée is not shown before his first card (A2)")
    _check_over(donne)


def _bids(donne: Donne, value: Any) -> None:
    """B1: one bid per seat, in speaking order."""
    for i, entry in enumerate(_list(value, "bids", donne.players)):
        where = f"bids[{i}]"
        pair = _tuple(entry, where, 2, "each bid is [seat, contract]")
        seat = _seat(pair[0], f"{where}[0]", donne.players)
        contract = _string(pair[1], f"{where}[1]", tuple(_CONTRACTS), "a bid")
        with _at(where):
            donne.apply_action(Bid(seat, _CONTRACTS[contract]))


def _poignees(value: Any, donne: Donne) -> dict[int, tuple[str, PoigneeShown]]:
    """A1–A2: the poignées, by seat, to show before each one's first card."""
    shown: dict[int, tuple[str, PoigneeShown]] = {}
    for i, entry in enumerate(_list(value, "poignees", donne.players)):
        where = f"poignees[{i}]"
        triple = _tuple(entry, where, 3, "each poignée is [seat, level, [cards]]")
        seat = _seat(triple[0], f"{where}[0]", donne.players)
        level = _string(triple[1], f"{where}[1]", LEVELS, "a poignée")
        cards = _card_list(triple[2], f"{where}[2]", 22)
        if cards != _poignee_order(cards):
            raise _refuse(f"{where}[2]", "trumps in decreasing order, the Excuse last (A2)")
        if seat in shown:
            raise _refuse(where, f"seat {seat} shows a second poignée (A2: once)")
        shown[seat] = where, PoigneeShown(seat, level, tuple(cards))  # type: ignore[arg-type]
    return shown


def _poignee_order(cards: list[Card]) -> list[Card]:
    trumps = sorted((card for card in cards if card != EXCUSE), reverse=True)
    return trumps + [EXCUSE] * (len(cards) - len(trumps))


def _replay_trick(
    donne: Donne, value: Any, at: str, poignees: dict[int, tuple[str, PoigneeShown]]
) -> None:
    """P1–P5: a trick led by the winner of the one before (D18, A6 for the first)."""
    trick = _object(value, at, ("leader", "cards", "winner"), "a trick")
    players = donne.players
    leader = _seat(trick["leader"], f"{at}.leader", players)
    cards = _list(trick["cards"], f"{at}.cards", players)
    winner = _seat(trick["winner"], f"{at}.winner", players)
    if donne.phase is not GamePhase.PLAY:
        raise _refuse(
            at, f"no trick is played now: the donne is at {donne.phase.value} (B1, E1, A4)"
        )
    expected = donne.current_player()
    if leader != expected:
        rule = "P5" if donne.tricks else "D18, A6"
        raise _refuse(f"{at}.leader", f"seat {expected} leads this trick, not {leader} ({rule})")
    for i, entry in enumerate(cards):
        where = f"{at}.cards[{i}]"
        pair = _tuple(entry, where, 2, "each card is [seat, card]")
        seat = _seat(pair[0], f"{where}[0]", players)
        card = parse_card(pair[1], f"{where}[1]")
        if seat in poignees:
            place, shown = poignees.pop(seat)
            with _at(place):
                donne.apply_action(shown)
        with _at(where):
            donne.apply_action(CardPlayed(seat, card))
    if len(cards) != players:
        raise _refuse(f"{at}.cards", f"each of the {players} players plays a card (P1, P5)")
    if donne.tricks[-1].winner != winner:
        said = donne.tricks[-1].winner
        raise _refuse(f"{at}.winner", f"the trick is won by seat {said}, not {winner} (P5)")


def _check_over(donne: Donne) -> None:
    """A record holds whole donnes: the last field played must end it."""
    if donne.is_terminal():
        return
    where = {
        GamePhase.BIDDING: ("bids", "every seat speaks once (B1)"),
        GamePhase.CALL: ("called", "with 5 players the taker calls a card (B4)"),
        GamePhase.ECART: ("ecart", f"the taker discards {donne.variant.chien_size} cards (E1)"),
        GamePhase.CHELEM: ("chelem", "the taker announces a chelem or not (A4)"),
        GamePhase.PLAY: ("tricks", f"the donne has {donne.variant.hand_size} tricks (D9, P5)"),
    }
    field, text = where.get(donne.phase, ("tricks", "the donne is not over"))
    raise _refuse(field, f"the record stops before the end of the donne: {text}")


def _check_result(said: Any, computed: dict[str, Any] | None) -> None:
    if computed is None or said is None:
        _compare("", "result", said, computed, "S3", "game")
        return
    result = _object(said, "result", tuple(RESULT_RULES), "a result")
    for key, rule in RESULT_RULES.items():
        _compare("result", key, result[key], computed[key], rule, "game")
