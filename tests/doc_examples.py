"""The shell examples of the README and of the docs' pages: each ``$ atout …`` line of
a ``console`` block, run through ``sh`` with ``atout`` on the path, and the lines that
follow it.

The commands run in a scratch folder where ``docs`` is the repository's ``docs/``, so
the files an example writes (``> shard-1.json``) stay out of the repository; the
commands of a page run in order, and a later one may read what an earlier one wrote."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


def pages() -> list[Path]:
    """The README, then every Markdown page of the docs, in a fixed order."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def examples(text: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs, in order."""
    pairs: list[tuple[str, str]] = []
    for block in BLOCK.findall(text):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            pairs.append((command, output))
    return pairs


TIMING = re.compile(
    r"[\d.]+ s \([\d,]+ deals/s, engine \w+\)|\([\d.]+ s of dealing in all, engine \w+\)"
)
COMPILING = re.compile(
    r"^atout: (compiling the dealing kernel|kernel compiled and cached) .*\n", re.M
)


def normalize(text: str) -> str:
    """The output with its timings blanked (they change from run to run) and without
    the note of a first compilation of the dealing kernel (only when numba's cache is
    cold)."""
    return TIMING.sub("(timing)", COMPILING.sub("", text))


def scratch(folder: Path) -> Path:
    """``folder`` made ready for the examples of one page: ``docs`` in it is the
    repository's ``docs/``."""
    (folder / "docs").symlink_to(ROOT / "docs", target_is_directory=True)
    return folder


def run(command: str, folder: Path) -> str:
    """What ``command`` prints in ``folder`` (standard output and error), as a user
    sees it."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env["COLUMNS"] = "100"
    done = subprocess.run(
        ["sh", "-c", command], cwd=folder, env=env, capture_output=True, text=True, check=False
    )
    return COMPILING.sub("", done.stdout + done.stderr)


def refresh(text: str) -> str:
    """The page ``text`` with the output under each command replaced by what it prints
    now (its commands run in order, in a scratch folder of their own)."""
    with tempfile.TemporaryDirectory(prefix="atout-docs-") as name:
        folder = scratch(Path(name))

        def block(match: re.Match[str]) -> str:
            commands = [command for command, _ in examples(match.group(0))]
            return "```console\n" + "".join(f"$ {c}\n{run(c, folder)}" for c in commands) + "```"

        return BLOCK.sub(block, text)


if __name__ == "__main__":  # python -m tests.doc_examples: refresh the outputs shown
    for page in pages():
        page.write_text(refresh(page.read_text(encoding="utf-8")), encoding="utf-8")
