"""A deal whose cards are not seen (docs/explanation/design.md, "The deal by hand"): the
shuffle by hand (D4), the cut at a depth given or not known (D5), the packets and chien
cards dealt unseen (D6–D8), each operation legal where the rules allow it and refused
with its rule where they do not, and the faults of such a deal (D10–D14)."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import partial

import pytest

from atout.cards import ALL_CARDS
from atout.dealing import (
    CardsPickedUp,
    ChienCardDealt,
    ChienCardDealtUnseen,
    ChienShown,
    Cut,
    CutUnknown,
    Deal,
    FaultRecorded,
    Operation,
    PacketDealt,
    PacketDealtUnseen,
    Phase,
    Shuffled,
    ShuffledUnseen,
)
from atout.errors import IllegalActionError
from atout.table import Rules, Variant

FOUR = Variant.for_players(4)


def by_hand(k: int | None = None, dealer: int = 0, variant: Variant = FOUR) -> Deal:
    """A deal shuffled by hand and cut (``k`` cards, or how deep not known)."""
    deal = Deal(variant, Rules(), dealer=dealer)
    deal.shuffle_unseen()
    if k is None:
        deal.cut_unknown()
    else:
        deal.cut(k)
    return deal


def phase(deal: Deal) -> Phase:
    """The phase, read afresh (mypy keeps an earlier narrowing of ``deal.phase``)."""
    return deal.phase


def refusal(act: Callable[[], object]) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as refused:
        act()
    return refused.value


def deal_out(deal: Deal) -> None:
    """The packets and chien cards, each chien card at the first place the rules allow."""
    while deal.phase is Phase.DEAL:
        if deal.can_deal_chien_card():
            deal.deal_chien_card()
        else:
            deal.deal_packet()


# -- each new operation, legal and refused --------------------------------------------


def test_D4_shuffle_by_hand_is_logged_without_an_order() -> None:
    deal = Deal(FOUR, dealer=1)
    assert deal.shuffle_unseen() == ShuffledUnseen(3)
    assert deal.phase is Phase.CUT and deal.unseen and deal.shuffled is None


def test_D4_shuffle_by_hand_refused_by_another_seat_and_twice() -> None:
    deal = Deal(FOUR, dealer=1)
    assert refusal(lambda: deal.shuffle_unseen(0)).rule == "D4"
    assert refusal(lambda: deal.apply(ShuffledUnseen(2))).reason.kind == "wrong_shuffler"
    deal.apply(ShuffledUnseen(3))
    again = refusal(lambda: deal.apply(ShuffledUnseen(3)))
    assert (again.rule, again.reason.kind) == ("D4", "not_possible_now")
    assert not Deal(FOUR).can_shuffle()  # D1: no dealer yet


def test_D5_cut_of_a_pack_shuffled_by_hand_at_a_depth_given() -> None:
    deal = by_hand(12)
    assert deal.operations[-1] == Cut(3, 12) and deal.cut_k == 12
    assert deal.phase is Phase.DEAL and deal.pack == sorted(deal.pack)  # the order unknown
    for k in (3, 75, 0):
        fresh = Deal(FOUR, dealer=0)
        fresh.shuffle_unseen()
        error = refusal(partial(fresh.cut, k))
        assert (error.rule, error.reason.kind) == ("D5", "cut_depth")


def test_D5_cut_at_a_depth_not_known_only_by_hand() -> None:
    deal = by_hand(None, dealer=2)
    assert deal.operations[-1] == CutUnknown(1) and deal.cut_k is None
    seen = Deal(FOUR, dealer=0)
    seen.shuffle(permutation=range(78))
    for act in (seen.cut_unknown, lambda: seen.apply(CutUnknown(3))):
        error = refusal(act)
        assert (error.rule, error.reason.kind) == ("D5", "cut_depth_needed")
    hand = Deal(FOUR, dealer=0)
    hand.shuffle_unseen()
    assert refusal(lambda: hand.cut_unknown(2)).reason.kind == "wrong_cutter"
    assert refusal(lambda: hand.apply(CutUnknown(0))).rule == "D5"
    assert not Deal(FOUR, dealer=0).can_cut(None)  # D4 first


def test_D6_D7_packets_dealt_unseen_counted_to_their_seat() -> None:
    deal = by_hand(30)
    assert deal.deal_packet() == PacketDealtUnseen(1, 3)
    deal.apply(PacketDealtUnseen(2, 3))
    assert [deal.cards_received(s) for s in range(4)] == [0, 3, 3, 0]
    assert deal.hands[1] == deal.hands[2] == deal.hands[0]  # no card known
    assert deal.packets_dealt == 2
    wrong_seat = refusal(lambda: deal.apply(PacketDealtUnseen(1, 3)))
    assert (wrong_seat.rule, wrong_seat.reason.kind) == ("D6", "wrong_packet_seat")
    wrong_size = refusal(lambda: deal.apply(PacketDealtUnseen(3, 2)))
    assert (wrong_size.rule, wrong_size.reason.kind) == ("D7", "packet_size")
    named = refusal(lambda: deal.apply(PacketDealt(3, tuple(ALL_CARDS[:3]))))
    assert (named.rule, named.reason.kind) == ("D6", "cards_unseen")


def test_D8_chien_cards_dealt_unseen_at_legal_places_only() -> None:
    deal = by_hand()
    first = refusal(deal.deal_chien_card)
    assert (first.rule, first.reason.kind) == ("D8", "chien_not_first")
    deal.deal_packet()
    assert deal.deal_chien_card() == ChienCardDealtUnseen()
    twice = refusal(lambda: deal.apply(ChienCardDealtUnseen()))
    assert (twice.rule, twice.reason.kind) == ("D8", "chien_one_at_a_time")
    deal.deal_packet()
    named = refusal(lambda: deal.apply(ChienCardDealt(deal.pack[0])))
    assert (named.rule, named.reason.kind) == ("D8", "cards_unseen")
    assert deal.chien_count() == 1 and not deal.chien


def test_D8_D9_the_chien_still_needs_its_cards_before_the_last_packets() -> None:
    deal = by_hand()
    for _ in range(deal.variant.packet_count - deal.variant.chien_size):
        deal.deal_packet()
    late = refusal(deal.deal_packet)
    assert (late.rule, late.reason.kind) == ("D8", "chien_needs_card")


def test_dealt_unseen_operations_refused_on_a_known_pack() -> None:
    deal = Deal(FOUR, dealer=0)
    deal.shuffle(permutation=range(78))
    deal.cut(4)
    packet = refusal(lambda: deal.apply(PacketDealtUnseen(1, 3)))
    assert (packet.rule, packet.reason.kind) == ("D6", "cards_seen")
    deal.deal_packet()
    chien = refusal(lambda: deal.apply(ChienCardDealtUnseen()))
    assert (chien.rule, chien.reason.kind) == ("D8", "cards_seen")


def test_D10_D15_dealt_out_unseen_shown_and_picked_up_nothing_known() -> None:
    deal = by_hand(40, dealer=3)
    deal_out(deal)
    assert deal.phase is Phase.SHOW_CHIEN
    assert deal.show_chien() == ChienShown(6)
    assert deal.pick_up() == CardsPickedUp()
    assert phase(deal) is Phase.COMPLETE and deal.petit_sec is None  # D16: unknown
    assert [deal.cards_received(s) for s in range(4)] == [18] * 4
    assert not any(deal.hands) and not deal.chien
    assert Deal.replay(FOUR, deal.operations) == deal


@pytest.mark.parametrize("players", [3, 5])
def test_D6_D9_every_variant_deals_out_unseen(players: int) -> None:
    variant = Variant.for_players(players)
    deal = by_hand(None, 0, variant)
    deal_out(deal)
    assert deal.chien_count() == variant.chien_size
    assert [deal.cards_received(s) for s in range(players)] == [variant.hand_size] * players


def test_replay_refuses_an_unseen_log_tampered_with() -> None:
    deal = by_hand(20)
    deal.deal_packet()
    ops: list[Operation] = list(deal.operations)
    ops[1] = Shuffled(2, tuple(ALL_CARDS))  # the cards were not seen
    error = refusal(lambda: Deal.replay(FOUR, ops))
    assert (error.rule, error.reason.kind) == ("D6", "cards_seen")


# -- faults of a deal by hand ----------------------------------------------------------


def test_D11_early_pickup_is_an_operation_of_the_unseen_deal() -> None:
    deal = Deal(FOUR, Rules(early_pickup_penalty=10), dealer=0)
    deal.shuffle_unseen()
    deal.cut_unknown()
    early = refusal(lambda: deal.record_fault("early_pickup", 2))
    assert (early.rule, early.reason.kind) == ("D11", "no_cards_yet")
    deal.deal_packet()
    deal.deal_packet()
    fault = deal.record_fault("early_pickup", 2)
    assert deal.operations[-1] == fault and fault.penalty == 10 and not fault.voids
    assert deal.faults == [fault] and deal.phase is Phase.DEAL
    again = refusal(lambda: deal.record_fault("early_pickup", 2))
    assert (again.rule, again.reason.kind) == ("D11", "pickup_recorded")
    assert Deal.replay(FOUR, deal.operations, Rules(early_pickup_penalty=10)) == deal


def test_faults_are_read_from_the_log_only() -> None:
    deal = by_hand()
    deal.deal_packet()
    deal.faults.append(deal.fault_consequences("early_pickup", 1, None))
    assert deal.faults == [] and deal.can_record_fault("early_pickup", 1)


def test_D14_card_exposed_on_an_unseen_deal_by_a_seat_that_may_hold_it() -> None:
    deal = by_hand(10)
    deal.deal_packet()  # seat 1
    assert deal.can_record_fault("card_exposed", 1, 3)  # any card: unseen
    assert deal.can_record_fault("card_exposed", 0, 5)  # the dealer holds the pack
    error = refusal(lambda: deal.record_fault("card_exposed", 2, 3))
    assert (error.rule, error.reason.kind) == ("D14", "not_received")


def test_D10_wrong_chien_count_on_an_unseen_deal_voids_it() -> None:
    deal = by_hand()
    deal_out(deal)
    fault = deal.record_fault("chien_count")
    assert isinstance(fault, FaultRecorded) and deal.phase is Phase.VOID
    assert deal.next_dealer == 0 and deal.barred_next == {0}


def test_a_copy_of_an_unseen_deal_is_independent() -> None:
    deal = by_hand()
    deal.deal_packet()
    twin = copy.deepcopy(deal)
    twin.deal_packet()
    assert deal.cards_received(2) == 0 and twin.cards_received(2) == 3


def test_a_dealt_deal_keeps_its_log() -> None:
    deal = Deal.automatic(FOUR, rng=random.Random(3), dealer=0)
    kinds = {type(op) for op in deal.operations}
    assert not deal.unseen and kinds.isdisjoint({ShuffledUnseen, CutUnknown, PacketDealtUnseen})
    assert {Shuffled, Cut, PacketDealt, ChienCardDealt} <= kinds
