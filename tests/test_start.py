"""The commands that only read or tell start fast: none of them imports the heavy
libraries of the simulator, the terminal table, the web server or the plots, nor the
validator library Typer uses to convert options (benchmarks/bench_start.py times them)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numba", "numpy", "textual", "fastapi", "sqlalchemy", "matplotlib", "pydantic")

RUN = """
import json, sys
from atout.cli import main
try:
    main(sys.argv[2:])
except SystemExit:
    pass
with open(sys.argv[1], "w") as out:
    json.dump(sorted(sys.modules), out)
"""


def loaded_by(arguments: list[str], tmp_path: Path) -> set[str]:
    """The top-level packages imported by ``atout ARGUMENTS`` in a fresh process."""
    listing = tmp_path / "modules.json"
    subprocess.run(
        [sys.executable, "-c", RUN, str(listing), *arguments],
        capture_output=True,
        check=True,
        timeout=120,
    )
    return {name.split(".")[0] for name in json.loads(listing.read_text())}


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import random

    from atout.bots import BOTS, iter_match
    from atout.match import Match
    from atout.record import game_record
    from atout.table import Variant

    match = Match(Variant.for_players(4), keep=False)
    agents = [BOTS["random"](random.Random(seat)) for seat in range(4)]
    donnes = list(iter_match(match, agents, 1, random.Random(1)))
    path = tmp_path_factory.mktemp("record") / "game.json"
    path.write_text(json.dumps(game_record(donnes, ["bot:random"] * 4, 1)))
    return path


@pytest.mark.parametrize(
    "arguments",
    [["--version"], ["--help"], ["deal"], ["deal", "--seed", "3", "--json"], ["replay"],
     ["verify"], ["stats", "--help"], ["arena", "--help"]],
    ids=lambda arguments: " ".join(arguments),
)  # fmt: skip
def test_a_reading_command_imports_no_heavy_library(
    arguments: list[str], game_file: Path, tmp_path: Path
) -> None:
    if arguments[0] in ("replay", "verify"):
        arguments = [*arguments, str(game_file)]
    heavy = loaded_by(arguments, tmp_path) & set(HEAVY)
    assert not heavy, f"atout {' '.join(arguments)} imports {sorted(heavy)}"


def test_the_guard_sees_a_heavy_import(tmp_path: Path) -> None:
    """``atout stats`` does deal with NumPy: the listing is the real one."""
    loaded = loaded_by(["stats", "--deals", "1000", "--engine", "numpy"], tmp_path)
    assert "numpy" in loaded


@pytest.mark.parametrize(
    ("annotation", "value"),
    [(int, "12"), (int, "-3"), (int, "007"), (int, 4), (int | None, "5"), (int | None, 0),
     (str, "x y"), (str | None, ""), (bool, True), (bool, False)],
)  # fmt: skip
def test_the_fast_coercion_gives_what_typer_gives(annotation: object, value: object) -> None:
    from typer._coercion import build_runtime_param, resolve_type_descriptor
    from typer.models import OptionInfo

    from atout.cli.common import _PlainValue

    descriptor = resolve_type_descriptor(annotation, OptionInfo())
    fast = _PlainValue(descriptor.parameter_info, descriptor.annotation, descriptor)
    typer_s = build_runtime_param(descriptor)
    got = fast._coerce_value(value, None, None)
    assert got == typer_s._coerce_value(value, None, None)  # type: ignore[arg-type]
    assert type(got) is type(typer_s._coerce_value(value, None, None))  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["x", " 3", "1_0", "３", "+2", "9" * 40, "2.0"])
def test_other_integers_are_read_as_typer_reads_them(
    text: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is not plain digits is Typer's to read or refuse, in its own words: the
    same output and status with the fast coercion as without it."""
    from atout.cli import root

    def run() -> tuple[object, str, str]:
        try:
            root.main(["deal", "--seed", "5", "--dealer", text])
            code: object = 0
        except SystemExit as stop:
            code = stop.code
        out, err = capsys.readouterr()
        return code, out, err

    fast = run()
    monkeypatch.setattr(root, "plain_values_fast", lambda command: None)
    assert fast == run()
