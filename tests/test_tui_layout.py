"""Where the terminal table's notes and panels lie (Textual Pilot, 80×24 and 120×40):
a guide note leaves the hand and the middle of the table in sight, the chien once shown
stays face up on the table, a panel over the table leaves no piece of it at its sides."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.widget import Widget

from atout.bidding import Contract
from atout.state import Bid, GamePhase
from atout.tui.app import TableScreen, TarotApp
from atout.tui.guide_screen import GuideScreen
from atout.tui.session import Settings, TableSession
from atout.tui.texts import sheet_text, trick_text
from atout.tui.words import Seats
from atout.tui.wrap import wrapped
from tests.test_tui import act_by_keys

QUIET = Settings(animate=False, speed="fast", pause=0, ui="fr", deals=1)


def guided_app(tmp_path: Path, settings: Settings = QUIET) -> TarotApp:
    return TarotApp(settings, 41, tmp_path / "match.json", config=tmp_path / "settings.json")


async def first_note(pilot: Any, app: TarotApp) -> GuideScreen:
    await pilot.press("g")
    for _ in range(100):
        await pilot.pause()
        if isinstance(app.screen, GuideScreen):
            return app.screen
    raise AssertionError("no note came")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_guide_note_leaves_the_hand_and_the_middle_in_sight(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = guided_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        note = await first_note(pilot, app)
        await pilot.pause()
        box = note.query_one(".note").region
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        assert box.width >= 40 and box.height >= 10, box  # room to read it
        assert box.right <= size[0] and box.bottom <= size[1]
        for part in ("#hand", "#trick", "#status", "#actions"):
            assert not box.overlaps(table.query_one(part).region), part
        assert table.query_one("#hand").region.height >= 2  # the cards are drawn
        await pilot.press("enter")
        await pilot.pause()
        assert note.note.name in app.read_notes and app.screen is not note


def chien_shown_session() -> TableSession:
    """A donne where a bot took a Prise or a Garde and the écart is made, before the
    first card (the person passes)."""
    for seed in range(1, 60):
        session = TableSession(replace(QUIET, ui="fr"), seed)
        session.new_donne()
        game = session.observation().game
        while game is not None and game.phase is GamePhase.BIDDING:
            while session.bot_step():
                pass
            game = session.observation().game
            if game is not None and game.phase is GamePhase.BIDDING:
                session.act(Bid(session.human, None))
        while session.bot_step():
            pass
        game = session.observation().game
        assert game is not None
        taken = game.contract in (Contract.PRISE, Contract.GARDE)
        if game.phase is GamePhase.PLAY and taken and not any(t.cards for t in game.tricks):
            return session
    raise AssertionError("no seed gives a bot's Prise or Garde before the person's lead")


def test_the_chien_stays_face_up_on_the_table_until_the_first_card() -> None:
    session = chien_shown_session()
    obs = session.observation()
    assert obs.game is not None and obs.game.chien is not None
    middle = trick_text(obs, Seats(0, 4, "fr"), "fr", []).plain
    shown = " ".join(card.display("fr") for card in obs.game.chien)
    assert "Chien : " + shown in middle, middle


# -- line breaks at 80 columns ---------------------------------------------------------------

ALONE = re.compile(r"^[+-]?\d+[.,:]?$|^\(?[A-Z]\d+(?:[–-][A-Z]?\d+)?\)?[.,:;]*$")
"""A drawn line holding only a number or a rule id: a unit broken at a line's end."""


def drawn_lines(widget: Widget) -> list[str]:
    width, height = widget.size
    return [strip.text.strip(" │") for strip in widget.render_lines(Region(0, 0, width, height))]


def test_a_wrap_keeps_numbers_with_their_words_and_rule_ids_with_their_text() -> None:
    said = wrapped("coupe de Gauche 3 : 25 cartes (D5)", 29).plain
    assert said == "coupe de Gauche 3 :\n25 cartes (D5)"
    assert wrapped("Dernier : 3♥ R♥ 7♥ 2♥ → Gauche 3", 29).plain.endswith("\nGauche 3")
    assert wrapped("Gauche (3), voisin du donneur", 10).plain.startswith("Gauche (3),\n")
    styled = wrapped(Text("un deux trois (D5)", style="bold"), 12)
    assert styled.plain == "un deux\ntrois (D5)"
    assert {(span.start, span.end, span.style) for span in styled.spans} == {
        (0, 7, "bold"),
        (8, 18, "bold"),
    }
    assert wrapped("court", 0).plain == "court"
    worst = "Pire donne : -300, Garde chutée, vous étiez preneur (2026-12-02, donne 5)"
    assert wrapped(worst, 70).plain.endswith("\ndonne 5)")


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_no_number_or_rule_id_is_alone_on_a_line_at_80_columns(
    tmp_path: Path, ui: str
) -> None:
    app = TarotApp(replace(QUIET, ui=ui), 5, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        seen: set[str] = set()
        for _ in range(120):
            await pilot.pause()
            if not isinstance(app.screen, TableScreen):
                break
            screen = app.screen
            for part in ("#log", "#trick"):
                lines = drawn_lines(screen.query_one(part))
                assert not [line for line in lines if ALONE.match(line)], (part, lines)
                seen |= set(lines)
            if screen.hold:
                await pilot.press("space")
            elif screen.session.human_to_act():
                await act_by_keys(pilot, app)
        assert any("(D5)" in line for line in seen)  # the lines looked at say the cut


# -- panels clear what is behind them --------------------------------------------------------


def fragments(app: TarotApp) -> list[str]:
    """What shows beside the panel open over the table, on the panel's rows: pieces of
    the table (none when the panel clears what is behind it)."""
    box = app.screen.query(".dialog").first().region
    rows = app.screen._compositor.render_strips()
    pieces = []
    for y in range(box.y, box.bottom):
        line = rows[y].text
        pieces += [part for part in (line[: box.x], line[box.right :]) if part.strip()]
    return pieces


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_panel_over_the_table_shows_no_piece_of_it_at_its_sides(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = TarotApp(QUIET, 5, tmp_path / "match.json", config=tmp_path / "settings.json")
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        for key, close in (("question_mark", "escape"), ("m", "escape"), ("r", "escape"),
                           ("t", "escape")):  # fmt: skip
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen), key
            assert fragments(app) == [], key
            await pilot.press(close)
            await pilot.pause()
        for _ in range(300):
            await pilot.pause()
            if not isinstance(app.screen, TableScreen):
                break
            if app.screen.hold:
                await pilot.press("space")
            elif app.screen.session.human_to_act():
                await act_by_keys(pilot, app)
        assert "Classement" in str(app.screen.query_one("#panel-text").render())
        assert fragments(app) == []


# -- 80×24: the result's footer, the statistics, the start's buttons, the score sheet ----------


def screen_text(app: TarotApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def play_to_panel(pilot: Any, app: TarotApp) -> None:
    for _ in range(300):
        await pilot.pause()
        if not isinstance(app.screen, TableScreen):
            return
        if app.screen.hold:
            await pilot.press("space")
        elif app.screen.session.human_to_act():
            await act_by_keys(pilot, app, Contract.GARDE)
    raise AssertionError("the donne did not end")


@pytest.mark.parametrize(("ui", "help_key"), [("fr", "? Aide"), ("en", "? Help")])
async def test_the_result_footer_fits_and_statistics_replace_the_standings(
    tmp_path: Path, ui: str, help_key: str
) -> None:
    app = TarotApp(replace(QUIET, ui=ui, deals=2), 5, tmp_path / "m.json",
                   config=tmp_path / "settings.json")  # fmt: skip
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await play_to_panel(pilot, app)
        footer = screen_text(app)[-1]
        assert help_key in footer and "m " in footer and "q " in footer, footer
        await pilot.press("enter")
        await play_to_panel(pilot, app)
        assert "(a)" in " ".join(screen_text(app))  # the standings
        assert help_key in screen_text(app)[-1]
        await pilot.press("t")
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert "(t)" in shown and "(a)" not in shown, shown  # the statistics alone
        await pilot.press("escape")
        await pilot.pause()
        assert "(a)" in " ".join(screen_text(app))


@pytest.mark.parametrize(("ui", "new"), [("fr", "Nouvelle partie (n)"), ("en", "New match (n)")])
async def test_the_start_buttons_keep_their_keys_beside_resume(
    tmp_path: Path, ui: str, new: str
) -> None:
    settings = replace(QUIET, ui=ui, deals=2)
    app = TarotApp(settings, 5, tmp_path / "m.json", config=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
    app = TarotApp(settings, 5, tmp_path / "m.json", config=tmp_path / "s.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = "\n".join(screen_text(app))
        assert app.screen.query("#resume") and new in shown, shown
        assert not [line for line in shown.splitlines() if ALONE.match(line.strip(" │"))]


def five_player_sheet(ui: str) -> list[str]:
    session = TableSession(replace(QUIET, ui=ui, players=5, deals=3), 12)
    for _ in range(3):
        session.new_donne()
        while session.bot_step() is not None or session.human_to_act():
            if session.human_to_act():
                game = session.observation().game
                assert game is not None
                options = session.observation().options
                session.act(options[0])
    seats = Seats(session.human, 5, ui)
    return sheet_text(session.observation(), seats, ui).plain.splitlines()


@pytest.mark.parametrize(("ui", "dealer"), [("fr", "Donneur"), ("en", "Dealer")])
def test_the_score_sheet_names_the_dealer_column_and_fits(ui: str, dealer: str) -> None:
    lines = five_player_sheet(ui)
    head = next(line for line in lines if line.startswith(" #"))
    assert head.split()[1] == dealer, head
    assert max(len(line) for line in lines[:-1]) <= 74  # the sheet's room at 80 columns
    rows = [line for line in lines if re.match(r"^ ?\d+ ", line)]
    assert len(rows) == 3
    column = head.index(dealer)
    assert all(row[column - 1] == " " for row in rows)  # the dealers under their header
    empty = TableSession(replace(QUIET, ui=ui), 3).observation()  # before any donne is over
    assert dealer in sheet_text(empty, Seats(0, 4, ui), ui).plain


# -- met while playing at 80×24 ----------------------------------------------------------------


async def test_enter_outside_a_card_turn_says_it_does_nothing(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, ui="en"), 5, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = app.screen
        for _ in range(50):
            await pilot.pause()
            assert isinstance(screen, TableScreen)
            if screen.session.human_to_act():
                break
        assert isinstance(screen, TableScreen)
        game = screen.obs.game
        assert game is not None and game.phase is GamePhase.BIDDING
        await pilot.press("enter")
        await pilot.pause()
        said = str(screen.query_one("#message").render())
        assert "The key Enter does nothing now" in said, said
        assert screen.obs.game is not None and screen.obs.game.phase is GamePhase.BIDDING


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_log_stays_at_its_end_when_the_hand_takes_two_rows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    for seed in range(1, 40):
        app = TarotApp(replace(QUIET, ui="fr"), seed, tmp_path / f"m{seed}.json")
        async with app.run_test(size=size) as pilot:
            await pilot.press("n")
            for _ in range(60):
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, TableScreen)
                if screen.in_ecart():
                    await pilot.pause(0.2)
                    log = screen.query_one("#log")
                    assert screen.query_one("#hand").region.height == 4  # two rows of cards
                    assert log.scroll_y == log.max_scroll_y  # the chien shown is in sight
                    while screen.in_ecart():
                        await act_by_keys(pilot, app, Contract.GARDE)
                    await pilot.pause(0.3)
                    assert screen.query_one("#hand").region.height == 2  # one row again
                    assert log.scroll_y == log.max_scroll_y  # not past the last line
                    return
                if screen.session.human_to_act():
                    await act_by_keys(pilot, app, Contract.GARDE)
    raise AssertionError("the person never took")


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_the_help_wraps_each_key_under_its_own_words(tmp_path: Path, ui: str) -> None:
    app = TarotApp(replace(QUIET, ui=ui), 5, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        text = app.screen.query_one("#help-text")
        lines = str(text.render()).splitlines()
        assert max(cell_len(line) for line in lines) <= text.content_region.width, lines
        keys = lines[1 : lines.index("")]  # the lines of keys, before the notes
        going_on = [line for line in keys if not line.startswith("  ") or line[2] == " "]
        assert all(line.startswith(" " * 15) for line in going_on), going_on


async def test_the_score_note_leaves_the_score_it_explains_in_sight(tmp_path: Path) -> None:
    app = guided_app(tmp_path, replace(QUIET, deals=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GuideScreen) and screen.note.name == "score":
                await pilot.pause(0.2)
                box = screen.query_one(".note").region
                rows = screen_text(app)
                score = next(y for y, row in enumerate(rows) if "Marque (S3)" in row)
                assert score < box.y and box.height >= 8, (score, box)
                return
            if isinstance(screen, GuideScreen):
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.hold:
                await pilot.press("space")
            elif isinstance(screen, TableScreen) and screen.session.human_to_act():
                await act_by_keys(pilot, app, Contract.GARDE)
    raise AssertionError("no score note")
