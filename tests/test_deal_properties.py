"""Properties of every automatic deal, over random seeds and player counts."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from atout.cards import DECK, Card, CardSet
from atout.dealing import ChienCardDealt, Cut, Deal, PacketDealt, Phase
from atout.errors import InvalidRecordError
from atout.record import deal_record, dumps_deal, loads_deal
from atout.table import Rules, Variant

seeds = st.integers(0, 2**32 - 1)
players = st.sampled_from([3, 4, 5])
dealers = st.one_of(st.none(), st.integers(0, 4))
rule_sets = st.builds(Rules, consecutive_chien_cards=st.booleans())


def automatic(seed: int, n: int, dealer: int | None, rules: Rules) -> Deal:
    return Deal.automatic(
        Variant.for_players(n), rules, random.Random(seed), None if dealer is None else dealer % n
    )


def _cards_of(op: PacketDealt | ChienCardDealt) -> tuple[Card, ...]:
    return op.cards if isinstance(op, PacketDealt) else (op.card,)


def dealing_steps(deal: Deal) -> list[PacketDealt | ChienCardDealt]:
    return [op for op in deal.operations if isinstance(op, PacketDealt | ChienCardDealt)]


@settings(max_examples=150, deadline=None)
@given(seeds, players, dealers, rule_sets)
@example(seed=0, n=4, dealer=None, rules=Rules())
@example(seed=0, n=4, dealer=None, rules=Rules(consecutive_chien_cards=True))
def test_D5_to_D9_hold_and_the_78_cards_are_conserved(
    seed: int, n: int, dealer: int | None, rules: Rules
) -> None:
    deal = automatic(seed, n, dealer, rules)
    variant = deal.variant
    assert deal.is_over
    # D5: the cut takes and leaves more than 3 cards, and moves the top k cards under
    cut = next(op for op in deal.operations if isinstance(op, Cut))
    assert 4 <= cut.k <= 74 and cut.seat == variant.left_of(deal.dealer or 0)
    assert deal.shuffled is not None
    assert deal.pack == list(deal.shuffled[cut.k :] + deal.shuffled[: cut.k])
    steps = dealing_steps(deal)
    # the steps, in order, are exactly the pack: every card dealt from the top
    dealt = [card for op in steps for card in _cards_of(op)]
    assert dealt == deal.pack
    packets = [op for op in steps if isinstance(op, PacketDealt)]
    # D6: counter-clockwise from the dealer's right neighbour, the dealer last in each round
    assert [op.seat for op in packets] == [
        ((deal.dealer or 0) + 1 + i) % n for i in range(len(packets))
    ]
    assert packets[-1].seat == deal.dealer
    # D7: packet size
    assert {len(op.cards) for op in packets} == {variant.packet_size}
    # D8: never first, never last, one at a time unless the setting allows it
    assert isinstance(steps[0], PacketDealt) and isinstance(steps[-1], PacketDealt)
    chien_positions = [i for i, op in enumerate(steps) if isinstance(op, ChienCardDealt)]
    assert len(chien_positions) == variant.chien_size
    if not rules.consecutive_chien_cards:
        assert all(b - a > 1 for a, b in pairwise(chien_positions))
    # D9: hand sizes; 78 cards each exactly once
    hands = deal.hands
    assert [len(h) for h in hands] == [variant.hand_size] * n
    assert len(deal.chien) == variant.chien_size
    union = CardSet()
    for part in [*hands, deal.chien]:
        assert not union & part
        union = union | part
    assert union == DECK
    # D16: the deal is void exactly when a hand holds the Petit sec
    holders = [s for s, h in enumerate(hands) if h.has_petit_sec()]
    assert (deal.void == "petit_sec") == bool(holders)
    assert deal.phase is (Phase.VOID if holders else Phase.COMPLETE)


@settings(max_examples=60, deadline=None)
@given(seeds, players, dealers, rule_sets)
def test_replay_of_the_log_equals_the_state(
    seed: int, n: int, dealer: int | None, rules: Rules
) -> None:
    deal = automatic(seed, n, dealer, rules)
    assert Deal.replay(deal.variant, deal.operations, rules=rules) == deal


def _swap_two_hands(deal: Deal) -> None:
    first, second = deal.received[0], deal.received[1]
    first[0], second[0] = second[0], first[0]


def _replace_a_chien_card(deal: Deal) -> None:
    deal.chien_cards[0] = deal.received[2][-1]


def _move_the_dealer(deal: Deal) -> None:
    deal.dealer = ((deal.dealer or 0) + 1) % deal.variant.players


def _cut_elsewhere(deal: Deal) -> None:
    deal.cut_k = 4 if deal.cut_k != 4 else 5


def _shuffle_otherwise(deal: Deal) -> None:
    assert deal.shuffled is not None
    deal.shuffled = tuple(reversed(deal.shuffled))


def _other_phase(deal: Deal) -> None:
    deal.phase = Phase.COMPLETE if deal.phase is Phase.VOID else Phase.VOID


def _other_petit_sec(deal: Deal) -> None:
    deal.petit_sec = 1 if deal.petit_sec is None else None


def _reverse_the_pack(deal: Deal) -> None:
    deal.pack.reverse()


CORRUPTIONS = {
    "a hand": _swap_two_hands,
    "the chien": _replace_a_chien_card,
    "the dealer": _move_the_dealer,
    "the cut": _cut_elsewhere,
    "the shuffle": _shuffle_otherwise,
    "the phase": _other_phase,
    "the Petit sec": _other_petit_sec,
    "the pack": _reverse_the_pack,
}


@pytest.mark.parametrize("corruption", CORRUPTIONS)
@pytest.mark.parametrize("n", [3, 4, 5])
def test_replay_equality_sees_a_corrupted_field(n: int, corruption: str) -> None:
    deal = automatic(n, n, None, Rules())
    again = Deal.replay(deal.variant, deal.operations)
    assert again == deal
    CORRUPTIONS[corruption](again)
    assert again != deal and deal != again


@settings(max_examples=60, deadline=None)
@given(seeds, players, dealers)
def test_deal_record_round_trips(seed: int, n: int, dealer: int | None) -> None:
    deal = automatic(seed, n, dealer, Rules())
    text = dumps_deal(deal, seed)
    again, read_seed = loads_deal(text)
    assert again == deal and read_seed == seed
    assert dumps_deal(again, read_seed) == text


def test_the_same_seed_gives_the_same_deal() -> None:
    one = Deal.automatic(Variant.for_players(4), rng=random.Random(99))
    two = Deal.automatic(Variant.for_players(4), rng=random.Random(99))
    assert one == two and one.operations == two.operations


def test_record_fields_follow_formats_md() -> None:
    deal = Deal.automatic(Variant.for_players(4), rng=random.Random(7))
    record = deal_record(deal, 7)
    assert list(record) == [
        "format", "players", "seed", "draw", "dealer", "shuffler", "cutter", "shuffled", "cut",
        "pack", "sequence", "hands", "chien", "petit_sec", "first_bidder", "leader", "next_dealer",
    ]  # fmt: skip
    assert record["format"] == "atout.deal/1" and record["players"] == 4
    assert (
        record["pack"] == record["shuffled"][record["cut"] :] + record["shuffled"][: record["cut"]]
    )
    assert [card for step in record["sequence"] for card in step["cards"]] == record["pack"]
    assert (
        record["first_bidder"]
        == record["leader"]
        == record["next_dealer"]
        == (record["dealer"] + 1) % 4
    )


def broken(**changes: object) -> str:
    record = deal_record(Deal.automatic(Variant.for_players(4), rng=random.Random(7), dealer=0), 7)
    record.update(changes)
    return json.dumps(record)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "atout.deal/2"}, "format: expected 'atout.deal/1'"),
        ({"players": 6}, "3, 4 or 5 players"),
        ({"cut": 2}, "D5"),
        ({"shuffler": 1}, "D4"),
        ({"leader": 3}, "leader: the deal gives 1, the record says 3 .D18."),
        ({"next_dealer": 0}, "D17"),
        ({"hands": [[], [], [], []]}, "hands: does not match"),
        ({"sequence": [{"to": "chien", "cards": ["KS"]}]}, "D8"),
        ({"sequence": [{"to": 2, "cards": ["KS", "QS", "JS"]}]}, "D6"),
        ({"shuffled": ["KS"] * 78}, "shuffled: the pack holds the 78 cards"),
        ({"dealer": "x"}, "dealer: expected an integer"),
        ({"chien": ["ZZ"]}, "chien\\[0\\]: 'ZZ' is not a card"),
    ],
)
def test_bad_deal_records_are_refused_with_the_rule(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRecordError, match=message):
        loads_deal(broken(**changes))


def test_not_json() -> None:
    with pytest.raises(InvalidRecordError, match="not JSON"):
        loads_deal("{")
    with pytest.raises(InvalidRecordError, match="a record is a JSON object"):
        loads_deal("[1]")
