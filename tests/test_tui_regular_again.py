"""What a regular player still met at the terminal table (issue 24, another pass): an
option given on the command line at its default value, help sized to the screen, the
écart's undo, the hint's time budget, and the labels and panels that follow."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Button

from atout.bidding import Contract
from atout.bots.explain import Hint, hint
from atout.bots.search import ROUND
from atout.cards import Card, CardSet
from atout.chien import PoigneeLevel
from atout.play import Trick
from atout.state import PoigneeShown
from atout.tui import texts
from atout.tui.app import HelpScreen, OptionRow, PoigneeScreen, SheetScreen, TarotApp
from atout.tui.remember import remember
from atout.tui.session import Settings, TableSession
from atout.tui.words import Seats
from tests.cli_helpers import run
from tests.test_tui import (
    QUIET,
    find_seed,
    first_session,
    hand_views,
    human_takes,
    new_app,
    play_until_result,
    screen_text,
    table,
    under,
)
from tests.test_tui_learn import wait_for_hint


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


@pytest.mark.parametrize("ui", ["fr", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_help_uses_the_height_there_is_and_says_when_there_is_more(
    tmp_path: Path, ui: str, size: tuple[int, int]
) -> None:
    app = TarotApp(replace(QUIET, ui=ui), 5, tmp_path / "match.json")
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        text = app.screen.query_one("#help-text")
        more = "↓ PgDn more" if ui == "en" else "↓ PgDn suite"
        footer = screen_text(app)[-1]
        if text.virtual_region.height > scroll.region.height:
            # it must scroll: it takes the whole height, and the footer says so
            assert scroll.region.height >= size[1] - 6, scroll.region
            assert more in footer, footer
            for _ in range(20):
                await pilot.press("pagedown")
            await pilot.pause()
            assert more not in screen_text(app)[-1]  # its last line is shown
        else:
            assert more not in footer, footer
        assert scroll.region.bottom <= size[1] - 1


async def test_the_cursor_goes_to_the_card_taken_back_from_the_ecart(tmp_path: Path) -> None:
    app = new_app(tmp_path, find_seed(human_takes))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        screen = table(app)
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        (first,) = screen.picked
        for _ in range(3):  # the cursor goes elsewhere, then the card is taken back
            await pilot.press("right")
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert screen.picked == []
        (cursor,) = [v.card for v in hand_views(app) if v.cursor]
        assert cursor == first
        await pilot.press("enter")  # puts back that card, not its neighbour
        await pilot.pause()
        assert screen.picked == [first]


def test_a_hint_gives_the_best_found_when_its_time_budget_runs_out() -> None:
    session = first_session(12, QUIET)
    game = session.observation().game
    assert game is not None
    quick = hint(game, random.Random(1), samples=4000, budget=0.0)
    assert quick.samples == ROUND  # one round of samples, then the budget is spent
    assert quick.action in game.legal_actions and quick.value is not None
    assert hint(game, random.Random(1), samples=40).samples == 40  # no budget: all


async def test_the_table_gives_its_hints_a_time_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atout.tui import table_comforts

    given: list[Hint] = []

    def kept(*args: Any, **kwargs: Any) -> Hint:
        found = hint(*args, **kwargs)
        given.append(found)
        return found

    monkeypatch.setattr(table_comforts, "hint", kept)
    monkeypatch.setattr(table_comforts, "HINT_SAMPLES", 4000)  # far more than time allows
    monkeypatch.setattr(table_comforts, "HINT_BUDGET", 0.0)
    app = new_app(tmp_path, 12)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("h")
        text = await wait_for_hint(pilot, app)
        assert text.startswith("Hint: ") and given[0].samples == ROUND


async def test_the_start_screens_footer_follows_the_language_at_once(tmp_path: Path) -> None:
    app = new_app(tmp_path, 3, replace(QUIET, ui="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "q Quitter" in screen_text(app)[-1]
        app.screen.query_one("#ui", OptionRow).focus()
        for ui, words in (("en", ("q Quit", "n New match")), ("fr", ("q Quitter",))):
            await pilot.press("right")
            await pilot.pause()
            assert app.settings.ui == ui
            footer = screen_text(app)[-1]
            assert all(word in footer for word in words), footer


def sheet_with_bonuses(players: int, ui: str, monkeypatch: pytest.MonkeyPatch) -> TableSession:
    """A match of 2 donnes whose every donne shows a petit au bout, a poignée and a
    chelem in its bonuses (the widest the column meets)."""
    monkeypatch.setattr(texts, "bonus_text", lambda row: "b+10 p+20 c-200" if row.result else "")
    session = TableSession(replace(QUIET, ui=ui, players=players, deals=2), 12)
    for _ in range(2):
        session.new_donne()
        while session.bot_step() is not None or session.human_to_act():
            if session.human_to_act():
                session.act(session.observation().options[0])
    return session


def marks_under_their_headers(lines: list[str], players: int) -> None:
    head = next(line for line in lines if line.lstrip(" │").startswith("#"))
    ends = [m.end() for m in re.finditer(r"[^\s│]+", head)][-players:]
    rows = [line for line in lines if re.match(r"^[ │]*\d+ ", line)]
    assert rows
    for row in rows:
        found = [m.end() for m in re.finditer(r"[+-]\d+\b", row)][-players:]
        assert found == ends, (head, row)


@pytest.mark.parametrize("ui", ["fr", "en"])
@pytest.mark.parametrize("players", [4, 5])
def test_the_score_sheets_bonuses_keep_the_marks_under_their_headers(
    players: int, ui: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = sheet_with_bonuses(players, ui, monkeypatch)
    seats = Seats(session.human, players, ui)
    lines = texts.sheet_text(session.observation(), seats, ui).plain.splitlines()
    assert max(len(line) for line in lines[:-1]) <= 74  # the sheet's room at 80 columns
    marks_under_their_headers(lines, players)
    assert sum("c-200" in line for line in lines) == 2  # every bonus shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_score_sheet_with_bonuses_on_the_screen(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    session = sheet_with_bonuses(5, "fr", monkeypatch)
    app = new_app(tmp_path, 12, replace(QUIET, players=5, ui="fr"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(SheetScreen(session.observation(), Seats(0, 5, "fr"), "fr"))
        await pilot.pause()
        marks_under_their_headers(screen_text(app), 5)


@pytest.mark.parametrize("ui", ["fr", "en"])
def test_the_last_trick_keeps_a_space_between_each_name_and_its_card(ui: str) -> None:
    cards = ("8S", "9S", "KS", "T3", "2S")
    trick = Trick(2, tuple((seat % 5, Card.parse(c)) for seat, c in enumerate(cards, 2)), 3)
    seats = Seats(0, 5, ui)
    lines = texts.last_trick_text(trick, 4, seats, ui).plain.splitlines()[2:7]
    shown = [Card.parse(c).display(ui) for c in cards]
    columns = {line.rindex(card) for line, card in zip(lines, shown, strict=True)}
    assert len(columns) == 1, lines  # the cards in one column
    for line, (seat, _) in zip(lines, trick.cards, strict=True):
        name = seats.name(seat)
        assert line.strip().startswith(name) and line[line.index(name) + len(name)] == " ", line


@pytest.mark.parametrize(
    ("ui", "labels"),
    [
        ("en", ["Pass (p)", "Prise (1)", "Garde (2)", "Garde sans (3)", "Garde contre (4)"]),
        ("fr", ["Passe (p)", "Prise (1)", "Garde (2)", "G. sans (3)", "G. contre (4)"]),
    ],
)
async def test_the_bid_buttons_follow_the_interface_language(
    tmp_path: Path, ui: str, labels: list[str]
) -> None:
    settings = replace(QUIET, ui=ui)
    app = new_app(tmp_path, find_seed(lambda s: s.human_to_act(), settings), settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        shown = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
        assert shown[0] == labels[0] and set(shown) <= set(labels), shown
        buttons = list(app.screen.query("#actions Button").results(Button))
        assert all(b.region.right <= 80 and b.region.width >= len(str(b.label)) for b in buttons)


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_poignee_choosers_footer_is_translated_and_fits(tmp_path: Path, ui: str) -> None:
    trumps = [Card.parse(f"T{n}") for n in range(1, 14)]
    hand = CardSet([*trumps, *(Card.parse(c) for c in ("KS", "QS", "KH", "KD", "KC"))])
    levels: list[PoigneeLevel] = ["simple", "double"]
    options = [
        PoigneeShown(0, level, tuple(trumps[: 10 + 3 * i])) for i, level in enumerate(levels)
    ]
    app = new_app(tmp_path, 3, replace(QUIET, ui=ui))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(PoigneeScreen(0, hand, options, 4, ui, ui))
        await pilot.pause()
        footer = screen_text(app)[-1]
        words = {
            "fr": ("←→ Atout", "espace Mettre/ôter", "y Montrer", "1-3 Niveau", "Esc Retour"),
            "en": ("←→ Trump", "space Take in or out", "y Show", "1-3 Level", "Esc Back"),
        }[ui]
        assert all(word in footer for word in words), footer


async def test_a_panels_note_goes_with_it_when_another_panel_opens(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, deals=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        await pilot.press("escape")  # says what Enter and q do, in the panel itself
        await pilot.pause()
        assert any("Enter deals the next donne" in line for line in screen_text(app))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert not list(app._notifications)
        assert not any("Enter deals" in line for line in screen_text(app))
        await pilot.press("escape")
        await pilot.pause()
        back: object = app.screen
        assert back is panel


@pytest.mark.parametrize("players", [3, 5])
async def test_the_last_donne_shows_its_marks_then_the_standings(
    tmp_path: Path, players: int
) -> None:
    settings = replace(QUIET, deals=1, players=players)
    app = new_app(tmp_path, find_seed(human_takes, settings), settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app, Contract.GARDE)
        text = panel.text.plain if isinstance(panel.text, Text) else panel.text
        session = under(app).session
        row = session.observation().sheet[-1]
        assert row.result is not None
        seats = Seats(0, players, "en")
        head = text.index("Seat")
        standings = text.index("Standings after the match:")
        assert head < standings
        for seat, mark in enumerate(row.result.marks):
            line = f"{seats.name(seat):<16} {mark:>+7d}"
            assert line in text[head:standings], (line, text)
