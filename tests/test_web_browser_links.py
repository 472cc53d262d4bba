"""The owner frees or reassigns a seat with a new link, in a real chromium against
``atout serve``: the page open on the old link says it no longer opens the seat, the
feed of every page says so, the owner copies the new link, the person who opens it
plays the seat, and the old link opens nothing — in French and English, on a phone
and a desktop, on SQLite and PostgreSQL."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser import browser, needs_chromium
from tests.test_web_browser import wait_until
from tests.test_web_browser_a11y import no_serious_violation
from tests.test_web_browser_seats import IDS, READERS, reader, server
from tests.web_harness import ServerProcess, create_table

__all__ = ["browser", "server"]  # the fixtures

pytestmark = needs_chromium


WATCH_TOASTS = """() => {
  window.toasts = [];
  const box = document.getElementById('toast');
  new MutationObserver(() => { if (!box.hidden) window.toasts.push(box.textContent); })
    .observe(box, { attributes: true, childList: true, characterData: true, subtree: true });
}"""


def feed_words(french: bool) -> str:
    return "nouveau lien" if french else "new link"


def assert_no_live_table(page: Page, shot: Path | None = None) -> None:
    """A page whose link no longer opens its seat shows no live table: no waiting room,
    hand or action button, the felt greyed and out of reach, a way to the lobby."""
    assert page.locator("body.link-gone").count() == 1
    tools = ("#btn-sheet", "#btn-last", "#btn-log", "#btn-export")  # nothing they could do
    for part in ("#waiting", "#hand-zone", "#actions", "#hand .card", *tools):
        assert not page.locator(part).first.is_visible(), part
    assert page.evaluate("document.getElementById('table').inert")
    assert page.evaluate("getComputedStyle(document.getElementById('table')).filter") != "none"
    assert page.get_attribute("#banner a", "href") == "/"
    if shot is not None:
        page.screenshot(path=str(shot))


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_the_owner_gives_a_seat_a_new_link(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    french = lang.startswith("fr")
    settings = {
        "players": 4,
        "seats": [None, None, "random", "random"],
        "names": ["Ana", "Bruno", "", ""],
        "bot_delay_ms": 150,
        "grace_seconds": 600,
    }
    links = create_table(server.base, settings)
    owner = reader(browser, lang, viewport)
    owner.on("dialog", lambda dialog: dialog.accept())
    owner.goto(links["owner"])
    owner.click("#btn-start")
    owner.wait_for_selector("#board:not([hidden])")
    bruno = reader(browser, lang, viewport)
    bruno.goto(links["seats"][1]["url"])
    bruno.wait_for_selector("#seats .seat.me")
    ana = reader(browser, lang, viewport)  # another player of the table, playing
    ana.goto(links["seats"][0]["url"])
    ana.wait_for_selector("#seats .seat.me")
    ana.evaluate(WATCH_TOASTS)  # a toast goes after 4 s: every one shown is kept
    assert owner.locator("#btn-seats:not([hidden])").count() == 1
    assert bruno.locator("#btn-seats:not([hidden])").count() == 0, "the owner's tool only"
    owner.click("#btn-seats")
    row = owner.locator('#owner-seats li[data-seat="1"]')
    assert row.locator("input.seat-name").input_value() == "Bruno"
    assert owner.locator('#owner-seats li[data-seat="2"]').count() == 0, "a bot has no link"
    row.locator("input.seat-name").fill("Chloé")
    row.locator("button.new-link").click()
    new_url = row.locator(".new-url input.url")
    new_url.wait_for()
    url = new_url.input_value()
    assert url.startswith(f"{server.base}/t/{links['table']}#")
    assert url != links["seats"][1]["url"]
    assert "Chloé" in owner.inner_text("#toast")
    owner.screenshot(path=str(tmp_path / f"seats-{lang}.png"))
    no_serious_violation(owner, "the owner's seats")
    gone = "ne l'ouvre plus" if french else "no longer opens it"
    bruno.wait_for_selector("#banner.error:not([hidden])")
    assert gone in bruno.inner_text("#banner")
    assert ("Demandez-lui" if french else "Ask the owner") in bruno.inner_text("#banner")
    bruno.wait_for_timeout(1500)
    assert gone in bruno.inner_text("#banner"), "the page does not reconnect"
    assert_no_live_table(bruno, tmp_path / f"gone-{lang}.png")
    # the other players see the notice where they look, not only in the log
    wait_until(
        lambda: any("Chloé" in text for text in ana.evaluate("() => window.toasts")),
        "Ana is told in a toast",
    )
    told = [text for text in ana.evaluate("() => window.toasts") if "Chloé" in text]
    assert feed_words(french) in told[0], told
    feed = feed_words(french)
    owner.click("#dlg-seats button.primary")
    wait_until(lambda: feed in owner.inner_text("#log"), "the owner's feed says so")
    line = next(x for x in owner.inner_text("#log").split("\n") if feed in x)
    assert "Chloé" in line
    chloe = reader(browser, lang, viewport)
    chloe.goto(url)
    chloe.wait_for_selector("#seats .seat.me")
    assert "Chloé" in chloe.inner_text("#seats .seat.me .name")
    wait_until(
        lambda: owner.locator('#seats .seat[data-seat="1"] .badge.standin').count() == 0,
        "Chloé plays the seat",
    )
    late = reader(browser, lang, viewport)
    late.goto(links["seats"][1]["url"])
    late.wait_for_selector("#banner.error:not([hidden])")
    assert late.locator("#seats .seat.me").count() == 0, "the old link opens nothing"
    for page in (owner, ana, bruno, chloe, late):
        page.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS, ids=IDS)
def test_a_seat_opened_in_a_new_page_is_here_once_on_the_new_page(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize
) -> None:
    french = lang.startswith("fr")
    links = create_table(server.base, {"players": 4, "seats": [None, None, "random", "random"]})
    owner = reader(browser, lang, viewport)
    owner.goto(links["owner"])
    owner.wait_for_selector("#waiting:not([hidden])")
    old = reader(browser, lang, viewport)
    old.goto(links["seats"][1]["url"])
    old.wait_for_selector("#waiting:not([hidden])")
    wait_until(lambda: owner.locator(".wait-seat.person.present").count() == 1, "seat 2 here")
    new = old.context.new_page()  # the same link in a new tab
    new.goto(links["seats"][1]["url"])
    new.wait_for_selector("#waiting:not([hidden])")
    # the old page is told and closed; it does not take the seat back
    old.wait_for_selector("#banner.error:not([hidden])")
    elsewhere = "une autre page" if french else "another page"
    assert elsewhere in old.inner_text("#banner"), old.inner_text("#banner")
    assert ("rechargez" if french else "reload") in old.inner_text("#banner")
    said = old.inner_text("#banner")  # a sentence: a capital, a full stop before the next
    assert said.startswith("Cette place" if french else "This seat"), said
    assert ("pour jouer ici. " if french else "to play here. ") in said, said
    assert_no_live_table(old)
    new.wait_for_timeout(1500)
    assert new.locator("#banner").is_hidden(), new.inner_text("#banner")
    assert owner.locator(".wait-seat.person.present").count() == 1
    assert owner.locator('.wait-seat.present[data-seat="1"]').count() == 1
    # the new page closes: the seat is no longer here (no stale count of the old page)
    new.close()
    wait_until(lambda: owner.locator(".wait-seat.person.present").count() == 0, "seat 2 gone")
    owner.context.close()
    old.context.close()


@pytest.mark.parametrize(("lang", "viewport"), READERS[:2], ids=IDS[:2])
def test_the_log_keeps_the_name_of_who_did_each_action_after_a_new_link(
    browser: Browser, server: ServerProcess, lang: str, viewport: ViewportSize, tmp_path: Path
) -> None:
    """Bruno gives his random value, then the owner gives his seat to Chloé: every page,
    also one opened after (Chloé's), names Bruno for what Bruno did and Chloé for what
    was done since, the stand-in bot's decisions "for" the person of the time; the
    verifiable deal's note tells Chloé the value was Bruno's, not hers."""
    french = lang.startswith("fr")
    links = create_table(
        server.base,
        {
            "players": 3,
            "seats": [None, "random", "random"],
            "names": ["Bruno", "", ""],
            "bot_delay_ms": 100,
            "grace_seconds": 600,
        },
    )
    owner = reader(browser, lang, viewport)
    owner.on("dialog", lambda dialog: dialog.accept())
    owner.goto(links["owner"])
    bruno = reader(browser, lang, viewport)
    bruno.goto(links["seats"][0]["url"])
    bruno.wait_for_selector("#waiting:not([hidden])")
    owner.click("#btn-start")
    gives = "sa valeur aléatoire" if french else "gives a random value"
    wait_until(lambda: gives in bruno.inner_text("#log"), "Bruno's value in his log")
    wait_until(lambda: bruno.locator("[data-act=draw]").count() > 0, "Bruno may draw")
    owner.click("#btn-seats")
    row = owner.locator('#owner-seats li[data-seat="0"]')
    row.locator("input.seat-name").fill("Chloé")
    row.locator("button.new-link").click()
    new_url = row.locator(".new-url input.url")
    new_url.wait_for()
    url = new_url.input_value()
    bruno.wait_for_selector("#banner.error:not([hidden])")
    chloe = reader(browser, lang, viewport)
    chloe.goto(url)
    chloe.wait_for_selector("#seats .seat.me")
    bot = "(joué par le robot)" if french else "(played by the bot)"
    draws = " tire " if french else " draws "

    def lines(page: Page) -> list[str]:
        return page.locator("#log li .text").all_text_contents()

    # the stand-in drew for Chloé's seat before she came (nobody had the new link)
    wait_until(lambda: any(bot in x and draws in x for x in lines(chloe)), "the bot's draw")
    for page in (chloe, owner):
        page.reload()
        page.wait_for_selector("#log li", state="attached")
        wait_until(partial(lambda page: any(draws in x for x in lines(page)), page), "draws")
        told = lines(page)
        given = [x for x in told if gives in x]
        assert given and given[0].startswith("Bruno "), given
        drawn = [x for x in told if draws in x and bot in x]
        assert drawn and all(x.startswith("Chloé") for x in drawn), drawn
        assert not any(x.startswith("Bruno") and bot in x for x in told), told
    note = chloe.inner_text("#fairness .contributed")
    assert "Bruno" in note and ("avant vous" if french else "before you") in note, note
    chloe.screenshot(path=str(tmp_path / f"earlier-names-{lang}.png"))
    for page in (owner, bruno, chloe):
        page.context.close()
