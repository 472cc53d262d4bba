"""``atout tournament seating`` as a club organiser runs it."""

from __future__ import annotations

import re

import pytest

from tests.cli_helpers import run


def _tables(out: str) -> list[list[list[int]]]:
    """The rounds printed: each round's tables, each its players' numbers."""
    rounds: list[list[list[int]]] = []
    for line in out.splitlines():
        if re.match(r"(Round|Partie) \d+$", line):
            rounds.append([])
        elif line.startswith("  "):
            rounds[-1].append([int(n) for n in line.split(":", 1)[1].split()])
    return rounds


def test_donnes_libres_prints_every_round_with_every_player_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(
        capsys, "tournament", "seating", "--players", "13", "--rounds", "5", "--lang", "en"
    )
    assert code == 0 and err == ""
    assert out.startswith("Donnes libres: 13 players at 3 tables (4 + 4 + 5), 5 rounds\n")
    rounds = _tables(out)
    assert len(rounds) == 5
    for tables in rounds:
        assert [len(t) for t in tables] == [4, 4, 5]
        assert sorted(p for t in tables for p in t) == list(range(1, 14))
    summary = re.search(r"Repeated meetings: (\d+) \(.* fewer than (\d+)\)", out)
    assert summary is not None
    found, bound = map(int, summary.groups())
    assert found >= bound == 32


def test_duplicate_prints_the_etui_of_each_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "tournament", "seating", "-p", "16", "-r", "4", "--duplicate", "--lang", "en"
    )
    assert code == 0
    assert "4 étuis" in out
    assert re.search(r"^  Table 1, étui 1:  1  2  3  4$", out, re.M)
    rounds = _tables(out)
    seats = {p: t.index(p) for t in rounds[0] for p in t}
    assert all(t.index(p) == seats[p] for tables in rounds for t in tables for p in t)


def test_french_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tournament", "seating", "-p", "9", "-r", "3", "--lang", "fr")
    assert code == 0
    assert out.startswith("Donnes libres : 9 joueurs à 2 tables (4 + 5), 3 parties\nPartie 1\n")
    assert "Rencontres répétées" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["-p", "11", "-r", "3"],
            "11 players cannot sit at tables of 4 and 5 (nearest counts that can: 10 or 12)",
        ),
        (["-p", "13", "-r", "3", "--duplicate"], "13 players: no duplicate movement exists"),
        (["-p", "12", "-r", "0"], "0 rounds: give 1 to 20"),
        (["-p", "12", "-r", "1", "--duplicate"], "1 round: give 2 to 20"),
        (["-p", "12", "-r", "3", "--seed", "-1"], "--seed -1"),
        (["-p", "12", "-r", "3", "--lang", "de"], "--lang 'de'"),
    ],
)
def test_mistakes_are_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = (
        run(capsys, "tournament", "seating", *args, "--lang", "en")
        if "--lang" not in args
        else run(capsys, "tournament", "seating", *args)
    )
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err


def test_mistakes_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "tournament", "seating", "-p", "7", "-r", "3", "--lang", "fr")
    assert code == 2
    assert "7 joueurs ne peuvent pas s'asseoir à des tables de 4 et de 5" in err


@pytest.mark.parametrize(
    ("lang", "reader", "prefix", "words"),
    [
        ("fr", "C", "atout : erreur : ", "7 joueurs ne peuvent pas"),
        ("en", "fr_FR.UTF-8", "atout: error: ", "7 players cannot sit"),
    ],
)
def test_the_error_prefix_follows_lang_not_the_readers_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str,
    reader: str, prefix: str, words: str,
) -> None:  # fmt: skip
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", reader)
    code, _, err = run(capsys, "tournament", "seating", "-p", "7", "-r", "3", "--lang", lang)
    assert code == 2 and err.startswith(prefix) and words in err, err
    # the next run, without --lang, speaks the reader's language again
    code, _, err = run(capsys, "tournament", "seating", "-p", "7", "-r", "3")
    assert code == 2 and not err.startswith(prefix), err


def test_counts_of_one_are_singular_in_english_and_french() -> None:
    from atout.tournament import TournamentError
    from atout.tournament.club import new_tournament
    from atout.tournament.seating import check_rounds
    from atout.tournament.sheets import heading

    names = [f"p{i}" for i in range(16)]
    libres = new_tournament(names[:12], 1, 1, name="club")
    assert heading(libres, "en") == "club: donnes libres, 12 players, 1 round of 1 donne"
    assert heading(libres, "fr") == "club : donnes libres, 12 joueurs, 1 partie de 1 donne"
    duplicate = new_tournament(names, 2, 1, True, 0, bytes(32), "club")
    assert heading(duplicate, "en") == "club: duplicate, 16 players, 2 rounds, étuis of 1 deal"
    assert heading(duplicate, "fr") == "club : duplicate, 16 joueurs, 2 parties, étuis de 1 donne"
    for rounds, english, french in [
        (1, "1 round: give 2 to 20", "1 partie : donnez-en de 2 à 20"),
        (0, "0 rounds: give 2 to 20", "0 partie : donnez-en de 2 à 20"),
        (21, "21 rounds: give 2 to 20", "21 parties : donnez-en de 2 à 20"),
    ]:
        with pytest.raises(TournamentError) as refused:
            check_rounds(rounds, 2)
        assert (str(refused.value), refused.value.said("fr")) == (english, french)
