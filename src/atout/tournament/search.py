"""The local search behind :func:`~atout.tournament.seating.seatings` and
:func:`~atout.tournament.movement.movement`: simulated annealing over the rounds.

A state is every round's tables (``state[r][t]`` lists the players of table ``t`` in
round ``r``, in seat order). The first round stays as it is given; a move swaps two
players of a later round who sit at different tables and may trade places (any two
players for a donnes libres seating; two players of the same seat position for a
duplicate movement). The energy is the sum, over every pair of players, of
``k (k - 1) / 2`` for the ``k`` times they sit at one table (a pair that meets twice
costs 1, three times 3: repeats are spread thin), plus a heavy weight for each time a
player would play an étui he has played already. The search remembers the best state
it met, by (étuis played again, repeated meetings, energy), and is deterministic for
its random generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

__all__ = ["Search"]

ETUI_WEIGHTS = (2.0, 400.0)
"""The energy of one étui played again by a player, from the start of the search to its
end: low at first, so that the search may cross such states to better seatings, then
more than any meeting saves."""


class Search:
    """Simulated annealing over ``state`` (see the module); ``groups[p]`` is the swap
    group of player ``p`` (two players trade places only within a group: ``None``, any
    two), ``etuis[r][t]`` the étui table ``t`` plays in round ``r`` (``None``: no
    étuis)."""

    def __init__(
        self,
        players: int,
        state: list[list[list[int]]],
        groups: Sequence[int] | None = None,
        etuis: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.n = players
        self.state = state
        self.groups = groups
        self.etuis = etuis
        self.members: dict[int, list[int]] = {}
        for player, group in enumerate(groups or ()):
            self.members.setdefault(group, []).append(player)
        self.where = [self._where(tables) for tables in state]
        self.met = [0] * (players * players)
        count = 1 + max((e for row in etuis or () for e in row), default=0)
        self.seen = [[0] * count for _ in range(players)]
        self.cost = self.excess = self.replays = 0
        for r, tables in enumerate(state):
            for t, table in enumerate(tables):
                self._sit(r, t, table)
        self.best = self._key(), [[list(table) for table in tables] for tables in state]

    def _where(self, tables: list[list[int]]) -> list[tuple[int, int]]:
        where = [(0, 0)] * self.n
        for t, table in enumerate(tables):
            for slot, player in enumerate(table):
                where[player] = (t, slot)
        return where

    def _sit(self, r: int, t: int, table: list[int]) -> None:
        n, met = self.n, self.met
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                k = met[p * n + q]
                self.cost += k
                self.excess += k >= 1
                met[p * n + q] = met[q * n + p] = k + 1
            if self.etuis is not None:
                e = self.etuis[r][t]
                self.replays += self.seen[p][e]
                self.seen[p][e] += 1

    def _key(self) -> tuple[int, int, int]:
        return self.replays, self.excess, self.cost

    def _meetings(self, p: int, leave: list[int], join: list[int], skip: int) -> tuple[int, int]:
        """The change of (energy, excess) when ``p`` leaves the players ``leave`` for
        ``join`` (``skip``, the player he trades with, is in neither)."""
        n, met = self.n, self.met
        cost = excess = 0
        for x in leave:
            if x != p:
                k = met[p * n + x]
                cost -= k - 1
                excess -= k >= 2
        for y in join:
            if y != skip:
                k = met[p * n + y]
                cost += k
                excess += k >= 1
        return cost, excess

    def delta(self, r: int, p: int, q: int) -> tuple[int, int, int]:
        """The change of (meetings' energy, excess, replays) if ``p`` and ``q`` trade
        places in round ``r``."""
        (a, _), (b, _) = self.where[r][p], self.where[r][q]
        table_a, table_b = self.state[r][a], self.state[r][b]
        cost_p, excess_p = self._meetings(p, table_a, table_b, q)
        cost_q, excess_q = self._meetings(q, table_b, table_a, p)
        replays = 0
        if self.etuis is not None:
            ea, eb = self.etuis[r][a], self.etuis[r][b]
            seen_p, seen_q = self.seen[p], self.seen[q]
            replays = seen_p[eb] - (seen_p[ea] - 1) + seen_q[ea] - (seen_q[eb] - 1)
        return cost_p + cost_q, excess_p + excess_q, replays

    def swap(self, r: int, p: int, q: int) -> None:
        """``p`` and ``q`` trade places in round ``r``."""
        n, met = self.n, self.met
        (a, i), (b, k) = self.where[r][p], self.where[r][q]
        table_a, table_b = self.state[r][a], self.state[r][b]
        for leaver, table in ((p, table_a), (q, table_b)):
            for x in table:
                if x != leaver:
                    met[leaver * n + x] -= 1
                    met[x * n + leaver] -= 1
        table_a[i], table_b[k] = q, p
        self.where[r][p], self.where[r][q] = (b, k), (a, i)
        for joiner, table in ((p, table_b), (q, table_a)):
            for x in table:
                if x != joiner:
                    met[joiner * n + x] += 1
                    met[x * n + joiner] += 1
        if self.etuis is not None:
            ea, eb = self.etuis[r][a], self.etuis[r][b]
            self.seen[p][ea] -= 1
            self.seen[p][eb] += 1
            self.seen[q][eb] -= 1
            self.seen[q][ea] += 1

    def _partner(self, rng: random.Random, r: int, p: int) -> int | None:
        """A player who may trade places with ``p`` in round ``r``, or None."""
        if self.groups is None:
            q = rng.randrange(self.n)
        else:
            q = rng.choice(self.members[self.groups[p]])
        if q == p or self.where[r][q][0] == self.where[r][p][0]:
            return None
        return q

    def run(
        self,
        rng: random.Random,
        steps: int,
        goal: int = 0,
        hot: float = 1.0,
        weights: tuple[float, float] = ETUI_WEIGHTS,
        meet: float = 1.0,
    ) -> None:
        """Anneal for ``steps`` moves from temperature ``hot`` down to ``hot / 40``,
        the weight of an étui played again growing from ``weights[0]`` to
        ``weights[1]``; stop early once no étui is played again and the repeated
        meetings are down to ``goal`` (a lower bound: nothing better exists). ``meet``
        weighs the meetings' energy (0: only étuis played again count)."""
        movable = [r for r in range(1, len(self.state)) if len(self.state[r]) > 1]
        if not movable or steps <= 0 or self.best[0][:2] <= (0, goal):
            return
        cooling = (1 / 40) ** (1 / steps)
        low, high = weights
        growth = (high / low) ** (1 / steps)
        heat, weight = hot, low
        for _ in range(steps):
            heat *= cooling
            weight *= growth
            r = rng.choice(movable)
            p = rng.randrange(self.n)
            q = self._partner(rng, r, p)
            if q is None:
                continue
            cost, excess, replays = self.delta(r, p, q)
            energy = meet * cost + weight * replays
            if energy > 0 and rng.random() >= math.exp(-energy / heat):
                continue
            self.swap(r, p, q)
            self.cost += cost
            self.excess += excess
            self.replays += replays
            if self._key() < self.best[0]:
                self.best = self._key(), [[list(t) for t in tables] for tables in self.state]
                if self.best[0][:2] <= (0, goal):
                    return
