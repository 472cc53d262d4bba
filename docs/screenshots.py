"""Take the docs' screenshots from the real terminal table (80×24).

    uv run --group dev python docs/screenshots.py

Writes ``docs/images/table-*.svg``, one a phase, each different: the start screen, the deal
told step by step (``table-deal-1`` … ``table-deal-4``), the bidding, the King called
(5 players), the écart being made, a poignée being chosen, a card refused in play, a
finished trick kept on the table, the result panel, the score sheet, the rules (in
French), the help, and the standings with export, play again and quit.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from textual.pilot import Pilot

from atout.bidding import Contract
from atout.state import Bid, CallCard, CardPlayed, GamePhase, PoigneeShown
from atout.tui.app import PanelScreen, TableScreen, TarotApp
from atout.tui.session import Settings, TableSession

IMAGES = Path(__file__).resolve().parent / "images"
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")


def find(test: Callable[[TableSession], bool], settings: Settings, limit: int = 20000) -> int:
    for seed in range(limit):
        session = TableSession(settings, seed)
        session.new_donne()
        while session.bot_step():
            pass
        if test(session):
            return seed
    raise SystemExit("no seed found")


def takes(contract: Contract) -> Callable[[TableSession], bool]:
    def test(session: TableSession) -> bool:
        donne = session.donne
        if (
            donne is None
            or not session.human_to_act()
            or Bid(0, contract) not in (donne.legal_actions())
        ):
            return False
        session.act(Bid(0, contract))
        while session.bot_step():
            pass
        return donne.taker == 0

    return test


def poignee(session: TableSession) -> bool:
    donne = session.donne
    return donne is not None and donne.void is None and donne.hands[0].count_trumps() >= 11


def table(app: TarotApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


async def act(pilot: Pilot[None], app: TarotApp, take: Contract | None = None) -> None:
    screen = table(app)
    game = screen.obs.game
    assert game is not None
    if game.phase is GamePhase.BIDDING:
        key = {Contract.GARDE: "2", Contract.GARDE_SANS: "3"}.get(take, "p") if take else "p"
        await pilot.press(key if Bid(screen.me, take) in screen.obs.options else "p")
    elif any(isinstance(a, CallCard) for a in screen.obs.options):
        await pilot.press("1")
    elif screen.in_ecart():
        await pilot.press("y" if len(screen.picked) == len(game.chien or ()) else "enter")
    elif game.phase is GamePhase.CHELEM:
        await pilot.press("n")
    else:
        await pilot.press("enter")
    await pilot.pause()


async def until(pilot: Pilot[None], app: TarotApp, done: Callable[[], bool],
                take: Contract | None = None) -> None:  # fmt: skip
    for _ in range(600):
        await pilot.pause()
        if done():
            return
        if isinstance(app.screen, PanelScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, TableScreen) and app.screen.hold:
            await pilot.press("space")
        elif isinstance(app.screen, TableScreen) and app.screen.session.human_to_act():
            await act(pilot, app, take)
    raise SystemExit("the table never got there")


def shooter(app: TarotApp) -> Callable[[str], None]:
    def save(name: str) -> None:
        app.save_screenshot(str(IMAGES / f"table-{name}.svg"))
        print(f"docs/images/table-{name}.svg")

    return save


async def start_and_deal(folder: Path) -> None:
    TableScreen.NARRATION_DELAY = 3600.0  # the lines are told here one by one
    app = TarotApp(replace(QUIET, animate=True), 3, folder / "match.json")
    save = shooter(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        save("start")
        await pilot.press("n")
        await pilot.pause()
        screen = table(app)
        # the draw, the shuffle and cut, the packets half dealt, then the bidding
        for frame, last in enumerate(("dealer_chosen", "cut", "packet_dealt", ""), 1):
            steps = 10 if last == "packet_dealt" else len(screen.narration)
            while screen.narration and steps:
                event = screen.narration.pop(0)
                screen.tell_one(event)
                steps -= 1 if event["kind"] == last or last == "packet_dealt" else 0
                if event["kind"] == last and last != "packet_dealt":
                    break
            if not screen.narration:
                await screen.flush_narration()
            else:
                await screen.render_table()
            await pilot.pause()
            save(f"deal-{frame}")
    TableScreen.NARRATION_DELAY = 0.05


async def bidding_and_ecart(folder: Path) -> None:
    seed = find(takes(Contract.GARDE), QUIET)
    app = TarotApp(QUIET, seed, folder / "match.json")
    save = shooter(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        save("bidding")
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("right", "enter", "enter", "right", "enter")
        await pilot.pause()
        save("ecart")
        await until(pilot, app, lambda: isinstance(app.screen, PanelScreen))
        save("result")
        await pilot.press("m")
        await pilot.pause()
        save("sheet")


async def king_call(folder: Path) -> None:
    five = replace(QUIET, players=5)
    seed = find(takes(Contract.GARDE), five)
    app = TarotApp(five, seed, folder / "match.json")
    save = shooter(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        save("call")


async def poignee_chosen(folder: Path) -> None:
    seed = find(poignee, QUIET)
    app = TarotApp(QUIET, seed, folder / "match.json")
    save = shooter(app)

    def offered() -> bool:
        screen = app.screen
        return isinstance(screen, TableScreen) and any(
            isinstance(a, PoigneeShown) for a in screen.obs.options
        )

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, app, offered, take=Contract.GARDE_SANS)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("right", "right", "space", "left")
        await pilot.pause()
        save("poignee")


async def play_and_trick(folder: Path) -> None:
    app = TarotApp(replace(QUIET, pause=-1, lang="en"), 5, folder / "match.json")
    save = shooter(app)

    def refusable() -> bool:
        screen = app.screen
        if not isinstance(screen, TableScreen) or not screen.session.human_to_act():
            return False
        game = screen.obs.game
        legal = {a.card for a in screen.obs.options if isinstance(a, CardPlayed)}
        return bool(game and game.phase is GamePhase.PLAY and legal and len(legal) < 5)

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await until(pilot, app, refusable)
        screen = table(app)
        game = screen.obs.game
        assert game is not None
        legal = {a.card for a in screen.obs.options if isinstance(a, CardPlayed)}
        wrong = next(c for c in game.hand if c not in legal)
        await screen.choose_card(wrong)
        await pilot.pause()
        save("play")
        await until(pilot, app, lambda: table(app).hold)
        save("trick")


async def rules_help_end(folder: Path) -> None:
    app = TarotApp(replace(QUIET, deals=1, ui="fr"), 8, folder / "match.json")
    save = shooter(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("r")
        for _ in range(22):
            await pilot.press("down")
        await pilot.pause()
        save("rules")
        await pilot.press("escape")
        await pilot.pause()
        app.settings = replace(app.settings, ui="en")
    app = TarotApp(replace(QUIET, deals=1), 12, folder / "other.json")
    save = shooter(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        save("help")
        await pilot.press("escape")

        def over() -> bool:
            return isinstance(app.screen, PanelScreen) and not app.screen.button

        await until(pilot, app, over)
        save("end")


async def shoot() -> None:
    for scene in (
        start_and_deal,
        bidding_and_ecart,
        king_call,
        poignee_chosen,
        play_and_trick,
        rules_help_end,
    ):
        with tempfile.TemporaryDirectory() as folder:
            await scene(Path(folder))


if __name__ == "__main__":
    asyncio.run(shoot())
