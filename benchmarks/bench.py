"""Deals and donnes per second, against baselines timed in the same run.

    uv run --group dev python benchmarks/bench.py [--seconds S] [--json]

Rows (single thread, one at a time, 4 players):

- ``atout full procedure``: :meth:`atout.dealing.Deal.automatic` with a given dealer:
  shuffle, cut, every packet and chien card checked against D4–D9 and logged, the
  chien shown, the cards picked up, the Petit sec looked for;
- ``atout with draw``: the same with the draw for the dealer (D1–D3);
- ``plain Python loop`` (the baseline): ``random.shuffle`` then slices into hands
  and chien, no rules checked;
- ``C reference``: ``shared/bench/deal_ref.c`` in mode ``faithful`` on 1 thread, when
  gcc and the file are there;
- ``random-bot donne``: a whole donne (deal, bidding, écart, 18 tricks, scoring) between
  four random bots, every action checked against the rules and logged;
- ``heuristic-bot donne``: the same between four heuristic bots, each deciding from its
  seat's observation.

The ratio column divides each row by the plain Python loop.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from atout.bots import Agent, HeuristicBot, RandomBot, play_donne
from atout.dealing import Deal
from atout.state import Donne
from atout.table import Variant

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "deal_ref.c"


def rate(step: Callable[[], object], seconds: float) -> float:
    """Calls per second of ``step``, over about ``seconds``."""
    count, start = 0, time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            step()
        count += 50
        now = time.perf_counter()
        if now >= deadline:
            return count / (now - start)


def plain_python(rng: random.Random) -> Callable[[], object]:
    cards = list(range(78))

    def step() -> object:
        rng.shuffle(cards)
        return [cards[i * 18 : i * 18 + 18] for i in range(4)], cards[72:]

    return step


def donnes(bot: type[RandomBot] | type[HeuristicBot], rng: random.Random) -> Callable[[], object]:
    four = Variant.for_players(4)
    agents: list[Agent] = [bot(random.Random(seat)) for seat in range(4)]
    return lambda: play_donne(Donne(Deal.automatic(four, rng=rng, dealer=0)), agents)


def c_reference(seconds: float) -> float | None:
    if not REFERENCE.exists() or shutil.which("gcc") is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        binary = Path(folder) / "deal_ref"
        flags = ["-O3", "-march=native", "-fopenmp"]
        build = ["gcc", *flags, "-o", str(binary), str(REFERENCE)]
        if subprocess.run(build, capture_output=True, check=False).returncode != 0:
            return None
        count = max(1_000_000, int(seconds * 5_000_000))
        run = [str(binary), "faithful", "1", str(count), "1"]
        done = subprocess.run(run, capture_output=True, text=True, check=False)
        line = json.loads(done.stdout.strip().splitlines()[-1])
        return float(line["per_s"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rng = random.Random(1)
    four = Variant.for_players(4)
    rows: dict[str, float | None] = {
        "plain Python loop": rate(plain_python(rng), args.seconds),
        "atout full procedure": rate(lambda: Deal.automatic(four, rng=rng, dealer=0), args.seconds),
        "atout with draw": rate(lambda: Deal.automatic(four, rng=rng), args.seconds),
        "C reference (1 thread)": c_reference(args.seconds),
        "random-bot donne": rate(donnes(RandomBot, rng), args.seconds),
        "heuristic-bot donne": rate(donnes(HeuristicBot, rng), args.seconds),
    }
    base = rows["plain Python loop"] or 1.0
    if args.json:
        print(json.dumps({name: value for name, value in rows.items()}))
        return
    print(f"{'4 players, one at a time':<30} {'per second':>14} {'× plain Python':>15}")
    for name, value in rows.items():
        if value is None:
            print(f"{name:<30} {'(not available)':>14}")
        else:
            print(f"{name:<30} {value:>14,.0f} {value / base:>15.3f}")


if __name__ == "__main__":
    main()
