"""Records read strictly and bounded (docs/reference/formats.md): the round trip with faults,
poignées and void donnes, the refusals of the issue one by one, and a fuzz campaign of
structural mutants, each refused with one line or accepted as a legal game."""

from __future__ import annotations

import copy
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.cards import Card
from atout.dealing import Deal, Phase
from atout.errors import AtoutError, InvalidRecordError
from atout.match import Match
from atout.record import (
    MAX_RECORD_BYTES,
    action_from_json,
    action_to_json,
    deal_record,
    game_record,
    loads_deal,
    loads_game,
)
from atout.state import Bid, Donne, PoigneeShown
from atout.table import Variant

# -- matches made by the engine, with faults (D10–D14), poignées (A1) and void donnes ------


def _plain(card: Card) -> bool:
    """D14: a card below the Valet (the deal goes on when it is turned up)."""
    return card.is_suit_card and not card.is_court


def _goes_on_faults(deal: Deal, rng: random.Random, picked: set[int], shown: set[Card]) -> None:
    """Faults that let the deal go on: an early pick-up (D11), a plain card turned up
    by a seat that received it (D14)."""
    for _ in range(rng.randint(0, 2)):
        seat = rng.randrange(deal.variant.players)
        cards = [c for c in deal.received[seat] if _plain(c) and c not in shown]
        if rng.random() < 0.5 and deal.received[seat] and seat not in picked:
            deal.record_fault("early_pickup", seat)
            picked.add(seat)
        elif cards:
            card = rng.choice(cards)
            deal.record_fault("card_exposed", seat, card)
            shown.add(card)


def _voiding_fault(deal: Deal, rng: random.Random) -> None:
    """A fault that voids the deal (D10, D12, D14), where the deal is now."""
    seat = rng.randrange(deal.variant.players)
    serious = [c for c in deal.received[seat] if not _plain(c)]
    if deal.phase is Phase.SHOW_CHIEN:
        deal.record_fault(rng.choice(["chien_count", "misdeal"]))
    elif serious and rng.random() < 0.5:
        deal.record_fault("card_exposed", seat, rng.choice(serious))
    else:
        deal.record_fault("misdeal")


def deal_with_faults(deal: Deal, rng: random.Random) -> None:
    """Deal ``deal`` to its end, with faults at random places (or none)."""
    kind = rng.choice(["none", "none", "goes_on", "goes_on", "void", "early", "chien"])
    if kind == "early":
        deal.run_automatically(rng, pause=rng.choice([Phase.SHUFFLE, Phase.CUT]))
        _voiding_fault(deal, rng)
    elif kind == "chien":
        deal.run_automatically(rng, pause=Phase.SHOW_CHIEN)
        _voiding_fault(deal, rng)
    elif kind != "none":
        picked: set[int] = set()
        shown: set[Card] = set()
        places = sorted(rng.sample(range(deal.variant.packet_count), 2))
        for place in places:
            deal.run_automatically(rng, pause_after_packets=place)
            _goes_on_faults(deal, rng, picked, shown)
        if kind == "void":
            _voiding_fault(deal, rng)
    deal.run_automatically(rng)


def play_randomly(donne: Donne, rng: random.Random) -> None:
    """Random legal actions, poignées shown when they may be, passes more often."""
    while not donne.is_terminal():
        actions = donne.legal_actions()
        poignees = [a for a in actions if isinstance(a, PoigneeShown)]
        passes = [a for a in actions if isinstance(a, Bid) and a.contract is None]
        if poignees and rng.random() < 0.8:
            donne.apply_action(rng.choice(poignees))
        elif passes and rng.random() < 0.5:
            donne.apply_action(passes[0])
        else:
            donne.apply_action(rng.choice(actions))


def engine_match(seed: int, players: int, count: int) -> tuple[list[Donne], dict[str, Any]]:
    """``count`` donnes of a match played by the engine, and its record."""
    rng = random.Random(seed)
    first = rng.choice([None, rng.randrange(players)])
    match = Match(Variant.for_players(players), first_dealer=first)
    for _ in range(count):
        deal = match.new_deal()
        deal_with_faults(deal, rng)
        donne = Donne(deal)
        play_randomly(donne, rng)
        match.donnes.append(donne)
    seats = [rng.choice(["human", "bot:random", "bot:heuristic"]) for _ in range(players)]
    seeds = [rng.choice([None, rng.randrange(10**6)]) for _ in range(count)]
    return match.donnes, game_record(match.donnes, seats, rng.choice([None, seed]), seeds)


def _dumps(record: Any) -> str:
    return json.dumps(record, ensure_ascii=False)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]), st.integers(1, 4))
def test_records_round_trip_with_faults_poignees_and_void_donnes(
    seed: int, players: int, count: int
) -> None:
    donnes, record = engine_match(seed, players, count)
    again, data = loads_game(_dumps(record))
    assert again == donnes
    seeds = [d["deal"]["seed"] for d in record["donnes"]]
    assert game_record(again, data["seats"], data["seed"], seeds) == record


def _with_fault_after_packet_7() -> tuple[list[Donne], dict[str, Any]]:
    rng = random.Random(5)
    match = Match(Variant.for_players(4), first_dealer=0)
    deal = match.new_deal()
    deal.run_automatically(rng, pause_after_packets=7)
    plain = next(c for c in deal.received[2] if _plain(c))
    deal.record_fault("card_exposed", 2, plain)
    deal.run_automatically(rng)
    donne = Donne(deal)
    play_randomly(donne, rng)
    return [donne], game_record([donne], ["human"] * 4)


def test_D14_a_fault_after_packet_7_comes_back_at_its_place() -> None:
    donnes, record = _with_fault_after_packet_7()
    fault = record["donnes"][0]["faults"][0]
    sequence = record["donnes"][0]["deal"]["sequence"]
    assert fault["at"] == 7 + sum(step["to"] == "chien" for step in sequence[:8])
    assert loads_game(_dumps(record))[0] == donnes
    fault["at"] += 1
    later = loads_game(_dumps(record))[0]
    assert later != donnes and game_record(later, ["human"] * 4) == record


# -- the refusals of the issue, one by one --------------------------------------------------


@pytest.fixture(scope="module")
def base() -> dict[str, Any]:
    """A 4-player record of three played donnes (the third one a garde sans or not)."""
    for seed in range(200):
        record = engine_match(seed, 4, 3)[1]
        played = [d for d in record["donnes"] if d["result"] and not d["faults"]]
        if len(played) == 3:
            return record
    raise AssertionError("no record")  # pragma: no cover


Change = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Change:
    def change(record: dict[str, Any]) -> None:
        *keys, last = [int(k) if k.lstrip("-").isdigit() else k for k in path.split("/")]
        target: Any = record
        for key in keys:
            target = target[key]
        if value is _DELETE:
            del target[last]
        else:
            target[last] = value

    return change


def _as_int(key: str) -> Change:
    def change(record: dict[str, Any]) -> None:
        result = record["donnes"][0]["result"]
        result[key] = int(result[key])

    return change


def _next_leader(record: dict[str, Any]) -> None:
    trick = record["donnes"][0]["tricks"][5]
    trick["leader"] = (trick["leader"] + 1) % 4


def _five_seats(record: dict[str, Any]) -> None:
    record["players"], record["seats"] = 5, ["human"] * 5
    record["totals"].append(0)


_DELETE = object()
_TRICK = "donnes/0/tricks/5"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _set(f"{_TRICK}/leader", 99),
            r"^record\.json: donne 1: tricks\[5\]\.leader: 99 is not a seat",
        ),
        (
            _set(f"{_TRICK}/leader", "pass"),
            r"^record\.json: donne 1: tricks\[5\]\.leader: expected an integer",
        ),
        (
            _set(f"{_TRICK}/leader", _DELETE),
            r"^record\.json: donne 1: tricks\[5\]\.leader: missing",
        ),
        (_set(f"{_TRICK}/cards/0/1", "ks"), r"tricks\[5\]\.cards\[0\]\[1\]: 'ks' is not a card"),
        (_set(f"{_TRICK}/cards/0/1", " KS"), r"' KS' is not a card"),
        (_set(f"{_TRICK}/cards/0/1", "K\u017f"), r"is not a card"),
        (_set(f"{_TRICK}/cards/0/1", "\u212aS"), r"is not a card"),
        (_set(f"{_TRICK}/cards/0/1", "T\u0662\u0661"), r"is not a card"),
        (_set(f"{_TRICK}/cards/0/1", "T\uff12\uff11"), r"is not a card"),
        (_set("seats", ["human"] * 3), r"^record\.json: seats: one name per seat"),
        (_set("seats", 4), r"^record\.json: seats: seats is a JSON list"),
        (_set("seats/1", 7), r"^record\.json: seats\[1\]: a name"),
        (_set("seed", "7"), r"^record\.json: seed: expected an integer"),
        (_set("seed", True), r"^record\.json: seed: expected an integer"),
        (_as_int("made"), r"^record\.json: donne 1: result\.made: .* \(S3\)$"),
        (_next_leader, r"^record\.json: donne 1: tricks\[5\]\.leader: seat \d leads .* \(P5\)$"),
        (_five_seats, r"^record\.json: donne 1: deal\.players: 4, but the game has 5 players"),
        (_set("donnes/0/bids/0/1", "GARDE_CONTRE"), r"'GARDE_CONTRE' is not a bid"),
        (_set("players", 5), r"^record\.json: seats: one name per seat: 5 with 5 players"),
        (
            _set("players", 3000000000),
            r"^record\.json: players: French Tarot is played by 3, 4 or 5 players",
        ),
        (
            _set("players", True),
            r"^record\.json: players: French Tarot is played by 3, 4 or 5 players",
        ),
        (_set("donnes/0/deal/cut", 10**19), r"deal\.cut: .* is not a number of cards"),
        (_set("donnes/0/bids/0/0", 1.0), r"bids\[0\]\[0\]: expected an integer seat"),
        (_set("donnes/0/deal/shuffled", ["KS"] * 78), r"the 78 cards, each once \(D4\)"),
        (_set("donnes/0/unknown", 1), r"donne 1: unknown: not a field of a donne"),
        (_set("totals", [0, 0, 0, 0]), r"^record\.json: totals: the game gives .* \(S4\)$"),
    ],
)
def test_malformed_records_are_refused_naming_the_field(
    base: dict[str, Any], change: Change, message: str
) -> None:
    record = copy.deepcopy(base)
    change(record)
    with pytest.raises(InvalidRecordError, match=message) as refused:
        loads_game(_dumps(record), source="record.json")
    assert "\n" not in str(refused.value)


def _played(record: dict[str, Any], test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    for seed in range(300):
        record = engine_match(seed, 4, 1)[1]
        if test(record["donnes"][0]):
            return record
    raise AssertionError("no such donne")  # pragma: no cover


def test_A2_a_poignee_entry_is_replayed_never_dropped() -> None:
    record = _played({}, lambda d: bool(d["poignees"]))
    donne = record["donnes"][0]
    donne["poignees"].append([(donne["poignees"][0][0] + 1) % 4, "simple", ["T21"] * 10])
    with pytest.raises(InvalidRecordError, match=r"poignees\[1\]"):
        loads_game(_dumps(record))
    donne["poignees"][1] = copy.deepcopy(donne["poignees"][0])
    with pytest.raises(InvalidRecordError, match=r"second poignée \(A2"):
        loads_game(_dumps(record))
    donne["poignees"].pop()
    donne["poignees"][0][2].reverse()
    with pytest.raises(InvalidRecordError, match=r"decreasing order.*\(A2\)"):
        loads_game(_dumps(record))


def test_E3_no_ecart_under_a_garde_sans() -> None:
    record = _played({}, lambda d: d["contract"] in ("garde_sans", "garde_contre"))
    record["donnes"][0]["ecart"] = []
    with pytest.raises(InvalidRecordError, match=r"^donne 1: ecart: .* \(E1, E3\)$"):
        loads_game(_dumps(record))


def _faulty(kind: str) -> dict[str, Any]:
    return _played({}, lambda d: any(f["kind"] == kind for f in d["faults"]))


def test_D10_D14_a_fault_rule_matches_its_kind() -> None:
    record = _faulty("card_exposed")
    record["donnes"][0]["faults"][0]["rule"] = "X99"
    with pytest.raises(InvalidRecordError, match=r"faults\[0\]\.rule: .* D14 fault, not 'X99'"):
        loads_game(_dumps(record))


def test_D11_one_early_pickup_per_seat() -> None:
    record = _faulty("early_pickup")
    faults = record["donnes"][0]["faults"]
    pickup = next(f for f in faults if f["kind"] == "early_pickup")
    faults[:] = [pickup] * 40_000
    with pytest.raises(InvalidRecordError, match=r"faults: 40000 entries, at most"):
        loads_game(_dumps(record))
    faults[:] = [pickup, pickup]
    with pytest.raises(
        InvalidRecordError, match=r"D11: seat \d+.s early pick-up is already recorded"
    ):
        loads_game(_dumps(record))


def test_D14_an_exposed_card_is_one_the_seat_received() -> None:
    record = _faulty("card_exposed")
    donne = record["donnes"][0]
    fault = next(f for f in donne["faults"] if f["kind"] == "card_exposed" and f["at"] > 0)
    deal = loads_game(_dumps(record))[0][0].deal
    dealer = deal.dealer
    other = next(s for s in range(4) if s not in (fault["by"], dealer))
    fault["card"] = str(deal.received[other][0])
    with pytest.raises(InvalidRecordError, match=r"D14: seat \d+ has not received"):
        loads_game(_dumps(record))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "^record.json: nesting deeper than 64 levels$"),
        ("[" * 70 + "]" * 70, "^record.json: nesting deeper than 64 levels$"),
        ('{"format": "atout.game/1", "players": ' + "9" * 4301 + "}", "more than 20 digits"),
        ('{"format": "atout.game/1", "players": 1e400}', "out of range"),
        ('{"format": "atout.game/1", "players": NaN}', "NaN is not a number"),
        ('{"format": "atout.game/1", "players": -Infinity}', "-Infinity is not a number"),
        ('{"format":"atout.game/1","players":3000000000,"donnes":[],"totals":[]}', "3, 4 or 5"),
        ("{", "not JSON"),
        ("\x00" * 1000, "not JSON"),
    ],
)
def test_input_is_bounded(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError, match=message) as refused:
        loads_game(text, source="record.json")
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300


def test_50_mb_of_garbage_answers_at_once() -> None:
    garbage = "".join(random.Random(1).choices('[]{}",:0123456789aeEtrufnl ', k=50_000_000))
    start = time.perf_counter()
    for text in (garbage, "[" + garbage, '{"format": "atout.game/1", "x": "' + garbage):
        with pytest.raises(InvalidRecordError):
            loads_game(text)
    assert time.perf_counter() - start < 3
    with pytest.raises(InvalidRecordError, match="larger than 64 MiB"):
        loads_game(" " * (MAX_RECORD_BYTES + 1))


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"type": "bid"},
        {"type": "bid", "seat": True, "contract": "pass"},
        {"type": "bid", "seat": 1, "contract": "GARDE"},
        {"type": "play", "seat": 1, "card": "ks"},
        {"type": "play", "seat": 9, "card": "KS"},
        {"type": "chelem", "seat": 1, "announce": 1},
        {"type": "poignee", "seat": 1, "level": "simple", "cards": "T21"},
        {"type": "play", "seat": 1, "card": "KS", "extra": 0},
        {"type": ["play"]},
    ],
)
def test_actions_are_read_strictly(data: Any) -> None:
    with pytest.raises(InvalidRecordError):
        action_from_json(data)


def test_actions_round_trip(base: dict[str, Any]) -> None:
    donne = loads_game(_dumps(base))[0][0]
    for operation in donne.operations:
        if not operation.automatic:
            assert action_from_json(action_to_json(operation)) == operation  # type: ignore[arg-type]


# -- the fuzz campaign ---------------------------------------------------------------------

_LOOKALIKES = {
    "K": "\u212a",
    "S": "\u017f",
    "1": "\u0661",
    "2": "\uff12",
    "T": "\u0422",
    "E": "\u0395",
    "X": "\u03a7",
}
_ODD_VALUES: list[Any] = [
    None, True, False, 0, 1, -1, 2, 99, 2**64, -(10**19), 1.5, 0.0, "", "x", "pass", [], {},
    [[]], "KS", "ks", "T21", "EX", "chien", "garde_contre", "simple", float("nan"),
]  # fmt: skip


def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, depth first."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, (*path, index))


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


def _lookalike(text: str, rng: random.Random) -> str:
    changes: list[Callable[[str], str]] = [
        str.lower,
        lambda t: " " + t,
        lambda t: t + " ",
        lambda t: "".join(_LOOKALIKES.get(c, c) for c in t),
        lambda t: t.replace("T", ""),
        lambda t: t[:-1],
        lambda t: t * 2,
    ]
    return rng.choice(changes)(text)


def _new_value(value: Any, rng: random.Random) -> Any:
    """Another value for ``value``: retyped, off by one, huge, negative, look-alike."""
    roll = rng.random()
    if isinstance(value, bool) or value is None or roll < 0.3:
        return rng.choice(_ODD_VALUES)
    if isinstance(value, int | float):
        return rng.choice([value + 1, value - 1, -value, value * 10**25, float(value), str(value)])
    if isinstance(value, str):
        return _lookalike(value, rng) if roll < 0.8 else rng.choice(["KS", "EX", "T1", "10H"])
    if roll < 0.6:
        return value[1:] if isinstance(value, list) else {k: value[k] for k in list(value)[1:]}
    nested: Any = value
    for _ in range(rng.choice([2, 70])):
        nested = [nested]
    return nested


def _structural(data: Any, rng: random.Random) -> None:
    """One structural change at a random place of ``data``."""
    paths = list(_paths(data))[1:]
    path = rng.choice(paths)
    parent, key = _parent(data, path), path[-1]
    roll = rng.random()
    if roll < 0.15:
        del parent[key]
    elif roll < 0.22 and isinstance(parent, dict):
        parent[key + rng.choice(["_", "s"]) if rng.random() < 0.5 else key.upper()] = parent.pop(
            key
        )
    elif roll < 0.32 and isinstance(parent, list) and len(parent) > 1:
        other = rng.randrange(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif roll < 0.4 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif roll < 0.5:
        cards = [p for p in paths if isinstance(_at(data, p), str) and len(_at(data, p)) <= 3]
        if len(cards) > 1:
            a, b = rng.sample(cards, 2)
            pa, pb = _parent(data, a), _parent(data, b)
            pa[a[-1]], pb[b[-1]] = pb[b[-1]], pa[a[-1]]
    else:
        parent[key] = _new_value(parent[key], rng)


def _at(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def mutant(record: dict[str, Any], rng: random.Random) -> str:
    """A structural mutant of ``record``, as text: 1–3 changes, sometimes truncated."""
    data = copy.deepcopy(record)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        _structural(data, rng)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.05:
        text = text[: rng.randrange(len(text))]
    return text


def _json_equal(said: Any, computed: Any) -> bool:
    """Equal as JSON values: numbers by value, never a boolean for a number."""
    if isinstance(said, bool) or isinstance(computed, bool):
        return type(said) is type(computed) and said == computed
    if isinstance(said, int | float) and isinstance(computed, int | float):
        return said == computed
    if isinstance(said, list) and isinstance(computed, list):
        return len(said) == len(computed) and all(map(_json_equal, said, computed))
    if isinstance(said, dict) and isinstance(computed, dict):
        return said.keys() == computed.keys() and all(
            _json_equal(said[k], computed[k]) for k in said
        )
    return type(said) is type(computed) and bool(said == computed)


def check_game_mutant(text: str) -> str:
    """``refused`` (an AtoutError of one line) or ``legal`` (accepted, and the engine's
    replay re-dumps it, and reads that again to the same donnes); else an AssertionError."""
    try:
        donnes, data = loads_game(text)
    except AtoutError as error:
        assert "\n" not in str(error) and "unexpected" not in str(error), str(error)
        return "refused"
    seeds = [d["deal"]["seed"] for d in data["donnes"]]
    again = game_record(donnes, data["seats"], data["seed"], seeds)
    assert _json_equal(data, again), text[:300]
    assert loads_game(_dumps(again))[0] == donnes
    return "legal"


def check_deal_mutant(text: str) -> str:
    """As :func:`check_game_mutant`, for an ``atout.deal/1`` record."""
    try:
        deal, seed = loads_deal(text)
    except AtoutError as error:
        assert "\n" not in str(error) and "unexpected" not in str(error), str(error)
        return "refused"
    assert _json_equal(json.loads(text), deal_record(deal, seed)), text[:300]
    return "legal"


def base_records(seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Valid game records (3, 4, 5 players, faults, poignées, void donnes) and deals."""
    games = [engine_match(seed + i, 3 + i % 3, 2 + i % 2)[1] for i in range(6)]
    deals = [d["deal"] for g in games for d in g["donnes"]]
    return games, deals


def test_fuzz_campaign_every_mutant_refused_or_legal() -> None:
    rng = random.Random(20240611)
    games, deals = base_records(11)
    counts = {"refused": 0, "legal": 0}
    start = time.perf_counter()
    for i in range(1200):
        one = time.perf_counter()
        if i % 3:
            counts[check_game_mutant(mutant(rng.choice(games), rng))] += 1
        else:
            counts[check_deal_mutant(mutant(rng.choice(deals), rng))] += 1
        assert time.perf_counter() - one < 2
    assert counts["refused"] > 900 and time.perf_counter() - start < 40


@pytest.mark.parametrize("during", ["shuffle", "cut"])
def test_D14_a_fault_before_the_cut_comes_back_before_the_cut(during: str) -> None:
    """A plain card turned face up while the pack is shuffled or cut (the deal goes on)
    is written with ``during`` and read back at that very step."""
    deal = Deal(Variant.for_players(4), dealer=0)
    if during == "cut":
        deal.shuffle(rng=random.Random(1))
    deal.record_fault("card_exposed", 2, Card.parse("3S"))
    deal.run_automatically(random.Random(2))
    donne, rng = Donne(deal), random.Random(3)
    while not donne.is_terminal():
        donne.apply_action(rng.choice(donne.legal_actions()))
    text = json.dumps(game_record([donne], ["bot:random"] * 4))
    assert json.loads(text)["donnes"][0]["faults"][0]["during"] == during
    back = loads_game(text)[0][0]
    assert back == donne and back.deal.operations == deal.operations
    late = text.replace(f'"during": "{during}"', '"during": "deal"')
    with pytest.raises(InvalidRecordError, match=r"faults\[0\]\.during"):
        loads_game(late)


def test_a_key_twice_a_seed_out_of_range_and_not_a_text_are_refused() -> None:
    text = json.dumps(engine_match(5, 4, 2)[1])
    with pytest.raises(InvalidRecordError, match="'players' given twice in one object"):
        loads_game(text.replace('"players": 4', '"players": 4, "players": 4', 1))
    for seed in (-3, 2**64):
        record = json.loads(text)
        record["seed"] = seed
        with pytest.raises(InvalidRecordError, match=r"seed: .* is not a seed \(0 … 2\*\*64"):
            loads_game(json.dumps(record))
    for value in (None, 5, 1.5):
        with pytest.raises(InvalidRecordError, match="a record is a JSON text, got"):
            loads_game(value)  # type: ignore[arg-type]


def test_a_record_of_millions_of_empty_lists_is_refused_before_it_is_parsed() -> None:
    start = time.perf_counter()
    with pytest.raises(InvalidRecordError, match="more than 4,000,000 lists and objects"):
        loads_game("[" + "[]," * 4_000_001 + "[]]")
    assert time.perf_counter() - start < 2


def test_a_card_that_is_not_one_is_named_by_its_place_and_shown_as_it_is() -> None:
    """A card refused in a list names its index; a look-alike shows its code points."""
    record = json.loads(json.dumps(engine_match(5, 4, 1)[1]))
    record["donnes"][0]["deal"]["chien"][2] = "K\u0405"  # a Cyrillic Ѕ
    with pytest.raises(InvalidRecordError, match=r"chien\[2\]: 'KЅ' \('K\\u0405'\) is not a card"):
        loads_game(json.dumps(record))
