"""Rules written once in the core, and their guarded fast copies in the simulator
checked against them on random inputs (same input, same output):

- the trick winner (P4–P5, :func:`atout.play.winning_card` and
  :func:`atout.play.excuse_led_wins`) against ``atout.sim.playout._trick_winner``;
- the Petit sec (D16, :func:`atout.cards.holds_petit_sec`) against the counts of
  ``atout.sim.kernel.count_deal`` and ``atout.sim.vector.stats_of``.

(The layout of the deal has its own vectors: ``tests/test_deal_layout.py``.)"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from atout.cards import ALL_CARDS, EXCUSE, PETIT, Card, holds_petit_sec
from atout.play import excuse_led_wins, trick_winner
from atout.sim import kernel as K
from atout.sim import playout as P
from atout.sim import vector as V
from atout.table import Rules, Variant


def plain(function: Any) -> Any:
    return getattr(function, "py_func", function)


def random_trick(rng: random.Random, players: int) -> list[Card]:
    """A full trick of distinct cards, the Excuse often in it (led or not)."""
    cards = rng.sample([c for c in ALL_CARDS if c != EXCUSE], players)
    if rng.random() < 0.5:
        cards[rng.randrange(players) if rng.random() < 0.5 else 0] = EXCUSE
    return cards


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_P4_P5_the_playout_kernel_gives_each_trick_to_the_one_definitions_winner(
    players: int, compiled: bool
) -> None:
    """Random last and earlier tricks, camps and earlier winners (many a chelem so far
    of either camp, with the Excuse led): the same winning seat."""
    winner_of = P._trick_winner if compiled else plain(P._trick_winner)
    rng = random.Random(players)
    tricks_in_all = Variant.for_players(players).hand_size
    last = tricks_in_all - 1
    seen = {"taker's chelem, Excuse led": 0, "defence's, Excuse led": 0}
    for _ in range(3000):
        camps = [1] * players
        for seat in rng.sample(range(players), 1 if players < 5 else rng.choice((1, 2))):
            camps[seat] = 0
        t = last if rng.random() < 0.7 else rng.randrange(last)
        camp = rng.choice((0, 1))
        own = [s for s in range(players) if camps[s] == camp]
        everyone = own if rng.random() < 0.5 else range(players)  # a chelem so far, or not
        earlier = [rng.choice(everyone) for _ in range(t)]
        leader = rng.choice(own)
        trick = random_trick(rng, players)
        tricks = np.full((tricks_in_all, players), -1, dtype=np.int64)
        tricks[t] = [int(c) for c in trick]
        leaders = np.zeros(tricks_in_all, dtype=np.int64)
        leaders[t] = leader
        winners = np.full(tricks_in_all, -1, dtype=np.int64)
        winners[:t] = earlier
        camp_of = np.array(camps, dtype=np.int64)
        got = winner_of(players, last, t, tricks, leaders, winners, camp_of)
        wins = excuse_led_wins(camps[leader], [camps[w] for w in earlier], last=t == last)
        assert got == (leader + trick_winner(trick, wins)) % players, (trick, camps, earlier)
        if trick[0] == EXCUSE and t == last and all(camps[w] == camp for w in earlier):
            seen["taker's chelem, Excuse led" if camp == 0 else "defence's, Excuse led"] += 1
    assert min(seen.values()) >= 20, seen


def deal_with_petit_secs(
    rng: random.Random, variant: Variant
) -> tuple[np.ndarray, int, int, list[list[int]]]:
    """A pack, a cut and a chien placement (as a gap mask) whose hands (the dealer's
    right neighbour first) are chosen first, one of them often a Petit sec."""
    pack = list(range(78))
    rng.shuffle(pack)
    size = variant.hand_size
    if rng.random() < 0.5:  # one hand (any) gets the Petit and plain cards only
        sec = [*[c for c in pack if c < 56][: size - 1], int(PETIT)]
        pack = [c for c in pack if c not in sec]
        at = rng.randrange(variant.players) * size
        pack[at:at] = sec
    hands = [pack[h * size : (h + 1) * size] for h in range(variant.players)]
    chien = pack[variant.players * size :]
    gaps = sorted(rng.sample(range(1, variant.packet_count), variant.chien_size))
    cut_pack = []
    by_hand = [iter(h) for h in hands]
    chien_left = iter(chien)
    for place in variant.layout(gaps):
        cut_pack.append(next(chien_left) if place < 0 else next(by_hand[place]))
    cut = rng.randrange(4, 75)
    original = cut_pack[-cut:] + cut_pack[:-cut]
    mask = sum(1 << (g - 1) for g in gaps)
    return np.array(original, dtype=np.uint8), cut, mask, hands


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "python"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_D16_the_batch_dealers_count_the_petit_sec_of_the_one_definition(
    players: int, compiled: bool
) -> None:
    count = K.count_deal if compiled else plain(K.count_deal)
    variant = Variant.for_players(players)
    thresholds = np.array(variant.poignee_thresholds, dtype=np.int64)
    rng = random.Random(players)
    layouts, expected = [], 0
    for _ in range(300):
        pack, cut, mask, hands = deal_with_petit_secs(rng, variant)
        stats = np.zeros(K.S_SIZE, dtype=np.int64)
        count(np.concatenate([pack, pack, np.zeros(4, dtype=np.uint8)]), cut, mask, players,
              variant.packet_size, variant.packet_count, variant.chien_size, thresholds, stats,
              K.CATEGORY7.copy(), np.zeros(players * 7, dtype=np.int64),
              np.zeros(8, dtype=np.uint8))  # fmt: skip
        sec = any(holds_petit_sec(hand) for hand in hands)
        assert stats[K.S_PETIT_SEC] == sec
        expected += sec
        layouts.append([c for hand in hands for c in hand] + [0] * variant.chien_size)
    assert expected >= 100
    table = np.array(layouts, dtype=np.uint8)
    stats = V.stats_of(table, players, variant.hand_size, variant.chien_size, thresholds)
    assert stats[K.S_PETIT_SEC] == expected


def test_E2_the_page_and_the_rule_count_the_same_trumps() -> None:
    """The écart count (E2) is one function: the trumps the rule lets go to the écart,
    and the number the table page is told (``ecart_rules``)."""
    from atout.cards import CardSet
    from atout.chien import ecart_mask, ecart_trumps_at_most
    from atout.session.view import ecart_rules

    rng = random.Random(2)
    kinds = set()
    for _ in range(400):
        players = rng.choice((3, 4, 5))
        variant = Variant.for_players(players)
        size = variant.hand_size + variant.chien_size
        plain_cards = [c for c in ALL_CARDS if c.is_suit_card and not c.is_king]
        others = [c for c in ALL_CARDS if not (c.is_suit_card and not c.is_king)]
        plain_wanted = rng.randrange(max(0, size - len(others)), 9)
        hand = CardSet(
            rng.sample(plain_cards, plain_wanted) + rng.sample(others, size - plain_wanted)
        )
        made = rng.randrange(variant.chien_size)
        left = variant.chien_size - made
        count = ecart_trumps_at_most(hand.mask, left)
        assert count == max(0, left - plain_wanted)
        trumps = [c for c in hand if c.is_trump and c not in (PETIT, ALL_CARDS[76])]
        allowed = ecart_mask(hand, left)
        assert all((allowed >> c & 1) == (count > 0) for c in trumps)
        assert ecart_rules(hand, players, made)["trumps_at_most"] == count
        kinds.add(count > 0)
    assert kinds == {True, False}


def test_one_map_of_fields_and_faults_to_rules() -> None:
    """The companion's score sheets cite the record's rules for each field (a sheet's
    cards of the deal are only entered: docs/reference/formats.md), and records check faults against
    the deal's own map (D10–D14)."""
    from atout import dealing, record
    from atout.companion import replay

    for key, rule in record.DONNE_RULES.items():
        assert replay.SHEET_RULES[key] == rule, key
    entered = {"shuffled", "pack", "sequence", "hands", "chien"}
    for key, rule in record.DEAL_RULES.items():
        assert replay.SHEET_DEAL_RULES[key] == (
            "docs/reference/formats.md" if key in entered else rule
        )
    assert record.DONNE_RULES["ecart"] == "E1, E3"
    assert record.DEAL_RULES["next_dealer"] == "D12, D16, D17"
    assert vars(record.deal)["FAULT_RULES"] is dealing.FAULT_RULES  # not a copy of its own
    assert set(dealing.FAULT_RULES) == set(dealing.FAULT_KINDS)


def test_D7_D9_the_pages_and_the_terminal_take_the_variant_sizes_from_variant() -> None:
    """The sizes of the variant come from :class:`atout.table.Variant`: the server hands
    them to the table page, which keeps no table of its own."""
    import re
    from pathlib import Path

    from atout.session.view import variant_json

    static = Path(__file__).resolve().parent.parent / "src" / "atout" / "web" / "static"
    source = "".join(p.read_text(encoding="utf-8") for p in sorted(static.glob("table*.js")))
    assert not re.search(r"\{\s*3\s*:\s*\d+\s*,\s*4\s*:", source)
    assert "S.table.variant" in source
    for players in (3, 4, 5):
        variant = Variant.for_players(players)
        assert variant_json(players) == {
            "hand_size": variant.hand_size,
            "chien_size": variant.chien_size,
            "packet_size": variant.packet_size,
        }


def test_D12_D14_the_rule_that_bars_a_seat_is_the_faults_own() -> None:
    """A seat barred after a fault is barred by D12 when the dealer misdealt or miscounted
    the chien, by D14 when it turned a card face up — the dealer too. The companion's
    fault lines, its guide for the new donne and its refusal of a barred taker, and the
    narration of a deal, all ask :func:`atout.dealing.bar_rule`."""
    from atout.companion import Evening
    from atout.dealing import FAULT_KINDS, Deal, bar_rule
    from atout.describe import describe_fault
    from atout.errors import IllegalActionError

    assert {k: bar_rule(k) for k in FAULT_KINDS} == {
        "misdeal": "D12",
        "chien_count": "D12",
        "card_exposed": "D14",
        "early_pickup": "D11",
    }
    for kind, card, rule in (("card_exposed", "KH", "D14"), ("misdeal", None, "D12")):
        e = Evening(4, ["Anne", "Bruno", "Chloé", "David"], Rules())
        e.add({"type": "dealer", "seat": 0})
        e.add({"type": "fault", "kind": kind, "by": 0, "card": card})
        fault = e.donnes[0].faults[0]
        assert fault.fault.barred == (0,)
        assert fault.lines[-1].rule == rule  # "Anne may not bid on the new deal"
        assert [ln["rule"] for ln in e.guide() if "may not bid" in ln["text"]] == [rule]
        entry = {"type": "result", "contract": "prise", "taker": 0, "points": 60, "bouts": 1}
        with pytest.raises(IllegalActionError) as refused:
            e.add(entry)
        assert refused.value.reason.rule == rule
        deal = Deal(Variant.for_players(4), dealer=0)
        deal.record_fault(kind, 0, None if card is None else int(Card.parse(card)))  # type: ignore[arg-type]
        assert deal.barred_next_rules == {0: rule}
        assert f"({rule})" in describe_fault(deal, deal.faults[0])[-1]


def test_B3_D12_D16_one_map_of_void_donnes_to_their_rules() -> None:
    """Why a donne is void and the rule that voided it are one map,
    :data:`atout.state.VOID_RULES`: the game's refusals, the table's events and score
    sheet, the companion's view carry the rule from it, and the pages show the rule they
    are given instead of keeping a map of their own."""
    import re
    from pathlib import Path

    from atout.companion import Evening
    from atout.dealing import FAULT_RULES
    from atout.session.events import donne_event
    from atout.session.table import SheetRow
    from atout.session.view import sheet_json
    from atout.state import VOID_RULES, DonneVoided

    assert VOID_RULES == {"all_pass": "B3", "misdeal": "D12", "petit_sec": "D16"}
    for reason, rule in VOID_RULES.items():
        event = donne_event(3, 1, DonneVoided(reason), None)  # type: ignore[arg-type]
        assert (event.rule, event.data) == (rule, {"reason": reason})
        row = SheetRow(1, 0, reason, None, None, None, None, None, (0, 0, 0, 0))
        assert sheet_json((row,))[0]["void_rule"] == rule
    e = Evening(4, ["Anne", "Bruno", "Chloé", "David"], Rules())
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "all_pass"})
    e.add({"type": "fault", "kind": "misdeal"})
    donnes = e.view()["donnes"]
    assert [(d["void"], d["void_rule"]) for d in donnes] == [
        ("all_pass", "B3"),
        ("misdeal", "D12"),
        (None, None),
    ]
    sent = e.view("fr")  # the companion page names faults waiting offline in these words
    assert {k: w["rule"] for k, w in sent["fault_words"].items()} == FAULT_RULES
    assert sent["fault_words"]["misdeal"]["name"] == "maldonne"
    assert e.view("en")["fault_words"]["card_exposed"]["name"] == "card turned face up"
    assert sent["void_rules"] == VOID_RULES
    static = Path(__file__).resolve().parent.parent / "src" / "atout" / "web" / "static"
    for page in ("table*.js", "companion.js"):
        source = "".join(p.read_text(encoding="utf-8") for p in sorted(static.glob(page)))
        assert "void_rule" in source, page
        a_map = r"(misdeal|petit_sec|all_pass)[\"']?\s*(:|===|\?)[^\n]{0,40}\b(B3|D12|D16)\b"
        assert not re.search(a_map, source), page
