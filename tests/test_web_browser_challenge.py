"""Today's challenge in a real browser: a person starts it from the lobby, plays its
donne at the table (the deals fixed: no shuffle, no cut) and finds his place in its
ranking (the server deals 1 donne a challenge, ``--challenge-deals 1``)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser import browser, needs_chromium
from tests.test_web_browser import match_over, new_page, play
from tests.web_harness import ServerProcess

__all__ = ["browser"]

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    where = tmp_path_factory.mktemp("challenge")
    extra = ["--tables-per-hour", "1000000", "--challenge-deals", "1"]
    with ServerProcess(f"sqlite:///{where / 'atout.db'}", where / "log", extra=extra) as p:
        yield p


def test_a_person_plays_todays_challenge_from_the_lobby_to_his_place(
    browser: Browser, server: ServerProcess
) -> None:
    watched = new_page(browser, "ana", lang="en-GB", hurry=True)
    page = watched.page
    page.goto(f"{server.base}/")
    page.fill("#challenge-name", "Ana")
    page.click("#challenge-button")
    page.wait_for_selector("#challenge-note")
    assert "no shuffle and no cut" in page.inner_text("#challenge-note")
    seen: set[str] = set()
    play([watched], lambda: match_over(page), seen, timeout=400.0)
    assert "cut" not in seen and "shuffle" not in seen, seen  # the deals are fixed
    assert "play" in seen, seen  # the person played his cards (no stand-in for him)
    page.click("#challenge-ranking-link")
    page.wait_for_selector("#challenge-ranking")
    place = page.inner_text("#challenge-place")
    assert re.search(r"Your place: (1st|2nd) of 2", place), place
    mine = page.locator("#challenge-ranking tr.you")
    assert mine.count() == 1 and "Ana" in mine.inner_text()
    assert page.locator("#challenge-ranking tr.bots").count() == 1
    assert not watched.errors, watched.errors
    # a second try under the same name is refused in one line, in the page's language
    page.goto(f"{server.base}/")
    page.fill("#challenge-name", "ana")
    page.click("#challenge-button")
    error = page.inner_text("#challenge-error")
    assert error == "ana has played this challenge already: one try a name (see its ranking)"
