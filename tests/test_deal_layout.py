"""The layout of the deal (D6–D8) is written once, in :class:`atout.table.Variant`
(``packet_hands``, ``chien_places``, ``deal_steps``, ``layout``). Its test vectors,
``tests/vectors/deal_layout.json``, are generated from it (``uv run python -m
tests.test_deal_layout`` writes them again) and read here by the fast copies
(``atout.sim.kernel.lay_out``, ``atout.sim.vector._layouts``) and by
``tests/test_fairness_js.py`` for ``web/static/fairness.js``."""

from __future__ import annotations

import json
import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from atout.dealing import Deal, choose_chien_gaps
from atout.sim import kernel as K
from atout.sim import vector as V
from atout.table import CHIEN, Rules, Variant

VECTORS = Path(__file__).resolve().parent / "vectors" / "deal_layout.json"


def placements(variant: Variant, rules: Rules) -> list[list[int]]:
    """The first and the last legal placements, and a few uniform ones."""
    packets, chien = variant.packet_count, variant.chien_size
    if rules.consecutive_chien_cards:
        chosen = [[1] * chien, [packets - 1] * chien]
    else:
        chosen = [list(range(1, chien + 1)), list(range(packets - chien, packets))]
    rng = random.Random(variant.players * 2 + rules.consecutive_chien_cards)
    return chosen + [choose_chien_gaps(variant, rules, rng) for _ in range(6)]


def generate() -> list[dict[str, Any]]:
    """Every vector, from the one Python definition."""
    vectors = []
    for players in (3, 4, 5):
        variant = Variant.for_players(players)
        for consecutive in (False, True):
            for gaps in placements(variant, Rules(consecutive_chien_cards=consecutive)):
                steps = variant.deal_steps(gaps)
                vectors.append(
                    {
                        "players": players,
                        "consecutive_chien_cards": consecutive,
                        "gaps": gaps,
                        "steps": ["chien" if s == CHIEN else s for s in steps],
                        "layout": ["chien" if p == CHIEN else p for p in variant.layout(gaps)],
                    }
                )
    return vectors


def text() -> str:
    return (
        json.dumps({"deal_layout": generate()}, separators=(",", ":")).replace(
            '},{"players"', '},\n{"players"'
        )
        + "\n"
    )


@cache
def vectors() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))["deal_layout"]
    return data


def expected_hands(vector: dict[str, Any], pack: list[int]) -> tuple[list[list[int]], list[int]]:
    """The hands (the dealer's right neighbour first) and the chien the vector gives a
    cut ``pack``."""
    hands: list[list[int]] = [[] for _ in range(vector["players"])]
    chien = []
    for card, place in zip(pack, vector["layout"], strict=True):
        if place == "chien":
            chien.append(card)
        else:
            hands[place].append(card)
    return hands, chien


def test_D6_D8_the_vectors_are_those_of_the_one_definition() -> None:
    assert VECTORS.read_text(encoding="utf-8") == text()
    assert len(vectors()) == 48


def test_D6_D8_the_layout_agrees_with_the_steps_and_the_rules() -> None:
    """Each step of the vectors gives a packet to the next hand round the table or a
    chien card after a packet, never first or last; the hands and the chien are full."""
    for vector in vectors():
        variant = Variant.for_players(vector["players"])
        steps = vector["steps"]
        packets = [s for s in steps if s != "chien"]
        assert packets == [p % variant.players for p in range(variant.packet_count)]
        assert steps[0] != "chien" and steps[-1] != "chien"
        if not vector["consecutive_chien_cards"]:
            assert "chien,chien" not in ",".join(map(str, steps))
        hands, chien = expected_hands(vector, list(range(78)))
        assert [len(h) for h in hands] == [variant.hand_size] * variant.players
        assert len(chien) == variant.chien_size


@pytest.mark.parametrize("players", [3, 4, 5])
def test_D6_D8_a_deal_dealt_whole_and_step_by_step_follow_the_vectors(players: int) -> None:
    for vector in vectors():
        if vector["players"] != players:
            continue
        rules = Rules(consecutive_chien_cards=vector["consecutive_chien_cards"])
        for dealer, cut in ((0, 4), (players - 1, 40)):
            deal = Deal(Variant.for_players(players), rules, dealer=dealer)
            deal.deal_whole(range(78), cut, vector["gaps"])
            pack = list(range(cut, 78)) + list(range(cut))
            hands, chien = expected_hands(vector, pack)
            for hand, cards in enumerate(hands):
                assert [int(c) for c in deal.received[(dealer + 1 + hand) % players]] == cards
            assert [int(c) for c in deal.chien_cards] == chien
            replayed = Deal.replay(deal.variant, deal.operations, rules=rules)
            assert replayed == deal


def test_D6_D8_the_kernels_lay_out_follows_the_vectors() -> None:
    """``kernel.lay_out`` (compiled, and as plain Python) deals as the vectors say."""
    rng = np.random.default_rng(8)
    for vector in vectors():
        if vector["consecutive_chien_cards"]:
            continue  # the kernel deals the default D8 setting only
        variant = Variant.for_players(vector["players"])
        mask = sum(1 << (gap - 1) for gap in vector["gaps"])
        for run in (K.lay_out, getattr(K.lay_out, "py_func", K.lay_out)):
            pack = rng.permutation(78).astype(np.uint8)
            cut = int(rng.integers(4, 75))
            out = np.zeros(78, dtype=np.uint8)
            tmp = np.zeros(8, dtype=np.uint8)
            run(pack, cut, mask, variant.players, variant.packet_size, variant.packet_count,
                variant.hand_size, out, tmp)  # fmt: skip
            cut_pack = [int(c) for c in np.roll(pack, -cut)]
            hands, chien = expected_hands(vector, cut_pack)
            assert [int(c) for c in out] == [c for hand in hands for c in hand] + chien


def test_D6_D8_the_vectorised_layouts_follow_the_vectors() -> None:
    for vector in vectors():
        if vector["consecutive_chien_cards"]:
            continue
        variant = Variant.for_players(vector["players"])
        table = V._layouts(variant.players, variant.packet_size, variant.packet_count,
                           variant.hand_size, variant.chien_size)  # fmt: skip
        patterns = list(K.gap_patterns(variant.packet_count, variant.chien_size))
        row = table[patterns.index(sum(1 << (gap - 1) for gap in vector["gaps"]))]
        hands, chien = expected_hands(vector, list(range(78)))
        assert [int(p) for p in row] == [c for hand in hands for c in hand] + chien


if __name__ == "__main__":
    VECTORS.write_text(text(), encoding="utf-8")
    sys.stdout.write(f"{VECTORS}: {len(generate())} vectors\n")


def test_D8_the_kernels_placements_are_those_of_verify_chien_gaps() -> None:
    """The batch dealer draws its chien placement among ``K.gap_patterns``: exactly the
    placements the Python rule (:func:`atout.dealing.verify_chien_gaps`) accepts under
    the default setting, as many as :func:`atout.dealing.count_chien_placements` says,
    and none it refuses."""
    from atout.dealing import count_chien_placements, verify_chien_gaps
    from atout.errors import IllegalActionError

    rules, rng = Rules(), random.Random(8)
    for players in (3, 4, 5):
        variant = Variant.for_players(players)
        masks = K.gap_patterns(variant.packet_count, variant.chien_size)
        found = {
            tuple(g for g in range(1, variant.packet_count) if m >> (g - 1) & 1) for m in masks
        }
        assert len(found) == len(masks) == count_chien_placements(variant, rules)
        for gaps in found:
            verify_chien_gaps(variant, rules, gaps)
        tried = 0
        while tried < 2000:
            gaps = tuple(sorted(rng.choices(range(variant.packet_count + 1), k=variant.chien_size)))
            try:
                verify_chien_gaps(variant, rules, gaps)
            except IllegalActionError:
                assert gaps not in found
                tried += 1
            else:
                assert gaps in found
