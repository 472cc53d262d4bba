"""French Tarot as an OpenSpiel game (atout.sim.openspiel): OpenSpiel's own random
simulation test, a donne played through pyspiel that is the engine's donne (same
deal, same actions, same marks), resampled states the player cannot tell apart, and
OpenSpiel's IS-MCTS playing legal actions as an atout bot in the arena."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

import pyspiel

from atout.bots import BOTS
from atout.bots.arena import run_arena
from atout.bots.outside import load_factory
from atout.cards import PETIT
from atout.dealing import Deal
from atout.sim.encoding import OBS_SIZE, action_index, observation_vector
from atout.sim.openspiel import GAME_NAME, ISMCTS, FrenchTarotState, donne_of_sample
from atout.sim.sampler import Sampler
from atout.state import Donne, GamePhase, PoigneeShown
from atout.table import Variant


@pytest.mark.parametrize("players", [3, 4, 5])
def test_openspiel_random_sim_test(players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_game_loads_by_name_with_four_players_by_default() -> None:
    game = pyspiel.load_game(GAME_NAME)
    assert game.num_players() == 4
    assert pyspiel.load_game("french_tarot(players=5)").num_players() == 5
    assert game.num_distinct_actions() == 88
    assert game.max_chance_outcomes() == 78
    with pytest.raises(ValueError, match="3, 4 or 5"):
        pyspiel.load_game(GAME_NAME, {"players": 6})


def _dealt(game: object, deal: Deal) -> FrenchTarotState:
    """The pyspiel state after chance has dealt ``deal``: its dealer, then each hand's
    cards, seat after seat, then the chien."""
    state: FrenchTarotState = game.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node()
    state.apply_action(deal.dealer)
    for cards in [*deal.received, deal.chien_cards]:
        for card in sorted(cards):
            assert state.is_chance_node()
            assert (int(card), pytest.approx(1 / len(state.chance_outcomes()))) in [
                (a, pytest.approx(p)) for a, p in state.chance_outcomes()
            ]
            state.apply_action(int(card))
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_donne_played_through_pyspiel_is_the_engines(players: int) -> None:
    """Same deal, same actions ⇒ same donne: the seat to play, the legal actions, each
    seat's observation and at the end the marks (S4)."""
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    variant = Variant.for_players(players)
    rng = random.Random(players)
    played = 0
    for seed in range(4):
        deal = Deal.automatic(variant, rng=random.Random(seed), dealer=seed % players)
        donne = Donne(Deal.automatic(variant, rng=random.Random(seed), dealer=seed % players))
        bots = [BOTS["heuristic-1"](random.Random(seed * 10 + s)) for s in range(players)]
        state = _dealt(game, deal)
        while not donne.is_terminal():
            seat = donne.current_player()
            assert seat is not None and state.current_player() == seat
            legal = donne.legal_actions()
            assert state.legal_actions() == sorted(action_index(a) for a in legal)
            for other in range(players):
                obs = donne.observation(other)
                tensor = state.observation_tensor(other)
                assert list(tensor) == list(observation_vector(obs).astype(float))
            # half the time the heuristic's action, half the time a random one
            action = bots[seat].act(donne.observation(seat)) if rng.random() < 0.5 else None
            if action is None or action_index(action) not in state.legal_actions():
                action = rng.choice(legal)
            state.apply_action(action_index(action))
            donne.apply_action(action)
            played += 1
        assert state.is_terminal()
        assert state.returns() == [float(m) for m in donne.returns()]
        assert sum(state.returns()) == 0
    assert played > 100


def test_a_petit_sec_deal_is_terminal_at_once_with_zero_returns() -> None:
    """D16: a deal with a Petit sec is void; the state after chance is terminal."""
    game = pyspiel.load_game(GAME_NAME)
    state = game.new_initial_state()
    state.apply_action(0)
    hand = [int(PETIT), *range(17)]  # the Petit and seventeen plain cards
    rest = [c for c in range(78) if c not in hand]
    for card in [*hand, *rest]:
        state.apply_action(card)
    assert state.is_terminal()
    assert state.returns() == [0.0] * 4
    assert state.donne is not None and state.donne.void == "petit_sec"


def test_tensors_have_the_game_s_shapes() -> None:
    game = pyspiel.load_game(GAME_NAME)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert game.observation_tensor_size() == OBS_SIZE
    assert game.information_state_tensor_size() == OBS_SIZE + 78 * 5
    assert len(state.information_state_tensor(1)) == OBS_SIZE + 78 * 5
    assert "hand" in state.observation_string(1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(players: int) -> None:
    """What IS-MCTS relies on: the player's information state (string and tensor) and
    legal actions are the same in the resampled state; the others' hands may differ."""
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    rng = random.Random(players)
    checked = moved = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            seat = state.current_player()
            if rng.random() < 0.3:
                other = state.resample_from_infostate(seat, sampler)
                assert other.current_player() == seat
                assert other.information_state_string(seat) == state.information_state_string(seat)
                assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert other.legal_actions() == state.legal_actions()
                moved += other.donne.hands != state.donne.hands
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 30 and moved > 0


def test_a_cloned_state_is_independent() -> None:
    game = pyspiel.load_game(GAME_NAME)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.current_player() != copy.current_player()
    assert len(state.donne.operations) + 1 == len(copy.donne.operations)


@pytest.mark.parametrize("players", [3, 5])
def test_ismcts_plays_a_whole_donne_legally(players: int) -> None:
    variant = Variant.for_players(players)
    deal = Deal.automatic(variant, rng=random.Random(11), dealer=0)
    donne = Donne(deal)
    bots = [ISMCTS(random.Random(1), simulations=6)] + [
        BOTS["heuristic-1"](random.Random(s)) for s in range(1, players)
    ]
    phases = set()
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        obs = donne.observation(seat)
        action = bots[seat].act(obs)
        assert action in obs.legal_actions
        if seat == 0:
            phases.add(obs.phase)
        donne.apply_action(action)
    assert GamePhase.BIDDING in phases


def test_ismcts_in_the_arena_from_a_bot_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot sits in the arena as any outside bot (module:Factory); the arena stops
    on any illegal action, so a finished run is a run of legal actions only."""
    (tmp_path / "quick_ismcts.py").write_text(
        "from atout.sim.openspiel import ISMCTS\n\n\n"
        "def Quick(rng):\n    return ISMCTS(rng, simulations=4)\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "quick_ismcts", raising=False)
    load_factory.cache_clear()
    try:
        result = run_arena(["quick_ismcts:Quick", "heuristic-1"], players=3, deals=1, seed=1)
    finally:
        load_factory.cache_clear()
        sys.modules.pop("quick_ismcts", None)
    assert [s.bot for s in result.stats] == ["quick_ismcts:Quick", "heuristic-1"]
    assert result.deals == 1


def test_the_arena_loads_the_bot_by_its_documented_name() -> None:
    factory = load_factory("atout.sim.openspiel:ISMCTS")
    bot = factory(random.Random(0))
    assert isinstance(bot, ISMCTS) and bot.simulations == 100


def test_a_sample_replays_a_poignee_shown_before_its_card() -> None:
    """A2: a seat that has just shown its poignée still has its first card to play;
    on a resampled deal the poignée is shown too (it was missing, and IS-MCTS then
    offered that seat its poignée again)."""
    variant = Variant.for_players(4)
    checked = 0
    for seed in range(200):
        deal = Deal.automatic(variant, rng=random.Random(seed), dealer=seed % 4)
        donne = Donne(deal)
        bots = [BOTS["heuristic-1"](random.Random(s)) for s in range(4)]
        while not donne.is_terminal():
            seat = donne.current_player()
            assert seat is not None
            shows = [a for a in donne.legal_actions() if isinstance(a, PoigneeShown)]
            if shows:
                donne.apply_action(shows[0])
                obs = donne.observation(seat)
                for owners in Sampler(obs).sample(3, seed=seed):
                    assert donne_of_sample(obs, owners).observation(seat) == obs
                checked += 1
                break
            donne.apply_action(bots[seat].act(donne.observation(seat)))
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_observation_replays_exactly_on_its_samples(players: int) -> None:
    """What the seat to act saw, at every decision of whole donnes of heuristic bots,
    is exactly what it sees on each sample's replayed donne: IS-MCTS's tree keys and
    legal actions then agree with the real game's."""
    variant = Variant.for_players(players)
    checked = 0
    for seed in range(4):
        donne = Donne(Deal.automatic(variant, rng=random.Random(seed), dealer=seed % players))
        bots = [BOTS["heuristic"](random.Random(seed + s)) for s in range(players)]
        while not donne.is_terminal():
            seat = donne.current_player()
            assert seat is not None
            obs = donne.observation(seat)
            for owners in Sampler(obs).sample(2, seed=checked):
                assert donne_of_sample(obs, owners).observation(seat) == obs
            checked += 1
            donne.apply_action(bots[seat].act(obs))
    assert checked > 100
