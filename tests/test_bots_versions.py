"""Versioned bots: ``heuristic-1`` is the first heuristic bot, frozen (its every action
pinned here), and ``heuristic`` is the current one; every registered bot plays legally."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable

import pytest

from atout.bots import BOTS, Agent, HeuristicBot, HeuristicBot1, play_donne
from atout.dealing import Deal
from atout.state import Donne
from atout.table import Variant

# sha256 of the operations of 36 donnes (3, 4, 5 players, seeds 0 … 11) played by the
# heuristic bot as it was before the arena (atout 0.x, issue 12): 2,866 operations.
PINNED = "39468a346b2825ab51cf164939e1204a320b8ce7e1a6ab5f3960e9a91ca41fd3"


def _digest(factory: Callable[[random.Random], Agent], seeds: int = 12) -> tuple[int, str]:
    digest = hashlib.sha256()
    count = 0
    for players in (3, 4, 5):
        for seed in range(seeds):
            deal = Deal.automatic(
                Variant.for_players(players), rng=random.Random(seed), dealer=seed % players
            )
            bots = [factory(random.Random(seed * 10 + s)) for s in range(players)]
            donne = play_donne(Donne(deal), bots)
            for operation in donne.operations:
                digest.update(repr(operation).encode())
                count += 1
            digest.update(repr(donne.returns()).encode())
    return count, digest.hexdigest()


def test_heuristic_1_plays_exactly_as_it_always_did() -> None:
    assert BOTS["heuristic-1"] is HeuristicBot1
    assert _digest(HeuristicBot1) == (2866, PINNED)


# sha256 of the operations of 6 donnes (3, 4, 5 players, seeds 0 and 1) played by the
# search bot as first released (64 samples a decision, no time budget).
SEARCH_1 = (527, "90153b993923957c1ce6bf2bcfc514bc2ad51425f352d026e60b22aef85b1660")


def test_search_1_plays_exactly_as_it_always_did() -> None:
    """``search-1`` is the yardstick of every search to come: a change to the sampler,
    the playout kernel or the search that changes one of its actions fails here (keep
    the old code for ``search-1`` then, as ``heuristic-1`` keeps the first heuristic)."""
    assert _digest(BOTS["search-1"], seeds=2) == SEARCH_1


def test_heuristic_is_the_improved_version() -> None:
    assert BOTS["heuristic"] is HeuristicBot
    assert _digest(HeuristicBot)[1] != PINNED


@pytest.mark.parametrize("name", sorted(BOTS))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_bot_plays_whole_donnes(name: str, players: int) -> None:
    """Each registered bot, in every seat, plays legal actions to the end (the rules
    refuse any other) and the marks are zero-sum (S4)."""
    factory = BOTS[name]
    for seed in range(1 if name.startswith("search") else 6):
        deal = Deal.automatic(Variant.for_players(players), rng=random.Random(seed), dealer=0)
        bots = [factory(random.Random(seed + s)) for s in range(players)]
        donne = Donne(deal)
        while not donne.is_terminal():
            seat = donne.current_player()
            assert seat is not None
            peek = getattr(bots[seat], "peek", None)
            if peek is not None:
                peek(donne)
            donne.apply_action(bots[seat].act(donne.observation(seat)))
        assert sum(donne.returns()) == 0
