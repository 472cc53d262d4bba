"""The terminal table, driven through the interface the way a person plays (Textual
Pilot, an 80×24 terminal): whole matches by the keys alone, bids, the King called, the
écart with undo, a poignée of chosen trumps, refusals in the cards' display form, the
finished trick kept on the table, results, the score sheet, the rules, saving and
resuming with the story of the donne, exporting and playing again."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Button, RichLog

from atout import rulebook
from atout.bidding import Contract
from atout.cards import Card, CardSet
from atout.errors import IllegalActionError
from atout.reasons import Reason, render
from atout.record import loads_game
from atout.state import Bid, CallCard, CardPlayed, GamePhase, PoigneeShown
from atout.tui.app import (
    RULE_IDS,
    CardView,
    ConfirmScreen,
    ExportScreen,
    HelpScreen,
    OptionRow,
    PanelScreen,
    PoigneeScreen,
    RulesScreen,
    RuleView,
    SheetScreen,
    StartScreen,
    TableScreen,
    TarotApp,
    length_text,
)
from atout.tui.session import Settings, TableSession, locale_ui
from atout.tui.story import Story
from atout.tui.words import Seats

SIZE = (80, 24)
QUIET = Settings(animate=False, speed="fast", pause=0, ui="en")
KEYS = {
    Contract.PRISE: "1",
    Contract.GARDE: "2",
    Contract.GARDE_SANS: "3",
    Contract.GARDE_CONTRE: "4",
}


def first_session(seed: int, settings: Settings = QUIET) -> TableSession:
    session = TableSession(settings, seed)
    session.new_donne()
    while session.bot_step():
        pass
    return session


def find_seed(test: Callable[[TableSession], bool], settings: Settings = QUIET,
              limit: int = 3000) -> int:  # fmt: skip
    for seed in range(limit):
        if test(first_session(seed, settings)):
            return seed
    raise AssertionError("no seed found")


def table(app: TarotApp) -> TableScreen:
    assert isinstance(app.screen, TableScreen), app.screen
    return app.screen


def under(app: TarotApp) -> TableScreen:
    """The table under the panel on top."""
    return next(s for s in reversed(app.screen_stack) if isinstance(s, TableScreen))


def message(app: TarotApp) -> str:
    """The line above the hand as said (its wrap at the window's width undone)."""
    return str(app.screen.query_one("#message").render()).replace("\n", " ")


def shown(app: TarotApp, ident: str) -> str:
    return str(app.screen.query_one(ident).render())


def log_text(app: TarotApp) -> str:
    return "\n".join(table(app).lines)


def hand_views(app: TarotApp) -> list[CardView]:
    return list(app.screen.query(CardView))


async def click_card(pilot: Any, app: TarotApp, card: object) -> None:
    view = next(v for v in hand_views(app) if v.card == card)
    await pilot.click(view)
    await pilot.pause()


async def act_by_keys(pilot: Any, app: TarotApp, take: Contract | None = None) -> None:
    """One action of the person, with keys only: a bid, a King called, a card put in
    the écart (then y), no chelem, the card under the cursor."""
    screen = table(app)
    obs = screen.obs
    game = obs.game
    assert game is not None
    if game.phase is GamePhase.BIDDING:
        key = "p"
        if take is not None and Bid(screen.me, take) in obs.options:
            key = KEYS[take]
        await pilot.press(key)
    elif any(isinstance(a, CallCard) for a in obs.options):
        await pilot.press("1")
    elif screen.in_ecart():
        await pilot.press("y" if len(screen.picked) == len(game.chien or ()) else "enter")
    elif game.phase is GamePhase.CHELEM:
        await pilot.press("n")
    else:
        await pilot.press("enter")
    await pilot.pause()


async def play_until_result(pilot: Any, app: TarotApp, take: Contract | None = None) -> PanelScreen:
    for _ in range(400):
        await pilot.pause()
        if isinstance(app.screen, PanelScreen):
            return app.screen
        if table(app).hold:
            await pilot.press("space")
        elif table(app).session.human_to_act():
            await act_by_keys(pilot, app, take)
    raise AssertionError("the donne did not end")


def new_app(
    tmp_path: Path, seed: int | None, settings: Settings = QUIET, resume: bool = False
) -> TarotApp:
    return TarotApp(settings, seed, tmp_path / "match.json", resume)


# -- whole matches ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_a_whole_match_by_the_keys_only(tmp_path: Path, players: int) -> None:
    app = new_app(tmp_path, 40 + players, replace(QUIET, players=players, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app, take=Contract.GARDE)
        assert "Donne 1 of 2" in str(panel.text)
        await pilot.press("enter")
        panel = await play_until_result(pilot, app, take=Contract.GARDE)
        text = str(panel.text)
        assert "Standings after the match" in text
        session = under(app).session
        assert session.is_over and len(session.observation().sheet) == 2
        lines = text.split("Standings after the match:")[1].splitlines()[1:]
        totals = [int(line.split()[-1]) for line in lines]
        for line, total in zip(lines, totals, strict=True):  # tied players share a place
            assert line.startswith(f"  {1 + sum(t > total for t in totals)}. "), lines
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    assert not (tmp_path / "match.json").exists()  # a finished match leaves no save


async def test_the_person_in_another_seat(tmp_path: Path) -> None:
    """The person's seat is a setting: seat 2 bids, plays and is named "You"."""
    settings = replace(QUIET, seat=2, deals=1)
    app = new_app(tmp_path, 3, settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app, take=Contract.GARDE)
        session = under(app).session
        donne = session.donne
        assert donne is not None and donne.is_terminal()
        assert any(b.seat == 2 for b in donne.bids)
        assert "You" in str(panel.text) and "Across 0" in str(panel.text)
        assert session.human == 2


# -- bidding and the King ---------------------------------------------------------------


def can_bid_a_garde(session: TableSession) -> bool:
    donne = session.donne
    return (
        donne is not None
        and session.human_to_act()
        and Bid(0, Contract.GARDE) in donne.legal_actions()
    )


async def test_bidding_with_keys_only_legal_bids_offered(tmp_path: Path) -> None:
    seed = find_seed(can_bid_a_garde)
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        labels = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
        assert labels[0] == "Pass (p)" and "Garde (2)" in labels
        assert message(app) == (
            "Your bid (B1–B2): p passes, 1–4 bid; only higher bids are offered."
        )
        await pilot.press("2")
        await pilot.pause()
        donne = table(app).session.donne
        assert donne is not None and Bid(0, Contract.GARDE) in donne.bids
        assert "You: Garde" in log_text(app)


FIVE = replace(QUIET, players=5)


def human_takes(session: TableSession, contract: Contract = Contract.GARDE) -> bool:
    """Whether the person, bidding ``contract``, gets it (the bots after him pass)."""
    donne = session.donne
    if donne is None or not session.human_to_act() or Bid(0, contract) not in donne.legal_actions():
        return False
    session.act(Bid(0, contract))
    while session.bot_step():
        pass
    return donne.taker == 0


async def test_the_king_call_has_keys_a_prompt_and_help(tmp_path: Path) -> None:
    app = new_app(tmp_path, find_seed(human_takes, FIVE), FIVE)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        screen = table(app)
        calls = [a for a in screen.obs.options if isinstance(a, CallCard)]
        assert len(calls) == 4
        assert message(app) == ("You take: call a King with 1–4 (B4); its holder is your partner.")
        labels = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
        assert labels == [f"{c.card.display('fr')} ({i})" for i, c in enumerate(calls, 1)]
        await pilot.press("2")
        await pilot.pause()
        assert screen.obs.game is not None and screen.obs.game.called == calls[1].card
        assert f"You call {calls[1].card.display('fr')} (B4)." in log_text(app)
        assert f"called {calls[1].card.display('fr')}" in shown(app, "#status")
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "call the King on that button (B4)" in shown(app, "#help-text")


# -- the écart --------------------------------------------------------------------------


async def test_ecart_cards_listed_chien_marked_undo_until_confirmed(tmp_path: Path) -> None:
    app = new_app(tmp_path, find_seed(human_takes))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        screen = table(app)
        game = screen.obs.game
        assert game is not None and game.phase is GamePhase.ECART and game.chien is not None
        assert (
            message(app)
            == "Écart (E1–E2): Enter puts the highlighted card aside, 6 more cards; no King, "
            "no bout, a trump only if nothing else is left; u takes back."
        )
        chien = set(game.chien)
        marked = {v.card for v in hand_views(app) if v.has_class("chien")}
        assert marked == chien  # the chien's cards are marked in the hand
        assert "Your écart (0/6):\n —" in shown(app, "#trick")
        forbidden = next(c for c in game.hand if c.is_king or c.is_bout)
        view = next(v for v in hand_views(app) if v.card == forbidden)
        assert view.has_class("illegal")
        await click_card(pilot, app, forbidden)
        why = "a King may not go to the écart" if forbidden.is_king else "a bout"
        assert message(app).startswith("Refused — E2: ") and why.split()[1] in message(app)
        await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        first, second = screen.picked
        listed = f"Your écart (2/6):\n {first.display('fr')} {second.display('fr')}"
        assert listed in shown(app, "#trick")
        assert first not in {v.card for v in hand_views(app)}
        await pilot.press("u")
        await pilot.pause()
        assert screen.picked == [first] and second in {v.card for v in hand_views(app)}
        for _ in range(5):
            await pilot.press("enter")
        await pilot.pause()
        cards = " ".join(c.display("fr") for c in screen.picked)
        assert message(app) == f"Your écart: {cards} — y confirms it, u takes a card back."
        labels = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
        assert labels == ["Take back (u)", "Confirm écart (y)"]
        assert game.phase is GamePhase.ECART and screen.session.donne is not None
        assert screen.session.donne.phase is GamePhase.ECART  # nothing applied yet
        await pilot.press("u")
        await pilot.press("enter")
        await pilot.press("y")
        await pilot.pause()
        ecart = screen.picked or tuple(screen.session.donne.ecart)
        assert screen.session.donne.phase is not GamePhase.ECART
        assert len(screen.session.donne.ecart) == 6
        assert "Your écart (E1): " in log_text(app)
        assert ecart


# -- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize("ui", ["en", "fr"])
async def test_an_illegal_card_is_refused_in_the_display_form(tmp_path: Path, ui: str) -> None:
    english = replace(QUIET, lang="en", ui=ui)
    app = new_app(tmp_path, 5, english)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                await pilot.press("enter")
                continue
            screen = table(app)
            obs, session = screen.obs, screen.session
            if not session.human_to_act() or obs.game is None:
                continue
            legal = {a.card for a in obs.options if isinstance(a, CardPlayed)}
            illegal = [c for c in obs.game.hand if c not in legal]
            if obs.game.phase is GamePhase.PLAY and legal and illegal:
                card = illegal[0]
                try:
                    session.donne.clone().apply_action(CardPlayed(0, card))  # type: ignore[union-attr]
                except IllegalActionError as error:
                    expected, why = str(error), error.reason
                await click_card(pilot, app, card)
                for every in sorted(CardSet.full(), key=lambda c: -len(str(c))):
                    code = re.escape(str(every))
                    expected = re.sub(rf"\b{code}\b", every.display("en"), expected)
                text = message(app)
                if ui == "en":
                    assert text == f"Refused — {expected} (r: the rule)"
                else:  # the French interface says the rule's refusal in French
                    french = render(why, "fr", cards="en", with_rule=True)
                    assert text.startswith(f"Refusé — {french}") and french != expected
                    assert not {"the", "does", "not", "you", "must"} & set(re.findall(r"\w+", text))
                assert str(card) not in text.split("—", 1)[1] or card.display("en") == str(card)
                rule = screen.refusal_rule
                await pilot.press("r")
                await pilot.pause()
                assert isinstance(app.screen, RulesScreen) and app.screen.rule == rule
                return
            await act_by_keys(pilot, app)
        raise AssertionError("no illegal card was ever in the hand")


def test_a_refusal_names_cards_as_the_player_chose() -> None:
    from atout.tui.words import shown_cards

    assert shown_cards("P1: T19 does not follow the suit led (3H)", "fr") == (
        "P1: 19 does not follow the suit led (3♥)"
    )
    assert shown_cards("E2: KS may not go to the écart; nor EX, QC, JD, 10H", "en") == (
        "E2: K♠ may not go to the écart; nor Ex, Q♣, J♦, 10♥"
    )
    assert shown_cards("D12 D1 B4 A2 S5 P3", "fr") == "D12 D1 B4 A2 S5 P3"  # rule ids stay


def test_refusals_are_said_in_the_interface_language() -> None:
    from atout.chien import why_not_in_ecart, why_not_poignee
    from atout.play import why_illegal
    from atout.table import Variant
    from atout.tui.words import Seats, refusal_text

    hand = CardSet.parse("KS T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 2H 3H 4H 5H 6H 7H 8H")
    said = []
    for card in ("KS", "T1", "T2"):
        why = why_not_in_ecart(Card.parse(card), hand, 6)
        assert why is not None
        said.append(refusal_text(why, "fr", "fr"))
    assert said == [
        "E2 : un Roi ne va pas à l'écart",
        "E2 : un bout (le Petit, le 21, l'Excuse) ne va pas à l'écart",
        "E2 : un atout ne va à l'écart que s'il n'y a pas d'autre choix",
    ]
    short = why_not_poignee(hand, Variant.for_players(4), "simple", list(hand)[1:10])
    assert short is not None and refusal_text(short, "fr", "fr") == (
        "A2 : une poignée simple montre exactement 10 atouts, pas 9"
    )
    trump = why_illegal(Card.parse("3S"), CardSet.parse("T19 3S"), [Card.parse("3H")])
    assert trump is not None and str(trump) == "P2: 3S: void in the suit led, you must trump"
    follow = why_illegal(Card.parse("T19"), CardSet.parse("T19 4H"), [Card.parse("3H")])
    assert follow is not None
    assert refusal_text(follow, "fr", "fr") == "P1 : 19 ne fournit pas la couleur demandée (3♥)"
    assert refusal_text(follow, "en", "en") == "P1: 19 does not follow the suit led (3♥)"
    higher = why_illegal(Card.parse("2S"), CardSet.parse("2S T13"), [Card.parse("T12")])
    assert higher is not None
    assert refusal_text(higher, "fr", "en") == "P3 : 2♠ : atout demandé, vous devez monter sur 12"
    turn = Reason("B1", "not_your_turn", turn=1, seat=0)
    assert refusal_text(turn, "fr", "fr", Seats(0, 4, "fr")) == (
        "B1 : c'est à Droite 1 de jouer, pas à Vous"
    )


# -- the finished trick -----------------------------------------------------------------


async def test_the_finished_trick_stays_with_its_winner(tmp_path: Path) -> None:
    settings = replace(QUIET, pause=-1)
    app = new_app(tmp_path, 7, settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        held = mine = False
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                break
            screen = table(app)
            game = screen.obs.game
            done = [t for t in game.tricks if t.winner is not None] if game else []
            if screen.hold:
                trick = done[-1]
                middle = shown(app, "#trick")
                assert all(card.display("fr") in middle for _, card in trick.cards)
                winner = screen.seats.short(trick.winner or 0)
                won = screen.seats.says_short(trick.winner or 0, "Won by you", "Won by {name}")
                assert won in middle
                assert message(app) == f"Trick won by {winner} — space goes on."
                before = len(screen.session.actions)
                await pilot.pause()
                assert len(screen.session.actions) == before  # the bots wait for a key
                held = True
                await pilot.press("space")
            elif screen.session.human_to_act():
                if done and game is not None and game.tricks[-1].winner is not None:
                    # the person leads: the trick he or the bots finished is still shown
                    middle = shown(app, "#trick")
                    last = done[-1].winner or 0
                    assert screen.seats.says_short(last, "Won by you", "Won by {name}") in middle
                    mine = True
                await act_by_keys(pilot, app, take=Contract.GARDE)
        assert held and mine


async def test_the_trick_pause_goes_on_by_itself(tmp_path: Path) -> None:
    settings = replace(QUIET, pause=0.05)
    app = new_app(tmp_path, 7, settings)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(400):
            await pilot.pause(0.01)
            if isinstance(app.screen, PanelScreen):
                return
            if table(app).session.human_to_act() and not table(app).hold:
                await act_by_keys(pilot, app)
        raise AssertionError("the donne did not end without a key after each trick")


# -- the poignée ------------------------------------------------------------------------


async def test_a_poignee_shows_the_trumps_chosen(tmp_path: Path) -> None:
    def entitled(session: TableSession) -> bool:
        donne = session.donne
        return donne is not None and donne.void is None and donne.hands[0].count_trumps() >= 11

    app = new_app(tmp_path, find_seed(entitled, limit=20000))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(300):
            await pilot.pause()
            screen = table(app)
            options = [a for a in screen.obs.options if isinstance(a, PoigneeShown)]
            if screen.session.human_to_act() and options:
                assert message(app) == "Your card — or s: show a poignée first (A1–A2)."
                await pilot.press("s")
                await pilot.pause()
                chooser = app.screen
                assert isinstance(chooser, PoigneeScreen)
                default = set(options[0].cards)
                left_out = next(c for c in chooser.trumps if c not in default and c.is_trump)
                taken_out = next(iter(sorted(default)))
                chooser.cursor = chooser.trumps.index(taken_out)
                await pilot.press("space")  # take the lowest out
                await pilot.press("y")
                await pilot.pause()
                assert "Refused — A2: a simple poignée shows exactly" in shown(app, "#poignee-why")
                chooser.cursor = chooser.trumps.index(left_out)
                await pilot.press("space")  # and a higher one in
                await pilot.press("y")
                await pilot.pause()
                donne = screen.session.donne
                assert donne is not None and [p.seat for p in donne.poignees] == [0]
                assert set(donne.poignees[0].cards) == (default - {taken_out}) | {left_out}
                assert "You show a simple poignée (A1): " in log_text(app)
                return
            if screen.session.human_to_act():
                await act_by_keys(pilot, app, take=Contract.GARDE_SANS)
        raise AssertionError("the poignée was never offered")


# -- saving, resuming -------------------------------------------------------------------


async def test_saved_after_every_action_and_resumed_with_the_story(tmp_path: Path) -> None:
    seed = find_seed(lambda s: s.donne.void is None and s.human_to_act())  # type: ignore[union-attr]
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(40):
            await pilot.pause()
            if table(app).session.human_to_act():
                await act_by_keys(pilot, app, take=Contract.GARDE)
            if "Trick 2:" in log_text(app):
                break
        before = table(app).session
        actions = list(before.actions)
        story = [line for line in table(app).lines if line.startswith(("Trick", "You:", "Round"))]
        await pilot.press("q")
    saved = json.loads((tmp_path / "match.json").read_text())
    assert saved["format"] == "atout.save/1" and len(saved["actions"]) == len(actions)
    again = new_app(tmp_path, 0, resume=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = table(again).session
        assert session.actions == actions and session.seed == seed
        assert session.donne == before.donne
        lines = table(again).lines
        assert [line for line in lines if line.startswith(("Trick", "You:", "Round"))] == story
        assert lines[-1] == "Resumed the saved match (4 players, 5 donnes): donne 1."


async def test_new_match_asks_before_replacing_an_unfinished_one(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    session = TableSession(QUIET, 4, path)
    session.new_donne()
    session.close()
    kept = path.read_bytes()
    app = new_app(tmp_path, 9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert shown(app, "#question") == (
            "An unfinished match is saved (donne 1 of 5). A new match replaces it and it "
            "is lost. Start a new match?"
        )
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and path.read_bytes() == kept
        await pilot.press("n")
        await pilot.press("enter")  # No has the focus: Enter keeps the save
        await pilot.pause()
        assert isinstance(app.screen, StartScreen) and path.read_bytes() == kept
        await pilot.press("n")
        await pilot.press("y")
        await pilot.pause()
        assert table(app).session.seed == 9 and json.loads(path.read_bytes())["seed"] == 9


async def test_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "match.json").write_text("{ this is not json")
    app = new_app(tmp_path, 1, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notice = shown(app, "#notice")
        assert "could not be resumed" in notice and "set aside" in notice
    assert (tmp_path / "match.json.damaged").read_text() == "{ this is not json"
    assert not (tmp_path / "match.json").exists()


# -- after the match --------------------------------------------------------------------


async def test_after_the_standings_export_then_play_again(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, deals=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app)
        labels = [str(b.label) for b in panel.query(Button).results(Button)]
        assert labels == ["Export (x)", "Play again (a)", "Score sheet (m)", "Quit (q)"]
        assert not (tmp_path / "match.json").exists()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        folder = app.screen.query_one("#folder")
        assert str(getattr(folder, "value", "")) == str(tmp_path)  # the data folder
        folder.value = "   "  # type: ignore[attr-defined]
        await pilot.press("enter")  # a folder of spaces: refused, the dialog stays
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        assert "the field is empty" in str(app.screen.query_one("#export-text").render())
        folder.value = str(tmp_path / "records")  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        path = tmp_path / "records" / "atout-match-8.json"
        assert isinstance(app.screen, PanelScreen)  # the standings again, and what was done
        said = f"Exported the match (atout.game/1) to {path}"  # the match is over
        assert app.screen.lasting == said  # in a line of its own, under the text
        assert "Standings after the match" in str(app.screen.text)
        donnes, data = loads_game(path.read_text())
        assert len(donnes) == 1 and data["seats"][0] == "human"
        await pilot.press("a")
        for _ in range(300):  # the new match's table, however busy the machine
            if isinstance(app.screen, TableScreen):
                break
            await pilot.pause(0.05)
        session = table(app).session
        assert session.donne_number == 1 and session.seed != 8
        assert not session.is_over


async def test_export_key_during_the_match(tmp_path: Path) -> None:
    app = new_app(tmp_path, 12, replace(QUIET, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await play_until_result(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        path = tmp_path / "atout-match-12.json"
        assert message(app) == f"Exported the donnes played so far (atout.game/1) to {path}"
    donnes, data = loads_game(path.read_text())
    assert len(donnes) == 1 and data["seats"] == ["human", *["bot:heuristic"] * 3]


# -- score sheet, result, rules, help ---------------------------------------------------


async def test_result_panel_and_score_sheet(tmp_path: Path) -> None:
    seed = find_seed(human_takes)
    app = new_app(tmp_path, seed, replace(QUIET, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        panel = await play_until_result(pilot, app, take=Contract.GARDE)
        text = str(panel.text)
        session = under(app).session
        row = session.observation().sheet[-1]
        result = row.result
        assert result is not None and row.taker == 0
        bouts = {0: "0 bouts", 1: "1 bout", 2: "2 bouts", 3: "3 bouts"}
        defence = f"Defence: {91 - result.points:g} points, {bouts[3 - result.bouts]}"
        assert defence in text
        assert f"Taker's camp: {result.points:g} points, {bouts[result.bouts]} —" in text
        donne = session.donne
        assert donne is not None
        ecart = " ".join(c.display("fr") for c in donne.ecart)
        assert f"The taker's écart: {ecart}" in text
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        sheet = shown(app, "#sheet-text")
        assert "Score sheet" in sheet and "Totals" in sheet
        line = next(line for line in sheet.splitlines() if line.startswith(" 1 "))
        assert "Garde" in line and f"{result.points:g}" in line
        assert all(f"{mark:+d}" in line for mark in result.marks)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("m")  # one key away during the game too
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


async def test_help_and_last_trick(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(QUIET, deals=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and message(app) == (
            "No trick has been played yet."
        )


async def test_the_rules_screen_explains_every_rule_in_both_languages(tmp_path: Path) -> None:
    assert len(RULE_IDS) == 42 and RULE_IDS[0] == "D1" and RULE_IDS[-1] == "S5"
    app = new_app(tmp_path, 8, replace(QUIET, ui="fr"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen) and screen.rule == "D1"
        await pilot.press("down")
        await pilot.press("down")
        await pilot.pause()
        current = screen.query(".current").first()
        assert screen.rule == "D3" and "L'Excuse ne compte pas au tirage" in str(current.render())
        assert str(current.render()).startswith("D3 — L'Excuse au tirage")
        views = {view.rule: str(view.render()) for view in screen.query(RuleView)}
        assert list(views) == list(RULE_IDS)
        book = rulebook.render_rule("P4", "fr", keys=False)  # the rule book, wrapped to the screen
        assert views["P4"].split() == book.split()


# -- the start screen -------------------------------------------------------------------


async def test_start_screen_every_setting_by_keys(tmp_path: Path) -> None:
    app = new_app(tmp_path, 2, replace(QUIET, ui="en"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "new"
        await pilot.press("up")
        assert app.focused.id == "ui"
        for _ in range(8):
            await pilot.press("up")
        assert app.focused.id == "players"
        await pilot.press("right")  # 5 players
        assert app.focused.id == "players"  # the focus stays on the setting changed
        await pilot.press("tab")
        assert app.focused.id == "bots"  # Tab goes on from there, not to the first button
        await pilot.press("shift+tab")
        assert app.focused.id == "players"
        await pilot.press("down", "right")  # bots: the next level
        await pilot.press("down", "right")  # match: 10 donnes
        await pilot.press("down", "right")  # speed: normal
        await pilot.press("down", "right")  # pause: none → 1 s
        await pilot.press("down", "enter")  # Enter does not change a setting
        before = app.settings
        assert not before.animate
        await pilot.press("right")  # the deal told: step by step
        assert app.settings.animate and app.settings.deal_pace == "step"
        await pilot.press("space")  # quick
        assert app.settings.animate and app.settings.deal_pace == "quick"
        await pilot.press("right")  # and off again
        await pilot.press("down", "right")  # undo: off (FFT strict)
        await pilot.press("down", "right")  # cards: English
        await pilot.pause()
        settings = app.settings
        assert (settings.players, settings.deals, settings.speed) == (5, 10, "normal")
        assert settings.bots != "heuristic" and settings.pause == 1.0
        assert not settings.animate and settings.lang == "en" and not settings.undo
        assert isinstance(app.focused, OptionRow) and app.focused.id == "lang"
        await pilot.press("down", "down")  # the New match button
        assert app.focused is not None and app.focused.id == "new"
        await pilot.press("enter")
        await pilot.pause()
        session = table(app).session
        assert session.settings == settings and len(session.observation().game.hand) == 15  # type: ignore[union-attr]
        labels = " ".join(str(v.render()) for v in hand_views(app))
        assert "R♠" not in labels and "V♥" not in labels


async def test_match_to_a_points_target_and_a_french_interface(tmp_path: Path) -> None:
    app = new_app(tmp_path, 2, replace(QUIET, ui="en"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("up")
        await pilot.press("right")  # Language: Français
        await pilot.pause()
        assert app.settings.ui == "fr" and app.focused is not None and app.focused.id == "ui"
        assert "Joueurs" in shown(app, "#players")
        for _ in range(6):
            await pilot.press("up")
        await pilot.press("right", "right", "right", "right")  # match: up to 1000 points
        await pilot.pause()
        assert app.settings.target == 1000 and "jusqu'à 1000 marques" in shown(app, "#length")
        await pilot.press("n")
        await pilot.pause()
        assert shown(app, "#status").startswith("Donne 1 · à 1000 marques")
        assert "Totaux" in shown(app, "#scores")
    session = TableSession(replace(QUIET, target=100, deals=1000), 5)
    while not session.is_over:
        donne = session.donne
        if donne is None or donne.is_terminal():
            session.new_donne()
        elif session.bot_step() is None:
            session.act(donne.legal_actions()[0])
    assert max(session.match.totals()) >= 100 and session.donne_number < 1000


def test_the_interface_is_french_when_the_locale_is(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert locale_ui() == "fr" and Settings().ui == "fr"
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert Settings().ui == "en"
    monkeypatch.setenv("LC_ALL", "fr_CA.UTF-8")
    assert Settings().ui == "fr"


# -- the table at 80×24 -----------------------------------------------------------------


async def test_five_players_at_80_by_24_totals_and_partner(tmp_path: Path) -> None:
    app = new_app(tmp_path, 3, replace(FIVE, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                await pilot.press("enter")
                continue
            screen = table(app)
            game = screen.obs.game
            scores = shown(app, "#scores")
            assert len(scores) <= 80
            for seat in range(5):
                assert f"{screen.seats.short(seat)} {screen.obs.totals[seat]:+d}" in scores
            if game is not None and game.partner is not None and game.partner != game.taker:
                status = shown(app, "#status")
                assert f"partner {screen.seats.short(game.partner)}" in status
                assert len(status) <= 80
                return
            if screen.session.human_to_act():
                await act_by_keys(pilot, app)
        raise AssertionError("no partner was ever known")


async def test_cursor_on_a_legal_card_and_arrows_skip_dim_ones(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                await pilot.press("enter")
                continue
            screen = table(app)
            legal = screen.playable()
            cards = [v.card for v in hand_views(app)]
            game = screen.obs.game
            if game and game.phase is GamePhase.PLAY and 1 < len(legal) < len(cards):
                assert cards[screen.selected] in legal
                order = [i for i, card in enumerate(cards) if card in legal]
                for step in ("left", "right", "right", "right", "left", "right", "right"):
                    place = order.index(screen.selected)
                    await pilot.press(step)
                    move = 1 if step == "right" else -1
                    assert screen.selected == order[(place + move) % len(order)]
                selected = [v for v in hand_views(app) if v.cursor]
                assert [v.card for v in selected] == [cards[screen.selected]]
                return
            if screen.session.human_to_act():
                await act_by_keys(pilot, app)
        raise AssertionError("never a choice among some of the cards")


async def test_the_log_rewraps_and_stays_at_its_end_on_resize(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        log = app.screen.query_one("#log", RichLog)
        narrow = len(log.lines)
        await pilot.resize_terminal(140, 30)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) < narrow  # longer lines, fewer of them
        assert log.scroll_y == log.max_scroll_y
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == narrow and log.scroll_y == log.max_scroll_y


# -- wording ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_the_shuffler_is_named_by_seat(tmp_path: Path, players: int) -> None:
    app = new_app(tmp_path, 6, replace(QUIET, players=players))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        lines = [line for line in table(app).lines if "shuffle" in line]
        assert len(lines) == 1
        if players == 4:
            assert "opposite the dealer, shuffles the pack (D4)." in lines[0]
        else:
            assert "opposite" not in lines[0]
            assert f"(D4: with {players} players, the seat {players // 2} after" in lines[0]
            assert "⚙" not in lines[0]  # no setting the start screen does not have


async def test_petit_sec_is_announced_with_its_consequence(tmp_path: Path) -> None:
    seed = next(s for s in range(5000) if TableSession(QUIET, s).new_donne().void == "petit_sec")
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = str(app.screen.text)
        assert "Petit sec (D16)" in text and "right neighbour deals the next donne" in text
        await pilot.press("enter")
        await pilot.pause()
        assert table(app).session.donne_number == 2
        assert "Petit sec! " in log_text(app)


# -- the interface's languages ----------------------------------------------------------


def test_every_message_of_the_table_has_its_french() -> None:
    """Every message the table shows is in the French catalogue, and the English one,
    with the same placeholders."""
    import ast

    from atout.i18n import translations

    french, english = translations("fr"), translations("en")
    folder = Path(__file__).resolve().parent.parent / "src" / "atout" / "tui"
    missing = []
    for name in ("app.py", "story.py", "words.py"):
        for node in ast.walk(ast.parse((folder / name).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            texts = {"tr": node.args[1:2], "t": node.args[:1], "says": node.args[1:3]}
            for text in texts.get(str(called), []):
                if not (isinstance(text, ast.Constant) and text.value):
                    continue
                context = node.args[2] if called == "tr" and len(node.args) > 2 else None
                key = str(text.value)
                if isinstance(context, ast.Constant):
                    key = f"{context.value!s}\x04{key}"
                if key not in french or key not in english:
                    missing.append(key)
                elif set(re.findall(r"{[^}]*}", french[key])) != set(
                    re.findall(r"{[^}]*}", key.split("\x04")[-1])
                ):
                    missing.append(f"placeholders of {key}")
    assert missing == []


async def test_the_footer_speaks_the_interface_language(tmp_path: Path) -> None:
    for ui, words in (("fr", "Dernier pli"), ("en", "Last trick"), ("fr", "Marque")):
        app = new_app(tmp_path, 8, replace(QUIET, ui=ui))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("n")
            await pilot.pause()
            described = {
                active.binding.description for active in app.screen.active_bindings.values()
            }
            assert words in described
        (tmp_path / "match.json").unlink()


def test_atout_play_off_a_terminal_says_why_no_table_opened() -> None:
    import subprocess
    import sys

    command = [sys.executable, "-m", "atout.cli", "play", "--deals", "1", "--seed", "1"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and "Final totals" in done.stdout
    assert done.stderr == (
        "atout play: standard input or output is not a terminal, so no table opens; here "
        "is a match between bots instead (--bots LEVEL or --auto asks for it without this "
        "note).\n"
    )
    command.insert(4, "--auto")
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == ""


async def test_the_deal_is_told_step_by_step_and_space_skips_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(TableScreen, "NARRATION_DELAY", 0.2)
    app = new_app(tmp_path, 3, replace(QUIET, animate=True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause(0.5)
        screen = table(app)
        told = len(screen.lines)
        assert 1 <= told < 10 and screen.narration  # told line by line
        assert hand_views(app) == []  # D11: no one picks up his cards before the end
        assert "dealer" not in shown(app, "#status")  # not before the draw is told
        await pilot.press("p")
        await pilot.pause()
        assert "Wait: the cards are still being dealt" in message(app)
        await pilot.press("space")
        await pilot.pause()
        assert not screen.narration and len(hand_views(app)) == 18
        assert "The deal is over: everyone picks up his cards (D15)." in screen.lines
        assert "dealer" in shown(app, "#status")


def test_the_docs_have_one_picture_per_phase_each_different() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs" / "images"
    phases = ["start", "deal-1", "deal-2", "deal-3", "deal-4", "bidding", "call", "ecart"]
    phases += ["poignee", "play", "trick", "result", "sheet", "rules", "help", "end"]
    pictures = {phase: (docs / f"table-{phase}.svg").read_bytes() for phase in phases}
    assert len(set(pictures.values())) == len(phases)
    assert all(picture.startswith(b"<svg") for picture in pictures.values())


# -- what a French player found at 80×24 and 100×30 ---------------------------------------

FRENCH = replace(QUIET, ui="fr")


def screen_text(app: TarotApp) -> list[str]:
    """The lines of the terminal as the person sees them."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor")  # fmt: skip
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text(styles=False).splitlines()


def test_plurals_are_written_out_french_counting_0_and_1_as_one() -> None:
    assert [length_text(("deals", n), "fr") for n in (1, 2)] == ["1 donne", "2 donnes"]
    assert [length_text(("deals", n), "en") for n in (1, 2)] == ["1 donne", "2 donnes"]
    story = Story(Seats(0, 4, "fr"), "fr", 5)
    for bouts, said in ((0, "avec 0 bout,"), (1, "avec 1 bout,"), (2, "avec 2 bouts,")):
        event = {"result": {"made": True, "points": 56, "bouts": bouts, "target": 41}}
        assert said in story.on_donne_scored(event)[0]
    english = Story(Seats(0, 4, "en"), "en", 5)
    event = {"result": {"made": False, "points": 30, "bouts": 0, "target": 56}}
    assert "with 0 bouts," in english.on_donne_scored(event)[0]
    from babel.messages.pofile import read_po

    root = Path(__file__).parent.parent / "src" / "atout" / "locale"
    with (root / "fr" / "LC_MESSAGES" / "atout.po").open("rb") as po:
        french = read_po(po)
    for message in french:
        if not any(path.startswith("src/atout/tui/") for path, _ in message.locations):
            continue
        for text in (message.id, message.string):
            assert not re.search(r"\w\(s\)", str(text)), text  # "carte(s)": say it
            assert "Choisis :" not in str(text)  # vous, as everywhere else


async def test_the_deal_is_told_in_good_french(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, FRENCH)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        told = log_text(app)
    assert "Le joueur qui a tiré la plus basse carte donne (D2" in told
    assert "donne 3 par 3, en commençant par Vous, dans le sens du jeu" in told
    assert "à partir de" not in told
    assert "Le chien reste face cachée : 6 cartes (D10)." in told  # not turned up


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_help_scrolls_to_its_last_line(tmp_path: Path, size: tuple[int, int]) -> None:
    app = new_app(tmp_path, 8, FRENCH)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        scroll = app.screen.query_one("#help-scroll")
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        seen = "\n".join(screen_text(app))
        assert "qui suit la vôtre est votre voisin de droite." in seen
        assert "Fermer" in seen


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_french_labels_fit_the_footer_and_the_standings(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = new_app(tmp_path, 8, replace(FRENCH, deals=1))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert "Reprendre" not in screen_text(app)[-1]  # no saved match, nothing to resume
        await pilot.press("n")
        await pilot.pause()
        footer = screen_text(app)[-1]
        assert "m Marque" in footer and "q Quitter" in footer and "h Conseil" in footer
        await play_until_result(pilot, app)
        await pilot.pause()
        assert "Feuille de marque (m)   Quitter (q)" in "\n".join(screen_text(app))


async def test_quit_says_the_match_is_saved_and_resume_names_it(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(FRENCH, players=3, deals=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.farewell == "Partie sauvegardée : relancez atout play pour la reprendre."
    again = new_app(tmp_path, None, FRENCH)
    async with again.run_test(size=SIZE) as pilot:
        for _ in range(20):  # the footer drawn, even on a loaded machine
            await pilot.pause(0.05)
            if "r Reprendre" in screen_text(again)[-1]:
                break
        assert "r Reprendre" in screen_text(again)[-1]
        await pilot.press("r")
        await pilot.pause()
        assert table(again).lines[-1] == (
            "Reprise de la partie sauvegardée (3 joueurs, 3 donnes) : donne 1."
        )


async def test_q_on_a_donnes_result_saves_and_quits(tmp_path: Path) -> None:
    app = new_app(tmp_path, 8, replace(FRENCH, players=3, deals=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await play_until_result(pilot, app)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.farewell == "Partie sauvegardée : relancez atout play pour la reprendre."
