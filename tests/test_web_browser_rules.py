"""Rule ids on the web pages open the rule's text: the server's rule book page
``/rules`` (docs/reference/rules.md, made from :mod:`atout.rulebook`) lands on the rule
its fragment names, and a rule id shown at the table is a link to it, in a real browser
(Debian's chromium driven by Playwright)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from atout import rulebook
from atout.session import Table
from tests.browser import DESKTOP, browser, needs_chromium, sqlite_server
from tests.test_web_browser_scenes import FakeServer, open_scene, scene
from tests.web_harness import ServerProcess

__all__ = ["browser"]  # the fixture

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("rules"))


def first_to_act(table: Table) -> int | None:
    waiting = table.to_act()
    return waiting[0] if waiting else None


def test_rules_page_lands_on_the_rule_of_its_fragment(
    server: ServerProcess, browser: Browser
) -> None:
    context = browser.new_context(
        viewport=DESKTOP, locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR"}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.base}/rules#D5")
    d5 = page.locator("article#D5")
    assert d5.locator("h3").inner_text() == "D5 — " + rulebook.rule("D5").title.fr
    assert rulebook.rule("D5").text.fr in d5.inner_text()
    box = d5.bounding_box()
    assert box is not None and 0 <= box["y"] < 40, f"the page opens on D5, not at {box}"
    assert page.locator("article#D4").bounding_box()["y"] < 0  # type: ignore[index]
    assert page.locator("html").get_attribute("lang") == "fr"
    page.goto(f"{server.base}/rules?lang=en#S5")
    assert "Half a point short of the target is a loss" in page.inner_text("article#S5")
    assert page.locator("article[id]").count() == len(rulebook.rules())
    assert not errors, errors
    context.close()


def test_a_rule_id_at_the_table_opens_the_rule_text(
    server: ServerProcess, browser: Browser
) -> None:
    table, seat = scene(4, first_to_act)  # the draw for the first dealer (D1)
    fake = FakeServer(table, seat)
    watched = open_scene(browser, server, fake)
    page = watched.page
    link = page.locator("#actions a.rule", has_text="D1")
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    rules_page = opened.value
    rules_page.wait_for_load_state()
    assert rules_page.url.endswith("/rules?lang=en#D1")
    shown = rules_page.locator("article#D1").inner_text()
    assert rulebook.rule("D1").text.en in shown
    box = rules_page.locator("article#D1").bounding_box()
    assert box is not None and box["y"] < 40
    assert page.get_attribute("#rules-link", "href") == "/rules?lang=en"
    page.click("[data-act=draw]")
    logged = page.locator("#log li a.rule").first
    logged.wait_for()
    named = logged.get_attribute("data-rule")
    assert named in {r.id for r in rulebook.rules()} and logged.inner_text().startswith(named)
    assert logged.get_attribute("href") == f"/rules?lang=en#{named}"
    assert not watched.errors, watched.errors
