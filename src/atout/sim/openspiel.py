"""French Tarot as an OpenSpiel game, and OpenSpiel's IS-MCTS as an atout bot (the
``openspiel`` extra: ``pip install 'atout[openspiel]'``; nothing else in atout imports
this module or OpenSpiel).

Importing the module registers the Python game ``french_tarot`` with
``pyspiel.register_game``; ``pyspiel.load_game("french_tarot", {"players": 3})`` (3, 4
or 5 players, 4 by default) then gives it to any OpenSpiel algorithm that takes a
Python game. The engine plays it: every state holds a :class:`~atout.state.Donne`.

- **Chance.** The first chance node draws the dealer (one outcome a seat, uniform), then
  78 chance nodes deal the pack card by card: each draws, uniformly among the cards
  still undealt, the next card of seat 0's hand, then seat 1's, …, then the chien
  (``max_chance_outcomes`` is 78; the outcome is the card's number). Every deal is so
  equally likely, as it is with a shuffle. A deal with a Petit sec is void (D16): the
  state is terminal at once, every return 0, as :class:`~atout.state.Donne` has it.
- **Decisions.** The 88 actions of :mod:`atout.sim.encoding` (the PettingZoo
  environment's): cards 0–77 (played, put in the écart or called, as the phase asks),
  78–82 the bids, 83–84 the chelem decision, 85–87 the poignées with their default
  cards.
- **Returns.** The marks of the donne (S4), at its end (zero-sum).
- **Observations.** The string is the seat's :class:`~atout.state.Observation` written
  out (its hand, the bids, the chien shown, its own écart, the poignées, every trick
  with who played each card); the observation tensor is the PettingZoo vector
  (:func:`~atout.sim.encoding.observation_vector`, 542 numbers); the information state
  tensor adds who played each card (78 × 5, seats counted from the observer's).
- **Resampling.** ``state.resample_from_infostate(player, sampler)`` draws a deal of
  the cards the player has not seen, consistent with all it saw
  (:class:`~atout.sim.sampler.Sampler`), and replays the donne on it: what IS-MCTS
  needs to search.

>>> import pyspiel
>>> game = pyspiel.load_game("french_tarot", {"players": 4})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 4)
>>> state.apply_action(0)  # seat 0 deals
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])  # the lowest card left
>>> state.current_player(), state.legal_actions()  # the dealer's right neighbour bids first
(1, [78, 79, 80, 81, 82])

:class:`ISMCTS` is OpenSpiel's IS-MCTS bot (``open_spiel.python.algorithms.ismcts``)
as an atout agent: ``atout arena --bots atout.sim.openspiel:ISMCTS,heuristic-1``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.algorithms import ismcts

from atout.cards import ALL_CARDS, Card
from atout.dealing import Deal
from atout.sim.encoding import ACTIONS, OBS_SIZE, action_index, observation_vector
from atout.sim.sampler import Sampler
from atout.state import (
    Action,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    Observation,
)
from atout.table import Variant

__all__ = [
    "GAME_NAME",
    "ISMCTS",
    "DonneRollouts",
    "FrenchTarotGame",
    "FrenchTarotState",
    "donne_of_sample",
]

GAME_NAME = "french_tarot"
_PLAYERS = (3, 4, 5)
_S_MAX = (25 + 56 + 10) * 6 + 400  # S3, A5: the most one score S can be, poignées aside

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="French Tarot (atout, FFT rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(_PLAYERS),
    min_num_players=min(_PLAYERS),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 4},
)


def _game_info(players: int) -> Any:
    bound = (players - 1) * (_S_MAX + 40 * players)  # every seat may show a triple poignée
    decisions = players + 1 + 6 + 1 + players + 78  # bids, call, écart, chelem, poignées, cards
    return pyspiel.GameInfo(
        num_distinct_actions=ACTIONS,
        max_chance_outcomes=78,
        num_players=players,
        min_utility=float(-bound),
        max_utility=float(bound),
        utility_sum=0.0,
        max_game_length=1 + 78 + decisions,
    )


class FrenchTarotGame(pyspiel.Game):  # type: ignore[misc]
    """One donne of French Tarot; the parameter ``players`` is 3, 4 or 5."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 4))
        if players not in _PLAYERS:
            raise ValueError(f"french_tarot: players must be 3, 4 or 5, not {players}")
        super().__init__(_GAME_TYPE, _game_info(players), params)
        self.variant = Variant.for_players(players)

    def new_initial_state(self) -> FrenchTarotState:
        return FrenchTarotState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TarotObserver:
        if params:
            raise ValueError(f"french_tarot: observation parameters not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return TarotObserver(kind, self.variant.players)


class FrenchTarotState(pyspiel.State):  # type: ignore[misc]
    """A state: the chance nodes of the deal, then a :class:`Donne` (``donne``)."""

    def __init__(self, game: FrenchTarotGame, donne: Donne | None = None) -> None:
        super().__init__(game)
        self._variant = game.variant
        self._dealer: int | None = None
        self._cards: list[int] = []  # the cards dealt so far, in the order of the slots
        self._left: list[int] = list(range(78))
        self._legal: dict[int, Action] | None = None
        self.donne = donne
        if donne is not None:
            self._dealer = donne.dealer
            self._left = []

    # -- the OpenSpiel interface ---------------------------------------------------------

    def current_player(self) -> int:
        donne = self.donne
        if donne is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = donne.current_player()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def is_terminal(self) -> bool:
        return self.donne is not None and self.donne.is_terminal()

    def returns(self) -> list[float]:
        if self.donne is None:
            return [0.0] * self._variant.players
        return [float(m) for m in self.donne.returns()]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self._dealer is None:
            n = self._variant.players
            return [(seat, 1.0 / n) for seat in range(n)]
        p = 1.0 / len(self._left)
        return [(card, p) for card in self._left]

    def _by_index(self) -> dict[int, Action]:
        legal = self._legal
        if legal is None:
            assert self.donne is not None
            legal = self._legal = {action_index(a): a for a in self.donne.legal_actions()}
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        if self.donne is None or player != self.donne.current_player():
            return []
        return sorted(self._by_index())

    def _apply_action(self, action: int) -> None:
        if self.donne is None:
            self._deal(int(action))
            return
        self.donne.apply_action(self._by_index()[int(action)])
        self._legal = None

    def _deal(self, outcome: int) -> None:
        if self._dealer is None:
            self._dealer = outcome
            return
        self._left.remove(outcome)
        self._cards.append(outcome)
        if self._left:
            return
        size, n = self._variant.hand_size, self._variant.players
        cards = [ALL_CARDS[c] for c in self._cards]
        hands = [cards[size * seat : size * (seat + 1)] for seat in range(n)]
        deal = Deal.prearranged(self._variant, hands, cards[size * n :], dealer=self._dealer)
        self.donne = Donne(deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self._dealer is None:
                return f"seat {action} deals"
            return f"deal {ALL_CARDS[action]}"
        return _ACTION_NAMES[int(action)]

    def __str__(self) -> str:
        if self.donne is None:
            dealt = " ".join(str(ALL_CARDS[c]) for c in self._cards)
            return f"dealer {self._dealer}; dealt {dealt}"
        donne = self.donne
        hands = " | ".join(" ".join(map(str, hand)) for hand in donne.hands)
        return f"{donne!r}; hands {hands}; {_text(donne.observation(0))}"

    def __deepcopy__(self, memo: dict[int, Any]) -> FrenchTarotState:
        copy = FrenchTarotState(self.get_game(), self.donne.clone() if self.donne else None)
        copy._dealer, copy._cards, copy._left = self._dealer, list(self._cards), list(self._left)
        return copy

    def resample_from_infostate(self, player: int, sampler: Any) -> FrenchTarotState:
        """A state that ``player`` cannot tell from this one: the cards it has not
        seen dealt again, consistently with all it saw (``sampler()`` seeds the draw)."""
        if self.donne is None:
            same: FrenchTarotState = self.clone()
            return same
        seed = int(sampler() * 2**31)
        observation = self.donne.observation(player)
        owners = Sampler(observation).sample(1, seed=seed)[0]
        return FrenchTarotState(self.get_game(), donne_of_sample(observation, owners))


def _action_names() -> list[str]:
    names = [f"card {card}" for card in ALL_CARDS]
    names += ["pass", "prise", "garde", "garde sans", "garde contre"]
    names += ["no chelem", "chelem", "simple poignée", "double poignée", "triple poignée"]
    return names


_ACTION_NAMES = _action_names()


# -- observations ---------------------------------------------------------------------


def _cards_text(cards: Sequence[Card] | None) -> str:
    return "-" if cards is None else " ".join(map(str, cards)) or "none"


def _text(obs: Observation) -> str:
    """What the seat has seen, written out: equal for two states it cannot tell apart."""
    bids = " ".join(f"{b.seat}:{b.contract.value if b.contract else 'pass'}" for b in obs.bids)
    poignees = " ".join(f"{p.seat}:{p.level}:{_cards_text(p.cards)}" for p in obs.poignees)
    tricks = " / ".join(" ".join(f"{s}:{c}" for s, c in trick.cards) for trick in obs.tricks)
    return "; ".join(
        (
            f"seat {obs.seat}, dealer {obs.dealer}, {obs.phase.value}, to play "
            f"{obs.current_player}",
            f"hand {_cards_text(tuple(obs.hand))}",
            f"bids {bids}",
            f"barred {sorted(obs.barred)}",
            f"taker {obs.taker} {obs.contract.value if obs.contract else '-'}",
            f"called {obs.called or '-'}, partner {obs.partner}",
            f"chien {_cards_text(sorted(obs.chien) if obs.chien else obs.chien)}",
            f"écart {_cards_text(obs.ecart)}, trumps shown "
            f"{_cards_text(sorted(obs.ecart_trumps_shown))}",
            f"chelem {obs.chelem}",
            f"poignées {poignees}",
            f"tricks {tricks}",
        )
    )


class TarotObserver:
    """OpenSpiel's Python observer (``tensor``, ``dict``, ``set_from``,
    ``string_from``) of one seat's view; with perfect recall the tensor adds who played
    each card."""

    def __init__(self, iig_obs_type: Any, players: int) -> None:
        if (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("french_tarot: only a seat's own view can be observed")
        self._players = players
        self._recall = bool(iig_obs_type.perfect_recall)
        size = OBS_SIZE + (78 * 5 if self._recall else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[:OBS_SIZE]}
        if self._recall:
            self.dict["played_by"] = self.tensor[OBS_SIZE:].reshape(78, 5)

    def set_from(self, state: FrenchTarotState, player: int) -> None:
        self.tensor.fill(0)
        if state.donne is None:
            return
        obs = state.donne.observation(player)
        self.tensor[:OBS_SIZE] = observation_vector(obs)
        if self._recall:
            played = self.dict["played_by"]
            for trick in obs.tricks:
                for seat, card in trick.cards:
                    played[int(card), (seat - player) % self._players] = 1

    def string_from(self, state: FrenchTarotState, player: int) -> str:
        if state.donne is None:
            return f"seat {player}, the deal"
        return _text(state.donne.observation(player))


# -- a deal consistent with an observation ------------------------------------------------


def donne_of_sample(obs: Observation, owners: npt.NDArray[np.int8]) -> Donne:
    """The donne ``obs`` saw, replayed on the deal of one sample of
    :meth:`Sampler.sample <atout.sim.sampler.Sampler.sample>` (``owners[card]``: the
    seat holding it, ``players`` for the pile, -1 when played): the seat sees exactly
    ``obs`` in it. Raises :class:`~atout.errors.IllegalActionError` if the sample does not
    fit the observation."""
    n = obs.players
    variant = Variant.for_players(n)
    hands: list[set[int]] = [set() for _ in range(n)]
    pile: set[int] = set()
    for card in range(78):
        owner = int(owners[card])
        if 0 <= owner < n:
            hands[owner].add(card)
        elif owner == n:
            pile.add(card)
    for trick in obs.tricks:
        for seat, card in trick.cards:
            hands[seat].add(int(card))
    chien = pile
    taker = obs.taker
    if obs.chien is not None and taker is not None:  # the chien shown went to the taker
        chien = {int(c) for c in obs.chien}
        if obs.phase is GamePhase.ECART and obs.seat != taker:
            hands[taker] -= chien
        else:
            hands[taker] = (hands[taker] | pile) - chien
    donne = Donne(
        Deal.prearranged(
            variant,
            [[ALL_CARDS[c] for c in sorted(h)] for h in hands],
            list(obs.chien) if obs.chien is not None else [ALL_CARDS[c] for c in sorted(chien)],
            dealer=obs.dealer,
        )
    )
    for bid in obs.bids:
        donne.apply_action(bid)
    if obs.called is not None and taker is not None:
        donne.apply_action(CallCard(taker, obs.called))
    if taker is not None and obs.contract is not None and obs.contract.chien_seen:
        if obs.ecart is not None:  # the taker's own, in his order
            ecart = [int(c) for c in obs.ecart]
        elif obs.phase is GamePhase.ECART:
            ecart = []
        else:  # E2: the plain cards, then the trumps shown in the order shown
            shown = [int(c) for c in obs.ecart_trumps_shown]
            ecart = sorted(c for c in pile if c not in shown) + shown
        for card in ecart:
            donne.apply_action(Discard(taker, ALL_CARDS[card]))
    if obs.phase is GamePhase.PLAY or obs.phase is GamePhase.DONE:
        donne.apply_action(ChelemDecision(taker or 0, obs.chelem is not None))
        shows = {p.seat: p for p in obs.poignees}
        for trick in obs.tricks:
            for seat, card in trick.cards:
                if seat in shows and len(donne.tricks) <= 1:
                    donne.apply_action(shows.pop(seat))
                donne.apply_action(CardPlayed(seat, card))
        for poignee in shows.values():  # shown by the seat to play, its card still to come
            donne.apply_action(poignee)
    return donne


# -- IS-MCTS as an atout bot ------------------------------------------------------------


class DonneRollouts:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS (``evaluate``, ``prior``): the mean
    returns of ``rollouts`` random playouts of the state's donne, played on the engine
    directly (OpenSpiel's ``RandomRolloutEvaluator`` does the same through the Python
    game, several times slower); the prior is uniform."""

    def __init__(self, rollouts: int, rng: random.Random) -> None:
        self.rollouts = rollouts
        self.rng = rng

    def evaluate(self, state: FrenchTarotState) -> npt.NDArray[np.float64]:
        assert state.donne is not None
        total = np.zeros(state.donne.players)
        choice = self.rng.choice
        for _ in range(self.rollouts):
            donne = state.donne.clone()
            while donne.current_player() is not None:
                donne.apply_action(choice(donne.legal_actions()))
            total += donne.returns()
        result: npt.NDArray[np.float64] = total / self.rollouts
        return result

    def prior(self, state: FrenchTarotState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


_GAMES: dict[int, FrenchTarotGame] = {}


def _game(players: int) -> FrenchTarotGame:
    game = _GAMES.get(players)
    if game is None:
        game = _GAMES[players] = pyspiel.load_game(GAME_NAME, {"players": players})
    return game


class ISMCTS:
    """OpenSpiel's IS-MCTS (Cowling, Powley and Whitehouse 2011) as an atout agent.

    Each decision runs ``simulations`` simulations from the observation: each one on a
    deal of the unseen cards drawn by atout's sampler (consistent with all the seat has
    seen), down OpenSpiel's tree of information sets by UCT (constant ``uct_c``, in
    marks), a new node valued by ``rollouts`` random playouts (:class:`DonneRollouts`);
    the action most visited is played. ``rng`` seeds everything, so a game is
    reproducible. An action that is the only legal one is played without search."""

    def __init__(
        self,
        rng: random.Random,
        simulations: int = 100,
        uct_c: float = 100.0,
        rollouts: int = 1,
    ) -> None:
        self.rng = rng
        self.simulations = simulations
        self.uct_c = uct_c
        self._evaluator = DonneRollouts(rollouts, random.Random(rng.getrandbits(64)))
        self._numpy = np.random.RandomState(rng.getrandbits(32))

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        game = _game(observation.players)
        samples = _deals(observation, self.simulations, self.rng.getrandbits(31))
        root = FrenchTarotState(game, next(samples))
        bot = ismcts.ISMCTSBot(
            game,
            self._evaluator,
            self.uct_c,
            self.simulations,
            random_state=self._numpy,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.set_resampler(_resampler(game, samples))
        chosen = int(bot.step(root))
        by_index = {action_index(action): action for action in legal}
        return by_index[chosen]


def _deals(observation: Observation, count: int, seed: int) -> Iterator[Donne]:
    """``count`` donnes (then more, as asked) consistent with ``observation``."""
    sampler = Sampler(observation)
    while True:
        for owners in sampler.sample(count, seed=seed):
            yield donne_of_sample(observation, owners)
        seed += 1


def _resampler(
    game: FrenchTarotGame, samples: Iterator[Donne]
) -> Callable[[FrenchTarotState, int], FrenchTarotState]:
    def resample(state: FrenchTarotState, player: int) -> FrenchTarotState:
        return FrenchTarotState(game, next(samples))

    return resample


pyspiel.register_game(_GAME_TYPE, FrenchTarotGame)
