"""The terminal table while the bots think: a search bot decides off the interface's
thread, the table says who is thinking, and every key is answered meanwhile; the
levels are named and explained on the start screen, the cheating one kept out."""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from atout.bot_levels import LEVELS, about, table_levels, title
from atout.bots import BOTS, HeuristicBot
from atout.state import Action, Observation
from atout.tui.app import OptionRow, SheetScreen, TableScreen, TarotApp
from atout.tui.session import Settings, TableSession

SIZE = (80, 24)
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en", bots="search-fast")


class GatedBot:
    """A bot that decides only once the test opens its gate (a search that takes its
    time); then it plays as the heuristic bot."""

    def __init__(self, gate: threading.Event, rng: random.Random) -> None:
        self.gate, self.inner = gate, HeuristicBot(rng)
        self.rng = self.inner.rng

    def act(self, observation: Observation) -> Action:
        self.gate.wait(timeout=20)  # never forever, even on a table that blocks
        return self.inner.act(observation)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    opened = threading.Event()
    monkeypatch.setitem(BOTS, "search-fast", lambda rng: GatedBot(opened, rng))
    return opened


def message(app: TarotApp) -> str:
    """The line above the hand as said (its wrap at the window's width undone)."""
    return str(app.screen.query_one("#message").render()).replace("\n", " ")


async def bot_thinking(pilot: object, app: TarotApp) -> TableScreen:
    """Start a match and pass until a bot is asked for its decision."""
    await pilot.press("n")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, TableScreen)
    for _ in range(5):
        if screen.thinking is not None:
            return screen
        if screen.session.human_to_act():
            await pilot.press("p")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
    raise AssertionError("no bot was asked")


async def test_a_thinking_bot_leaves_the_keys_answered(
    tmp_path: Path, gate: threading.Event
) -> None:
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinking(pilot, app)
        seat, seq = screen.thinking, screen.session.observation().seq
        assert seat is not None
        await pilot.pause(0.5)
        name = screen.seats.short(seat)
        assert message(app) == f"{name} is thinking…"
        await pilot.press("enter")  # the person's key, before their turn: said why
        assert message(app) == f"Not your turn yet: {name} is thinking…"
        await pilot.press("m")  # the score sheet opens while the bot thinks
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        await pilot.pause()
        back: object = app.screen
        assert back is screen and screen.thinking == seat
        assert screen.session.observation().seq == seq  # nothing decided yet
        gate.set()
        for _ in range(50):
            await pilot.pause(0.05)
            if screen.session.observation().seq > seq:
                break
        assert screen.session.observation().seq > seq  # the decision came back, applied
        assert screen.thinking != seat or screen.session.observation().seq > seq + 1


async def test_quitting_while_a_bot_thinks_saves_the_match(
    tmp_path: Path, gate: threading.Event
) -> None:
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinking(pilot, app)
        actions = len(screen.session.actions)
        await pilot.press("q")
        await pilot.pause()
    gate.set()
    assert app.return_code == 0
    assert (tmp_path / "match.json").exists()
    assert len(screen.session.actions) == actions


async def test_the_levels_on_the_start_screen(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, bots="heuristic"), 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#bots", OptionRow)
        assert row.values == table_levels() and "search-cheat" not in row.values
        said = str(app.screen.query_one("#bots-about").render())
        assert said.strip() == about("heuristic", "en")
        row.focus()
        for _ in range(len(row.values)):  # round every level: never the cheat
            await pilot.press("right")
            assert app.settings.bots != "search-cheat"
            said = str(app.screen.query_one("#bots-about").render())
            assert said.strip() == about(app.settings.bots, "en")
        await pilot.press("down", "down", "down", "down", "down", "down", "down")
        assert app.focused is not None and app.focused.id == "ui"
        await pilot.press("right")  # the interface in French: the levels too
        await pilot.pause()
        said = str(app.screen.query_one("#bots-about").render())
        assert said.strip() == about(app.settings.bots, "fr") != about(app.settings.bots, "en")


def test_every_level_of_the_registry_is_explained_in_both_languages() -> None:
    assert [lv.name for lv in LEVELS] == list(BOTS)
    for lv in LEVELS:
        for lang in ("en", "fr"):
            assert title(lv.name, lang) and len(about(lv.name, lang)) <= 120  # two lines
        assert about(lv.name, "fr") != about(lv.name, "en"), lv.name


async def test_the_cheating_level_never_shows_as_another(tmp_path: Path) -> None:
    """Given the cheating level, the start screen offers the default level and uses it:
    what it shows is what plays (never the first level, ``random``, shown silently)."""
    app = TarotApp(replace(QUIET, bots="search-cheat"), 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row = app.screen.query_one("#bots", OptionRow)
        assert row.value == app.settings.bots == "heuristic"
        said = str(app.screen.query_one("#bots-about").render())
        assert said.strip() == about("heuristic", "en")


def test_remembered_cheating_level_is_refused_with_a_notice(tmp_path: Path) -> None:
    from atout.tui.remember import Remembered, remember

    path = tmp_path / "settings.json"
    remember(path, Settings(bots="search-cheat"))
    found = Remembered.load(path)
    assert found.settings is None
    assert "for atout arena only" in found.notice("en")
    assert "atout arena" in found.notice("fr") and found.notice("fr") != found.notice("en")


async def test_a_bot_out_of_time_decides_on_fewer_samples_and_resumes_exactly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget spent at once (0 s): each search plays out one round of samples; what
    it chose is saved as an action, so the resumed match is the same to the last bit."""
    import atout.tui.session as tui_session
    from atout.bots.search import ROUND, SearchBot

    spent = {lv.name: replace(lv, budget=0.0) for lv in LEVELS}
    monkeypatch.setattr(tui_session, "level", lambda name: spent[name])
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        bots = [b for b in screen.session.bots if isinstance(b, SearchBot)]
        for _ in range(2400):  # the first search compiles its kernels: a while when loaded
            await pilot.pause(0.05)
            if any(b.used for b in bots) and screen.thinking is None:
                break
            if screen.session.human_to_act():
                await pilot.press("p")
        assert any(b.used == ROUND for b in bots)  # 24 samples, one round of 16 played
        while screen.thinking is not None:
            await pilot.pause(0.05)
        session = screen.session
        await pilot.press("q")
        await pilot.pause()
    resumed = TableSession.load(tmp_path / "match.json")
    assert resumed.actions == session.actions
    assert resumed.observation() == session.observation()
    saved = json.loads((tmp_path / "match.json").read_text())
    assert resumed.to_json() == saved  # the generators too, as they were saved
