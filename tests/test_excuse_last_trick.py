"""P4–A5, one reading: the Excuse wins the last trick only when the taker's camp leads
it there after winning every trick before (its chelem). The defence's Excuse never wins
the last trick, whether it is led or played after the lead, even when the defence took
every earlier trick; the engine and the playout kernel read it the same way."""

from __future__ import annotations

import pytest

from atout.bidding import Contract
from atout.cards import EXCUSE, Card, CardSet
from atout.dealing import Deal
from atout.sim.playout import playout_trace
from atout.sim.positions import from_donne
from atout.state import CardPlayed, ChelemDecision, Donne
from atout.table import Variant
from tests.game_helpers import bid_to

C = Card.parse

#: Dealer 0, the taker seat 1 (he bids first and leads). Seat 2 holds 16 trumps and the
#: Excuse, so the defence takes every trick but the last. ``led``: seat 2 keeps the
#: Excuse and leads it to the last trick; ``later``: seat 3 wins the 17th trick with the
#: King of clubs and leads a heart to the last one, seat 2 following with the Excuse.
HANDS = {
    "led": {
        1: "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1H 2H 3H KH",
        2: "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX",
        3: "T1 T3 4H 5H 6H 1D 2D 3D 4D 5D 6D 7D 1C 2C 3C 4C 5C 6C",
        0: "T2 T4 7H 8H 9H 10H JH NH QH 8D 9D 10D JD 7C 8C 9C 10C JC",
    },
    "later": {
        1: "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS 1H 2H 3H KH",
        2: "T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T21 EX 1C",
        3: "T1 T3 4H 5H 6H 1D 2D 3D 4D 5D 6D 7D KC 2C 3C 4C 5C 6C",
        0: "T2 T4 7H 8H 9H 10H JH NH QH 8D 9D 10D JD 7C 8C 9C 10C JC",
    },
}
CHIEN = "T20 NC QC ND QD KD"
PLAN = {  # the cards each seat plays first when they are legal, in this order
    "led": {2: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5"},
    "later": {2: "T21 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 1C"},
}
KEEP = {0: C("JD"), 1: C("KH"), 2: EXCUSE, 3: C("4H")}  # each seat's last card


def donne_before_the_last_trick(kind: str) -> Donne:
    variant = Variant.for_players(4)
    hands = [list(CardSet.parse(HANDS[kind][seat])) for seat in range(4)]
    chien = list(CardSet.parse(CHIEN if kind == "later" else CHIEN.replace("T20", "KC")))
    deal = Deal.prearranged(variant, hands, chien, dealer=0)
    donne = Donne(deal)
    bid_to(donne, 1, Contract.GARDE_SANS)
    donne.apply_action(ChelemDecision(1, False))
    plans = {seat: [C(code) for code in text.split()] for seat, text in PLAN[kind].items()}
    while sum(t.winner is not None for t in donne.tricks) < 17:
        seat = donne.current_player()
        assert seat is not None
        legal = donne.legal_cards(seat)
        wanted = [c for c in plans.get(seat, []) if c in legal]
        wanted += [c for c in legal if c != KEEP[seat]] + legal
        donne.apply_action(CardPlayed(seat, wanted[0]))
    return donne


def finish(donne: Donne) -> None:
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(CardPlayed(seat, donne.legal_cards(seat)[0]))


@pytest.mark.parametrize("kind", ["led", "later"])
def test_P4_A5_the_defences_excuse_never_wins_the_last_trick(kind: str) -> None:
    donne = donne_before_the_last_trick(kind)
    assert all(donne.camp_of(t.winner or 0) == 1 for t in donne.tricks)  # every trick so far
    finish(donne)
    last = donne.tricks[-1]
    excuse_at = [card for _, card in last.cards].index(EXCUSE)
    assert (excuse_at == 0) == (kind == "led")
    assert last.cards[excuse_at][0] == 2  # the defender's Excuse
    assert next(card for _, card in last.cards if card != EXCUSE) == C("4H")  # sets the suit
    assert last.winner == 1  # the taker's King of hearts, not the Excuse
    assert donne.result is not None
    assert donne.result.chelem == 0  # no chelem for the defence
    assert EXCUSE in donne.camp_cards().taker  # outside a chelem, it changes camp


@pytest.mark.parametrize("kind", ["led", "later"])
def test_P4_A5_the_playout_kernel_gives_the_last_trick_to_the_same_seat(kind: str) -> None:
    donne = donne_before_the_last_trick(kind)
    trace, _, marks, _ = playout_trace(from_donne(donne), eps=0.0, seed=1)
    for card in trace:
        seat = donne.current_player()
        assert seat is not None
        donne.apply_action(CardPlayed(seat, Card(card)))
    assert donne.tricks[-1].winner == 1
    assert donne.returns() == marks
