"""The table page in scenes a real match reaches only by chance: a poignée to show, the
King to call (5 players), a Petit sec to announce. The page is served by the real
server; its websocket is answered (Playwright's ``route_web_socket``) from an
:class:`atout.session.Table` brought to the scene, the way docs/reference/web-protocol.md says:
a snapshot after the hello, an ack and an update after each action."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from atout.dealing import Phase
from atout.errors import IllegalActionError
from atout.session import Table, TableSettings, action_from_json, observation_json
from atout.session.view import variant_json
from atout.state import PoigneeShown
from tests.browser import DESKTOP, browser, needs_chromium, sqlite_server
from tests.test_web_browser import Watched
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("scenes"))


def scene(
    players: int, reached: Callable[[Table], int | None], seeds: int = 400, deal_only: bool = False
) -> tuple[Table, int]:
    """A table of persons played by the bots' choices until ``reached`` names a seat
    (``deal_only``: a scene of the deal, not looked for once the cards are picked up)."""
    for seed in range(seeds):
        table = Table(TableSettings(players=players, deals=1, seats=(None,) * players), seed)
        while not table.is_over and not (deal_only and table.donne is not None):
            seat = reached(table)
            if seat is not None:
                return table, seat
            waiting = table.to_act()
            if not waiting:
                break
            table.act(table.bot_action(waiting[0]))
    raise AssertionError("no seed reaches the scene")


class FakeServer:
    """Answers one page's websocket from ``table`` for ``seat``."""

    def __init__(
        self, table: Table, seat: int | None, drop_first: bool = False, all_hands: bool = False
    ) -> None:
        self.table = table
        self.seat = seat
        self.drop_first = drop_first  # close the socket at the first action, unanswered
        self.all_hands = all_hands
        self.actions: list[dict[str, Any]] = []
        self.ids: list[int] = []
        self.hellos: list[dict[str, Any]] = []
        self.refused: list[str] = []

    def info(self) -> dict[str, Any]:
        n = self.table.variant.players
        return {
            "id": "scene",
            "players": n,
            "variant": variant_json(n),
            "deals": 1,
            "names": [f"P{s}" for s in range(n)],
            "kinds": ["person"] * n,
            "present": [True] * n,
            "stand_in": [False] * n,
            "started": True,
            "over": False,
        }

    def view(self) -> dict[str, Any]:
        return observation_json(self.table.observation(self.seat, all_hands=self.all_hands))

    def handle(self, ws: WebSocketRoute) -> None:
        def on_message(raw: str | bytes) -> None:
            message = json.loads(raw)
            if message["type"] == "hello":
                self.hellos.append(message)
                events = self.table.events_since(message["seq"], self.seat)
                role = "spectator" if self.seat is None else "player"
                snapshot = {
                    "type": "snapshot",
                    "seq": len(self.table.events),
                    "you": {"seat": self.seat, "role": role},
                    "table": self.info(),
                    "view": self.view(),
                    "events": events,
                }
                ws.send(json.dumps(snapshot))
            elif message["type"] == "act":
                self.actions.append(message["action"])
                self.ids.append(message["id"])
                if self.drop_first:
                    self.drop_first = False
                    ws.close()
                    return
                before = len(self.table.events)
                try:
                    self.table.act(action_from_json(message["action"]))
                except IllegalActionError as error:
                    self.refused.append(str(error))
                    refusal = {"type": "error", "id": message["id"], "rule": error.rule}
                    ws.send(json.dumps({**refusal, "message": str(error)}))
                    return
                ack = {"type": "ack", "id": message["id"], "seq": len(self.table.events)}
                ws.send(json.dumps(ack))
                update = {
                    "type": "update",
                    "seq": len(self.table.events),
                    "events": self.table.events_since(before, self.seat),
                    "view": self.view(),
                }
                ws.send(json.dumps(update))
            elif message["type"] == "ping":
                ws.send(json.dumps({"type": "pong"}))

        ws.on_message(on_message)


def open_scene(browser: Browser, server: ServerProcess, fake: FakeServer) -> Watched:
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    context.set_default_timeout(10000)
    page = context.new_page()
    page.route_web_socket("**/ws/**", fake.handle)
    watched = Watched(page, "scene")
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#board:not([hidden])")
    return watched


def hand_classes(page: Page) -> dict[str, set[str]]:
    found = page.locator("#hand .card").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.card, n.className])"
    )
    return {card: set(name.split()) for card, name in found}


def poignee_seat(table: Table) -> int | None:
    for seat in table.to_act():
        options = table.options(seat)
        if any(isinstance(o, PoigneeShown) for o in options):
            hand = table.observation(seat).game
            assert hand is not None
            trumps = [c for c in hand.hand if c.is_trump and not c.is_excuse]
            need = next(len(o.cards) for o in options if isinstance(o, PoigneeShown))
            if len(trumps) > need:
                return seat
    return None


def test_a_poignee_shows_the_trumps_the_player_picks(
    server: ServerProcess, browser: Browser
) -> None:
    table, seat = scene(4, poignee_seat)
    fake = FakeServer(table, seat)
    watched = open_scene(browser, server, fake)
    page = watched.page
    page.click("[data-act=poignee]")
    option = next(o for o in table.options(seat) if isinstance(o, PoigneeShown))
    default = {str(c) for c in option.cards}
    need = len(default)
    classes = hand_classes(page)
    assert {c for c, k in classes.items() if "chosen" in k} == default, "the default set"
    others = [c for c, k in classes.items() if "choosable" in k]
    assert others and all(c.startswith("T") for c in others), "only other trumps to pick"
    if "EX" in classes:
        assert "dim" in classes["EX"], "A2: no Excuse while another trump is left out"
    dropped = sorted(default)[0]
    page.click(f'#hand .card[data-card="{dropped}"]')
    assert page.locator("[data-act=poignee-show]").is_disabled(), "one trump short"
    page.click(f'#hand .card[data-card="{others[0]}"]')
    page.click("[data-act=poignee-show]")
    page.wait_for_selector(".seat .poignee-shown")
    shown = page.locator(".seat .poignee-shown").first.inner_text()
    assert shown.startswith(f"{option.level} poignée: "), shown  # the seat box names it
    sent = fake.actions[-1]
    assert sent["type"] == "poignee" and sent["level"] == option.level
    assert set(sent["cards"]) == (default - {dropped}) | {others[0]}
    assert len(sent["cards"]) == need
    assert not fake.refused, fake.refused
    assert not watched.errors, watched.errors


def calling_seat(table: Table) -> int | None:
    donne = table.donne
    if donne is not None and donne.phase.value == "call":
        return donne.current_player()
    return None


def test_the_taker_calls_a_king_with_five_players(server: ServerProcess, browser: Browser) -> None:
    table, seat = scene(5, calling_seat)
    fake = FakeServer(table, seat)
    watched = open_scene(browser, server, fake)
    page = watched.page
    buttons = page.locator("[data-act=call]")
    cards = buttons.evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    assert "KS" in cards and len(cards) >= 4, cards
    assert "King of Spades" in page.inner_text("#actions")
    page.click('[data-act=call][data-card="KH"]')
    page.wait_for_selector("#log li.ev-call")
    assert "calls the King of Hearts" in page.inner_text("#log li.ev-call")
    assert fake.actions[-1] == {"type": "call", "seat": seat, "card": "KH"}
    page.locator("#status", has_text="calls K♥").wait_for()
    assert not fake.refused and not watched.errors


def petit_sec_seat(table: Table) -> int | None:
    deal = table.deal
    if deal is not None and deal.phase is Phase.PETIT_SEC and table.donne is None:
        return table.to_act()[0]
    return None


def test_a_petit_sec_is_announced_with_the_hand_shown(
    server: ServerProcess, browser: Browser
) -> None:
    table, seat = scene(4, petit_sec_seat, seeds=5000, deal_only=True)
    fake = FakeServer(table, seat)
    watched = open_scene(browser, server, fake)
    page = watched.page
    assert "D16" in page.inner_text("#actions")
    page.click("[data-act=petit_sec]")
    page.wait_for_selector("#log li.ev-deal_voided")
    assert fake.actions[-1] == {"type": "petit_sec", "seat": seat}
    log = page.inner_text("#log")
    assert "Petit sec!" in log and "deals the next one" in log
    # the score sheet opens at the donne's end; its void row shows the rule it is given
    expect(page.locator("#sheet tbody tr.void").first).to_contain_text("Petit sec, D16")
    assert not fake.refused and not watched.errors


def playing_seat(table: Table) -> int | None:
    donne = table.donne
    if donne is not None and donne.phase.value == "play" and donne.tricks:
        return donne.current_player()
    return None


def test_an_action_without_ack_is_sent_again_after_the_reconnection(
    server: ServerProcess, browser: Browser
) -> None:
    table, seat = scene(4, playing_seat)
    fake = FakeServer(table, seat, drop_first=True)
    known = len(table.events)
    watched = open_scene(browser, server, fake)
    page = watched.page
    page.locator("#hand .card.legal").first.click()
    page.wait_for_selector("#banner:not([hidden])")
    page.wait_for_selector("#banner", state="hidden")
    page.wait_for_selector("#log li.ev-card_played >> nth=-1")
    assert len(fake.hellos) == 2, "the page reconnected by itself"
    assert [h["seq"] for h in fake.hellos] == [0, known], "the second hello gives its seq"
    assert fake.actions[0] == fake.actions[1] and fake.ids[0] == fake.ids[1], fake.actions
    assert fake.actions[0]["type"] == "play"
    page.wait_for_selector("body:not(.busy)")
    assert not fake.refused and not watched.errors, (fake.refused, watched.errors)


def test_a_spectator_sees_every_hand_when_the_table_allows_it(
    server: ServerProcess, browser: Browser
) -> None:
    table, _ = scene(4, playing_seat)
    fake = FakeServer(table, None, all_hands=True)
    watched = open_scene(browser, server, fake)
    page = watched.page
    hands = page.locator("#hand .open-hand")
    assert hands.count() == 4
    donne = table.donne
    assert donne is not None
    for seat in range(4):
        shown = hands.nth(seat).locator(".card").count()
        assert shown == len(donne.hands[seat]), seat
    assert page.locator("#actions button").count() == 0
    assert not watched.errors, watched.errors
