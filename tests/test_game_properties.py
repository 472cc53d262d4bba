"""Random legal play from random seeds, 3, 4 and 5 players: the invariants always hold."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots import RandomBot, play_donne, play_match
from atout.cards import DECK, PETIT, CardSet
from atout.dealing import Deal
from atout.match import Match
from atout.record import game_record, loads_game
from atout.state import Action, Donne, GamePhase, Observation, PoigneeShown
from atout.table import Variant


def random_match(seed: int, players: int, donnes: int) -> Match:
    match = Match(Variant.for_players(players))
    bots = [RandomBot(random.Random(seed * 10 + i)) for i in range(players)]
    play_match(match, bots, donnes, random.Random(seed))
    return match


def check_donne(donne: Donne) -> None:
    if donne.result is None:
        assert donne.returns() == [0] * donne.players
        return
    taker, defence, owed = donne.camp_cards()
    assert not taker & defence and taker | defence == DECK  # the 78 cards accounted for
    assert taker.half_points() + defence.half_points() == 182  # 91 points (S1)
    assert donne.result.points * 2 == taker.half_points() - owed
    assert sum(donne.result.marks) == 0  # S4
    assert all(len(hand) == 0 for hand in donne.hands)
    winners = [donne.camp_of(t.winner) for t in donne.tricks if t.winner is not None]
    assert len(winners) == donne.variant.hand_size
    if all(camp == 0 for camp in winners):
        assert donne.result.chelem == (400 if donne.chelem is not None else 200)
    elif donne.chelem is None and not all(camp == 1 for camp in winners):
        assert donne.result.chelem == 0
    last = donne.tricks[-1]
    if PETIT in [c for _, c in last.cards] and donne.result.chelem <= 0:
        assert last.winner is not None
        assert donne.result.petit_au_bout == (10 if donne.camp_of(last.winner) == 0 else -10)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([3, 4, 5]))
def test_random_legal_play_keeps_every_invariant(seed: int, players: int) -> None:
    match = random_match(seed, players, donnes=3)
    for donne in match.donnes:
        check_donne(donne)
    assert sum(match.totals()) == 0


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**31), st.sampled_from([3, 4, 5]))
def test_replay_of_the_record_equals_the_game(seed: int, players: int) -> None:
    match = random_match(seed, players, donnes=3)
    text = json.dumps(game_record(match.donnes, ["bot:random"] * players, seed))
    donnes, data = loads_game(text)
    assert donnes == match.donnes
    assert data["totals"] == match.totals()
    for donne in match.donnes:
        assert Donne.replay(donne.deal, donne.operations) == donne


def test_petit_au_bout_happens_and_is_scored() -> None:
    seen = 0
    for seed in range(400):
        for donne in random_match(seed, 4, donnes=1).donnes:
            check_donne(donne)
            if donne.result and donne.result.petit_au_bout:
                seen += 1
    assert seen > 0


def played(seed: int, players: int) -> Donne:
    """A donne played to its end by random bots (a void one is dealt again)."""
    rng = random.Random(seed)
    while True:
        donne = Donne(Deal.automatic(Variant.for_players(players), rng=rng, dealer=0))
        bots = [RandomBot(random.Random(seed + seat)) for seat in range(players)]
        play_donne(donne, bots)
        if donne.result is not None:
            return donne


CORRUPTIONS: dict[str, Callable[[Donne], object]] = {
    "a hand changed": lambda d: d._hands.__setitem__(0, CardSet([PETIT])),
    "the taker changed": lambda d: object.__setattr__(d, "_taker", ((d.taker or 0) + 1) % 4),
    "a bid dropped": lambda d: object.__setattr__(d, "_bids", d.bids[1:]),
    "the écart changed": lambda d: object.__setattr__(d, "_ecart", d.ecart[1:] or (PETIT,)),
    "a poignée added": lambda d: object.__setattr__(
        d, "_poignees", (*d.poignees, PoigneeShown(0, "simple", ()))
    ),
    "a trick's winner changed": lambda d: object.__setattr__(
        d, "_done", (*d._done[:-1], d._done[-1]._replace(winner=(d._done[-1].winner or 0) ^ 1))
    ),
    "the partner changed": lambda d: object.__setattr__(d, "_partner", 3),
    "the result changed": lambda d: object.__setattr__(
        d, "_result", replace(d.result, score=0) if d.result else None
    ),
    "the chelem changed": lambda d: object.__setattr__(
        d, "_chelem", None if d.chelem is not None else d.taker
    ),
    "the phase changed": lambda d: object.__setattr__(d, "_phase", GamePhase.PLAY),
}


@pytest.mark.parametrize("what", CORRUPTIONS)
def test_a_corrupted_donne_is_not_equal_to_its_replay(what: str) -> None:
    """Equality compares what a seat or the scorer could see, not only the log."""
    donne = played(3, 4)
    again = Donne.replay(donne.deal, donne.operations)
    assert again == donne
    CORRUPTIONS[what](again)
    assert again != donne and again.operations == donne.operations


class Vandal:
    """A bot that tries to write into everything it is handed, then plays at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.refused, self.tries = rng, 0, 0

    def act(self, observation: Observation) -> Action:
        attempts: list[Callable[[], object]] = [
            lambda: setattr(observation, "hand", DECK),
            lambda: setattr(observation, "taker", observation.seat),
            lambda: observation.bids.append(observation.bids[0]),  # type: ignore[attr-defined]
            lambda: observation.legal_actions.append(None),  # type: ignore[attr-defined]
            lambda: observation.tricks.append(None),  # type: ignore[attr-defined]
            lambda: observation.poignees.append(None),  # type: ignore[attr-defined]
            lambda: setattr(observation.legal_actions[0], "seat", 9),
        ]
        if observation.tricks:
            trick = observation.tricks[-1]
            attempts += [
                lambda: trick.cards.append((0, PETIT)),  # type: ignore[attr-defined]
                lambda: setattr(trick, "winner", 0),
            ]
        for attempt in attempts:
            self.tries += 1
            try:
                attempt()
            except (AttributeError, TypeError):
                self.refused += 1
        return self.rng.choice(observation.legal_actions)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_agents_cannot_change_the_game_through_what_they_are_handed(players: int) -> None:
    vandals = [Vandal(random.Random(seat)) for seat in range(players)]
    calm = [RandomBot(random.Random(seat)) for seat in range(players)]
    deal = Deal.automatic(Variant.for_players(players), rng=random.Random(11), dealer=0)
    spoiled, clean = play_donne(Donne(deal), vandals), play_donne(Donne(deal), calm)
    assert all(v.tries > 0 and v.refused == v.tries for v in vandals)
    assert spoiled == clean and Donne.replay(deal, spoiled.operations) == spoiled
    assert isinstance(spoiled.tricks, tuple) and isinstance(spoiled.hands, tuple)
