"""A partie: the dealer's rotation, redeals after faults, bans (D12, D14, D16, D17)."""

from __future__ import annotations

import random

import pytest

from atout.cards import Card
from atout.dealing import Phase
from atout.errors import IllegalActionError
from atout.match import Match
from atout.table import Rules, Variant

FOUR = Variant.for_players(4)


def test_D1_first_deal_draws_for_the_dealer_then_D17_rotation() -> None:
    match = Match(FOUR)
    first = match.deal_automatically(random.Random(3))
    assert first.draws and first.dealer is not None
    dealers = [first.dealer]
    rng = random.Random(4)
    for _ in range(8):
        deal = match.deal_automatically(rng)
        assert not deal.draws  # only the first deal draws (D1)
        dealers.append(deal.dealer or 0)
    for before, after, previous in zip(dealers, dealers[1:], match.deals, strict=False):
        expected = before if previous.void == "misdeal" else (before + 1) % 4
        assert after == expected


def test_D12_redeal_by_the_same_dealer_who_may_not_bid() -> None:
    match = Match(FOUR, first_dealer=2)
    deal = match.new_deal()
    deal.run_automatically(random.Random(1), pause_after_packets=5)
    deal.record_fault("misdeal")
    assert match.next_dealer == 2 and match.barred == frozenset({2})
    redeal = match.deal_automatically(random.Random(2))
    assert (
        redeal.dealer == 2
        and redeal.barred == frozenset({2})
        and redeal.barred_now == frozenset({2})
    )
    assert not redeal.draws
    if redeal.void is None:
        assert match.next_dealer == 3 and match.barred == frozenset()


def test_D14_exposer_barred_on_the_redeal_only() -> None:
    match = Match(FOUR, first_dealer=0)
    deal = match.new_deal()
    deal.run_automatically(random.Random(1), pause_after_packets=0)
    deal.record_fault("card_exposed", by=3, card=Card.parse("QH"))
    redeal = match.new_deal()
    assert redeal.dealer == 0 and redeal.barred == frozenset({3})


def test_D16_after_a_petit_sec_the_right_neighbour_deals() -> None:
    seed = next(
        s
        for s in range(5000)
        if Match(FOUR, first_dealer=1).deal_automatically(random.Random(s)).void
    )
    match = Match(FOUR, first_dealer=1)
    assert match.deal_automatically(random.Random(seed)).void == "petit_sec"
    assert match.next_dealer == 2 and match.barred == frozenset()


def test_D17_a_new_deal_only_when_the_last_is_over() -> None:
    match = Match(FOUR, first_dealer=0)
    deal = match.new_deal()
    deal.run_automatically(random.Random(1), pause=Phase.CUT)
    with pytest.raises(IllegalActionError, match="^D17: deal 1 is not over"):
        match.new_deal()


def test_D11_penalties_are_tallied_by_seat() -> None:
    match = Match(FOUR, Rules(early_pickup_penalty=10), first_dealer=0)
    for seat in (1, 1, 2):
        deal = match.new_deal()
        deal.run_automatically(random.Random(seat), pause_after_packets=4)
        deal.record_fault("early_pickup", by=seat)
        deal.run_automatically(random.Random(seat))
    assert match.penalties() == {1: 20, 2: 10}


def test_bad_first_dealer() -> None:
    with pytest.raises(IllegalActionError, match="dealer 4 is not a seat"):
        Match(FOUR, first_dealer=4)
