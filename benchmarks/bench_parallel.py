"""``atout stats`` on 1 and 2 worker processes, and on a local Ray instance, timed in
the same run; the load average of the machine is recorded with the result, since other
work on the cores lowers the ratio.

    uv run --group dev python benchmarks/bench_parallel.py [--deals N] [--json] [--no-ray]

Rows (4 players, uniform shuffle, the compiled kernel; every run gives the same counts,
checked):

- ``1 worker``, ``2 workers``: :func:`atout.sim.parallel.run_stats` with ``workers``
  local processes of one thread each; the wall time includes starting the processes
  and loading the kernel in each (``startup``: the same for 4,096 deals);
- ``ratio``: deals/s of 2 workers over 1 worker (the target: ≥ 1.8 on 2 quiet cores),
  with and without the startup;
- ``per core``: deals/s of one worker, dealing only; and deals per CPU second of the
  workers (their CPU time, so other work on the machine does not lower it);
- ``10^11 deals on 100 cores``: the projection from the deals per CPU second (no
  startup, perfect scaling: a lower bound);
- ``Ray, local, 2 CPUs``: the same run through Ray (its start included);
- ``arena``: ``atout arena --bots search-fast,heuristic-1`` on 1 and 2 workers (the
  same target, the same counts checked).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

from atout.sim import blocks_of, simulate
from atout.sim.parallel import StatsSettings, run_ranges, run_stats, stats_task, stats_worker
from atout.sim.shards import split


def timed(deals: int, **options: Any) -> tuple[float, np.ndarray]:
    started = time.perf_counter()
    sim, _ = run_stats(4, deals, 1, **options)
    return time.perf_counter() - started, sim.stats


def cpu_task(settings: StatsSettings, first: int, last: int) -> np.ndarray:
    """A range counted, and the CPU time its worker spent on it (the last element)."""
    started = time.process_time_ns()
    stats = stats_task(settings, first, last)
    return np.append(stats, time.process_time_ns() - started)


def per_cpu_second(deals: int, workers: int) -> float:
    """Deals per CPU second of the workers: what one core deals, however busy the
    machine is with other work."""
    settings = StatsSettings(4, deals, 1, "uniform", "numba")
    total = run_ranges(cpu_task, settings, split(0, blocks_of(deals), 4 * workers),
                       workers=workers, backend="processes", initializer=stats_worker,
                       initargs=("numba",))  # fmt: skip
    return deals / (float(total[-1]) / 1e9)


def arena_rows(deals: int) -> dict[str, Any]:
    """``atout arena --bots search-fast,heuristic-1`` on 1 and 2 workers, timed in the
    same run (the start of the processes included), with the same result checked."""
    from atout.bots.arena import run_arena

    wall, results = {}, {}
    for n in (1, 2):
        started = time.perf_counter()
        results[n] = run_arena(["search-fast", "heuristic-1"], 4, deals, seed=3, jobs=n)
        wall[n] = time.perf_counter() - started
    assert results[1].counts == results[2].counts, "arena: 2 workers gave other counts"
    return {
        "arena deals (search-fast, heuristic-1)": deals,
        "arena 1 worker / 2 workers, s": [round(wall[1], 2), round(wall[2], 2)],
        "arena ratio 2 / 1 workers": round(wall[1] / wall[2], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40_000_000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument(
        "--arena-deals",
        type=int,
        default=160,
        help="deals of the arena rows (search-fast against heuristic-1; 0: no arena rows)",
    )
    args = parser.parse_args()
    deals = args.deals
    load_before = os.getloadavg()
    reference = simulate(4, deals, seed=1).stats
    startup = {n: timed(4096, workers=n)[0] for n in (1, 2)}
    wall = {}
    for n in (1, 2):
        seconds, stats = timed(deals, workers=n)
        assert (stats == reference).all(), f"{n} workers: other counts"
        wall[n] = seconds
    dealing = {n: max(1e-9, wall[n] - startup[n]) for n in (1, 2)}
    per_core = deals / dealing[1]
    cpu_rate = per_cpu_second(deals, 2)
    rows: dict[str, Any] = {
        "deals": deals,
        "1 worker, s": round(wall[1], 2),
        "2 workers, s": round(wall[2], 2),
        "startup 1 / 2 workers, s": [round(startup[1], 2), round(startup[2], 2)],
        "ratio 2 / 1 workers": round(wall[1] / wall[2], 3),
        "ratio 2 / 1 workers, startup left out": round(dealing[1] / dealing[2], 3),
        "deals/s per core (1 worker, wall)": round(per_core),
        "deals per CPU second (2 workers)": round(cpu_rate),
        "10^11 deals on 100 cores, s": round(1e11 / (100 * cpu_rate)),
    }
    if args.arena_deals:
        rows.update(arena_rows(args.arena_deals))
    if not args.no_ray:
        os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
        import ray

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        ray_start = time.perf_counter() - started
        try:
            seconds, stats = timed(deals, ray=True)
        finally:
            ray.shutdown()
        assert (stats == reference).all(), "Ray: other counts"
        rows["Ray, local, 2 CPUs, s (start of Ray apart)"] = round(seconds, 2)
        rows["Ray start, s"] = round(ray_start, 2)
        rows["Ray deals/s"] = round(deals / seconds)
    rows["load average before, during"] = [
        [round(x, 2) for x in load_before],
        [round(x, 2) for x in os.getloadavg()],
    ]
    rows["cores"] = os.cpu_count()
    if args.json:
        print(json.dumps(rows))
        return
    for name, value in rows.items():
        print(f"{name:<48} {value:,}" if isinstance(value, (int, float)) else f"{name:<48} {value}")


if __name__ == "__main__":
    main()
