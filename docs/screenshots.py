"""Take the README's screenshots from the real terminal table (80×24).

    uv run --group dev python docs/screenshots.py

Writes ``docs/table-*.svg``: the start screen, the deal being told, the bidding, the
écart, a trick in play with a card refused, the result panel, the help screen.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from textual.pilot import Pilot

from atout.bidding import Contract
from atout.cards import Card
from atout.state import Bid, CardPlayed, Discard
from atout.tui.app import CardView, HelpScreen, PanelScreen, TableScreen, TarotApp
from atout.tui.session import Settings, TableSession

DOCS = Path(__file__).resolve().parent


def garde_seed() -> int:
    """A seed where the person (seat 0) bids a Garde and gets it."""
    for seed in range(3000):
        session = TableSession(Settings(animate=False), seed)
        session.new_donne()
        while session.bot_step():
            pass
        donne = session.donne
        if donne is None or not session.human_to_act():
            continue
        if Bid(0, Contract.GARDE) not in donne.legal_actions():
            continue
        session.act(Bid(0, Contract.GARDE))
        while session.bot_step():
            pass
        if donne.taker == 0 and donne.phase.value == "ecart":
            return seed
    raise SystemExit("no seed found")


async def click_card(pilot: Pilot[None], screen: TableScreen, card: Card) -> None:
    """Click ``card`` in the hand, once the hand shows it."""
    for _ in range(50):
        views = [v for v in screen.query(CardView) if v.card == card]
        if views:
            await pilot.click(views[0])
            await pilot.pause()
            return
        await pilot.pause(0.05)


async def shoot() -> None:
    seed = garde_seed()
    with tempfile.TemporaryDirectory() as folder:
        app = TarotApp(Settings(animate=True), seed, Path(folder) / "match.json")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.save_screenshot(str(DOCS / "table-start.svg"))
            await pilot.click("#new")
            await pilot.pause(0.4)
            app.save_screenshot(str(DOCS / "table-deal.svg"))
    with tempfile.TemporaryDirectory() as folder:
        app = TarotApp(Settings(animate=False), seed, Path(folder) / "match.json")
        async with app.run_test(size=(80, 24)) as pilot:

            def save(name: str) -> None:
                app.save_screenshot(str(DOCS / f"table-{name}.svg"))

            await pilot.click("#new")
            for _ in range(10):
                await pilot.pause(0.05)
            save("bidding")
            await pilot.press("2")
            for _ in range(10):
                await pilot.pause(0.1)
            save("ecart")
            screen = app.screen
            assert isinstance(screen, TableScreen)
            donne = screen.session.donne
            assert donne is not None
            while donne.phase.value == "ecart":
                card = next(a.card for a in donne.legal_actions() if isinstance(a, Discard))
                await click_card(pilot, screen, card)
            await pilot.press("n")  # no chelem
            for _ in range(30):
                await pilot.pause(0.1)
                if screen.session.human_to_act() and donne.tricks and not screen.busy:
                    break
            legal = {a.card for a in donne.legal_actions() if isinstance(a, CardPlayed)}
            illegal = [c for c in donne.hands[0] if c not in legal]
            if illegal:
                await click_card(pilot, screen, illegal[0])
            save("play")
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            save("help")
            await pilot.press("escape")
            for _ in range(400):
                await pilot.pause(0.05)
                if isinstance(app.screen, PanelScreen):
                    break
                if screen.session.human_to_act():
                    card = next(a.card for a in donne.legal_actions() if isinstance(a, CardPlayed))
                    await click_card(pilot, screen, card)
            save("result")


if __name__ == "__main__":
    asyncio.run(shoot())
