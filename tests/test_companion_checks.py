"""The companion's stricter checks: points typed as plain decimals only (never read as
0 or as ``1e1``), NaN and infinities a clear 400, the impossible chelems and piles
refused with their rule, the possible Petit of the chien lost in a Prise accepted,
and an undo that can be redone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from atout.cards import ALL_CARDS, CardSet
from atout.companion import CompanionError, Evening

NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]


def evening(players: int = 4) -> Evening:
    e = Evening(players, NAMES[:players])
    e.add({"type": "dealer", "seat": 0})
    return e


def result(**fields: Any) -> dict[str, Any]:
    return {"type": "result", "contract": "prise", "taker": 1} | fields


def refused(e: Evening, entry: dict[str, Any], lang: str = "en") -> str:
    with pytest.raises(CompanionError) as caught:
        e.add(entry, lang)
    return caught.value.text(lang)


@pytest.mark.parametrize("typed", ["1e1", "0x2F", "", "  ", "NaN", "Infinity", "1e309", "4O", "-3"])
def test_points_are_plain_decimals(typed: str) -> None:
    e = evening()
    english, french = (
        refused(e, result(points=typed, bouts=1)),
        refused(e, result(points=typed, bouts=1), "fr"),
    )
    if typed.strip():
        assert english == f"S1: points: a plain number such as 41 or 40.5, not {typed!r}"
        assert french == (
            f"S1 : points : un nombre écrit simplement, comme 41 ou 40,5, et non {typed!r}"
        )
    else:  # a blank field is said to be empty, never quoted
        assert english == "S1: points: the field is empty"
        assert french == "S1 : points : le champ est vide"
    assert len(e.log) == 1


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_not_a_number_is_refused_with_its_rule(value: float) -> None:
    assert refused(evening(), result(points=value, bouts=1)).startswith(
        "S1: points: a plain number such as 41 or 40.5, not "
    )


def test_points_typed_with_a_comma_are_kept_as_a_number() -> None:
    e = evening()
    kept = e.add(result(points=" 40,5 ", bouts=2), "fr")
    assert kept["points"] == 40.5
    assert e.add(result(points="56", bouts=1))["points"] == 56


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"contract": "garde", "points": 87, "bouts": 3, "every_trick": "attack"},
            "A4: a chelem of the attack holds every card but the defence's Excuse: 91 points "
            "with the 3 bouts, or 87 points with 2 bouts, the Petit and the 21 (the defence "
            "kept its Excuse); entered: 87 points, bouts: 3",
        ),
        (
            {"contract": "garde_contre", "points": 91, "bouts": 3, "every_trick": "attack"},
            "A4: in a garde contre the chien (6 cards) counts for the defence: a chelem of the "
            "attack has at most 88 points, not 91",
        ),
        (
            {"points": 60, "bouts": 1, "every_trick": "defence"},
            "A4: a chelem of the defence leaves the taker's camp only its écart (6 cards, "
            "neither King nor bout) and its own Excuse: at most 25 points, not 60",
        ),
        (
            {"points": 30, "bouts": 3, "every_trick": "defence"},
            "A4: a chelem of the defence leaves the taker's camp only its écart, where no bout "
            "may go, and its own Excuse: 3 bouts are impossible",
        ),
        (
            {"contract": "garde_sans", "points": 40, "bouts": 3, "every_trick": "defence"},
            "A4: a chelem of the defence leaves the taker's camp only the chien (6 cards) and "
            "its own Excuse: at most 31 points, not 40",
        ),
        (
            {"pile": ["KS"]},
            "S1: the taker's pile holds at least the écart or the chien (6 cards); this one "
            "holds 1",
        ),
        (
            {"contract": "garde_contre", "pile": ["KS"]},
            "S1: in a garde contre the taker's pile holds whole tricks (4 cards each), or the "
            "Excuse alone when his camp took no trick; this one holds 1",
        ),
    ],
)
def test_impossible_results_are_refused_with_their_rule(
    fields: dict[str, Any], message: str
) -> None:
    e = evening()
    assert refused(e, result(**fields)) == message
    assert len(e.log) == 1


@pytest.mark.parametrize(
    "fields",
    [
        {"contract": "garde", "points": 87, "bouts": 2, "every_trick": "attack"},
        {"contract": "garde", "points": 91, "bouts": 3, "every_trick": "attack"},
        {"contract": "garde_contre", "points": 85, "bouts": 2, "every_trick": "attack"},
        {"points": 25, "bouts": 1, "every_trick": "defence"},
        {"contract": "garde_contre", "pile": ["EX"]},
        {"contract": "garde_contre", "pile": []},
        {"pile": ["QS", "QH", "QD", "QC", "NS", "NH"]},
    ],
)
def test_possible_results_are_kept(fields: dict[str, Any]) -> None:
    e = evening()
    e.add(result(**fields))
    assert e.donnes[0].result is not None


def test_the_petit_of_the_chien_lost_in_play_in_a_prise_is_possible() -> None:
    """In a Prise the taker takes the chien's Petit in hand and may lose it in play
    (E3); in a Garde sans the chien counts for him unseen, so the Petit is his."""
    pile = [str(c) for c in list(CardSet.parse("T21 EX KS KH"))] + [
        str(c) for c in ALL_CARDS[:30] if not c.is_court
    ]
    e = evening()
    e.add(result(pile=pile, petit_in_chien=True))
    assert e.donnes[0].result is not None and e.donnes[0].result.bouts == 2
    assert refused(evening(), result(contract="garde_sans", pile=pile, petit_in_chien=True)) == (
        "E3: the Petit was in the chien of a garde sans, which counts for the taker: it is in "
        "his pile"
    )


def test_an_undone_entry_can_be_redone_right_after() -> None:
    e = evening()
    e.add({"type": "cut", "k": 30})
    e.add({"type": "undo"})
    assert e.current is not None and e.current.cut is None and e.can_redo
    e.add({"type": "redo"})
    assert e.current.cut == 30 and not e.can_redo
    e.add({"type": "undo"})
    e.add({"type": "undo"})  # the dealer too
    e.add({"type": "redo"})
    e.add({"type": "redo"})
    assert e.current is not None and e.current.cut == 30
    assert refused(e, {"type": "redo"}) == (
        "⚙: nothing to redo: an entry is redone right after it was undone"
    )
    e.add({"type": "undo"})
    e.add({"type": "cut", "k": 40})  # a new entry: the undone one is gone
    assert not e.can_redo and e.view()["can_redo"] is False


def test_nan_and_huge_numbers_in_the_request_are_a_400_in_the_page_s_language(
    tmp_path: Path,
) -> None:
    from tests.test_companion_web import auth, create, make_client

    with make_client(tmp_path / "atout.db") as client:
        evening_id, scorer, _ = create(client)
        url = f"/api/companion/{evening_id}/entries?lang=fr"
        head = auth(scorer) | {"Content-Type": "application/json"}
        client.post(url, json={"n": 0, "entry": {"type": "dealer", "seat": 0}}, headers=head)
        for raw in ("NaN", "Infinity", "-Infinity", "1e309"):
            body = '{"n": 1, "entry": {"type": "result", "contract": "prise", "taker": 1, '
            body += f'"points": {raw}, "bouts": 1}}}}'
            answer = client.post(url, content=body, headers=head)
            assert answer.status_code == 400, (raw, answer.text)
            assert answer.json()["error"].startswith("S1 : points : un nombre écrit simplement")


@pytest.mark.parametrize(
    ("card", "fr", "en"),
    [
        ("Petit", "D1 : le Petit est déjà tiré", "D1: the Petit has already been drawn"),
        ("1", "D1 : le Petit est déjà tiré", "D1: the Petit has already been drawn"),
        ("21 d'atout", "D1 : le 21 d'atout est déjà tiré", "D1: the 21 of trumps has already"),
        ("RP", "D1 : la carte R♠ est déjà tirée", "D1: K♠ has already been drawn"),
    ],
)
def test_a_card_drawn_twice_is_named_as_the_scorer_says_it(card: str, fr: str, en: str) -> None:
    e = Evening(4, ["Anne", "Bruno", "Chloé", "David"])
    e.add({"type": "draw", "seat": 0, "card": card}, "fr")
    assert e.log[0]["card"] in ("T1", "T21", "KS")  # 21 d'atout read as the 21
    with pytest.raises(CompanionError) as refused:
        e.add({"type": "draw", "seat": 1, "card": card}, "fr")
    assert refused.value.fr.startswith(fr)
    assert refused.value.en.startswith(en)
    assert refused.value.field == "card"


def test_the_attack_chelem_refusal_says_what_was_entered_in_french() -> None:
    e = evening()
    entry = {"contract": "garde", "points": 87, "bouts": 3, "every_trick": "attack"}
    with pytest.raises(CompanionError) as refused:
        e.add(result(**entry), "fr")
    assert refused.value.fr.endswith("; saisi : 87 points, bouts : 3")
    assert "3 des 3" not in refused.value.fr
    assert refused.value.field == "points"


@pytest.mark.parametrize("typed", ["Excuse", "EX", "Ex"])
def test_a_called_excuse_is_refused_by_its_name(typed: str) -> None:
    e = evening(5)
    entry = result(called=typed, partner=2, points=47, bouts=2)
    assert refused(e, entry) == (
        "B4: the called card is a King (or a Queen, a Cavalier, a Valet), not the Excuse"
    )
    assert refused(e, entry, "fr") == (
        "B4 : la carte appelée est un Roi (ou une Dame, un Cavalier, un Valet), pas l'Excuse"
    )
    assert refused(e, result(called="7H", partner=2, points=47, bouts=2), "fr").endswith("pas 7♥")
