"""From the engine's donnes and observations to the playout kernel's positions
(:class:`atout.sim.playout.Position`), and the facts a position needs.

>>> import random
>>> from atout.bots import HeuristicBot
>>> from atout.dealing import Deal
>>> from atout.state import Donne, GamePhase
>>> from atout.table import Variant
>>> donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(3), dealer=0))
>>> bots = [HeuristicBot(random.Random(s)) for s in range(4)]
>>> while donne.phase is not GamePhase.PLAY and not donne.is_terminal():
...     seat = donne.current_player()
...     donne.apply_action(bots[seat].act(donne.observation(seat)))
>>> position = from_donne(donne)
>>> int((position.owners >= 0).sum()), position.t, position.k
(78, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from atout.bidding import Contract
from atout.scoring import POIGNEE_BONUS
from atout.sim.playout import Position
from atout.state import Donne, GamePhase, Observation
from atout.table import Rules

__all__ = ["from_donne", "from_observation", "pile_camp"]


def pile_camp(contract: Contract) -> int:
    """The camp the pile counts for: the écart (E1) or the chien of a garde sans (E3)
    for the taker (0); the chien of a garde contre for the defence (1)."""
    return 1 if contract is Contract.GARDE_CONTRE else 0


def _frame(
    players: int,
    hand_size: int,
    tricks: Sequence[object],
    leader: int,
    owners: np.ndarray,
    taker: int,
    partner: int | None,
    contract: Contract,
    poignees: Sequence[str],
    chelem: bool,
    called: int | None,
    rules: Rules,
) -> Position:
    table = np.full((hand_size, players), -1, dtype=np.int64)
    leaders = np.zeros(hand_size, dtype=np.int64)
    winners = np.full(hand_size, -1, dtype=np.int64)
    t = k = 0
    for index, trick in enumerate(tricks):
        leaders[index] = trick.leader  # type: ignore[attr-defined]
        for i, (_, card) in enumerate(trick.cards):  # type: ignore[attr-defined]
            table[index, i] = card
        if trick.winner is not None:  # type: ignore[attr-defined]
            winners[index] = trick.winner  # type: ignore[attr-defined]
            t, k = index + 1, 0
        else:
            t, k = index, len(trick.cards)  # type: ignore[attr-defined]
    if k == 0 and t < hand_size:
        leaders[t] = leader
    return Position(
        players=players,
        owners=owners,
        tricks=table,
        leaders=leaders,
        winners=winners,
        t=t,
        k=k,
        taker=taker,
        partner=-1 if partner is None else partner,
        multiplier=contract.multiplier,
        pile_camp=pile_camp(contract),
        poignee=sum(POIGNEE_BONUS[level] for level in poignees),
        chelem=chelem,
        excuse_to_winner=rules.excuse_last_trick == "to_trick_winner",
        called=-1 if called is None else int(called),
        restrict=not rules.called_suit_first_trick,
    )


def from_donne(donne: Donne) -> Position:
    """The true position of ``donne`` (chelem decision or play phase): every hand."""
    assert donne.taker is not None and donne.contract is not None
    players = donne.players
    owners = np.full(78, -1, dtype=np.int8)
    for seat, hand in enumerate(donne.hands):
        for card in hand:
            owners[card] = seat
    pile = donne.ecart if donne.contract.chien_seen else donne.deal.chien_cards
    for card in pile:
        owners[card] = players
    leader = donne.current_player() if donne.phase is GamePhase.PLAY else donne.leader
    return _frame(
        players, donne.variant.hand_size, donne.tricks, leader if leader is not None else 0,
        owners, donne.taker, donne.partner, donne.contract,
        [p.level for p in donne.poignees], donne.chelem is not None, donne.called, donne.rules,
    )  # fmt: skip


def from_observation(observation: Observation, rules: Rules, hand_size: int) -> Position:
    """The frame of the position ``observation`` sees (tricks, contract, bonuses), its
    ``owners`` left for a sample to fill (see :mod:`atout.sim.sampler`)."""
    obs = observation
    assert obs.taker is not None and obs.contract is not None
    leader = obs.current_player if obs.current_player is not None else 0
    if obs.phase is GamePhase.CHELEM:
        leader = obs.dealer  # replaced by the caller: the leader depends on the decision
    return _frame(
        obs.players, hand_size, obs.tricks, leader, np.full(78, -1, dtype=np.int8), obs.taker,
        obs.partner, obs.contract, [p.level for p in obs.poignees], obs.chelem is not None,
        obs.called, rules,
    )  # fmt: skip
