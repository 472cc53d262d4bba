"""The shell examples of the README: each ``$ atout …`` line of a ``console`` block,
run through ``sh`` with ``atout`` on the path, and the lines that follow it.

The commands run in a scratch folder where ``docs`` is the repository's ``docs/``, so
the files an example writes (``> shard-1.json``) stay out of the repository; the
commands of the README run in order, and a later one may read what an earlier one
wrote."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.DOTALL)


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


@cache
def scratch() -> Path:
    """The folder the examples run in: a new one each session, with ``docs``."""
    folder = Path(tempfile.mkdtemp(prefix="atout-readme-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    (folder / "docs").symlink_to(ROOT / "docs", target_is_directory=True)
    return folder


def run(command: str) -> str:
    """What ``command`` prints (standard output and error), as a user sees it."""
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env["COLUMNS"] = "100"
    done = subprocess.run(
        ["sh", "-c", command], cwd=scratch(), env=env, capture_output=True, text=True, check=False
    )
    return COMPILING.sub("", done.stdout + done.stderr)


def refresh(text: str) -> str:
    """The README with the output under each command replaced by what it prints now."""

    def block(match: re.Match[str]) -> str:
        commands = [command for command, _ in examples(match.group(0))]
        return "```console\n" + "".join(f"$ {c}\n{run(c)}" for c in commands) + "```"

    return BLOCK.sub(block, text)


if __name__ == "__main__":  # python -m tests.readme_examples: refresh the README's outputs
    README.write_text(refresh(README.read_text(encoding="utf-8")), encoding="utf-8")
