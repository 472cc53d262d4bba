"""The current heuristic bot against its first version: what issue 12 fixed (the bid,
the 21, the Petit), each on a position where the two part ways."""

from __future__ import annotations

import random

from atout.bidding import Contract
from atout.bots import HeuristicBot, HeuristicBot1
from atout.bots.heuristic import expected_marks
from atout.cards import Card, CardSet
from atout.dealing import Deal
from atout.play import Trick, legal_cards
from atout.state import Bid, CardPlayed, Donne, Observation
from atout.table import Variant


def _observation(seat: int, hand: str, tricks: tuple[Trick, ...], taker: int) -> Observation:
    """The play of a 4-player garde, ``seat`` to play on the last of ``tricks``."""
    base = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(1), dealer=3))
    cards = CardSet.parse(hand)
    led = [c for _, c in tricks[-1].cards]
    legal = tuple(CardPlayed(seat, c) for c in legal_cards(cards, led))
    return base.observation(seat)._replace(
        hand=cards, tricks=tricks, taker=taker, contract=Contract.GARDE, legal_actions=legal,
        current_player=seat,
    )  # fmt: skip


def _card(text: str) -> Card:
    return Card.parse(text)


def test_P2_the_21_is_not_wasted_on_a_trick_of_nothing() -> None:
    trick = Trick(1, ((1, _card("2S")),))
    obs = _observation(2, "T21 T5 T7 3H 4H", (trick,), taker=1)
    assert HeuristicBot1(random.Random(1)).act(obs) == CardPlayed(2, _card("T21"))
    assert HeuristicBot(random.Random(1)).act(obs) == CardPlayed(2, _card("T5"))


def test_P2_the_21_takes_a_king() -> None:
    trick = Trick(1, ((1, _card("KS")),))
    obs = _observation(2, "T21 T5 T7 3H 4H", (trick,), taker=1)
    assert HeuristicBot(random.Random(1)).act(obs) == CardPlayed(2, _card("T21"))


def test_P2_the_petit_wins_when_the_seats_after_hold_no_trump() -> None:
    """Seat 3, still to play, showed he has no trump (a ♥ on a trump lead): the Petit
    is safe and wins the trick."""
    before = Trick(0, ((0, _card("T2")), (1, _card("T3")), (2, _card("T4")), (3, _card("2H"))), 2)
    trick = Trick(0, ((0, _card("5C")), (1, _card("3C"))))
    obs = _observation(2, "T1 T10 4H 5H", (before, trick), taker=3)
    assert HeuristicBot1(random.Random(1)).act(obs) == CardPlayed(2, _card("T10"))
    assert HeuristicBot(random.Random(1)).act(obs) == CardPlayed(2, _card("T1"))


def test_B2_contracts_from_expected_marks() -> None:
    monster = CardSet.parse(" ".join(f"T{n}" for n in range(5, 22)) + " EX")
    poor = CardSet.parse("2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 2C 3C 4C T2")
    expected = expected_marks(monster, 4)
    best = max(expected, key=expected.__getitem__)
    assert best in (Contract.GARDE_SANS, Contract.GARDE_CONTRE)  # never bid by heuristic-1
    assert expected[Contract.PRISE] == expected[Contract.GARDE] / 2
    assert all(v < -100 for v in expected_marks(poor, 4).values())
    base = Donne(Deal.automatic(Variant.for_players(4), rng=random.Random(2), dealer=3))
    obs = base.observation(0)
    assert HeuristicBot(random.Random(1)).act(obs._replace(hand=poor)) == Bid(0, None)
    bid = HeuristicBot(random.Random(1)).act(obs._replace(hand=monster))
    assert bid == Bid(0, best)
    assert HeuristicBot1(random.Random(1)).act(obs._replace(hand=monster)) != bid
