"""The catalogues: Babel's template is in step with the sources, each ``.po`` with the
template, each committed ``.mo`` is the compile of its ``.po``, French has every
message translated with its placeholders, and no English is left on a French face.

After a change to the interface's messages: ``uv run python tools/catalogues.py``
(extract, update, compile), then translate what it lists."""

from __future__ import annotations

import ast
import gettext
import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from jinja2 import Environment, FileSystemLoader, select_autoescape

from atout import i18n
from atout.bots import BOTS
from atout.companion.export import contract_by

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "src" / "atout"
TEMPLATE = i18n.LOCALE / "atout.pot"
PLACEHOLDER = re.compile(r"\{(\w*)(?:[:!][^{}]*)?\}")
Key = tuple[str | None, str]


def catalogue(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def po_path(lang: str) -> Path:
    return i18n.LOCALE / lang / "LC_MESSAGES" / "atout.po"


def keys(catalog: Catalog) -> set[Key]:
    return {(m.context, str(m.id)) for m in catalog if m.id}


def test_the_template_is_in_step_with_the_sources(tmp_path: Path) -> None:
    fresh = tmp_path / "atout.pot"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogues.py"), "extract", str(fresh)],
        check=True,
        capture_output=True,
    )
    extracted, committed = keys(catalogue(fresh)), keys(catalogue(TEMPLATE))
    assert extracted - committed == set(), "run tools/catalogues.py: new messages"
    assert committed - extracted == set(), "run tools/catalogues.py: messages gone"
    assert len(committed) > 400


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_catalogue_has_the_messages_of_the_template(lang: str) -> None:
    assert keys(catalogue(po_path(lang), lang)) == keys(catalogue(TEMPLATE))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_compiled_catalogue_is_the_compile_of_the_po(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(po_path(lang), lang))
    buffer.seek(0)
    fresh = gettext.GNUTranslations(buffer)
    with (po_path(lang).with_suffix(".mo")).open("rb") as f:
        committed = gettext.GNUTranslations(f)
    ours: dict[object, object] = getattr(committed, "_catalog")  # noqa: B009
    theirs: dict[object, object] = getattr(fresh, "_catalog")  # noqa: B009
    assert {k: v for k, v in ours.items() if k} == {k: v for k, v in theirs.items() if k}
    # and it is the one the program reads
    assert i18n.translations(lang) == {k: v for k, v in ours.items() if k}


def test_every_french_message_is_translated_with_its_placeholders() -> None:
    french = catalogue(po_path("fr"), "fr")
    template = keys(catalogue(TEMPLATE))
    by_key = {(m.context, str(m.id)): m for m in french if m.id}
    problems = []
    for key in sorted(template, key=str):
        message = by_key.get(key)
        if message is None:
            problems.append(f"missing: {key[1]!r}")
        elif not message.string:
            problems.append(f"untranslated: {key[1]!r}")
        elif message.fuzzy:
            problems.append(f"fuzzy: {key[1]!r}")
        elif sorted(PLACEHOLDER.findall(key[1])) != sorted(
            PLACEHOLDER.findall(str(message.string))
        ):
            problems.append(f"placeholders differ: {key[1]!r} → {message.string!r}")
    assert not problems, "\n".join(problems[:20])


def test_english_is_the_message_itself() -> None:
    english = catalogue(po_path("en"), "en")
    assert all(m.string == m.id for m in english if m.id)


def _called(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def source_messages() -> set[Key]:
    """The messages the Python sources hand to a translating function as a literal,
    read from their syntax trees (where Babel's reader may miss one: inside an
    f-string on older Pythons)."""
    found: set[Key] = set()
    position = {"N_": 0, "_": 0, "_mistake": 0, "_fail": 0, "gettext": 1, "tr": 1}
    position |= {"SaveError": 0, "SaveInUseError": 0, "said": 1}
    for path in sorted(SOURCES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _called(node)
            index = position.get(name or "")
            if name == "t" and isinstance(node.func, ast.Attribute):
                index = 0  # the terminal app's self.t(message)
            if index is None or len(node.args) <= index:
                continue
            message = node.args[index]
            if not (isinstance(message, ast.Constant) and isinstance(message.value, str)):
                continue
            context = None
            if name == "tr" and len(node.args) == 3:
                third = node.args[2]
                if isinstance(third, ast.Constant) and isinstance(third.value, str):
                    context = third.value
            if message.value:
                found.add((context, message.value))
    return found


def test_every_message_the_sources_ask_for_is_extracted() -> None:
    messages = source_messages()
    assert ("sheet", "You") in messages and (None, "Pts") in messages
    missing = messages - keys(catalogue(TEMPLATE))
    assert not missing, f"not in the template (hidden in an f-string?): {sorted(missing)[:5]}"


ENGLISH = frozenset(
    """
    the a an is are was were be been being not no yes your you yours this that these
    those with without from into of to for by and or but if then than when while where
    which who what how why it its he she his her they them their there here has have
    had does do did done will would shall should can could may might must please
    seat seats card cards trick tricks deal deals dealer player players bid bids hand
    click link save saved quit back next previous help rules open new waiting
    room name error refused try again wrong such found speed level called call
    takes take show shown late sorry cannot can't don't isn't doesn't won't
    """.split()  # noqa: SIM905
)
"""Common English words that are not French words (``table``, ``points``, ``partie``…
are left out: French uses them too, as ``page``)."""
ALLOWED = frozenset({"a", "rules", "players"})
"""French ``a`` (has) is the English article too; ``rules`` and ``players`` are also
the names of fields of the records and of the HTTP API, which a message may quote."""


def english_words(text: str) -> list[str]:
    """The English words of ``text``: placeholders, markup, file and format names
    (``atout.game/1``, ``rules.md``), options (``--players``), identifiers (``seat_bot``)
    and commands in backquotes are not words; a word is made of letters, accented or
    not (``noté`` is not ``not``)."""
    text = re.sub(
        r"\{\w*(?:[:!][^{}]*)?\}|\[/?\w*\]|<[^>]+>|\S*[./]\S*|--[\w-]+|\w+_\w+|`[^`]*`", " ", text
    )
    words = re.findall(r"[^\W\d_]+(?:'[a-z]+)?", text)
    return [w for w in words if w.lower() in ENGLISH and w.lower() not in ALLOWED]


def test_the_detector_finds_english() -> None:
    assert english_words("Refusé — P1 : T21 does not follow the suit led") == [
        "does",
        "not",
        "the",
    ]
    assert english_words("No such table.") == ["No", "such"]
    assert english_words("Créer la table ({name}) : atout.game/1, [b]Touches[/b]") == []


def test_no_english_word_in_a_french_message() -> None:
    texts = [str(m.string) for m in catalogue(po_path("fr"), "fr") if m.id]
    texts += list(i18n.translations("fr").values())
    english = {text: words for text in texts if (words := english_words(text))}
    assert not english, "\n".join(f"{w}: {t[:80]!r}" for t, w in list(english.items())[:20])


def visible_text(html: str) -> str:
    """The text a person reads on a page: no scripts, no tags."""
    html = re.sub(r"<script\b.*?</script>|<style\b.*?</style>", " ", html, flags=re.S)
    attributes = " ".join(re.findall(r'(?:title|placeholder|aria-label)="([^"]*)"', html))
    return re.sub(r"<[^>]+>", " ", html) + " " + attributes


def test_the_french_lobby_shows_no_english() -> None:
    templates = Environment(
        loader=FileSystemLoader(str(SOURCES / "web" / "templates")),
        autoescape=select_autoescape(["html"]),
    )
    html = templates.get_template("lobby.html").render(
        lang="fr", translations=i18n.translations("fr"), bots=list(BOTS)
    )
    text = visible_text(html)
    assert "Créer la table" in text
    assert english_words(text) == []


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "C"}, "fr"),
        ({"LC_ALL": "", "LANG": "fr_FR"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_reader_language_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert i18n.reader_language(environ) == lang


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (
            ("deal", "--players", "7"),
            "atout : erreur : --players 7 : le Tarot se joue à 3, 4 ou 5 joueurs",
            "atout: error: --players 7: French Tarot is played by 3, 4 or 5 players",
        ),
        (
            ("arena", "--bots", "x"),
            "atout : erreur : --bots 'x' : donnez deux robots séparés par une virgule",
            "atout: error: --bots 'x': give two bots separated by a comma",
        ),
    ],
)
def test_the_command_line_speaks_the_reader_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
    french: str,
    english: str,
) -> None:
    from tests.cli_helpers import run

    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith(french), err
    assert english_words(err) == []
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, _, err = run(capsys, *args)
    assert code == 2 and err.startswith(english), err


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    from atout.web.server import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'atout.db'}")) as client:
        yield client


FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}


def test_a_wrong_table_link_is_said_in_french(web: TestClient) -> None:
    page = web.get("/t/nothing", headers=FRENCH)
    assert page.status_code == 404 and page.headers["content-language"] == "fr"
    assert (
        "Cette table n&#x27;existe pas" in page.text
        and english_words(visible_text(page.text)) == []
    )
    page = web.get("/t/nothing", headers={"Accept-Language": "en"})
    assert "No such table" in page.text


def test_the_lobby_s_refusals_are_said_in_french(web: TestClient) -> None:
    settings = {"players": 4, "names": ["x" * 25, "", "", ""]}
    french = web.post("/api/tables", json=settings, headers=FRENCH).json()["error"]
    assert french == "nom de la place 0 : au plus 24 caractères"
    english = web.post("/api/tables", json=settings).json()["error"]
    assert english == "names[0]: a text of at most 24 characters"
    as_json = {**FRENCH, "Content-Type": "application/json"}
    refused = web.post("/api/tables", content=b"{", headers=as_json).json()["error"]
    assert refused.startswith("la requête : pas du JSON") and english_words(refused) == []


def test_a_wrong_seat_link_is_said_in_french(web: TestClient) -> None:
    for headers, said in ((FRENCH, "Aucune table n'a ce lien"), ({}, "No table has this link")):
        headers = {**headers, "Origin": "http://testserver"}
        with web.websocket_connect("/ws/nothing", headers=headers) as ws:
            ws.send_text(json.dumps({"type": "hello", "token": "x" * 43}))
            message = ws.receive_json()
        assert message["type"] == "error" and message["message"].startswith(said), message


def test_the_page_s_language_in_its_hello_wins(web: TestClient) -> None:
    headers = {"Origin": "http://testserver"}
    with web.websocket_connect("/ws/nothing", headers=headers) as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "x" * 43, "lang": "fr"}))
        assert (
            ws.receive_json()["message"]
            == "Aucune table n'a ce lien : il n'a pas été copié en entier, la table a "
            "expiré, ou son propriétaire a donné un nouveau lien à la place."
        )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Alice", "Garde d'Alice"),
        ("Émile", "Garde d'Émile"),
        ("Yves", "Garde d'Yves"),
        ("Hélène", "Garde d'Hélène"),  # a mute h
        ("Bruno", "Garde de Bruno"),
        ("3", "Garde de 3"),
    ],
)
def test_french_elides_de_before_a_vowel(name: str, expected: str) -> None:
    assert i18n.said("fr", "{contract} by {taker}", contract="Garde", taker=name) == expected
    assert i18n.said("en", "{contract} by {taker}", contract="Guard", taker=name).endswith(
        f"by {name}"
    )
    assert i18n.elide("fr", "inde {name}", {"name": "Alice"}) == "inde {name}"  # a word's end
    # the companion's sheet and replay lines elide by the same rule
    assert contract_by("garde_sans", name, "fr") == f"Garde sans {expected.split(' ', 1)[1]}"


def test_french_guillemets_hold_their_words_with_non_breaking_spaces() -> None:
    """« Rejouer » never splits at the end of a line, leaving a lone « behind."""
    path = Path(i18n.LOCALE) / "fr" / "LC_MESSAGES" / "atout.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale="fr")
    loose = []
    for message in catalog:
        string = message.string
        texts = [string] if isinstance(string, str) else list(string or ())
        loose += [text for text in texts if "« " in text or " »" in text]
    assert not loose, loose
