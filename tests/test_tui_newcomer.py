"""What a newcomer still met at the terminal table (Textual Pilot, French, 80×24 and
120×40, NO_COLOR too): where the hint lies, the "window too small" words, one name per
seat, the rules screen's hanging indent, no fixed colours under NO_COLOR."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.widgets import RichLog
from textual.widgets._toast import Toast

from atout.tui.app import TableScreen, TarotApp
from atout.tui.session import Settings
from atout.tui.words import Seats

QUIET = Settings(animate=False, speed="fast", pause=0, ui="fr")


def new_app(tmp_path: Path, settings: Settings = QUIET, seed: int | None = 3) -> TarotApp:
    return TarotApp(settings, seed, tmp_path / "match.json", config=tmp_path / "settings.json")


async def my_turn(pilot: Any, app: TarotApp) -> TableScreen:
    for _ in range(400):
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, TableScreen):
            idle = screen.thinking is None and not screen.busy and not screen.hold
            if idle and screen.session.human_to_act():
                return screen
    raise AssertionError("the person's turn never came")


async def hint_box(pilot: Any, app: TarotApp) -> Region:
    for _ in range(2400):  # a hint takes seconds, more on a loaded machine
        await pilot.pause(0.05)
        toasts = list(app.screen.query(Toast))
        if toasts and toasts[-1].region.area:
            await pilot.pause()
            return app.screen.query(Toast).last().region
    raise AssertionError(
        ("no hint came", list(app._notifications), list(app.screen.query(Toast)), app.screen)
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_hint_lies_over_the_log_leaving_hand_prompt_and_buttons(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = new_app(tmp_path, replace(QUIET, players=4), seed=5)
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("n")
        screen = await my_turn(pilot, app)  # the person's bid: the buttons are up
        await pilot.press("h")
        box = await hint_box(pilot, app)
        log = screen.query_one("#log").region
        assert log.contains_region(box), (box, log)
        for name in ("#hand", "#actions", "#message", "#status", "#trick"):
            part = screen.query_one(name).region
            assert not part.overlaps(box), (name, part, box)


async def test_the_hint_follows_the_log_when_the_window_grows(tmp_path: Path) -> None:
    app = new_app(tmp_path, replace(QUIET, players=4), seed=5)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        screen = await my_turn(pilot, app)
        await pilot.press("h")
        await hint_box(pilot, app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.1)
        await pilot.pause()
        box = app.screen.query(Toast).last().region
        log = screen.query_one("#log").region
        assert log.contains_region(box) and box.width >= log.width - 2 > 60, (box, log)
        assert screen.query_one("#log", RichLog).lines  # the log written again at the new width


def drawn_lines(widget: Any) -> list[str]:
    return [widget.render_line(y).text.strip() for y in range(widget.size.height)]


@pytest.mark.parametrize("width", [40, 50, 60, 70, 79])
async def test_the_window_too_small_words_wrap_at_words_never_before_punctuation(
    tmp_path: Path, width: int
) -> None:
    for ui in ("fr", "en"):
        app = new_app(tmp_path / ui, replace(QUIET, ui=ui))
        async with app.run_test(size=(width, 20)) as pilot:
            await pilot.pause()
            lines = [x for x in drawn_lines(app.screen.query_one("#too-small-text")) if x]
            assert len(lines) >= 2 and ("80×24" in " ".join(lines)), lines
            for line in lines:
                assert line[0].isalnum(), lines  # no line begins with ";" or ":"
            words = " ".join(lines).split()
            assert words[-1].endswith(".") and len(words) > 12, lines


SEAT_IN_BRACKETS = re.compile(
    r"(Right|Left|Across|Far right|Far left|Droite|Gauche|En face|Loin à droite|"
    r"Loin à gauche) \(\d\)"
)


def test_a_seat_has_one_name_in_both_languages() -> None:
    for ui, names in (
        ("fr", ["Vous", "Droite 1", "En face 2", "Gauche 3"]),
        ("en", ["You", "Right 1", "Across 2", "Left 3"]),
    ):
        seats = Seats(0, 4, ui)
        assert [seats.name(seat) for seat in range(4)] == names
        assert [seats.short(seat) for seat in range(4)] == names


async def test_the_log_and_the_result_name_seats_as_the_table_does(tmp_path: Path) -> None:
    from tests.test_tui_learn import play_until_result

    app = new_app(tmp_path, replace(QUIET, players=4), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        log = "\n".join(str(line) for line in table.lines)
        result = str(panel.text)
        for text in (log, result):
            assert not SEAT_IN_BRACKETS.search(text), SEAT_IN_BRACKETS.search(text)
        assert re.search(r"(Droite 1|En face 2|Gauche 3)", log), log
        assert re.search(r"(Droite 1|En face 2|Gauche 3)", result), result


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_wrapped_setting_in_the_rules_goes_on_under_its_first_word(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from atout.tui.screens import RulesScreen, RuleView

    app = new_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen("fr", "D4"))
        await pilot.pause(0.2)
        view = next(v for v in app.screen.query(RuleView) if v.rule == "D4")
        lines = [view.render_line(y).text.rstrip() for y in range(view.size.height)]
        first = next(i for i, line in enumerate(lines) if "Place du mélangeur" in line)
        assert lines[first].startswith("  Place"), lines
        following = lines[first + 1 : lines.index("", first)]
        assert len(following) >= 1, lines  # the setting's line does wrap
        for line in following:
            assert line.startswith("  ") and line[2] != " ", lines


COLOUR_CODES = {*range(30, 39), *range(40, 49), *range(90, 98), *range(100, 108)}
"""The SGR codes that set a fixed foreground or background (38 and 48: 256 colours or
RGB); 39 and 49, the terminal's own colours, are not among them."""


def fixed_colours(out: str) -> list[str]:
    """The escape sequences in ``out`` that send a fixed colour."""
    found = []
    for params in re.findall(r"\x1b\[([0-9;]*)m", out):
        if any(p and int(p) in COLOUR_CODES for p in params.split(";")):
            found.append(params)
    return found


async def test_no_color_sends_no_fixed_colour_only_bold_reverse_underline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app(tmp_path, replace(QUIET, players=4), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await my_turn(pilot, app)
        await pilot.pause(0.2)
        update = app.screen._compositor.render_update(full=True)
        assert isinstance(update, LayoutUpdate)
        out = update.render_segments(app.console)  # what goes to the terminal
        assert "Vous" in out and "Totaux" in out, out[:200]  # the table was drawn
        codes = set(re.findall(r"\x1b\[([0-9;]*)m", out))
        assert codes and not fixed_colours(out), sorted(codes)
        assert "1" in ";".join(codes).split(";")  # bold is kept
