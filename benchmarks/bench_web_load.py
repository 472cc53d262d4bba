"""Load on the web table: N tables at once, every seat a real websocket client.

    uv run --group dev python benchmarks/bench_web_load.py [--tables 200] [--players 4]
        [--seconds 30] [--think-ms 600] [--db URL] [--json]

``atout serve`` runs in a child process on the loopback (a SQLite file of a temporary
folder unless ``--db``). The benchmark creates ``--tables`` tables whose seats are all
persons (``bot_delay_ms`` 0: the server plays no seat), connects one websocket per seat
(``tests.web_harness.Seat``), starts every table, and lets each client play its seat
from its view — a random legal choice, after a pause of about ``--think-ms`` (uniform
in 0 … 2 × think; 600 ms is the server's own bot delay, so the tables go at the pace of
tables of bots; ``--think-ms 0`` answers at once, within the protocol's 20 messages a
second). For ``--seconds`` it measures:

- the action latency: from a client's send to its ``ack`` (the action checked by the
  rules and stored in the database), p50, p99 and the largest;
- the actions per second over all tables;
- the server's memory per table: its resident set once every table has started and
  been played a while, less its resident set before the first table, divided by N;
- the server's CPU (share of one core) while the tables play, the clients' own, the
  machine's load average and how late the clients' event loop wakes up (p99): on a
  machine busy with other work the latency measures the wait for a core as much as
  the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' web harness

from tests.web_harness import Seat, ServerProcess, create_table, token_of


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def loop_lag(lags: list[float], every: float = 0.02) -> None:
    """How late this process's event loop wakes up (its own load, or the machine's)."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - start - every)


async def connect_all(seats: list[Seat], at_once: int = 50) -> None:
    gate = asyncio.Semaphore(at_once)

    async def one(seat: Seat) -> None:
        async with gate:
            await seat.connect()

    await asyncio.gather(*(one(s) for s in seats))


async def bench(server: ServerProcess, args: argparse.Namespace) -> dict[str, Any]:
    assert server.process is not None
    pid = server.process.pid
    base_rss = rss_kib(pid)
    settings = {
        "players": args.players,
        "deals": 1000,
        "seats": [None] * args.players,
        "bot_delay_ms": 0,
        "grace_seconds": 3600,
    }
    links = [create_table(server.base, settings) for _ in range(args.tables)]
    seats: list[Seat] = []
    owners: list[Seat] = []
    for link in links:
        table = link["table"]
        seats += [
            Seat(server.ws_base, table, token_of(s["url"]), keep=False) for s in link["seats"]
        ]
        owners.append(Seat(server.ws_base, table, token_of(link["owner"])))
    await connect_all(seats)
    await connect_all(owners)
    for owner in owners:
        await owner.send({"type": "start"})
    for owner in owners:
        while not (owner.table or {}).get("started"):
            await owner.receive()
        await owner.close()
    think = args.think_ms / 1000
    rngs = [random.Random(i) for i in range(len(seats))]
    tasks = [
        asyncio.get_running_loop().create_task(s.play(r, think=think))
        for s, r in zip(seats, rngs, strict=True)
    ]
    gc.collect()
    gc.freeze()  # the clients' own collector: not a pause in the measure
    warm = min(10.0, args.seconds / 3)
    await asyncio.sleep(warm)
    for seat in seats:
        seat.latencies.clear()
    lags: list[float] = []
    ticker = asyncio.get_running_loop().create_task(loop_lag(lags))
    load0 = os.getloadavg()[0]
    cpu0, t0, own0 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    await asyncio.sleep(args.seconds)
    cpu1, t1, own1 = cpu_seconds(pid), time.perf_counter(), time.process_time()
    ticker.cancel()
    load = (load0 + os.getloadavg()[0]) / 2
    rss = rss_kib(pid)
    latencies = [x for s in seats for x in s.latencies]
    failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception()]
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
    await asyncio.gather(*(seat.close() for seat in seats))
    errors = sum(len(s.errors) for s in seats)
    return {
        "tables": args.tables,
        "players": args.players,
        "connections": len(seats),
        "think_ms": args.think_ms,
        "seconds": round(t1 - t0, 2),
        "actions": len(latencies),
        "actions_per_second": round(len(latencies) / (t1 - t0), 1),
        "latency_ms_p50": round(1000 * percentile(latencies, 0.50), 2),
        "latency_ms_p99": round(1000 * percentile(latencies, 0.99), 2),
        "latency_ms_max": round(1000 * max(latencies, default=float("nan")), 2),
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 2) if latencies else None,
        "server_cpu_share": round((cpu1 - cpu0) / (t1 - t0), 2),
        "clients_cpu_share": round((own1 - own0) / (t1 - t0), 2),
        "server_rss_mib": round(rss / 1024, 1),
        "memory_kib_per_table": round((rss - base_rss) / args.tables, 1),
        "clients_loop_lag_ms_p99": round(1000 * percentile(lags, 0.99), 2),
        "load_average": round(load, 2),
        "cores": os.cpu_count(),
        "refused_actions": errors,
        "clients_failed": len(failed),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think-ms", type=float, default=600.0)
    parser.add_argument("--db", default=None, help="a database URL (default: a temporary SQLite)")
    parser.add_argument("--json", action="store_true", help="the numbers as one JSON object")
    parser.add_argument("--log", default=None, help="keep the server's log in this file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{Path(folder) / 'bench.db'}"
        log = Path(args.log) if args.log else Path(folder) / "server.log"
        server = ServerProcess(db, log, max_tables=args.tables + 10)
        with server:
            result = asyncio.run(bench(server, args))
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['tables']} tables of {result['players']} ({result['connections']} websockets), "
        f"think {result['think_ms']:.0f} ms, {result['seconds']} s measured"
    )
    print(
        f"action latency (send → ack): p50 {result['latency_ms_p50']} ms, "
        f"p99 {result['latency_ms_p99']} ms, max {result['latency_ms_max']} ms "
        f"over {result['actions']} actions ({result['actions_per_second']}/s)"
    )
    print(
        f"server: {result['server_cpu_share']:.0%} of a core (the clients "
        f"{result['clients_cpu_share']:.0%}), {result['server_rss_mib']} MiB, "
        f"{result['memory_kib_per_table']} KiB per table; "
        f"{result['refused_actions']} actions refused, {result['clients_failed']} clients failed"
    )
    print(
        f"machine: load average {result['load_average']} on {result['cores']} cores; "
        f"the clients' event loop woke up to {result['clients_loop_lag_ms_p99']} ms late (p99)"
    )


if __name__ == "__main__":
    main()
