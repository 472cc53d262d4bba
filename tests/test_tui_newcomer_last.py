"""A newcomer's last findings at the terminal table (Textual Pilot, French, 80×24):
the hint stays where it is drawn turn after turn."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets._toast import ToastHolder, ToastRack

from atout.state import GamePhase
from atout.tui import table_comforts
from atout.tui.app import TableScreen, TarotApp
from atout.tui.guide_screen import GuideScreen
from atout.tui.table_comforts import chien_seconds
from tests.test_tui_learn import play_cards
from tests.test_tui_newcomer import QUIET, hint_box, my_turn, new_app

TAKEN = 2
"""A seed where a bot takes a Prise or a Garde while the person passes."""


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


async def chien_held(pilot: Any, app: TarotApp) -> TableScreen:
    """The person passes until a bot takes: the table when the chien is turned up."""
    for _ in range(400):
        await pilot.pause(0.02)
        screen = app.screen
        if isinstance(screen, GuideScreen):
            await pilot.press("enter")
            continue
        assert isinstance(screen, TableScreen), screen
        game = screen.obs.game
        if screen.hold and game is not None and game.phase is GamePhase.ECART:
            return screen
        assert game is None or game.phase is GamePhase.BIDDING, "no chien was held"
        if screen.session.human_to_act() and not screen.busy:
            await pilot.press("p")
    raise AssertionError("no bot took")


def middle(screen: TableScreen) -> str:
    return str(screen.query_one("#trick").render())


@pytest.mark.parametrize(("speed", "seconds"), [("normal", 0.5 + 6 * 0.3), ("fast", 0.5)])
async def test_the_chien_a_bot_takes_stays_on_the_table_long_enough_to_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speed: str, seconds: float
) -> None:
    assert chien_seconds(replace(QUIET, pause=0.5, speed=speed), 6) == seconds
    timers: list[tuple[float, float]] = []  # (when set, delay) of the table's timers
    set_timer = TableScreen.set_timer

    def timed(screen: TableScreen, delay: float, *args: Any, **kwargs: Any) -> Any:
        timers.append((time.monotonic(), delay))
        return set_timer(screen, delay, *args, **kwargs)

    monkeypatch.setattr(TableScreen, "set_timer", timed)
    app = new_app(tmp_path, replace(QUIET, players=4, speed=speed, pause=0.5), seed=TAKEN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = await chien_held(pilot, app)
        game = screen.obs.game
        assert game is not None and game.chien is not None and game.taker != screen.me
        began, delay = next(t for t in reversed(timers) if t[1] == seconds)  # the chien's
        cards = " ".join(card.display("fr") for card in game.chien)
        while screen.hold:
            assert screen.obs.game is not None
            assert screen.obs.game.phase is GamePhase.ECART  # no écart made meanwhile
            assert f"Chien : {cards}" in middle(screen)
            assert "space" in str(screen.query_one("#message").render()) or "espace" in str(
                screen.query_one("#message").render()
            )
            await pilot.pause(0.05)
        assert time.monotonic() - began >= delay  # a timer never ends early, however loaded


async def test_in_a_guided_match_the_chien_stays_until_a_key_with_a_word(tmp_path: Path) -> None:
    settings = replace(QUIET, players=4, speed="fast", pause=0.2)
    app = new_app(tmp_path, settings, seed=TAKEN)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        screen = await chien_held(pilot, app)
        await pilot.pause(1.0)  # far past the pause after a trick: still there
        assert screen.hold and "Chien : " in middle(screen)
        said = str(screen.query_one("#message").render())
        assert "écart (E2)" in said and "espace" in said, said
        await pilot.press("space")
        await pilot.pause(0.2)
        assert not screen.hold


async def test_a_guided_match_explains_the_ecart_and_its_prompt_says_enter(
    tmp_path: Path,
) -> None:
    from tests.test_tui import QUIET as ENGLISH
    from tests.test_tui import find_seed, human_takes

    seed = find_seed(human_takes, ENGLISH)
    app = new_app(tmp_path, replace(QUIET, players=4), seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        read: list[str] = []
        for _ in range(200):
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, GuideScreen):
                read.append(screen.note.name)
                if screen.note.name == "ecart":
                    break
                await pilot.press("enter")
            elif isinstance(screen, TableScreen) and screen.session.human_to_act():
                assert not screen.in_ecart(), "the écart began without its note"
                await pilot.press("2")  # a Garde
        assert read == ["bouts", "bidding", "ecart"], read
        note = str(app.screen.query_one("#guide-text").render()).replace("\n", " ")
        assert "l'écart, qui compte pour votre camp (E1)" in note
        assert "Ni Roi ni bout" in note and "(E3)" in note
        keys = "Écartez la carte en surbrillance (Entrée), reprenez-en une (u), confirmez (y)"
        assert keys in note
        assert "E2 — " in note  # the rule's own text follows
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.in_ecart()
        said = str(screen.query_one("#message").render()).replace("\n", " ")
        assert said.startswith("Écart (E1–E2) : écartez la carte en surbrillance (Entrée)"), said
        held = len(screen.hand())
        await pilot.press("enter")  # as the prompt says: the card goes aside
        await pilot.pause()
        assert len(screen.picked) == 1 and len(screen.hand()) == held - 1


def test_the_score_note_agrees_multipliee_with_la_difference() -> None:
    from atout.tui.guide import note_named
    from atout.tui.words import tr

    text = " ".join(tr("fr", note_named("score").text).split())
    assert "la différence, plus 25, multipliée par le coefficient" in text, text


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_score_sheet_says_what_its_seat_columns_stand_for(players: int) -> None:
    from atout.tui.session import TableSession
    from atout.tui.texts import sheet_text, tiny
    from atout.tui.words import Seats

    for ui in ("fr", "en"):
        session = TableSession(replace(QUIET, players=players, ui=ui), 3)
        seats = Seats(0, players, ui)
        text = sheet_text(session.observation(), seats, ui).plain
        colon = " : " if ui == "fr" else ": "
        legend = ", ".join(f"{tiny(seats, s)}{colon}{seats.name(s)}" for s in range(1, players))
        assert legend in text.splitlines(), text
    four = sheet_text(
        TableSession(replace(QUIET, players=4), 3).observation(), Seats(0, 4, "fr"), "fr"
    )
    assert "D1 : Droite 1, F2 : En face 2, G3 : Gauche 3" in four.plain


async def test_a_guided_note_stays_off_the_line_above_the_hand_when_it_grows(
    tmp_path: Path,
) -> None:
    app = new_app(tmp_path, replace(QUIET, players=4), seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")
        for _ in range(100):
            await pilot.pause(0.02)
            if isinstance(app.screen, GuideScreen):
                break
        note = app.screen
        assert isinstance(note, GuideScreen)
        table = app.screen_stack[-2]
        assert isinstance(table, TableScreen)
        words = "Gauche 3 réfléchit… (la première fois sur cette machine le moteur des robots "
        table.say(words + "est compilé : environ 30 s ; ensuite les décisions sont rapides)")
        await pilot.pause(0.1)
        await pilot.pause()
        message = table.query_one("#message").region
        assert message.height == 2  # the line above the hand wrapped: the log shrank
        box = note.query_one(".note").region
        assert not box.overlaps(message), (
            box,
            message,
            table.query_one("#log").region,
            note.query_one(".note").styles.max_height,
        )
        assert table.query_one("#log").region.contains_region(box), box


@pytest.mark.parametrize("deals", [1, 2])
async def test_r_over_a_result_or_the_standings_says_its_word_off_the_buttons(
    tmp_path: Path, deals: int
) -> None:
    from textual.widgets._toast import Toast

    from atout.tui.app import PanelScreen
    from tests.test_tui_learn import play_until_result

    app = new_app(tmp_path, replace(QUIET, players=4, deals=deals), seed=3)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("n")
        panel: Any = await play_until_result(pilot, app)
        assert isinstance(panel, PanelScreen)
        assert bool(panel.button) == (deals == 2)  # deals=1: the match's standings
        await pilot.press("r")
        await pilot.pause(0.1)
        await pilot.pause()
        note = panel.query_one("#panel-note")
        assert note.display and note.region.height >= 1
        assert str(note.render()) == panel.escape
        assert not list(panel.query(Toast))  # not a toast over the panel's buttons
        for button in panel.query("Button"):
            assert not note.region.overlaps(button.region), (note.region, button.region)
        assert panel.query_one(".dialog").region.contains_region(note.region)
