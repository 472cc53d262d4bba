"""heuristic-1: the heuristic bot as it was first written, frozen as the yardstick of
the arena (its behaviour must never change; improvements go to :mod:`atout.bots.heuristic`).

A heuristic bot: bids from hand strength, a sensible écart, plays that save the
Petit, counts trumps, and follows its partner. It only ever picks a legal action.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from atout.bidding import Contract
from atout.cards import EXCUSE, PETIT, TRUMP_21, Card, CardSet
from atout.play import trick_winner
from atout.state import (
    Action,
    Bid,
    CallCard,
    CardPlayed,
    ChelemDecision,
    Discard,
    Observation,
    PoigneeShown,
)

__all__ = ["HeuristicBot1", "hand_strength"]

# Strength needed for each contract, on the scale of a 4-player hand of 18 cards.
THRESHOLDS = [
    (Contract.GARDE_CONTRE, 81),
    (Contract.GARDE_SANS, 71),
    (Contract.GARDE, 56),
    (Contract.PRISE, 41),
]
LONG_SUIT = {5: 5, 6: 7, 7: 9}
COURT_VALUE = {14: 6, 13: 3, 12: 2, 11: 1}


def hand_strength(hand: CardSet, hand_size: int) -> float:
    """The usual points count of a tarot hand, scaled to 18 cards: the 21 10, the
    Excuse 8, the Petit by how well it is guarded, 2 a trump and 1 more for 16 … 20,
    Kings 6, Queens 3, Cavaliers 2, Valets 1, long suits 5/7/9/11, voids 6, singletons 3."""
    trumps = hand.count_trumps()
    total = 0.0
    if TRUMP_21 in hand:
        total += 10
    if EXCUSE in hand:
        total += 8
    if PETIT in hand:
        total += {5: 5, 6: 7}.get(trumps, 9 if trumps >= 7 else 0)
    total += 2 * trumps + sum(1 for c in hand.trumps() if 16 <= c.rank <= 20)
    suits = Counter(c.suit for c in hand if c.suit is not None)
    for card in hand:
        if card.suit is not None:
            total += COURT_VALUE.get(card.rank, 0)
    total += sum(LONG_SUIT.get(length, 11) for length in suits.values() if length >= 5)
    total += 6 * (4 - len(suits)) + 3 * sum(1 for length in suits.values() if length == 1)
    return total * 18 / hand_size


class HeuristicBot1:
    """Plays from what its seat sees (``Observation``) and nothing else."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        kind = type(legal[0])
        choice: Action | None
        if kind is Bid:
            choice = self._bid(observation, legal)
        elif kind is CallCard:
            choice = self._call(observation, legal)
        elif kind is Discard:
            choice = self._discard(observation, legal)
        elif kind is ChelemDecision:
            choice = next(a for a in legal if isinstance(a, ChelemDecision) and not a.announce)
        else:
            choice = self._play(observation, legal)
        return choice if choice in legal else self.rng.choice(legal)

    # -- bidding, call, écart --------------------------------------------------------

    def _bid(self, obs: Observation, legal: Sequence[Action]) -> Action:
        strength = hand_strength(obs.hand, len(obs.hand))
        for contract, needed in THRESHOLDS:
            bid = Bid(obs.seat, contract)
            if strength >= needed and bid in legal:
                return bid
        return Bid(obs.seat, None)

    def _call(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Call the card of the suit where the hand is longest without holding it."""
        calls = [a for a in legal if isinstance(a, CallCard) and a.card not in obs.hand]
        if not calls:
            return legal[0]
        return max(
            calls,
            key=lambda a: len(obs.hand.of_suit(a.card.suit)) if a.card.suit is not None else 0,
        )

    def _discard(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Low cards of the shortest suits first (to make voids), keeping Queens and
        Cavaliers where possible; trumps only when forced."""
        lengths = Counter(c.suit for c in obs.hand)

        def cost(action: Action) -> tuple[int, int, int]:
            card = action.card if isinstance(action, Discard) else EXCUSE
            if card.is_trump:
                return (2, card.rank, 0)
            return (0 if card.rank <= 10 else 1, lengths[card.suit], card.rank)

        return min(legal, key=cost)

    # -- play ----------------------------------------------------------------------------

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        poignees = [a for a in legal if isinstance(a, PoigneeShown)]
        if poignees and obs.seat == obs.taker:
            return poignees[-1]
        cards = [a.card for a in legal if isinstance(a, CardPlayed)]
        return CardPlayed(obs.seat, self._card(obs, cards))

    def _camp(self, obs: Observation, seat: int) -> int:
        """0: the taker's camp, 1: the defence, 2: unknown (5 players, partner hidden),
        as far as ``obs.seat`` knows."""
        partner = obs.partner
        if partner is None and obs.called is not None and obs.called in obs.hand:
            partner = obs.seat  # holding the called card: the partner knows himself
        if seat in (obs.taker, partner):
            return 0
        if seat == obs.seat or obs.players < 5 or partner is not None:
            return 1
        return 2

    def _card(self, obs: Observation, cards: list[Card]) -> Card:
        trick = obs.tricks[-1] if obs.tricks and obs.tricks[-1].winner is None else None
        played = [c for _, c in trick.cards] if trick else []
        if not played:
            return self._lead(obs, cards)
        my_camp = self._camp(obs, obs.seat)
        winner_seat = trick.cards[trick_winner(played)][0] if trick else obs.seat
        friend_winning = self._camp(obs, winner_seat) == my_camp
        last_to_play = len(played) == obs.players - 1
        if EXCUSE in cards and self._excuse_now(obs, cards, friend_winning):
            return EXCUSE
        cards = [c for c in cards if c != EXCUSE] or cards
        best = max(played, key=lambda c: (c.is_trump, c.rank if not c.is_excuse else -1))
        winning = [c for c in cards if trick_winner([*played, c]) == len(played)]
        if friend_winning and (last_to_play or self._is_master(obs, best)):
            return self._give_points(cards)
        if friend_winning and (best.is_trump or best.rank >= 13):
            return self._cheapest(cards)  # a partner's strong card: do not overtake it
        if winning:
            if PETIT in winning and (last_to_play or not self._trumps_may_follow(obs, played)):
                return PETIT  # saves the Petit: nobody can overtrump it now
            safe = [c for c in winning if c != PETIT] or winning
            return min(safe) if last_to_play else max(safe, key=lambda c: (c.is_trump, c.rank))
        return self._cheapest(cards)

    def _lead(self, obs: Observation, cards: list[Card]) -> Card:
        hand = obs.hand
        if EXCUSE in cards and len(hand) <= 2:
            return EXCUSE  # never keep it for the last trick, where it is lost (P4)
        seen = self._played_cards(obs)
        trumps_out = 21 - hand.count_trumps() - sum(1 for c in seen if c.is_trump)
        my_trumps = sorted(c for c in cards if c.is_trump)
        majority = bool(my_trumps) and trumps_out > 0
        if obs.seat == obs.taker and majority and self._holds_master_trump(obs):
            return my_trumps[-1]  # draw the trumps with the master
        kings = [c for c in cards if c.is_king and not any(s.suit == c.suit for s in seen)]
        if kings:
            return kings[0]
        plain = [c for c in cards if c.is_suit_card]
        if plain:
            lengths = Counter(c.suit for c in plain)
            return min(plain, key=lambda c: (-lengths[c.suit], c.rank))
        non_petit = [c for c in my_trumps if c != PETIT]
        return non_petit[0] if non_petit else cards[0]

    def _excuse_now(self, obs: Observation, cards: list[Card], friend_winning: bool) -> bool:
        """Play the Excuse before the last trick (it would go to the trick's winner),
        or to avoid giving away a point card."""
        left = len(obs.hand)
        if left <= 2:
            return True
        plain_losers = [c for c in cards if c != EXCUSE and c.points >= 2.5]
        return not friend_winning and len(plain_losers) == len(cards) - 1

    def _give_points(self, cards: list[Card]) -> Card:
        """The partner surely wins: save the Petit by giving it to him, else give the
        card worth most (never the 21, which wins tricks of its own)."""
        if PETIT in cards:
            return PETIT
        safe = [c for c in cards if c not in (PETIT, TRUMP_21)] or cards
        return max(
            safe, key=lambda c: (c.half_points, -c.is_trump, -c.rank if c.is_trump else c.rank)
        )

    def _cheapest(self, cards: list[Card]) -> Card:
        safe = [c for c in cards if c not in (PETIT, TRUMP_21)] or cards
        return min(safe, key=lambda c: (c.half_points, c.is_trump, c.rank))

    def _played_cards(self, obs: Observation) -> list[Card]:
        return [c for t in obs.tricks for _, c in t.cards]

    def _trumps_gone(self, obs: Observation) -> set[Card]:
        """Trumps already played, and the seat's own: none of them can still beat it."""
        return {c for c in self._played_cards(obs) if c.is_trump} | set(obs.hand.trumps())

    def _holds_master_trump(self, obs: Observation) -> bool:
        gone = self._trumps_gone(obs)
        outstanding = [n for n in range(21, 0, -1) if Card.trump(n) not in gone]
        mine = [c.rank for c in obs.hand.trumps()]
        return bool(mine) and (not outstanding or max(mine) > outstanding[0])

    def _is_master(self, obs: Observation, best: Card) -> bool:
        """Whether ``best`` can no longer be beaten by anyone (trumps counted)."""
        if not best.is_trump:
            return False
        gone = self._trumps_gone(obs)
        return all(Card.trump(n) in gone for n in range(best.rank + 1, 22))

    def _trumps_may_follow(self, obs: Observation, played: list[Card]) -> bool:
        """Whether a player still to play may hold a trump above those in the trick."""
        gone = self._trumps_gone(obs)
        top = max((c.rank for c in played if c.is_trump), default=0)
        return any(Card.trump(n) not in gone for n in range(top + 1, 22))
