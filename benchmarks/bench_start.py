"""How long the commands that read or tell take to start, against an empty Python
process started in the same run on this machine.

    uv run --group dev python benchmarks/bench_start.py [--runs N] [--json]

Each command runs N times (7 by default) in a fresh process, in turns with the
others so that a busy spell of the machine falls on all of them alike; a row gives
the median wall time, the median CPU time (user + system of the child) and the
ratio of the wall time to ``python -c pass``. ``atout replay`` and ``atout verify``
read a one-donne game record written beforehand; ``atout deal`` deals and tells one
deal. The goal: each command under 0.4 s.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from atout.bots import BOTS, iter_match
from atout.match import Match
from atout.record import game_record
from atout.table import Variant

ATOUT = [sys.executable, "-c", "from atout.cli import main; main()"]


def game_file(folder: Path) -> Path:
    """A one-donne record between random bots, with its verifiable deal absent: verify
    reads it and finds nothing to verify (status 2), having read and checked it all."""
    match = Match(Variant.for_players(4), keep=False)
    agents = [BOTS["random"](random.Random(seat)) for seat in range(4)]
    donnes = list(iter_match(match, agents, 1, random.Random(1)))
    path = folder / "game.json"
    path.write_text(json.dumps(game_record(donnes, ["bot:random"] * 4, 1)), encoding="utf-8")
    return path


def commands(record: Path) -> dict[str, list[str]]:
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "atout --version": [*ATOUT, "--version"],
        "atout --help": [*ATOUT, "--help"],
        "atout deal": [*ATOUT, "deal", "--seed", "1"],
        "atout replay": [*ATOUT, "replay", str(record)],
        "atout verify": [*ATOUT, "verify", str(record)],
    }


def once(command: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``command`` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def measure(runs: int) -> list[dict[str, float | str]]:
    with tempfile.TemporaryDirectory() as folder:
        table = commands(game_file(Path(folder)))
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in table}
        for command in table.values():  # a first run each, not counted: disk caches
            once(command)
        for _ in range(runs):
            for name, command in table.items():
                times[name].append(once(command))
    base = statistics.median(wall for wall, _ in times["python -c pass"])
    rows: list[dict[str, float | str]] = []
    for name, found in times.items():
        wall = statistics.median(w for w, _ in found)
        cpu = statistics.median(c for _, c in found)
        rows.append({"command": name, "wall_s": wall, "cpu_s": cpu, "ratio": wall / base})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="runs of each command (median)")
    parser.add_argument("--json", action="store_true", help="the rows as JSON")
    options = parser.parse_args()
    rows = measure(max(1, options.runs))
    if options.json:
        print(json.dumps(rows))
        return
    load = os.getloadavg()[0]
    print(f"{options.runs} runs each, median; load average {load:.1f} on {os.cpu_count()} cores")
    print(f"{'command':<18} {'wall s':>7} {'CPU s':>7} {'× python -c pass':>17}")
    for row in rows:
        print(
            f"{row['command']:<18} {row['wall_s']:7.3f} {row['cpu_s']:7.3f} {row['ratio']:16.1f}×"
        )


if __name__ == "__main__":
    main()
