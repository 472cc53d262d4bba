"""Playing together, in a real browser (Debian's chromium) against the real server, in
French and English, on a desktop and a phone (390×844):
the chat and the quick reactions (shown as text, never as markup; muted in one
browser; shown again after a reload), the turn signal in the tab's title, the move
timer's countdown and the bot's decision the feed tells, and the lobby's list of open
tables where a person takes a free seat by name. On SQLite: what the database keeps of
it (the chat, the seat taken, the timer's decision) is checked on SQLite and PostgreSQL
over websockets (tests/test_web_together.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser import ARGS, CHROMIUM, DESKTOP, PHONE, browser, needs_chromium
from tests.test_web_browser import Watched, new_page, wait_until
from tests.web_harness import ServerProcess, create_table

__all__ = ["ARGS", "CHROMIUM", "DESKTOP", "PHONE", "browser"]

pytestmark = needs_chromium
XSS = '<img src=x onerror="document.body.dataset.owned=1">'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("web-together")
    with ServerProcess(
        f"sqlite+aiosqlite:///{where / 'atout.db'}", where / "server.log"
    ) as process:
        yield process


def chat_texts(watched: Watched, visible: bool = True) -> list[str]:
    shown = "#chat-list li:not([hidden]) .text" if visible else "#chat-list li .text"
    return watched.page.locator(shown).all_text_contents()


def test_chat_reactions_mute_reload_and_the_turn_in_the_title(
    server: ServerProcess, browser: Browser
) -> None:
    links = create_table(
        server.base,
        {"players": 3, "deals": 1, "seats": [None, None, "random"], "names": ["Ana", "Ben", ""]},
    )
    ana = new_page(browser, "ana", lang="fr-FR")
    ben = new_page(browser, "ben", phone=True, lang="en-GB")
    ana.page.goto(links["seats"][0]["url"])
    ben.page.goto(links["seats"][1]["url"])
    for watched in (ana, ben):
        watched.page.wait_for_selector("#waiting:not([hidden])")
    ana.page.click("#btn-chat")
    assert ana.page.locator("#btn-chat").get_attribute("aria-expanded") == "true"
    ana.page.fill("#chat-text", XSS)
    ana.page.keyboard.press("Enter")
    wait_until(lambda: ben.page.inner_text("#chat-unread") == "1", "Ben's unread count")
    ben.page.click("#btn-chat")
    assert chat_texts(ben) == [XSS], "the text as typed"
    assert ben.page.locator("#chat-list img").count() == 0, "never as markup"
    assert ben.page.get_attribute("body", "data-owned") is None
    assert ben.page.inner_text("#chat-list li b.who") == "Ana"
    ben.page.click("#chat .reaction >> nth=1")
    wait_until(lambda: "♥" in chat_texts(ana), "the reaction on Ana's page")
    ana.page.click("#chat details.mute summary")
    ana.page.check("#mute-list input[data-seat='1']")
    assert "Ben" in ana.page.inner_text("#mute-list")
    ben.page.fill("#chat-text", "psst")
    ben.page.click("#chat-send")
    wait_until(lambda: "psst" in chat_texts(ben), "Ben's own message")
    wait_until(lambda: ben.page.input_value("#chat-text") == "", "the field emptied")
    wait_until(lambda: "psst" in chat_texts(ana, visible=False), "the message reaches Ana")
    assert chat_texts(ana) == [XSS], "Ben is muted on Ana's page"
    ana.page.reload()
    ana.page.wait_for_selector("#waiting:not([hidden])")
    wait_until(lambda: len(chat_texts(ana, visible=False)) == 3, "the chat after the reload")
    assert chat_texts(ana) == [XSS], "still muted after the reload"
    ana.page.click("#btn-chat")
    ana.page.click("#chat details.mute summary")
    ana.page.uncheck("#mute-list input[data-seat='1']")
    assert chat_texts(ana) == [XSS, "♥", "psst"]
    # a limit is no rule of the game: the refusal says it in words, with no "limit:"
    for n in range(6):
        ben.page.fill("#chat-text", f"m{n}")
        ben.page.click("#chat-send")
    said = "Refused — chat: at most 5 messages in 10 seconds"
    wait_until(lambda: ben.page.text_content("#toast") == said, "Ben's refusal, in words")
    # the refused message is still in the field, to send again; a sent one is not
    assert ben.page.input_value("#chat-text") == "m5"
    # the turn signal: the tab's title says it when the seat has a decision to make
    owner = new_page(browser, "owner", lang="en-GB")
    owner.page.on("dialog", lambda dialog: dialog.accept())  # start, even if someone is late
    owner.page.goto(links["owner"])
    owner.page.click("#btn-start")
    wait_until(lambda: ana.page.title().startswith("● À vous"), "Ana's title: her turn")
    wait_until(lambda: ben.page.title().startswith("● Your turn"), "Ben's title: his turn")
    assert ana.page.locator("#move-timer").is_hidden(), "no timer at this table"
    ana.page.locator("[data-act=draw]").first.click()
    wait_until(lambda: not ana.page.title().startswith("●"), "Ana has drawn")
    # a spectator reads the chat and has no turn: no "Your turn" sound or notification
    spectator = new_page(browser, "spectator", lang="en-GB")
    spectator.page.goto(links["spectator"])
    spectator.page.click("#btn-chat")
    spectator.page.wait_for_selector("#chat-reader:not([hidden])")
    assert spectator.page.locator("#chat .signal").is_hidden()
    assert ana.page.locator("#chat .signal").get_attribute("hidden") is None
    for watched in (ana, ben, owner, spectator):
        assert not watched.errors, watched.errors
        watched.page.context.close()


@pytest.mark.parametrize("phone,lang", [(False, "en-GB"), (True, "fr-FR")])
def test_the_move_timer_counts_down_then_the_bot_decides_and_the_feed_says_so(
    server: ServerProcess, browser: Browser, phone: bool, lang: str
) -> None:
    links = create_table(
        server.base,
        {
            "players": 3,
            "deals": 1,
            "seats": [None, "random", "random"],
            "names": ["Slow", "", ""],
            "move_seconds": 5,
            "bot_delay_ms": 0,
        },
    )
    slow = new_page(browser, "slow", phone=phone, lang=lang)
    owner = new_page(browser, "owner", lang=lang)
    slow.page.goto(links["seats"][0]["url"])
    owner.page.on("dialog", lambda dialog: dialog.accept())  # start, even if someone is late
    owner.page.goto(links["owner"])
    owner.page.click("#btn-start")
    slow.page.wait_for_selector("#move-timer:not([hidden])")
    timer = "Minuteur : " if lang == "fr-FR" else "Timer: "
    assert slow.page.inner_text("#move-timer").startswith(timer)
    said = "Temps écoulé pour Slow" if lang == "fr-FR" else "Time ran out for Slow"
    wait_until(lambda: said in slow.page.inner_text("#log"), "the feed tells the timer", timeout=30)
    slow.page.click("#btn-chat")
    assert said in slow.page.inner_text("#chat-list")
    assert said in owner.page.inner_text("#log")
    for watched in (slow, owner):
        assert not watched.errors, watched.errors
        watched.page.context.close()


@pytest.mark.parametrize("phone,lang", [(True, "en-GB"), (False, "fr-FR")])
def test_an_open_table_is_listed_on_the_lobby_and_a_seat_taken_by_name(
    server: ServerProcess, browser: Browser, phone: bool, lang: str
) -> None:
    creator = new_page(browser, "creator", lang="en-GB")
    page = creator.page
    page.goto(f"{server.base}/")
    page.uncheck("input[name=me]")  # an organiser who does not play: the links' panel
    page.check("input[name=players][value='4']")
    page.fill("input[name=name0]", "Ana")
    page.select_option("select[name=kind1]", "")
    page.select_option("select[name=kind2]", "")
    page.check("input[name=listed]")
    page.click("#create-button")
    page.wait_for_selector("#links:not([hidden])")
    table = str(page.get_attribute("#owner-open", "href")).split("/t/")[1].split("#")[0]
    guest = new_page(browser, "guest", phone=phone, lang=lang)
    guest.page.goto(f"{server.base}/")
    row = guest.page.locator(f"#open-list li[data-table='{table}']")
    row.wait_for()
    assert row.locator("button.take-seat").count() == 2, (
        "seats 2 and 3 are free, Ana's is kept for her"
    )
    row.locator("button.take-seat >> nth=1").click()
    assert row.locator(".error").is_visible(), "a name first"
    row.locator("input").fill("Zoé")
    row.locator("button.take-seat >> nth=1").click()
    guest.page.wait_for_url(f"{server.base}/t/{table}#*")
    guest.page.wait_for_selector("#waiting:not([hidden])")
    wait_until(lambda: "Zoé" in guest.page.inner_text("#wait-seats"), "Zoé in her seat")
    guest.page.goto(f"{server.base}/")
    guest.page.wait_for_timeout(500)
    remaining = guest.page.locator(f"#open-list li[data-table='{table}'] button.take-seat")
    assert remaining.count() == 1, "one free seat left"
    # the owner's Seats dialog no longer offers the link Zoé's seat had before she took it
    page.goto(str(page.get_attribute("#owner-open", "href")))
    page.click("#btn-seats")
    taken = page.locator("#owner-seats li.owner-seat[data-seat='2']")
    taken.locator(".replaced").wait_for()
    assert taken.locator(".new-url").count() == 0, "no dead link to copy"
    free = page.locator("#owner-seats li.owner-seat[data-seat='1']")
    free.locator(".new-url input").wait_for()  # the free seat's kept link still works
    for watched in (creator, guest):
        assert not watched.errors, watched.errors
        watched.page.context.close()


@pytest.mark.parametrize("phone,lang", [(True, "fr-FR"), (False, "en-GB")])
def test_an_open_table_of_one_donne_says_one_donne(
    server: ServerProcess, browser: Browser, phone: bool, lang: str
) -> None:
    one = create_table(
        server.base, {"players": 4, "deals": 1, "seats": [None] * 4, "listed": True}
    )["table"]
    two = create_table(
        server.base,
        {"players": 4, "deals": 2, "seats": [None] * 4, "listed": True, "move_seconds": 30},
    )["table"]
    guest = new_page(browser, "guest", phone=phone, lang=lang)
    guest.page.goto(f"{server.base}/")
    first = guest.page.locator(f"#open-list li[data-table='{one}'] > div").first
    first.wait_for()
    assert " · 1 donne · " in first.inner_text(), first.inner_text()
    second = guest.page.locator(f"#open-list li[data-table='{two}'] > div").first
    assert " · 2 donnes · " in second.inner_text(), second.inner_text()
    # each says its move timer, or that it has none
    french = lang.startswith("fr")
    assert ("minuteur de coup : 30 s" if french else "move timer: 30 s") in second.inner_text()
    assert ("sans minuteur" if french else "no move timer") in first.inner_text()
    assert not guest.errors, guest.errors
    guest.page.context.close()
