"""The pages' text: every message the web table's pages show is in Babel's template and
in the French and the English catalogues (``atout/locale``), with the same
placeholders; :mod:`atout.i18n` reads the compiled catalogues."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from atout import i18n

PACKAGE = Path(i18n.__file__).resolve().parent
STATIC = PACKAGE / "web" / "static"
TEMPLATES = PACKAGE / "web" / "templates"
IN_SCRIPTS = re.compile(r'\bt\(\s*"((?:[^"\\]|\\.)*)"')
IN_TEMPLATES = re.compile(r"""\btr\(\s*(?:"([^"]*)"|'([^']*)')\s*\)""")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
NAMED_ELSEWHERE = (  # the bots' levels and the écart's refusals (E2), named by the server
    "random",
    "heuristic",
    "E2: a King may not go to the écart",
    "E2: a bout (the Petit, the 21, the Excuse) may not go to the écart",
    "E2: a trump may go to the écart only when nothing else is possible",
)


def page_messages() -> list[str]:
    found: list[str] = list(NAMED_ELSEWHERE)
    for path in sorted(STATIC.glob("*.js")):
        if path.name == "fairness.js":
            continue
        for match in IN_SCRIPTS.finditer(path.read_text(encoding="utf-8")):
            found.append(json.loads(f'"{match.group(1)}"'))
    for path in sorted(TEMPLATES.glob("*.html")):
        for match in IN_TEMPLATES.finditer(path.read_text(encoding="utf-8")):
            text = match.group(1) if match.group(1) is not None else match.group(2)
            if text != "text":  # the macro's own parameter
                found.append(text)
    return sorted(set(found))


def test_the_pages_show_many_messages() -> None:
    messages = page_messages()
    assert len(messages) > 150
    assert "Create the table" in messages and "Draw a card" in messages


def test_babel_finds_every_message_of_the_pages() -> None:
    template = (PACKAGE / "locale" / "atout.pot").read_text(encoding="utf-8")
    found = {json.loads(m) for m in re.findall(r'^msgid (".*")$', template, flags=re.M)}
    single_line = [m for m in page_messages() if "\n" not in m and len(m) < 60]
    assert single_line and not [m for m in single_line if m not in found]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_message_of_the_pages_is_in_the_catalogue(lang: str) -> None:
    catalogue = i18n.translations(lang)
    missing = [m for m in page_messages() if m not in catalogue]
    assert not missing, f"{lang}: {missing[:10]}"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_translations_keep_their_placeholders(lang: str) -> None:
    for message, text in i18n.translations(lang).items():
        assert set(PLACEHOLDER.findall(message)) == set(PLACEHOLDER.findall(text)), message


def test_french_is_french() -> None:
    fr = i18n.translations("fr")
    assert fr["Pass"] == "Passe"
    assert fr["Draw a card"] == "Tirer une carte"
    assert fr["{name} takes the trick"] == "{name} remporte le pli"
    changed = sum(1 for message, text in fr.items() if message != text)
    assert changed > 0.8 * len(fr)


def test_unknown_languages_are_english() -> None:
    assert i18n.translations("de") == i18n.translations("en")
    assert i18n.gettext("fr", "Cut") == "Couper"
    assert i18n.gettext("fr", "no such message") == "no such message"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("en-GB,en;q=0.9,fr;q=0.8", "en"),
        ("de-DE,fr;q=0.5", "fr"),
        ("fr;q=0.2,en;q=0.9", "en"),
        ("fr;q=0", "en"),
        ("", "en"),
        (None, "en"),
        ("fr;q=abc", "en"),
    ],
)
def test_negotiate(header: str | None, lang: str) -> None:
    assert i18n.negotiate(header) == lang
