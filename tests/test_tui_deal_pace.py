"""The deal told, a setting of its own (step by step, quick, off), apart from the bots'
speed; remembered with the other settings; a save made before it was a setting tells
its deal as it did then, at the pace of the bots' speed."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from atout.errors import AtoutError
from atout.tui.app import OptionRow, TarotApp
from atout.tui.remember import Remembered, remember
from atout.tui.session import Settings, TableSession
from tests.test_tui import QUIET, table


async def test_the_start_screen_offers_the_deal_told_apart_from_the_speed(
    tmp_path: Path,
) -> None:
    app = TarotApp(replace(QUIET, animate=True), 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#deal", OptionRow)
        assert row.values == ["step", "quick", "off"] and row.value == "step"
        assert "Deal told" in str(row.render()) and "step by step" in str(row.render())
        row.focus()
        await pilot.press("right")
        assert app.settings.deal_pace == "quick" and app.settings.animate
        assert app.settings.speed == QUIET.speed  # the bots' speed is another setting
        await pilot.press("right")
        assert not app.settings.animate
        await pilot.press("right")
        assert app.settings.animate and app.settings.deal_pace == "step"


async def test_step_by_step_keeps_a_human_pace_with_fast_bots(tmp_path: Path) -> None:
    settings = replace(QUIET, animate=True, speed="fast", deal_pace="step")
    app = TarotApp(settings, 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause(1.5)
        screen = table(app)
        assert screen.pace(True) == 1.2 and screen.pace(False) == pytest.approx(0.4)
        assert screen.narration  # the deal is still being told, fast bots or not
        await pilot.press("space")
        await pilot.pause()
        assert not screen.narration


async def test_quick_tells_the_deal_in_a_few_seconds_with_slow_bots(tmp_path: Path) -> None:
    settings = replace(QUIET, animate=True, speed="slow", deal_pace="quick")
    app = TarotApp(settings, 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = table(app)
        assert screen.pace(True) == 0.15
        for _ in range(200):
            await pilot.pause(0.1)
            if not screen.narration:
                break
        assert not screen.narration


def test_an_old_save_tells_the_deal_at_the_bots_pace(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    session = TableSession(replace(QUIET, speed="slow"), seed=3, save_path=path)
    session.new_donne()
    session.close()
    data = json.loads(path.read_text())
    del data["settings"]["deal_pace"]  # as saved before the deal's pace was a setting
    path.write_text(json.dumps(data))
    old = TableSession.load(path)
    assert old.settings.deal_pace == "" and old.settings.deal_step() == 1.2
    assert Settings(speed="fast", deal_pace="").deal_step() == 0.05
    assert Settings(speed="fast").deal_step() == 1.2  # a new match: step by step


def test_the_deal_pace_is_remembered_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    remember(path, Settings(deal_pace="quick", animate=True))
    found = Remembered.load(path).settings
    assert found is not None and found.deal_pace == "quick"
    with pytest.raises(AtoutError, match="deal_pace: one of step, quick, not 'slowly'"):
        Settings(deal_pace="slowly").check()
