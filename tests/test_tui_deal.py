"""The deal watched on the table: at "step by step" the draw, the shuffle, the cut and
the packets are drawn in the middle of the table at the bots' pace, each step's rule a
key away, and they stay there for the bidding; the bots' speed holds for every card."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from atout.state import CardPlayed, GamePhase
from atout.tui.app import PanelScreen, RulesScreen, TableScreen, TarotApp
from tests.test_tui import QUIET, shown, table


async def test_the_deal_is_drawn_on_the_table_at_a_human_pace(tmp_path: Path) -> None:
    settings = replace(QUIET, animate=True, speed="normal")
    app = TarotApp(settings, 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause(1.0)
        screen = table(app)
        assert screen.narration  # a second later the deal is still being told
        middle = shown(app, "#trick")
        assert f"r: the rule {screen.board.rule} · space: skip" in middle
        rule = screen.board.rule
        await pilot.press("r")  # the step's rule, one key away
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.rule == rule
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("space")  # the rest at once
        await pilot.pause()
        assert not screen.narration
        game = screen.obs.game
        assert game is not None and game.phase is GamePhase.BIDDING
        middle = shown(app, "#trick")  # still on the table for the bidding, at 80×24
        board = screen.board
        assert board.cutter is not None and board.cut is not None
        seats = screen.seats
        cut = "your cut: {k} cards (D5)", "cut by {name}: {k} cards (D5)"
        assert seats.says_short(board.cutter, *cut, k=board.cut) in middle
        assert board.shuffler is not None
        shuffled = "shuffled by you (D4)", "shuffled by {name} (D4)"
        assert seats.says_short(board.shuffler, *shuffled) in middle
        assert "▮ 18" in middle and "chien: ▮▮▮▮▮▮ (D8)" in middle  # 4 players: 18 each


async def test_the_bots_speed_holds_for_the_card_after_the_persons(tmp_path: Path) -> None:
    app = TarotApp(replace(QUIET, speed="normal"), 3, tmp_path / "match.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        for _ in range(400):
            await pilot.pause(0.05)
            if isinstance(app.screen, PanelScreen):
                await pilot.press("enter")
                continue
            screen = app.screen
            assert isinstance(screen, TableScreen)
            if screen.hold:
                await pilot.press("space")
            if not screen.session.human_to_act():
                continue
            game = screen.obs.game
            assert game is not None
            if game.phase is not GamePhase.PLAY:
                await pilot.press("p")
                continue
            seq = screen.session.observation().seq
            card = next(a.card for a in screen.obs.options if isinstance(a, CardPlayed))
            await screen.human(CardPlayed(screen.me, card))
            if screen.session.bot_to_act() is None:
                continue  # the trick was over: the person may lead again
            events = screen.session.events_since(seq)
            assert [e["kind"] for e in events].count("card_played") == 1
            assert screen.busy  # the next bot waits the bots' speed before its card
            await pilot.pause(0.6)
            events = screen.session.events_since(seq)
            assert [e["kind"] for e in events].count("card_played") >= 2
            return
        raise AssertionError("the person never played")
