"""A search bot's time budget (the terminal table's levels): the samples are played out
in rounds, the decision stops after the round that ends past the budget, and a decision
that finishes in time is the same for the same seed; without a budget every sample is
played out, as the arena and the benchmarks do."""

from __future__ import annotations

import random

from atout.bot_levels import LEVELS, level
from atout.bots import HeuristicBot
from atout.bots.search import ROUND, SearchBot
from atout.dealing import Deal
from atout.state import Bid, Donne, GamePhase, Observation
from atout.table import Variant
from atout.tui.session import Settings, TableSession


def _at(phase: GamePhase, seed: int = 3) -> Observation:
    """The observation of the first seat with a real choice in ``phase`` (heuristic bots
    play up to it)."""
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(seed), dealer=0)
    donne = Donne(deal)
    bots = [HeuristicBot(random.Random(s)) for s in range(4)]
    while True:
        seat = donne.current_player()
        assert seat is not None, "the donne ended first"
        obs = donne.observation(seat)
        if donne.phase is phase and len(obs.legal_actions) > 1:
            return obs
        donne.apply_action(bots[seat].act(obs))


def test_a_spent_budget_stops_after_one_round() -> None:
    obs = _at(GamePhase.PLAY)
    bot = SearchBot(random.Random(1), samples=48, budget=0.0)
    action = bot.act(obs)
    assert action in obs.legal_actions
    assert bot.used == ROUND < 48


def test_the_bid_with_a_spent_budget_weighs_every_contract_on_one_round() -> None:
    obs = _at(GamePhase.BIDDING)
    bot = SearchBot(random.Random(1), samples=48, budget=0.0)
    assert isinstance(bot.act(obs), Bid)
    assert bot.used == ROUND


def test_no_budget_plays_out_every_sample() -> None:
    obs = _at(GamePhase.PLAY)
    bot = SearchBot(random.Random(1), samples=40)
    bot.act(obs)
    assert bot.used == 40


def test_a_budget_not_reached_decides_the_same_for_a_seed() -> None:
    obs = _at(GamePhase.PLAY)
    first = SearchBot(random.Random(9), samples=40, budget=600.0)
    second = SearchBot(random.Random(9), samples=40, budget=600.0)
    assert first.weigh(obs) == second.weigh(obs)
    assert first.used == second.used == 40
    assert first.rng.getstate() == second.rng.getstate()


def test_the_table_gives_each_search_level_its_budget() -> None:
    budgets = {lv.name: lv.budget for lv in LEVELS}
    assert budgets["search-fast"] == 1.0 and budgets["search"] == 3.0
    assert budgets["search-strong"] == 8.0 and budgets["heuristic"] is None
    session = TableSession(Settings(bots="search-strong", animate=False), seed=4)
    searchers = [b for b in session.bots if isinstance(b, SearchBot)]
    assert len(searchers) == 4
    assert all(b.budget == level("search-strong").budget for b in searchers)
