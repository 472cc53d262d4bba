"""The bounded JSON reader under every record of :mod:`atout.record`.

:func:`decode` turns a record's text into its JSON value within fixed bounds, checked
before anything is built from it: the size of the text (:data:`MAX_RECORD_BYTES`), how
many lists and objects it holds (:data:`MAX_CONTAINERS`), their nesting
(:data:`MAX_DEPTH`), the digits of its integers (:data:`MAX_DIGITS`), one value a key.
:func:`loads_with` runs a reader over the decoded value so that every refusal is one
:class:`~atout.errors.InvalidRecordError` line, never another exception.

The strict field readers of this module take a value and the path of the field it
came from (``deal.sequence[3].cards[0]``) and refuse, naming that path, a value that
is not of the form docs/reference/formats.md gives it:

>>> def second_card(data):
...     return parse_card(data["cards"][1], "cards[1]")
>>> try:
...     loads_with('{"cards": ["KS", "ks"]}', second_card)
... except InvalidRecordError as error:
...     print(error)
cards[1]: 'ks' is not a card (docs/reference/formats.md canonical form: KS, 10H, T21, EX)
>>> try:
...     decode('[' * 100 + ']' * 100)
... except InvalidRecordError as error:
...     print(error)
nesting deeper than 64 levels
"""

from __future__ import annotations

import json
import reprlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from atout.bidding import Contract
from atout.cards import ALL_CARDS, Card
from atout.errors import AtoutError, InvalidRecordError

__all__ = [
    "MAX_CONTAINERS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_RECORD_BYTES",
    "compare_field",
    "decode",
    "loads_with",
    "parse_card",
]

MAX_RECORD_BYTES = 64 * 1024 * 1024
"""The largest record text read, in bytes (64 MiB); callers refuse larger files."""
MAX_DEPTH = 64
"""The deepest JSON nesting read (a record needs 7 levels)."""
MAX_DIGITS = 20
"""The longest integer read, in digits."""
MAX_CONTAINERS = 4_000_000
"""The most lists and objects one record holds."""

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


def _strings(cards: Any) -> list[str]:
    """Cards in their canonical form, for a record."""
    return [str(card) for card in cards]


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
