"""The simulator's play rules (``atout.sim.kernel``, compiled by numba and as plain
Python) agree with :mod:`atout.play` (P1–P5), the reference, on thousands of positions:
every position of random deals of 3, 4 and 5 players played out by the rules, and
arbitrary hands facing arbitrary partial tricks."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pytest

from atout.cards import ALL_CARDS, EXCUSE, Card, CardSet
from atout.play import legal_cards, trick_winner
from atout.sim import kernel as K
from atout.table import Variant

Legal = Callable[
    [
        npt.NDArray[np.uint8],
        npt.NDArray[np.int64],
        int,
        npt.NDArray[np.uint8],
        int,
        npt.NDArray[np.int64],
    ],
    int,
]
Winner = Callable[[npt.NDArray[np.uint8], int], int]
Gather = Callable[..., None]


def plain(function: Any) -> Any:
    """The uncompiled function behind a numba dispatcher (the function itself without
    numba)."""
    return getattr(function, "py_func", function)


ENGINES: dict[str, tuple[Legal, Winner]] = {
    "compiled": (K._legal, K._winner),
    "python": (cast(Legal, plain(K._legal)), cast(Winner, plain(K._winner))),
}
PLAYERS = [3, 4, 5]


@dataclass(frozen=True)
class Position:
    """The cards of the seat to play (in the order it holds them) and the trick so far."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]


def play_out(rng: random.Random, players: int) -> tuple[list[Position], list[list[Card]]]:
    """A random deal played to the end by the reference rules: every position met and
    every trick. The Excuse is led whenever its holder leads and a coin says so, to give
    many Excuse-led tricks."""
    size = Variant.for_players(players).hand_size
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    hands = [pack[seat * size : (seat + 1) * size] for seat in range(players)]
    positions: list[Position] = []
    tricks: list[list[Card]] = []
    leader = 0
    for _ in range(size):
        trick: list[Card] = []
        for turn in range(players):
            hand = hands[(leader + turn) % players]
            positions.append(Position(tuple(hand), tuple(trick)))
            legal = legal_cards(CardSet(hand), trick)
            eager = not trick and EXCUSE in legal and rng.random() < 0.5
            card = EXCUSE if eager else rng.choice(legal)
            hand.remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = (leader + trick_winner(trick)) % players
    return positions, tricks


def arbitrary(rng: random.Random, players: int) -> Position:
    """A hand of any size facing any partial trick of other cards."""
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    size = rng.randint(1, Variant.for_players(players).hand_size)
    played = rng.randrange(players)
    return Position(tuple(pack[:size]), tuple(pack[size : size + played]))


@cache
def positions_and_tricks(players: int) -> tuple[list[Position], list[list[Card]]]:
    rng = random.Random(players)
    positions: list[Position] = []
    tricks: list[list[Card]] = []
    for _ in range(150):
        more, done = play_out(rng, players)
        positions += more
        tricks += done
    positions += [arbitrary(rng, players) for _ in range(4000)]
    return positions, tricks


def case(position: Position) -> str:
    """Which of P1–P4 decides the position (the coverage the test asks for)."""
    hand, trick = position.hand, position.trick
    lead = next((card for card in trick if card != EXCUSE), None)
    if lead is None:
        return "the Excuse led alone" if trick else "leads"
    if lead.is_suit_card and any(card.suit == lead.suit for card in hand):
        return "follows suit"
    trumps = [card for card in hand if card.is_trump]
    best = max((card for card in trick if card.is_trump), default=None)
    kind = "trump led" if lead.is_trump else "void"
    if not trumps:
        return f"{kind}, no trump"
    if best is None:
        return f"{kind}, must trump"
    if max(trumps) > best:
        return f"{kind}, must overtrump"
    return f"{kind}, only lower trumps"


CASES = {
    "leads",
    "the Excuse led alone",
    "follows suit",
    "void, must trump",
    "void, must overtrump",
    "void, only lower trumps",
    "void, no trump",
    "trump led, must overtrump",
    "trump led, only lower trumps",
    "trump led, no trump",
}


def kernel_legal(legal: Legal, position: Position, players: int, rng: random.Random) -> list[Card]:
    """The kernel's legal cards for ``position``, asked as ``play_and_gather`` asks: the
    hand in one row of the seats' cards (the other rows and the trick's later places
    hold stale cards), answered as indices into that row."""
    width = Variant.for_players(players).hand_size
    seat = rng.randrange(players)
    held = np.array([rng.sample(range(78), width) for _ in range(players)], dtype=np.uint8)
    held[seat, : len(position.hand)] = position.hand
    count = np.array([rng.randint(0, width) for _ in range(players)], dtype=np.int64)
    count[seat] = len(position.hand)
    trick = np.array(rng.sample(range(78), players), dtype=np.uint8)
    trick[: len(position.trick)] = position.trick
    out = np.full(width, -1, dtype=np.int64)
    n = legal(held, count, seat, trick, len(position.trick), out)
    picks = [int(k) for k in out[:n]]
    assert len(set(picks)) == n and all(0 <= k < len(position.hand) for k in picks), picks
    return sorted(Card(int(held[seat, k])) for k in picks)


def kernel_winner(winner: Winner, trick: list[Card], players: int, rng: random.Random) -> int:
    cards = np.array(rng.sample(range(78), players), dtype=np.uint8)
    cards[: len(trick)] = trick
    return winner(cards, len(trick))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", PLAYERS)
def test_P1_to_P4_the_kernel_allows_exactly_the_legal_cards(players: int, engine: str) -> None:
    legal, _ = ENGINES[engine]
    rng = random.Random(100 + players)
    positions, _ = positions_and_tricks(players)
    cases: Counter[str] = Counter()
    excuse_led = excuse_held = 0
    for position in positions:
        expected = sorted(legal_cards(CardSet(position.hand), position.trick))
        got = kernel_legal(legal, position, players, rng)
        assert got == expected, (position, case(position))
        cases[case(position)] += 1
        excuse_led += len(position.trick) > 1 and position.trick[0] == EXCUSE
        excuse_held += bool(position.trick) and EXCUSE in position.hand
    assert set(cases) == CASES and min(cases.values()) >= 25, cases
    assert excuse_led >= 50 and excuse_held >= 200, (excuse_led, excuse_held)
    assert len(positions) > 14000


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("players", PLAYERS)
def test_P4_P5_the_kernel_gives_the_trick_to_the_same_card(players: int, engine: str) -> None:
    _, winner = ENGINES[engine]
    rng = random.Random(200 + players)
    _, tricks = positions_and_tricks(players)
    seen: Counter[str] = Counter()
    for trick in tricks:
        for played in range(1, players + 1):
            part = trick[:played]
            assert kernel_winner(winner, part, players, rng) == trick_winner(part), part
        seen["trumped"] += any(c.is_trump for c in trick) and not trick[0].is_trump
        seen["Excuse led"] += trick[0] == EXCUSE
        seen["Excuse played after the lead"] += EXCUSE in trick[1:]
        seen["no trump"] += not any(c.is_trump for c in trick)
    assert len(seen) == 4 and min(seen.values()) >= 20, seen


@pytest.mark.parametrize("gather", ["compiled", "python"])
@pytest.mark.parametrize("players", PLAYERS)
def test_P1_to_P5_the_simulators_playout_is_a_legal_game(players: int, gather: str) -> None:
    """``play_and_gather`` (the ``none`` shuffle model) plays whole deals: replayed
    trick by trick, each card is the right seat's, legal by :mod:`atout.play`, and each
    trick is led by the previous trick's winner."""
    run = cast(Gather, K.play_and_gather if gather == "compiled" else plain(K.play_and_gather))
    variant = Variant.for_players(players)
    size, chien = variant.hand_size, variant.chien_size
    rng = np.random.default_rng(players)
    s = np.zeros(4, dtype=np.uint64)
    excuses = 0
    for index in range(150):
        layout = rng.permutation(78).astype(np.uint8)
        pack = np.zeros(78, dtype=np.uint8)
        K.seed_stream(s, np.uint64(players), np.uint64(index))
        with np.errstate(over="ignore"):
            run(layout, players, size, layout[players * size :], chien, pack, s)
        hands = [CardSet(int(c) for c in layout[p * size : (p + 1) * size]) for p in range(players)]
        played = [Card(int(c)) for c in pack]
        leader = 0
        for first in range(0, players * size, players):
            trick = played[first : first + players]
            for turn, card in enumerate(trick):
                seat = (leader + turn) % players
                assert card in legal_cards(hands[seat], trick[:turn]), (index, trick, turn)
                hands[seat] = hands[seat].without_card(card)
            leader = (leader + trick_winner(trick)) % players
            excuses += trick[0] == EXCUSE
        assert played[players * size :] == [Card(int(c)) for c in layout[players * size :]]
    assert excuses > 0
