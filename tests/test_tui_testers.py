"""What the last testers of the terminal table found (issue 24): a card chosen while
the trick just won is still shown, the écart read whole at 80×24, the person's place
kept in sight under a panel's note, trumps said to be bare numbers, and the words and
looks around them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from atout.cards import Card
from atout.state import CardPlayed, GamePhase
from atout.tui.app import PanelScreen, TableScreen, TarotApp
from atout.tui.table_view import CardView
from tests.test_tui import QUIET, act_by_keys, click_card, message, new_app, table

PAUSED = replace(QUIET, pause=30)
"""A pause after a trick long enough that a card is always chosen within it."""


async def to_trick_pause(pilot: Any, app: TarotApp) -> TableScreen:
    """A new match played by the keys up to the first pause after a trick in the play
    (a bot won it and leads the next)."""
    await pilot.press("n")
    for _ in range(300):
        await pilot.pause()
        assert not isinstance(app.screen, PanelScreen), "the donne ended before a pause"
        screen = table(app)
        game = screen.obs.game
        if screen.hold and game is not None and game.phase is GamePhase.PLAY:
            return screen
        if screen.hold:
            await pilot.press("space")  # the chien a bot took
        elif screen.session.human_to_act():
            await act_by_keys(pilot, app)
    raise AssertionError("no pause after a trick")


async def next_turn_legal(tmp_path: Path) -> set[Card]:
    """The cards the rules allow at the person's turn after that pause."""
    app = new_app(tmp_path / "first", 3, PAUSED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_trick_pause(pilot, app)
        await pilot.press("space")
        for _ in range(100):
            await pilot.pause()
            if screen.session.human_to_act() and not screen.busy and not screen.hold:
                return {a.card for a in screen.obs.options if isinstance(a, CardPlayed)}
    raise AssertionError("the person's turn never came")


async def played_by_the_person(pilot: Any, screen: TableScreen, card: Card) -> None:
    for _ in range(200):
        await pilot.pause()
        if card not in screen.hand():
            break
    played = [e for e in screen.session.events_since(0) if e["kind"] == "card_played"]
    assert any(e["seat"] == screen.me and e["card"] == str(card) for e in played[-5:])
    assert screen.queued is None


@pytest.mark.parametrize("way", ["keys", "mouse"])
async def test_a_card_chosen_while_the_trick_is_shown_is_played_at_the_turn(
    tmp_path: Path, way: str
) -> None:
    legal = await next_turn_legal(tmp_path)
    app = new_app(tmp_path, 3, PAUSED)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_trick_pause(pilot, app)
        cards = screen.hand()
        card = next(c for c in reversed(cards) if c in legal)
        if way == "keys":  # the cursor is drawn during the pause, and moves
            views = list(screen.query(CardView))
            assert [v.card for v in views if v.cursor] == [cards[screen.selected]]
            for _ in range((cards.index(card) - screen.selected) % len(cards)):
                await pilot.press("right")
            await pilot.pause()
            assert [v.card for v in screen.query(CardView) if v.cursor] == [card]
            await pilot.press("enter")
        else:
            await click_card(pilot, app, card)
        await pilot.pause()
        assert screen.queued == card or card not in screen.hand()
        if screen.queued == card:
            assert "Queued: " + card.display("fr") in message(app)
        await played_by_the_person(pilot, screen, card)


def screen_lines(app: TarotApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize(("players", "ui"), [(3, "fr"), (4, "en"), (5, "fr")])
async def test_the_whole_ecart_is_read_on_one_line_at_80_by_24(
    tmp_path: Path, players: int, ui: str
) -> None:
    from atout.bidding import Contract
    from atout.state import Bid

    app = new_app(tmp_path, 0 if players < 5 else 1, replace(QUIET, players=players, ui=ui))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        screen = table(app)
        for _ in range(60):
            await pilot.pause()
            if screen.in_ecart():
                break
            if Bid(screen.me, Contract.PRISE) in screen.obs.options:
                await pilot.press("1")
            elif screen.session.human_to_act():
                await act_by_keys(pilot, app)
        game = screen.obs.game
        assert game is not None and game.chien is not None and screen.in_ecart()
        for _ in game.chien:
            await pilot.press("enter")
        await pilot.pause()
        assert len(screen.picked) == len(game.chien)
        cards = " ".join(c.display(screen.lang) for c in screen.picked)
        middle = screen.query_one("#trick").region
        lines = screen_lines(app)
        beside = [line[middle.x : middle.right] for line in lines[middle.y : middle.bottom]]
        assert any(cards in line for line in beside), beside  # in the middle, whole
        said = lines[screen.query_one("#message").region.y]
        assert cards in said, said  # and on the line above the hand, before y confirms


def begins_with_a_sign(line: str) -> bool:
    """A line whose first word is a sign French sets after a space: a label seems lost."""
    inner = line.strip().strip("│▌").strip()
    return bool(inner) and inner[0] in ":;!?»"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_line_of_a_hint_begins_with_a_colon(tmp_path: Path, size: tuple[int, int]) -> None:
    from atout.bidding import Contract
    from atout.bots.explain import REASONS, Hint
    from atout.state import Bid

    app = new_app(tmp_path, 3, replace(QUIET, ui="fr"))
    async with app.run_test(size=size, notifications=True) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = table(app)
        hand = screen.hand()
        me = screen.me
        hints = [
            Hint(Bid(me, None), None, Bid(me, Contract.PRISE), -102.0, "pass", 24, -60.0),
            Hint(Bid(me, Contract.GARDE), 85.0, Bid(me, Contract.PRISE), 40.0, "bid", 24, -60.0),
            *(
                Hint(CardPlayed(me, hand[0]), value, CardPlayed(me, hand[1]), value - 9, reason)
                for reason in REASONS
                for value in (-14.0, 23.0)
            ),
        ]
        log = screen.query_one("#log").region
        for found in hints:
            screen.show_hint(found, screen.refresh_obs().seq, screen.hint_asked)
            await pilot.pause()
            lines = [s.text for s in app.screen._compositor.render_strips()]
            shown = [line[log.x : log.right] for line in lines[log.y : log.bottom]]
            assert not any(begins_with_a_sign(line) for line in shown), shown


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_line_of_the_rules_screen_begins_with_a_semicolon(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from textual.containers import VerticalScroll

    app = new_app(tmp_path, 3, replace(QUIET, ui="fr"))
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        scroll = app.screen.query_one("#rules-scroll", VerticalScroll)
        scroll.scroll_to(y=0, animate=False)
        while True:
            await pilot.pause()
            lines = screen_lines(app)
            assert not any(begins_with_a_sign(line) for line in lines), lines
            if scroll.scroll_y >= scroll.max_scroll_y:
                break
            scroll.scroll_to(y=scroll.scroll_y + 8, animate=False)


async def test_the_french_prompts_address_the_player(tmp_path: Path) -> None:
    """``p passe`` read as the bid's name: the prompts and a pass's hint say *passez*."""
    from atout.bots.explain import Hint
    from atout.state import Bid

    app = new_app(tmp_path, 3, replace(QUIET, ui="fr"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = table(app)
        assert screen.obs.game is not None and screen.obs.game.phase is GamePhase.BIDDING
        said = message(app)
        assert "passez (p)" in said and "p passe" not in said, said
        found = Hint(Bid(screen.me, None), None, None, None, "pass", 24, -60.0)
        assert found.text("fr", "fr").startswith("Conseil : passez (p).")
    words = {
        "Enter deals the next donne; q saves and quits.": "(Entrée)",
        "The match is over: a plays again, x exports, q quits.": "rejouez (a)",
    }
    from atout.tui.words import tr

    for english, french in words.items():
        assert french in tr("fr", english)


@pytest.mark.parametrize(("players", "ui", "key"), [(4, "fr", "l"), (5, "en", "r"), (5, "fr", "l")])
async def test_the_persons_place_stays_in_sight_under_the_standings_note(
    tmp_path: Path, players: int, ui: str, key: str
) -> None:
    from tests.test_tui import play_until_result

    settings = replace(QUIET, players=players, ui=ui, deals=1)
    app = new_app(tmp_path, 3 if players == 4 else 2, settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        await pilot.pause()
        mine = panel.keep
        assert mine.lstrip().split(".")[0].isdigit(), mine  # a place in the standings
        assert any(mine.rstrip() in line for line in screen_lines(app))
        await pilot.press(key)  # a key of the table: the panel's note says its keys
        await pilot.pause()
        await pilot.pause()
        lines = screen_lines(app)
        assert any(panel.escape in line for line in lines)
        assert any(mine.rstrip() in line for line in lines), lines


def test_the_standings_right_align_their_totals() -> None:
    from atout.tui.texts import standings
    from atout.tui.words import Seats

    class Obs:
        players, totals = 4, (45, -1350, 45, 1260)

    lines = standings(Obs(), Seats(0, 4, "fr")).splitlines()[1:]  # type: ignore[arg-type]
    assert len({len(line) for line in lines}) == 1, lines  # each total ends in one column
    assert [line.split()[-1] for line in lines] == ["+1260", "+45", "+45", "-1350"]


@pytest.mark.parametrize(("ui", "said"), [("en", "bare number"), ("fr", "nombre seul")])
async def test_a_newcomer_is_told_a_bare_number_is_a_trump(
    tmp_path: Path, ui: str, said: str
) -> None:
    from atout.tui.app import HelpScreen
    from atout.tui.guide_screen import GuideScreen

    app = new_app(tmp_path, 3, replace(QUIET, ui=ui))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g")  # the guided match: its first note
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GuideScreen):
                break
        assert isinstance(app.screen, GuideScreen) and app.screen.note.name == "bouts"
        note = str(app.screen.query_one("#guide-text").render()).replace("\n", " ")
        assert said in note and "(21, 7)" in note, note
        await pilot.press("enter")
        await pilot.pause()
        while isinstance(app.screen, GuideScreen):  # the bidding's note
            await pilot.press("enter")
            await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = str(app.screen.query_one("#help-text").render()).replace("\n", " ")
        assert said in help_text.lower() and "(21, 7)" in help_text, help_text
    tutorial = (Path(__file__).parent.parent / "docs/tutorial/first-game.md").read_text()
    assert "bare number" in tutorial and "always a trump" in tutorial


def test_marks_are_called_marks_and_card_points_points() -> None:
    """The rulebook's words: card points are *points* (S1), a donne's score and the
    totals are *marks*, *marques* (S3–S4)."""
    from atout.bidding import Contract
    from atout.bots.explain import Hint
    from atout.state import Bid
    from atout.tui.texts import length_text, status_text
    from atout.tui.words import Seats

    assert length_text(("target", 500), "fr") == "jusqu'à 500 marques"
    assert length_text(("target", 500), "en") == "up to 500 marks"
    for ui, word in (("fr", "marques"), ("en", "marks")):
        session = type("S", (), {"settings": replace(QUIET, ui=ui, target=1000)})()
        obs = type("O", (), {"number": 2, "deals": 0, "game": None})()
        status = status_text(session, obs, Seats(0, 4, ui))
        assert f"1000 {word}" in status.plain, status.plain
        for found in (
            Hint(Bid(0, None), -102.0, Bid(0, Contract.PRISE), -102.0, "pass", 24, -60.0),
            Hint(Bid(0, Contract.PRISE), -12.0, Bid(0, None), None, "bid", 24, -60.0),
            Hint(Bid(0, Contract.GARDE), 40.0, Bid(0, Contract.PRISE), 31.0, "bid", 24, -60.0),
        ):
            text = found.text(ui, ui)
            assert "points" not in text and word in text, text


@pytest.mark.parametrize("ui", ["fr", "en"])
async def test_five_players_far_seats_have_their_full_names_where_they_fit(
    tmp_path: Path, ui: str
) -> None:
    """The short names (``Loin D 2``) are only where the full one (``Loin à droite 2``)
    does not fit: around the trick, in the totals' line, in a status line too long."""
    from atout.tui.texts import status_words
    from atout.tui.words import SHORT_PLACES, Seats, tr

    shorts = [tr(ui, place) + " " for place in SHORT_PLACES[5][2:4]]
    for short, full in zip(
        SHORT_PLACES[5], ("", "Right", "Far right", "Far left", "Left"), strict=True
    ):
        words, whole = tr(ui, short).lower().split(), tr(ui, full).lower().split()
        assert all(any(w.startswith(s) for w in whole) for s in words), (short, full)
    app = new_app(tmp_path, 1, replace(QUIET, players=5, ui=ui, deals=1))
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                break
            screen = table(app)
            said.append(message(app))
            status = str(screen.query_one("#status").render())  # full names when they fit
            full = status_words(screen.session, screen.obs, screen.seats, False, screen.seats.name)
            assert status == full or len(full) > 80, (status, full)
            if screen.hold:
                await pilot.press("space")
            elif screen.session.human_to_act():
                await act_by_keys(pilot, app)
        panel = app.screen
        assert isinstance(panel, PanelScreen)
        log = [str(line) for line in next(
            s for s in app.screen_stack if isinstance(s, TableScreen)).lines]  # fmt: skip
        texts = [*log, *said, str(panel.text)]
        names = [Seats(0, 5, ui).name(seat) for seat in (2, 3)]
        assert any(name in text for text in log for name in names)
        for text in texts:
            assert not any(short in text for short in shorts), text


@pytest.mark.parametrize(
    ("ui", "said"), [("en", "of match 7, 4 players"), ("fr", "de la partie 7, à 4 joueurs")]
)
def test_the_best_and_worst_donne_name_their_match(ui: str, said: str) -> None:
    from atout.tui.history import Stats, stats_text

    def donne(match: int, number: int, mark: int) -> dict[str, Any]:
        return {"kind": "donne", "match": match, "number": number, "players": 4,
                "bots": "search", "role": "taker", "contract": "garde", "void": None,
                "made": mark > 0, "points": 40.0, "bouts": 1, "mark": mark, "time": 0}  # fmt: skip

    text = str(stats_text(Stats.of(([donne(7, 2, 120), donne(9, 2, -80)], 0)), ui))
    best, worst = (line for line in text.splitlines() if "(" in line and "donne" in line)
    assert said in best, best
    assert said.replace(" 7,", " 9,") in worst, worst


async def test_without_colours_the_focus_is_marked_by_a_sign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """NO_COLOR: the button or setting that has the focus is the one marked ▸."""
    from atout.tui.app import TarotApp
    from atout.tui.button import FOCUS_MARK

    monkeypatch.setenv("NO_COLOR", "1")
    app = TarotApp(QUIET, 3, tmp_path / "match.json", config=tmp_path / "settings.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in ("", "shift+tab", "up", "up"):
            if key:
                await pilot.press(key)
                await pilot.pause()
            marked = [line for line in screen_lines(app) if FOCUS_MARK in line]
            focused = app.focused
            assert focused is not None
            label = str(getattr(focused, "label", "")) or str(focused.render()).strip()
            assert len(marked) == 1 and label.lstrip(FOCUS_MARK + " ")[:8] in marked[0], (
                marked,
                label,
            )
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("tab")  # a bid's button
        await pilot.pause()
        marked = [line for line in screen_lines(app) if FOCUS_MARK in line]
        assert len(marked) == 1 and f"{FOCUS_MARK}Pass (p)" in marked[0], marked


async def test_the_table_grows_with_a_larger_window(tmp_path: Path) -> None:
    """At 120×40 the middle of the table takes more of the room: wider, its seats
    further apart, a blank row between their rows."""
    found = {}
    for size in ((80, 24), (120, 40)):
        app = new_app(tmp_path / str(size[0]), 3, QUIET)
        async with app.run_test(size=size) as pilot:
            await pilot.press("n")
            await pilot.pause()
            screen = table(app)
            middle = screen.query_one("#trick").region
            lines = screen_lines(app)[middle.y : middle.bottom]
            rows = [line[middle.x : middle.right] for line in lines]
            you = next(i for i, row in enumerate(rows) if "You" in row)
            right = next(row.index("Right 1") for row in rows if "Right 1" in row)
            found[size[0]] = (middle.width, you, right)
    assert found[80][0] == 32 and found[120][0] >= 44, found  # two fifths of 120
    assert found[120][1] > found[80][1] and found[120][2] > found[80][2], found
