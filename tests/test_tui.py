"""The terminal table, driven through the interface the way a person plays (Textual
Pilot, an 80×24 terminal): whole donnes, bids, écart, poignée, illegal cards refused
with their reason, a Petit sec, results, saving, resuming, a damaged save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Button

from atout.bidding import Contract
from atout.record import loads_game
from atout.state import Bid, CardPlayed, ChelemDecision, Discard, PoigneeShown
from atout.tui.app import CardView, HelpScreen, PanelScreen, TableScreen, TarotApp
from atout.tui.session import Settings, TableSession

SIZE = (80, 24)
QUIET = Settings(animate=False)


def first_session(seed: int, settings: Settings = QUIET) -> TableSession:
    session = TableSession(settings, seed)
    session.new_donne()
    while session.bot_step():
        pass
    return session


def find_seed(test: object, limit: int = 3000) -> int:
    for seed in range(limit):
        if test(first_session(seed)):  # type: ignore[operator]
            return seed
    raise AssertionError("no seed found")


def table(app: TarotApp) -> TableScreen:
    assert isinstance(app.screen, TableScreen)
    return app.screen


def message(app: TarotApp) -> str:
    return str(app.screen.query_one("#message").render())


async def click_card(pilot: object, app: TarotApp, card: object) -> None:
    view = next(v for v in app.screen.query(CardView) if v.card == card)
    await pilot.click(view)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def play_one_human_action(pilot: object, app: TarotApp, take: Contract | None = None) -> None:
    """Act as a person would: a key for a bid, a click on a bright card."""
    screen = table(app)
    donne = screen.session.donne
    assert donne is not None
    legal = donne.legal_actions()
    first = legal[0]
    if isinstance(first, Bid):
        key = "p"
        if take is not None and Bid(0, take) in legal:
            key = {
                Contract.PRISE: "1",
                Contract.GARDE: "2",
                Contract.GARDE_SANS: "3",
                Contract.GARDE_CONTRE: "4",
            }[take]
        await pilot.press(key)  # type: ignore[attr-defined]
    elif isinstance(first, ChelemDecision):
        await pilot.press("n")  # type: ignore[attr-defined]
    else:
        card = next(a.card for a in legal if isinstance(a, CardPlayed | Discard))
        await click_card(pilot, app, card)
    await pilot.pause()  # type: ignore[attr-defined]


async def play_until_result(
    pilot: object, app: TarotApp, take: Contract | None = None
) -> PanelScreen:
    for _ in range(200):
        await pilot.pause()  # type: ignore[attr-defined]
        if isinstance(app.screen, PanelScreen):
            return app.screen
        if table(app).session.human_to_act():
            await play_one_human_action(pilot, app, take)
    raise AssertionError("the donne did not end")


def new_app(
    tmp_path: Path, seed: int, settings: Settings = QUIET, resume: bool = False
) -> TarotApp:
    return TarotApp(settings, seed, tmp_path / "match.json", resume)


async def test_whole_donnes_through_the_interface_with_scores(tmp_path: Path) -> None:
    app = new_app(tmp_path, 11, Settings(animate=False, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        panel = await play_until_result(pilot, app, take=Contract.GARDE)
        first = str(panel.text)
        assert "Donne 1 of 2" in first
        if "void" not in first:
            assert (
                "points with" in first
                and "target" in first
                and "marks" in first
                and "total" in first
            )
        await pilot.click("#continue")
        panel = await play_until_result(pilot, app)
        assert "Standings after the match" in str(panel.text)
        await pilot.click("#continue")
        await pilot.pause()
    assert not (tmp_path / "match.json").exists()  # a finished match leaves no save


async def test_bidding_with_keys_only_legal_bids_offered(tmp_path: Path) -> None:
    seed = find_seed(
        lambda s: s.human_to_act() and Bid(0, Contract.GARDE) in s.donne.legal_actions()
    )
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await pilot.pause()
        labels = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
        assert labels[0] == "Passe (p)" and "Garde (2)" in labels
        await pilot.press("2")
        await pilot.pause()
        donne = table(app).session.donne
        assert donne is not None and Bid(0, Contract.GARDE) in donne.bids


def human_takes_with_a_garde(session: TableSession) -> bool:
    """Whether the person, bidding a Garde, gets it (the bots after him pass)."""
    donne = session.donne
    if (
        donne is None
        or not session.human_to_act()
        or Bid(0, Contract.GARDE) not in donne.legal_actions()
    ):
        return False
    session.act(Bid(0, Contract.GARDE))
    while session.bot_step():
        pass
    return donne.taker == 0 and donne.phase.value == "ecart"


async def test_ecart_illegal_card_refused_with_its_reason(tmp_path: Path) -> None:
    app = new_app(tmp_path, find_seed(human_takes_with_a_garde))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await pilot.pause()
        await pilot.press("2")
        for _ in range(5):
            await pilot.pause()
        donne = table(app).session.donne
        assert donne is not None and donne.taker == 0 and donne.phase.value == "ecart"
        assert "Écart (E1–E2)" in message(app)
        assert "Chien: " in str(app.screen.query_one("#trick").render())  # the chien is shown
        forbidden = next(c for c in donne.hands[0] if c.is_king or c.is_bout)
        view = next(v for v in app.screen.query(CardView) if v.card == forbidden)
        assert view.has_class("illegal")
        await click_card(pilot, app, forbidden)
        assert "Refused — E2" in message(app)
        for _ in range(6):
            legal = next(a.card for a in donne.legal_actions() if isinstance(a, Discard))
            await click_card(pilot, app, legal)
        assert len(donne.ecart) == 6 and donne.phase.value != "ecart"


async def test_illegal_card_in_play_refused_with_its_rule(tmp_path: Path) -> None:
    app = new_app(tmp_path, 5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        refused = False
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, PanelScreen):
                await pilot.click("#continue")
                continue
            session = table(app).session
            donne = session.donne
            if not session.human_to_act() or donne is None:
                continue
            legal = {a.card for a in donne.legal_actions() if isinstance(a, CardPlayed)}
            illegal = [c for c in donne.hands[0] if c not in legal]
            if donne.phase.value == "play" and legal and illegal:
                await click_card(pilot, app, illegal[0])
                text = message(app)
                assert text.startswith("Refused — P") or text.startswith("Refused — B4")
                assert "does not follow" in text or "trump" in text or "called suit" in text
                refused = True
                break
            await play_one_human_action(pilot, app)
        assert refused


async def test_petit_sec_is_announced_with_its_consequence(tmp_path: Path) -> None:
    seed = next(s for s in range(5000) if TableSession(QUIET, s).new_donne().void == "petit_sec")
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, PanelScreen)
        text = str(app.screen.text)
        assert "Petit sec (D16)" in text and "right neighbour deals the next donne" in text
        await pilot.click("#continue")
        await pilot.pause()
        assert table(app).session.donne_number == 2


async def test_poignee_declared_before_the_first_card(tmp_path: Path) -> None:
    def entitled(session: TableSession) -> bool:
        donne = session.donne
        return donne is not None and donne.void is None and donne.hands[0].count_trumps() >= 10

    app = new_app(tmp_path, find_seed(entitled, 20000))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        for _ in range(300):
            await pilot.pause()
            session = table(app).session
            donne = session.donne
            assert donne is not None
            if session.human_to_act() and any(
                isinstance(a, PoigneeShown) for a in donne.legal_actions()
            ):
                labels = [str(b.label) for b in app.screen.query("#actions Button").results(Button)]
                assert any("poignée (s)" in label for label in labels)
                await pilot.press("s")
                await pilot.pause()
                assert [p.seat for p in donne.poignees] == [0]
                return
            if session.human_to_act():
                await play_one_human_action(pilot, app, take=Contract.GARDE_SANS)
        raise AssertionError("the poignée was never offered")


async def test_saved_after_every_action_and_resumed(tmp_path: Path) -> None:
    seed = find_seed(lambda s: s.donne.void is None and s.human_to_act())
    app = new_app(tmp_path, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        for _ in range(3):
            await pilot.pause()
            if table(app).session.human_to_act():
                await play_one_human_action(pilot, app, take=Contract.GARDE_SANS)
        before = table(app).session
        actions = list(before.actions)
        await pilot.press("q")
    saved = json.loads((tmp_path / "match.json").read_text())
    assert saved["format"] == "atout.save/1" and len(saved["actions"]) == len(actions)
    again = new_app(tmp_path, 0, resume=True)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = table(again).session
        assert session.actions == actions and session.seed == seed
        assert session.donne == before.donne


async def test_damaged_save_is_reported_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "match.json").write_text("{ this is not json")
    app = new_app(tmp_path, 1, resume=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notice = str(app.screen.query_one("#notice").render())
        assert "could not be resumed" in notice and "set aside" in notice
    assert (tmp_path / "match.json.damaged").read_text() == "{ this is not json"
    assert not (tmp_path / "match.json").exists()


async def test_help_last_trick_and_export(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = new_app(tmp_path, 8, Settings(animate=False, deals=1))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and "No trick" in message(app)
        panel = await play_until_result(pilot, app)
        await pilot.click("#continue")
        await pilot.pause()
    # export after the match is over is covered by the session; a finished donne exports
    session = TableSession(Settings(animate=False), 8)
    session.new_donne()
    donne = session.donne
    assert donne is not None
    while not donne.is_terminal():
        if session.bot_step() is None:
            session.act(donne.legal_actions()[0])
    session.export(tmp_path / "out.json")
    donnes, data = loads_game((tmp_path / "out.json").read_text())
    assert data["seats"][0] == "human" and len(donnes) == 1
    assert panel is not None


async def test_start_screen_settings_and_english_cards(tmp_path: Path) -> None:
    app = new_app(tmp_path, 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#players")
        await pilot.click("#lang")
        await pilot.click("#animate")
        await pilot.pause()
        assert app.settings.players == 5 and app.settings.lang == "en" and app.settings.animate
        await pilot.click("#new")
        await pilot.pause()
        session = table(app).session
        assert session.settings.players == 5 and len(session.donne.hands[0]) == 15  # type: ignore[union-attr]
        shown = " ".join(str(v.render()) for v in app.screen.query(CardView))
        assert "R♠" not in shown and "V♥" not in shown


async def test_export_key_writes_a_record_that_replays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = new_app(tmp_path, 12, Settings(animate=False, deals=2))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.click("#new")
        await play_until_result(pilot, app)
        await pilot.click("#continue")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert "Exported" in message(app)
    donnes, data = loads_game((tmp_path / "atout-match-12.json").read_text())
    assert len(donnes) == 1 and data["seats"] == [
        "human",
        "bot:heuristic",
        "bot:heuristic",
        "bot:heuristic",
    ]
