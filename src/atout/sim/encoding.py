"""The numbering of atout's actions and the 0/1 encoding of an observation, shared by
the PettingZoo environment (:mod:`atout.sim.env`) and the OpenSpiel game
(:mod:`atout.sim.openspiel`); numpy only, so either optional library can use it
without the other.

========  ==============================================================
action    meaning
========  ==============================================================
0 … 77    the card of that number: played (P1–P4), put in the écart (E1–E2)
          or called (B4), as the phase asks
78 … 82   pass, prise, garde, garde sans, garde contre (B1–B2)
83, 84    no chelem, chelem announced (A4)
85 … 87   show a simple, double, triple poignée (A1–A2), its default cards
========  ==============================================================

>>> import random
>>> from atout.dealing import Deal
>>> from atout.state import Donne
>>> from atout.table import Variant
>>> donne = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(3), dealer=0))
>>> [action_index(a) for a in donne.legal_actions()]
[78, 79, 80, 81, 82]
>>> observation_vector(donne.observation(1)).shape == (OBS_SIZE,)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from atout.bidding import Contract
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    GamePhase,
    Observation,
)

__all__ = ["ACTIONS", "OBS_SIZE", "action_index", "observation_vector"]

ACTIONS = 88
_PASS, _CHELEM, _POIGNEE = 78, 83, 85
_CONTRACTS = list(Contract)
_LEVELS = ("simple", "double", "triple")
_PHASES = list(GamePhase)
OBS_SIZE = 78 * 6 + len(_PHASES) + 6 + 5 + 25 + 6 + 25  # see observation_vector


def action_index(action: Action) -> int:
    """The discrete number of an engine action (see the table of the module)."""
    if isinstance(action, (CardPlayed, Discard, CallCard)):
        return int(action.card)
    if isinstance(action, Bid):
        return _PASS if action.contract is None else _PASS + 1 + _CONTRACTS.index(action.contract)
    if isinstance(action, ChelemDecision):
        return _CHELEM + int(action.announce)
    return _POIGNEE + _LEVELS.index(action.level)


def _cards(vector: npt.NDArray[np.int8], offset: int, cards: Any) -> None:
    for card in cards:
        vector[offset + int(card)] = 1


def observation_vector(obs: Observation) -> npt.NDArray[np.int8]:
    """The seat's view as 0/1: hand, cards of past tricks, the trick being played, the
    chien shown, its own écart, the called card; the phase; the taker, the contract, each
    seat's bid and the partner (seats counted from the observer); the trick's seats."""
    n, me = obs.players, obs.seat
    v = np.zeros(OBS_SIZE, dtype=np.int8)
    _cards(v, 0, obs.hand)
    current = obs.tricks[-1] if obs.tricks and obs.tricks[-1].winner is None else None
    for trick in obs.tricks:
        if trick is not current:
            _cards(v, 78, (c for _, c in trick.cards))
    if current is not None:
        _cards(v, 156, (c for _, c in current.cards))
    _cards(v, 234, obs.chien or ())
    _cards(v, 312, obs.ecart or ())
    if obs.called is not None:
        v[390 + int(obs.called)] = 1
    at = 468
    v[at + _PHASES.index(obs.phase)] = 1
    at += len(_PHASES)
    v[at + ((obs.taker - me) % n if obs.taker is not None else 5)] = 1
    at += 6
    if obs.contract is not None:
        v[at + _CONTRACTS.index(obs.contract)] = 1
    v[at + 4] = obs.chelem is not None
    at += 5
    for bid in obs.bids:
        kind = 0 if bid.contract is None else 1 + _CONTRACTS.index(bid.contract)
        v[at + 5 * ((bid.seat - me) % n) + kind] = 1
    at += 25
    v[at + ((obs.partner - me) % n if obs.partner is not None else 5)] = 1
    at += 6
    if current is not None:  # who played the trick's cards, in order
        for position, (seat, _) in enumerate(current.cards):
            v[at + 5 * position + (seat - me) % n] = 1
    return v
