"""The interface's text in the reader's language, from gettext catalogues.

The catalogues are ``locale/{lang}/LC_MESSAGES/atout.po`` beside this module; each
``msgid`` is the English text and its ``msgstr`` the text shown. :func:`translations`
reads one catalogue (stdlib only: the ``.po`` format is parsed here) and gives its
messages as a dictionary, which the web table hands to its pages and the terminal can
use as well. :func:`negotiate` picks the language an ``Accept-Language`` header asks
for.

>>> translations("fr")["Create the table"]
'Créer la table'
>>> negotiate("de-DE,fr;q=0.8,en;q=0.5")
'fr'
>>> negotiate("")
'en'
"""

from __future__ import annotations

import functools
from pathlib import Path

from atout.errors import AtoutError

__all__ = ["LANGUAGES", "gettext", "negotiate", "parse_po", "translations"]

LANGUAGES = ("fr", "en")
"""The languages the interface speaks; English is the fallback."""
_LOCALE = Path(__file__).resolve().parent / "locale"
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str, where: str) -> str:
    """The value of one quoted ``.po`` string (``"a\\"b"`` → ``a"b``)."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise AtoutError(f"{where}: a quoted string expected, got {text[:40]!r}")
    out: list[str] = []
    body = text[1:-1]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise AtoutError(f"{where}: unknown escape in {text[:40]!r}")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if ch == '"':
            raise AtoutError(f"{where}: an unescaped quote in {text[:40]!r}")
        out.append(ch)
        i += 1
    return "".join(out)


def parse_po(text: str, name: str = "catalogue") -> dict[str, str]:
    """The messages of a ``.po`` file: ``{msgid: msgstr}``, leaving out the header
    (the empty ``msgid``), untranslated messages and those marked ``fuzzy``. A
    ``msgctxt`` is kept as ``context\\x04msgid``, as gettext does. A line that is not
    ``.po`` is an :class:`AtoutError` naming the file and the line."""
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    field: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal entry, field, fuzzy
        if "msgid" in entry:
            key = entry["msgid"]
            if "msgctxt" in entry:
                key = entry["msgctxt"] + "\x04" + key
            value = entry.get("msgstr", entry.get("msgstr[0]", ""))
            if key and value and not fuzzy:
                messages[key] = value
        entry, field, fuzzy = {}, None, False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{name}, line {number}"
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                if "msgid" in entry:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if field is None:
                raise AtoutError(f"{where}: a string continued with no msgid or msgstr before it")
            entry[field] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
            keyword.startswith("msgstr[") and keyword.endswith("]")
        ):
            raise AtoutError(f"{where}: {keyword[:30]!r} is not a keyword of a .po file")
        if keyword in ("msgctxt", "msgid") and "msgstr" in "".join(entry):
            finish()
        if keyword in entry:
            raise AtoutError(f"{where}: {keyword} given twice in one message")
        entry[keyword] = _unquote(rest.strip(), where)
        field = keyword
    finish()
    return messages


@functools.cache
def translations(lang: str) -> dict[str, str]:
    """The messages of ``lang``'s catalogue (an unknown language: English's)."""
    if lang not in LANGUAGES:
        lang = "en"
    path = _LOCALE / lang / "LC_MESSAGES" / "atout.po"
    return parse_po(path.read_text(encoding="utf-8"), f"{lang}/LC_MESSAGES/atout.po")


def gettext(lang: str, message: str) -> str:
    """``message`` in ``lang`` (itself when the catalogue has no translation)."""
    return translations(lang).get(message, message)


def negotiate(accept_language: str | None) -> str:
    """The first language of :data:`LANGUAGES` an ``Accept-Language`` header asks for,
    by its quality values; English when it asks for none of them."""
    best, best_q = "en", -1.0
    for position, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        base = tag.strip().lower().split("-")[0]
        if base not in LANGUAGES:
            continue
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        q -= position * 1e-6  # equal qualities: the first named wins
        if q > 0 and q > best_q:
            best, best_q = base, q
    return best
