"""What the companion says about faults and the 5-player call: the fault that voided
a donne named with who made it on the redeal's guide (D10–D14), the hands given back
unseen (D13), a barred player who leads but does not speak first (B1, D18), and the
called card and a self-call ("seul") on the sheet, the CSV and the PDF."""

from __future__ import annotations

import csv
import io

from atout.companion import Evening, sheet_lines
from atout.web.companion import detail_rows

NAMES = ["Anne", "Bruno", "Chloé", "David", "Émile"]


def texts(e: Evening, lang: str) -> list[str]:
    return [f"{line['rule']} {line['text']}" for line in e.guide(lang)]


def test_the_redeal_names_the_card_turned_up_and_who_turned_it() -> None:
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "fault", "kind": "card_exposed", "by": 1, "card": "RP"}, "fr")
    fr = texts(e, "fr")
    assert fr[0] == "D14 Bruno a retourné R♠ à la donne 1 : elle est nulle, Anne redonne"
    assert "B1 Bruno ne peut pas enchérir (D14) mais entame (D18) ; Chloé parle en premier" in fr
    assert not any("Bruno parle en premier" in line for line in fr)
    en = texts(e, "en")
    assert en[0] == "D14 Bruno turned up K♠ on donne 1: it is void, Anne deals again"
    assert "B1 Bruno may not bid (D14) but leads (D18); Chloé speaks first" in en
    assert e.view("fr")["donnes"][0]["outcome"] == "carte retournée (D14)"


def test_a_misdeal_s_redeal_says_the_hands_go_back_unseen() -> None:
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 3})
    e.add({"type": "fault", "kind": "misdeal", "by": 3})
    fr = texts(e, "fr")
    assert fr[:2] == [
        "D12 maldonne par David à la donne 1 : elle est nulle, David redonne",
        "D13 avant que David redonne, chacun rend ses cartes sans les regarder",
    ]
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "fault", "kind": "misdeal", "by": 0})
    assert texts(e, "fr")[1] == (
        "D13 avant qu'Anne redonne, chacun rend ses cartes sans les regarder"
    )


def five_with_calls() -> Evening:
    e = Evening(5, NAMES)
    e.add({"type": "dealer", "seat": 0})
    base = {"type": "result", "contract": "garde", "points": 50, "bouts": 2}
    e.add(base | {"taker": 4, "called": "RC", "partner": 4}, "fr")  # Émile called himself
    e.add(base | {"taker": 1, "called": "DK", "partner": 2}, "fr")
    return e


def test_the_called_card_and_a_self_call_on_the_sheet_csv_and_pdf() -> None:
    e = five_with_calls()
    donnes = e.view("fr")["donnes"]
    assert donnes[0]["camp"] == "Émile seul (R♥)"
    assert donnes[1]["camp"] == "Bruno + Chloé (D♦)"
    assert e.view("en")["donnes"][0]["camp"] == "Émile alone (K♥)"
    rows = list(csv.DictReader(io.StringIO(e.csv("fr"))))
    assert [row["appelé"] for row in rows] == ["seul (R♥)", "Chloé (D♦)"]
    heads = [text for bold, text in detail_rows(e, "fr") if bold]
    assert heads[0].endswith("preneur Émile seul (R♥)")
    lines = sheet_lines(e)
    assert "garde by Émile alone (called K♥)" in lines[0]
    assert "Émile + Émile" not in " ".join(lines + heads)
