"""The batch dealer (``atout.sim``): the same procedure as ``atout deal``, the same
numbers from every engine and any number of threads, every statistic against its exact
value, the conditional sampler, the riffle table, and ``atout stats``."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import numba
import numpy as np
import pytest

from atout.cards import ALL_CARDS, CardSet
from atout.dealing import Deal
from atout.errors import AtoutError
from atout.sim import BLOCK, simulate
from atout.sim import exact as E
from atout.sim import kernel as K
from atout.sim.conditional import ConditionalSampler, determinize
from atout.sim.report import rows
from atout.table import Variant
from tests.cli_helpers import run


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_engine_gives_the_same_numbers(players: int) -> None:
    deals = BLOCK + 1000  # two blocks, the second partial
    numba_run = simulate(players, deals, seed=11, engine="numba")
    numpy_run = simulate(players, deals, seed=11, engine="numpy")
    assert (numba_run.stats == numpy_run.stats).all()
    assert numba_run.stats[K.S_DEALS] == deals
    python_run = simulate(players, 300, seed=11, engine="python")
    assert (python_run.stats == simulate(players, 300, seed=11, engine="numba").stats).all()


@pytest.mark.parametrize("shuffle", ["uniform", "riffle:2", "none"])
def test_same_numbers_whatever_the_number_of_threads(shuffle: str) -> None:
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = simulate(4, 3 * BLOCK, seed=5, shuffle=shuffle, chunk_blocks=1).stats
        numba.set_num_threads(max(2, before))
        two = simulate(4, 3 * BLOCK, seed=5, shuffle=shuffle, chunk_blocks=3).stats
    finally:
        numba.set_num_threads(before)
    assert (one == two).all()


def kernel_deal(players: int, index: int, seed: int = 3) -> tuple[np.ndarray, int, int, np.ndarray]:
    """The kernel's uniform deal ``index``: shuffled pack, cut, gap mask, layout."""
    v = Variant.for_players(players)
    patterns = K.gap_patterns(v.packet_count, v.chien_size)
    s = np.zeros(4, dtype=np.uint64)
    K.seed_stream(s, np.uint64(seed), np.uint64(index))
    deck = np.arange(78).astype(np.uint8)
    K.fisher_yates(deck, s)
    shuffled = deck.copy()
    cut = 4 + K.bounded(K.next_u64(s) & K.M32, 71, s)
    mask = int(patterns[K.bounded(K.next_u64(s) & K.M32, patterns.shape[0], s)])
    layout = np.zeros(78, dtype=np.uint8)
    K.lay_out(
        deck,
        cut,
        mask,
        players,
        v.packet_size,
        v.packet_count,
        v.hand_size,
        layout,
        np.zeros(8, dtype=np.uint8),
    )
    return shuffled, cut, mask, layout


@pytest.mark.parametrize("players", [3, 4, 5])
def test_batch_dealer_follows_the_procedure_of_atout_deal(players: int) -> None:
    """Each batch deal is the deal the step-by-step engine makes from the same shuffle,
    cut and chien placement (D4–D9), checked by every rule on the way."""
    v = Variant.for_players(players)
    for index in range(25):
        shuffled, cut, mask, layout = kernel_deal(players, index)
        deal = Deal(v, dealer=v.players - 1)  # hand 0 of the kernel: the dealer's right neighbour
        deal.shuffle(permutation=[int(c) for c in shuffled])
        deal.cut(cut)
        for packet in range(v.packet_count):
            deal.deal_packet()
            if packet < v.packet_count - 1 and (mask >> packet) & 1:
                deal.deal_chien_card()
        hands = [[int(c) for c in cards] for cards in deal.received]
        expected = [
            layout[s * v.hand_size : (s + 1) * v.hand_size].tolist() for s in range(players)
        ]
        assert hands == expected
        assert [int(c) for c in deal.chien_cards] == layout[players * v.hand_size :].tolist()


def test_chien_placements_are_the_legal_ones() -> None:
    patterns = K.gap_patterns(24, 6)
    assert patterns.size == 100947 and len(set(patterns.tolist())) == 100947
    assert all(bin(int(m)).count("1") == 6 and int(m) < 1 << 23 for m in patterns[::997])


def test_every_statistic_matches_its_exact_value_on_a_fixed_seed() -> None:
    result = simulate(4, 600_000, seed=2024)
    found = rows(result)
    assert sum(row.exact is not None for row in found) > 35
    assert [row.name for row in found if row.flagged] == []
    by_name = {row.name: row for row in found}
    assert by_name["Petit sec in some hand"].exact == pytest.approx(0.0018441, abs=1e-7)


@pytest.mark.parametrize("players", [3, 5])
def test_statistics_for_3_and_5_players(players: int) -> None:
    found = rows(simulate(players, 1_000_000, seed=1))
    assert sum(row.exact is not None for row in found) > 35
    assert [row.name for row in found if row.flagged] == []


def test_a_lazy_shuffle_is_detected() -> None:
    found = rows(simulate(4, 200_000, seed=1, shuffle="none"))
    assert sum(row.flagged for row in found) > 10


def test_exact_laws_sum_to_one() -> None:
    for players in (3, 4, 5):
        for law in (E.trumps_in_hand(players), E.longest_suit(players), E.kings_in_chien(players)):
            assert sum(law) == pytest.approx(1.0)
    assert E.card_in_chien(5) == pytest.approx(3 / 78)


def test_riffle_table_of_bayer_and_diaconis() -> None:
    table = {5: 0.924, 6: 0.614, 7: 0.334, 8: 0.167, 9: 0.085, 10: 0.043}
    for riffles, distance in table.items():
        assert round(E.total_variation_after_riffles(52, riffles), 3) == distance
    seventy_eight = [E.total_variation_after_riffles(78, k) for k in range(5, 13)]
    assert seventy_eight == sorted(seventy_eight, reverse=True)
    assert seventy_eight[-1] < 0.05 < seventy_eight[2]


def test_memory_stays_flat() -> None:
    def peak(deals: int) -> int:
        tracemalloc.start()
        simulate(4, deals, seed=1, engine="numpy")
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    simulate(4, 10, seed=1, engine="numpy")  # build the layout tables once
    assert peak(16 * BLOCK) < 1.5 * peak(2 * BLOCK) + 1_000_000


HAND = "T21 T20 T1 EX KS QS 2S 3S 4S KH 2H 3H 4H 5H 2D 3D 4D 5D"


def test_conditional_sampler_never_contradicts_the_hand() -> None:
    hand = CardSet.parse(HAND)
    sampler = ConditionalSampler(4, 2, hand)
    deals = sampler.sample(2000, seed=4)
    assert (deals.hands[:, 2] == sampler.hand_array).all()
    everything = np.concatenate([deals.hands.reshape(2000, -1), deals.chien], axis=1)
    assert (np.sort(everything, axis=1) == np.arange(78)).all()  # every card once
    known = CardSet.parse("QH QD QC NS NH ND")
    with_chien = ConditionalSampler(4, 0, hand, known).sample(500, seed=1)
    assert (with_chien.chien == np.array(sorted(known), dtype=np.uint8)).all()


def test_conditional_figures_match_their_exact_values() -> None:
    from atout.sim.report import conditional_rows, default_cards

    hand = CardSet.parse(HAND)
    sampler = ConditionalSampler(4, 0, hand)
    found = conditional_rows(
        sampler, sampler.sample(200_000, seed=9), [*default_cards(hand), ALL_CARDS[0]]
    )
    assert sum(row.exact is not None for row in found) > 50
    assert [row.name for row in found if row.flagged] == []
    names = [row.name for row in found]
    assert "KS passes the first round of Pique" in names and "1S in chien" in names


def test_conditional_sampler_refuses_what_cannot_be() -> None:
    with pytest.raises(AtoutError, match="17 cards given; a hand holds 18"):
        ConditionalSampler(4, 0, CardSet.parse(HAND).without_card(ALL_CARDS[76]))
    with pytest.raises(AtoutError, match="also in the hand"):
        ConditionalSampler(4, 0, CardSet.parse(HAND), CardSet.parse("KS 6S 7S 8S 9S 10S"))


def test_determinize_gives_a_consistent_deal() -> None:
    import random

    hand = CardSet.parse(HAND)
    hands = determinize(4, 1, hand, rng=random.Random(3))
    assert hands[1] == hand and sum(len(h) for h in hands) == 78
    union = CardSet()
    for part in hands:
        assert not union & part
        union = union | part


def test_stats_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(
        capsys, "stats", "--deals", "50_000", "--seed", "3", "--plot", str(tmp_path / "p.png")
    )
    assert (
        code == 0 and "50,000 deals" in out and "Petit sec in some hand" in out and "exact" in out
    )
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
    code, out, _ = run(capsys, "stats", "--deals", "20000", "--json", "--shuffle", "riffle:4")
    data = json.loads(out)
    assert data["format"] == "atout.stats/1" and data["total_variation"] == pytest.approx(
        E.total_variation_after_riffles(78, 4)
    )
    assert {"name", "simulated", "low", "high", "exact", "flagged"} <= set(data["rows"][0])
    code, out, _ = run(capsys, "stats", "--deals", "20000", "--hand", HAND, "--card", "KC")
    assert code == 0 and "Where is R♣" in out and "KC in chien" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--deals", "lots"], "--deals 'lots': give a whole number"),
        (["--deals", "0"], "--deals 0: give a number ≥ 1"),
        (["--shuffle", "riffle:0"], "expected uniform, none or riffle:K"),
        (["--engine", "gpu"], "--engine 'gpu'"),
        (["--hand", "KS QS"], "2 cards given; a hand holds 18"),
        (["--hand", "KS ZZ"], "'ZZ' is not a card"),
        (["--chien", "KS"], "--chien and --card go with --hand"),
        (["--players", "7"], "--players 7"),
    ],
)
def test_stats_bad_options(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, "stats", *args)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1
