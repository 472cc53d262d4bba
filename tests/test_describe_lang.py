"""The deal and the donne told in the reader's language: ``atout deal``, ``atout play
--bots`` and ``atout replay`` speak French to a French reader, with French card names,
and English as before to everyone else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from atout.dealing import Deal
from atout.describe import describe_deal
from atout.randomness import make_rng
from atout.table import Rules, Variant
from tests.cli_helpers import run
from tests.test_i18n import english_words

FRENCH_CARD = re.compile(r"(?<![\w♠♥♦♣])[RDCV][♠♥♦♣]")
ENGLISH_CARD = re.compile(r"(?<![\w♠♥♦♣])[KQNJ][♠♥♦♣]")


@pytest.fixture
def reader(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """The locale variables cleared: each test sets ``LANG`` to the reader it plays."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def said_in_french(out: str) -> None:
    english = [(line, words) for line in out.splitlines() if (words := english_words(line))]
    assert not english, english[:5]
    assert FRENCH_CARD.search(out) and not ENGLISH_CARD.search(out), out[:400]


@pytest.mark.parametrize(
    "args",
    [
        ("--seed", "37"),
        ("--seed", "1272", "--dealer", "0"),
        ("--seed", "5", "--dealer", "3", "--fault", "exposed:2:T21"),
        ("--seed", "3", "--fault", "misdeal"),
        ("--seed", "3", "--fault", "chien_count"),
        ("--seed", "3", "--fault", "early_pickup:1"),
        ("--seed", "8", "--fault", "exposed:1"),
        ("--seed", "2", "--players", "5", "--count", "2"),
        ("--seed", "2", "--players", "3"),
    ],
)
def test_a_deal_is_told_in_french_to_a_french_reader(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch, args: tuple[str, ...]
) -> None:
    reader.setenv("LANG", "fr_FR.UTF-8")
    code, out, err = run(capsys, "deal", *args)
    assert code == 0 and err == "", err
    said_in_french(out)
    assert "donneur" in out and "(D" in out


def test_a_deal_names_its_steps_with_the_french_words(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch
) -> None:
    reader.setenv("LANG", "fr_FR.UTF-8")
    out = run(capsys, "deal", "--seed", "37")[1]
    for words in ("Tirage du premier donneur", "bat les cartes", "coupe 15 cartes",
                  "distribue 3 par 3", "le chien", "Pas de Petit sec", "l'entame",
                  "[4 atouts]", "[1 atout]",
                  "\n  place 2 (donneur) :  19 16 ", "\n  place 3 :            17 9"):  # fmt: skip
        assert words in out, words
    petit = run(capsys, "deal", "--seed", "1272", "--dealer", "0")[1]
    assert "Petit sec ! La place 0 a le Petit sans autre atout" in petit


def test_lang_names_the_language_of_the_telling_whatever_the_locale(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch
) -> None:
    reader.setenv("LANG", "C.UTF-8")
    english = run(capsys, "deal", "--seed", "7", "--dealer", "0")[1]
    assert run(capsys, "deal", "--seed", "7", "--dealer", "0", "--lang", "fr")[1].startswith(
        "Le donneur est la place 0.\nLa place 2, en face du donneur, bat les cartes (D4).\n"
    )
    reader.setenv("LANG", "fr_FR.UTF-8")
    assert run(capsys, "deal", "--seed", "7", "--dealer", "0", "--lang", "en")[1] == english
    code, _, err = run(capsys, "deal", "--lang", "de")
    assert code == 2 and err == "atout : erreur : --lang 'de' : choisissez fr ou en\n", err


def test_the_english_telling_is_as_it_was(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch
) -> None:
    """English sentences, French card letters (unless --english), and with --english
    the English letters: the telling the pages show."""
    reader.setenv("LANG", "C.UTF-8")
    out = run(capsys, "deal", "--seed", "37")[1].splitlines()
    assert out[:3] == [
        "Draw for the first dealer: each player draws a card face down (D1).",
        "  seat 0 draws Ex — the Excuse does not count: draws again (D3)",
        "  seat 0 draws C♠",
    ]
    assert out[-1] == (
        "No Petit sec (D16). Seat 3 speaks first (B1) and leads the first trick (D18); "
        "seat 3 deals next (D17)."
    )
    assert out[-4] == (
        "  seat 2 (dealer):   19 16 15 14 13 8 4 2 1 C♠ 10♠ 6♠ 4♠ 3♠ C♥ V♣ 10♣ 3♦  [9 trumps]"
    )
    assert (
        out[-6]
        == "  seat 0:            11 V♠ 5♠ 1♠ R♥ D♥ V♥ 9♥ 8♥ 3♥ D♣ 9♣ 7♣ 1♣ V♦ 10♦ 9♦ 8♦  [1 trump]"
    )
    english = run(capsys, "deal", "--seed", "37", "--english")[1]
    assert "  seat 0 draws N♠" in english and not FRENCH_CARD.search(english)
    faults = run(capsys, "deal", "--seed", "3", "--fault", "misdeal")[1]
    assert "Fault (D12): seat 2 (dealer) misdealt.\n  The deal is void; seat 2 deals" in faults


def test_a_match_between_bots_is_told_in_french_to_a_french_reader(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch
) -> None:
    reader.setenv("LANG", "fr_FR.UTF-8")
    for players in ("3", "4", "5"):
        args = ("--bots", "random", "--deals", "4", "--seed", "1", "--players", players)
        code, out, err = run(capsys, "play", *args)
        assert code == 0 and err == "", err
        said_in_french(out)
        assert out.startswith("Donne 1 : la place ") and "Enchères (B1) : " in out
        assert "  Totaux : [" in out and "\nTotaux finaux : place " in out
    assert "Appelle " in out  # the King called with 5 players


def test_a_match_between_bots_is_told_in_english_as_it_was(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch
) -> None:
    reader.setenv("LANG", "C.UTF-8")
    out = run(capsys, "play", "--bots", "random", "--deals", "2", "--seed", "1")[1]
    assert out.startswith("Donne 1: seat ") and "  Bids (B1): " in out
    assert "  Totals: [" in out and "\nFinal totals: seat " in out
    assert "  S1  points : attaque " in out  # the score sheet's French, as before
    english = run(capsys, "play", "--bots", "random", "--deals", "2", "--seed", "1", "--english")
    assert "  S1  points: attack " in english[1]


def test_replay_and_verify_say_a_broken_record_in_french(
    capsys: pytest.CaptureFixture[str], reader: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": 1}x', encoding="utf-8")
    reader.setenv("LANG", "fr_FR.UTF-8")
    code, _, err = run(capsys, "replay", str(broken))
    assert code == 1
    assert err.endswith("pas du JSON (texte en trop après la valeur : ligne 1, colonne 14)\n"), err
    assert english_words(err) == []
    code, _, err = run(capsys, "verify", str(broken))
    assert err.endswith(": pas du JSON (texte en trop après la valeur : ligne 1, colonne 14)\n")
    reader.setenv("LANG", "C.UTF-8")
    code, _, err = run(capsys, "replay", str(broken))
    assert code == 1 and err.endswith(": not JSON (Extra data: line 1 column 14)\n"), err


def test_describe_takes_the_language_and_the_card_names_apart() -> None:
    deal = Deal.automatic(Variant.for_players(4), Rules(), make_rng(37))
    french = describe_deal(deal, "fr")
    assert french[2] == "  la place 0 tire C♠"
    assert describe_deal(deal, "en")[2] == "  seat 0 draws N♠"
    assert describe_deal(deal, "en", cards="fr")[2] == "  seat 0 draws C♠"
    assert describe_deal(deal, "fr", cards="en")[2] == "  la place 0 tire N♠"
    mine = describe_deal(deal, "fr", viewer=1)
    assert any(line.startswith("Votre jeu : ") for line in mine)
    assert not any(english_words(line) for line in mine)
