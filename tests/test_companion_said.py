"""What the companion says about faults and the 5-player call: the fault that voided
a donne named with who made it on the redeal's guide (D10–D14), the hands given back
unseen (D13), a barred player who leads but does not speak first (B1, D18), and the
called card and a self-call ("seul") on the sheet, the CSV and the PDF."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

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
    assert e.view("fr")["donnes"][0]["outcome"] == "carte retournée par Bruno (D14)"


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
    assert "Garde by Émile alone (called K♥)" in lines[0]
    assert "Émile + Émile" not in " ".join(lines + heads)


def test_the_csv_for_a_french_spreadsheet(tmp_path: Path) -> None:
    """The CSV starts with a BOM (Chloé, not ChloÃ©, in a spreadsheet that guesses
    Windows-1252) and, with ``sep=;``, is what a French spreadsheet reads: semicolons
    between fields, a decimal comma in the points."""
    from tests.test_companion_web import auth, create, make_client

    with make_client(tmp_path / "atout.db") as client:
        evening_id, scorer, viewer = create(client)
        url = f"/api/companion/{evening_id}/entries"
        for n, entry in enumerate(
            [
                {"type": "dealer", "seat": 0},
                {"type": "result", "contract": "prise", "taker": 2, "points": "40,5", "bouts": 2},
            ]
        ):
            answer = client.post(url, json={"n": n, "entry": entry}, headers=auth(scorer))
            assert answer.status_code == 200, answer.text
        sheet = f"/api/companion/{evening_id}/sheet.csv"
        plain = client.get(f"{sheet}?lang=en", headers=auth(viewer)).content
        assert plain.startswith(b"\xef\xbb\xbfdonne,dealer,")
        french = client.get(f"{sheet}?lang=fr&sep=%3B", headers=auth(viewer)).content
        text = french.decode("utf-8-sig")
        assert text.startswith("donne;donneur;issue;par;contrat;preneur;appelé;points;bouts;")
        row = text.splitlines()[1].split(";")
        assert row[5] == "Chloé" and row[7] == "40,5"
        bad = client.get(f"{sheet}?sep=%7C", headers=auth(viewer))
        assert bad.status_code == 400


def test_one_bout_is_singular_in_the_replayed_sheet() -> None:
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "result", "contract": "prise", "taker": 0, "points": 50, "bouts": 1})
    assert ", 50 points, 1 bout, failed by 1;" in sheet_lines(e)[0]


def test_the_pdf_label_of_a_5_player_donne_stays_in_its_column() -> None:
    """A called partner makes the label long ("G. sans Bruno + Chloé (D♦) 50 (2b) ✓"):
    the sheet writes it within its column, cut with "…", so it never covers the first
    player's marks."""
    from atout.web.companion_pdf import _Sheet

    e = five_with_calls()
    e.add({"type": "result", "contract": "garde_sans", "points": 50.5, "bouts": 2,
           "taker": 1, "called": "DK", "partner": 2}, "fr")  # fmt: skip
    sheet = _Sheet(e, "fr")
    sheet.table()
    width, per = sheet.columns()
    assert (
        width > 44
        and per * 5 + width + 10 <= sheet.pdf.w - sheet.pdf.l_margin - sheet.pdf.r_margin + 0.01
    )
    for donne in e.finished():
        label = sheet.label(donne)
        shown = sheet.fit(label, width - 2)
        assert sheet.pdf.get_string_width(shown) <= width - 2, label
    assert sheet.fit("G. sans Bruno + Chloé (D♦) 50,5 (2b) ✓" * 3, width - 2).endswith("…")
    for row in sheet.cells():  # every player's marks fit their column
        assert all(sheet.pdf.get_string_width(cell) <= per - 2 for cell in row), row


def test_nobody_is_ahead_on_the_text_sheet_and_the_pdf_when_all_are_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A first donne voided leaves everyone at 0: no one leads (the page says so too)."""
    from atout.web.companion_pdf import _Sheet

    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "fault", "kind": "misdeal", "by": 0})
    assert sheet_lines(e)[-1] == "Nobody is ahead yet: all level."
    for lang, said_ in (("fr", "Personne n'est encore en tête"), ("en", "Nobody is ahead")):
        sheet = _Sheet(e, lang)
        seen: list[str] = []

        def line(height: float, value: object, style: str = "", size: float = 9) -> None:
            seen.append(str(value))  # noqa: B023 - called at once, in this turn of the loop

        monkeypatch.setattr(sheet, "line", line)
        sheet.totals()
        assert any(line.startswith(said_) for line in seen), seen
        assert not any(line.startswith(("En tête", "Ahead")) for line in seen)


def test_replay_names_the_contract_in_the_reader_s_language() -> None:
    """`atout replay` prints "Garde sans by Bruno" (« Garde sans de Bruno », « … d'Anne »
    in French), never the raw id "garde_sans"."""
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "result", "contract": "garde_sans", "taker": 1, "points": 50, "bouts": 2})
    e.add({"type": "result", "contract": "garde_contre", "taker": 0, "points": 50, "bouts": 2})
    assert ": Garde sans by Bruno, 50 points" in sheet_lines(e)[0]
    assert ": Garde sans de Bruno, 50 points" in sheet_lines(e, "fr")[0]
    assert ": Garde contre d'Anne, 50 points" in sheet_lines(e, "fr")[1]
    assert not any("garde_" in line for line in sheet_lines(e) + sheet_lines(e, "fr"))


@pytest.mark.parametrize(
    ("env", "words"), [("fr_FR.UTF-8", "Garde sans de Bruno"), ("C", "Garde sans by Bruno")]
)
def test_atout_replay_prints_the_contract_s_name(
    env: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    import json

    from tests.cli_helpers import run

    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "result", "contract": "garde_sans", "taker": 1, "points": 50, "bouts": 2})
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(e.game_record(), ensure_ascii=False), encoding="utf-8")
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", env)
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    assert words in out and "garde_sans" not in out


def test_a_donne_voided_by_all_passing_or_a_petit_sec_is_explained_in_its_details() -> None:
    e = Evening(4, NAMES[:4])
    e.add({"type": "dealer", "seat": 0})
    e.add({"type": "all_pass"})
    e.add({"type": "petit_sec", "seat": 2})
    rows = [text for bold, text in detail_rows(e, "fr") if not bold]
    assert rows == [
        "   B3  tout le monde a passé : pas de contrat, le donneur suivant donne",
        "   D16  Petit sec : Chloé",
    ]
    donnes = e.view("en")["donnes"]
    assert [d["void_lines"] for d in donnes[:2]] == [
        [{"rule": "B3", "text": "everyone passed: no contract, the next dealer deals"}],
        [{"rule": "D16", "text": "Petit sec: Chloé"}],
    ]
