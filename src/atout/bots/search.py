"""A search bot: perfect-information Monte Carlo (PIMC) over deals consistent with what
its seat has seen.

At each decision the bot draws ``samples`` deals of the cards it cannot see
(:class:`atout.sim.sampler.Sampler`: voids, trump ceilings, the chien, the écart rules,
poignées, B4's call; then weighed by how well the hands fit the bids heard, B1, see
:func:`bid_log_weights`), plays each option out on every one of them with the compiled
playout kernel (:mod:`atout.sim.playout`: every hand in view, a quick policy with a
little randomness), and picks the option with the best mean marks for its seat. The
same samples serve every option (the comparison is paired). Every decision is made so:

- the bid (B1–B2): each contract it may bid is played out from the first card, with
  the écart it would make on each sampled chien; it takes the best contract whose mean
  is above ``margin`` marks, else passes;
- the King called (B4): each callable card, its holder the partner in each sample;
- the écart (E1–E2): a handful of candidate écarts (voids in one or two suits, the
  plain low cards, the points banked), each played out;
- the chelem (A4, A6): announced when announcing plays out better;
- the poignée (A1–A3): shown when its camp wins most of the playouts (the bonus goes to
  the winning camp);
- each card (P1–P5).

``SearchBot(budget=S)`` stops thinking after about ``S`` seconds of wall time (the
terminal table gives each level a budget, :data:`atout.bot_levels.LEVELS`): the
samples are played out in rounds of :data:`ROUND` and, once the time is spent, the
decision is made on the rounds finished (at least one), each option on the same
samples. The rounds' seeds come from the bot's generator alone, so that a decision
that finishes in time is the same on every machine; the arena and the benchmarks give
no budget and play every sample in one go, as before.

``SearchBot(cheat=True)`` (``search-cheat``) plays on the true deal instead of samples:
an upper reference for the arena, which hands it the donne through :meth:`peek` before
each decision (see :mod:`atout.bots.arena`).

>>> import random
>>> from atout.dealing import Deal
>>> from atout.state import Donne
>>> from atout.table import Variant
>>> from atout.bots import play_donne
>>> bots = [SearchBot(random.Random(s), samples=8) for s in range(4)]
>>> deal = Deal.automatic(Variant.for_players(4), rng=random.Random(2), dealer=0)
>>> donne = play_donne(Donne(deal), bots)
>>> donne.is_terminal(), sum(donne.returns())
(True, 0)
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from atout.bidding import Contract, callable_cards
from atout.cards import PETIT, TRUMP_21, Card, CardSet
from atout.chien import ecart_trumps_at_most
from atout.sim.playout import Position, evaluate
from atout.sim.positions import from_observation, pile_camp
from atout.sim.sampler import InconsistentObservation, Sampler, partners_of
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Donne,
    GamePhase,
    Observation,
    PoigneeShown,
)
from atout.table import Rules, Variant

__all__ = ["LEVELS", "SearchBot", "bid_log_weights", "candidate_ecarts", "quick_ecart", "resample"]

I8 = npt.NDArray[np.int8]
I64 = npt.NDArray[np.int64]

# samples per decision of each level (``search`` is the default)
LEVELS = {"search-fast": 24, "search": 64, "search-strong": 200}

ROUND = 16
"""Samples played out in one round by a bot with a time budget."""

_PLAIN_LIMIT = 10  # ranks up to 10 are low cards

# B1: what a bid says of a hand. The usual count of a hand's strength (the 21 12, the
# Excuse 8, a trump 2 and 3 from the 16 to the 20, Kings 6, Queens 3, Cavaliers 2,
# Valets 1, scaled to 18 cards; +7 for the rest of the count, which these weights
# miss), and the strength each contract usually asks for: a seat that bid a contract
# is taken to hold a hand between its threshold and the next one's, a seat that passed
# one below what it could have bid, each edge blurred by a logistic of width 5.
_WEIGHTS = np.zeros(78)
for _card in range(56):
    _WEIGHTS[_card] = {14: 6, 13: 3, 12: 2, 11: 1}.get(_card % 14 + 1, 0)
for _card in range(56, 77):
    _WEIGHTS[_card] = 3 if 16 <= _card - 55 <= 20 else 2
_WEIGHTS[76] += 10
_WEIGHTS[77] = 8
_THRESHOLD = {None: 41.0, Contract.PRISE: 41.0, Contract.GARDE: 56.0,
              Contract.GARDE_SANS: 71.0, Contract.GARDE_CONTRE: 81.0}  # fmt: skip
_NEXT = {None: 41.0, Contract.PRISE: 56.0, Contract.GARDE: 71.0,
         Contract.GARDE_SANS: 81.0, Contract.GARDE_CONTRE: 1e9}  # fmt: skip
_BLUR = 5.0
_OVERSAMPLE = 4


def _log_sigmoid(x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return -np.logaddexp(0.0, -x)


def bid_log_weights(obs: Observation, owners: I8) -> npt.NDArray[np.float64]:
    """B1: how well each sample's dealt hands fit the bids heard (a log-likelihood)."""
    n, me = obs.players, obs.seat
    variant = Variant.for_players(n)
    scale = 18 / variant.hand_size
    played = np.zeros(n)
    for trick in obs.tricks:
        for seat, card in trick.cards:
            played[seat] += _WEIGHTS[card]
    logw = np.zeros(owners.shape[0])
    highest: Contract | None = None
    for bid in obs.bids:
        seat = bid.seat
        if seat == me or seat in obs.barred:
            highest = bid.contract or highest
            continue
        strength = (owners == seat).astype(np.float64) @ _WEIGHTS + played[seat]
        if seat == obs.taker and obs.chien is not None and obs.phase is not GamePhase.ECART:
            strength += (owners == n).astype(np.float64) @ _WEIGHTS  # the écart he made
            strength -= sum(_WEIGHTS[c] for c in obs.chien)  # the chien was not dealt him
        strength = strength * scale + 7.0
        if bid.contract is None:
            logw += _log_sigmoid((_NEXT[highest] - strength) / _BLUR)
        else:
            logw += _log_sigmoid((strength - _THRESHOLD[bid.contract]) / _BLUR)
            logw += _log_sigmoid((_NEXT[bid.contract] - strength) / _BLUR)
            highest = bid.contract
    return logw


def resample(logw: npt.NDArray[np.float64], count: int, rng: random.Random) -> npt.NDArray[np.intp]:
    """Systematic resampling: ``count`` indices drawn in proportion to ``exp(logw)``."""
    weights = np.exp(logw - logw.max())
    edges = np.cumsum(weights)
    positions = (rng.random() + np.arange(count)) / count * edges[-1]
    indices: npt.NDArray[np.intp] = np.searchsorted(edges, positions)
    return np.minimum(indices, len(weights) - 1)


def _plain(hand: CardSet) -> list[Card]:
    """The cards E2 lets go to the écart freely: suit cards other than Kings."""
    return [c for c in hand if c.is_suit_card and not c.is_king]


def quick_ecart(hand: CardSet, size: int) -> list[Card]:
    """A fast écart (E2) for the playouts of the bidding: the low cards of the shortest
    suits first, then the court cards, trumps (never a bout) only when forced."""
    plain = _plain(hand)
    lengths = Counter(c.suit for c in plain)
    plain.sort(key=lambda c: (c.rank > _PLAIN_LIMIT, lengths[c.suit], c.rank))
    forced = ecart_trumps_at_most(hand.mask, size)
    if not forced:
        return plain[:size]
    trumps = sorted(c for c in hand.trumps() if c not in (PETIT, TRUMP_21))
    return plain + trumps[:forced]


def candidate_ecarts(hand: CardSet, size: int) -> list[list[Card]]:
    """A handful of legal écarts (E2) worth comparing: the quick one; a void made in
    each suit, or two, that the écart can empty; the court cards banked."""
    plain = _plain(hand)
    base = quick_ecart(hand, size)
    if len(plain) < size:
        return [base]
    out = [base]
    by_suit: dict[object, list[Card]] = {}
    for card in plain:
        by_suit.setdefault(card.suit, []).append(card)
    voids = [[s] for s in by_suit] + [[a, b] for a in by_suit for b in by_suit if a < b]  # type: ignore[operator]
    for suits in voids:
        first = [c for c in plain if c.suit in suits]
        if len(first) > size or any(c.suit in suits for c in hand if c.is_king):
            continue
        rest = [c for c in base if c not in first]
        rest += [c for c in plain if c not in first and c not in rest]
        out.append(first + rest[: size - len(first)])
    banked = sorted(plain, key=lambda c: (-c.half_points, c.rank))[:size]
    out.append(banked)
    unique: list[list[Card]] = []
    seen: set[frozenset[int]] = set()
    for ecart in out:
        key = frozenset(ecart)
        if len(key) == size and key not in seen:
            seen.add(key)
            unique.append(sorted(ecart, key=lambda c: (c.is_trump, c)))
    return unique


class SearchBot:
    """PIMC over consistent samples (see the module doc). ``samples`` per decision,
    ``eps`` the share of random cards in the playouts (1.0: random playouts),
    ``margin`` the mean marks a contract must promise, ``cheat`` to play on the true
    deal given by :meth:`peek`, ``infer_bids`` to weigh the samples by the bids heard,
    ``bid_factor`` times more samples for the bid (4 measured no better than 1),
    ``budget`` the seconds a decision may take (``None``: no limit, every sample).
    ``used`` is the number of samples the last decision was made on."""

    def __init__(
        self,
        rng: random.Random | None = None,
        samples: int = LEVELS["search"],
        eps: float = 0.1,
        margin: float = -60.0,
        cheat: bool = False,
        rules: Rules | None = None,
        infer_bids: bool = True,
        bid_factor: int = 1,
        budget: float | None = None,
    ) -> None:
        self.rng = rng or random.Random()
        self.samples = samples
        self.eps = eps
        self.margin = margin
        self.cheat = cheat
        self.infer_bids = infer_bids
        self.bid_factor = bid_factor
        self.budget = budget
        self.used = 0
        self._deadline = float("inf")
        self.rules = rules or Rules()
        self._donne: Donne | None = None
        self._plan: list[Card] = []

    def peek(self, donne: Donne) -> None:
        """The arena shows a cheating bot the true donne before it acts."""
        if self.cheat:
            self._donne = donne

    def act(self, observation: Observation) -> Action:
        self._start()
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        kind = type(legal[0])
        if kind is Bid:
            return self._bid(observation, legal)
        if kind is CallCard:
            return self._call(observation, legal)
        if kind is Discard:
            return self._discard(observation, legal)
        if kind is ChelemDecision:
            return self._chelem(observation, legal)
        return self._play(observation, legal)

    # -- the samples ---------------------------------------------------------------------

    def _start(self) -> None:
        """A decision begins: its deadline is set by the budget."""
        self.used = 0
        start = time.monotonic()
        self._deadline = float("inf") if self.budget is None else start + self.budget

    def _evaluate(
        self,
        position: Position,
        owners: I8,
        partners: I64,
        candidates: Sequence[int],
        me: int,
        seed: int,
    ) -> tuple[npt.NDArray[np.float64], I8]:
        """:func:`evaluate`, in rounds of :data:`ROUND` samples when the bot has a budget,
        stopping after the round that ends past the deadline (the values of the samples
        played out only)."""
        if self.budget is None:
            values, made = evaluate(position, owners, partners, candidates, me, self.eps, seed)
            self.used = max(self.used, owners.shape[0])
            return values, made
        parts: list[tuple[npt.NDArray[np.float64], I8]] = []
        total = owners.shape[0]
        for start in range(0, total, ROUND):
            stop = min(start + ROUND, total)
            round_seed = (seed + 0x9E3779B1 * (start // ROUND)) & 0x7FFFFFFF | 1
            parts.append(
                evaluate(position, owners[start:stop], partners[start:stop], candidates, me,
                         self.eps, round_seed)
            )  # fmt: skip
            if time.monotonic() > self._deadline:
                break
        values = np.concatenate([v for v, _ in parts])
        made = np.concatenate([m for _, m in parts])
        self.used = max(self.used, values.shape[0])
        return values, made

    def _common(self, arrays: Sequence[npt.NDArray[np.float64]]) -> list[float]:
        """The mean of each option's values over the samples every option was played
        out on (a budget may stop the later options sooner)."""
        n = min(a.shape[0] for a in arrays)
        self.used = n
        return [float(a[:n].mean()) for a in arrays]

    def _seed(self) -> int:
        return self.rng.getrandbits(31) | 1

    def _samples(self, obs: Observation, count: int) -> tuple[I8, I64]:
        """``count`` deals of the unseen cards (the true one, for a cheat) and the
        taker's partner in each."""
        donne = self._donne
        if self.cheat and donne is not None:
            truth = np.full(78, -1, dtype=np.int8)
            for seat, hand in enumerate(donne.hands):
                for card in hand:
                    truth[card] = seat
            contract = donne.contract
            if contract is None or not contract.chien_seen or donne.phase is GamePhase.CALL:
                pile: Sequence[Card] = donne.deal.chien_cards
            else:
                pile = donne.ecart
            for card in pile:
                truth[card] = obs.players
            owners = np.repeat(truth[None, :], count, axis=0)
            partner = -1 if donne.partner is None else donne.partner
            if obs.phase in (GamePhase.BIDDING, GamePhase.CALL):
                partner = -1
            return owners, np.full(count, partner, dtype=np.int64)
        wide = count * _OVERSAMPLE if self.infer_bids and obs.bids else count
        try:
            owners = Sampler(obs).sample(wide, self._seed())
        except InconsistentObservation:  # pragma: no cover - a bug, but keep playing
            owners = Sampler(obs._replace(tricks=())).sample(wide, self._seed())
        if wide > count:
            owners = owners[resample(bid_log_weights(obs, owners), count, self.rng)]
        return owners, partners_of(obs, owners)

    def deals(self, observation: Observation, count: int | None = None) -> I8:
        """``count`` (by default the bot's ``samples``) deals of the cards the seat
        cannot see, as the bot plays its options out on them (weighed by the bids
        heard): ``deals[s, card]`` is the seat holding ``card`` in deal ``s``, the
        number of players for the pile, -1 for a card played."""
        return self._samples(observation, count or self.samples)[0]

    def _hand_size(self, obs: Observation) -> int:
        return Variant.for_players(obs.players).hand_size

    # -- the play ------------------------------------------------------------------------

    def weigh(self, observation: Observation) -> list[tuple[Action, float]]:
        """The options of a bid (B1–B2), a call (B4) or a card (P1–P5) with the mean
        marks the playouts promise the seat for each, as :meth:`act` weighs them (a
        pass: ``margin``, the mean a contract must beat); best first. Other decisions
        give the one action :meth:`act` chooses, valued 0."""
        self._start()
        legal = observation.legal_actions
        kind = type(legal[0])
        if kind is Bid:
            weighed = self._bid_values(observation, legal)
        elif kind is CallCard:
            weighed = list(zip(legal, self._call_values(observation, legal), strict=True))
        elif kind in (CardPlayed, PoigneeShown) and len(legal) > 1:
            cards = [a for a in legal if isinstance(a, CardPlayed)]
            means, _, _ = self._card_values(observation, cards)
            weighed = [(card, float(mean)) for card, mean in zip(cards, means, strict=True)]
        else:
            return [(self.act(observation), 0.0)]
        return sorted(weighed, key=lambda pair: -pair[1])

    def _card_values(
        self, obs: Observation, cards: Sequence[CardPlayed]
    ) -> tuple[npt.NDArray[np.float64], I8, I64]:
        """Each card's mean marks, the playouts' made-or-not, the partners sampled."""
        owners, partners = self._samples(obs, self.samples)
        position = from_observation(obs, self.rules, self._hand_size(obs))
        candidates = [int(a.card) for a in cards]
        values, made = self._evaluate(
            position, owners, partners, candidates, obs.seat, self._seed()
        )
        return values.mean(axis=0), made, partners[: values.shape[0]]

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, CardPlayed)]
        shows = [a for a in legal if isinstance(a, PoigneeShown)]
        means, made, partners = self._card_values(obs, cards)
        best = int(np.argmax(means))
        if shows and self._camp_wins(obs, partners, made[:, best]):
            return shows[-1]
        return cards[best]

    def _camp_wins(self, obs: Observation, partners: I64, made: I8) -> bool:
        """A1–A3: whether the seat's camp wins most playouts (the poignée's bonus goes
        to the winning camp)."""
        taker_side = (obs.seat == obs.taker) | (partners == obs.seat)
        wins = np.where(taker_side, made, 1 - made)
        return bool(wins.mean() > 0.5)

    def _chelem(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """A4, A6: announce when the playouts say the announcement pays."""
        owners, partners = self._samples(obs, self.samples)
        played = []
        for action in legal:
            assert isinstance(action, ChelemDecision)
            position = from_observation(obs, self.rules, self._hand_size(obs))
            position.chelem = action.announce
            position.leaders[0] = obs.seat if action.announce else (obs.dealer + 1) % obs.players
            values, _ = self._evaluate(position, owners, partners, [-1], obs.seat, self._seed())
            played.append(values)
        best: tuple[float, Action] | None = None
        for action, mean in zip(legal, self._common(played), strict=True):
            assert isinstance(action, ChelemDecision)
            if best is None or mean > best[0] + (5.0 if action.announce else 0.0):
                best = (mean, action)
        assert best is not None
        return best[1]

    # -- the écart -----------------------------------------------------------------------

    def _discard(self, obs: Observation, legal: Sequence[Action]) -> Action:
        allowed = {a.card: a for a in legal if isinstance(a, Discard)}
        plan = [c for c in self._plan if c in obs.hand]
        if not plan or len(plan) != Variant.for_players(obs.players).chien_size - len(
            obs.ecart or ()
        ):
            plan = self._choose_ecart(obs)
        for card in plan:
            if card in allowed:
                self._plan = [c for c in plan if c != card]
                return allowed[card]
        self._plan = []
        return legal[0]

    def _choose_ecart(self, obs: Observation) -> list[Card]:
        size = Variant.for_players(obs.players).chien_size - len(obs.ecart or ())
        options = candidate_ecarts(obs.hand, size)
        if len(options) == 1:
            return options[0]
        owners, partners = self._samples(obs, self.samples)
        assert obs.contract is not None and obs.taker is not None
        position = self._opening(obs, obs.contract, obs.taker)
        played = []
        seed = self._seed()
        for ecart in options:
            trial = owners.copy()
            trial[:, [int(c) for c in ecart]] = obs.players
            values, _ = self._evaluate(position, trial, partners, [-1], obs.seat, seed)
            played.append(values)
        return options[int(np.argmax(self._common(played)))]

    def _opening(self, obs: Observation, contract: Contract, taker: int) -> Position:
        """The position before the first card, every hand to come from a sample."""
        n = obs.players
        tricks = self._hand_size(obs)
        return Position(
            players=n,
            owners=np.full(78, -1, dtype=np.int8),
            tricks=np.full((tricks, n), -1, dtype=np.int64),
            leaders=np.full(tricks, (obs.dealer + 1) % n, dtype=np.int64),
            winners=np.full(tricks, -1, dtype=np.int64),
            t=0,
            k=0,
            taker=taker,
            multiplier=contract.multiplier,
            pile_camp=pile_camp(contract),
            excuse_to_winner=self.rules.excuse_last_trick == "to_trick_winner",
            called=-1 if obs.called is None else int(obs.called),
            restrict=not self.rules.called_suit_first_trick,
        )

    # -- the bidding and the call --------------------------------------------------------

    def _bid(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """B1–B2: the contract whose playouts promise most, if above ``margin``."""
        best: tuple[float, Action] = (self.margin, Bid(obs.seat, None))
        for action, mean in self._bid_values(obs, legal):
            assert isinstance(action, Bid)
            if action.contract is not None and mean > best[0]:
                best = (mean, action)
        return best[1]

    def _bid_values(self, obs: Observation, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Each bid with the mean marks of taking it (a pass: ``margin``)."""
        owners, _ = self._samples(obs, self.samples * self.bid_factor)
        call = self._quick_call(obs.hand) if obs.players == 5 else None
        seed = self._seed()
        bids = [a for a in legal if isinstance(a, Bid) and a.contract is not None]
        played = [self._contract_values(obs, owners, b.contract, call, seed) for b in bids]  # type: ignore[arg-type]
        means: dict[Action, float] = {}
        if bids:
            means.update(zip(bids, self._common(played), strict=True))
        return [(action, means.get(action, self.margin)) for action in legal]

    def _quick_call(self, hand: CardSet) -> Card:
        """B4, for the bidding's playouts: the callable card of the longest suit not
        held."""
        cards = [c for c in callable_cards(hand) if c not in hand] or callable_cards(hand)
        return max(cards, key=lambda c: len(hand.of_suit(c.suit)) if c.suit is not None else 0)

    def _contract_values(
        self, obs: Observation, owners: I8, contract: Contract, call: Card | None, seed: int
    ) -> npt.NDArray[np.float64]:
        """The marks of taking ``contract`` (calling ``call``) on each sample played out,
        with the écart the seat would make on each sampled chien."""
        n, me = obs.players, obs.seat
        trial = owners.copy()
        if contract.chien_seen:
            size = Variant.for_players(n).chien_size
            for row in trial:
                chien = [c for c in range(78) if row[c] == n]
                row[chien] = me
                hand = CardSet.of_mask(sum(1 << c for c in range(78) if row[c] == me))
                row[[int(c) for c in quick_ecart(hand, size)]] = n
        partners = np.full(trial.shape[0], -1, dtype=np.int64)
        if call is not None:
            holders = trial[:, int(call)].astype(np.int64)
            partners = np.where((holders == me) | (holders >= n), -1, holders)
        position = self._opening(obs, contract, me)
        position.called = -1 if call is None else int(call)
        values, _ = self._evaluate(position, trial, partners, [-1], me, seed)
        return values

    def _call(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """B4: the card whose holder as partner plays out best."""
        return legal[int(np.argmax(self._call_values(obs, legal)))]

    def _call_values(self, obs: Observation, legal: Sequence[Action]) -> list[float]:
        assert obs.contract is not None
        owners, _ = self._samples(obs, self.samples)
        seed = self._seed()
        played = []
        for action in legal:
            assert isinstance(action, CallCard)
            played.append(self._contract_values(obs, owners, obs.contract, action.card, seed))
        return self._common(played)
