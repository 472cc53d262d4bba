"""The PettingZoo AEC environment (atout.sim.env): PettingZoo's own API test, legal
action masks that are exactly the engine's legal actions, and marks as rewards (S4)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # type: ignore[import-untyped]

from atout.sim.env import ACTIONS, action_index, env


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pettingzoo_api_test(players: int) -> None:
    api_test(env(players=players), num_cycles=200)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_masks_are_the_legal_actions_and_rewards_the_marks(players: int) -> None:
    environment = env(players=players)
    rng = random.Random(players)
    for seed in range(5):
        environment.reset(seed=seed)
        total = {agent: 0.0 for agent in environment.agents}
        steps = 0
        for agent in environment.agent_iter(max_iter=500):
            observation, reward, done, truncated, _ = environment.last()
            total[agent] += reward
            if done or truncated:
                environment.step(None)
                continue
            donne = environment.donne
            assert donne is not None
            seat = environment.possible_agents.index(agent)
            assert donne.current_player() == seat
            legal = {action_index(a) for a in donne.legal_actions()}
            assert set(np.flatnonzero(observation["action_mask"]).tolist()) == legal
            assert observation["observation"][:78].sum() == len(donne.hands[seat])
            environment.step(rng.choice(sorted(legal)))
            steps += 1
        assert donne is not None and donne.is_terminal()
        marks = donne.returns()
        assert [total[a] for a in environment.possible_agents] == [float(m) for m in marks]
        assert steps > 0


def test_illegal_action_is_refused() -> None:
    environment = env(players=4)
    environment.reset(seed=1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = next(i for i in range(ACTIONS) if not mask[i])
    with pytest.raises(ValueError, match="not legal"):
        environment.step(illegal)


def test_observation_hides_other_hands() -> None:
    """D19: an agent's vector holds its own hand, never another seat's."""
    environment = env(players=4)
    environment.reset(seed=2)
    donne = environment.donne
    assert donne is not None
    for seat, agent in enumerate(environment.possible_agents):
        vector = environment.observe(agent)["observation"]
        hand = {int(c) for c in donne.hands[seat]}
        assert {int(i) for i in np.flatnonzero(vector[:78])} == hand
