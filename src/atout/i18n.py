"""The interface's text in the reader's language, from gettext catalogues.

The catalogues live beside this module: ``locale/atout.pot`` is the template that
``pybabel extract`` builds from the sources (see ``babel.cfg`` and
``tools/catalogues.py``), ``locale/{lang}/LC_MESSAGES/atout.po`` the translation of
each language and ``atout.mo`` its compiled form, which is what runs: the standard
library's :mod:`gettext` reads it. Each ``msgid`` is the English text.

:func:`gettext` translates one message; :func:`translations` gives a whole catalogue
as a dictionary (the web table hands it to its pages); :func:`negotiate` picks the
language an ``Accept-Language`` header asks for and :func:`reader_language` the one
of the person at the terminal (``LC_ALL``, ``LC_MESSAGES``, ``LANG``). :func:`N_`
marks a text to translate later (a module-level table of messages) so that
extraction finds it.

>>> translations("fr")["Create the table"]
'Créer la table'
>>> gettext("fr", "Pass")
'Passe'
>>> negotiate("de-DE,fr;q=0.8,en;q=0.5")
'fr'
>>> negotiate("")
'en'
>>> reader_language({"LANG": "fr_FR.UTF-8"}), reader_language({"LC_ALL": "C"})
('fr', 'en')
"""

from __future__ import annotations

import functools
import gettext as _gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE",
    "N_",
    "catalogue",
    "elide",
    "gettext",
    "negotiate",
    "reader_language",
    "said",
    "translations",
]

LANGUAGES = ("fr", "en")
"""The languages the interface speaks; English is the fallback."""
DOMAIN = "atout"
"""The catalogues' name: ``locale/{lang}/LC_MESSAGES/atout.mo``."""
LOCALE = Path(__file__).resolve().parent / "locale"
"""The directory of the catalogues."""


def N_(message: str) -> str:
    """``message`` itself: marks a text that is translated where it is shown."""
    return message


@functools.cache
def catalogue(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (an unknown language: English's; a missing
    file: no translation at all, every message shown as written)."""
    if lang not in LANGUAGES:
        lang = "en"
    return _gettext.translation(DOMAIN, localedir=LOCALE, languages=[lang], fallback=True)


@functools.cache
def translations(lang: str) -> dict[str, str]:
    """The messages of ``lang``'s catalogue, ``{msgid: msgstr}`` (a message with a
    context is keyed ``context\\x04msgid``, as gettext does); an unknown language
    gives English's."""
    found: dict[object, object] = getattr(catalogue(lang), "_catalog", {})
    return {k: v for k, v in found.items() if isinstance(k, str) and k and isinstance(v, str)}


def gettext(lang: str, message: str) -> str:
    """``message`` in ``lang`` (itself when the catalogue has no translation)."""
    return catalogue(lang).gettext(message)


_ELIDED = {"de": "d'", "De": "D'", "que": "qu'", "Que": "Qu'"}
_BEFORE_VALUE = re.compile(r"(?<![^\W\d_])(de|De|que|Que) \{(\w+)\}")
_VOWEL = re.compile(r"[aeiouyhàâäéèêëîïôöùûüœæ]", re.IGNORECASE)  # a vowel, or a mute h


def elides_before(name: str) -> bool:
    """Whether French elides *de* and *que* before ``name``: a vowel or a mute h
    (``d'Anne``, ``d'Hélène``, ``de Bruno``).

    >>> elides_before("Hélène"), elides_before("Bruno")
    (True, False)
    """
    return _VOWEL.match(name) is not None


def elide(lang: str, text: str, values: Mapping[str, object]) -> str:
    """French elides *de* and *que* before a vowel: ``de {taker}`` becomes ``d'{taker}``
    when the taker's name starts with one (the pages' i18n.js does the same).

    >>> elide("fr", "Garde de {taker}", {"taker": "Alice"})
    "Garde d'{taker}"
    >>> elide("fr", "Garde de {taker}", {"taker": "Bruno"})
    'Garde de {taker}'
    """
    if lang != "fr":
        return text

    def one(match: re.Match[str]) -> str:
        word, key = match.group(1), match.group(2)
        value = str(values.get(key, ""))
        return f"{_ELIDED[word]}{{{key}}}" if elides_before(value) else match.group(0)

    return _BEFORE_VALUE.sub(one, text)


def said(lang: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang`` with its ``{names}`` filled from ``values``.

    >>> said("fr", "Donne {n}: {name} deals", n=2, name="Nord")
    'Donne 2 : Nord donne'
    """
    text = gettext(lang, message)
    return elide(lang, text, values).format(**values) if values else text


def reader_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the person at the terminal: ``"fr"`` when the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set begins with ``fr``, else
    ``"en"`` (the order in which POSIX reads them)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def negotiate(accept_language: str | None) -> str:
    """The first language of :data:`LANGUAGES` an ``Accept-Language`` header asks for,
    by its quality values; English when it asks for none of them. Only the first 20
    languages named are read (a header is not a place to make the server work)."""
    best, best_q = "en", -1.0
    for position, part in enumerate((accept_language or "").split(",")[:20]):
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
