"""The search bot (atout.bots.search): PIMC decisions for the bid (B1–B2), the écart
(E2), the chelem (A4) and the cards, reproducible for a seed; ``search-cheat`` plays on
the true deal."""

from __future__ import annotations

import random

import numpy as np

from atout.bidding import Contract
from atout.bots import BOTS, HeuristicBot1
from atout.bots.arena import play_game, run_arena
from atout.bots.search import (
    SearchBot,
    bid_log_weights,
    candidate_ecarts,
    quick_ecart,
    resample,
)
from atout.cards import ALL_CARDS, CardSet
from atout.dealing import Deal
from atout.state import Bid, ChelemDecision, Discard, Donne, GamePhase
from atout.table import Variant


def _deal(hands: list[str], dealer: int = 3) -> Deal:
    cards = [CardSet.parse(h) for h in hands]
    used = {int(c) for h in cards for c in h}
    chien = [ALL_CARDS[c] for c in range(78) if c not in used]
    rest = chien[6:]
    full = [sorted(h) for h in cards]
    for i, hand in enumerate(full):  # complete short hands from what is left
        while len(hand) < 18:
            hand.append(rest.pop())
        full[i] = sorted(hand)
    return Deal.prearranged(Variant.for_players(4), full, chien[:6], dealer=dealer)


MONSTER = " ".join(f"T{n}" for n in range(4, 22))  # 18 trumps from the 4 to the 21


def test_B2_a_hand_that_cannot_lose_bids_high_and_A4_announces_the_chelem() -> None:
    deal = _deal([MONSTER, "", "", ""], dealer=3)
    donne = Donne(deal)
    bot = SearchBot(random.Random(1), samples=16)
    action = bot.act(donne.observation(0))
    assert isinstance(action, Bid) and action.contract is Contract.GARDE_CONTRE
    donne.apply_action(action)
    for seat in (1, 2, 3):
        donne.apply_action(Bid(seat, None))
    decision = bot.act(donne.observation(0))
    assert decision == ChelemDecision(0, True)


def test_B1_a_poor_hand_passes() -> None:
    poor = "2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C T2"
    donne = Donne(_deal([poor, "", "", ""], dealer=3))
    assert SearchBot(random.Random(2), samples=16).act(donne.observation(0)) == Bid(0, None)


def test_E2_every_candidate_ecart_is_legal() -> None:
    for seed in range(40):
        donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(seed), dealer=0))
        if donne.is_terminal():
            continue
        first = donne.current_player()
        assert first is not None
        donne.apply_action(Bid(first, Contract.PRISE))
        for k in range(1, 4):
            donne.apply_action(Bid((first + k) % 4, None))
        hand = donne.hands[first]
        options = candidate_ecarts(hand, 6)
        assert set(options[0]) == set(quick_ecart(hand, 6))
        for ecart in options:
            trial = donne.clone()
            for card in ecart:
                trial.apply_action(Discard(first, card))
            assert trial.phase is GamePhase.CHELEM


def test_the_same_seed_plays_the_same_donne() -> None:
    deal = Deal.automatic(Variant.for_players(5), rng=random.Random(4), dealer=1)
    games = []
    for _ in range(2):
        bots = [SearchBot(random.Random(10 + s), samples=12) for s in range(5)]
        games.append(play_game(deal, bots).operations)
    assert games[0] == games[1]


def test_cheat_samples_are_the_true_deal() -> None:
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(6), dealer=0)
    donne = Donne(deal)
    bot = BOTS["search-cheat"](random.Random(1))
    assert isinstance(bot, SearchBot) and bot.cheat
    bot.peek(donne)
    owners, partners = bot._samples(donne.observation(1), 5)
    for seat, hand in enumerate(donne.hands):
        for card in hand:
            assert (owners[:, card] == seat).all()
    assert (owners[:, [int(c) for c in deal.chien_cards]] == 4).all()
    assert (partners == -1).all()
    honest = SearchBot(random.Random(1), samples=5)
    honest.peek(donne)  # an honest bot ignores what it is shown
    guessed, _ = honest._samples(donne.observation(1), 5)
    assert not np.array_equal(guessed, owners)


def test_search_beats_heuristic_1_in_a_small_duplicate() -> None:
    """Not a measure of strength (the arena is), a check that search is not broken."""
    BOTS["search-test"] = lambda rng: SearchBot(rng, samples=16)
    try:
        result = run_arena(["search-test", "heuristic-1"], players=4, deals=12, seed=5)
    finally:
        del BOTS["search-test"]
    assert result.difference.mean > 0
    assert HeuristicBot1 is BOTS["heuristic-1"]


def test_B1_bids_heard_weigh_the_samples() -> None:
    """A seat that took holds, in the samples kept, a stronger hand than one that
    passed: the samples are weighed by how well they fit the bids."""
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(8), dealer=3)
    donne = Donne(deal)
    donne.apply_action(Bid(0, Contract.GARDE))
    for seat in (1, 2, 3):
        donne.apply_action(Bid(seat, None))
    obs = donne.observation(1)
    from atout.sim.sampler import Sampler

    owners = Sampler(obs).sample(2000, seed=3)
    logw = bid_log_weights(obs, owners)
    trumps = (owners[:, 56:78] == 0).sum(axis=1)  # the taker's trumps and Excuse
    assert np.corrcoef(trumps, logw)[0, 1] > 0.3
    kept = owners[resample(logw, 500, random.Random(1))]
    assert (kept[:, 56:78] == 0).sum(axis=1).mean() > trumps.mean() + 0.5
    passed = (owners[:, 56:78] == 2).sum(axis=1)  # seat 2 passed: fewer trumps kept
    assert (kept[:, 56:78] == 2).sum(axis=1).mean() < passed.mean()
