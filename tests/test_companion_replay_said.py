"""``atout replay`` prints a companion's sheet wholly in the reader's language (LANG),
with the reader's card names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from atout.companion import Evening
from tests.cli_helpers import run

NAMES5 = ["Anne", "Bruno", "Chloé", "David", "Émile"]


def evening() -> Evening:
    """Bruno deals, David turns up the queen of hearts (D14), which voids the first donne; a garde
    with the king of hearts called, made; an all pass."""
    e = Evening(5, NAMES5)
    e.add({"type": "dealer", "seat": 1})
    e.add({"type": "fault", "kind": "card_exposed", "by": 3, "card": "QH"})
    e.add({"type": "result", "contract": "garde", "taker": 1, "called": "KH", "partner": 4,
           "points": 47, "bouts": 2})  # fmt: skip
    e.add({"type": "all_pass"})
    return e


def replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> list[str]:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(evening().game_record(), ensure_ascii=False), "utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, "")
    return out.splitlines()


def test_the_replay_speaks_french_throughout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    lines = replayed(tmp_path, capsys, "fr")
    assert lines[0].startswith("  1  Bruno donne [D14 carte retournée par David (D♥)] : ")
    assert lines[0].endswith(": donne annulée, carte retournée par David (D14)")
    assert lines[1].startswith(
        "  2  Bruno donne : Garde de Bruno avec Émile (appelé R♥), 47 points"
    )
    assert ", 2 bouts, réussie de 6 ;" in lines[1]
    assert lines[2].endswith(": donne annulée, tous passent (B3)")
    assert lines[3].startswith("Totaux : ")
    assert lines[4] == "En tête : Bruno"
    assert lines[-1].startswith("Donnes vérifiées : 3 (jouées : 1, annulées : 2)")
    assert "[" not in lines[-1]  # the totals by name, on their own line above
    english = (" deals", " with ", " made ", "called", "void", "Totals", "Ahead", "QH", "KH")
    for line in lines[:-1]:
        assert not any(word in line for word in english), line


def test_the_replay_speaks_english_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    lines = replayed(tmp_path, capsys, "en")
    assert lines[0] == (
        "  1  Bruno deals [D14 card turned face up by David (Q♥)]: void, "
        "card turned face up by David (D14)"
    )
    assert lines[1].startswith("  2  Bruno deals: Garde by Bruno with Émile (called K♥), 47 points")
    assert lines[4] == "Ahead: Bruno"
