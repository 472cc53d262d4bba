"""A deal dealt whole (``Deal.automatic``, ``Deal.deal_whole``) is the step-by-step
procedure (D4–D16): the same choices give the same state, the same log and an equal
deal, and a plan that breaks D4, D5 or D8 is refused."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest

from atout import dealing
from atout.cards import ALL_CARDS, PETIT, Card
from atout.dealing import Deal, DealerChosen, PetitSecAnnounced, Phase, choose_chien_gaps
from atout.errors import IllegalActionError
from atout.table import Rules, Variant

VARIANTS = [Variant.for_players(n) for n in (3, 4, 5)]
RULE_SETS = [Rules(), Rules(consecutive_chien_cards=True)]
# seeds whose automatic deal (dealer = seed % players) holds a Petit sec (D16)
PETIT_SEC_SEEDS = {(3, False): 6644, (3, True): 1536, (4, False): 1272, (4, True): 157}
PETIT_SEC_SEEDS |= {(5, False): 98, (5, True): 239}

PUBLIC = (
    "phase", "dealer", "barred", "pack", "shuffled", "cut_k", "received", "chien_cards",
    "hands", "chien", "faults", "petit_sec", "void", "draws", "draw_order", "is_over",
    "barred_now", "barred_next", "next_dealer", "first_bidder", "leader",
    "next_packet_seat", "chien_gaps_left",
)  # fmt: skip


def step_by_step(
    variant: Variant, rules: Rules, rng: random.Random, dealer: int | None, barred: frozenset[int]
) -> Deal:
    """The deal driven one physical step at a time, with the choices the automatic
    dealer draws from ``rng``, in the same order."""
    deal = Deal(variant, rules, dealer, barred)
    while deal.phase is Phase.DRAW:
        deal.draw(deal.seats_to_draw()[0], rng=rng)
    deal.shuffle(rng=rng)
    deal.cut(rng.randint(4, 74))
    gaps = choose_chien_gaps(variant, rules, rng)
    for packet in range(variant.packet_count):
        deal.deal_packet()
        for _ in range(gaps.count(packet + 1)):
            deal.deal_chien_card()
    deal.show_chien()
    deal.pick_up()
    if deal.petit_sec is not None:
        deal.announce_petit_sec(deal.petit_sec)
    return deal


def assert_same(whole: Deal, steps: Deal) -> None:
    """Every public attribute (read before the log), then the log, then equality."""
    for name in PUBLIC:
        assert getattr(whole, name) == getattr(steps, name), name
    assert whole.operations == steps.operations
    assert [type(op) for op in whole.operations] == [type(op) for op in steps.operations]
    assert whole == steps
    assert Deal.replay(whole.variant, whole.operations, whole.rules, whole.barred) == whole


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v.players}p")
@pytest.mark.parametrize("rules", RULE_SETS, ids=["one-at-a-time", "consecutive"])
@pytest.mark.parametrize("seed", range(12))
def test_D4_to_D16_automatic_deal_is_the_step_by_step_deal(
    variant: Variant, rules: Rules, seed: int
) -> None:
    n = variant.players
    dealer = None if seed % 4 == 3 else seed % n
    barred = frozenset({seed % n, (seed + 2) % n}) if seed % 3 == 0 else frozenset()
    whole = Deal.automatic(variant, rules, random.Random(seed), dealer, barred)
    steps = step_by_step(variant, rules, random.Random(seed), dealer, barred)
    assert whole.phase is Phase.COMPLETE
    assert_same(whole, steps)


@pytest.mark.parametrize(("players", "consecutive"), sorted(PETIT_SEC_SEEDS))
def test_D16_petit_sec_in_a_whole_deal_is_announced_as_step_by_step(
    players: int, consecutive: bool
) -> None:
    seed = PETIT_SEC_SEEDS[players, consecutive]
    variant, rules = Variant.for_players(players), Rules(consecutive_chien_cards=consecutive)
    dealer, barred = seed % players, frozenset({(seed + 1) % players})
    whole = Deal.automatic(variant, rules, random.Random(seed), dealer, barred)
    steps = step_by_step(variant, rules, random.Random(seed), dealer, barred)
    assert whole.void == "petit_sec" and whole.phase is Phase.VOID
    assert whole.next_dealer == variant.right_of(dealer) and whole.barred_next == frozenset()
    assert_same(whole, steps)
    shown = whole.operations[-2]
    assert isinstance(shown, PetitSecAnnounced) and shown.hand.has_petit_sec()


def petit_sec_hands(variant: Variant, seat: int) -> tuple[list[list[Card]], list[Card]]:
    """Hands in which ``seat`` holds the Petit and suit cards only, and a chien."""
    size = variant.hand_size
    plain = [c for c in ALL_CARDS if c.is_suit_card][: size - 1]
    rest = [c for c in ALL_CARDS if c != PETIT and c not in plain]
    hands = [rest[i * size : (i + 1) * size] for i in range(variant.players - 1)]
    hands.insert(seat, [PETIT, *plain])
    return hands, rest[(variant.players - 1) * size :]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: f"{v.players}p")
@pytest.mark.parametrize("rules", RULE_SETS, ids=["one-at-a-time", "consecutive"])
@pytest.mark.parametrize("seat", [0, 2])
def test_D16_a_petit_sec_dealt_whole_is_found_and_announced(
    variant: Variant, rules: Rules, seat: int
) -> None:
    hands, chien = petit_sec_hands(variant, seat)
    steps = Deal.prearranged(variant, hands, chien, dealer=1, rules=rules, cut=41)
    assert steps.petit_sec == seat and steps.void == "petit_sec"
    assert steps.shuffled is not None and steps.cut_k == 41
    whole = Deal(variant, rules, dealer=1)
    gaps = range(1, variant.chien_size + 1)  # prearranged: one after each first packet
    whole.deal_whole([int(c) for c in steps.shuffled], 41, list(gaps))
    assert_same(whole, steps)


# -- the plan is checked ----------------------------------------------------------------

IDENTITY = list(range(78))


@pytest.mark.parametrize(
    ("permutation", "k", "gaps", "rule", "words"),
    [
        (IDENTITY, 3, [1, 3, 5, 7, 9, 11], "D5", "more than 3 cards"),
        (IDENTITY, 75, [1, 3, 5, 7, 9, 11], "D5", "more than 3 cards"),
        (IDENTITY, True, [1, 3, 5, 7, 9, 11], "D5", "whole number of cards"),
        (IDENTITY, 30, [0, 3, 5, 7, 9, 11], "D8", "first card"),
        (IDENTITY, 30, [1, 3, 5, 7, 9, 24], "D8", "last card"),
        (IDENTITY, 30, [1, 3, 3, 7, 9, 11], "D8", "one card at a time"),
        (IDENTITY, 30, [1, 3, 9, 7, 11, 13], "D8", "order of the deal"),
        (IDENTITY, 30, [1, 3, 5, 7, 9], "D8", "takes 6 cards"),
        (IDENTITY, 30, [1, 3, 5, 7, 9, 11, 13], "D8", "takes 6 cards"),
        (IDENTITY, 30, [1, 3, 5, 7, 9, 11.0], "D8", "number of packets"),
        ([1, 1, *range(2, 78)], 30, [1, 3, 5, 7, 9, 11], "D4", "permutation"),
        (IDENTITY[:77], 30, [1, 3, 5, 7, 9, 11], "D4", "permutation"),
    ],
)
def test_D4_D5_D8_a_broken_plan_is_refused_and_changes_nothing(
    permutation: list[int], k: int, gaps: Sequence[int], rule: str, words: str
) -> None:
    deal = Deal(Variant.for_players(4), dealer=2)
    before = copy.deepcopy(deal)
    assert not deal.can_deal_whole(permutation, k, gaps)
    with pytest.raises(IllegalActionError, match=words) as caught:
        deal.deal_whole(permutation, k, gaps)
    assert caught.value.rule == rule
    assert deal == before and deal.phase is Phase.SHUFFLE
    assert deal.operations == [DealerChosen(2, by_draw=False)]


def test_D8_consecutive_chien_cards_are_a_setting_of_the_whole_plan() -> None:
    four = Variant.for_players(4)
    gaps = [1, 1, 5, 23, 23, 23]
    assert not Deal(four, dealer=0).can_deal_whole(IDENTITY, 30, gaps)
    allowed = Deal(four, Rules(consecutive_chien_cards=True), dealer=0)
    allowed.deal_whole(IDENTITY, 30, gaps)
    steps = Deal(four, Rules(consecutive_chien_cards=True), dealer=0)
    steps.shuffle(permutation=IDENTITY)
    steps.cut(30)
    for packet in range(24):
        steps.deal_packet()
        for _ in range(gaps.count(packet + 1)):
            steps.deal_chien_card()
    steps.show_chien()
    steps.pick_up()
    assert_same(allowed, steps)


def test_D4_a_whole_deal_is_only_dealt_from_the_start() -> None:
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(3), dealer=0)
    with pytest.raises(IllegalActionError, match="D4"):
        deal.deal_whole(IDENTITY, 30, [1, 3, 5, 7, 9, 11])
    drawing = Deal(Variant.for_players(4))
    assert not drawing.can_deal_whole(IDENTITY, 30, [1, 3, 5, 7, 9, 11])


class CutTooThin(random.Random):
    """A source whose cuts leave 3 cards: the engine must refuse them (D5)."""

    def randint(self, a: int, b: int) -> int:
        return 3


def test_D5_the_automatic_deal_checks_its_own_cut() -> None:
    with pytest.raises(IllegalActionError) as caught:
        Deal.automatic(Variant.for_players(4), rng=CutTooThin(1), dealer=0)
    assert caught.value.rule == "D5"


@pytest.mark.parametrize("gaps", [[0, 2, 4, 6, 8, 10], [2, 4, 6, 8, 10, 24], [2, 2, 6, 8, 10, 12]])
def test_D8_the_automatic_deal_checks_its_own_chien_placement(
    gaps: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dealing, "choose_chien_gaps", lambda *_: gaps)
    deal = Deal(Variant.for_players(4), dealer=0)
    with pytest.raises(IllegalActionError) as caught:
        deal.run_automatically(random.Random(1))
    assert caught.value.rule == "D8" and deal.phase is Phase.SHUFFLE


# -- the lazy log and copies ------------------------------------------------------------------


def test_the_log_of_a_whole_deal_is_complete_whenever_it_is_read() -> None:
    four = Variant.for_players(4)
    one = Deal.automatic(four, rng=random.Random(11), dealer=3)
    two = Deal.automatic(four, rng=random.Random(11), dealer=3)
    assert one == two  # compares the logs, written out on the way
    log = one.operations
    assert log is one.operations and len(log) == 1 + 2 + 24 + 6 + 2
    assert two.operations == log


def test_a_deep_copy_of_a_deal_is_equal_and_independent() -> None:
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(5), dealer=1)
    twin = copy.deepcopy(deal)
    assert twin == deal and twin.operations == deal.operations
    twin.received[0].pop()
    twin.operations.pop()
    assert len(deal.received[0]) == 18 and twin != deal
    assert Deal.replay(deal.variant, deal.operations) == deal
    paused = Deal(Variant.for_players(5), dealer=0)
    paused.run_automatically(random.Random(2), pause_after_packets=7)
    resumed = copy.deepcopy(paused)
    resumed.run_automatically(random.Random(4))
    paused.run_automatically(random.Random(4))
    assert resumed == paused and resumed.is_over


@pytest.mark.parametrize("bar", [False, True])
def test_D14_a_plain_card_turned_up_before_the_shuffle_stays_in_a_whole_deal(bar: bool) -> None:
    variant, rules = Variant.for_players(4), Rules(bar_plain_card_exposer=bar)
    five_of_hearts = Card.parse("5H")
    deals = [Deal(variant, rules, dealer=3), Deal(variant, rules, dealer=3)]
    for deal in deals:
        deal.record_fault("card_exposed", by=1, card=five_of_hearts)
    deals[0].run_automatically(random.Random(8))
    rng = random.Random(8)
    deals[1].shuffle(rng=rng)
    deals[1].cut(rng.randint(4, 74))
    gaps = choose_chien_gaps(variant, rules, rng)
    for packet in range(variant.packet_count):
        deals[1].deal_packet()
        for _ in range(gaps.count(packet + 1)):
            deals[1].deal_chien_card()
    deals[1].show_chien()
    deals[1].pick_up()
    assert deals[0].barred_now == (frozenset({1}) if bar else frozenset())
    assert_same(*deals)
