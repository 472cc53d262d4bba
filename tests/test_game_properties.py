"""Random legal play from random seeds, 3, 4 and 5 players: the invariants always hold."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from atout.bots import RandomBot, play_match
from atout.cards import DECK, PETIT
from atout.match import Match
from atout.record import game_record, loads_game
from atout.state import Donne
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
