"""The terminal table for a regular and for a newcomer (Textual Pilot, 80×24): the
start screen's choices remembered, statistics across matches, the undo of a misclick,
hints on request."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.screen import ModalScreen

from atout import rulebook
from atout.bidding import Contract
from atout.cards import Card
from atout.state import GamePhase
from atout.tui.app import PanelScreen, StartScreen, TableScreen, TarotApp
from atout.tui.history import read
from atout.tui.session import Settings, TableSession
from atout.tui.stats_screen import StatsScreen

SIZE = (80, 24)
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")


def new_app(tmp_path: Path, settings: Settings = QUIET, seed: int | None = 3) -> TarotApp:
    return TarotApp(settings, seed, tmp_path / "match.json", config=tmp_path / "settings.json")


def table(app: TarotApp) -> TableScreen:
    assert isinstance(app.screen, TableScreen), app.screen
    return app.screen


async def play_until_result(pilot: Any, app: TarotApp) -> PanelScreen:
    """The person bids a Garde when allowed, else passes, and plays the card under the
    cursor, until the donne's result."""
    from tests.test_tui import act_by_keys

    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, PanelScreen):
            return app.screen
        if table(app).hold:
            await pilot.press("space")
        elif table(app).session.human_to_act():
            await act_by_keys(pilot, app, Contract.GARDE)
    raise AssertionError("the donne did not end")


# -- settings remembered -------------------------------------------------------------------


async def test_the_start_screens_choices_are_offered_next_time(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#players").focus()
        await pilot.press("right")  # 5 players
        app.screen.query_one("#speed").focus()
        await pilot.press("right")  # normal
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert kept["format"] == "atout.settings/1"
    assert kept["settings"]["players"] == 5 and kept["settings"]["speed"] == "normal"
    again = TarotApp(Settings(ui="en"), None, tmp_path / "other.json",
                     config=tmp_path / "settings.json")  # fmt: skip
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, StartScreen)
        assert "‹ 5 ›" in str(again.screen.query_one("#players").render())
        assert again.settings.speed == "normal"


async def test_a_command_line_option_wins_over_the_remembered_one(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"format": "atout.settings/1", "settings": {"players": 5, "deals": 10}})
    )
    app = new_app(tmp_path, replace(QUIET, deals=2))
    assert (app.settings.players, app.settings.deals) == (5, 2)


async def test_a_damaged_settings_file_is_a_notice_not_a_crash(tmp_path: Path) -> None:
    for text in ("{not json", '{"format": "atout.settings/1", "settings": {"players": 9}}'):
        (tmp_path / "settings.json").write_text(text)
        app = new_app(tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            notice = str(app.screen.query_one("#notice").render())
            assert notice.startswith("The remembered settings could not be read (")
            assert "defaults are offered" in notice and "\n" not in notice.strip()
            assert app.settings.players == 4
    french = TarotApp(replace(QUIET, ui="fr"), 3, tmp_path / "m.json",
                      config=tmp_path / "settings.json")  # fmt: skip
    assert str(french.notice).startswith("Les réglages retenus n'ont pas pu être lus (")


# -- statistics ------------------------------------------------------------------------------


async def test_statistics_across_matches_on_a_screen_of_their_own(tmp_path: Path) -> None:
    app = new_app(tmp_path, replace(QUIET, deals=1), seed=41)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await play_until_result(pilot, app)
        await pilot.press("q")
        await pilot.pause()
    entries, damaged = read(tmp_path / "history.jsonl")
    assert damaged == 0 and [e["kind"] for e in entries] == ["donne", "match"]
    donne = entries[0]
    with (tmp_path / "history.jsonl").open("a") as file:
        file.write("{damaged\n")
    app = new_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        text = str(app.screen.query_one("#stats-text").render())
        assert "1 donne played" in text and "1 match finished" in text
        assert f"Average marks a donne: {donne['mark']}" in text
        assert f"Best donne: {donne['mark']:+d}" in text
        assert "1 line of the history could not be read and was skipped." in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
    app = new_app(tmp_path, replace(QUIET, ui="fr"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        text = str(app.screen.query_one("#stats-text").render())
        assert "1 donne jouée" in text and "Meilleure donne" in text


# -- undo --------------------------------------------------------------------------------------


async def play_cards(pilot: Any, app: TarotApp, cards: int) -> None:
    """The person passes or takes and plays ``cards`` cards (the bots after each)."""
    from tests.test_tui import act_by_keys

    played = 0
    for _ in range(400):
        await pilot.pause()
        screen = table(app)
        if screen.hold:
            await pilot.press("space")
            continue
        game = screen.obs.game
        in_play = game is not None and game.phase is GamePhase.PLAY
        if played == cards and in_play and screen.session.human_to_act():
            return
        if screen.session.human_to_act():
            before = len(screen.session.actions)
            await act_by_keys(pilot, app, Contract.GARDE)
            now = table(app).session.actions
            played += len(now) > before and now[before][1]["type"] == "play"
    raise AssertionError("the person did not get to play")


async def test_undo_takes_back_the_last_card_and_the_bots_after_it(tmp_path: Path) -> None:
    app = new_app(tmp_path, seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await play_cards(pilot, app, 2)
        screen = table(app)
        session = screen.session
        actions = list(session.actions)
        last = max(i for i, (_, a) in enumerate(actions) if a["seat"] == session.human)
        card = Card.parse(actions[last][1]["card"])
        assert card not in screen.obs.game.hand  # type: ignore[union-attr]
        await pilot.press("u")
        await pilot.pause()
        assert session.actions == actions[:last]
        assert card in screen.obs.game.hand and session.human_to_act()  # type: ignore[union-attr]
        assert screen.lines[-1] == "Undone: your last action, and what the bots did after it."
        assert sum(line.startswith("Trick 1:") for line in screen.lines) == 1  # told once
        saved = json.loads((tmp_path / "match.json").read_text())
        assert [a for _, a in saved["actions"]] == [a for _, a in actions[:last]]
        await pilot.press("enter")  # the same card again: the bots answer as before
        await pilot.pause()
        assert session.actions[: len(actions)] == actions
        await pilot.press("q")
    resumed = TableSession.load(tmp_path / "match.json")
    assert resumed.actions == session.actions
    assert resumed.to_json() == session.to_json()
    resumed.close()


async def test_undo_is_off_in_fft_strict_play(tmp_path: Path) -> None:
    app = new_app(tmp_path, replace(QUIET, undo=False), seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await play_cards(pilot, app, 1)
        actions = list(table(app).session.actions)
        await pilot.press("u")
        await pilot.pause()
        assert table(app).session.actions == actions
        assert str(app.screen.query_one("#message").render()).startswith("Undo is off (FFT strict)")


# -- hints -------------------------------------------------------------------------------------


async def wait_for_hint(pilot: Any, app: TarotApp) -> str:
    # the first search on a clean machine compiles its kernel: minutes when busy
    for _ in range(4000):
        await pilot.pause(0.05)
        notes = list(app._notifications)
        if notes and not table(app).hinting:
            return notes[-1].message.replace("\n", " ")  # its wrap at the toast's width undone
    raise AssertionError("no hint came")


async def test_h_shows_the_search_bots_card_and_why_off_the_interfaces_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from atout.bots.explain import hint as found
    from atout.tui import table_comforts

    def slow_hint(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)  # still thinking when the keys below are pressed, however fast
        return found(*args, **kwargs)

    monkeypatch.setattr(table_comforts, "hint", slow_hint)
    app = new_app(tmp_path, seed=12)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await play_cards(pilot, app, 1)
        screen = table(app)
        session = screen.session
        before = (list(session.actions), [bot.rng.getstate() for bot in session.bots])  # type: ignore[attr-defined]
        await pilot.press("h")
        assert screen.hinting and "Looking for a hint" in str(
            app.screen.query_one("#message").render()
        )
        await pilot.press("l")  # the table answers keys while the hint is worked out
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        text = await wait_for_hint(pilot, app)
        assert text.startswith("Hint: play ") and "Expected marks: " in text
        assert "Second choice: " in text
        card = text.removeprefix("Hint: play ").split(".")[0]
        cursor = screen.hand()[screen.selected]
        assert cursor.display("en") == card  # the cursor is on the card advised
        assert (list(session.actions), [b.rng.getstate() for b in session.bots]) == before  # type: ignore[attr-defined]
        assert any(text.endswith(reason.split("{")[0]) or reason in text
                   for reason in english_reasons())  # fmt: skip
    french = new_app(tmp_path / "fr", replace(QUIET, ui="fr"), seed=12)
    async with french.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("h")
        text = await wait_for_hint(pilot, french)
        assert text.startswith("Conseil : "), text


async def test_one_hint_at_a_time_gone_when_the_person_acts_or_a_panel_opens(
    tmp_path: Path, monkeypatch: Any
) -> None:
    import time

    from atout.bots.explain import hint as found
    from atout.tui import table_comforts

    def slow_hint(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.5)  # a loaded machine: the person opens a panel meanwhile
        return found(*args, **kwargs)

    monkeypatch.setattr(table_comforts, "hint", slow_hint)
    for ui in ("en", "fr"):
        app = new_app(tmp_path / ui, replace(QUIET, ui=ui), seed=12)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await play_cards(pilot, app, 1)
            await pilot.press("h")
            await wait_for_hint(pilot, app)
            [first] = list(app._notifications)
            await pilot.press("h")  # asked again: the new hint replaces the first
            await hint_done(pilot, app)
            notes = list(app._notifications)  # (its marks may differ: a hint has a time budget)
            assert len(notes) == 1 and notes[0] is not first, (
                app.screen_stack,
                str(app.screen.query_one("#message").render()),
            )
            await pilot.press("m")  # the score sheet: no hint drawn over it
            await pilot.pause()
            assert not isinstance(app.screen, TableScreen) and not list(app._notifications)
            await pilot.press("escape")
            await pilot.press("h")
            await pilot.press("r")  # a panel opens before the hint comes: it waits
            await hint_done(pilot, app)
            assert not list(app._notifications)
            await pilot.press("escape")
            await pilot.pause()
            assert len(app._notifications) == 1  # shown once the panel is gone
            screen = table(app)
            before = len(screen.session.actions)
            await pilot.press("enter")  # the person plays: the hint goes
            await pilot.pause()
            assert len(screen.session.actions) > before
            assert not list(app._notifications)


async def hint_done(pilot: Any, app: TarotApp) -> None:
    for _ in range(600):
        await pilot.pause(0.05)
        if not next(s for s in app.screen_stack if isinstance(s, TableScreen)).hinting:
            await pilot.pause()  # the notice is a message the app handles next
            await pilot.pause()
            return
    raise AssertionError("the hint was not worked out")


def english_reasons() -> list[str]:
    from atout.bots.explain import REASONS

    return list(REASONS.values())


def positions(count: int) -> list[Any]:
    """Seat 0's observations in the play of ``count`` donnes between heuristic bots."""
    import random

    from atout.bots import HeuristicBot
    from atout.dealing import Deal
    from atout.state import Donne
    from atout.table import Variant

    found = []
    for seed in range(count):
        deal = Deal.automatic(Variant.for_players(4), rng=random.Random(seed), dealer=seed % 4)
        donne = Donne(deal)
        bots = [HeuristicBot(random.Random(seed * 4 + s)) for s in range(4)]
        while (seat := donne.current_player()) is not None:
            obs = donne.observation(seat)
            if seat == 0 and obs.phase is GamePhase.PLAY:
                found.append(obs)
            donne.apply_action(bots[seat].act(obs))
    return found


def test_the_explainer_names_the_reason_a_player_would_give() -> None:
    from atout.bots.explain import reason_of
    from atout.play import trick_winner
    from atout.state import CardPlayed

    seen: set[str] = set()
    for obs in positions(12):
        cards = [a.card for a in obs.legal_actions if isinstance(a, CardPlayed)]
        trick = obs.tricks[-1].cards if obs.tricks and obs.tricks[-1].winner is None else ()
        for card in cards:
            reason = reason_of(obs, CardPlayed(0, card))
            seen.add(reason)
            if len(cards) == 1:
                assert reason == "only"
                continue
            if card.is_excuse:
                assert reason == "excuse"
            if not trick:
                assert reason in ("lead_trump", "lead_king", "lead_low", "lead", "excuse")
                if reason in ("lead_low", "lead"):  # a Queen is not a low card
                    assert (reason == "lead_low") == (card.rank <= 10), card
                continue
            led = [c for _, c in trick]
            wins = trick_winner([*led, card]) == len(led)
            winning_trumps = [
                c for c in cards if c.is_trump and trick_winner([*led, c]) == len(led)
            ]
            suit_led = next((c for c in led if not c.is_excuse), card)
            if wins and card.is_trump and card.rank == 1:
                assert reason in ("petit_wins", "petit_au_bout")
            elif wins and card.is_trump and not suit_led.is_trump:
                cheapest = card == min(winning_trumps)
                assert reason == ("cheapest_trump" if cheapest else "trump_wins"), (obs, card)
            if not wins and not card.is_trump and not card.is_excuse:
                assert reason in ("give_points", "follow_low", "follow", "discard")
            if reason in ("trump_forced", "trump_asked"):  # "the smallest" only if it is
                smallest = card == min(c for c in cards if c.is_trump)
                assert (reason == "trump_forced") == smallest, (obs, card)
            if reason in ("follow_low", "follow"):  # "a low card" only if it is
                lowest = card == min(c for c in cards if c.suit == card.suit)
                assert (reason == "follow_low") == (lowest and card.rank <= 10), (obs, card)
            if reason == "discard":  # neither the suit nor a trump in hand
                follows = [c for c in obs.hand if not c.is_excuse and c.suit == suit_led.suit]
                assert not any(c.is_trump for c in obs.hand) and not follows
    assert {"only", "lead_low", "lead", "cheapest_trump", "follow_low", "follow"} <= seen
    assert {"trump_forced", "trump_asked", "discard"} <= seen


async def test_undo_waits_for_a_thinking_bot(tmp_path: Path, monkeypatch: Any) -> None:
    import random
    import threading

    from atout.bots import BOTS
    from tests.test_tui_bots import GatedBot

    gate = threading.Event()
    gate.set()  # the bots decide at once until the person has bid
    monkeypatch.setitem(BOTS, "search-fast", lambda rng: GatedBot(gate, random.Random(1)))
    app = new_app(tmp_path, replace(QUIET, bots="search-fast"), seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(200):
            await pilot.pause(0.05)
            screen = table(app)
            if screen.session.human_to_act():
                gate.clear()
                await pilot.press("p")
            elif screen.thinking is not None and screen.session.undo_point() is not None:
                break
        else:
            raise AssertionError("no bot thought after the person's bid")
        actions = list(screen.session.actions)
        await pilot.pause(0.5)  # "… is thinking" said
        await pilot.press("u")
        name = screen.seats.short(screen.thinking)
        assert str(app.screen.query_one("#message").render()) == (
            f"Wait: {name} is thinking; u takes your card back after."
        )
        assert screen.session.actions == actions
        gate.set()
        for _ in range(100):
            await pilot.pause(0.05)
            if screen.thinking is None and (
                screen.session.human_to_act() or screen.session.table.donne.is_terminal()
            ):
                break
        assert screen.session.human_to_act()  # the play: the person's first card
        await pilot.press("u")  # takes back the bid, and all that followed it
        await pilot.pause()
        start = max(i for i, (_, a) in enumerate(actions) if a["seat"] == 0)
        assert screen.session.actions == actions[:start]
        assert screen.obs.game.phase is GamePhase.BIDDING  # type: ignore[union-attr]


# -- the guided match ----------------------------------------------------------------------


async def guided_donne(pilot: Any, app: TarotApp) -> list[str]:
    """Play a donne of a guided match to its result, reading each note; their names."""
    from atout.tui.guide_screen import GuideScreen
    from tests.test_tui import act_by_keys

    read: list[str] = []
    for _ in range(600):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, GuideScreen):
            text = str(screen.query_one("#guide-text").render())
            for rule in screen.note.rules:
                assert rulebook.render_rule(rule, "en").split("\n")[0] in text
            read.append(screen.note.name)
            await pilot.press("enter")
        elif isinstance(screen, PanelScreen):
            await pilot.pause(0.2)
            if not isinstance(app.screen, GuideScreen):
                return read
        elif table(app).hold:
            await pilot.press("space")
        elif table(app).session.human_to_act():
            await act_by_keys(pilot, app, Contract.GARDE)
    raise AssertionError("the donne did not end")


async def test_a_guided_first_match_explains_once_at_the_right_moments(tmp_path: Path) -> None:
    app = new_app(tmp_path, replace(QUIET, deals=2), seed=41)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "guided match" in str(app.screen.query_one("#first-start").render())
        assert app.focused is not None and app.focused.id == "guided"
        await pilot.press("g")
        read = await guided_donne(pilot, app)
        assert read[:2] == ["bouts", "bidding"] and read[-1] == "score"
        assert len(read) == len(set(read)) and "contract" in read
        assert under(app).session.settings.guide
        await pilot.press("enter")  # the next donne: nothing read is shown again
        assert not set(await guided_donne(pilot, app)) & set(read)
        await pilot.press("q")
    kept = json.loads((tmp_path / "settings.json").read_text())
    assert set(read) <= set(kept["read"])
    again = new_app(tmp_path / "again", replace(QUIET, deals=1), seed=5)
    again.read_notes = set()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")  # a match not guided: no note
        for _ in range(30):
            await pilot.pause()
            assert not isinstance(again.screen, ModalScreen) or isinstance(
                again.screen, PanelScreen
            )


def under(app: TarotApp) -> TableScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def test_the_second_choice_is_named_so_and_its_marks_agree_in_number() -> None:
    from atout.bots.explain import Hint
    from atout.state import CardPlayed

    def second(gap: float, ui: str) -> str:
        best, other = CardPlayed(0, Card.parse("7♥")), CardPlayed(0, Card.parse("R♥"))
        text = Hint(best, 10.0, other, 10.0 - gap, "follow_low").text(ui, ui)
        return text.split(". ")[2]

    assert second(6.2, "fr") == "Second choix : jouez R♥, 6 marques de moins"
    assert second(1.1, "fr") == "Second choix : jouez R♥, 1 marque de moins"
    assert second(0.3, "fr") == "Second choix : jouez R♥, à peu près autant"
    assert second(6.2, "en") == "Second choice: play K♥, 6 marks less"
    assert second(0.8, "en") == "Second choice: play K♥, 1 mark less"
    assert second(0.0, "en") == "Second choice: play K♥, worth about as much"


def test_tied_players_share_their_place_in_the_standings() -> None:
    from types import SimpleNamespace

    from atout.tui.texts import standings
    from atout.tui.words import Seats

    def places(totals: list[int], ui: str) -> list[str]:
        obs: Any = SimpleNamespace(players=len(totals), totals=totals)
        seats = Seats(0, len(totals), ui)
        lines = standings(obs, seats).splitlines()[1:]
        best = max(range(len(totals)), key=lambda s: totals[s])
        assert seats.name(best) in lines[0]
        return [line.split(".")[0].strip() for line in lines]

    for ui in ("en", "fr"):
        assert places([-126, 378, -126, -126], ui) == ["1", "2", "2", "2"]
        assert places([10, 20, 20, -20, 10], ui) == ["1", "1", "3", "3", "5"]


async def test_no_next_dealer_when_the_last_donne_is_void(tmp_path: Path) -> None:
    seed = next(s for s in range(5000) if TableSession(QUIET, s).new_donne().void == "petit_sec")
    for ui, next_line, over in (
        ("en", "deals the next donne", "Standings after the match"),
        ("fr", "donne la suivante", "Classement"),
    ):
        app = new_app(tmp_path / ui, replace(QUIET, ui=ui, deals=1), seed=seed)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            for _ in range(10):
                await pilot.pause()
            assert isinstance(app.screen, PanelScreen)
            text = str(app.screen.text)
            assert "(D16)" in text and over in text
            assert next_line not in text, text


def test_the_bidding_note_gives_each_contracts_multiplier() -> None:
    from atout.i18n import gettext
    from atout.tui.guide import note_named

    note = note_named("bidding")
    for ui in ("en", "fr"):
        text = gettext(ui, note.text)
        for contract in Contract:
            word = "Garde sans" if contract is Contract.GARDE_SANS else contract.name.title()
            word = "Garde contre" if contract is Contract.GARDE_CONTRE else word
            assert f"{word} ×{contract.multiplier}" in text, (ui, contract)
        assert "twice" not in text and "deux fois" not in text


async def test_the_ecart_prompt_says_when_a_trump_may_go(tmp_path: Path) -> None:
    from tests.test_tui import find_seed, human_takes

    seed = find_seed(human_takes)
    for ui, trump in (("en", "a trump only if nothing else is left"), ("fr", "un atout seulement")):
        app = new_app(tmp_path / ui, replace(QUIET, ui=ui), seed=seed)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("2")
            await pilot.pause()
            text = str(app.screen.query_one("#message").render())
            assert text.startswith("Écart (E1–E2)") and trump in text, text


def test_the_person_is_you_in_mid_sentence_not_you_capitalised() -> None:
    from atout.play import Trick
    from atout.tui.deal_view import DealBoard, steps_text
    from atout.tui.texts import last_trick_text
    from atout.tui.words import Seats

    board = DealBoard(4, 1)
    board.apply({"kind": "shuffled", "seat": 0})
    board.apply({"kind": "cut", "seat": 0, "k": 42})
    played = ((1, "1S"), (2, "2S"), (3, "3S"), (0, "KS"))
    trick = Trick(1, tuple((s, Card.parse(c)) for s, c in played), 0)
    expected = {
        "en": ("shuffled by you (D4)", "your cut: 42 cards (D5)", "Won by you"),
        "fr": ("battu par vous (D4)", "votre coupe : 42 cartes (D5)", "Gagné par vous"),
    }
    for ui, (shuffled, cut, won) in expected.items():
        seats = Seats(0, 4, ui)
        steps = str(steps_text(board, seats))
        assert shuffled in steps and cut in steps, steps
        assert str(last_trick_text(trick, 1, seats, ui)).endswith(won)
        assert "Vous" not in steps and " You" not in steps
    other = Seats(2, 4, "fr")
    assert "battu par Droite 3 (D4)" not in str(steps_text(board, other))
    assert "battu par " + other.short(0) in str(steps_text(board, other))


async def test_the_help_names_the_search_level_and_the_rules_show_setting_labels(
    tmp_path: Path,
) -> None:
    from atout import bot_levels
    from atout.tui.screens import RuleView

    for ui, label in (("en", "Shuffler's place"), ("fr", "Place du mélangeur")):
        app = new_app(tmp_path / ui, replace(QUIET, ui=ui))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            help_text = str(app.screen.query_one("#help-text").render())
            assert f"«\u00a0{bot_levels.title('search', ui)}\u00a0»" in help_text or (
                ui == "en" and '"search" bot' in help_text
            )
            assert "robot search" not in help_text
            await pilot.press("escape")
            await pilot.press("r")
            await pilot.pause()
            views = {view.rule: str(view.render()) for view in app.screen.query(RuleView)}
            assert label in views["D4"] and "[shuffler_offset]" not in views["D4"]
