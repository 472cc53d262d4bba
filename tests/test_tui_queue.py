"""A card chosen while a bot thinks before the person's turn: kept ("queued") and
played when the turn comes if the rules still allow it, let go with a word if not;
Escape cancels it."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from atout.bots import BOTS, HeuristicBot
from atout.cards import Card
from atout.state import Action, CardPlayed, GamePhase, Observation
from atout.tui.app import TableScreen, TarotApp
from atout.tui.session import Settings

SIZE = (80, 24)
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en", bots="search-fast")


class GatedBot:
    """The heuristic bot, deciding only while the test's gate is open."""

    def __init__(self, gate: threading.Event, rng: random.Random) -> None:
        self.gate, self.inner = gate, HeuristicBot(rng)
        self.rng = self.inner.rng

    def act(self, observation: Observation) -> Action:
        self.gate.wait(timeout=20)
        return self.inner.act(observation)


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    opened = threading.Event()
    opened.set()
    monkeypatch.setitem(BOTS, "search-fast", lambda rng: GatedBot(opened, rng))
    return opened


def message(app: TarotApp) -> str:
    """The line above the hand as said (its wrap at the window's width undone)."""
    return str(app.screen.query_one("#message").render()).replace("\n", " ")


async def settle(pilot: object, screen: TableScreen) -> None:
    """Wait until the person is to act and the table is idle."""
    for _ in range(200):
        await pilot.pause(0.02)  # type: ignore[attr-defined]
        idle = screen.thinking is None and not screen.busy and not screen.hold
        if idle and screen.session.human_to_act():
            return
    raise AssertionError("the person's turn never came")


async def bot_thinks_before_me(pilot: object, app: TarotApp, gate: threading.Event) -> TableScreen:
    """A new match, the person passing, up to a bot thinking in the play (gate shut)."""
    await pilot.press("n")  # type: ignore[attr-defined]
    screen = app.screen
    assert isinstance(screen, TableScreen)
    while True:
        await settle(pilot, screen)
        game = screen.obs.game
        assert game is not None
        if game.phase is GamePhase.PLAY:
            break
        await pilot.press("p")  # type: ignore[attr-defined]
    gate.clear()
    await pilot.press("enter")  # type: ignore[attr-defined]
    for _ in range(100):
        await pilot.pause(0.02)  # type: ignore[attr-defined]
        if screen.thinking is not None:
            return screen
    raise AssertionError("no bot thought before the person's next card")


def hand(screen: TableScreen) -> list[Card]:
    game = screen.obs.game
    assert game is not None
    return list(game.hand)


async def press_card(pilot: object, screen: TableScreen, card: Card) -> None:
    screen.selected = screen.hand().index(card)
    await pilot.press("enter")  # type: ignore[attr-defined]


async def next_turn_legal(tmp_path: Path, gate: threading.Event) -> tuple[list[Card], set[Card]]:
    """The person's hand and the cards the rules allow at the next turn, nothing queued."""
    app = TarotApp(QUIET, 7, tmp_path / "first.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinks_before_me(pilot, app, gate)
        gate.set()
        await settle(pilot, screen)
        legal = {a.card for a in screen.obs.options if isinstance(a, CardPlayed)}
        return hand(screen), legal


async def test_a_card_chosen_early_is_played_when_the_turn_comes(
    tmp_path: Path, gate: threading.Event
) -> None:
    cards, legal = await next_turn_legal(tmp_path, gate)
    card = next(c for c in cards if c in legal)
    gate.set()
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinks_before_me(pilot, app, gate)
        await press_card(pilot, screen, card)
        assert "Queued: " + card.display("fr") in message(app)
        assert screen.queued == card and card in hand(screen)
        gate.set()
        for _ in range(200):
            await pilot.pause(0.02)
            if card not in hand(screen):
                break
        assert card not in hand(screen)  # played by the table at the person's turn
        assert screen.queued is None
        played = [e for e in screen.session.events_since(0) if e["kind"] == "card_played"]
        assert any(e["seat"] == screen.me and e["card"] == str(card) for e in played[-5:])


async def test_a_card_no_longer_allowed_is_dropped_with_a_word(
    tmp_path: Path, gate: threading.Event
) -> None:
    cards, legal = await next_turn_legal(tmp_path, gate)
    card = next(c for c in cards if c not in legal)
    gate.set()
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinks_before_me(pilot, app, gate)
        await press_card(pilot, screen, card)
        assert screen.queued == card
        gate.set()
        await settle(pilot, screen)
        await pilot.pause(0.1)
        assert card in hand(screen) and screen.queued is None
        assert message(app) == (
            f"Your queued card {card.display('fr')} may not be played now: choose again."
        )


async def test_escape_cancels_the_queued_card(tmp_path: Path, gate: threading.Event) -> None:
    cards, legal = await next_turn_legal(tmp_path, gate)
    card = next(c for c in cards if c in legal)
    gate.set()
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    async with app.run_test(size=SIZE) as pilot:
        screen = await bot_thinks_before_me(pilot, app, gate)
        await press_card(pilot, screen, card)
        await pilot.press("escape")
        assert screen.queued is None
        # the note stays said, beside the bot's thinking, however late that is told
        assert message(app).endswith(f"{card.display('fr')} is no longer queued.")
        screen.show_thinking(screen.thought)  # the "thinking" line's timer, firing late
        await pilot.pause()
        assert message(app).endswith(f"{card.display('fr')} is no longer queued.")
        gate.set()
        await settle(pilot, screen)
        await pilot.pause(0.1)
        assert card in hand(screen)  # nothing was played for the person


@pytest.mark.parametrize("first_time", [True, False])
async def test_the_first_search_on_a_machine_says_the_engine_is_compiled(
    tmp_path: Path, gate: threading.Event, monkeypatch: pytest.MonkeyPatch, first_time: bool
) -> None:
    """A clean machine compiles the search's kernel at the first decision (half a
    minute, longer when busy): the thinking line says so, that once."""
    import atout.sim.playout

    monkeypatch.setattr(atout.sim.playout, "compiled_on_disk", lambda: not first_time)
    app = TarotApp(QUIET, 7, tmp_path / "match.json")
    gate.clear()  # the bots' first decision waits
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for _ in range(500):
            await pilot.pause(0.02)
            if screen.thinking is not None:
                break
        screen.show_thinking(screen.thought)  # as its timer does
        await pilot.pause()
        assert "is thinking…" in message(app)
        assert ("the bots' engine is compiled" in message(app)) is first_time
        gate.set()
        for _ in range(500):
            await pilot.pause(0.02)
            if screen.thinking is None:
                break
        assert not screen.compiling  # once a decision came, never again
