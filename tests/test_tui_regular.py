"""What a regular player met at the terminal table (issue 24): the final standings'
keys, the result panel's words and layout, the statistics' French, narrow labels."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from atout.bidding import Contract
from atout.scoring import Result, score
from atout.tui.app import PanelScreen, TarotApp
from atout.tui.texts import camps_text
from tests.test_tui import QUIET, new_app, play_until_result, screen_text


async def final_panel(tmp_path: Path, pilot: object, app: TarotApp) -> PanelScreen:
    await pilot.press("n")  # type: ignore[attr-defined]
    return await play_until_result(pilot, app)


async def test_the_final_standings_show_their_keys_and_each_works(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, deals=1))
    async with app.run_test(size=(80, 24)) as pilot:
        await final_panel(tmp_path, pilot, app)
        await pilot.pause()
        footer = screen_text(app)[-1]
        for key in ("x Export", "a Play again", "m Score sheet", "q Quit", "t Statistics"):
            assert key in footer, footer
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "StatsScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        await pilot.press("escape")
        await pilot.pause()
        for key in ("l", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, PanelScreen)
            notes = [n.message for n in app._notifications]
            assert any("The match is over" in n for n in notes), notes


def half_point_result(points: float, bouts: int) -> Result:
    return score(players=4, taker=0, partner=None, contract=Contract.PRISE,
                 taker_half_points=int(2 * points), bouts=bouts, petit_au_bout=0,
                 poignee=0, chelem=0)  # fmt: skip


def test_a_rounded_half_point_says_s5() -> None:
    text = str(camps_text(half_point_result(63.5, 2), "fr"))
    assert "il en fallait 41 (S2) : fait de 23 (22,5 arrondi, S5)" in text, text
    text = str(camps_text(half_point_result(40.5, 2), "en"))
    assert "failed by 1 (0.5 rounded, S5)" in text, text
    text = str(camps_text(half_point_result(64.0, 2), "en"))
    assert "made by 23\n" in text and "S5" not in text, text
