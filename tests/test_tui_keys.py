"""The terminal table's keys and words: Escape on a result does not deal the next
donne, a key that does nothing says so, every panel's footer shows its own keys,
Resume names the match it brings back, a window too small is said."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widgets import Footer

from atout.tui.app import HelpScreen, PanelScreen, StartScreen, TableScreen, TarotApp
from atout.tui.screens import TooSmallScreen
from atout.tui.session import Settings
from tests.test_tui import QUIET, log_text, message, play_until_result, table

SIZE = (80, 24)


async def test_escape_on_a_result_does_not_deal_the_next_donne(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, deals=3), 4, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        number = panel.app.screen_stack[-2]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is panel  # still the result: Escape only says what goes on
        note = str(panel.query_one("#panel-note").render())
        assert note == "Enter deals the next donne; q saves and quits."
        assert number is app.screen_stack[-2]
        assert table_number(app) == 1
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, PanelScreen) and table_number(app) == 2


def table_number(app: TarotApp) -> int:
    screen = app.screen_stack[-2] if isinstance(app.screen, PanelScreen) else app.screen
    assert isinstance(screen, TableScreen)
    return screen.session.observation().number


async def test_a_key_that_does_nothing_says_so(tmp_path: Path) -> None:
    app = TarotApp(QUIET, 4, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(20):
            await pilot.pause()
            if table(app).session.human_to_act():
                break
        assert "The chien stays face down: 6 cards (D10)." in log_text(app)
        for key in ("y", "c", "s"):  # the bidding: none of these means anything
            await pilot.press(key)
            assert message(app) == f"The key {key} does nothing now; ? lists the keys."
        await pilot.press("u")  # undo, with nothing of the person's to take back yet
        assert message(app) == "Nothing to undo: you have not played in this donne yet."


async def test_every_panel_shows_its_own_keys(tmp_path: Path) -> None:
    app = TarotApp(QUIET, 4, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        footer = app.screen.query_one(Footer)
        assert footer.region.bottom == SIZE[1]  # over the table's own footer
        keys = {b.binding.key for b in app.screen.active_bindings.values() if b.binding.show}
        assert "l" not in keys  # the table's "last trick" is not offered over the help
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_resume_names_the_match_it_brings_back(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, players=5, deals=10), 4, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    again = TarotApp(Settings(ui="en"), None, tmp_path / "match.json")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, StartScreen)
        said = str(again.screen.query_one("#resume-about").render())
        assert said.startswith("Resume: 5 players, 10 donnes, at donne 1; saved 20")


async def test_a_window_too_small_is_said_until_it_is_enlarged(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, ui="fr"), 4, tmp_path / "match.json")
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        said = str(app.screen.query_one("#too-small-text").render())
        assert said.startswith("La fenêtre est trop petite : 70×20.") and "80×24" in said
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.resize_terminal(79, 30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)


async def test_the_size_check_ticking_while_the_app_closes_does_nothing(tmp_path: Path) -> None:
    app = TarotApp(QUIET, 4, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen_stack
    assert not app.screen_stack  # closed: no screen left, as when the 0.2 s timer ticks late
    app.check_size()  # a late tick: no "No screens on stack"
