"""Offline, the companion's sheet shows the entries kept on the phone (Debian's
chromium), French and English, on a phone and on a laptop: each donne they end is a
greyed row marked "en attente" / "waiting", without marks, the totals the server's,
and a note says why; once sent the server's rows and totals replace them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import CHROMIUM, DESKTOP, PHONE, browser, needs_chromium, sqlite_server
from tests.web_harness import ServerProcess, http_json

__all__ = ["browser"]  # the fixture

DOCS = Path(__file__).resolve().parent.parent / "docs" / "images"
NAMES = ["Anne", "Bruno", "Chloé", "David"]
pytestmark = needs_chromium

if CHROMIUM.exists():
    from playwright.sync_api import Browser, Page, expect
else:  # pragma: no cover
    Browser = Page = Any  # type: ignore[misc,assignment]

WORDS = {
    "fr": {
        "locale": "fr-FR",
        "mark": "en attente",
        "result": "Garde · Bruno · 47,5 (2b) en attente",
        "petit": "Petit sec : Chloé (D16) en attente",
        "undone": "Annulation en attente : résultat de la donne 1 — Garde d'Anne, faite de 1",
        "toast": "Annulation en attente",
        "done": "Saisie annulée : résultat de la donne 1 — Garde d'Anne, faite de 1",
        "redone": "Saisie rétablie : résultat de la donne 1 — Garde d'Anne, faite de 1",
        "note": "Les donnes en attente sont grisées, sans marques : "
        "c'est le serveur qui les calcule.",
        "export": "Pas de connexion : les exports sont faits par le serveur. "
        "Réessayez quand la connexion sera revenue.",
    },
    "en": {
        "locale": "en-US",
        "mark": "waiting",
        "result": "Garde · Bruno · 47.5 (2b) waiting",
        "petit": "Petit sec: Chloé (D16) waiting",
        "undone": "Undo waiting: the result of donne 1 — Anne's Garde, made by 1",
        "toast": "Undo waiting",
        "done": "Undone: the result of donne 1 — Anne's Garde, made by 1",
        "redone": "Redone: the result of donne 1 — Anne's Garde, made by 1",
        "note": "Donnes waiting are greyed, without marks: the server works them out.",
        "export": "No connection: the exports are made by the server. "
        "Try again once the connection is back.",
    },
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory.mktemp("pending"))


def created_with(
    server: ServerProcess, entries: list[dict[str, Any]], names: list[str] = NAMES
) -> Any:
    """A new evening of ``names`` with ``entries`` stored, as another scorer would."""
    status, created, _ = http_json(
        "POST", f"{server.base}/api/companion", {"players": len(names), "names": names}
    )
    assert status == 201
    for n, entry in enumerate(entries):
        assert store(server, created, n, entry) == 200
    return created


def store(server: ServerProcess, created: Any, n: int, entry: dict[str, Any]) -> int:
    """The status of storing ``entry`` as the evening's entry ``n``."""
    token = {"Authorization": f"Bearer {created['scorer'].split('#')[1]}"}
    url = f"{server.base}/api/companion/{created['evening']}/entries"
    return int(http_json("POST", url, {"n": n, "entry": entry}, token)[0])


def french_phone(browser: Browser, created: Any) -> Page:
    """The scorer's page on a French phone."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    page = context.new_page()
    page.goto(created["scorer"])
    return page


DEALER = {"type": "dealer", "seat": 0}
KEPT = (  # the page kept on the phone by its worker, to open offline
    "() => navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller"
    " && caches.match(location.origin + location.pathname).then((r) => !!r))"
)


def evening(server: ServerProcess) -> Any:
    garde = {"type": "result", "contract": "garde", "taker": 0, "points": 42, "bouts": 2}
    return created_with(server, [DEALER, garde])


@pytest.mark.parametrize(("lang", "size"), [("fr", "phone"), ("en", "phone"), ("fr", "desktop")])
def test_offline_entries_are_greyed_rows_without_marks(
    server: ServerProcess, browser: Browser, lang: str, size: str
) -> None:
    created = evening(server)
    words, mobile = WORDS[lang], size == "phone"
    context = browser.new_context(
        viewport=PHONE if mobile else DESKTOP,
        is_mobile=mobile,
        has_touch=mobile,
        locale=words["locale"],
    )
    page = context.new_page()
    page.goto(created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    totals = page.locator("#sheet tfoot td.num")
    expect(totals).to_have_text(["156", "-52", "-52", "-52"])
    stored_totals = totals.all_inner_texts()
    page.wait_for_function(KEPT)
    page.context.set_offline(True)
    page.locator("#result-button").click()
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#bouts").select_option("2")
    form.locator("#points").fill("47,5" if lang == "fr" else "47.5")
    form.locator("#result-save").click()
    expect(page.locator("#waiting li")).to_have_count(1)  # kept, the page laid out again
    page.locator("#petit-button").click()
    page.locator("#petit-form select").select_option("2")
    page.locator("#petit-save").click()
    pending = page.locator("#sheet tr.pending")
    expect(pending).to_have_count(2)
    expect(pending.locator("td.what")).to_have_text([words["result"], words["petit"]])
    expect(pending.nth(0).locator("td").first).to_have_text("2")
    expect(pending.nth(1).locator("td").first).to_have_text("3")
    expect(pending.nth(0).locator("td.num")).to_have_text(["…"] * 4)
    style = pending.nth(0).locator("td.what").evaluate("(n) => getComputedStyle(n).fontStyle")
    assert style == "italic"
    assert totals.all_inner_texts() == stored_totals  # the server's totals, as the note says
    expect(page.locator("#totals-waiting")).to_contain_text(words["note"])
    page.locator("#export-pdf").click()  # the server makes the exports: said, not silent
    expect(page.locator("#export-note")).to_have_text(words["export"])
    if mobile and lang == "fr":
        # the page redraws the card as it polls: scrolled to and taken by its place
        page.evaluate("document.querySelector('#sheet-card').scrollIntoView()")
        box = page.evaluate(
            "(() => { const r = document.querySelector('#sheet-card').getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height}; })()"
        )
        page.screenshot(path=str(DOCS / "companion-pending.png"), clip=box)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # the Petit sec taken back: its row goes
    expect(pending).to_have_count(1)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # and the stored result of donne 1, waiting
    expect(pending).to_have_count(1)
    expect(pending.locator("td.what")).to_have_text(words["undone"])  # pending, not done
    expect(page.locator("#toast")).to_have_text(words["toast"])
    expect(page.locator("#donne-1")).to_have_class(re.compile(r"\bundoing\b"))
    expect(page.locator("#last")).to_have_class(re.compile(r"\bundoing\b"))  # its card too
    expect(page.locator("#last h2")).to_contain_text(words["toast"])
    struck = page.locator("#donne-1 td.num").first.evaluate(
        "(n) => getComputedStyle(n).textDecorationLine"
    )
    assert struck == "line-through"  # its marks struck: they will go
    # donne 1 reopened by the waiting undo: the guide of donne 2 waits for the server
    expect(page.locator("#current h2")).to_have_text(re.compile(r"\b1$"))
    expect(page.locator("#guide-later")).to_be_visible()
    assert page.evaluate(KEPT)  # still kept on the phone as the tab goes
    # the page opened again in a new tab, still offline, and the old tab closed: the
    # undo still waits (the new tab first: once with no page left, the headless
    # browser's in-memory storage was seen to have lost the worker's copy of the page)
    old, page = page, context.new_page()
    page.goto(created["scorer"])
    old.close()
    pending = page.locator("#sheet tr.pending")
    expect(pending.locator("td.what")).to_have_text(words["undone"])
    expect(page.locator("#toast")).to_have_text(words["toast"])
    page.locator("#redo").click()  # a Redo of a waiting undo: nothing left to send
    expect(pending).to_have_count(0)
    expect(page.locator("#waiting")).to_have_count(0)
    expect(page.locator("#toast")).to_have_text(words["redone"])
    expect(page.locator("#donne-1")).not_to_have_class(re.compile(r"\bundoing\b"))
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # and undone again, to be sent
    expect(pending.locator("td.what")).to_have_text(words["undone"])
    page.context.set_offline(False)
    expect(pending).to_have_count(0, timeout=30_000)
    expect(page.locator("#toast")).to_have_text(words["done"])  # sent at last: said done
    expect(page.locator("#totals-waiting")).to_have_count(0)
    expect(page.locator("#export-note")).to_have_count(0)
    expect(page.locator("#sheet tbody tr.donne")).to_have_count(0)  # donne 1 undone
    page.context.close()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_undo_at_once_after_the_connection_drops_reads_as_pending(
    server: ServerProcess, browser: Browser, lang: str
) -> None:
    created = evening(server)
    words = WORDS[lang]
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=words["locale"]
    )
    page = context.new_page()
    page.goto(created["scorer"])
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    page.context.set_offline(True)  # no request has failed yet: the browser says it
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#toast")).to_have_text(words["toast"])
    expect(page.locator("#sheet tr.pending td.what")).to_have_text(words["undone"])
    page.locator("#petit-button").click()  # a Petit sec entered, then undone on the phone
    page.locator("#petit-form select").select_option("2")
    page.locator("#petit-save").click()
    page.locator("#undo").click()
    page.locator("#undo-yes").click()
    expect(page.locator("#toast")).to_contain_text(words["done"].split(" ")[0])
    expect(page.locator("#toast-waiting")).to_have_text(words["toast"])  # the first still waits
    page.context.close()


def test_a_donne_reopened_offline_shows_its_stored_cut_until_an_undo_takes_it(
    server: ServerProcess, browser: Browser
) -> None:
    garde = {"type": "result", "contract": "garde", "taker": 0, "points": 42, "bouts": 2}
    cuts = [{"type": "cut", "k": 33}, {"type": "cut", "k": 40}]
    page = french_phone(browser, created_with(server, [DEALER, cuts[0], garde, cuts[1]]))
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    expect(page.locator("#cut-line")).to_contain_text("Coupe : 40 cartes")
    page.context.set_offline(True)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # the cut of donne 2: no longer shown as stored
    expect(page.locator("#cut-line")).to_have_count(0)
    expect(page.locator("#cut-form")).to_be_visible()
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # the result of donne 1: the donne reopens
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    expect(page.locator("#cut-line")).to_contain_text("Coupe : 33 cartes")  # not asked again
    expect(page.locator("#cut-form")).to_have_count(0)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # and its cut: now it is asked for
    expect(page.locator("#cut-line")).to_have_count(0)
    expect(page.locator("#cut-form")).to_be_visible()
    page.context.close()


def test_an_entry_refused_as_stale_shows_the_donne_as_the_server_has_it(
    server: ServerProcess, browser: Browser
) -> None:
    created = created_with(server, [DEALER])
    page = french_phone(browser, created)
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    page.context.set_offline(True)
    page.locator("#k").fill("30")
    page.locator("#cut-form button[type=submit]").click()
    expect(page.locator("#cut-line")).to_contain_text("30 cartes")  # waiting on the phone
    # meanwhile another scorer stores the cut of donne 1
    assert store(server, created, 1, {"type": "cut", "k": 33}) == 200
    page.context.set_offline(False)
    expect(page.locator("#waiting")).to_contain_text("autre téléphone", timeout=30_000)
    expect(page.locator("#cut-line")).to_contain_text("Coupe : 33 cartes")  # the server's
    expect(page.locator("#waiting")).not_to_contain_text("Envoi dans l'ordre")  # held
    page.context.close()


def test_a_scorer_tab_opened_offline_shows_its_viewer_link_once_back_online(
    server: ServerProcess, browser: Browser
) -> None:
    created = evening(server)
    page = french_phone(browser, created)
    expect(page.locator("#qr")).to_be_visible()
    page.wait_for_function(KEPT)
    page.context.set_offline(True)
    old, page = page, page.context.new_page()
    page.goto(created["scorer"])  # from the phone's copy: no viewer link to show yet
    old.close()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    expect(page.locator("#qr")).to_have_count(0)
    expect(page.locator("#viewer-later")).to_have_text(
        "Le lien spectateur et son QR code s'afficheront au retour de la connexion."
    )
    page.context.set_offline(False)
    expect(page.locator("#qr")).to_be_visible(timeout=30_000)  # without a reload
    expect(page.locator("#viewer-later")).to_have_count(0)
    expect(page.locator("#viewer-link")).to_have_value(re.compile(r"/companion/"))
    page.context.close()


def test_offline_a_misdeal_after_a_result_waiting_bars_the_next_dealer(
    server: ServerProcess, browser: Browser
) -> None:
    page = french_phone(browser, created_with(server, [DEALER]))
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    page.context.set_offline(True)
    page.locator("#result-button").click()  # donne 1, Anne's deal, waits on the phone
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("2")
    form.locator("#bouts").select_option("2")
    form.locator("#points").fill("45")
    form.locator("#result-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    page.locator("#fault-button").click()  # D17: Bruno deals donne 2, and misdeals (D12)
    page.locator("#kind").select_option("misdeal")
    page.locator("#fault-save").click()
    page.locator("#result-button").click()
    takers = page.locator("#result-form #taker option")
    expect(takers).to_have_text(["— choisir —", "Anne", "Chloé", "David"])
    page.context.close()


def test_offline_a_waiting_fault_leaves_the_seat_it_bars_out_of_the_takers(
    server: ServerProcess, browser: Browser
) -> None:
    page = french_phone(browser, created_with(server, [DEALER, {"type": "cut", "k": 30}]))
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    takers = page.locator("#result-form #taker option")
    page.context.set_offline(True)
    page.locator("#fault-button").click()  # D12: Anne, the dealer, misdeals and may not bid
    page.locator("#kind").select_option("misdeal")
    page.locator("#fault-save").click()
    page.locator("#result-button").click()
    expect(takers).to_have_text(["— choisir —", "Bruno", "Chloé", "David"])
    page.locator("#result-button").click()  # closed unsaved
    page.locator("#fault-button").click()  # D14: Bruno turns up the King of Spades
    page.locator("#kind").select_option("card_exposed")
    page.locator("#by").select_option("1")
    page.locator("#fcard").fill("RP")
    page.locator("#fault-save").click()
    page.locator("#result-button").click()  # a new redeal: Bruno barred, Anne no longer
    expect(takers).to_have_text(["— choisir —", "Anne", "Chloé", "David"])
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("0")
    form.locator("#bouts").select_option("2")
    form.locator("#points").fill("45")
    form.locator("#result-save").click()
    page.context.set_offline(False)  # and the server takes all three
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=30_000)
    expect(page.locator("#waiting")).to_have_count(0)
    expect(page.locator("#current h2")).to_have_text("Donne 4")
    page.context.close()


def test_offline_an_undo_then_a_fault_leaves_no_guide_of_the_server_s_old_donne(
    server: ServerProcess, browser: Browser
) -> None:
    all_pass = {"type": "all_pass"}
    page = french_phone(browser, created_with(server, [DEALER, {"type": "cut", "k": 30}, all_pass]))
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    expect(page.locator("#current .guide")).to_contain_text("Bruno donne")  # D17, from the server
    page.context.set_offline(True)
    page.locator("#undo").click()
    page.locator("#undo-yes").click()  # the all-pass taken back: donne 1 again
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    page.locator("#fault-button").click()  # a misdeal by the dealer: donne 1 void, he redeals
    page.locator("#kind").select_option("misdeal")
    page.locator("#fault-save").click()
    expect(page.locator("#current h2")).to_have_text("Donne 2")  # the same number as the server's
    # but not the server's donne 2: Anne redeals (D13), so its old guide is not shown
    expect(page.locator("#current .guide")).to_have_count(0)
    expect(page.locator("#guide-later")).to_be_visible()
    page.locator("#result-button").click()  # and Anne, not Bruno, may not bid (D12)
    takers = page.locator("#result-form #taker option")
    expect(takers).to_have_text(["— choisir —", "Bruno", "Chloé", "David"])
    page.locator("#result-button").click()
    page.context.set_offline(False)
    expect(page.locator("#sheet tr.pending")).to_have_count(0, timeout=30_000)
    expect(page.locator("#current .guide")).to_contain_text("Anne redonne")
    page.context.close()


def test_offline_the_page_refuses_a_called_excuse_and_greys_a_donne_a_card_turned_up_voids(
    server: ServerProcess, browser: Browser
) -> None:
    page = french_phone(browser, created_with(server, [DEALER], [*NAMES, "Émile"]))
    expect(page.locator("#current h2")).to_have_text("Donne 1")
    page.context.set_offline(True)
    page.locator("#fault-button").click()  # D14: a court card turned up voids the deal
    page.locator("#kind").select_option("card_exposed")
    page.locator("#by").select_option("2")
    page.locator("#fcard").fill("CC")
    page.locator("#fault-save").click()
    pending = page.locator("#sheet tr.pending")
    expect(pending.locator("td.what")).to_have_text(["carte retournée par Chloé (D14) en attente"])
    expect(page.locator("#current h2")).to_have_text("Donne 2")
    page.locator("#result-button").click()
    form = page.locator("#result-form")
    form.locator("#contract").select_option("garde")
    form.locator("#taker").select_option("1")
    form.locator("#called").fill("Excuse")
    form.locator("#partner").select_option("alone")
    form.locator("#bouts").select_option("2")
    form.locator("#points").fill("52")
    form.locator("#result-save").click()  # B4: refused here, not kept to be refused later
    expect(page.locator("#message")).to_contain_text(
        "La carte appelée est un Roi (ou une Dame, un Cavalier, un Valet), pas cette carte"
    )
    expect(page.locator("#waiting li")).to_have_count(1)  # the fault alone waits
    page.context.close()


def test_long_names_break_inside_their_column_heads_on_a_phone(
    server: ServerProcess, browser: Browser
) -> None:
    names = [
        "Jean-Baptiste Rochefoucauld-Montmorency",
        "Émile-Édouard Beaumarchais-Tourneville",
        "Anne-Sophie Villeneuve-Lagarde",
        "Bo",
        "Zoé",
    ]
    page = french_phone(browser, created_with(server, [], names))
    heads = page.locator("#sheet thead th")
    expect(heads).to_have_count(7)
    overflowing = heads.evaluate_all(
        "(cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1)"
        ".map((c) => c.textContent)"
    )
    assert overflowing == []  # each name inside its own column, none over its neighbour
    page.context.close()


def test_five_short_names_and_their_marks_fit_a_phone(
    server: ServerProcess, browser: Browser
) -> None:
    """As the guide says: five names of five or six letters fit a phone's sheet whole,
    with four-figure marks, and nothing hides a column."""
    names = ["Hélène", "Hugo", "Margot", "Julien", "Sophie"]
    call = {"called": "KS", "partner": 1, "bouts": 1}
    entries = [
        {"type": "dealer", "seat": 4},
        {"type": "result", "contract": "garde", "taker": 0, "points": 30.5, **call},
        {"type": "result", "contract": "garde_contre", "taker": 0, "points": 20, **call},
    ]
    page = french_phone(browser, created_with(server, entries, names))
    expect(page.locator("#sheet tfoot td.num").first).to_have_text("-856")
    scroll = page.locator("#sheet-scroll")
    assert scroll.evaluate("(n) => n.scrollWidth <= n.clientWidth"), scroll.evaluate(
        "(n) => [n.scrollWidth, n.clientWidth]"
    )
    expect(page.locator("#sheet-more")).to_be_hidden()  # no "swipe to see the others"
    page.context.close()


def test_the_viewer_link_pasted_in_the_scorer_s_tab_opens_the_viewer_s_page(
    server: ServerProcess, browser: Browser
) -> None:
    page = french_phone(browser, evening(server))
    expect(page.locator("#role")).to_have_text("marqueur")
    viewer_link = page.locator("#viewer-link").input_value()
    page.goto(viewer_link)  # the same address but after "#": no new page by itself
    expect(page.locator("#role")).to_have_text("spectateur")
    expect(page.locator("#undo")).to_have_count(0)  # read-only, as the guide says
    page.context.close()
