"""A Griffe extension for the API reference: the doctest examples of a docstring
(``>>>`` lines and the output under them) are shown as Python console blocks.

Docstrings stay plain text for ``help()`` and ``pytest --doctest-modules``; without
this, Markdown would read an output such as ``['3S', '4S']`` as a link."""

from __future__ import annotations

from typing import Any

import griffe


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
            obj.docstring.value = fence(obj.docstring.value)
