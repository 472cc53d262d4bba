"""The house rules of the code: ruff, ruff format, mypy --strict, and a core that
imports only the standard library (DESIGN.md: the arrows point one way)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_EXCLUDED = {"cli", "tui", "web", "bots", "sim", "session"}


def core_modules() -> list[Path]:
    package = ROOT / "src" / "atout"
    return [
        path
        for path in package.rglob("*.py")
        if path.relative_to(package).parts[0].removesuffix(".py") not in CORE_EXCLUDED
    ]


def is_allowed_in_core(module: str) -> bool:
    parts = module.split(".")
    if parts[0] == "atout":
        return len(parts) == 1 or parts[1] not in CORE_EXCLUDED
    return parts[0] in sys.stdlib_module_names or parts[0] == "__future__"


def test_core_imports_only_the_standard_library() -> None:
    assert core_modules(), "the core has modules"
    for path in core_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert is_allowed_in_core(name), f"{path.name} imports {name}"


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "."],
        ["ruff", "format", "--check", "."],
        ["mypy", "--strict"],
    ],
    ids=["ruff-check", "ruff-format", "mypy-strict"],
)
def test_code_is_clean(command: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
