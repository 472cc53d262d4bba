"""The table companion's evening (atout.companion): the deal's referee (D1–D18, B1,
B3) and the score sheet (S1–S5, A1–A5), each path against its docs/reference/rules.md id, and the
refusal of impossible entries."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from atout.companion import PROFILES, CompanionError, Evening, differences, profile_rules
from atout.companion.page import fault_bars
from atout.errors import IllegalActionError
from atout.table import Rules

NAMES4 = ("Anne", "Bruno", "Chloé", "David")
NAMES5 = ("Anne", "Bruno", "Chloé", "David", "Emma")


def evening(players: int = 4, dealer: int = 0, **rules: Any) -> Evening:
    names = ("Anne", "Bruno", "Chloé", "David", "Emma")[:players]
    e = Evening(players, names, Rules(**rules) if rules else None)
    e.add({"type": "dealer", "seat": dealer})
    return e


def result(e: Evening, **fields: Any) -> dict[str, Any]:
    return e.add({"type": "result", **fields})


def refused(e: Evening, entry: dict[str, Any], rule: str) -> str:
    before = (list(e.log), e.totals(), len(e.donnes))
    with pytest.raises(IllegalActionError) as caught:
        e.add(entry)
    assert caught.value.rule == rule, str(caught.value)
    assert (list(e.log), e.totals(), len(e.donnes)) == before  # nothing changed
    return str(caught.value)


# -- D1–D3: the draw for the first dealer ------------------------------------------------


def test_D1_D2_lowest_card_deals_and_D3_excuse_drawn_again() -> None:
    e = Evening(4, NAMES4)
    for seat, card in [(0, "7S"), (1, "EX"), (2, "T4"), (3, "KC")]:
        e.add({"type": "draw", "seat": seat, "card": card})
    assert e.first_dealer is None and e.view()["to_draw"] == [1]  # D3: the Excuse redraws
    e.add({"type": "draw", "seat": 1, "card": "9H"})
    assert e.first_dealer == 0  # 7♠ is the lowest (D2: suit cards below trumps)
    assert any(line["rule"] == "D2" and "7♠" in line["text"] for line in e.guide())


def test_D2_equal_ranks_by_suit_trefle_lowest() -> None:
    e = Evening(3, NAMES4[:3])
    for seat, card in [(0, "1S"), (1, "1C"), (2, "1H")]:
        e.add({"type": "draw", "seat": seat, "card": card})
    assert e.first_dealer == 1  # Trèfle < Carreau < Cœur < Pique


def test_D1_refuses_a_card_drawn_twice_and_a_second_card() -> None:
    e = Evening(4, NAMES4)
    e.add({"type": "draw", "seat": 0, "card": "7S"})
    refused(e, {"type": "draw", "seat": 1, "card": "7S"}, "D1")
    refused(e, {"type": "draw", "seat": 0, "card": "8S"}, "D1")
    refused(e, {"type": "draw", "seat": 1, "card": "zz"}, "D1")
    refused(e, {"type": "cut", "k": 30}, "D1")  # no dealer yet


def test_D17_only_the_first_dealer_is_drawn() -> None:
    e = evening()
    refused(e, {"type": "draw", "seat": 1, "card": "7S"}, "D17")


# -- D4, D5, D17, D18, B1: who does what --------------------------------------------------


@pytest.mark.parametrize(
    ("players", "dealer", "shuffler", "cutter", "first"),
    [(4, 0, 2, 3, 1), (4, 3, 1, 2, 0), (3, 0, 1, 2, 1), (5, 1, 3, 0, 2)],
)
def test_D4_D5_D18_who_shuffles_cuts_and_speaks(
    players: int, dealer: int, shuffler: int, cutter: int, first: int
) -> None:
    e = evening(players, dealer)
    sheet = e.current
    assert sheet is not None
    assert (sheet.shuffler, sheet.cutter, sheet.first_bidder, sheet.leader) == (
        shuffler,
        cutter,
        first,
        first,
    )
    rules = [line["rule"] for line in e.guide()]
    assert {"D4", "D5", "D6", "B1"} <= set(rules)


def test_D4_shuffler_setting() -> None:
    e = evening(4, 0, shuffler_offset=1)
    assert e.current is not None and e.current.shuffler == 1


def test_D17_the_deal_passes_to_the_right() -> None:
    e = evening(4, 2)
    result(e, contract="prise", taker=3, points=60, bouts=1)
    assert e.current is not None and e.current.dealer == 3
    result(e, contract="prise", taker=1, points=60, bouts=1)
    assert e.current.dealer == 0
    assert any(line["rule"] == "D17" for line in e.guide())


@pytest.mark.parametrize("k", [0, 3, 75, 78, "30", True, None, 30.5])
def test_D5_cut_leaves_more_than_three(k: Any) -> None:
    e = evening()
    refused(e, {"type": "cut", "k": k}, "D5")


def test_D5_cut_entered_once() -> None:
    e = evening()
    e.add({"type": "cut", "k": 4})
    assert e.current is not None and e.current.cut == 4
    refused(e, {"type": "cut", "k": 74}, "D5")
    e2 = evening()
    e2.add({"type": "cut", "k": 74})


# -- D10–D14: faults ---------------------------------------------------------------------


def test_D10_wrong_chien_count_same_dealer_barred_hands_unseen() -> None:
    e = evening(4, 1)
    e.add({"type": "cut", "k": 20})
    e.add({"type": "fault", "kind": "chien_count"})
    first = e.donnes[0]
    assert first.void == "misdeal"
    fault = first.faults[0].fault
    assert (fault.rule, fault.voids, fault.barred, fault.hands_returned_unseen) == (
        "D10",
        True,
        (1,),
        True,
    )
    rules = [line.rule for line in first.faults[0].lines]
    assert rules == ["D10", "D12", "D13", "D12"]
    assert e.current is not None and e.current.dealer == 1  # D12: the same dealer
    assert e.current.barred == frozenset({1})
    refused(e, {"type": "result", "contract": "prise", "taker": 1, "points": 60, "bouts": 1}, "D12")
    result(e, contract="prise", taker=2, points=60, bouts=1)
    assert e.current.barred == frozenset()  # the ban is for one deal


def test_D10_chien_count_is_the_dealers_fault() -> None:
    e = evening(4, 1)
    refused(e, {"type": "fault", "kind": "chien_count", "by": 2}, "D10")


def test_D12_D13_misdeal() -> None:
    e = evening(5, 4)
    e.add({"type": "fault", "kind": "misdeal"})
    fault = e.donnes[0].faults[0].fault
    assert fault.voids and fault.barred == (4,) and fault.hands_returned_unseen
    assert e.current is not None and e.current.dealer == 4
    assert any(line["rule"] == "D12" and "4" not in line["text"] for line in e.guide())
    refused(e, {"type": "fault", "kind": "misdeal", "by": 0}, "D12")


def test_D14_court_card_turned_up_by_another_player_redeal_and_ban() -> None:
    e = evening(4, 0)
    e.add({"type": "cut", "k": 40})
    e.add({"type": "fault", "kind": "card_exposed", "by": 2, "card": "QH"})
    fault = e.donnes[0].faults[0].fault
    assert fault.voids and fault.barred == (2,) and not fault.hands_returned_unseen
    assert e.current is not None and e.current.dealer == 0 and e.current.barred == {2}
    text = refused(
        e, {"type": "result", "contract": "garde", "taker": 2, "points": 60, "bouts": 1}, "D14"
    )
    assert "Chloé" in text


def test_D13_trump_turned_up_by_the_dealer_hands_back_unseen() -> None:
    e = evening(4, 0)
    e.add({"type": "fault", "kind": "card_exposed", "by": 0, "card": "T12"})
    fault = e.donnes[0].faults[0].fault
    assert fault.voids and fault.barred == (0,) and fault.hands_returned_unseen
    assert [line.rule for line in e.donnes[0].faults[0].lines] == ["D14", "D12", "D13", "D14"]


def test_D14_card_below_the_valet_the_deal_goes_on() -> None:
    e = evening(4, 0)
    e.add({"type": "fault", "kind": "card_exposed", "by": 3, "card": "10S"})
    sheet = e.current
    assert sheet is not None and sheet.number == 1 and not sheet.over
    assert sheet.barred_now == frozenset()  # ⚙ default: no ban
    assert [line.rule for line in sheet.faults[0].lines] == ["D14", "D14"]
    result(e, contract="garde", taker=3, points=50, bouts=2)
    assert e.donnes[0].result is not None


def test_D14_setting_bars_the_player_who_turned_a_plain_card() -> None:
    e = evening(4, 0, bar_plain_card_exposer=True)
    e.add({"type": "fault", "kind": "card_exposed", "by": 3, "card": "2C"})
    assert e.current is not None and e.current.barred_now == {3} and not e.current.over
    refused(e, {"type": "result", "contract": "prise", "taker": 3, "points": 60, "bouts": 1}, "D14")
    assert any("David" in line["text"] and line["rule"] == "D14" for line in e.guide())


def test_D14_excuse_turned_up_like_a_trump_or_setting() -> None:
    e = evening(4, 0)
    e.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "EX"})
    assert e.donnes[0].void == "misdeal"
    plain = evening(4, 0, excuse_exposed_as_trump=False)
    plain.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "Excuse"})
    assert plain.current is not None and plain.current.number == 1 and not plain.current.over


def test_D14_card_exposed_needs_a_card_once() -> None:
    e = evening(4, 0)
    refused(e, {"type": "fault", "kind": "card_exposed", "by": 1}, "D14")
    e.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "3S"})
    refused(e, {"type": "fault", "kind": "card_exposed", "by": 2, "card": "3S"}, "D14")
    refused(e, {"type": "fault", "kind": "misdeal", "card": "3S"}, "D12")
    refused(e, {"type": "fault", "kind": "shuffled badly"}, "D12")
    refused(e, {"type": "fault", "kind": "misdeal", "by": 9}, "D12")


def test_D11_early_pickup_warning_by_default() -> None:
    e = evening(4, 0)
    e.add({"type": "fault", "kind": "early_pickup", "by": 2})
    sheet = e.current
    assert sheet is not None and not sheet.over and sheet.penalties() == {}
    assert [line.rule for line in sheet.faults[0].lines] == ["D11", "D11"]
    assert "warning" in sheet.faults[0].lines[1].en
    refused(e, {"type": "fault", "kind": "early_pickup", "by": 2}, "D11")
    refused(e, {"type": "fault", "kind": "early_pickup"}, "D11")


def test_D11_early_pickup_penalty_setting() -> None:
    e = evening(4, 0, early_pickup_penalty=10)
    e.add({"type": "fault", "kind": "early_pickup", "by": 2})
    result(e, contract="prise", taker=1, points=60, bouts=1)  # +34, taker +102
    assert e.penalties() == [0, 0, 10, 0]
    assert e.totals() == [-34, 102, -34, -34]
    assert e.standings() == [-34, 102, -44, -34]
    assert e.view()["ahead"] == [1]


def test_D16_petit_sec_voids_and_the_right_neighbour_deals() -> None:
    e = evening(4, 3)
    e.add({"type": "petit_sec", "seat": 1})
    assert e.donnes[0].void == "petit_sec" and e.donnes[0].void_by == 1
    assert e.current is not None and e.current.dealer == 0 and e.current.barred == frozenset()
    assert any(line["rule"] == "D16" for line in e.guide())
    refused(e, {"type": "petit_sec", "seat": 7}, "D16")


def test_B3_all_pass_next_dealer() -> None:
    e = evening(3, 2)
    e.add({"type": "all_pass"})
    assert e.donnes[0].void == "all_pass" and e.current is not None and e.current.dealer == 0


# -- S1–S5, A1–A5: the marks ----------------------------------------------------------------


def test_S3_S4_formats_example() -> None:
    e = evening(4, 1)
    result(e, contract="garde", taker=2, points=47, bouts=2, poignees=[[2, "simple"]])
    r = e.donnes[0].result
    assert r is not None
    assert (r.target, r.made, r.difference, r.score, r.marks) == (
        41,
        True,
        6,
        82,
        (-82, -82, 246, -82),
    )
    rules = [line.rule for line in e.donnes[0].lines]
    assert rules == ["B2", "S1", "S2", "S3", "S3", "A1", "A3", "S3", "S4"]


@pytest.mark.parametrize(
    ("points", "bouts", "made", "difference"),
    [
        (40.5, 2, False, 1),
        (41.5, 2, True, 1),
        (41, 2, True, 0),
        (55.5, 0, False, 1),
        (36, 3, True, 0),
    ],
)
def test_S2_S5_half_points(points: float, bouts: int, made: bool, difference: int) -> None:
    e = evening(3, 0)
    result(e, contract="prise", taker=1, points=points, bouts=bouts)
    r = e.donnes[0].result
    assert r is not None and (r.made, r.difference) == (made, difference)
    assert r.marks[1] == 2 * r.score and sum(r.marks) == 0  # S4 3 players: +2S
    if points % 1:
        assert any(line.rule == "S5" for line in e.donnes[0].lines)


def test_S4_five_players_partner_and_alone() -> None:
    e = evening(5, 0)
    result(e, contract="prise", taker=1, called="KH", partner=3, points=51, bouts=1)
    assert e.donnes[0].result is not None and e.donnes[0].result.marks == (-25, 50, -25, 25, -25)
    result(e, contract="prise", taker=2, called="KS", partner=2, points=51, bouts=1)
    assert e.donnes[1].result is not None and e.donnes[1].result.marks == (-25, -25, 100, -25, -25)
    result(e, contract="prise", taker=3, called="KC", points=51, bouts=1)  # in the chien
    assert e.donnes[2].result is not None and e.donnes[2].result.marks[3] == 100


def test_A5_petit_au_bout_multiplied_whatever_the_result() -> None:
    e = evening(4, 0)
    result(e, contract="garde_sans", taker=1, points=30, bouts=1, petit_au_bout="attack")
    r = e.donnes[0].result
    assert r is not None and r.petit_au_bout == 10 and not r.made
    assert r.score == -(25 + 21) * 4 + 40
    assert any(line.rule == "A5" for line in e.donnes[0].lines)


def test_A3_poignee_goes_to_the_defence_when_the_contract_fails() -> None:
    e = evening(4, 0)
    result(e, contract="garde", taker=1, points=40, bouts=2, poignees=[[1, "double"]])
    r = e.donnes[0].result
    assert r is not None and r.score == -(25 + 1) * 2 - 30


@pytest.mark.parametrize(
    ("announced", "every", "points", "bouts", "chelem"),
    [
        (True, "attack", 91, 3, 400),
        (False, "attack", 87, 2, 200),
        (True, None, 80, 3, -200),
        (False, "defence", 4, 1, -200),
        (True, "defence", 4, 1, -400),
    ],
)
def test_A4_chelem(
    announced: bool, every: str | None, points: float, bouts: int, chelem: int
) -> None:
    e = evening(4, 0)
    contract = "garde_contre" if every == "defence" else "garde"
    fields: dict[str, Any] = {"contract": contract, "taker": 1, "points": points, "bouts": bouts}
    if announced:
        fields["chelem"] = 1
    if every:
        fields["every_trick"] = every
    result(e, **fields)
    r = e.donnes[0].result
    assert r is not None and r.chelem == chelem
    assert any(line.rule == "A4" for line in e.donnes[0].lines)
    if announced:
        assert e.donnes[0].leader == 1  # A6


def test_S1_points_from_the_pile() -> None:
    e = evening(4, 0)
    pile = "T21 T1 KS KH QS NS JS 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    result(e, contract="prise", taker=2, pile=pile.split())
    r = e.donnes[0].result
    assert r is not None and (r.bouts, r.points) == (2, 4.5 * 4 + 3.5 + 2.5 + 1.5 + 0.5 * 10)
    refused(e, {"type": "result", "contract": "prise", "taker": 2, "pile": "KS KS"}, "S1")
    refused(
        e, {"type": "result", "contract": "prise", "taker": 2, "pile": pile, "points": 30}, "S1"
    )
    refused(e, {"type": "result", "contract": "prise", "taker": 2, "pile": pile, "bouts": 3}, "S2")


# -- refusals of impossible entries ----------------------------------------------------------


def base(**fields: Any) -> dict[str, Any]:
    return {"type": "result", "contract": "garde", "taker": 1, "points": 47, "bouts": 2} | fields


@pytest.mark.parametrize(
    ("fields", "rule"),
    [
        ({"defence_points": 45}, "S1"),  # 47 + 45 ≠ 91
        ({"points": 47.3}, "S1"),
        ({"points": 91.5}, "S1"),
        ({"points": -1}, "S1"),
        ({"points": "47 points"}, "S1"),  # text other than a plain decimal
        ({"points": None}, "S1"),
        ({"bouts": 4}, "S2"),
        ({"bouts": -1}, "S2"),
        ({"points": 10, "bouts": 3}, "S1"),  # 3 bouts are 13 points at least
        ({"points": 85, "bouts": 0}, "S1"),  # the bouts left to the defence
        ({"chelem": 2}, "A4"),  # announced by the defence
        ({"every_trick": "attack"}, "A4"),  # 47 points is no chelem
        ({"every_trick": "nobody"}, "A4"),
        ({"contract": "garde_sans", "petit_in_chien": True, "petit_au_bout": "attack"}, "A5"),
        ({"contract": "garde_contre", "petit_in_chien": True, "petit_au_bout": "defence"}, "A5"),
        ({"contract": "garde_contre", "petit_in_chien": True, "bouts": 3, "points": 60}, "E3"),
        ({"contract": "garde_sans", "petit_in_chien": True, "bouts": 0, "points": 60}, "E3"),
        ({"petit_au_bout": "attack", "bouts": 0, "points": 60}, "A5"),
        ({"petit_au_bout": "defence", "bouts": 3, "points": 60}, "A5"),
        ({"petit_au_bout": "sideways"}, "A5"),
        ({"poignees": [[1, "double"], [2, "simple"]]}, "A1"),  # 13 + 10 > 22 trumps
        ({"poignees": [[1, "triple"], [2, "simple"]]}, "A1"),
        ({"poignees": [[1, "simple"], [1, "simple"]]}, "A2"),
        ({"poignees": [[1, "quadruple"]]}, "A1"),
        ({"poignees": [[9, "simple"]]}, "A2"),
        ({"contract": "petite"}, "B2"),
        ({"taker": 4}, "B1"),
        ({"called": "KS"}, "B4"),  # 4 players call no card
    ],
)
def test_impossible_entries_are_refused(fields: dict[str, Any], rule: str) -> None:
    e = evening(4, 0)
    entry = base(**fields)
    if fields.get("points", 0) is None:
        del entry["points"]
    refused(e, entry, rule)


def test_petit_au_bout_with_the_petit_from_the_chien_in_a_garde_is_possible() -> None:
    e = evening(4, 0)  # E1: the taker takes the chien in his hand; the Petit cannot go to the écart
    result(
        e,
        contract="garde",
        taker=1,
        points=47,
        bouts=2,
        petit_in_chien=True,
        petit_au_bout="attack",
    )


def test_A1_poignee_thresholds_by_players() -> None:
    e5 = evening(5, 0)  # 5 players: 8/10/13, two doubles (20 trumps) are possible
    result(
        e5,
        contract="prise",
        taker=1,
        called="KS",
        partner=2,
        points=60,
        bouts=1,
        poignees=[[1, "double"], [3, "double"]],
    )
    r = e5.donnes[0].result
    assert r is not None and r.poignee == 60
    refused(e5, base(called="KS", partner=2, poignees=[[1, "triple"], [3, "double"]]), "A1")


def test_B4_five_players_need_a_called_court_card() -> None:
    e = evening(5, 0)
    refused(e, base(), "B4")
    refused(e, base(called="7S", partner=2), "B4")
    refused(e, base(called="nothing"), "B4")


# -- house profiles ------------------------------------------------------------------------------


def test_fft_profile_has_no_difference_and_house_lists_each() -> None:
    assert differences(PROFILES["fft"]) == []
    found = {d.setting: d for d in differences(PROFILES["maison"])}
    assert set(found) == {"five_player_split", "poignee_goes", "defence_chelem_bonus"}
    assert found["poignee_goes"].rule == "A3" and found["five_player_split"].rule == "S4"
    assert all(d.fr and d.en for d in found.values())
    custom = differences(profile_rules("fft", {"early_pickup_penalty": 20}))
    assert [d.setting for d in custom] == ["early_pickup_penalty"] and "20" in custom[0].en


def test_profile_refusals() -> None:
    with pytest.raises(CompanionError, match="profile"):
        profile_rules("club")
    with pytest.raises(CompanionError, match="not a setting"):
        profile_rules("fft", {"bonus": 1})
    with pytest.raises(IllegalActionError) as caught:
        profile_rules("fft", {"five_player_split": "3:0"})
    assert "S4" in str(caught.value)
    with pytest.raises(IllegalActionError, match="A3"):
        Rules(poignee_goes="always")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="A4"):
        Rules(defence_chelem_bonus=1)  # type: ignore[arg-type]


def test_house_S4_split_one_and_a_half() -> None:
    e = Evening(5, NAMES5, profile="maison")
    e.add({"type": "dealer", "seat": 0})
    result(e, contract="prise", taker=1, called="KH", partner=3, points=51, bouts=1)
    assert e.donnes[0].result is not None and e.donnes[0].result.marks == (-25, 38, -25, 37, -25)
    result(e, contract="prise", taker=1, called="KH", partner=3, points=50, bouts=1)
    assert e.donnes[1].result is not None and e.donnes[1].result.marks == (26, -39, 26, -39, 26)


def test_house_A3_poignee_only_when_made() -> None:
    e = Evening(4, NAMES4, profile="maison")
    e.add({"type": "dealer", "seat": 0})
    result(e, contract="garde", taker=1, points=40, bouts=2, poignees=[[1, "double"]])
    r = e.donnes[0].result
    assert r is not None and r.poignee == 0 and r.score == -52
    assert any(line.rule == "A3" and "⚙" in line.en for line in e.donnes[0].lines)
    result(e, contract="garde", taker=1, points=50, bouts=2, poignees=[[1, "double"]])
    assert e.donnes[1].result is not None and e.donnes[1].result.score == 2 * 34 + 30


def test_house_A4_no_defence_chelem_bonus() -> None:
    e = Evening(4, NAMES4, profile="maison")
    e.add({"type": "dealer", "seat": 0})
    result(e, contract="garde_contre", taker=1, points=0, bouts=0, every_trick="defence")
    r = e.donnes[0].result
    assert r is not None and r.chelem == 0


def test_house_multiplied_bonuses() -> None:
    e = evening(4, 0, poignee_multiplied=True, petit_au_bout_multiplied=False)
    result(
        e,
        contract="garde",
        taker=1,
        points=50,
        bouts=2,
        poignees=[[1, "simple"]],
        petit_au_bout="attack",
    )
    r = e.donnes[0].result
    assert r is not None and r.score == 34 * 2 + 10 + 40


# -- undo, edit, exports ---------------------------------------------------------------------


def test_edit_an_earlier_donne_recomputes_the_totals_after_it() -> None:
    e = evening(4, 0)
    result(e, contract="prise", taker=1, points=60, bouts=1)  # +34
    e.add({"type": "fault", "kind": "misdeal"})
    result(e, contract="garde", taker=2, points=50, bouts=2)  # +68
    assert e.totals() == [-34 - 68, 102 - 68, -34 + 204, -34 - 68]
    e.add(
        {
            "type": "edit",
            "donne": 1,
            "result": {"contract": "prise", "taker": 3, "points": 60, "bouts": 1},
        }
    )
    assert e.donnes[0].edited == 1 and e.donnes[0].entry is not None
    assert e.totals() == [-34 - 68, -34 - 68, -34 + 204, 102 - 68]
    assert [s.dealer for s in e.donnes] == [0, 1, 1, 2]  # the rotation is the same
    e.add({"type": "undo"})  # takes the edit back
    assert e.totals() == [-34 - 68, 102 - 68, -34 + 204, -34 - 68]
    refused(e, {"type": "edit", "donne": 2, "result": {"contract": "prise", "taker": 3}}, "S3")
    refused(e, {"type": "edit", "donne": 9, "result": {}}, "⚙")
    refused(
        e,
        {
            "type": "edit",
            "donne": 1,
            "result": {"contract": "prise", "taker": 3, "points": 47.2, "bouts": 1},
        },
        "S1",
    )


def test_undo_the_last_entry() -> None:
    e = evening(4, 0)
    e.add({"type": "fault", "kind": "misdeal"})
    assert len(e.donnes) == 2
    e.add({"type": "undo"})
    assert len(e.donnes) == 1 and e.current is not None and not e.current.faults
    e.add({"type": "undo"})  # the dealer
    assert e.current is None and e.first_dealer is None
    refused(e, {"type": "undo"}, "⚙")
    assert [entry["type"] for entry in e.log] == ["dealer", "fault", "undo", "undo"]


def test_rebuild_from_the_log_gives_the_same_evening() -> None:
    e = evening(4, 0)
    e.add({"type": "cut", "k": 12})
    e.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "KS"})
    result(e, contract="garde", taker=2, points=50, bouts=2, poignees=[[2, "simple"]])
    again = Evening(4, NAMES4, entries=e.log)
    assert again.view() == e.view() and again.csv() == e.csv()


def test_csv_rows_and_running_totals() -> None:
    e = evening(4, 0)
    result(e, contract="prise", taker=1, points=60, bouts=1)
    e.add({"type": "petit_sec", "seat": 2})
    result(e, contract="garde", taker=3, points=30, bouts=1)
    rows = list(csv.reader(io.StringIO(e.csv())))
    assert len(rows) == 4 and rows[0][:3] == ["donne", "dealer", "outcome"]
    assert rows[2][2] == "petit_sec"
    assert [int(x) for x in rows[3][14:18]] == e.totals()
    assert next(iter(csv.reader(io.StringIO(e.csv("fr")))))[1] == "donneur"


def test_game_record_keeps_what_was_entered() -> None:
    e = Evening(4, NAMES4, profile="maison")
    for seat, card in [(0, "7S"), (1, "EX"), (2, "T4"), (3, "KC"), (1, "9H")]:
        e.add({"type": "draw", "seat": seat, "card": card})
    e.add({"type": "fault", "kind": "card_exposed", "by": 2, "card": "T7"})
    result(e, contract="garde", taker=1, points=47, bouts=2, poignees=[[1, "simple"]])
    record = e.game_record()
    assert record["format"] == "atout.game/1" and record["seats"] == list(NAMES4)
    assert record["rules"] == {
        "five_player_split": "1.5:1.5",
        "poignee_goes": "attack_if_made",
        "defence_chelem_bonus": False,
    }
    first, second = record["donnes"]
    assert first["hands_known"] is False and first["void"] == "misdeal"
    assert first["deal"]["draw"] == [[0, ["7S"]], [1, ["EX", "9H"]], [2, ["T4"]], [3, ["KC"]]]
    assert first["faults"] == [
        {"kind": "card_exposed", "by": 2, "card": "T7", "rule": "D14", "at": 0}
    ]
    assert second["barred"] == [2] and second["deal"]["draw"] is None
    assert second["result"]["marks"] == [-82, 246, -82, -82]
    assert second["entered"] == {"penalties": [0, 0, 0, 0], "points": 47, "bouts": 2}
    assert second["poignees"] == [[1, "simple", []]]
    assert record["totals"] == [-82, 246, -82, -82]


def test_bad_setup_is_refused() -> None:
    with pytest.raises(CompanionError, match="D9"):
        Evening(6)
    with pytest.raises(CompanionError, match="names"):
        Evening(4, ("a", "b", "c"))
    with pytest.raises(CompanionError, match="different"):
        Evening(4, ("a", "b", "c", "a"))
    with pytest.raises(CompanionError, match="type"):
        Evening(4).add({"type": "nap"})


def test_engine_refusals_are_said_with_names_in_both_languages() -> None:
    e = Evening(4, NAMES4)
    e.add({"type": "draw", "seat": 0, "card": "7S"})
    with pytest.raises(CompanionError) as caught:
        e.add({"type": "draw", "seat": 0, "card": "8S"})
    assert caught.value.rule == "D1"
    assert caught.value.text("fr") == "D1 : Anne a déjà tiré 7♠ : chacun tire une carte"
    assert caught.value.text("en") == "D1: Anne has already drawn 7♠: each player draws one card"
    e.add({"type": "draw", "seat": 1, "card": "8S"})
    e.add({"type": "draw", "seat": 2, "card": "9S"})
    e.add({"type": "draw", "seat": 3, "card": "10S"})
    with pytest.raises(CompanionError) as caught:
        e.add({"type": "fault", "kind": "misdeal", "by": 2})
    assert caught.value.text("fr") == "D12 : maldonne : c'est la faute du donneur (Anne)"


def test_S1_pile_in_display_forms() -> None:
    e = evening(4, 0)
    result(e, contract="garde", taker=1, pile="21 Petit Excuse R♠ D♥ C♦ V♣ 10♠")
    r = e.donnes[0].result
    assert r is not None and (r.bouts, r.points) == (3, 4.5 * 4 + 3.5 + 2.5 + 1.5 + 0.5)


@pytest.mark.parametrize("bar", [False, True])
def test_the_page_is_told_whom_each_fault_bars_by_the_engine_s_rules(bar: bool) -> None:
    """Offline, the page leaves a seat barred by a waiting fault out of the takers: the
    table it is given is the engine's own consequences of each fault (D12, D14, ⚙)."""
    bars = fault_bars(Rules(bar_plain_card_exposer=bar))
    assert bars == {
        "misdeal": "dealer",
        "chien_count": "dealer",
        "early_pickup": None,
        "card_exposed": "by",
        "card_exposed_plain": "by" if bar else None,
    }
