"""Bots and the loop that lets agents play: every agent sees only its observation.

>>> import random
>>> from atout.match import Match
>>> from atout.table import Variant
>>> match = Match(Variant.for_players(4), first_dealer=0)
>>> bots = [HeuristicBot(random.Random(s)) for s in range(4)]
>>> donnes = play_match(match, bots, donnes=3, rng=random.Random(5))
>>> len(donnes), sum(match.totals())
(3, 0)

A long match streams: :func:`iter_match` yields each donne as it ends, and a match made
with ``keep=False`` forgets it once the next one starts:

>>> match = Match(Variant.for_players(4), keep=False)
>>> marks = [d.returns() for d in iter_match(match, bots, donnes=4, rng=random.Random(5))]
>>> len(marks), len(match.donnes), [sum(m) for m in zip(*marks)] == match.totals()
(4, 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from atout.bots.heuristic import HeuristicBot
from atout.bots.heuristic1 import HeuristicBot1
from atout.match import Match
from atout.state import Action, Donne, Observation

__all__ = [
    "BOTS", "Agent", "HeuristicBot", "HeuristicBot1", "RandomBot", "iter_match", "play_donne",
    "play_match",
]  # fmt: skip


class Agent(Protocol):
    """Anything that picks an action from what its seat may see."""

    def act(self, observation: Observation) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def act(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)


def _search(samples: int, **options: Any) -> Callable[[random.Random], Agent]:
    """A factory of search bots (imported on first use: numba and numpy load then)."""

    def make(rng: random.Random) -> Agent:
        from atout.bots.search import SearchBot

        return SearchBot(rng, samples=samples, **options)

    return make


BOTS: dict[str, Callable[[random.Random], Agent]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "heuristic-1": HeuristicBot1,  # the first heuristic bot, frozen: the yardstick
    "search-fast": _search(24),
    "search": _search(64),
    "search-1": _search(64),  # the first search bot, frozen: the yardstick of the next
    "search-strong": _search(200),
    "search-random": _search(64, eps=1.0),  # random playouts, to measure the policy's worth
    "search-cheat": _search(64, cheat=True),  # sees the true deal (the arena shows it)
}


def play_donne(donne: Donne, agents: Sequence[Agent]) -> Donne:
    """Let ``agents`` (one a seat) play ``donne`` to its end; each sees only its seat's
    observation, and an illegal choice is refused by the rules like anyone's."""
    apply, observe, current = donne.apply_action, donne.observation, donne.current_player
    seat = current()
    while seat is not None:
        apply(agents[seat].act(observe(seat)))
        seat = current()
    return donne


def iter_match(
    match: Match, agents: Sequence[Agent], donnes: int, rng: random.Random
) -> Iterator[Donne]:
    """Deal and play ``donnes`` donnes (void ones included) of ``match``, yielding each
    one as it ends."""
    for _ in range(donnes):
        yield play_donne(match.start_donne(rng), agents)


def play_match(
    match: Match,
    agents: Sequence[Agent],
    donnes: int,
    rng: random.Random,
    on_donne: Callable[[Donne], None] | None = None,
) -> list[Donne]:
    """Deal and play ``donnes`` donnes (void ones included) of ``match``; returns
    :attr:`Match.donnes` (only the last with ``keep=False``)."""
    for donne in iter_match(match, agents, donnes, rng):
        if on_donne is not None:
            on_donne(donne)
    return match.donnes
