"""Lines wrapped for the table's narrow columns (the log, the middle of the table, the help)
at word boundaries that keep units whole: a seat's number with its name (``Gauche 3``),
a count with its word (``25 cartes``), a rule id with the words before it
(``cartes (D5)``). The terminal's own wrapping would leave ``3`` or ``(D5)`` alone on a
line."""

from __future__ import annotations

import itertools
import re

from rich.cells import cell_len
from rich.text import Text

from atout.tui.words import PLACES, SHORT_PLACES, tr

__all__ = ["break_points", "hanging", "wrapped"]

WORD = re.compile(r"[^ \n]+")
RULE = re.compile(r"^\(?[A-Z⚙]\d*(?:[–-][A-Z]?\d+)?\)?[.,:;)]*$")
"""A rule id, alone or closing a parenthesis: ``(D5)``, ``(D6–D7),``, ``S5)``."""
TIME = re.compile(r"^\d\d:\d\d[.,;]?$")
"""A time of day after its date: ``2026-12-02 03:51.``."""
SEAT = re.compile(r"^\(\d+\)[.,:;]*$")
"""A seat's number after its name: ``Gauche (3),``."""
NUMBER = re.compile(r"^[+-]?\d+(?:[.,]\d+)?[.,:;)]*$")
LOWER_WORD = re.compile(r"^[a-zà-ÿ]")
CAPITAL_WORD = re.compile(r"^[A-ZÀ-Ý][a-zà-ÿ]")
PUNCTUATION = re.compile(r"^[;:!?»…)\]·]+$")
"""A sign that French sets after a space (``au moins 80×24 ;``), or the ``·`` between
the parts of a line (``Vous ▮▮▮ · Droite 1 ▮▮▮``): kept on the line of the word before
it, never beginning a line."""


def name_pairs() -> frozenset[tuple[str, str]]:
    """The pairs of words that begin or go on a seat's name, in both languages
    (``En face``, ``Loin D``, ``Far right``): never split."""
    pairs = set()
    for places in (*PLACES.values(), *SHORT_PLACES.values()):
        for place in places:
            for ui in ("fr", "en"):
                words = tr(ui, place).split() if place else []
                pairs |= set(itertools.pairwise(words))
    return frozenset(pairs)


NAME_PAIRS = name_pairs()


def glued(before: str, word: str, after: str) -> tuple[bool, bool]:
    """Whether ``word`` stays on the line of the word ``before`` it, and whether the
    word ``after`` it stays on its line."""
    rule = bool(RULE.match(word)) and (word.startswith("(") or word.endswith(")"))
    packet = set(word) == {"▮"}  # Gauche 3 ▮▮▮
    if PUNCTUATION.match(word):
        return True, False
    if rule or packet or SEAT.match(word) or TIME.match(word) or (before, word) in NAME_PAIRS:
        return True, False
    if NUMBER.match(word):
        to_name = before[-1:].isalpha()  # Gauche 3, Tour 1, face 2
        to_word = bool(LOWER_WORD.match(after)) and not CAPITAL_WORD.match(before)
        return to_name, to_word  # 25 cartes; but Droite 1 | réfléchit
    return False, False


def units(line: str) -> list[tuple[int, int]]:
    """The spans of ``line`` that no line break may split: its words, those kept
    together joined."""
    words = [(m.start(), m.end()) for m in WORD.finditer(line)]
    spans: list[tuple[int, int]] = []
    keep_next = False
    for index, (start, end) in enumerate(words):
        before = line[words[index - 1][0] : words[index - 1][1]] if index else ""
        after = line[words[index + 1][0] : words[index + 1][1]] if index + 1 < len(words) else ""
        with_before, with_after = glued(before, line[start:end], after)
        if spans and (with_before or keep_next):
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
        keep_next = with_after
    return spans


def break_points(text: str, width: int) -> list[int]:
    """The offsets in ``text`` where a new line begins, so that each line fits in
    ``width`` cells when it can (a unit wider than ``width`` is left to the terminal)."""
    points: list[int] = []
    offset = 0
    for line in text.split("\n"):
        begin = 0
        for start, end in units(line):
            if start > begin and cell_len(line[begin:end]) > width:
                points.append(offset + start)
                begin = start
        offset += len(line) + 1
    return points


def wrapped(text: Text | str, width: int) -> Text:
    """``text`` (its styles kept) with line breaks where :func:`break_points` puts them;
    as it is when ``width`` is not known yet (0)."""
    text = text if isinstance(text, Text) else Text(text)
    if width <= 0:
        return text
    points = break_points(text.plain, width)
    if not points:
        return text
    lines = []
    for piece in text.divide(points):
        spaces = len(piece.plain) - len(piece.plain.rstrip(" "))
        if spaces:
            piece.right_crop(spaces)
        lines.append(piece)
    return Text("\n").join(lines)


KEY_LINE = re.compile(r"^(  \S.*?\s{2,})(\S.*)$")
"""A line of the help: its keys, then what they do (after two spaces or more)."""


def hang(text: str, width: int) -> str:
    """The help's lines of keys wrapped to ``width`` with a hanging indent: what a key
    does goes on under itself, never under the keys (its own continuation lines, made
    for a wider help, are joined first)."""
    joined: list[str] = []
    for line in text.split("\n"):
        going_on = line.startswith(" " * 15) and line.strip()
        if going_on and joined and KEY_LINE.match(joined[-1]):
            joined[-1] += " " + line.strip()
        else:
            joined.append(line)
    lines: list[str] = []
    for line in joined:
        match = KEY_LINE.match(line)
        if cell_len(line) <= width:
            lines.append(line)
            continue
        if match is None:  # a note under the keys
            lines += wrapped(line, width).plain.split("\n")
            continue
        keys = match.group(1)
        said = wrapped(match.group(2), width - len(keys)).plain.split("\n")
        lines += [keys + said[0], *(" " * len(keys) + part for part in said[1:])]
    return "\n".join(lines)


def hanging(text: str, width: int) -> str:
    """``text`` wrapped to ``width`` at words, an indented line (a rule's setting under
    its ``⚙ Settings:``) going on under its first word, not at the left edge."""
    if width <= 0:
        return text
    lines: list[str] = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        indent = " " * (len(line) - len(body))
        pieces = wrapped(body, max(10, width - len(indent))).plain.split("\n")
        lines += [indent + piece for piece in pieces]
    return "\n".join(lines)
