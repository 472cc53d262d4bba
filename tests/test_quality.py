"""The house rules of the code: ruff, ruff format, mypy --strict, the layers and the
absence of import cycles (import-linter's contracts in .importlinter), and a core that
imports only the standard library (docs/explanation/design.md: the arrows point one way).

import-linter forbids the core the project's own third-party libraries and any import
of a higher layer, but it cannot say "the standard library only" for a module it is
not told of: the walk over the core's files below says it for every module, a new one
included."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_EXCLUDED = {
    "__main__",
    "cli",
    "tui",
    "web",
    "bots",
    "sim",
    "session",
}


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


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package under ``root / "src"`` with the contracts of
    this repository."""
    environment = {**os.environ, "PYTHONPATH": str(root / "src")}
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; "
         "lint_imports_command()", "--config", str(ROOT / ".importlinter"), "--no-cache"],
        cwd=root, capture_output=True, text=True, check=False, env=environment,
    )  # fmt: skip


def test_the_layers_hold_and_no_modules_import_each_other() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        ("record/game.py", "from atout.fairness import verify_game", "No two modules"),
        ("cli/deal.py", "from atout.cli.root import app", "No two modules"),
        ("sim/exact.py", "from atout.cli.common import UserError", "The faces over"),
        ("scoring.py", "import numpy", "The core imports no library"),
    ],
    ids=["cycle", "command-cycle", "layer", "library"],
)
def test_the_contracts_catch_a_broken_rule(
    tmp_path: Path, module: str, line: str, broken: str
) -> None:
    """A copy of the package with one import that breaks a rule: the cycle between
    the records and the verifiable deal, a command's module importing the root of the
    command line that registers it, the simulator reaching up to the command line, a
    core module importing NumPy."""
    shutil.copytree(ROOT / "src" / "atout", tmp_path / "src" / "atout")
    path = tmp_path / "src" / "atout" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{broken}" in done.stdout.split("Broken contracts")[1]


MOST_CLASS_LINES = 400  # docs/explanation/design.md: rooms with one job each
MOST_FUNCTION_LINES = 60


def oversized(source: str, name: str) -> list[str]:
    """The classes over 400 lines and the functions over 60 lines of ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        size = (node.end_lineno or node.lineno) - node.lineno + 1
        if isinstance(node, ast.ClassDef) and size > MOST_CLASS_LINES:
            found.append(f"{name}: class {node.name} has {size} lines")
        elif not isinstance(node, ast.ClassDef) and size > MOST_FUNCTION_LINES:
            found.append(f"{name}: function {node.name} has {size} lines")
    return found


def test_no_class_over_400_lines_and_no_function_over_60() -> None:
    package = ROOT / "src" / "atout"
    found = [
        line
        for path in sorted(package.rglob("*.py"))
        for line in oversized(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not found, "\n".join(found)


def test_the_size_check_sees_a_long_function_and_a_long_class() -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(60))
    assert oversized(f"def f():\n{body}", "a.py") == ["a.py: function f has 61 lines"]
    assert oversized(f"def f():\n{body[: -len('    x59 = 59') - 1]}", "a.py") == []
    methods = "".join(f"    def m{i}(self):\n        pass\n" for i in range(200))
    assert oversized(f"class C:\n{methods}", "b.py") == ["b.py: class C has 401 lines"]
