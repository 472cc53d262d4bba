"""What a regular player found last at the terminal table (issue 24): panels that
scroll by the keys, a command palette of the table's own commands, a first hint that
says the engine compiles, ``--help``'s levels, counts kept with their words, the hint's
note over the log."""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll

from atout.tui.app import PanelScreen, TableScreen
from atout.tui.words import tr
from tests.test_tui import QUIET, message, new_app, play_until_result, screen_text, table
from tests.test_tui_learn import wait_for_hint
from tests.test_tui_newcomer import hint_box, my_turn


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_standings_scroll_by_the_keys_and_say_when_there_is_more(
    tmp_path: Path, ui: str
) -> None:
    settings = replace(QUIET, deals=1, players=5, ui=ui)
    app = new_app(tmp_path, 3, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        await pilot.pause()
        scroll = panel.query_one("#panel-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0  # 5 players' marks and standings: taller than 24 rows
        more = "↓ PgDn more" if ui == "en" else "↓ PgDn suite"
        last = str(panel.text).rstrip().splitlines()[-1].strip()  # the last in the standings
        assert more in screen_text(app)[-1]
        assert not any(last in line for line in screen_text(app))
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y == 1
        await pilot.press("end")
        await pilot.pause()
        lines = screen_text(app)
        assert any(last in line for line in lines), lines
        assert more not in lines[-1], lines[-1]  # nothing more below
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y  # less than a page more
        assert isinstance(app.screen, PanelScreen)  # no key above took the panel away


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_palette_offers_only_the_tables_own_commands(tmp_path: Path, ui: str) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, ui=ui))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        table(app).query_one("#hand").focus()  # a widget that could be maximized
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles == ([tr(ui, "Theme"), tr(ui, "Quit")]), titles
        for word in ("Keys", "Touches", "Maximize", "Agrandir"):
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*word.lower())
            await pilot.pause(0.5)
            lines = screen_text(app)
            assert not any(word in line for line in lines), lines
            await pilot.press("escape")
            await pilot.pause()
        assert isinstance(app.screen, TableScreen)


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_first_hint_says_the_engine_is_compiled_then_no_more(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ui: str
) -> None:
    """The first search on a clean machine compiles its kernel (half a minute, more
    when busy) whatever the hint's 3 s budget: the hint's line says so, that once."""
    import atout.sim.playout
    from atout.bots.explain import hint
    from atout.tui import table_comforts

    gate = threading.Event()

    def held(*args: Any, **kwargs: Any) -> Any:
        gate.wait(30)  # the compiling, as long as the test wants
        return hint(*args, **kwargs)

    monkeypatch.setattr(atout.sim.playout, "compiled_on_disk", lambda: False)
    monkeypatch.setattr(table_comforts, "hint", held)
    compiling = {
        "en": "first time: compiling the engine…",
        "fr": "première fois : le moteur se compile…",
    }[ui]
    app = new_app(tmp_path, 12, replace(QUIET, ui=ui))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert compiling in message(app), message(app)
        gate.set()
        await wait_for_hint(pilot, app)
        assert not table(app).compiling  # a search came back: the engine is ready
        table(app).drop_hint()
        gate.clear()
        await pilot.press("h")  # the same turn, asked again: no compiling now
        await pilot.pause()
        assert table(app).hinting
        assert compiling not in message(app), message(app)
        assert message(app).endswith(tr(ui, "Looking for a hint… {seconds} s (Escape cancels)",
                                        seconds=0))  # fmt: skip
        gate.set()
        await wait_for_hint(pilot, app)


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_result_keeps_a_count_with_its_words_at_80_columns(
    tmp_path: Path, ui: str
) -> None:
    """The taker's camp's line is wider than the last donne's panel (its scrollbar
    shown) at 80 columns in French: it breaks between words, the margin (« chute de
    8 ») kept whole."""
    settings = replace(QUIET, deals=1, players=5, ui=ui)
    app = new_app(tmp_path, 3, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        await pilot.pause()
        verdict = re.search(r"(?:fait de|chute de|made by|failed by) \d+", str(panel.text))
        assert verdict is not None, panel.text
        lines = [line.strip(" │") for line in screen_text(app)]  # the panel's lines
        camp = next(i for i, line in enumerate(lines) if "Camp du" in line or "Taker's" in line)
        assert verdict[0] in " ".join(lines[camp : camp + 2]), lines[camp : camp + 2]
        number = verdict[0].rsplit(" ", 1)[1]
        assert lines[camp + 1].split(" ")[0] != number, lines[camp : camp + 2]
        for line in lines:
            assert not re.search(r" (?:de|by)$", line), line  # no count cut from its words


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_hint_covers_the_logs_whole_width(tmp_path: Path, size: tuple[int, int]) -> None:
    """No column of the log shows beside the hint (a stray « s » at column 118 at
    120×40: the notes' rack kept a scrollbar's gutter)."""
    app = new_app(tmp_path, 5, replace(QUIET, ui="fr"))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("n")
        screen = await my_turn(pilot, app)
        await pilot.press("h")
        box = await hint_box(pilot, app)
        log = screen.query_one("#log").region
        assert (box.x, box.right) == (log.x, log.right), (box, log)
        lines = screen_text(app)
        for row in range(box.y, box.bottom):  # the hint's padding, not the log, at the right
            assert lines[row][log.right - 1] == " ", lines[row]
