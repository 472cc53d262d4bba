"""A club tournament as a file, ``atout.tournament/1`` (docs/reference/tournaments.md):
the players' names in the order drawn, the seating of every round (for a duplicate
the movement, with the étui each table plays) and, for a duplicate, the deals of every
étui, dealt by La Donne's procedure from a secret that is committed to before play and
revealed after it.

**The deals.** The organiser's secret ``S`` is 32 bytes; the file holds its
commitment, :func:`atout.fairness.commitment` ``(S)``, from the start. Deal ``k`` of
étui ``e`` (both from 0) has a secret of its own,

    s = SHA-256(lp("atout.tournament/1 deal") || lp(S) || u32(e) || u32(k))

from which :func:`atout.fairness.derive` (no contribution) gives the shuffle (D4) and
the chien placement (D8) and :func:`atout.fairness.derived_cut` the cut (D5); the
engine's own dealer then deals it (:class:`~atout.dealing.Deal`, packets of 3, the
chien cards at the derived gaps). The first deal of an étui is dealt by seat 1 and
each next one by the seat the rules say deals next (D17). Once ``S`` is revealed,
:func:`check_deals` derives every deal again and compares it with the file: nobody
could choose a deal, since they all follow from a secret fixed before play.

>>> t = new_tournament(["A", "B", "C", "D", "E", "F", "G", "H"], rounds=2, donnes=1,
...                    duplicate=True, secret=bytes(32), name="demo")
>>> t.kind, len(t.etuis), [len(h) for h in t.etuis[0][0].hands], t.secret is None
('duplicate', 2, [18, 18, 18, 18], True)
>>> check_deals(reveal(t, bytes(32)))
2
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from atout.cards import Card, CardSet
from atout.dealing import Deal
from atout.fairness import commitment, deal_following, derive, derived_cut
from atout.i18n import N_
from atout.record.game import MAX_NAME
from atout.table import Rules, Variant
from atout.tournament.errors import TournamentError
from atout.tournament.movement import Movement, Play, check_movement, movement
from atout.tournament.seating import MAX_ROUNDS, seatings
from atout.tournament.tables import MAX_PLAYERS, table_sizes

__all__ = [
    "DONNES_LIBRES",
    "DUPLICATE",
    "FORMAT",
    "MAX_DONNES",
    "EtuiDeal",
    "Tournament",
    "check_deals",
    "deal_into",
    "deal_of",
    "dumps",
    "loads",
    "new_tournament",
    "read_names",
    "reveal",
]

FORMAT = "atout.tournament/1"
DONNES_LIBRES = "donnes-libres"
DUPLICATE = "duplicate"
MAX_DONNES = 12
"""The most donnes a round has (for a duplicate, the deals of an étui)."""
_DEAL_LABEL = b"atout.tournament/1 deal"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,59}$")


@dataclass(frozen=True)
class EtuiDeal:
    """One deal of an étui: its dealer, each seat's cards and the chien."""

    dealer: int
    hands: tuple[CardSet, ...]
    chien: CardSet


@dataclass(frozen=True)
class Tournament:
    """A tournament as its file holds it. Players are numbered from 0 in the order
    drawn (``players[p]`` is the name of player ``p``); ``tables[r][t]`` is table
    ``t``'s :class:`~atout.tournament.movement.Play` in round ``r`` (its players by
    seat; its étui, ``-1`` in donnes libres); ``etuis[e][k]`` deal ``k`` of étui
    ``e`` (duplicate only)."""

    name: str
    kind: str
    players: tuple[str, ...]
    rounds: int
    donnes: int
    seed: int
    tables: tuple[tuple[Play, ...], ...]
    etuis: tuple[tuple[EtuiDeal, ...], ...] = ()
    commitment: str | None = None
    secret: str | None = None

    @property
    def duplicate(self) -> bool:
        return self.kind == DUPLICATE

    def where(self, player: int, round_: int) -> int:
        """The table (from 0) where ``player`` sits in round ``round_`` (from 0)."""
        for t, play in enumerate(self.tables[round_]):
            if player in play.players:
                return t
        raise ValueError(player)


# -- the names -------------------------------------------------------------------------------


def read_names(text: str, source: str) -> list[str]:
    """The players' names of a text, one a line in the order drawn; blank lines and
    what follows a ``#`` are left out. A name given twice (case and spaces aside), or
    longer than a record's seat, is a :class:`TournamentError` naming the line."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        name = " ".join(line.split("#", 1)[0].split())
        if not name:
            continue
        if len(name) > MAX_NAME:
            raise TournamentError(
                N_("{file} line {line}: a name of at most {most} characters"),
                file=source,
                line=number,
                most=MAX_NAME,
            )
        key = name.casefold()
        if key in seen:
            raise TournamentError(
                N_("{file} line {line}: {name} is there already (line {first}); each player once"),
                file=source,
                line=number,
                name=name,
                first=seen[key],
            )
        seen[key] = number
        names.append(name)
    return names


# -- a new tournament ------------------------------------------------------------------------


def new_tournament(
    names: Sequence[str],
    rounds: int,
    donnes: int,
    duplicate: bool = False,
    seed: int = 0,
    secret: bytes | None = None,
    name: str = "tournament",
) -> Tournament:
    """A tournament of ``names`` (in the order drawn) over ``rounds`` rounds of
    ``donnes`` donnes: donnes libres (:func:`~atout.tournament.seating.seatings`), or a
    duplicate (:func:`~atout.tournament.movement.movement`) whose étuis hold ``donnes``
    deals each, derived from ``secret`` (the module's description). The secret is not
    kept: the file holds its commitment until :func:`reveal`."""
    check_name(name)
    check_donnes(donnes)
    players = len(names)
    if duplicate:
        if secret is None:
            raise ValueError("a duplicate needs a secret")
        plan = movement(players, rounds, seed)
        tables = plan.rounds
        etuis = tuple(
            tuple(_derived_deals(secret, e, size, donnes)) for e, size in enumerate(plan.etui_sizes)
        )
        return Tournament(
            name, DUPLICATE, tuple(names), rounds, donnes, seed, tables, etuis,
            commitment(secret),
        )  # fmt: skip
    seating = seatings(players, rounds, seed)
    plays = tuple(tuple(Play(-1, tuple(table)) for table in tables) for tables in seating)
    return Tournament(name, DONNES_LIBRES, tuple(names), rounds, donnes, seed, plays)


def check_name(name: str) -> None:
    """A tournament's name: letters, digits, ``_ . -``, at most 60 (it names files)."""
    if not _NAME.match(name):
        raise TournamentError(
            N_(
                "{name!r}: a tournament's name is 1 to 60 letters, digits, '_', '.' or '-', "
                "starting with a letter or a digit (it names the tables' records)"
            ),
            name=name,
        )


def check_donnes(donnes: int) -> None:
    if not 1 <= donnes <= MAX_DONNES:
        raise TournamentError.counted(
            N_("{donnes} donne a round: give 1 to {most}"),
            N_("{donnes} donnes a round: give 1 to {most}"),
            "donnes",
            donnes=donnes,
            most=MAX_DONNES,
        )


def _deal_secret(secret: bytes, etui: int, k: int) -> bytes:
    def lp(data: bytes) -> bytes:
        return len(data).to_bytes(4, "big") + data

    material = lp(_DEAL_LABEL) + lp(secret) + etui.to_bytes(4, "big") + k.to_bytes(4, "big")
    return hashlib.sha256(material).digest()


def deal_of(secret: bytes, etui: int, k: int, players: int, dealer: int) -> Deal:
    """Deal ``k`` of étui ``etui``, dealt by the engine from ``secret`` (the module's
    description) for ``players`` with ``dealer`` dealing: a
    :class:`~atout.dealing.Deal` whose cards are all dealt. A table deals it again the
    same way to play it."""
    return deal_into(Deal(Variant.for_players(players), Rules(), dealer), secret, etui, k)


def deal_into(deal: Deal, secret: bytes, etui: int, k: int) -> Deal:
    """Deal ``deal``, a new :class:`~atout.dealing.Deal` (from
    :meth:`atout.match.Match.new_deal` at a table), as deal ``k`` of étui ``etui``:
    the shuffle, the cut and the chien placement derived from ``secret``; then the
    chien shown and the cards picked up, ready for the bidding (or void, D16)."""
    own = _deal_secret(secret, etui, k)
    derivation = derive(own, [], deal.variant, deal.rules)
    deal.shuffle(permutation=derivation.permutation)
    deal.cut(derived_cut(own, [], deal.variant.players))
    for _ in deal_following(deal, derivation.gaps):
        pass
    deal.run_automatically(random.Random(0))  # the chien shown, the cards picked up (D15)
    return deal


def _derived_deals(secret: bytes, etui: int, players: int, donnes: int) -> list[EtuiDeal]:
    deals: list[EtuiDeal] = []
    dealer = 0
    for k in range(donnes):
        deal = deal_of(secret, etui, k, players, dealer)
        deals.append(EtuiDeal(dealer, tuple(deal.hands), deal.chien))
        dealer = deal.next_dealer
    return deals


def reveal(tournament: Tournament, secret: bytes) -> Tournament:
    """The tournament with its secret revealed, when ``secret`` is the one its
    commitment binds; a :class:`TournamentError` otherwise."""
    if not tournament.duplicate or tournament.commitment is None:
        raise TournamentError(N_("a donnes libres tournament has no deals and no secret"))
    if not hmac.compare_digest(commitment(secret), tournament.commitment):
        raise TournamentError(
            N_("this secret is not the one the tournament's commitment {commitment} binds"),
            commitment=tournament.commitment[:16] + "…",
        )
    return replace(tournament, secret=secret.hex())


def check_deals(tournament: Tournament) -> int:
    """Check a revealed duplicate: the secret matches the commitment, and every deal
    of every étui is the one the secret derives. The number of deals checked, or a
    :class:`TournamentError` naming the first étui, deal and seat that differ."""
    if not tournament.duplicate or tournament.commitment is None:
        raise TournamentError(N_("a donnes libres tournament has no deals to check"))
    if tournament.secret is None:
        raise TournamentError(
            N_(
                "the secret is not revealed yet (commitment {commitment}): run `atout "
                "tournament reveal` after the last round"
            ),
            commitment=tournament.commitment,
        )
    secret = bytes.fromhex(tournament.secret)
    if not hmac.compare_digest(commitment(secret), tournament.commitment):
        raise TournamentError(
            N_("the revealed secret does not match the commitment {commitment}"),
            commitment=tournament.commitment[:16] + "…",
        )
    count = 0
    for e, deals in enumerate(tournament.etuis):
        derived = _derived_deals(secret, e, len(deals[0].hands), len(deals))
        for k, (held, wanted) in enumerate(zip(deals, derived, strict=True)):
            problem = _difference(held, wanted)
            if problem is not None:
                message, seat = problem
                raise TournamentError(message, etui=e + 1, deal=k + 1, seat=seat)
            count += 1
    return count


def _difference(held: EtuiDeal, wanted: EtuiDeal) -> tuple[str, int] | None:
    """What differs between a deal of the file and the derived one: a message of
    :func:`check_deals` and the seat (from 1) it names."""
    if held.dealer != wanted.dealer:
        return N_("étui {etui}, deal {deal}: the dealer is not the one the secret derives"), 0
    for seat, (a, b) in enumerate(zip(held.hands, wanted.hands, strict=True)):
        if a != b:
            return (
                N_(
                    "étui {etui}, deal {deal}: seat {seat}'s hand is not the one the secret "
                    "derives: this deal was not dealt from the committed secret"
                ),
                seat + 1,
            )
    if held.chien != wanted.chien:
        return (
            N_(
                "étui {etui}, deal {deal}: the chien is not the one the secret derives: "
                "this deal was not dealt from the committed secret"
            ),
            0,
        )
    return None


# -- the file ------------------------------------------------------------------------------


def _cards(cards: CardSet) -> list[str]:
    return [str(card) for card in cards]


def dumps(tournament: Tournament) -> str:
    """The tournament as its ``atout.tournament/1`` JSON text."""
    t = tournament
    names = t.players
    rounds = [
        [
            {
                "table": i + 1,
                **({"etui": play.etui + 1} if t.duplicate else {}),
                "players": [names[p] for p in play.players],
            }
            for i, play in enumerate(tables)
        ]
        for tables in t.tables
    ]
    data: dict[str, Any] = {
        "format": FORMAT,
        "name": t.name,
        "kind": t.kind,
        "players": list(names),
        "rounds": t.rounds,
        "donnes": t.donnes,
        "seed": t.seed,
        "seating": rounds,
    }
    if t.duplicate:
        data["commitment"] = t.commitment
        data["secret"] = t.secret
        data["etuis"] = [
            {
                "etui": e + 1,
                "players": len(deals[0].hands),
                "deals": [
                    {
                        "dealer": d.dealer,
                        "hands": [_cards(h) for h in d.hands],
                        "chien": _cards(d.chien),
                    }
                    for d in deals
                ],
            }
            for e, deals in enumerate(t.etuis)
        ]
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


class _Reader:
    """Reads a decoded file, each mistake a :class:`TournamentError` naming its place."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, at: str, what: str) -> TournamentError:
        return TournamentError(
            N_("{file}: {at}: {what} (docs/reference/tournaments.md)"),
            file=self.source,
            at=at,
            what=what,
        )

    def field(self, data: dict[str, Any], key: str, kind: type, at: str = "") -> Any:
        where = f"{at}.{key}" if at else key
        if key not in data:
            raise self.fail(where, "missing")
        value = data[key]
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            raise self.fail(where, f"a {kind.__name__}, got {json.dumps(value)[:40]}")
        return value

    def number(self, data: dict[str, Any], key: str, low: int, high: int, at: str = "") -> int:
        value: int = self.field(data, key, int, at)
        if not low <= value <= high:
            raise self.fail(f"{at}.{key}" if at else key, f"{low} to {high}, got {value}")
        return value

    def cards(self, value: Any, at: str) -> CardSet:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise self.fail(at, "a list of cards")
        try:
            cards = [Card.parse(c) for c in value]
        except Exception:
            raise self.fail(at, "cards in the notation of docs/reference/formats.md") from None
        return CardSet(cards)


def loads(text: str | bytes, source: str) -> Tournament:
    """Read an ``atout.tournament/1`` file; a :class:`TournamentError` naming the file
    and the field of the first mistake. The seating is checked as
    :func:`~atout.tournament.movement.check_movement` checks a movement (duplicate) or
    for every player once a round (donnes libres)."""
    r = _Reader(source)
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise TournamentError(
            N_("{file}: not JSON ({error})"), file=source, error=str(error).split(":")[0]
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError(N_("{file}: not an {format} file"), file=source, format=FORMAT)
    name = r.field(data, "name", str)
    try:
        check_name(name)
    except TournamentError:
        raise r.fail("name", "letters, digits, '_', '.' or '-'") from None
    kind = r.field(data, "kind", str)
    if kind not in (DONNES_LIBRES, DUPLICATE):
        raise r.fail("kind", f"{DONNES_LIBRES} or {DUPLICATE}")
    names = r.field(data, "players", list)
    if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise r.fail("players", "the players' names, each once")
    if not 4 <= len(names) <= MAX_PLAYERS:
        raise r.fail("players", f"4 to {MAX_PLAYERS} names")
    number = {n: p for p, n in enumerate(names)}
    rounds = r.number(data, "rounds", 1, MAX_ROUNDS)
    donnes = r.number(data, "donnes", 1, MAX_DONNES)
    seed = r.number(data, "seed", 0, 2**63 - 1)
    seating = r.field(data, "seating", list)
    if len(seating) != rounds:
        raise r.fail("seating", f"one list of tables a round, {rounds}")
    tables = tuple(
        _read_round(r, tables, f"seating[{i}]", number, kind == DUPLICATE)
        for i, tables in enumerate(seating)
    )
    if kind == DONNES_LIBRES:
        sizes = table_sizes(len(names))
        for i, round_ in enumerate(tables):
            seated = sorted(p for play in round_ for p in play.players)
            if seated != list(range(len(names))) or len(round_) != len(sizes):
                raise r.fail(f"seating[{i}]", "every player once, at the tables of the count")
        return Tournament(name, kind, tuple(names), rounds, donnes, seed, tables)
    return _read_duplicate(
        r, data, Tournament(name, kind, tuple(names), rounds, donnes, seed, tables)
    )


def _read_round(
    r: _Reader, value: Any, at: str, number: dict[str, int], duplicate: bool
) -> tuple[Play, ...]:
    if not isinstance(value, list) or not value:
        raise r.fail(at, "a list of tables")
    plays = []
    for t, table in enumerate(value):
        where = f"{at}[{t}]"
        if not isinstance(table, dict):
            raise r.fail(where, "a table: {table, players}")
        if r.number(table, "table", t + 1, t + 1, where) != t + 1:  # pragma: no cover
            raise r.fail(where, "tables in order")
        etui = r.number(table, "etui", 1, 10_000, where) - 1 if duplicate else -1
        seated = r.field(table, "players", list, where)
        if not 4 <= len(seated) <= 5 or any(name not in number for name in seated):
            raise r.fail(f"{where}.players", "4 or 5 names of the tournament's players")
        plays.append(Play(etui, tuple(number[name] for name in seated)))
    return tuple(plays)


def _read_duplicate(r: _Reader, data: dict[str, Any], t: Tournament) -> Tournament:
    count = r.field(data, "commitment", str)
    if not re.fullmatch(r"[0-9a-f]{64}", count):
        raise r.fail("commitment", "64 lowercase hex digits")
    secret = data.get("secret")
    if secret is not None and not (
        isinstance(secret, str) and re.fullmatch(r"[0-9a-f]{64}", secret)
    ):
        raise r.fail("secret", "null, or 64 lowercase hex digits")
    etuis_data = r.field(data, "etuis", list)
    etuis = []
    for e, etui in enumerate(etuis_data):
        at = f"etuis[{e}]"
        if not isinstance(etui, dict):
            raise r.fail(at, "an étui: {etui, players, deals}")
        r.number(etui, "etui", e + 1, e + 1, at)
        size = r.number(etui, "players", 4, 5, at)
        deals_data = r.field(etui, "deals", list, at)
        if len(deals_data) != t.donnes:
            raise r.fail(f"{at}.deals", f"{t.donnes} deals, one a donne of the round")
        deals = []
        for k, deal in enumerate(deals_data):
            where = f"{at}.deals[{k}]"
            if not isinstance(deal, dict):
                raise r.fail(where, "a deal: {dealer, hands, chien}")
            dealer = r.number(deal, "dealer", 0, size - 1, where)
            hands = r.field(deal, "hands", list, where)
            if len(hands) != size:
                raise r.fail(f"{where}.hands", f"{size} hands")
            held = tuple(r.cards(h, f"{where}.hands[{s}]") for s, h in enumerate(hands))
            chien = r.cards(r.field(deal, "chien", list, where), f"{where}.chien")
            variant = Variant.for_players(size)
            whole = CardSet()
            for hand in held:
                whole |= hand
            if (
                any(len(h) != variant.hand_size for h in held)
                or len(chien) != variant.chien_size
                or len(whole | chien) != 78
            ):
                raise r.fail(where, f"the 78 cards dealt for {size} players")
            deals.append(EtuiDeal(dealer, held, chien))
        etuis.append(tuple(deals))
    sizes = tuple(len(play.players) for play in t.tables[0])
    plan = Movement(len(t.players), sizes, tuple(len(d[0].hands) for d in etuis), t.tables)
    try:
        check_movement(plan)
    except TournamentError as error:
        raise r.fail("seating", str(error)) from None
    return replace(t, etuis=tuple(etuis), commitment=count, secret=secret)
