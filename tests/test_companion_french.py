"""A French scorer at the companion: cards typed with the French letters, refusals,
exports and sentences in French."""

from __future__ import annotations

import pytest

from atout.cards import Card, CardSet
from atout.companion import CompanionError, Evening

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
    with pytest.raises(CompanionError) as caught:
        e.add({"type": "draw", "seat": 0, "card": "7X"}, "fr")
    text = caught.value.text("fr")
    assert text.startswith("D1 : carte :"), text
    assert "KS" not in text and "R♥" in text


def _rows(e: Evening, lang: str) -> list[list[str]]:
    import csv
    import io

    return list(csv.reader(io.StringIO(e.csv(lang))))


def test_a_fault_that_voids_shows_the_fault_not_a_misdeal() -> None:
    e = Evening(4, NAMES5[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "cut", "k": 40})
    e.add({"type": "fault", "kind": "card_exposed", "by": 2, "card": "QH"})
    e.add({"type": "fault", "kind": "chien_count"})
    e.add({"type": "fault", "kind": "misdeal"})
    first, second, third = e.finished()
    assert first.outcome_text("fr") == "carte retournée (D14)"
    assert second.outcome_text("fr") == "chien mal compté (D10)"
    assert third.outcome_text("en") == "misdeal (D12)"
    assert [r[2] for r in _rows(e, "fr")[1:]] == ["carte retournée", "chien mal compté", "maldonne"]
    assert [r[2] for r in _rows(e, "en")[1:]] == ["card_exposed", "chien_count", "misdeal"]
    assert [d["outcome"] for d in e.view("fr")["donnes"]][:3] == [
        "carte retournée par Chloé (D14)",  # who erred, as a Petit sec names its holder
        "chien mal compté par Anne (D10)",
        "maldonne par Anne (D12)",
    ]
    # the record keeps its format: a fault that voids the deal is "misdeal", the
    # faults say which
    assert [d["void"] for d in e.game_record()["donnes"]] == ["misdeal"] * 3


def test_the_french_csv_says_the_issue_and_the_contract_in_french() -> None:
    e = Evening(4, NAMES5[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "petit_sec", "seat": 1})
    e.add({"type": "all_pass"})
    e.add({"type": "result", "contract": "garde_sans", "taker": 2, "points": 60, "bouts": 1})
    rows = _rows(e, "fr")[1:]
    assert [r[2] for r in rows] == ["Petit sec", "tous passent", "jouée"]
    assert rows[2][4] == "Garde sans"
    assert _rows(e, "en")[3][4] == "garde_sans"


def test_french_sentences_elide_and_say_who_took() -> None:
    from atout.score_text import name_after_de

    assert name_after_de("Anne", "fr") == "d'Anne"
    assert name_after_de("Chloé", "fr") == "de Chloé"
    assert name_after_de("Anne", "en") == "Anne"
    e = Evening(4, ("Anne", "Bruno", "Chloé", "David"))
    e.add({"type": "dealer", "seat": 0})
    e.add(
        {
            "type": "result",
            "contract": "garde_sans",
            "taker": 0,
            "points": 60,
            "bouts": 1,
            "poignees": [[0, "simple"]],
        }
    )
    text = "\n".join(line.fr for line in e.donnes[0].lines)
    assert "poignée simple d'Anne" in text and "de Anne" not in text
    assert "Garde sans le chien, jouée par Anne" in text
    assert "quel que soit le joueur qui l'a montrée" in text


def test_french_chelem_line_has_its_colon() -> None:
    e = Evening(4, ("Anne", "Bruno", "Chloé", "David"))
    e.add({"type": "dealer", "seat": 0})
    e.add(
        {
            "type": "result",
            "contract": "prise",
            "taker": 1,
            "points": 0,
            "bouts": 0,
            "every_trick": "defence",
        }
    )
    chelem = next(line.fr for line in e.donnes[0].lines if line.rule == "A4")
    assert chelem.startswith("chelem, la défense a fait tous les plis"), chelem
    assert " : -200, non multiplié" in chelem, chelem  # S is counted for the taker


def test_french_draw_and_setting_wording() -> None:
    from pathlib import Path

    e = Evening(4, NAMES5[:4])
    e.add({"type": "draw", "seat": 0, "card": "7P"}, "fr")
    assert any("qui tire l'Excuse en tire une autre" in line["text"] for line in e.guide("fr"))
    import atout.web

    html = (Path(atout.web.__file__).parent / "templates" / "companion_new.html").read_text()
    assert "Interdire d'enchérir au joueur qui retourne une basse carte (D14)" in html


def test_two_players_with_one_name_is_not_a_hand_size_rule() -> None:
    with pytest.raises(CompanionError) as caught:
        Evening(4, ("Anne", "Bruno", "Anne", "David"))
    assert caught.value.rule != "D9"
    assert "D9" not in caught.value.text("fr")


def test_the_card_placeholders_are_in_the_page_s_language() -> None:
    import re
    from pathlib import Path

    import atout.web
    from atout.cards import readings
    from atout.reasons import Reason, render

    js = (Path(atout.web.__file__).parent / "static" / "companion.js").read_text()
    shown = re.findall(r'placeholder: FR \? "([^"]*)" : "([^"]*)"', js)
    assert len(shown) == 4  # the draw, the turned-up card, the called card, the pile
    for fr, en in shown:  # every example reads as one card in its page's language
        for text, lang in ((fr, "fr"), (en, "en")):
            examples = text.replace("…", "").split(", " if ", " in text else " ")
            assert all(len(readings(x, lang)) == 1 for x in examples if x.strip()), (text, lang)
            refusal = render(Reason("D1", "c_not_a_card", what="card", value="'x'"), lang)
            for x in examples:  # and is one the refusal of a wrong card gives
                assert " " in x.strip() or x.strip() in refusal, (x, refusal)
    assert 'placeholder: FR ? "7P, RCo, 21, Excuse" : "7S, KH, 21, Excuse"' in js
    assert "if (d.void && d.outcome) return d.outcome;" in js
