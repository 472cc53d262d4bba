"""What a newcomer found last at the terminal table (tmux, 80×24 and 120×40, French and
English): the export's path kept on the standings, the cards' letters said in the first
guided note, the bids named in the bidding's note, the log never beginning a line with
"·", the middle of the table using a tall window, an all-pass donne on the French sheet,
the pause's prompt gone when its timer ends it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import RichLog

from atout.state import Bid
from atout.tui.app import ExportScreen, PanelScreen, SheetScreen, TableScreen, TarotApp
from atout.tui.guide_screen import GuideScreen
from atout.tui.session import Settings, TableSession
from atout.tui.story import Story
from atout.tui.words import Seats
from atout.tui.wrap import wrapped
from tests.test_tui import play_until_result, under

QUIET = Settings(animate=False, speed="fast", pause=0, ui="fr")


def new_app(tmp_path: Path, settings: Settings = QUIET, seed: int | None = 3) -> TarotApp:
    return TarotApp(settings, seed, tmp_path / "match.json", config=tmp_path / "settings.json")


def panel_lines(app: TarotApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def squeezed(text: str) -> str:
    """``text`` without its spaces, line breaks and frames: a long path wraps anywhere."""
    return "".join(text.replace("│", "").split())


def on_screen(app: TarotApp) -> str:
    return squeezed("".join(panel_lines(app)))


# -- 1. the export's path on the standings -----------------------------------------------


@pytest.mark.parametrize(("players", "ui"), [(5, "fr"), (4, "en")])
async def test_the_exported_path_stays_on_the_standings_until_the_person_leaves(
    tmp_path: Path, players: int, ui: str
) -> None:
    settings = replace(QUIET, players=players, ui=ui, deals=1)
    app = new_app(tmp_path, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await play_until_result(pilot, app)
        assert under(app).session.is_over
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        asked = str(app.screen.query_one("#export-text").render())
        assert "so far" not in asked and "Export the donnes" not in asked
        await pilot.press("enter")
        await pilot.pause(0.2)
        assert isinstance(app.screen, PanelScreen)
        path = str(tmp_path / "atout-match-3.json")
        assert (tmp_path / "atout-match-3.json").exists()
        said = squeezed("Partie exportée" if ui == "fr" else "Exported the match")
        path = squeezed(path)
        assert said in on_screen(app) and path in on_screen(app), panel_lines(app)
        assert "sofar" not in on_screen(app)
        for key in ("end", "home", "pagedown", "l", "u"):  # scrolling, a key of the table
            await pilot.press(key)
            await pilot.pause()
            assert path in on_screen(app), (key, panel_lines(app))
        await pilot.press("m")  # the score sheet, and back to the standings
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert isinstance(app.screen, PanelScreen) and path in on_screen(app), panel_lines(app)


# -- 2. the cards' letters in the first note -------------------------------------------


@pytest.mark.parametrize(
    ("ui", "lang", "letters"),
    [
        ("fr", "fr", "R le Roi, D la Dame, C le Cavalier, V le Valet"),
        ("en", "fr", "R Roi (King), D Dame (Queen), C Cavalier (Knight), V Valet (Jack)"),
        ("en", "en", "K King, Q Queen, N Knight (the Cavalier), J Jack"),
        ("fr", "en", "K King (le Roi), Q Queen (la Dame), N Knight (le Cavalier), J Jack"),
    ],
)
async def test_the_first_note_says_what_the_cards_letters_stand_for(
    tmp_path: Path, ui: str, lang: str, letters: str
) -> None:
    app = new_app(tmp_path, replace(QUIET, ui=ui, lang=lang))
    app.read_notes = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GuideScreen):
                break
        note = app.screen
        assert isinstance(note, GuideScreen) and note.note.name == "bouts"
        text = " ".join(str(note.query_one("#guide-text").render()).split())
        assert letters in text, text
        assert under(app).hand()  # the hand is in sight under it
        await pilot.press("enter")
        for _ in range(50):  # the next notes do not say it again
            await pilot.pause()
            if isinstance(app.screen, GuideScreen) and app.screen is not note:
                later = str(app.screen.query_one("#guide-text").render())
                assert "letters" not in later and "lettres" not in later
                break


# -- 3. the bids under the bidding's note ---------------------------------------------


def bids_before_the_person(seed: int) -> int:
    session = TableSession(replace(QUIET, players=4), seed)
    session.new_donne()
    while session.bot_step():
        pass
    return sum(e["kind"] == "bid" for e in session.donne_events())


async def bidding_note(pilot: Any, app: TarotApp) -> GuideScreen:
    app.read_notes = {"bouts"}
    await pilot.press("g")
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, GuideScreen):
            break
    note = app.screen
    assert isinstance(note, GuideScreen) and note.note.name == "bidding"
    return note


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_bidding_note_names_the_bids_it_covers_in_the_log(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    seed = next(s for s in range(200) if bids_before_the_person(s) >= 2)
    app = new_app(tmp_path, replace(QUIET, players=4), seed)
    async with app.run_test(size=size) as pilot:
        note = await bidding_note(pilot, app)
        table = under(app)
        bids = [line for line in table.lines if line.endswith(": passe") or "Prise" in line]
        assert len(bids) >= 2, table.lines
        # the note lies over the log's last lines, those very bids: it names them, first
        # under its title, where it is read without scrolling
        box = note.query_one("#guide-text")
        top = squeezed(" ".join(box.render_line(y).text for y in range(4)))
        for line in bids:
            assert squeezed(line) in top, (line, panel_lines(app))


async def test_the_bidding_note_says_when_the_person_speaks_first(tmp_path: Path) -> None:
    seed = next(s for s in range(200) if bids_before_the_person(s) == 0)
    app = new_app(tmp_path, replace(QUIET, players=4), seed)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await bidding_note(pilot, app)
        text = " ".join(str(note.query_one("#guide-text").render()).split())
        assert "Personne n'a encore parlé : vous parlez le premier." in text, text


# -- 5. "·" never begins a line of the log ---------------------------------------------


def round_line() -> str:
    story = Story(Seats(0, 5, "fr"), "fr", 5)
    story.round = [f"{name} ▮▮▮" for name in ("Loin à droite 2", "chien ▮", "Gauche 4")]
    story.round += ["Vous", "Droite 1 ▮▮▮", "Loin à gauche 3 ▮▮▮"]
    story.rounds = 1
    return "Tour 1 : " + " · ".join(story.round)


def test_no_line_of_the_log_begins_with_the_separator() -> None:
    line = round_line()
    for width in range(12, 80):
        for piece in wrapped(line, width).plain.split("\n"):
            assert not piece.startswith("·"), (width, wrapped(line, width).plain)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (100, 30)])
async def test_the_deals_rounds_in_the_log_never_begin_a_line_with_the_separator(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = new_app(tmp_path, replace(QUIET, players=5), seed=11)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        log = screen.query_one("#log", RichLog)
        rows = [strip.text.strip() for strip in log.lines]
        assert any("·" in row for row in rows)
        assert not [row for row in rows if row.startswith("·")], rows


# -- 7. an all-pass donne on the French sheet ------------------------------------------


def all_pass_seed(players: int) -> int:
    for seed in range(300):
        session = TableSession(replace(QUIET, players=players), seed)
        session.new_donne()
        while True:
            while session.bot_step():
                pass
            game = session.observation().game
            if not session.human_to_act() or game is None:
                break
            if Bid(session.human, None) not in session.observation().options:
                break
            session.act(Bid(session.human, None))
        sheet = session.observation().sheet
        if sheet and sheet[-1].void == "all_pass":
            return seed
    raise AssertionError("no all-pass donne found")


@pytest.mark.parametrize(("ui", "said"), [("fr", "tous passent"), ("en", "all pass")])
async def test_an_all_pass_donne_reads_all_pass_on_the_sheet(
    tmp_path: Path, ui: str, said: str
) -> None:
    seed = all_pass_seed(5)
    app = new_app(tmp_path, replace(QUIET, players=5, ui=ui), seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                break
            if isinstance(app.screen, TableScreen) and app.screen.session.human_to_act():
                await pilot.press("p")
        assert isinstance(app.screen, PanelScreen)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        sheet = str(app.screen.query_one("#sheet-text").render())
        row = next(line for line in sheet.split("\n") if line.strip().startswith("1 "))
        assert f" {said} " in row, sheet
        assert " passe " not in row
        table = sheet.split("\n\n")[1]  # its columns, down to the totals
        assert max(len(line) for line in table.split("\n")) <= 76, sheet  # 80 columns


# -- 6. the middle of the table in a tall window ---------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_a_tall_window_spreads_the_seats_over_the_middle_of_the_table(
    tmp_path: Path, players: int
) -> None:
    from tests.test_tui_newcomer import my_turn

    app = new_app(tmp_path, replace(QUIET, players=players), seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        screen = await my_turn(pilot, app)
        await pilot.pause()
        middle = screen.query_one("#trick")
        rows = [middle.render_line(y).text.rstrip() for y in range(middle.size.height)]
        filled = [y for y, row in enumerate(rows) if row.strip()]
        # the seats about the middle of the room, not all in its upper half
        assert filled[0] >= 2 and filled[-1] > len(rows) // 2, rows
    small = new_app(tmp_path / "small", replace(QUIET, players=players), seed=5)
    async with small.run_test(size=(80, 24)) as pilot:  # 80×24: every row counts
        await pilot.press("n")
        screen = await my_turn(pilot, small)
        await pilot.pause()
        middle = screen.query_one("#trick")
        assert middle.render_line(0).text.strip(), "a blank row above the seats at 80×24"


# -- 4. a pause ended by its timer -----------------------------------------------------


async def test_a_pause_ends_by_its_own_timer_only_and_its_words_go_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timers of the pauses are recorded, not run: each is fired by the test, the
    way it would fire late on a loaded machine (nothing here depends on the clock)."""
    import inspect

    from tests.test_tui import message, table
    from tests.test_tui_testers import to_trick_pause

    fired: list[Any] = []
    set_timer = TableScreen.set_timer

    def recorded(self: TableScreen, delay: float, callback: Any = None, **kw: Any) -> Any:
        if delay == 30:  # the pause after a trick: kept for the test to fire
            fired.append(callback)
            return None
        return set_timer(self, delay, callback, **kw)

    monkeypatch.setattr(TableScreen, "set_timer", recorded)

    async def fire(callback: Any) -> None:
        result = callback()
        if inspect.isawaitable(result):
            await result

    app = new_app(tmp_path, replace(QUIET, pause=30, players=4))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_trick_pause(pilot, app)
        first = fired[-1]
        await pilot.press("space")  # the first pause ended by a key: its timer runs on
        for _ in range(300):
            await pilot.pause()
            assert not isinstance(app.screen, PanelScreen), "no second pause"
            if table(app).hold:
                break
            if screen.session.human_to_act():
                from tests.test_tui import act_by_keys

                await act_by_keys(pilot, app)
        assert screen.hold and fired[-1] is not first
        said = message(app)
        assert "espace pour continuer" in said
        await fire(first)  # the first pause's timer, late: not this pause's end
        await pilot.pause()
        assert screen.hold and message(app) == said
        await fire(fired[-1])  # this pause's own timer: it ends, its words go
        await pilot.pause()
        assert not screen.hold
        assert "espace pour continuer" not in message(app)
