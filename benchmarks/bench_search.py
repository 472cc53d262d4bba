"""Speed of the search machinery, as figures measured in one run (no timed tests):

- playouts of a whole donne per second, compiled (numba) and plain Python (the same
  functions run with ``NUMBA_DISABLE_JIT=1`` in a child process), and their ratio;
- consistent samples per second of the sampler, at the start and in the middle of the
  play;
- CPU seconds per decision (a card, a bid, the rest) of each search level (one core,
  ``process_time``).

Run: ``uv run --locked --group dev python benchmarks/bench_search.py [--quick]``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

import numpy as np

from atout.bots import BOTS, HeuristicBot1
from atout.bots.search import LEVELS, SearchBot
from atout.dealing import Deal
from atout.sim.playout import Position, evaluate
from atout.sim.sampler import Sampler
from atout.state import Bid, CardPlayed, Donne, GamePhase, Observation
from atout.table import Variant


def start_position(players: int, seed: int) -> Position:
    deck = list(range(78))
    random.Random(seed).shuffle(deck)
    size = Variant.for_players(players).hand_size
    hands = [deck[size * s : size * s + size] for s in range(players)]
    return Position.start(players, hands, deck[size * players :], 1, 0, multiplier=2)


def playouts_per_second(players: int, count: int) -> float:
    """Whole-donne playouts per second (the policy, eps 0.1), one call of the kernel."""
    position = start_position(players, 1)
    owners = np.repeat(position.owners[None, :], count, axis=0)
    partners = np.full(count, -1, dtype=np.int64)
    evaluate(position, owners[:1], partners[:1], [-1], 0, eps=0.1, seed=1)  # compile
    start = time.process_time()
    evaluate(position, owners, partners, [-1], 0, eps=0.1, seed=1)
    return count / (time.process_time() - start)


def observations(players: int, seed: int) -> list[Observation]:
    """The observations of the seats to act through one donne of heuristic-1 bots."""
    deal = Deal.automatic(Variant.for_players(players), rng=random.Random(seed), dealer=0)
    donne = Donne(deal)
    bots = [HeuristicBot1(random.Random(s)) for s in range(players)]
    seen = []
    while not donne.is_terminal():
        seat = donne.current_player()
        assert seat is not None
        obs = donne.observation(seat)
        seen.append(obs)
        donne.apply_action(bots[seat].act(obs))
    return seen


def samples_per_second(players: int, where: str, count: int) -> float:
    """Samples per second for one observation (its constraints read once)."""
    for seed in range(50):
        seen = [o for o in observations(players, seed) if o.phase is GamePhase.PLAY]
        if seen:
            break
    obs = seen[0] if where == "start" else seen[len(seen) // 2]
    sampler = Sampler(obs)
    sampler.sample(10, seed=1)  # compile
    start = time.process_time()
    sampler.sample(count, seed=2)
    return count / (time.process_time() - start)


def sampler_setup_us(players: int) -> float:
    """Microseconds to read the constraints of one observation (every observation of
    the play of a few donnes)."""
    seen = [
        o for seed in range(5) for o in observations(players, seed) if o.phase is GamePhase.PLAY
    ]
    start = time.process_time()
    for obs in seen:
        Sampler(obs)
    return (time.process_time() - start) / len(seen) * 1e6


def seconds_per_decision(level: str, players: int, donnes: int) -> dict[str, float]:
    """CPU seconds per decision of ``level`` seated against heuristic-1, by kind of
    decision (a card, a bid, the rest: écart, call, chelem, poignée)."""
    spent: dict[str, float] = {"card": 0.0, "bid": 0.0, "other": 0.0}
    count = dict.fromkeys(spent, 0)
    for seed in range(donnes):
        deal = Deal.automatic(Variant.for_players(players), rng=random.Random(seed), dealer=0)
        donne = Donne(deal)
        bots = [HeuristicBot1(random.Random(s)) for s in range(players)]
        search = BOTS[level](random.Random(seed))
        assert isinstance(search, SearchBot)
        while not donne.is_terminal():
            seat = donne.current_player()
            assert seat is not None
            obs = donne.observation(seat)
            if seat == seed % players and len(obs.legal_actions) > 1:
                start = time.process_time()
                action = search.act(obs)
                kind = "card" if isinstance(action, CardPlayed) else "bid"
                kind = kind if isinstance(action, (CardPlayed, Bid)) else "other"
                spent[kind] += time.process_time() - start
                count[kind] += 1
            else:
                action = bots[seat].act(obs)
            donne.apply_action(action)
    return {kind: round(spent[kind] / max(count[kind], 1), 4) for kind in spent}


def main() -> None:
    quick = "--quick" in sys.argv
    if "--python-playouts" in sys.argv:
        print(playouts_per_second(4, 200))
        return
    report: dict[str, object] = {}
    compiled = playouts_per_second(4, 20_000 if not quick else 2_000)
    child = subprocess.run(
        [sys.executable, __file__, "--python-playouts"],
        env=dict(os.environ, NUMBA_DISABLE_JIT="1"),
        capture_output=True,
        text=True,
        check=True,
    )
    plain = float(child.stdout.strip())
    report["playouts_per_s"] = {"numba": round(compiled), "python": round(plain, 1)}
    report["playout_us_numba"] = round(1e6 / compiled, 2)
    report["numba_over_python"] = round(compiled / plain, 1)
    report["samples_per_s"] = {
        f"{players}p_{where}": round(
            samples_per_second(players, where, 20_000 if not quick else 2_000)
        )
        for players in (3, 4, 5)
        for where in ("start", "middle")
    }
    report["sampler_setup_us"] = {f"{p}p": round(sampler_setup_us(p), 1) for p in (3, 4, 5)}
    report["cpu_s_per_decision"] = {
        level: seconds_per_decision(level, 4, 12 if not quick else 2) for level in LEVELS
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
