"""The hint key in the footer where a hint is possible (the person's turn), gone while
the bots play and answered all the same; every key of the table's footer whole at 80
columns, in French and English."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from atout.bots import BOTS
from atout.tui.app import TableScreen, TarotApp
from tests.test_tui_queue import QUIET, SIZE, GatedBot, message, settle


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    opened = threading.Event()
    opened.set()
    monkeypatch.setitem(BOTS, "search-fast", lambda rng: GatedBot(opened, rng))
    return opened


def footer_keys(app: TarotApp) -> dict[str, FooterKey]:
    footer = app.screen.query_one(Footer)
    return {k.key: k for k in footer.query(FooterKey) if k.key != "ctrl+p"}


async def test_the_footer_offers_the_hint_at_the_persons_turn_in_french(
    tmp_path: Path, gate: threading.Event
) -> None:
    app = TarotApp(replace(QUIET, ui="fr"), 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await settle(pilot, screen)  # the person's bid
        await pilot.pause()
        keys = footer_keys(app)
        assert "h" in keys and keys["h"].description == "Conseil"
        assert keys["q"].description == "Quitter"
        for key in keys.values():  # each label whole, inside the 80 columns
            whole = cell_len(f" {key.key_display} {key.description} ")
            assert key.region.width >= whole, key.description
            assert key.region.right <= SIZE[0]
        right = max(k.region.right for k in keys.values())
        palette = [k for k in app.screen.query_one(Footer).query(FooterKey) if k.key == "ctrl+p"]
        assert not palette or right <= palette[0].region.x
        gate.clear()
        await pilot.press("p")
        for _ in range(50):
            await pilot.pause(0.02)
            if screen.thinking is not None:
                break
        assert screen.thinking is not None
        await pilot.pause(0.5)  # "Right 1 is thinking…" said
        assert "h" not in footer_keys(app)  # not offered while a bot plays
        await pilot.press("h")  # and still answered
        assert message(app) == "Un conseil, c'est quand c'est à vous de jouer."
        gate.set()


async def test_the_english_footer_fits_too(tmp_path: Path, gate: threading.Event) -> None:
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await settle(pilot, screen)
        await pilot.pause()
        keys = footer_keys(app)
        assert keys["h"].description == "Hint" and keys["m"].description == "Scores"
        palette = [k for k in app.screen.query_one(Footer).query(FooterKey) if k.key == "ctrl+p"]
        right = max(k.region.right for k in keys.values())
        assert right <= (palette[0].region.x if palette else SIZE[0])
