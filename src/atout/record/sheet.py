"""Score sheets: ``atout.game/1`` records of a real table whose cards were not entered,
as the table companion writes them (:meth:`atout.companion.Evening.game_record`).

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

A score sheet cannot be replayed card by card, so :func:`atout.record.loads_game`
refuses it (``donne 1: hands_known: false: a score sheet of the table companion …``)
and :func:`atout.companion.read_evening` reads it: :func:`read_score_sheet` checks its
form here, and the companion enters the evening again and compares each donne it gives
with the record's, field by field (the dealers, the bans, the faults, the results and
the totals). ``hands_known`` is only ever ``false``: a donne whose hands are known
leaves it out, and has no ``entered``.
"""

from __future__ import annotations

from typing import Any

from atout.bidding import Contract, legal_contracts
from atout.chien import LEVELS
from atout.dealing import MIN_CUT, is_legal_cut
from atout.errors import AtoutError, InvalidRecordError
from atout.record.deal import DEAL_FIELDS, DEAL_FORMAT, _draw, _faults, _head
from atout.record.game import (
    DONNE_FIELDS,
    GAME_FORMAT,
    RESULT_RULES,
    _barred,
    _game_fields,
)
from atout.record.reader import (
    _CONTRACTS,
    _card_list,
    _int,
    _join,
    _list,
    _object,
    _quote,
    _refuse,
    _same,
    _seat,
    _seat_or_none,
    _seed,
    _string,
    _tuple,
    parse_card,
)
from atout.record.rules import MAX_PENALTY, read_rules
from atout.table import Rules, Variant

__all__ = [
    "ENTERED_FIELDS",
    "MAX_SHEET_DONNES",
    "SHEET_DONNE_FIELDS",
    "is_score_sheet",
    "read_score_sheet",
]

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
