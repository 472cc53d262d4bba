"""A verifiable deal: commit–reveal of the shuffle and the chien placement (D4, D8).

Before a deal the server draws a secret (:func:`new_secret`) and publishes its
:func:`commitment`. Each human seat's browser then sends a random contribution
(:func:`new_contribution`, checked by :func:`check_contribution`). The shuffle (D4)
and the chien placement (D8) are derived from the secret and every contribution
(:func:`derive`); the cutter still cuts as he likes (D5). After the donne the
secret is revealed, and anyone can check the deal (:func:`verify_game`, ``atout
verify``, and ``web/static/fairness.js`` in the browser).

**The derivation, exactly** (version ``atout.fairness/1``). ``u32(x)`` and
``u64(x)`` are big-endian unsigned integers of 4 and 8 bytes, ``lp(b)`` is
``u32(len(b)) || b``, ``||`` is concatenation, ``H`` is SHA-256.

1. ``commitment = hex(H(lp("atout.fairness/1 commitment") || lp(secret)))``, lowercase;
   the secret is 32 bytes.
2. ``material = lp("atout.fairness/1 deal") || lp(secret) || u32(m)`` followed by
   ``u32(seat) || lp(value)`` for each of the ``m`` contributions in increasing seat
   order (each seat at most once; a value is 16 to 64 bytes). ``key = H(material)``.
3. The stream is ``H(key || u64(0)) || H(key || u64(1)) || …``, read 4 bytes at a time
   as ``u32`` words.
4. ``below(n)`` (an integer uniform in ``0 … n-1``): take the next word ``x``; if
   ``x < 2**32 - (2**32 mod n)`` it is ``x mod n``, otherwise take the next word
   (rejection: no bias).
5. The shuffle, Fisher–Yates: ``p = [0, 1, …, 77]``; for ``i`` from 77 down to 1,
   ``j = below(i + 1)``, swap ``p[i]`` and ``p[j]``. The pack after the shuffle is
   ``shuffled[i] = pack[p[i]]``, where ``pack`` is the pack before the shuffle: the
   canonical order of the 78 cards (``ALL_CARDS``, docs/reference/formats.md: ``1S … KS 1H … KC T1 …
   T21 EX``) for every deal of a :class:`~atout.match.Match`.
6. The chien placement, from the same stream right after the shuffle: with ``P``
   packets (``Variant.packet_count``: 18, 24, 25 for 3, 4, 5 players) and ``c`` chien
   cards (6, 6, 3), ``s = P - 1`` slots, or ``s = P - 1 + c - 1`` when two chien cards
   may follow each other (``Rules.consecutive_chien_cards``, D8 ⚙). A partial
   Fisher–Yates picks ``c`` of them: ``q = [0, 1, …, s-1]``; for ``i`` from 0 to
   ``c - 1``, ``j = i + below(s - i)``, swap ``q[i]`` and ``q[j]``. Sort ``q[0 … c-1]``
   into ``t``; the gaps are ``g[i] = t[i] + 1``, or ``g[i] = t[i] - i + 1`` with
   consecutive chien cards (stars and bars). ``g[i]`` is the number of packets dealt
   before the ``i``-th chien card, ``1 … P-1`` (D8: never the first or the last card).
7. Optionally, for a cutter who is not a person (a bot: the server would otherwise
   choose the cut knowing the pack), the cut (D5) is derived too (:func:`derived_cut`):
   ``material`` as in 2 with the label ``"atout.fairness/1 cut"``, its own stream as in
   3, and ``k = 4 + below(71)``.

Both choices are uniform: every permutation of the 78 positions and every legal chien
placement (:func:`~atout.dealing.count_chien_placements`) is equally likely, for
values that are uniform and unknown in advance.

>>> from atout.table import Rules, Variant
>>> secret = bytes(32)
>>> commitment(secret)[:16]
'd74f7ec2fe7c3c6f'
>>> d = derive(secret, [(0, bytes(16))], Variant.for_players(4), Rules())
>>> len(d.permutation), sorted(d.permutation) == list(range(78)), d.gaps
(78, True, (4, 8, 10, 15, 17, 20))
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal, NamedTuple

from atout.cards import ALL_CARDS
from atout.dealing import (
    CUTS,
    ChienCardDealt,
    Deal,
    Operation,
    PacketDealt,
    Phase,
    gaps_of_slots,
    placement_slots,
    verify_chien_gaps,
)
from atout.errors import IllegalActionError, Reason
from atout.randomness import CONTRIBUTION_BYTES, SECRET_BYTES
from atout.table import CHIEN, Rules, Variant

__all__ = [
    "CONTRIBUTION_BYTES",
    "FAIRNESS_VERSION",
    "SECRET_BYTES",
    "Derivation",
    "Verdict",
    "check_contribution",
    "check_secret",
    "commitment",
    "deal_following",
    "derive",
    "derived_cut",
    "new_contribution",
    "new_secret",
    "verify_donne",
    "verify_game",
]

FAIRNESS_VERSION = "atout.fairness/1"
NEW_CONTRIBUTION_BYTES = 32
_COMMIT_LABEL = b"atout.fairness/1 commitment"
_DEAL_LABEL = b"atout.fairness/1 deal"
_CUT_LABEL = b"atout.fairness/1 cut"
_HEX = frozenset("0123456789abcdef")


class Derivation(NamedTuple):
    """What the secret and the contributions decide: the shuffle (D4), as
    :meth:`Deal.shuffle` takes it (new pack[i] = old pack[permutation[i]]), and the
    chien placement (D8), sorted, the number of packets dealt before each chien card
    (as :func:`~atout.dealing.choose_chien_gaps` gives it)."""

    permutation: tuple[int, ...]
    gaps: tuple[int, ...]


VerdictStatus = Literal["verified", "failed", "unverifiable"]


class Verdict(NamedTuple):
    """What :func:`verify_game` found for one donne: ``status`` is ``"verified"``,
    ``"failed"`` (``text`` says what differs) or ``"unverifiable"`` (no commitment)."""

    donne: int
    status: VerdictStatus
    text: str
    commitment: str | None = None
    contributions: tuple[int, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status == "verified"

    def line(self) -> str:
        """The verdict as one line: ``donne 2: NOT VERIFIED — …``."""
        return f"donne {self.donne}: {self.text}"


# -- the values ----------------------------------------------------------------------------


def new_secret() -> bytes:
    """The server's secret for one deal: 32 bytes from the OS's secure source."""
    return secrets.token_bytes(SECRET_BYTES)


def new_contribution() -> bytes:
    """A contribution to the deal, as a browser makes one (32 random bytes)."""
    return secrets.token_bytes(NEW_CONTRIBUTION_BYTES)


def check_secret(secret: object) -> bytes:
    """``secret`` as the 32 bytes of a secret, or an error naming D4."""
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise IllegalActionError("D4", "secret_size", size=SECRET_BYTES)
    return secret


def commitment(secret: bytes) -> str:
    """The commitment to ``secret`` the server publishes before the deal: the lowercase
    hex SHA-256 of ``lp("atout.fairness/1 commitment") || lp(secret)``."""
    data = _lp(_COMMIT_LABEL) + _lp(check_secret(secret))
    return hashlib.sha256(data).hexdigest()


def check_contribution(text: str) -> bytes:
    """A contribution as a browser sends it: 16 to 64 bytes in lowercase hex (32 to 128
    characters ``0-9 a-f``); its bytes, or an :class:`IllegalActionError` naming D4.

    >>> check_contribution("00" * 16)
    b'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00'
    >>> check_contribution("ABCD")
    Traceback (most recent call last):
    ...
    atout.errors.IllegalActionError: D4: a contribution to the shuffle is 16 to 64 bytes \
in lowercase hex (32 to 128 characters 0-9 a-f), got a text of 4 characters
    """
    problem = _hex_problem(text, *CONTRIBUTION_BYTES)
    if problem is not None:
        low, high = CONTRIBUTION_BYTES
        raise IllegalActionError(
            "D4",
            "contribution_format",
            low=low,
            high=high,
            low_digits=2 * low,
            high_digits=2 * high,
            problem=problem,
        )
    return bytes.fromhex(text)


def _hex_problem(text: object, low: int, high: int) -> Reason | None:
    """What keeps ``text`` from being ``low`` to ``high`` bytes in lowercase hex (a
    clause of the refusal), or ``None``."""
    if not isinstance(text, str):
        return Reason("D4", "hex_not_text", type=type(text).__name__)
    if not 2 * low <= len(text) <= 2 * high:
        return Reason("D4", "hex_length", length=len(text))
    if len(text) % 2:
        return Reason("D4", "hex_odd")
    wrong = next((ch for ch in text if ch not in _HEX), None)
    if wrong is not None:
        return Reason("D4", "hex_character", character=repr(wrong))
    return None


# -- the derivation ----------------------------------------------------------------------


def _lp(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _material(
    label: bytes, secret: bytes, contributions: Sequence[tuple[int, bytes]], players: int
) -> bytes:
    parts = [_lp(label), _lp(check_secret(secret)), len(contributions).to_bytes(4, "big")]
    previous = -1
    low, high = CONTRIBUTION_BYTES
    for seat, value in sorted(contributions, key=lambda pair: pair[0]):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalActionError(
                "D4", "contribution_seat", last=players - 1, value=f"{seat!r:.40}"
            )
        if seat == previous:
            raise IllegalActionError("D4", "contributes_twice", seat=seat)
        if not isinstance(value, bytes) or not low <= len(value) <= high:
            raise IllegalActionError("D4", "contribution_size", seat=seat, low=low, high=high)
        previous = seat
        parts += [seat.to_bytes(4, "big"), _lp(value)]
    return b"".join(parts)


class _Stream:
    """``H(key || u64(0)) || H(key || u64(1)) || …``, read as big-endian u32 words."""

    def __init__(self, material: bytes) -> None:
        self._key = hashlib.sha256(material).digest()
        self._counter = 0
        self._block = b""
        self._at = 0

    def word(self) -> int:
        if self._at == len(self._block):
            counter = self._counter.to_bytes(8, "big")
            self._block = hashlib.sha256(self._key + counter).digest()
            self._counter += 1
            self._at = 0
        word = int.from_bytes(self._block[self._at : self._at + 4], "big")
        self._at += 4
        return word

    def below(self, n: int) -> int:
        """An integer uniform in ``0 … n-1`` by rejection sampling (no modulo bias)."""
        limit = 2**32 - 2**32 % n
        while True:
            x = self.word()
            if x < limit:
                return x % n


def derive(
    secret: bytes,
    contributions: Sequence[tuple[int, bytes]],
    variant: Variant,
    rules: Rules,
) -> Derivation:
    """The shuffle and the chien placement that ``secret`` and ``contributions``
    (``(seat, value)`` pairs, each seat at most once) decide, by steps 2–6 of the
    module's description. The same values always give the same deal; changing any
    one of them gives an unrelated one."""
    stream = _Stream(_material(_DEAL_LABEL, secret, contributions, variant.players))
    order = list(range(len(ALL_CARDS)))
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    repeat = rules.consecutive_chien_cards
    chien, gaps = variant.chien_size, range(1, variant.packet_count)
    slots = placement_slots(len(gaps), chien, repeat)
    pool = list(range(slots))
    for i in range(chien):
        j = i + stream.below(slots - i)
        pool[i], pool[j] = pool[j], pool[i]
    picks = sorted(pool[:chien])
    return Derivation(tuple(order), tuple(gaps_of_slots(gaps, picks, repeat)))


def derived_cut(secret: bytes, contributions: Sequence[tuple[int, bytes]], players: int) -> int:
    """A cut (D5) decided by the same values, uniform among ``4 … 74``, for a cutter
    who is not a person (step 7): the server then cannot choose it knowing the pack."""
    stream = _Stream(_material(_CUT_LABEL, secret, contributions, players))
    return CUTS[stream.below(len(CUTS))]


def _plan(variant: Variant, gaps: Sequence[int]) -> list[bool]:
    """The steps of the deal in order, ``True`` for a chien card (D6–D8)."""
    return [step == CHIEN for step in variant.deal_steps(gaps)]


def _check_gaps(variant: Variant, rules: Rules, gaps: Sequence[int]) -> None:
    """D8: ``gaps`` is a legal chien placement, sorted."""
    try:
        ok = all(isinstance(g, int) for g in gaps)
        if ok:
            verify_chien_gaps(variant, rules, gaps)
    except IllegalActionError:
        ok = False
    if not ok:
        raise IllegalActionError(
            "D8",
            "chien_placement" if rules.consecutive_chien_cards else "chien_placement_different",
            size=variant.chien_size,
            last=variant.packet_count - 1,
            gaps=f"{list(gaps)!r:.80}",
        )


def deal_following(deal: Deal, gaps: Sequence[int]) -> Iterator[Operation]:
    """Deal the packets and chien cards of ``deal`` (cut, D5) one step at a time, a
    chien card after packet ``g`` for each ``g`` of ``gaps`` (D6–D8), yielding each
    :class:`~atout.dealing.PacketDealt` or :class:`~atout.dealing.ChienCardDealt` as it
    is dealt. A deal partly dealt already goes on from where it is, if what was dealt
    follows ``gaps``. The generator stops early when a fault voids the deal (D12).

    >>> import random
    >>> from atout.table import Rules, Variant
    >>> deal = Deal(Variant.for_players(5), dealer=0)
    >>> d = derive(bytes(32), [], deal.variant, deal.rules)
    >>> _ = deal.shuffle(permutation=d.permutation), deal.cut(40)
    >>> steps = list(deal_following(deal, d.gaps))
    >>> len(steps), deal.phase.value, len(deal.chien)
    (28, 'show_chien', 3)
    """
    variant, rules = deal.variant, deal.rules
    _check_gaps(variant, rules, gaps)
    if deal.phase is not Phase.DEAL:
        raise IllegalActionError(
            "D6", "not_possible_now", action="dealing", now=deal.phase_reason()
        )
    plan = _plan(variant, gaps)
    done = [isinstance(op, ChienCardDealt) for op in deal.operations if _is_step(op)]
    if plan[: len(done)] != done:
        raise IllegalActionError("D8", "chien_placement_not_followed")
    for chien_card in plan[len(done) :]:
        if deal.phase is not Phase.DEAL:
            return
        yield deal.deal_chien_card() if chien_card else deal.deal_packet()


def _is_step(op: Operation) -> bool:
    return isinstance(op, PacketDealt | ChienCardDealt)


# -- verification ----------------------------------------------------------------------------


def verify_donne(
    deal: Mapping[str, Any],
    fairness: Mapping[str, Any] | None,
    number: int = 1,
    rules: Rules | None = None,
) -> Verdict:
    """Check one donne of a game record: ``deal`` its ``atout.deal/1`` object and
    ``fairness`` its ``fairness`` object (or ``None``), both as
    :func:`~atout.record.loads_game` read them. The revealed secret must match the
    commitment, ``shuffled`` must be the derived order of the canonical pack, the chien
    cards of ``sequence`` must lie at the derived gaps and, when ``derived_cut``, the cut
    must be the derived one."""
    if fairness is None:
        return Verdict(number, "unverifiable", "not verifiable: no commitment")
    rules = rules or Rules()
    variant = Variant.for_players(deal["players"])
    said = fairness["commitment"]
    seats = tuple(seat for seat, _ in fairness["contributions"])

    def failed(text: str) -> Verdict:
        return Verdict(number, "failed", f"NOT VERIFIED — {text}", said, seats)

    if fairness["secret"] is None:
        return failed("the secret was not revealed")
    secret = bytes.fromhex(fairness["secret"])
    if not hmac.compare_digest(commitment(secret), said):
        return failed("the revealed secret does not match the commitment")
    values = [(seat, bytes.fromhex(value)) for seat, value in fairness["contributions"]]
    derivation = derive(secret, values, variant, rules)
    shuffled = deal["shuffled"]
    if shuffled is not None:
        expected = [str(ALL_CARDS[i]) for i in derivation.permutation]
        for i, (card, wanted) in enumerate(zip(shuffled, expected, strict=True)):
            if card != wanted:
                return failed(
                    f"shuffled order differs from the derived one at position {i} "
                    f"(shuffled[{i}] is {card}, the derivation gives {wanted})"
                )
    if fairness.get("derived_cut") and deal["cut"] is not None:
        cut = derived_cut(secret, values, variant.players)
        if deal["cut"] != cut:
            return failed(f"the cut is {deal['cut']}, the derivation gives {cut} (D5)")
    plan = _plan(variant, derivation.gaps)
    for i, step in enumerate(deal["sequence"]):
        if (step["to"] == "chien") != plan[i]:
            where = "a chien card" if plan[i] else "a packet"
            found = "a chien card" if step["to"] == "chien" else "a packet"
            return failed(
                f"sequence[{i}] is {found}, the derived chien placement "
                f"{list(derivation.gaps)} puts {where} there (D8)"
            )
    what = "" if shuffled is not None else " (the deal stopped before the shuffle)"
    count = len(seats)
    given = f"{count} contribution{'s' if count != 1 else ''}"
    if seats:
        given += f" (seat{'s' if count != 1 else ''} {', '.join(map(str, seats))})"
    else:
        given += " (the server's secret alone chose this deal)"
    text = f"verified — commitment {said[:16]}…, {given}{what}"
    return Verdict(number, "verified", text, said, seats)


def verify_game(
    record_text: str | bytes, rules: Rules | None = None, source: str | None = None
) -> list[Verdict]:
    """Read an ``atout.game/1`` record (:func:`~atout.record.loads_game`: an invalid
    record raises :class:`~atout.errors.InvalidRecordError`) and check each donne's
    deal against its ``fairness`` data (:func:`verify_donne`), in order. The rules are
    the record's own ``rules`` when it has them (D8 ⚙: whether two chien cards may
    follow each other), else ``rules``, else the FFT's."""
    from atout.record import loads_game, read_rules

    _, data = loads_game(record_text, rules, source)
    if "rules" in data:
        rules = read_rules(data["rules"], data["players"])
    rules = rules or Rules()
    return [
        verify_donne(entry["deal"], entry.get("fairness"), number, rules)
        for number, entry in enumerate(data["donnes"], 1)
    ]
