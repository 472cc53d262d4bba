"""The web table's small words, in a real chromium, in French and English, on a phone
and a desktop: French elides "de" before a vowel ("Garde d'Alice"), the centre's note
names its rule once, the lobby labels its seat fields from seat 1.

Scenes come from :class:`tests.test_web_browser_scenes.FakeServer`."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from atout.dealing import Phase
from atout.session import Table, action_to_json
from tests.browser import (
    IDS,
    PHONE,
    READERS,
    browser,
    hurried,
    hurry,
    needs_chromium,
    sqlite_server,
)
from tests.test_web_browser import wait_until
from tests.test_web_browser_deal import at
from tests.test_web_browser_fixes import NamedFake, open_page
from tests.test_web_browser_scenes import FakeServer, scene
from tests.test_web_browser_seats import reader
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("cosmetic"))


def playing(table: Table) -> int | None:
    donne = table.donne
    if donne is None or donne.phase.value != "play" or donne.taker is None:
        return None
    return donne.current_player()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_taker_is_named_with_french_elision(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    table, seat = scene(4, playing)
    taker = table.donne.taker if table.donne is not None else None
    assert taker is not None
    names = ["Bruno", "Chloé", "Denis", "Éric"]
    names[taker] = "Alice"
    watched = open_page(browser, server, NamedFake(table, seat, names), lang, viewport)
    status = watched.page.inner_text("#status")
    if lang.startswith("fr"):
        assert " d'Alice" in status and "de Alice" not in status, status
    else:
        assert " by Alice" in status, status
    assert not watched.errors, watched.errors
    watched.page.context.close()


STEPS = [
    (Phase.SHUFFLE, "shuffler", "D4"),
    (Phase.CUT, "cutter", "D5"),
    (Phase.DEAL, "dealer", "D6"),
]


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_centre_note_names_its_rule_once(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    for phase, who, rule in STEPS:
        table, seat = scene(4, at(phase, who), deal_only=True)
        watched = open_page(browser, server, FakeServer(table, seat), lang, viewport)
        page = watched.page
        page.wait_for_selector("#center-note a.rule")
        text = page.inner_text("#center-note")
        assert len(re.findall(rf"\b{rule}\b", text)) == 1, text
        assert page.locator("#center-note .rule-more").count() == 1
        if phase is Phase.CUT:  # the words after the rule stay
            assert ("au moins 4" if lang.startswith("fr") else "at least 4") in text, text
        assert not watched.errors, watched.errors
        page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_lobby_labels_its_seats_from_one(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    page = reader(browser, lang, viewport)
    page.goto(f"{server.base}/")
    for seat in range(5):
        name = page.get_attribute(f"input[name=name{seat}]", "aria-label") or ""
        kind = page.get_attribute(f"select[name=kind{seat}]", "aria-label") or ""
        assert name.endswith(f" {seat + 1}") and kind.endswith(f" {seat + 1}"), (name, kind)
    assert ("place" if lang.startswith("fr") else "seat") in name
    page.context.close()


WATCH_DEAL_LINE = """() => {
  window.dealTexts = [];
  new MutationObserver(() => {
    const line = document.querySelector('#log li.ev-packet_dealt .text');
    if (line && window.dealTexts[window.dealTexts.length - 1] !== line.textContent) {
      window.dealTexts.push(line.textContent);
    }
  }).observe(document.getElementById('log'),
    { childList: true, subtree: true, characterData: true });
}"""


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_deal_line_counts_one_packet_in_the_singular(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    table, dealer = scene(4, at(Phase.DEAL, "dealer"), deal_only=True)
    watched = open_page(browser, server, FakeServer(table, dealer), lang, viewport)
    page = watched.page
    page.evaluate(WATCH_DEAL_LINE)
    page.click("[data-act=deal]")
    done = "6 cartes au chien" if french else "6 chien cards"
    wait_until(lambda: done in page.evaluate("() => window.dealTexts.join('|')"), "dealt")
    texts = page.evaluate("() => window.dealTexts")
    one, many = ("1 paquet,", "paquets") if french else ("1 packet,", "packets")
    assert any(one in text for text in texts), texts
    wrong = rf"\b1 {many}|\b1 chien cards|\b1 cartes au"
    assert not any(re.search(wrong, text) for text in texts), texts
    assert not watched.errors, watched.errors
    page.context.close()


class TimedFake(FakeServer):
    """A scene at a table with a move timer."""

    def info(self) -> dict[str, Any]:
        return {**super().info(), "move_seconds": 30}


def timed_page(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, fake: TimedFake
) -> Page:
    """The seat's page of the scene ``fake``, its clock held, its move timer shown."""
    links = create_table(server.base, {"players": 4, "seats": [None] * 4})
    page = reader(browser, lang, viewport)
    hurried(page)
    page.route_web_socket("**/ws/**", fake.handle)
    page.goto(links["seats"][0]["url"])
    page.wait_for_selector("#move-timer:not([hidden])")
    return page


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_move_timer_goes_when_the_card_is_played(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """The countdown is shown on the seat's turn and goes the moment its card is
    played, not after the trick's events are shown (the page's clock is held: the
    events wait)."""
    table, seat = scene(4, playing)
    page = timed_page(browser, server, lang, viewport, TimedFake(table, seat))
    assert "30" in page.inner_text("#move-timer")
    page.locator("#hand .card.legal").first.click()
    page.wait_for_selector("body.busy")  # the played card's events wait for the clock
    assert page.locator("#move-timer").is_hidden()
    assert not page.title().startswith("●")
    page.context.close()


OVERLAP = """(seat) => {
  const a = document.getElementById('toast').getBoundingClientRect();
  const row = document.querySelector(`#wait-seats li[data-seat="${seat}"]`);
  const b = row.getBoundingClientRect();
  return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top))
    * Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
}"""

LONG = (
    "A long notice, as a refusal naming its rule and what to do can be: it takes "
    "several lines on a phone, and a phone's waiting room has the seats' rows right "
    "under the toolbar, where a toast appears; your own row must stay in sight."
)


@pytest.mark.parametrize("lang", ["fr-FR", "en-GB"])
def test_a_toast_on_a_phone_leaves_the_own_seat_visible(
    browser: Browser, server: ServerProcess, lang: str
) -> None:
    """In the waiting room of a phone, the seats' rows sit under the toast's place:
    the toast moves clear of the page's own row."""
    links = create_table(server.base, {"players": 4, "seats": [None, None, "random", "random"]})
    page = reader(browser, lang, PHONE)
    page.goto(links["seats"][1]["url"])
    page.wait_for_selector('#wait-seats li[data-seat="1"]')
    page.evaluate("(text) => import('/static/table_dom.js').then((m) => m.toast(text))", LONG)
    page.wait_for_selector("#toast:not([hidden])")
    assert page.evaluate(OVERLAP, 1) == 0
    page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_lobby_says_a_refused_setting_in_the_form_s_words(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """A move timer of 3 s (the server wants 0 or 5 to 3600) is refused naming the
    form's field, not the API's ``move_seconds``, and that field gets the focus."""
    french = lang.startswith("fr")
    page = reader(browser, lang, viewport)
    page.goto(f"{server.base}/")
    page.uncheck("input[name=me]")
    page.fill("input[name=move_seconds]", "3")
    page.click("#create-button")
    page.wait_for_selector("#create-error:not([hidden])")
    error = page.inner_text("#create-error")
    assert "move_seconds" not in error and "_" not in error, error
    assert ("Minuteur de coup : 0" if french else "Move timer: 0") in error, error
    assert page.evaluate("() => document.activeElement.name") == "move_seconds"
    page.context.close()


def winning_card(table: Table, seat: int) -> str | None:
    """The card with which ``seat``, last to play to the trick, wins it (and leads next)."""
    for option in table.options(seat):
        after = copy.deepcopy(table)
        after.act(option)
        donne = after.donne
        if donne is not None and donne.phase.value == "play" and donne.current_player() == seat:
            return str(action_to_json(option)["card"])
    return None


def last_to_a_trick_it_can_win(table: Table) -> int | None:
    donne = table.donne
    if donne is None or donne.phase.value != "play":
        return None
    seat = donne.current_player()
    if seat is None:
        return None
    game = table.observation(seat).game
    if game is None or not game.tricks or len(game.tricks[-1].cards) != 3:
        return None
    return seat if winning_card(table, seat) is not None else None


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_countdown_starts_again_for_the_next_decision(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    """The server's move timer starts again at each change of the table: a seat that
    wins the trick with 5 s left and leads the next has its whole time again."""
    table, seat = scene(4, last_to_a_trick_it_can_win)
    card = winning_card(table, seat)
    page = timed_page(browser, server, lang, viewport, TimedFake(table, seat))
    page.clock.run_for(25_000)
    assert re.search(r"\b5 s\b", page.inner_text("#move-timer")), page.inner_text("#move-timer")
    page.click(f'#hand .card[data-card="{card}"]')
    page.wait_for_selector(f'#hand .card[data-card="{card}"]', state="detached")
    hurry(page, lambda: page.locator("#move-timer:not([hidden])").count() > 0, "the next lead")
    left = int(re.findall(r"\d+", page.inner_text("#move-timer"))[0])
    assert left >= 25, page.inner_text("#move-timer")
    page.context.close()
