"""The batch dealer with statistics, against the C reference and plain Python, timed
in the same run on this machine.

    uv run --group dev python benchmarks/bench_stats.py [--deals N] [--json]

Rows (4 players, deals per second):

- ``C reference, stats, 2 threads``: the C reference dealer ``deal_ref.c``
  (``ATOUT_REFERENCE_DEALER``) mode ``stats``
  (shuffle, packets, chien, trumps per hand and Petit sec), built with gcc -O3;
- ``atout numba, 2 threads``: :func:`atout.sim.simulate` with the compiled kernel —
  the faithful procedure (shuffle, cut, packets, chien in legal gaps) and every
  statistic of ``atout stats``;
- ``atout numpy``: the same deals by the NumPy engine;
- ``plain Python loop``: ``random.shuffle``, slices into hands, trumps counted.

The last column divides each row by the C reference.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import numba

from atout.sim import simulate

# The C reference dealer is not part of atout: ATOUT_REFERENCE_DEALER names its deal_ref.c
# (by default the one kept beside this checkout); without it, its row is left out.
REFERENCE = Path(
    os.environ.get("ATOUT_REFERENCE_DEALER")
    or Path(__file__).resolve().parents[2] / "shared" / "bench" / "deal_ref.c"
)


def c_reference(deals: int, threads: int) -> float | None:
    if not REFERENCE.exists() or shutil.which("gcc") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "deal_ref"
        build = ["gcc", "-O3", "-march=native", "-fopenmp", "-o", str(binary), str(REFERENCE)]
        if subprocess.run(build, capture_output=True, check=False).returncode != 0:
            return None
        runs = []
        for _ in range(3):
            done = subprocess.run([str(binary), "stats", str(threads), str(deals), "1"],
                                  capture_output=True, text=True, check=False)  # fmt: skip
            runs.append(float(json.loads(done.stdout.strip().splitlines()[-1])["per_s"]))
        return sorted(runs)[1]


def atout_rate(deals: int, engine: str, threads: int = 2) -> float:
    numba.set_num_threads(threads)
    simulate(4, 4096, seed=0, engine=engine)  # load or compile the kernel
    runs = [deals / simulate(4, deals, seed=s, engine=engine).seconds for s in range(3)]
    return sorted(runs)[1]


def plain_python(seconds: float) -> float:
    rng, cards = random.Random(1), list(range(78))
    count, start = 0, time.perf_counter()
    histogram = [0] * 19
    while time.perf_counter() - start < seconds:
        for _ in range(200):
            rng.shuffle(cards)
            for seat in range(4):
                histogram[sum(1 for c in cards[18 * seat : 18 * seat + 18] if 56 <= c < 77)] += 1
        count += 200
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000_000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = {
        "C reference, stats, 2 threads": c_reference(args.deals, 2),
        "atout numba, 2 threads": atout_rate(args.deals, "numba", 2),
        "atout numba, 1 thread": atout_rate(args.deals // 2, "numba", 1),
        "atout numpy": atout_rate(max(args.deals // 50, 100_000), "numpy"),
        "plain Python loop": plain_python(3.0),
    }
    if args.json:
        print(json.dumps(rows))
        return
    reference = rows["C reference, stats, 2 threads"]
    print(f"{'4 players, with statistics':<32} {'deals/s':>14} {'× C reference':>14}")
    for name, value in rows.items():
        if value is None:
            print(f"{name:<32} {'(not available)':>14}")
            continue
        ratio = f"{value / reference:14.3f}" if reference else ""
        print(f"{name:<32} {value:>14,.0f} {ratio}")


if __name__ == "__main__":
    main()
