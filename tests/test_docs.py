"""The documentation site: ``mkdocs build --strict`` passes (no warning: every page in
the nav, every link and anchor found, the API reference generated from the
docstrings); every shell example of the docs and the README prints what the page
shows; the command-line reference names every command and option; and pytest reads
the pages' Python examples as doctests."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
import typer

from atout import cli
from tests.doc_examples import DOCS, ROOT, examples, normalize, pages, run, scratch

PAGES = [(page, examples(page.read_text(encoding="utf-8"))) for page in pages()]
WITH_EXAMPLES = [(page, pairs) for page, pairs in PAGES if pairs]


def build(site: Path, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the project at ``root`` into ``site``."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_site_builds_strict_with_the_api_from_the_docstrings(tmp_path: Path) -> None:
    done = build(tmp_path / "site")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    cards = (tmp_path / "site" / "reference" / "api" / "cards" / "index.html").read_text()
    assert 'id="atout.cards.CardSet"' in cards
    assert 'id="atout.cards.Card.parse"' in cards
    assert (tmp_path / "site" / "images" / "table-play.svg").is_file()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(DOCS, copy / "docs", ignore=shutil.ignore_patterns("images"))
    (copy / "docs" / "images").symlink_to(DOCS / "images", target_is_directory=True)
    (copy / "src").symlink_to(ROOT / "src", target_is_directory=True)
    shutil.copy(ROOT / "mkdocs.yml", copy / "mkdocs.yml")
    assert build(tmp_path / "good", copy).returncode == 0
    page = copy / "docs" / "howto" / "deal.md"
    page.write_text(page.read_text() + "\n[nowhere](../reference/cli.md#no-such-anchor)\n")
    done = build(tmp_path / "bad", copy)
    assert done.returncode != 0
    assert "no-such-anchor" in done.stderr


def test_the_docs_show_shell_examples() -> None:
    assert sum(len(pairs) for _, pairs in PAGES) >= 30


@pytest.mark.parametrize(
    ("page", "pairs"), WITH_EXAMPLES, ids=[str(p.relative_to(ROOT)) for p, _ in WITH_EXAMPLES]
)
def test_shell_examples_print_what_the_page_shows(
    page: Path, pairs: list[tuple[str, str]], tmp_path: Path
) -> None:
    folder = scratch(tmp_path)
    shown = [(command, normalize(expected)) for command, expected in pairs]
    printed = [(command, normalize(run(command, folder))) for command, _ in pairs]
    assert printed == shown


def commands(command: Any, name: str) -> list[tuple[str, Any]]:
    """``command`` (a Typer group or command, as Click sees it) and every subcommand,
    each with its full name."""
    found = [(name, command)]
    for sub_name, sub in getattr(command, "commands", {}).items():
        found += commands(sub, f"{name} {sub_name}")
    return found


def section(text: str, heading: str) -> str:
    """The text under ``heading`` (any level) up to the next heading of that level."""
    for level in ("## ", "### "):
        start = text.find(f"\n{level}`{heading}`\n")
        if start >= 0:
            end = text.find(f"\n{level}", start + 1)
            return text[start : end if end >= 0 else len(text)]
    raise AssertionError(f"docs/reference/cli.md has no section for `{heading}`")


def test_the_cli_reference_names_every_command_and_option() -> None:
    text = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    found = commands(typer.main.get_command(cli.app), "atout")
    assert len(found) >= 10
    for name, command in found:
        part = section(text, name)
        for param in command.params:
            if param.name == "help" or getattr(param, "hidden", False):
                continue
            words = [o for o in param.opts if o.startswith("--")] or [
                (param.metavar or param.name).strip("[]")
            ]
            assert any(f"`{w}" in part for w in words), f"{name}: {words} is not in cli.md"


def test_pytest_reads_the_pages_examples_as_doctests() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "docs", "README.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    collected = done.stdout.splitlines()
    assert "README.md::README.md" in collected, done.stdout[-2000:]
    assert "docs/tutorial/python.md::python.md" in collected
    assert "docs/howto/records.md::records.md" in collected
    assert not [line for line in collected if line.startswith("docs/") and ".py::" in line]


def test_the_built_site_is_not_collected() -> None:
    options = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "docs" in options["ini_options"]["testpaths"]
    assert "site" not in options["ini_options"]["testpaths"]
    assert "site" in options["ini_options"]["norecursedirs"]
