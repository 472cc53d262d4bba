"""What a regular player still met at the terminal table (issue 24, another pass): an
option given on the command line at its default value, help sized to the screen, the
écart's undo, the hint's time budget, and the labels and panels that follow."""

from __future__ import annotations

from pathlib import Path

import pytest

from atout.tui.app import TarotApp
from atout.tui.remember import remember
from atout.tui.session import Settings
from tests.cli_helpers import run


def settings_opened(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str
) -> Settings:
    """The settings the table opens with after ``atout play ARGS`` in a terminal."""
    opened: list[Settings] = []

    def open_table(app: TarotApp) -> None:
        opened.append(app.settings)
        app.lock.release()

    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setattr(TarotApp, "run", open_table)
    code, _, err = run(capsys, "play", *args)
    assert code == 0, err
    return opened[0]


def test_an_option_given_at_its_default_wins_over_the_remembered_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATOUT_HOME", str(tmp_path))
    remember(tmp_path / "settings.json", Settings(players=3, deals=1, lang="en", bots="random"))
    found = settings_opened(capsys, monkeypatch, "--players", "4", "--deals", "5")
    assert (found.players, found.deals) == (4, 5)
    assert (found.lang, found.bots) == ("en", "random")  # not given: remembered
    found = settings_opened(capsys, monkeypatch, "--level", "heuristic")
    assert (found.players, found.deals, found.bots) == (3, 1, "heuristic")
    found = settings_opened(capsys, monkeypatch)
    assert (found.players, found.deals, found.bots) == (3, 1, "random")
