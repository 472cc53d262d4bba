"""The JSON records of docs/reference/formats.md: ``atout.deal/1`` (a deal) and ``atout.game/1`` (a
match), read and written.

Records are written in the canonical forms of docs/reference/formats.md and read back only in them:
every field is checked, its type and its value, and every step is replayed against
the rules, so that a record that is read is a legal game and reads back as written.
Input is bounded before anything is built from it (:data:`MAX_RECORD_BYTES`, nesting,
digits, list lengths); every refusal is one :class:`InvalidRecordError` line naming
the field and the rule.

>>> import random
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

An ``atout.game/1`` record may also hold, after ``seats``, a ``rules`` field: the ⚙
settings of :class:`~atout.table.Rules` that differ from the FFT's, by name
(:data:`RULE_SETTINGS`), ``{}`` for the FFT; a setting it leaves out is the FFT's, and a
record without the field is read with the rules the caller gives (the FFT's by
default). Every name must be a field of ``Rules``, every value of that field's type
and different from the FFT's (so that a record has one form); the rules read are the
rules of the replay and of the scoring (:func:`read_rules`, :func:`rules_record`;
:func:`game_record` writes the field when given ``rules``)::

    "rules": {"five_player_split": "1.5:1.5", "poignee_goes": "attack_if_made"}

A **score sheet** is an ``atout.game/1`` record of a real table whose cards were not
entered, as the table companion writes it (:meth:`atout.companion.Evening.game_record`).
Each of its donnes holds two fields more, ``"hands_known": false`` and ``entered``, and
keeps every other field, the unknown ones in their empty forms: in ``deal``,
``shuffled`` and ``pack`` are ``null`` and ``sequence``, ``hands`` (one empty list a
seat) and ``chien`` are empty; ``ecart`` is ``null``, ``tricks`` ``[]``, each poignée's
cards ``[]`` and each fault's ``at`` ``0``. ``bids`` is ``[]`` (the companion enters no
bids) or a whole auction (one bid a seat in speaking order, each above the one before,
barred seats passing, ending with ``taker`` and ``contract``). ``entered`` is what the
scorer entered that has no other place: ``penalties`` (the D11 points by seat, which
``totals`` leaves out), and as entered ``points`` and ``bouts`` or ``pile`` (the
cards of the taker's pile), ``every_trick`` and ``petit_au_bout`` (``"attack"`` or
``"defence"``), ``petit_in_chien`` (true or false)::

    "hands_known": false,
    "entered": {"penalties": [0, 0, 0, 0], "points": 47, "bouts": 2}

A score sheet cannot be replayed card by card, so :func:`loads_game` refuses it
(``donne 1: hands_known: false: a score sheet of the table companion …``) and
:func:`atout.companion.read_evening` reads it: :func:`read_score_sheet` checks its form
here, and the companion enters the evening again and compares each donne it gives with
the record's, field by field (the dealers, the bans, the faults, the results and the
totals). ``hands_known`` is only ever ``false``: a donne whose hands are known leaves it
out, and has no ``entered``.
"""

from __future__ import annotations

import dataclasses
import json
import reprlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from atout.bidding import Contract, legal_contracts
from atout.cards import ALL_CARDS, EXCUSE, Card
from atout.chien import LEVELS
from atout.dealing import (
    FAULT_KINDS,
    FAULT_RULES,
    MIN_CUT,
    ChienCardDealt,
    Cut,
    Deal,
    FaultRecorded,
    Operation,
    PacketDealt,
    Phase,
    Shuffled,
    is_legal_cut,
)
from atout.errors import AtoutError, InvalidRecordError
from atout.randomness import CONTRIBUTION_BYTES, SECRET_BYTES
from atout.scoring import sum_of_marks
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
from atout.table import (
    EXCUSE_LAST_TRICK,
    FIVE_PLAYER_SPLITS,
    POIGNEE_GOES,
    Rules,
    Variant,
)

__all__ = [
    "DEAL_FORMAT",
    "ENTERED_FIELDS",
    "GAME_FORMAT",
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_DONNES",
    "MAX_RECORD_BYTES",
    "RULE_SETTINGS",
    "SHEET_DONNE_FIELDS",
    "action_from_json",
    "action_to_json",
    "compare_field",
    "deal_record",
    "decode",
    "donne_fairness",
    "donne_record",
    "dumps_deal",
    "game_record",
    "is_score_sheet",
    "loads_deal",
    "loads_game",
    "loads_with",
    "parse_card",
    "read_deal_record",
    "read_rules",
    "read_score_sheet",
    "rules_record",
]

DEAL_FORMAT = "atout.deal/1"
GAME_FORMAT = "atout.game/1"
MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record text read, in bytes (64 MiB); callers refuse larger files."""
MAX_DEPTH = 64
"""The deepest JSON nesting read (a record needs 7 levels)."""
MAX_DIGITS = 20
MAX_CONTAINERS = 4_000_000  # lists and objects in one record
"""The longest integer read, in digits."""
MAX_DONNES = 100_000
"""The most donnes a game record holds."""
MAX_NAME = 200
"""The longest ``seats`` entry, in characters."""

_T = TypeVar("_T")
_CANONICAL: dict[str, Card] = {str(card): card for card in ALL_CARDS}
_CONTRACTS: dict[str, Contract | None] = {"pass": None, **{c.value: c for c in Contract}}
_QUOTE = reprlib.Repr()
_QUOTE.maxstring, _QUOTE.maxother, _QUOTE.maxlong = 40, 40, 40
_QUOTE.maxlist = _QUOTE.maxdict = 4
_QUOTE.maxlevel = 2


def _quote(value: object) -> str:
    """``value`` as Python shows it, at most 80 characters of it."""
    text = _QUOTE.repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _join(at: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{at}[{key}]"
    return f"{at}.{key}" if at else key


def _refuse(at: str, text: str) -> InvalidRecordError:
    return InvalidRecordError(f"{at}: {text}" if at else text)


@contextmanager
def _at(at: str) -> Iterator[None]:
    """Name the field ``at`` in the refusal of a rule broken while replaying it."""
    try:
        yield
    except InvalidRecordError:
        raise
    except AtoutError as error:
        raise _refuse(at, str(error)) from None


# -- decoding, bounded ----------------------------------------------------------------------


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise InvalidRecordError(f"an integer of more than {MAX_DIGITS} digits: {_quote(text)}")
    return int(text)


def _parse_float(text: str) -> float:
    number = float(text)
    if len(text) > 40 or number in (float("inf"), float("-inf")):
        raise InvalidRecordError(f"a number out of range: {_quote(text)}")
    return number


def _parse_constant(text: str) -> float:
    raise InvalidRecordError(f"{text} is not a number of a record (docs/reference/formats.md)")


def _check_depth(data: object) -> None:
    """JSON nesting of at most :data:`MAX_DEPTH` levels."""
    level: list[object] = [data]
    for _ in range(MAX_DEPTH):
        inner: list[object] = []
        for item in level:
            if isinstance(item, dict):
                inner += [v for v in item.values() if isinstance(v, list | dict)]
            elif isinstance(item, list):
                inner += [v for v in item if isinstance(v, list | dict)]
        if not inner:
            return
        level = inner
    raise InvalidRecordError(f"nesting deeper than {MAX_DEPTH} levels")


def _one_value_a_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a repeated key is refused)."""
    data = dict(pairs)
    if len(data) != len(pairs):
        counts = Counter(key for key, _ in pairs)
        repeated = next(key for key, count in counts.items() if count > 1)
        raise InvalidRecordError(f"{_quote(repeated)} given twice in one object")
    return data


def decode(text: str | bytes) -> Any:
    """The JSON value of a record's text, within the bounds of this module: its size,
    how many lists and objects it holds, their nesting, the digits of its integers, one
    value a key."""
    if not isinstance(text, str | bytes | bytearray | memoryview):
        raise InvalidRecordError(f"a record is a JSON text, got {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise InvalidRecordError(f"larger than {MAX_RECORD_BYTES // 2**20} MiB")
    if isinstance(text, bytes | bytearray | memoryview):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidRecordError(f"not UTF-8 ({error.reason} at byte {error.start})") from None
    containers = text.count("[") + text.count("{")
    if containers > MAX_CONTAINERS:
        raise InvalidRecordError(f"more than {MAX_CONTAINERS:,} lists and objects")
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_one_value_a_key,
        )
    except RecursionError:
        raise InvalidRecordError(f"nesting deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise InvalidRecordError(f"not JSON ({error.msg}: {where})") from None
    except InvalidRecordError:
        raise
    except ValueError as error:
        raise InvalidRecordError(f"not JSON ({_quote(str(error))})") from None
    _check_depth(data)
    return data


_UNEXPECTED = (
    ArithmeticError,
    AssertionError,
    AttributeError,
    LookupError,
    RuntimeError,
    TypeError,
    ValueError,
)


def _loads(text: str | bytes, source: str | None, read: Callable[[Any], _T]) -> _T:
    """``read`` the decoded ``text``; every refusal starts with ``source``."""
    try:
        return read(decode(text))
    except AtoutError as error:
        if source is None:
            raise InvalidRecordError(str(error)) from None
        raise InvalidRecordError(f"{source}: {error}") from None
    except _UNEXPECTED as error:
        said = f"unexpected {type(error).__name__} {_quote(str(error))}"
        prefix = "" if source is None else f"{source}: "
        raise InvalidRecordError(f"{prefix}the record cannot be read ({said})") from None


def loads_with(text: str | bytes, read: Callable[[Any], _T], source: str | None = None) -> _T:
    """``read`` the decoded ``text`` (:func:`decode`, within this module's bounds) the way
    :func:`loads_game` reads: every refusal one :class:`InvalidRecordError` line starting
    with ``source`` when given, never another exception."""
    return _loads(text, source, read)


# -- fields, strictly ------------------------------------------------------------------------


def _object(value: Any, at: str, keys: Sequence[str], what: str) -> dict[str, Any]:
    """``value`` as a JSON object with exactly the fields ``keys`` (docs/reference/formats.md)."""
    if not isinstance(value, dict):
        raise _refuse(at, f"{what} is a JSON object, got {_quote(value)}")
    for key in keys:
        if key not in value:
            raise _refuse(_join(at, key), f"missing from {what} (docs/reference/formats.md)")
    for key in value:
        if key not in keys:
            raise _refuse(_join(at, str(key)), f"not a field of {what} (docs/reference/formats.md)")
    return value


def _list(value: Any, at: str, most: int, what: str = "a list") -> list[Any]:
    """``value`` as a JSON list of at most ``most`` entries."""
    if not isinstance(value, list):
        raise _refuse(at, f"{what} is a JSON list, got {_quote(value)}")
    if len(value) > most:
        raise _refuse(at, f"{len(value)} entries, at most {most} here (docs/reference/formats.md)")
    return value


def _int(value: Any, at: str, low: int, high: int, what: str = "a number") -> int:
    """``value`` as a JSON integer (not a boolean) from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(
            at, f"expected an integer ({what}), got {_quote(value)} (docs/reference/formats.md)"
        )
    if not low <= value <= high:
        raise _refuse(
            at, f"{_quote(value)} is not {what}: {low} … {high} (docs/reference/formats.md)"
        )
    return value


def _seat(value: Any, at: str, players: int) -> int:
    """A seat: an integer ``0 … n-1`` in the order of play (docs/reference/rules.md,
    docs/reference/formats.md)."""
    last = players - 1
    if isinstance(value, bool) or not isinstance(value, int):
        raise _refuse(
            at,
            f"expected an integer seat 0 … {last}, got {_quote(value)} (docs/reference/formats.md)",
        )
    if not 0 <= value < players:
        raise _refuse(
            at,
            f"{_quote(value)} is not a seat: seats are 0 … {last} with {players} players "
            "(docs/reference/formats.md)",
        )
    return value


def _seat_or_none(value: Any, at: str, players: int) -> int | None:
    return None if value is None else _seat(value, at, players)


def _seed(value: Any, at: str) -> int | None:
    """A seed: an integer or ``null`` (docs/reference/formats.md)."""
    if value is None:
        return None
    return _int(value, at, 0, 2**64 - 1, "a seed (0 … 2**64 − 1) or null")


def _string(value: Any, at: str, choices: Sequence[str], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise _refuse(at, f"{_quote(value)} is not {what}: one of {', '.join(choices)}")
    return value


def parse_card(value: Any, at: str = "card") -> Card:
    """A card in the canonical ASCII form of docs/reference/formats.md, and only that form (``KS``,
    ``10H``, ``T21``, ``EX``; not ``ks``, ``R♠`` or ``21``, which people may type).

    >>> parse_card("T21"), parse_card("10H")
    (Card.parse('T21'), Card.parse('10H'))
    >>> try:
    ...     parse_card(" KS")
    ... except InvalidRecordError as error:
    ...     print(error)
    card: ' KS' is not a card (docs/reference/formats.md canonical form: KS, 10H, T21, EX)
    """
    card = _CANONICAL.get(value) if isinstance(value, str) else None
    if card is None:
        canonical = "(docs/reference/formats.md canonical form: KS, 10H, T21, EX)"
        shown = _quote(value)
        if isinstance(value, str) and not value.isascii():  # a look-alike shows itself
            shown += f" ({ascii(value)[:80]})"
        raise _refuse(at, f"{shown} is not a card {canonical}")
    return card


def _card_list(value: Any, at: str, most: int) -> list[Card]:
    return [parse_card(text, _join(at, i)) for i, text in enumerate(_list(value, at, most))]


def _card_list_or_none(value: Any, at: str, most: int) -> list[Card] | None:
    return None if value is None else _card_list(value, at, most)


def _tuple(value: Any, at: str, size: int, what: str) -> list[Any]:
    """``value`` as a JSON list of exactly ``size`` entries."""
    entries = _list(value, at, size, what)
    if len(entries) != size:
        raise _refuse(at, f"{what}, got {_quote(value)}")
    return entries


def _same(said: Any, computed: Any) -> bool:
    """JSON equality with the types of JSON: ``true`` is not ``1``, ``1`` is not ``"1"``."""
    if isinstance(computed, bool) or computed is None or isinstance(computed, str):
        return type(said) is type(computed) and said == computed
    if isinstance(computed, int):
        return type(said) is int and said == computed
    if isinstance(computed, float):
        return type(said) in (int, float) and said == computed
    if isinstance(computed, list):
        return (
            isinstance(said, list)
            and len(said) == len(computed)
            and all(map(_same, said, computed))
        )
    if isinstance(computed, dict):
        return (
            isinstance(said, dict)
            and said.keys() == computed.keys()
            and all(_same(said[k], computed[k]) for k in computed)
        )
    return False  # pragma: no cover


def _compare(at: str, key: str, said: Any, computed: Any, rule: str, what: str) -> None:
    if not _same(said, computed):
        raise _refuse(
            _join(at, key),
            f"the {what} gives {_quote(computed)}, the record says {_quote(said)} ({rule})",
        )


def compare_field(at: str, key: str, said: Any, computed: Any, rule: str, what: str) -> None:
    """Refuse, naming the field ``at.key`` and ``rule``, a value ``said`` by a record that
    is not the JSON value ``computed`` by ``what`` (``true`` is not ``1``)."""
    _compare(at, key, said, computed, rule, what)


# -- atout.deal/1 ---------------------------------------------------------------------------

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


def _strings(cards: Any) -> list[str]:
    return [str(card) for card in cards]


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


# -- the rules of a record (⚙) --------------------------------------------------------------

_FFT = Rules()
RULE_SETTINGS: dict[str, str] = {
    "consecutive_chien_cards": "D8",
    "early_pickup_penalty": "D11",
    "bar_plain_card_exposer": "D14",
    "excuse_exposed_as_trump": "D14",
    "shuffler_offset": "D4",
    "called_suit_first_trick": "B4",
    "excuse_last_trick": "P4",
    "five_player_split": "S4",
    "poignee_goes": "A3",
    "poignee_multiplied": "A1",
    "petit_au_bout_multiplied": "A5",
    "defence_chelem_bonus": "A4",
}
"""Every setting of :class:`~atout.table.Rules` a record's ``rules`` may hold, with its
rule id."""
_SETTING_CHOICES: dict[str, tuple[str, ...]] = {
    "excuse_last_trick": EXCUSE_LAST_TRICK,
    "five_player_split": FIVE_PLAYER_SPLITS,
    "poignee_goes": POIGNEE_GOES,
}
MAX_PENALTY = 10_000
"""The largest D11 penalty a record's ``rules`` hold, in points."""


def rules_record(rules: Rules) -> dict[str, Any]:
    """The ``rules`` field of a record: the settings of ``rules`` that differ from the
    FFT's, in the order of :class:`~atout.table.Rules` (``{}`` for the FFT)."""
    return {
        f.name: getattr(rules, f.name)
        for f in dataclasses.fields(Rules)
        if getattr(rules, f.name) != getattr(_FFT, f.name)
    }


def read_rules(value: Any, players: int = 5, at: str = "rules") -> Rules:
    """The :class:`~atout.table.Rules` of a record's ``rules`` field (the module's
    description): an object of settings, each a field of ``Rules`` with a value of its
    type that differs from the FFT's; the settings it leaves out are the FFT's."""
    if not isinstance(value, dict):
        raise _refuse(
            at,
            f"the rules are a JSON object of ⚙ settings ({{}} for the FFT), got {_quote(value)}",
        )
    settings: dict[str, Any] = {}
    for key, given in value.items():
        where = _join(at, key)
        rule = RULE_SETTINGS.get(key)
        if rule is None:
            raise _refuse(
                where, f"not a setting of atout.table.Rules (one of {', '.join(RULE_SETTINGS)})"
            )
        settings[key] = _setting(key, given, where, rule, players)
        if _same(given, getattr(_FFT, key)):
            raise _refuse(
                where,
                f"{_quote(given)} is the FFT's: a record lists only the settings that differ "
                f"from the FFT ({rule})",
            )
    with _at(at):
        return Rules(**settings)


def _setting(key: str, value: Any, at: str, rule: str, players: int) -> Any:
    """One setting's value, of the type of its FFT default."""
    default = getattr(_FFT, key)
    if key in _SETTING_CHOICES:
        return _string(value, at, _SETTING_CHOICES[key], f"a value of {key} ({rule})")
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise _refuse(at, f"true or false, got {_quote(value)} ({rule})")
        return value
    if key == "shuffler_offset":
        return _int(value, at, 1, players - 1, f"an offset from the dealer ({rule})")
    return _int(value, at, 0, MAX_PENALTY, f"a number of points ({rule})")


# -- atout.game/1 ---------------------------------------------------------------------------

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


# -- score sheets: donnes whose cards were not entered (the table companion) ---------------

SHEET_DONNE_FIELDS = (DONNE_FIELDS[0], "hands_known", *DONNE_FIELDS[1:], "entered")
"""The fields of a donne of a score sheet, in the order the companion writes them."""
ENTERED_FIELDS = (
    "penalties", "points", "bouts", "pile", "every_trick", "petit_au_bout", "petit_in_chien",
)  # fmt: skip
"""The fields of a score sheet donne's ``entered``: ``penalties`` always, the others as
they were entered."""
MAX_SHEET_DONNES = 5_000
"""The most donnes a score sheet holds (an evening holds at most 5,000 entries)."""
_CAMPS = ("attack", "defence")
_UNKNOWN = "in a donne whose cards were not entered (hands_known: false)"


def is_score_sheet(data: Any) -> bool:
    """Whether the decoded record ``data`` is a score sheet: a game record one of whose
    donnes says ``hands_known``."""
    donnes = data.get("donnes") if isinstance(data, dict) else None
    return isinstance(donnes, list) and any(
        isinstance(d, dict) and "hands_known" in d for d in donnes
    )


def read_score_sheet(value: Any) -> tuple[int, list[str], Rules]:
    """Check the form of a score sheet (an ``atout.game/1`` record every donne of which
    says ``hands_known: false``, the module's description): every field there, each of
    its type, the parts that were not entered in their empty forms. The players, the
    seats' names and the rules; :class:`InvalidRecordError` naming the field otherwise.
    What the values mean (the dealers, the bans, the faults, the results) is what
    :func:`atout.companion.read_evening` checks, by entering the evening again."""
    players = _head(value, "", GAME_FORMAT)
    data = _object(value, "", _game_fields(value), "a record")
    _seed(data["seed"], "seed")
    seats = _list(data["seats"], "seats", players, "seats")
    if len(seats) != players or not all(isinstance(name, str) for name in seats):
        raise _refuse("seats", f"one name per seat: {players} with {players} players (D9)")
    rules = read_rules(data.get("rules", {}), players)
    donnes = _list(data["donnes"], "donnes", MAX_SHEET_DONNES)
    for number, entry in enumerate(donnes, 1):
        try:
            _sheet_donne(entry, players)
        except AtoutError as error:
            raise InvalidRecordError(f"donne {number}: {error}") from None
    totals = _list(data["totals"], "totals", players, "totals")
    for i, total in enumerate(totals):
        _int(total, f"totals[{i}]", -(2**53), 2**53, "a total of marks (S4)")
    return players, list(seats), rules


def _sheet_donne(value: Any, players: int) -> None:
    if isinstance(value, dict) and "hands_known" not in value:
        raise _refuse(
            "hands_known",
            "missing: every donne of a score sheet says hands_known: false; a record whose "
            "hands are known is read by atout.record.loads_game",
        )
    data = _object(value, "", SHEET_DONNE_FIELDS, "a donne of a score sheet")
    if data["hands_known"] is not False:
        raise _refuse("hands_known", f"false in a score sheet, got {_quote(data['hands_known'])}")
    deal = _sheet_deal(data["deal"], players)
    variant = Variant.for_players(players)
    barred = _barred(data["barred"], players)
    faults = _faults(data["faults"], "faults", variant)
    for fault in faults:
        if fault.during or fault.at:
            raise _refuse(_join(fault.where, "at"), f"0 {_UNKNOWN}: the sequence is empty")
    void = data["void"]
    if void is not None:
        _string(void, "void", ("petit_sec", "all_pass", "misdeal"), "a void donne")
    for key in ("taker", "partner", "chelem"):
        _seat_or_none(data[key], key, players)
    if data["contract"] is not None:
        _string(data["contract"], "contract", tuple(c.value for c in Contract), "a contract")
    if data["called"] is not None:
        parse_card(data["called"], "called")
    for key, empty in (("ecart", None), ("tricks", [])):
        if not _same(data[key], empty):
            raise _refuse(key, f"{_quote(empty)} {_UNKNOWN}, got {_quote(data[key])}")
    for i, entry in enumerate(_list(data["poignees"], "poignees", players)):
        where = f"poignees[{i}]"
        triple = _tuple(entry, where, 3, "each poignée is [seat, level, []]")
        _seat(triple[0], f"{where}[0]", players)
        _string(triple[1], f"{where}[1]", LEVELS, "a poignée")
        if triple[2] != []:
            raise _refuse(f"{where}[2]", f"[] {_UNKNOWN}: the trumps shown were not entered")
    _sheet_bids(data, deal["first_bidder"], barred, players)
    if data["result"] is not None:
        result = _object(data["result"], "result", tuple(RESULT_RULES), "a result")
        _list(result["marks"], "result.marks", players, "marks")
    _entered(data["entered"], players)


def _sheet_deal(value: Any, players: int) -> dict[str, Any]:
    """A score sheet donne's deal: who did what, and the cards in their empty forms."""
    count = _head(value, "deal", DEAL_FORMAT)
    data = _object(value, "deal", DEAL_FIELDS, "a deal")
    if count != players:
        raise _refuse("deal.players", f"{count}, but the game has {players} players")
    _seed(data["seed"], "deal.seed")
    _draw(data["draw"], "deal.draw", Variant.for_players(players))
    for key in ("dealer", "shuffler", "cutter", "first_bidder", "leader", "next_dealer"):
        _seat(data[key], f"deal.{key}", players)
    _seat_or_none(data["petit_sec"], "deal.petit_sec", players)
    empty: dict[str, Any] = {"shuffled": None, "pack": None, "sequence": [], "chien": []}
    empty["hands"] = [[] for _ in range(players)]
    for key, form in empty.items():
        if not _same(data[key], form):
            raise _refuse(f"deal.{key}", f"{_quote(form)} {_UNKNOWN}, got {_quote(data[key])}")
    cut = data["cut"]
    if cut is not None and not is_legal_cut(cut):
        raise _refuse(
            "deal.cut",
            f"null or a cut that takes and leaves more than 3 cards ({MIN_CUT} … "
            f"{78 - MIN_CUT}), got {_quote(cut)} (D5)",
        )
    return data


def _sheet_bids(data: dict[str, Any], first: int, barred: frozenset[int], players: int) -> None:
    """B1, B3: the bids, ``[]`` when they were not entered; otherwise one per seat in
    speaking order from the dealer's right, each higher than the one before, barred
    seats passing (D12, D14), ending with the record's taker and contract."""
    bids = _list(data["bids"], "bids", players)
    if not bids:
        return
    highest: Contract | None = None
    taker: int | None = None
    for i, entry in enumerate(bids):
        where = f"bids[{i}]"
        pair = _tuple(entry, where, 2, "each bid is [seat, contract]")
        seat = _seat(pair[0], f"{where}[0]", players)
        contract = _CONTRACTS[_string(pair[1], f"{where}[1]", tuple(_CONTRACTS), "a bid")]
        if seat != (first + i) % players:
            raise _refuse(
                f"{where}[0]", f"seat {(first + i) % players} speaks now, not {seat} (B1)"
            )
        if contract is None:
            continue
        if seat in barred:
            raise _refuse(f"{where}[1]", f"seat {seat} may not bid on this donne (D12, D14)")
        if highest is not None and contract not in legal_contracts(highest):
            raise _refuse(f"{where}[1]", f"{contract.value} is not above {highest.value} (B1)")
        highest, taker = contract, seat
    if len(bids) != players:
        raise _refuse("bids", f"every seat speaks once: {players} bids, or [] (B1)")
    if data["void"] in ("petit_sec", "misdeal"):
        raise _refuse("bids", f"[] in a donne void before the bidding ({data['void']}, D12, D16)")
    if highest is None and data["void"] != "all_pass":
        raise _refuse("void", "every seat passed: the donne is void, all_pass (B3)")
    if data["taker"] != taker:
        raise _refuse("taker", f"the bids give seat {taker}, the record says {data['taker']} (B1)")
    named = None if highest is None else highest.value
    if data["contract"] != named:
        raise _refuse(
            "contract", f"the bids give {named}, the record says {_quote(data['contract'])} (B2)"
        )


def _entered(value: Any, players: int) -> None:
    """What the scorer entered that has no other place (the module's description)."""
    if not isinstance(value, dict):
        raise _refuse("entered", f"an object of what was entered, got {_quote(value)}")
    for key in value:
        if key not in ENTERED_FIELDS:
            raise _refuse(
                _join("entered", str(key)),
                f"not a field of entered (one of {', '.join(ENTERED_FIELDS)})",
            )
    if "penalties" not in value:
        raise _refuse("entered.penalties", "missing: the D11 penalty points by seat")
    penalties = _list(value["penalties"], "entered.penalties", players, "penalties")
    if len(penalties) != players:
        raise _refuse("entered.penalties", f"one number per seat, {players} (D11)")
    for seat, points in enumerate(penalties):
        _int(points, f"entered.penalties[{seat}]", 0, MAX_PENALTY * 50, "penalty points (D11)")
    if "points" in value:
        points = value["points"]
        if isinstance(points, bool) or not isinstance(points, int | float):
            raise _refuse("entered.points", f"a number of card points, got {_quote(points)} (S1)")
    if "bouts" in value:
        _int(value["bouts"], "entered.bouts", 0, 3, "a number of bouts (S2)")
    if "pile" in value:
        _card_list(value["pile"], "entered.pile", 78)
    for key, rule in (("every_trick", "A4"), ("petit_au_bout", "A5")):
        if key in value:
            _string(value[key], f"entered.{key}", _CAMPS, f"a camp ({rule})")
    if "petit_in_chien" in value and not isinstance(value["petit_in_chien"], bool):
        raise _refuse(
            "entered.petit_in_chien", f"true or false, got {_quote(value['petit_in_chien'])} (E3)"
        )


# -- actions as JSON (saves, network play) -------------------------------------------------

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
