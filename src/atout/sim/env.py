"""A PettingZoo AEC environment of one donne, for learning agents (the ``rl`` extra:
``pip install 'atout[rl]'``; nothing else in atout imports this module or PettingZoo).

Agents ``player_0 … player_{n-1}`` are the seats. Each step the agent to act picks one
of :data:`ACTIONS` discrete actions; ``observe(agent)`` gives its seat's view (only
what :meth:`atout.state.Donne.observation` shows, D19) as a 0/1 vector and the mask of
its legal actions. The rewards are the marks of the donne (S4), given at its end.

The actions are numbered as :mod:`atout.sim.encoding` says (the cards 0 … 77, then the
bids, the chelem and the poignées: 88 in all), the observation is its 0/1 vector.

>>> environment = env(players=4)
>>> environment.reset(seed=3)
>>> agent = environment.agent_selection
>>> observation = environment.observe(agent)
>>> observation["observation"].shape, int(observation["action_mask"][78])
((542,), 1)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from atout.dealing import Deal
from atout.sim.encoding import ACTIONS, OBS_SIZE, action_index, observation_vector
from atout.state import Action, Donne
from atout.table import Variant

__all__ = ["ACTIONS", "OBS_SIZE", "TarotEnv", "action_index", "env"]


class TarotEnv(AECEnv):  # type: ignore[misc]
    """One donne of French Tarot as an AEC game (see the module doc)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "atout_tarot_v0",
        "is_parallelizable": False,
    }

    def __init__(self, players: int = 4, render_mode: str | None = None) -> None:
        super().__init__()
        self.variant = Variant.for_players(players)
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents = list(self.possible_agents)
        self.render_mode = render_mode
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (OBS_SIZE,), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._actions = {agent: spaces.Discrete(ACTIONS) for agent in self.possible_agents}
        self._rng = random.Random()
        self.donne: Donne | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._actions[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal (dealt again while it is void by a Petit sec, D16)."""
        if seed is not None:
            self._rng = random.Random(seed)
        n = self.variant.players
        while True:
            deal = Deal.automatic(self.variant, rng=self._rng, dealer=self._rng.randrange(n))
            if deal.void is None:
                break
        self.donne = Donne(deal)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.donne is not None
        seat = self.donne.current_player()
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def _legal(self, seat: int) -> dict[int, Action]:
        assert self.donne is not None
        if self.donne.current_player() != seat:
            return {}
        return {action_index(a): a for a in self.donne.legal_actions()}

    def observe(self, agent: str) -> dict[str, npt.NDArray[np.int8]]:
        assert self.donne is not None
        seat = self._seat(agent)
        mask = np.zeros(ACTIONS, dtype=np.int8)
        for index in self._legal(seat):
            mask[index] = 1
        vector = observation_vector(self.donne.observation(seat))
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.donne is not None and action is not None
        legal = self._legal(self._seat(agent))
        if int(action) not in legal:
            raise ValueError(f"action {action} is not legal now: see the action mask")
        self._cumulative_rewards[agent] = 0.0
        self.donne.apply_action(legal[int(action)])
        self.rewards = {a: 0.0 for a in self.agents}
        if self.donne.is_terminal():
            marks = self.donne.returns()
            self.rewards = {a: float(marks[self._seat(a)]) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.donne is None:
            return None
        text = repr(self.donne)
        if self.render_mode == "ansi":
            return text
        return None

    def close(self) -> None:
        pass


def env(players: int = 4, render_mode: str | None = None) -> TarotEnv:
    """The environment (PettingZoo's ``env()`` convention)."""
    return TarotEnv(players, render_mode)
