"""``kill -9`` at any moment loses nothing: a table that plays and saves without a
pause is killed at random moments; its save then loads and holds every action up to
the last save it finished, and nothing that was not played."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from atout.tui.session import Settings, TableSession
from tests.test_save import step

SETTINGS = Settings(players=4, bots="random", deals=1000, animate=False)
PLAYER = f"""
import sys
from pathlib import Path
from atout.tui.session import Settings, TableSession
from tests.test_save import step
session = TableSession({SETTINGS!r}, int(sys.argv[2]), Path(sys.argv[1]))
while step(session):
    print(session.saved_actions, flush=True)
"""


def reference(seed: int, actions: int) -> list[tuple[int, dict[str, object]]]:
    session = TableSession(SETTINGS, seed)
    while len(session.actions) < actions and step(session):
        pass
    return session.actions


def kill_while_saving(path: Path, seed: int, delay: float) -> int:
    """Run the table, kill it with SIGKILL after ``delay`` seconds of play; the number
    of actions of the last save it reported finished."""
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(path), str(seed)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert player.stdout is not None
    first = player.stdout.readline()
    time.sleep(delay)
    player.send_signal(signal.SIGKILL)
    lines = [first, *player.stdout.read().splitlines(keepends=True)]
    player.wait()
    assert player.returncode == -signal.SIGKILL, "the table ended before it was killed"
    return max(int(line) for line in lines if line.endswith("\n"))


def test_kill_9_at_random_moments_loses_nothing(tmp_path: Path) -> None:
    rng = random.Random(2024)
    for run in range(6):
        path = tmp_path / f"run{run}" / "match.json"
        seed = rng.randrange(10_000)
        reported = kill_while_saving(path, seed, rng.uniform(0.05, 1.0))
        session = TableSession.load(path)
        assert len(session.actions) >= reported > 0
        assert session.actions == reference(seed, len(session.actions))
        session.close()
