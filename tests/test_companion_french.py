"""A French scorer at the companion: cards typed with the French letters, refusals,
exports and sentences in French."""

from __future__ import annotations

import pytest

from atout.cards import Card, CardSet
from atout.companion import CompanionError, Evening
from atout.errors import IllegalActionError

NAMES5 = ("Anne", "Bruno", "Chloé", "David", "Emma")


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("RC", "KH"),
        ("DC", "QH"),
        ("CC", "NH"),
        ("VC", "JH"),
        ("7C", "7H"),
        ("7P", "7S"),
        ("RP", "KS"),
        ("3P", "3S"),
        ("VK", "JD"),
        ("10T", "10C"),
        ("DCo", "QH"),
        ("RCa", "KD"),
        ("R♥", "KH"),
        ("21", "T21"),
        ("Petit", "T1"),
        ("Ex", "EX"),
        ("Excuse", "EX"),
        ("KS", "KS"),
        ("T21", "T21"),
    ],
)
def test_french_letters_read_on_a_french_page(typed: str, card: str) -> None:
    assert str(Card.parse(typed, "fr")) == card


def test_english_letters_unchanged_without_french() -> None:
    assert str(Card.parse("RC")) == "KC"
    assert str(Card.parse("7C", "en")) == "7C"
    with pytest.raises(ValueError):
        Card.parse("7P")
    assert str(CardSet.parse("RC DC CC VC", "fr")) == str(CardSet.parse("KH QH NH JH"))


def test_the_draw_reads_french_and_keeps_the_canonical_card() -> None:
    e = Evening(4, NAMES5[:4])
    kept = e.add({"type": "draw", "seat": 0, "card": "RC"}, "fr")
    assert kept["card"] == "KH"
    assert e.draw.draw_order == [(0, [Card.parse("KH")])]


def test_a_turned_up_card_in_french_is_stored_canonical() -> None:
    e = Evening(4, NAMES5[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "cut", "k": 40})
    kept = e.add({"type": "fault", "kind": "card_exposed", "by": 2, "card": "RC"}, "fr")
    assert kept["card"] == "KH"


def test_called_card_and_pile_in_french_are_canonical_in_the_record() -> None:
    e = Evening(5, NAMES5)
    e.add({"type": "dealer", "seat": 0})
    entry = {"type": "result", "contract": "prise", "taker": 1, "called": "RC", "partner": 3}
    kept = e.check({**entry, "pile": "RC DC CC VC 21 Excuse", "bouts": 2}, "fr")
    assert kept["called"] == "KH"
    assert kept["pile"] == ["KH", "QH", "NH", "JH", "T21", "EX"]
    e.add({**entry, "points": 51, "bouts": 1}, "fr")
    assert e.game_record()["donnes"][0]["called"] == "KH"
    assert e.log[-1]["called"] == "KH"


def test_a_refused_card_in_french_names_the_field_in_french() -> None:
    e = Evening(4, NAMES5[:4])
    with pytest.raises((CompanionError, IllegalActionError)) as caught:
        e.add({"type": "draw", "seat": 0, "card": "7X"}, "fr")
    text = caught.value.text("fr")  # type: ignore[union-attr]
    assert text.startswith("D1 : carte :"), text
    assert "KS" not in text and "R♥" in text
