"""One or more tests for each rule of La Donne (docs/reference/rules.md D1–D19), every
refusal included."""

from __future__ import annotations

import random

import pytest

from atout.cards import ALL_CARDS, EXCUSE, PETIT, TRUMP_21, Card, CardSet
from atout.dealing import (
    CardDrawn,
    CardsPickedUp,
    ChienCardDealt,
    ChienShown,
    Cut,
    Deal,
    DealerChosen,
    DealVoided,
    PacketDealt,
    Phase,
    count_chien_placements,
)
from atout.errors import IllegalActionError
from atout.table import Rules, Variant

FOUR = Variant.for_players(4)


def dealing(dealer: int = 0, variant: Variant = FOUR, rules: Rules | None = None) -> Deal:
    """A deal shuffled (identity order) and cut, ready for the first packet."""
    deal = Deal(variant, rules or Rules(), dealer=dealer)
    deal.shuffle(permutation=list(range(78)))
    deal.cut(4)
    return deal


def phase(deal: Deal) -> Phase:
    """The phase, read afresh (mypy would keep an earlier narrowing of ``deal.phase``)."""
    return deal.phase


def c(text: str) -> Card:
    return Card.parse(text)


# -- D1–D3: the draw for the first dealer -------------------------------------------------


def test_D1_lowest_card_deals() -> None:
    deal = Deal(FOUR)
    assert phase(deal) is Phase.DRAW
    for seat, card in enumerate(["KS", "7H", "T3", "9C"]):
        deal.draw(seat, c(card))
    assert deal.dealer == 1 and phase(deal) is Phase.SHUFFLE
    assert deal.operations[-1] == DealerChosen(1, by_draw=True)


def test_D1_each_player_draws_one_card() -> None:
    deal = Deal(FOUR)
    deal.draw(0, c("KS"))
    with pytest.raises(IllegalActionError, match="^D1: seat 0 has already drawn KS"):
        deal.draw(0, c("QS"))
    assert not deal.can_draw(0, c("QS"))


def test_D1_a_card_cannot_be_drawn_twice() -> None:
    deal = Deal(FOUR)
    deal.draw(0, c("KS"))
    with pytest.raises(IllegalActionError, match="^D1: KS has already been drawn"):
        deal.draw(1, c("KS"))


def test_D1_no_shuffle_before_the_dealer_is_known() -> None:
    deal = Deal(FOUR)
    with pytest.raises(IllegalActionError, match="^D4: shuffling is not possible now"):
        deal.shuffle(permutation=list(range(78)))


def test_D2_equal_ranks_ordered_by_suit_ace_of_trefle_lowest() -> None:
    deal = Deal(FOUR)
    for seat, card in enumerate(["1S", "1H", "1C", "1D"]):
        deal.draw(seat, c(card))
    assert deal.dealer == 2  # 1C, the Ace of Trèfle, is the lowest card of the pack


def test_D2_trumps_are_above_every_suit_card() -> None:
    deal = Deal(FOUR)
    for seat, card in enumerate(["T1", "KS", "T2", "T5"]):
        deal.draw(seat, c(card))
    assert deal.dealer == 1


def test_D3_the_excuse_is_redrawn() -> None:
    deal = Deal(FOUR)
    deal.draw(0, EXCUSE)
    assert deal.seats_to_draw() == [0, 1, 2, 3]
    deal.draw(0, c("2S"))
    for seat, card in zip([1, 2, 3], ["5H", "6H", "7H"], strict=True):
        deal.draw(seat, c(card))
    assert deal.dealer == 0
    assert deal.draw_order[0] == (0, [EXCUSE, c("2S")])


def test_D3_excuse_never_chosen_by_automatic_draw() -> None:
    redrawn = 0
    for seed in range(200):
        deal = Deal(FOUR)
        deal.run_automatically(random.Random(seed), pause=Phase.SHUFFLE)
        chosen = [cards[-1] for _, cards in deal.draw_order]
        assert EXCUSE not in chosen and len(chosen) == 4
        lowest = min(range(4), key=lambda s: deal.draws[s][-1].draw_rank)
        assert deal.dealer == lowest
        redrawn += any(EXCUSE in cards for _, cards in deal.draw_order)
    assert redrawn >= 5  # the Excuse was drawn, and redrawn, in some of the draws


# -- D4–D5: shuffle and cut -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "shuffler"), [(4, 0, 2), (4, 3, 1), (3, 0, 1), (5, 1, 3)]
)
def test_D4_the_player_opposite_the_dealer_shuffles(
    players: int, dealer: int, shuffler: int
) -> None:
    deal = Deal(Variant.for_players(players), dealer=dealer)
    assert deal.shuffler == shuffler
    assert deal.can_shuffle(shuffler)
    other = (shuffler + 1) % players
    with pytest.raises(
        IllegalActionError, match=f"^D4: the pack must be shuffled by seat {shuffler}"
    ):
        deal.shuffle(other)


def test_D4_shuffle_is_mandatory_before_the_cut() -> None:
    deal = Deal(FOUR, dealer=0)
    with pytest.raises(
        IllegalActionError,
        match="^D5: cutting is not possible now: the pack must first be shuffled",
    ):
        deal.cut(10)


def test_D4_a_shuffle_is_a_permutation() -> None:
    deal = Deal(FOUR, dealer=0)
    with pytest.raises(IllegalActionError, match="^D4: a shuffle must be a permutation"):
        deal.shuffle(permutation=[0] * 78)
    op = deal.shuffle(permutation=list(reversed(range(78))))
    assert op.order[0] == EXCUSE and deal.pack[-1] == ALL_CARDS[0]


def test_D4_shuffler_setting() -> None:
    deal = Deal(Variant.for_players(5), Rules(shuffler_offset=3), dealer=0)
    assert deal.shuffler == 3


@pytest.mark.parametrize("k", [4, 5, 37, 73, 74])
def test_D5_cut_takes_and_leaves_more_than_three(k: int) -> None:
    deal = Deal(FOUR, dealer=0)
    deal.shuffle(permutation=list(range(78)))
    op = deal.cut(k)
    assert op == Cut(3, k)
    assert deal.pack == list(ALL_CARDS[k:]) + list(ALL_CARDS[:k])  # top k go under the rest


@pytest.mark.parametrize("k", [-1, 0, 1, 2, 3, 75, 76, 77, 78, 100])
def test_D5_cut_of_three_or_fewer_either_way_is_refused(k: int) -> None:
    deal = Deal(FOUR, dealer=0)
    deal.shuffle(permutation=list(range(78)))
    assert not deal.can_cut(k)
    with pytest.raises(
        IllegalActionError,
        match=rf"^D5: the cut must take and leave more than 3 cards .* got k={k}$",
    ):
        deal.cut(k)
    assert phase(deal) is Phase.CUT


def test_D5_only_the_left_neighbour_cuts() -> None:
    deal = Deal(FOUR, dealer=2)
    deal.shuffle(permutation=list(range(78)))
    assert deal.cutter == 1
    with pytest.raises(IllegalActionError, match="^D5: the pack must be cut by seat 1"):
        deal.cut(10, seat=3)


# -- D6–D9: packets and chien ----------------------------------------------------------------


def test_D6_first_packet_to_the_right_neighbour_dealer_last() -> None:
    deal = dealing(dealer=2)
    seats = [deal.deal_packet().seat for _ in range(4)]
    assert seats == [3, 0, 1, 2]


def test_D6_packet_to_the_wrong_seat_is_refused() -> None:
    deal = dealing(dealer=0)
    with pytest.raises(IllegalActionError, match="^D6: the next packet goes to seat 1"):
        deal.deal_packet(seat=3)
    assert not deal.can_deal_packet(seat=0) and deal.can_deal_packet(seat=1)


def test_D6_packets_come_from_the_top_of_the_pack() -> None:
    deal = dealing(dealer=0)
    with pytest.raises(IllegalActionError, match="^D6: a packet is dealt from the top"):
        deal.apply(PacketDealt(1, (ALL_CARDS[70], ALL_CARDS[71], ALL_CARDS[72])))
    packet = deal.deal_packet()
    assert isinstance(packet, PacketDealt) and packet.cards == tuple(ALL_CARDS[4:7])


@pytest.mark.parametrize(("players", "size"), [(3, 4), (4, 3), (5, 3)])
def test_D7_packet_size(players: int, size: int) -> None:
    deal = dealing(variant=Variant.for_players(players))
    packet = deal.deal_packet(count=size)
    assert isinstance(packet, PacketDealt) and len(packet.cards) == size
    with pytest.raises(
        IllegalActionError, match=f"^D7: .* dealt {size} by {size}, not 2 at a time"
    ):
        deal.deal_packet(count=2)


def test_D8_first_card_never_to_the_chien() -> None:
    deal = dealing()
    with pytest.raises(
        IllegalActionError, match="^D8: the first card of the pack may not go to the chien"
    ):
        deal.deal_chien_card()


def test_D8_last_card_never_to_the_chien() -> None:
    deal = dealing(rules=Rules(consecutive_chien_cards=True))
    for _ in range(FOUR.packet_count - 1):
        deal.deal_packet()
    for _ in range(6):
        deal.deal_chien_card()
    deal.deal_packet()
    assert phase(deal) is Phase.SHOW_CHIEN  # 78 cards out; the last was a packet card
    fresh = dealing(rules=Rules(consecutive_chien_cards=True))
    for _ in range(FOUR.packet_count - 1):
        fresh.deal_packet()
    with pytest.raises(IllegalActionError, match="^D8: the chien still needs 6 card"):
        fresh.deal_packet()  # would leave the chien to the last cards of the pack


def test_D8_chien_one_card_at_a_time_by_default() -> None:
    deal = dealing()
    deal.deal_packet()
    deal.deal_chien_card()
    with pytest.raises(IllegalActionError, match="^D8: the chien is built one card at a time"):
        deal.deal_chien_card()
    allowed = dealing(rules=Rules(consecutive_chien_cards=True))
    allowed.deal_packet()
    allowed.deal_chien_card()
    assert allowed.can_deal_chien_card()


def test_D8_packet_refused_when_too_few_gaps_remain_for_the_chien() -> None:
    deal = dealing()
    for _ in range(FOUR.packet_count - 6):
        deal.deal_packet()
    assert deal.chien_gaps_left == 5
    with pytest.raises(IllegalActionError, match="^D8: the chien still needs 6"):
        deal.deal_packet()
    deal.deal_chien_card()
    assert deal.can_deal_packet()


def test_D8_chien_never_holds_more_than_its_size() -> None:
    deal = dealing(rules=Rules(consecutive_chien_cards=True))
    deal.deal_packet()
    for _ in range(6):
        deal.deal_chien_card()
    with pytest.raises(IllegalActionError, match="^D8: the chien already holds its 6 cards"):
        deal.deal_chien_card()


def test_D8_chien_cards_come_from_the_top_of_the_pack() -> None:
    deal = dealing()
    deal.deal_packet()
    with pytest.raises(IllegalActionError, match="^D8: a chien card is dealt from the top"):
        deal.apply(ChienCardDealt(ALL_CARDS[0]))


def test_D8_number_of_legal_placements() -> None:
    assert count_chien_placements(FOUR) == 100947  # C(23, 6)
    assert count_chien_placements(Variant.for_players(3)) == 12376  # C(17, 6)
    assert count_chien_placements(Variant.for_players(5)) == 2024  # C(24, 3)
    assert (
        count_chien_placements(FOUR, Rules(consecutive_chien_cards=True)) == 376740
    )  # C(28, 6): multisets of 6 among 23 gaps


@pytest.mark.parametrize(("players", "hand", "chien"), [(3, 24, 6), (4, 18, 6), (5, 15, 3)])
def test_D9_hand_sizes(players: int, hand: int, chien: int) -> None:
    deal = Deal.automatic(Variant.for_players(players), rng=random.Random(players), dealer=0)
    assert [len(h) for h in deal.hands] == [hand] * players and len(deal.chien) == chien
    with pytest.raises(IllegalActionError, match="^D6: dealing a packet is not possible now"):
        deal.deal_packet()


# -- D10–D14: chien shown, faults ---------------------------------------------------------


def finished_dealing(dealer: int = 0) -> Deal:
    deal = Deal(FOUR, dealer=dealer)
    deal.run_automatically(random.Random(5), pause=Phase.SHOW_CHIEN)
    return deal


def test_D10_the_dealer_shows_the_chien() -> None:
    deal = finished_dealing()
    assert phase(deal) is Phase.SHOW_CHIEN
    with pytest.raises(IllegalActionError, match="^D11: picking up the cards is not possible now"):
        deal.pick_up()
    assert deal.show_chien().count == 6
    assert phase(deal) is Phase.PICK_UP


def test_D10_wrong_chien_count_is_a_fault_of_the_dealer() -> None:
    deal = finished_dealing(dealer=1)
    fault = deal.record_fault("chien_count")
    assert (fault.rule, fault.by, fault.voids, fault.barred) == ("D10", 1, True, (1,))
    assert phase(deal) is Phase.VOID and deal.next_dealer == 1
    with pytest.raises(IllegalActionError, match="^D10: a wrong chien count is the dealer's fault"):
        finished_dealing(dealer=1).record_fault("chien_count", by=2)
    with pytest.raises(
        IllegalActionError, match=r"^D10: this fault \(wrong chien count\) is only recorded"
    ):
        dealing(dealer=1).record_fault("chien_count")  # the chien is shown once all is dealt


def test_D11_no_pick_up_before_the_end_of_the_deal() -> None:
    deal = dealing()
    deal.deal_packet()
    with pytest.raises(IllegalActionError, match="^D11: picking up the cards is not possible now"):
        deal.pick_up()


def test_D11_early_pickup_is_recorded_and_the_deal_goes_on() -> None:
    deal = dealing()
    deal.deal_packet()
    fault = deal.record_fault("early_pickup", by=1)
    assert (fault.rule, fault.voids, fault.penalty, fault.barred) == ("D11", False, 0, ())
    assert phase(deal) is Phase.DEAL
    deal.run_automatically(random.Random(1))
    assert not any(hand.has_petit_sec() for hand in deal.hands)
    assert phase(deal) is Phase.COMPLETE and deal.void is None
    assert len(deal.faults) == 1


def test_D11_penalty_in_points_by_setting() -> None:
    deal = dealing(rules=Rules(early_pickup_penalty=10))
    deal.deal_packet()
    deal.deal_packet()
    assert deal.record_fault("early_pickup", by=2).penalty == 10
    with pytest.raises(IllegalActionError, match="^D11: name the player"):
        deal.record_fault("early_pickup")


def test_D11_early_pickup_only_while_dealing() -> None:
    deal = finished_dealing()
    with pytest.raises(
        IllegalActionError,
        match=r"^D11: this fault \(early pick-up\) is only recorded during the deal",
    ):
        deal.record_fault("early_pickup", by=1)


def test_D12_misdeal_voids_and_the_same_dealer_deals_again_without_bidding() -> None:
    deal = dealing(dealer=3)
    deal.deal_packet()
    fault = deal.record_fault("misdeal")
    assert (fault.rule, fault.by, fault.barred) == ("D12", 3, (3,))
    assert phase(deal) is Phase.VOID and deal.void == "misdeal"
    assert deal.operations[-1] == DealVoided("misdeal", next_dealer=3, barred=(3,))
    assert deal.next_dealer == 3 and deal.barred_next == frozenset({3})
    with pytest.raises(
        IllegalActionError, match="^D6: dealing a packet is not possible now: the deal is void"
    ):
        deal.deal_packet()


def test_D12_misdeal_is_the_dealers_fault_only() -> None:
    deal = dealing(dealer=3)
    with pytest.raises(IllegalActionError, match="^D12: a misdeal is the dealer's fault"):
        deal.record_fault("misdeal", by=1)
    with pytest.raises(IllegalActionError, match="^D12: 'revoke' is not a fault of the deal"):
        deal.record_fault("revoke")  # type: ignore[arg-type]


def test_D13_dealer_at_fault_hands_returned_unseen() -> None:
    deal = dealing(dealer=0)
    deal.deal_packet()
    assert deal.record_fault("misdeal").hands_returned_unseen
    exposed = dealing(dealer=0)
    exposed.deal_packet()
    fault = exposed.record_fault("card_exposed", by=0, card=c("T12"))
    assert fault.hands_returned_unseen and fault.barred == (0,) and exposed.next_dealer == 0


@pytest.mark.parametrize("card", ["KS", "QH", "NC", "JD", "T5", "T21", "T1"])
def test_D14_court_card_or_trump_turned_by_another_player_bars_him(card: str) -> None:
    deal = dealing(dealer=0)
    fault = deal.record_fault("card_exposed", by=2, card=c(card))
    assert fault.voids and fault.barred == (2,) and not fault.hands_returned_unseen
    assert deal.next_dealer == 0 and deal.barred_next == frozenset({2})


@pytest.mark.parametrize("by", [0, 2])
@pytest.mark.parametrize("card", ["1S", "7H", "10C"])
def test_D14_plain_card_below_the_valet_the_deal_goes_on(card: str, by: int) -> None:
    deal = dealing(dealer=0)
    fault = deal.record_fault("card_exposed", by=by, card=c(card))
    assert not fault.voids and fault.barred == () and phase(deal) is Phase.DEAL
    assert deal.barred_now == frozenset()
    deal.run_automatically(random.Random(3))
    assert not any(hand.has_petit_sec() for hand in deal.hands)
    assert phase(deal) is Phase.COMPLETE and deal.void is None


def test_D14_setting_bars_the_player_who_turned_a_plain_card() -> None:
    deal = dealing(dealer=0, rules=Rules(bar_plain_card_exposer=True))
    fault = deal.record_fault("card_exposed", by=1, card=c("3H"))
    assert not fault.voids and fault.barred == (1,) and deal.barred_now == frozenset({1})


def test_D14_excuse_treated_like_a_trump_by_default() -> None:
    deal = dealing(dealer=0)
    assert deal.record_fault("card_exposed", by=1, card=EXCUSE).voids
    plain = dealing(dealer=0, rules=Rules(excuse_exposed_as_trump=False))
    assert not plain.record_fault("card_exposed", by=1, card=EXCUSE).voids


def test_D11_D14_the_seat_at_fault_holds_what_it_touches() -> None:
    """Once the packets go round, a player turns up only a card he received (the
    dealer, who holds the pack, any card not given to another), and picks up only
    cards he has (D11, D14)."""
    deal = dealing(dealer=0)
    with pytest.raises(IllegalActionError, match="^D11: seat 1 has no cards to pick up yet"):
        deal.record_fault("early_pickup", by=1)
    deal.deal_packet()  # to seat 1
    theirs, held = deal.received[1][0], deal.pack[10]
    with pytest.raises(IllegalActionError, match=f"^D14: seat 2 has not received {theirs}"):
        deal.record_fault("card_exposed", by=2, card=theirs)
    with pytest.raises(IllegalActionError, match=f"^D14: seat 0 has not received {theirs}"):
        deal.record_fault("card_exposed", by=0, card=theirs)
    assert deal.can_record_fault("card_exposed", by=0, card=held)  # still in the pack
    assert deal.can_record_fault("card_exposed", by=1, card=theirs)


def test_D14_refusals() -> None:
    deal = dealing(dealer=0)
    with pytest.raises(IllegalActionError, match="^D14: name the card"):
        deal.record_fault("card_exposed", by=1)
    with pytest.raises(IllegalActionError, match=r"^D12: this fault \(misdeal\) concerns no card"):
        deal.record_fault("misdeal", card=c("KS"))
    with pytest.raises(IllegalActionError, match="^D14: the seat at fault 7 is not a seat"):
        deal.record_fault("card_exposed", by=7, card=c("KS"))


# -- D15–D18 ----------------------------------------------------------------------------------


def stopped_before_pick_up(
    variant: Variant, hands: list[list[Card]], chien: list[Card], dealer: int
) -> Deal:
    """The deal of ``hands`` and ``chien``, replayed up to the chien shown (D10): over,
    but the cards not yet picked up."""
    full = Deal.prearranged(variant, hands, chien, dealer=dealer)
    shown = next(i for i, op in enumerate(full.operations) if isinstance(op, ChienShown))
    deal = Deal.replay(variant, full.operations[: shown + 1])
    assert phase(deal) is Phase.PICK_UP
    return deal


def hands_with(
    variant: Variant, seat: int, first: list[Card]
) -> tuple[list[list[Card]], list[Card]]:
    """Hands in which ``seat`` holds ``first`` and suit cards, the other trumps and the
    Excuse spread over the other seats (the Petit, when not in ``first``, in the chien)."""
    size = variant.hand_size
    suits = [card for card in ALL_CARDS if card.is_suit_card]
    own = [*first, *suits[: size - len(first)]]
    rest = sorted((card for card in ALL_CARDS if card not in own), key=lambda c: c != PETIT)
    chien, rest = rest[: variant.chien_size], rest[variant.chien_size :]
    others = iter(rest[k * size : (k + 1) * size] for k in range(variant.players - 1))
    hands = [own if s == seat else next(others) for s in range(variant.players)]
    return hands, chien


SEATS = [(players, seat) for players in (3, 4, 5) for seat in range(players)]


@pytest.mark.parametrize(("players", "seat"), SEATS)
def test_D15_D16_the_petit_sec_shows_when_the_players_look_at_their_cards(
    players: int, seat: int
) -> None:
    variant = Variant.for_players(players)
    hands, chien = hands_with(variant, seat, [PETIT])
    deal = stopped_before_pick_up(variant, hands, chien, dealer=(seat + 2) % players)
    assert deal.hands[seat].has_petit_sec()
    # D11, D15: nobody has looked at his cards yet, so nobody knows of the Petit sec
    assert deal.petit_sec is None and not deal.can_announce_petit_sec(seat)
    assert not any(isinstance(op, CardsPickedUp) for op in deal.operations)
    with pytest.raises(IllegalActionError, match="^D16: announcing a Petit sec is not possible"):
        deal.announce_petit_sec(seat)
    assert deal.pick_up() == CardsPickedUp() and deal.operations[-1] == CardsPickedUp()
    assert phase(deal) is Phase.PETIT_SEC and deal.petit_sec == seat
    assert [deal.can_announce_petit_sec(s) for s in range(players)] == [
        s == seat for s in range(players)
    ]


@pytest.mark.parametrize(("players", "seat"), SEATS)
@pytest.mark.parametrize("company", [[EXCUSE], [TRUMP_21], []], ids=["EX", "T21", "chien"])
def test_D15_without_a_petit_sec_the_deal_is_complete_once_the_cards_are_seen(
    players: int, seat: int, company: list[Card]
) -> None:
    """The Petit with the Excuse, with another trump, or in the chien: no Petit sec."""
    variant = Variant.for_players(players)
    first = [PETIT, *company] if company else []
    hands, chien = hands_with(variant, seat, first)
    deal = stopped_before_pick_up(variant, hands, chien, dealer=(seat + 1) % players)
    assert (PETIT in deal.chien) == (not company)
    assert deal.petit_sec is None
    deal.pick_up()
    assert phase(deal) is Phase.COMPLETE and deal.petit_sec is None and deal.void is None
    assert not any(deal.can_announce_petit_sec(s) for s in range(players))


def _gives_chien_card(round_: int, position: int) -> bool:
    """Chien cards after each of the first five rounds, the sixth after the first
    packet of the last round (6 separate gaps, none first or last)."""
    return (round_ < 5 and position == 3) or (round_ == 5 and position == 0)


def rigged_petit_sec() -> Deal:
    """Dealer 0; seat 1 (first packet of each round) gets the Petit and 17 suit cards."""
    hand1 = [PETIT, *[card for card in ALL_CARDS if card.is_suit_card][:17]]
    rest = iter(card for card in ALL_CARDS if card not in hand1)
    target: list[Card] = []
    for round_ in range(6):
        for position in range(4):  # seats 1, 2, 3, 0
            if position == 0:
                target += hand1[3 * round_ : 3 * round_ + 3]
            else:
                target += [next(rest) for _ in range(3)]
            if _gives_chien_card(round_, position):
                target.append(next(rest))
    deal = Deal(FOUR, dealer=0)
    shuffled = target[-4:] + target[:-4]  # what a cut of 4 turns into ``target``
    deal.shuffle(permutation=[int(card) for card in shuffled])  # the pack starts in card order
    deal.cut(4)
    assert deal.pack == target
    return deal


def test_D16_petit_sec_must_be_announced_and_voids_the_deal() -> None:
    deal = rigged_petit_sec()
    for round_ in range(6):
        for position in range(4):
            deal.deal_packet()
            if _gives_chien_card(round_, position):
                deal.deal_chien_card()
    deal.show_chien()
    deal.pick_up()
    assert deal.received[1][0] == PETIT and deal.hands[1].has_petit_sec()
    assert phase(deal) is Phase.PETIT_SEC and deal.petit_sec == 1
    with pytest.raises(IllegalActionError, match="^D16: seat 2 does not hold the Petit sec"):
        deal.announce_petit_sec(2)
    assert not deal.can_announce_petit_sec(0)
    op = deal.announce_petit_sec(1)
    assert op.hand == deal.hands[1]
    assert deal.void == "petit_sec" and deal.next_dealer == 1  # the dealer's right neighbour
    assert deal.barred_next == frozenset()


def test_D16_automatic_deal_announces_the_petit_sec() -> None:
    voids = (s for s in range(3000) if Deal.automatic(FOUR, rng=random.Random(s), dealer=2).void)
    seed = next(voids, None)
    assert seed is not None, "a Petit sec happens about once in 542 deals"
    deal = Deal.automatic(FOUR, rng=random.Random(seed), dealer=2)
    assert deal.void == "petit_sec" and deal.next_dealer == 3
    assert CardSet(deal.received[deal.petit_sec or 0]).has_petit_sec()


def test_D17_the_deal_passes_to_the_right() -> None:
    for dealer in range(4):
        deal = Deal.automatic(FOUR, rng=random.Random(dealer), dealer=dealer)
        assert deal.next_dealer == (dealer + 1) % 4


def test_D18_right_neighbour_speaks_first_and_leads() -> None:
    deal = Deal.automatic(Variant.for_players(5), rng=random.Random(0), dealer=4)
    assert deal.first_bidder == 0 and deal.leader == 0


def test_D19_each_seat_sees_its_own_hand_in_players_order() -> None:
    deal = Deal.automatic(FOUR, rng=random.Random(11), dealer=0)
    for seat in range(4):
        sorted_hand = deal.hands[seat].sorted_for_hand()
        trumps = [card for card in sorted_hand if card.is_trump]
        assert len(trumps) >= 2  # so that their order means something
        assert sorted_hand[: len(trumps)] == trumps
        assert [card.rank for card in trumps] == sorted(
            (card.rank for card in trumps), reverse=True
        )


# -- the log -----------------------------------------------------------------------------------


def test_replay_of_a_hand_driven_deal_with_a_fault() -> None:
    deal = Deal(FOUR)
    for seat, card in enumerate(["KS", "EX", "9C", "T3"]):
        deal.draw(seat, c(card))
    deal.draw(1, c("2H"))
    deal.shuffle(rng=random.Random(1))
    deal.cut(20)
    deal.record_fault("card_exposed", by=3, card=c("4S"))
    deal.deal_packet()
    deal.run_automatically(random.Random(2))
    again = Deal.replay(FOUR, deal.operations)
    assert again == deal
    assert isinstance(deal.operations[0], CardDrawn)


def test_replay_refuses_an_operation_that_breaks_a_rule() -> None:
    deal = Deal.automatic(FOUR, rng=random.Random(4), dealer=1)
    ops = list(deal.operations)
    index = next(i for i, op in enumerate(ops) if isinstance(op, Cut))
    ops[index] = Cut(ops[index].seat, 2)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError, match="^D5"):
        Deal.replay(FOUR, ops)


def test_D11_D14_a_seat_picks_up_early_once_and_a_card_is_turned_up_once() -> None:
    deal = dealing(dealer=0)
    deal.deal_packet()
    deal.record_fault("early_pickup", by=1)
    with pytest.raises(IllegalActionError, match="^D11: seat 1's early pick-up is already"):
        deal.record_fault("early_pickup", by=1)
    card = next(c for c in deal.received[1] if c.is_suit_card and c.rank <= 10)
    deal.record_fault("card_exposed", by=1, card=card)
    with pytest.raises(IllegalActionError, match=f"^D14: {card} is already face up"):
        deal.record_fault("card_exposed", by=1, card=card)
