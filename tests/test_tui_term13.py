"""The guided notes at 80×24: what is below the fold is said, and the keys reach it."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Static

from tests.test_tui_layout import first_note, guided_app


async def test_a_long_note_says_more_is_below_and_the_keys_scroll_it(tmp_path: Path) -> None:
    app = guided_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        note = await first_note(pilot, app)
        await pilot.pause()
        scroll = note.query_one("#guide-scroll", VerticalScroll)
        more = note.query_one("#guide-more", Static)
        assert scroll.max_scroll_y > 0  # the note does not fit: the case in point
        assert scroll.scroll_y == 0 and more.display
        assert "↓ PgDn" in str(more.render()) and "suite" in str(more.render())
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y and not more.display
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0 and more.display
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y == 1
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 1
        assert app.screen is note  # the keys scrolled, they did not close it


def test_the_bidding_note_says_what_the_chien_is_and_who_takes_it() -> None:
    from atout.i18n import gettext
    from atout.tui.guide import note_named

    note = note_named("bidding")
    words = {
        "en": ("The chien is", "with a Prise or a Garde it is shown to all", "Garde sans or a"),
        "fr": (
            "Le chien, ce sont",
            "sur une Prise ou une Garde, il est montré à tous",
            "Garde sans ou",
        ),
    }
    for ui, said in words.items():
        text = gettext(ui, note.text)
        for part in said:
            assert part in text, (ui, part)
        assert "(E1)" in text and "(E3)" in text


def test_the_dim_note_and_the_tutorial_say_a_dim_card_takes_a_click() -> None:
    from atout.i18n import gettext
    from atout.tui.guide import note_named

    note = note_named("dim")
    for ui, click in (("en", "clicked with the mouse"), ("fr", "cliquée à la souris")):
        text = gettext(ui, note.text)
        assert click in text and "chosen says" not in text, (ui, text)
    tutorial = (Path(__file__).parents[1] / "docs/tutorial/first-game.md").read_text()
    assert "A dim card clicked with\nthe mouse says why" in tutorial


async def test_the_five_player_standings_open_at_the_top_and_home_end_reach_both_ends(
    tmp_path: Path,
) -> None:
    """The person 3rd of 5 at 80×24: the place fits under the title, so the panel opens
    at the top, even when a smaller layout first scrolled it down to keep the place in
    sight; Home and End reach the top and the bottom, the footer's note following."""
    from dataclasses import replace

    from tests.test_tui import QUIET, new_app, play_until_result, screen_text

    settings = replace(QUIET, deals=1, players=5, ui="en")
    app = new_app(tmp_path, 2, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        await pilot.pause()
        assert panel.keep.lstrip().startswith("3.")  # the case in point
        scroll = panel.query_one("#panel-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0
        scroll.styles.max_height = 4  # a first, smaller layout: the place scrolled to
        await pilot.pause()
        panel.keep_in_sight()
        await pilot.pause()
        assert scroll.scroll_y > 0
        panel.fit()  # the panel at its size
        await pilot.pause()
        await pilot.pause()
        assert scroll.scroll_y == 0, scroll.scroll_y
        assert "↓ PgDn more" in screen_text(app)[-1]
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        assert "↓ PgDn more" not in screen_text(app)[-1]
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        assert "↓ PgDn more" in screen_text(app)[-1]


def test_the_docs_say_atout_play_again_offers_resume_on_the_start_screen() -> None:
    root = Path(__file__).parents[1]
    for name in ("README.md", "docs/tutorial/first-game.md"):
        text = " ".join((root / name).read_text().split())
        assert "again resumes" not in text, name
        assert "opens the start screen" in text and "--resume" in text, name


def test_the_settings_howto_says_the_terminal_plays_the_fft_rules() -> None:
    from atout.session.table import TableSettings
    from atout.table import Rules
    from atout.tui.session import Settings

    text = (Path(__file__).parents[1] / "docs/howto/settings.md").read_text()
    assert "## At the terminal table" in text
    assert "`atout play` always plays the FFT's rules" in text
    assert Settings().table_settings().rules == Rules() == TableSettings(players=4).rules


def test_a_void_donne_is_annulee_in_the_statistics_the_replay_and_the_result() -> None:
    from atout.tui.words import tr

    assert tr("fr", "void") == "annulée"  # the result panel
    assert tr("fr", "void: {void}", void=2) == "annulées : 2"  # the statistics
    assert tr("fr", "void ({reason})", reason="D14") == "annulée (D14)"  # the score sheet


async def test_enter_on_a_setting_says_its_keys_inside_the_start_box_not_on_the_table(
    tmp_path: Path,
) -> None:
    from dataclasses import replace

    from atout.tui.app import StartScreen, TableScreen
    from atout.tui.start import OptionRow
    from tests.test_tui import QUIET, new_app, screen_text

    app = new_app(tmp_path, 3, replace(QUIET, ui="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query(OptionRow).first().focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        said = "←/→ ou espace changent un réglage"
        hint = start.query_one("#start-hint", Static)
        box = start.query_one(".dialog").region
        assert said in str(hint.render()) and box.contains_region(hint.region)
        assert not app._notifications  # no toast over the box's border
        await pilot.press("n")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        assert not any(said in line for line in screen_text(app))


async def test_a_keys_word_gives_the_prompt_back_after_its_timer_or_the_next_key(
    tmp_path: Path,
) -> None:
    """The timer is recorded, not run: the test fires it (nothing depends on the clock)."""
    import inspect
    from typing import Any

    from atout.tui.app import TableScreen
    from tests.test_tui import QUIET, message, new_app, table

    fired: list[Any] = []
    app = new_app(tmp_path, 3, QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        for _ in range(300):
            await pilot.pause()
            shown = app.screen
            if isinstance(shown, TableScreen) and shown.session.human_to_act():
                break
        screen = table(app)
        set_timer = screen.set_timer

        def recorded(delay: float, callback: Any = None, **kw: Any) -> Any:
            if delay == TableScreen.PASSING_SECONDS:
                fired.append(callback)
                return None
            return set_timer(delay, callback, **kw)

        screen.set_timer = recorded  # type: ignore[method-assign]
        await pilot.pause()
        prompt = message(app)
        assert prompt and "No trick" not in prompt
        await pilot.press("l")
        await pilot.pause()
        assert message(app) == "No trick has been played yet."
        assert len(fired) == 1
        result = fired[0]()
        if inspect.isawaitable(result):
            await result
        await pilot.pause()
        assert message(app) == prompt  # the timer brought the prompt back
        await pilot.press("l")
        await pilot.pause()
        assert message(app) == "No trick has been played yet."
        await pilot.press("l")  # said anew: it stays
        await pilot.pause()
        assert message(app) == "No trick has been played yet."
        await pilot.press("z")  # the next key: the prompt is back
        await pilot.pause()
        await pilot.pause()
        assert message(app) == prompt
