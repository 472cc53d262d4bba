"""Anyone's bot in the arena (docs/howto/bots-arena.md, "Your own bot"): ``--bots
module:Factory`` loads an agent written outside atout, from the current folder or the
installed packages, in one process or several; every way it can fail is one line."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from atout.bots import arena as A
from atout.bots.outside import BotFailedError, OutsideBotError, load_factory
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "howto" / "bots-arena.md"

BOTS = """
import random


class First:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation):
        return observation.legal_actions[0]


class Raises(First):
    def act(self, observation):
        if observation.tricks:
            raise ValueError("lost its cards")
        return observation.legal_actions[-1]


class Illegal(First):
    def act(self, observation):
        return "KS"


class NoAct:
    def __init__(self, rng):
        pass


class Refuses:
    def __init__(self, rng):
        raise RuntimeError("needs a model file")


NOT_CALLABLE = 3
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder holding ``mine.py`` (the bots above), made the current one, and its
    module forgotten after the test."""
    (tmp_path / "mine.py").write_text(BOTS)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "mine", raising=False)
    load_factory.cache_clear()
    yield tmp_path
    sys.modules.pop("mine", None)
    load_factory.cache_clear()


def test_the_page_s_bot_is_the_file_it_names() -> None:
    block = re.search(r"<!-- cheapest.py -->\n```python\n(.*?)```", PAGE.read_text(), re.S)
    assert block is not None
    assert block.group(1) == (ROOT / "docs" / "cheapest.py").read_text()


def test_an_outside_bot_plays_as_the_same_bot_built_in() -> None:
    """``atout.bots:RandomBot`` named from outside is seeded as ``random`` is: the
    same games, to the mark."""
    inside = A.run_arena(["random", "heuristic-1"], players=4, deals=6, seed=4)
    outside = A.run_arena(["atout.bots:RandomBot", "heuristic-1"], players=4, deals=6, seed=4)
    assert outside.differences == inside.differences
    assert list(outside.bots) == ["atout.bots:RandomBot", "heuristic-1"]


def test_a_bot_from_the_current_folder_plays_in_worker_processes(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = A.run_arena(["mine:First", "random"], players=3, deals=4, seed=2)
    two = A.run_arena(["mine:First", "random"], players=3, deals=4, seed=2, jobs=2)
    assert one.differences == two.differences
    code, out, err = run(capsys, "arena", "--bots", "mine:First,random", "--deals", "4")
    assert code == 0, err
    assert re.search(r"^mine:First\s+random\s+[+-]", out, re.M), out  # columns fit the name


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("nowhere:Bot", "cannot import nowhere (ModuleNotFoundError: No module named 'nowhere')"),
        ("mine:Missing", "mine has no Missing"),
        ("mine:NOT_CALLABLE", "NOT_CALLABLE is not callable (a class or a function)"),
        ("mine:NoAct", "NoAct(rng) gives no agent: it has no act(observation) method"),
        ("mine:Refuses", "Refuses(rng) failed (RuntimeError: needs a model file)"),
        ("mine:", "expected module:Factory, e.g. mybot:FirstCard"),
        (":First", "expected module:Factory, e.g. mybot:FirstCard"),
    ],
)
def test_a_name_that_loads_no_agent_is_one_line_before_any_game(
    folder: Path, capsys: pytest.CaptureFixture[str], spec: str, problem: str
) -> None:
    with pytest.raises(OutsideBotError) as caught:
        load_factory(spec)
    assert caught.value.problem == problem
    code, out, err = run(capsys, "arena", "--bots", f"{spec},random", "--deals", "2")
    assert code == 2 and out == ""
    where = "(docs/howto/bots-arena.md#your-own-bot-in-the-arena)"
    assert err == f"atout: error: --bots: {spec}: {problem} {where}\n"


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("mine:Raises", "raised ValueError: lost its cards"),
        ("mine:Illegal", "chose 'KS', not a legal action"),
    ],
)
@pytest.mark.parametrize("jobs", [None, 2])
def test_a_bot_that_fails_in_a_game_stops_the_arena_naming_deal_and_seat(
    folder: Path, capsys: pytest.CaptureFixture[str], spec: str, problem: str, jobs: int | None
) -> None:
    with pytest.raises(BotFailedError) as caught:
        A.run_arena([spec, "random"], players=4, deals=3, seed=1, jobs=jobs)
    error = caught.value
    assert (error.bot, error.problem) == (spec, problem)
    assert 0 <= error.deal < 3 and 0 <= error.seat < 4
    if jobs:
        return  # the command's words are the same whatever the processes: said once
    code, _, err = run(capsys, "arena", "--bots", f"random,{spec}", "--deals", "3")
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"atout: error: bot {spec} failed on deal ")
    assert err.endswith(f": {problem}; the arena stopped\n")


def test_the_shell_finds_a_bot_in_the_folder_it_runs_in(folder: Path) -> None:
    """A console script does not search the current folder by itself: atout does."""
    atout = Path(sys.executable).parent / "atout"
    done = subprocess.run(
        [str(atout), "arena", "--bots", "mine:First,heuristic-1", "--deals", "2"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Difference mine:First − heuristic-1" in done.stdout
