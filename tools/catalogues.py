"""Keep the interface's translations in step with the sources, with Babel.

    uv run python tools/catalogues.py            # extract, update, compile
    uv run python tools/catalogues.py extract F  # only write the template to F
    uv run python tools/catalogues.py OLD.po...  # the same, taking translations from OLD.po
                                                 # for the messages still untranslated

1. ``pybabel extract`` reads the Python sources, the pages' templates and scripts
   (``babel.cfg``) and writes every message they mark to ``src/atout/locale/atout.pot``.
2. ``pybabel update`` brings each ``locale/{lang}/LC_MESSAGES/atout.po`` in step with
   it: new messages come in untranslated, messages no longer in the sources go (they
   are listed). English is the source language: its empty translations are filled
   with the message itself.
3. ``pybabel compile`` writes the ``atout.mo`` files the program reads (committed, as
   the sources are).

A new French message then has an empty ``msgstr`` until someone writes it:
``tests/test_i18n.py`` fails until then.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "atout" / "locale"
TEMPLATE = LOCALE / "atout.pot"
DOMAIN = "atout"
LANGUAGES = ("fr", "en")
KEYWORDS = (
    "N_",  # atout.i18n.N_(message): a message translated where it is shown
    "_",  # _(message, **values) in the command line: the reader's language
    "_mistake",  # atout arena's _mistake(message, **values)
    "gettext:2",  # atout.i18n.gettext(lang, message)
    "said:2",  # atout.i18n.said(lang, message, **values)
    "_fail",  # the web table's settings: _fail(message, **values), a ConfigError
    "SaveError",  # the terminal's SaveError(message, **values)
    "SaveInUseError",
    "TournamentError",  # atout.tournament's TournamentError(message, **values)
    "tr:2",  # the terminal's tr(ui, message, **values)
    "tr:2,3c,3t",  # tr(ui, message, context)
    "tr:1,1t",  # the templates' tr(message)
    "t",  # the pages' t(message, params) and the terminal app's self.t(message)
)
"""The functions whose string arguments are messages, in the ``pybabel -k`` form."""


def pybabel(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def extract(output: Path) -> None:
    """Write the template of every message the sources mark to ``output``."""
    keywords = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
    pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), "--no-default-keywords", *keywords,
        "--project", "atout", "--copyright-holder", "the atout authors",
        "--header-comment", "# The messages of atout's interface: its catalogues' template.\n",
        "--sort-output", "--add-location", "file", "-o", str(output.resolve()), ".",
    )  # fmt: skip


def catalogue_path(lang: str, suffix: str = "po") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def messages(path: Path) -> set[tuple[str | None, str]]:
    with path.open("rb") as f:
        return {(m.context, str(m.id)) for m in read_po(f) if m.id}


def language_of(path: Path) -> str:
    """The language of a ``.po`` file: its folder (``fr/LC_MESSAGES``) or its header."""
    for lang in LANGUAGES:
        if lang in path.parts:
            return lang
    with path.open("rb") as f:
        return str(read_po(f).locale or "")


def take_from(sources: list[Path]) -> None:
    """Fill the untranslated messages of each catalogue from other ``.po`` files of its
    language (a branch's catalogue, after a merge)."""
    for source in sources:
        lang = language_of(source)
        if lang not in LANGUAGES:
            raise SystemExit(f"{source}: not a catalogue of {' or '.join(LANGUAGES)}")
        with source.open("rb") as f:
            known = {(m.context, str(m.id)): m.string for m in read_po(f) if m.id and m.string}
        path = catalogue_path(lang)
        with path.open("rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            found = known.get((message.context, str(message.id)))
            if message.id and not message.string and found and not message.fuzzy:
                message.string = found
        with path.open("wb") as f:
            write_po(f, catalog, include_lineno=False)


def update(sources: list[Path] | None = None) -> None:
    """Extract, update the catalogues (and fill them from ``sources``), fill English in,
    compile."""
    extract(TEMPLATE)
    before = {lang: messages(catalogue_path(lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        pybabel(
            "update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
            "--no-fuzzy-matching", "--ignore-obsolete",
        )  # fmt: skip
    take_from(sources or [])
    english = catalogue_path("en")
    with english.open("rb") as f:
        catalog = read_po(f, locale="en")
    for message in catalog:
        if message.id and not message.string:
            message.string = message.id
    with english.open("wb") as f:
        write_po(f, catalog, include_lineno=False)
    for lang in LANGUAGES:
        for context, gone in sorted(before[lang] - messages(catalogue_path(lang)), key=str):
            where = f" (context {context})" if context else ""
            print(f"{lang}: no longer in the sources{where}: {gone!r}")
        with catalogue_path(lang).open("rb") as f:
            missing = [m.id for m in read_po(f) if m.id and (not m.string or m.fuzzy)]
        for text in missing:
            print(f"{lang}: to translate: {text!r}")
    pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN)


def main(argv: list[str]) -> int:
    sources = [Path(arg).resolve() for arg in argv if arg.endswith(".po")]
    output = Path(argv[-1]).resolve() if argv else TEMPLATE
    os.chdir(ROOT)  # the template names the files from the project's root
    if argv[:1] == ["extract"] and len(argv) == 2:
        extract(output)
    elif len(sources) == len(argv):
        update(sources)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
