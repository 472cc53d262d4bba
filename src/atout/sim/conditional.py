"""Deals consistent with what one seat knows: its hand (and the chien when it has seen
it). Used by ``atout stats --hand`` and by bots for determinization.

>>> from atout.cards import CardSet
>>> hand = CardSet.parse("T21 T20 T1 EX KS QS 2S 3S 4S KH 2H 3H 4H 5H 2D 3D 4D 5D")
>>> sampler = ConditionalSampler(players=4, seat=0, hand=hand)
>>> deals = sampler.sample(1000, seed=1)
>>> deals.hands.shape, bool((deals.hands[:, 0] == sampler.hand_array).all())
((1000, 4, 18), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from random import Random

import numpy as np
import numpy.typing as npt

from atout.cards import DECK, Card, CardSet
from atout.errors import AtoutError
from atout.table import Variant

__all__ = ["ConditionalSampler", "Sampled", "determinize"]


@dataclass
class Sampled:
    """``hands[i, seat]`` (sorted card numbers) and ``chien[i]`` of each sampled deal."""

    hands: npt.NDArray[np.uint8]
    chien: npt.NDArray[np.uint8]


class ConditionalSampler:
    """Uniform deals of the unseen cards to the other seats (and to the chien when it
    is unseen): given one hand, every arrangement of the rest is equally likely, as it
    is under the dealing procedure with a uniform shuffle."""

    def __init__(
        self, players: int, seat: int, hand: CardSet, chien: CardSet | None = None
    ) -> None:
        self.variant = variant = Variant.for_players(players)
        self.seat = variant.check_seat(seat)
        if len(hand) != variant.hand_size:
            raise AtoutError(
                f"--hand: {len(hand)} cards given; a hand holds {variant.hand_size} cards "
                f"with {players} players (D9)"
            )
        if chien is not None:
            if len(chien) != variant.chien_size:
                raise AtoutError(
                    f"--chien: the chien holds {variant.chien_size} cards, not {len(chien)}"
                )
            if chien & hand:
                raise AtoutError(
                    f"--chien: {chien & hand} also in the hand; a card is in one place"
                )
        self.hand, self.chien_known = hand, chien
        self.unseen = DECK - hand - (chien or CardSet())
        self.hand_array = np.array(sorted(hand), dtype=np.uint8)

    @property
    def others(self) -> list[int]:
        return [s for s in range(self.variant.players) if s != self.seat]

    def sample(self, n: int, seed: int | None = None) -> Sampled:
        """``n`` deals, reproducible with ``seed``."""
        variant, h = self.variant, self.variant.hand_size
        rng = np.random.default_rng(seed)
        unseen = np.array(sorted(self.unseen), dtype=np.uint8)
        shuffled = rng.permuted(np.tile(unseen, (n, 1)), axis=1)
        hands = np.empty((n, variant.players, h), dtype=np.uint8)
        hands[:, self.seat] = self.hand_array
        for index, seat in enumerate(self.others):
            hands[:, seat] = np.sort(shuffled[:, index * h : (index + 1) * h], axis=1)
        if self.chien_known is not None:
            chien = np.tile(np.array(sorted(self.chien_known), dtype=np.uint8), (n, 1))
        else:
            chien = np.sort(shuffled[:, len(self.others) * h :], axis=1)
        return Sampled(hands, chien)

    # -- exact figures ----------------------------------------------------------------

    @property
    def unseen_count(self) -> int:
        return len(self.unseen)

    def exact_trumps(self, k: int) -> float:
        """P(another given hand holds k of the unseen trumps): hypergeometric."""
        trumps, u, h = self.unseen.count_trumps(), self.unseen_count, self.variant.hand_size
        return comb(trumps, k) * comb(u - trumps, h - k) / comb(u, h)

    def exact_splits(self) -> dict[tuple[int, ...], float]:
        """P(the unseen trumps split so among the other hands, counts from high to low),
        by summing over every way the trumps can lie (hands and unseen chien)."""
        trumps, u, h = self.unseen.count_trumps(), self.unseen_count, self.variant.hand_size
        places = [h] * len(self.others)
        chien = 0 if self.chien_known is not None else self.variant.chien_size
        total = comb(u, trumps)
        splits: dict[tuple[int, ...], float] = {}

        def spread(index: int, left: int, ways: int, counts: tuple[int, ...]) -> None:
            if index == len(places):
                if left <= chien:
                    key = tuple(sorted(counts, reverse=True))
                    splits[key] = splits.get(key, 0.0) + ways * comb(chien, left) / total
                return
            for k in range(min(left, places[index]) + 1):
                spread(index + 1, left - k, ways * comb(places[index], k), (*counts, k))

        spread(0, trumps, 1, ())
        return splits

    def exact_location(self, card: Card) -> dict[str, float]:
        """P(an unseen card lies in each other hand, and in the chien)."""
        u, h = self.unseen_count, self.variant.hand_size
        places = {f"seat {s}": h / u for s in self.others}
        if self.chien_known is None:
            places["chien"] = self.variant.chien_size / u
        if card not in self.unseen:
            where = "your hand" if card in self.hand else "the chien"
            return {where: 1.0}
        return places

    def exact_king_passes(self, king: Card) -> float:
        """P(no other hand is void in the King's suit): the King cannot be trumped at
        the first round of its suit. Inclusion–exclusion over the hands that are void."""
        suit = king.suit
        assert suit is not None
        x = len(self.unseen.of_suit(suit))
        u, h, others = self.unseen_count, self.variant.hand_size, len(self.others)
        return float(
            sum((-1) ** j * comb(others, j) * comb(u - j * h, x) for j in range(others + 1))
            / comb(u, x)
        )


def determinize(
    players: int, seat: int, hand: CardSet, chien: CardSet | None = None, rng: Random | None = None
) -> list[CardSet]:
    """One deal consistent with what ``seat`` knows: the hands of every seat, then the
    chien (for bots that search over possible deals)."""
    sampler = ConditionalSampler(players, seat, hand, chien)
    seed = (rng or Random()).getrandbits(63)
    sampled = sampler.sample(1, seed)
    return [CardSet(int(c) for c in row) for row in sampled.hands[0]] + [
        CardSet(int(c) for c in sampled.chien[0])
    ]
