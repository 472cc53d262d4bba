"""The README is the front door: under 20 KB, the two commands first (``.ci/run`` runs
the second), and every link and picture it shows is in the repository. Its examples
run with those of the docs (``tests/test_docs.py``, and the doctests of
``--doctest-glob=*.md``)."""

from __future__ import annotations

import re

from tests.doc_examples import README, ROOT, examples

LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [b.split("\n", 1)[1] for b in text.split("```")[1::2]]
    assert blocks[0].strip() == "pip install uv && uv run atout play"
    assert blocks[1].strip() == "pip install uv && uv run --locked --group dev pytest"


def test_the_readme_is_under_20_kb() -> None:
    assert len(README.read_bytes()) < 20_000


def test_the_readme_shows_a_shell_example_and_a_python_one() -> None:
    text = README.read_text(encoding="utf-8")
    assert examples(text)
    assert "```python\n>>> " in text


def test_every_link_and_picture_of_the_readme_is_in_the_repository() -> None:
    targets = [t for t in LINK.findall(README.read_text(encoding="utf-8")) if "://" not in t]
    assert len(targets) >= 20
    pictures = [t for t in targets if t.endswith((".png", ".svg"))]
    assert len(pictures) >= 8
    missing = [t for t in targets if not (ROOT / t.partition("#")[0]).is_file()]
    assert not missing, f"the README links to files that are not there: {missing}"
