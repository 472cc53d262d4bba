"""A Griffe extension for the API reference: the docstrings, written for ``help()`` and
``pytest --doctest-modules`` in reStructuredText's manner, read as Markdown.

- the doctest examples (``>>>`` lines and the output under them) are shown as Python
  console blocks: without this, Markdown would read an output such as
  ``['3S', '4S']`` as a link;
- a role such as ``:class:`~atout.table.Rules``` is shown as the code ``Rules``;
- a paragraph ending in ``::`` before an indented block ends in ``:``."""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj):`(~?)([^`]+)`")
LITERAL = re.compile(r"(?<=\S)::$", re.MULTILINE)


def role(match: re.Match[str]) -> str:
    """The code a role shows: its last name after ``~``, else the whole target."""
    short, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def fence(text: str) -> str:
    """``text`` with each run of doctest lines put in a ``pycon`` fenced block."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fences the doctest examples of every docstring once the tree is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            text = LITERAL.sub(":", ROLE.sub(role, obj.docstring.value))
            obj.docstring.value = fence(text)
