"""A fuzz campaign against the record readers (docs/reference/formats.md): structural
mutants of valid game and deal records made by the engine, each one refused with one
line or accepted as a legal game that the engine re-dumps equal.

    uv run --group dev python benchmarks/fuzz_records.py --mutants 20000 --seed 1

Prints the mutants, refused, accepted-and-legal, tracebacks (any other exception, or
an accepted mutant that is not the engine's own replay) and hangs (over the time limit).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from pathlib import Path
from types import FrameType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.test_record_fuzz import (
    base_records,
    check_deal_mutant,
    check_game_mutant,
    mutant,
)


class Hang(Exception):
    """A mutant took longer than the time limit."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


def campaign(mutants: int, seed: int, limit: float) -> dict[str, int]:
    """Run ``mutants`` mutants; the counts of each outcome."""
    rng = random.Random(seed)
    games, deals = base_records(seed)
    counts = {"mutants": 0, "refused": 0, "legal": 0, "tracebacks": 0, "hangs": 0}
    signal.signal(signal.SIGALRM, _alarm)
    for i in range(mutants):
        game = i % 3 != 0
        text = mutant(rng.choice(games), rng) if game else mutant(rng.choice(deals), rng)
        counts["mutants"] += 1
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            counts[check_game_mutant(text) if game else check_deal_mutant(text)] += 1
        except Hang:
            counts["hangs"] += 1
        except BaseException:
            counts["tracebacks"] += 1
            if counts["tracebacks"] <= 3:
                traceback.print_exc()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=2.0, help="seconds per mutant")
    options = parser.parse_args()
    start = time.perf_counter()
    counts = campaign(options.mutants, options.seed, options.limit)
    for key, value in counts.items():
        print(f"{key:>12}: {value}")
    print(f"{'seconds':>12}: {time.perf_counter() - start:.1f}")


if __name__ == "__main__":
    main()
