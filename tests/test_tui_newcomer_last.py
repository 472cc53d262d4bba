"""A newcomer's last findings at the terminal table (Textual Pilot, French, 80×24):
the hint stays where it is drawn turn after turn."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets._toast import ToastHolder, ToastRack

from atout.tui import table_comforts
from tests.test_tui_learn import play_cards
from tests.test_tui_newcomer import QUIET, hint_box, my_turn, new_app


async def test_each_hint_is_drawn_where_the_first_was_turn_after_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_comforts, "HINT_BUDGET", 0.2)  # many turns, quickly
    monkeypatch.setattr(table_comforts, "HINT_SAMPLES", 4)
    app = new_app(tmp_path, replace(QUIET, players=4), seed=12)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        await play_cards(pilot, app, 1)
        boxes = []
        for _ in range(7):
            screen = await my_turn(pilot, app)
            await pilot.press("h")
            box = await hint_box(pilot, app)
            log = screen.query_one("#log").region
            assert log.contains_region(box), (box, log)
            boxes.append((box.x, box.y))
            rack = screen.get_child_by_type(ToastRack)
            assert len(rack.query(ToastHolder)) == 1  # the hints before it are gone
            await pilot.press("enter")  # the card advised is played: the hint goes
            await play_cards(pilot, app, 0)
        assert boxes == [boxes[0]] * len(boxes), boxes
