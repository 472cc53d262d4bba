"""The terminal table without colours and at its keys: NO_COLOR and monochrome
terminals see which cards may be played by a sign, the help scrolls, every key in a
footer works where it is shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from atout.cards import Card
from atout.state import CardPlayed, GamePhase
from atout.tui.app import CardView, HelpScreen, PanelScreen, TableScreen, TarotApp
from atout.tui.session import Settings
from atout.tui.texts import PLAYABLE, card_text

SIZE = (80, 24)
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")


def table(app: TarotApp) -> TableScreen:
    assert isinstance(app.screen, TableScreen), app.screen
    return app.screen


async def until_mixed_hand(pilot: Any, app: TarotApp) -> TableScreen:
    """Play (the first legal card, passing every bid) until the person must choose a
    card among legal and illegal ones."""
    await pilot.press("n")
    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, PanelScreen):
            await pilot.press("enter")
            continue
        screen = table(app)
        if screen.hold:
            await pilot.press("space")
            continue
        obs, session = screen.obs, screen.session
        if not session.human_to_act() or obs.game is None:
            continue
        legal = {a.card for a in obs.options if isinstance(a, CardPlayed)}
        if obs.game.phase is GamePhase.PLAY and legal and set(obs.game.hand) - legal:
            return screen
        await pilot.press("p" if obs.game.phase is GamePhase.BIDDING else "enter")
    raise AssertionError("no hand with illegal cards")


def sign_of(view: CardView) -> str:
    lines = str(view.render()).split("\n")
    return lines[1].strip() if len(lines) > 1 else ""


@pytest.mark.parametrize("no_color", [False, True])
async def test_legal_cards_are_marked_by_a_sign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = TarotApp(QUIET, 5, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await until_mixed_hand(pilot, app)
        legal = {a.card for a in screen.obs.options if isinstance(a, CardPlayed)}
        views = list(app.screen.query(CardView))
        assert views and {v.card for v in views if sign_of(v) == PLAYABLE} == legal
        assert all(sign_of(v) == "" for v in views if v.card not in legal)
        prompt = str(app.screen.query_one("#message").render())
        assert prompt == "Your turn: play a card marked ▲ (←/→, Enter)."


def test_without_colours_hearts_and_diamonds_are_as_plain_as_spades(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    heart, diamond, spade, trump = (Card.parse(c) for c in ("7H", "KD", "7S", "T12"))
    monkeypatch.setenv("NO_COLOR", "1")
    styles = {str(card_text(c, "fr").style) for c in (heart, diamond, spade, trump)}
    assert styles == {"bold"}  # the terminal's own colour, bright, for every suit
    monkeypatch.delenv("NO_COLOR")
    assert "red" in str(card_text(heart, "fr").style)


@pytest.mark.parametrize("ui", ["fr", "en"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_help_scrolls_to_its_last_line(
    tmp_path: Path, ui: str, size: tuple[int, int]
) -> None:
    app = TarotApp(replace(QUIET, ui=ui), 5, tmp_path / "match.json")
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        text = app.screen.query_one("#help-text")
        assert scroll.region.bottom <= size[1] and scroll.region.right <= size[0]
        for _ in range(20):
            await pilot.press("pagedown")
        await pilot.pause()
        # the last line of the help is on the screen: nothing is cut off
        assert scroll.scroll_y >= scroll.max_scroll_y
        assert text.virtual_region.height - scroll.scroll_y <= scroll.content_region.height
        assert scroll.max_scroll_y > 0 or text.virtual_region.height <= scroll.region.height
