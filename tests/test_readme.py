"""Every shell example of the README runs and prints what the README shows (the
Python examples run as doctests: ``--doctest-glob=README.md``)."""

from __future__ import annotations

import pytest

from tests.readme_examples import README, examples, normalize, run

EXAMPLES = examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_shell_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_shell_example(command: str, expected: str) -> None:
    assert normalize(run(command)) == normalize(expected)


def test_readme_starts_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [b.split("\n", 1)[1] for b in text.split("```")[1::2]]
    assert blocks[0].strip() == "pip install uv && uv run atout play"
    assert blocks[1].strip() == "pip install uv && uv run --locked --group dev pytest"
