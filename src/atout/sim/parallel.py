"""Runs spread over worker processes or a Ray cluster, with the numbers of one process.

The layer is generic: a *task* ``task(settings, first, last)`` — a function importable
by name — counts units ``first … last - 1`` of a run and returns summed counts (any
value with ``+``: a NumPy vector, a dataclass of sums); :func:`run_ranges` runs the
ranges in this process, on local worker processes, or on Ray, and adds the counts in
the order of the ranges, so the result never depends on where or in what order the
ranges ran. A range whose worker dies is run again (``retries`` times at most).

:func:`run_stats` is ``atout stats`` on it: the units are blocks of
:data:`atout.sim.BLOCK` deals, each worker loads the compiled kernel once (from numba's
on-disk cache) before its first range and deals on one thread.
"""

from __future__ import annotations

import logging
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from atout.errors import AtoutError
from atout.sim import BLOCK, Simulation, blocks_of, count_blocks, pick_engine, warm_kernel
from atout.sim import kernel as K
from atout.sim.shards import Shard, ShardError, split

__all__ = [
    "LostShardsError",
    "StatsSettings",
    "run_ranges",
    "run_stats",
    "spread",
    "stats_task",
    "task_count",
]

RETRIES = 3
TASK_BLOCKS = 512  # about two million deals: a second or so on one core
Progress = Callable[[int], None]


class LostShardsError(AtoutError):
    """Ranges lost more often than the retries allow (workers dying each time)."""


def task_count(units: int, workers: int, per_task: int) -> int:
    """How many ranges to cut ``units`` into for ``workers`` workers: at least four per
    worker (so that they finish together, and the progress bar moves), at most
    ``per_task`` units a range, never more ranges than units."""
    return max(1, min(units, max(4 * workers, math.ceil(units / per_task))))


_READY: set[tuple[Any, ...]] = set()


def _prepare(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """Run ``initializer(*initargs)`` once in this process."""
    if initializer is None:
        return
    key = (initializer.__module__, initializer.__qualname__, *initargs)
    if key not in _READY:
        initializer(*initargs)
        _READY.add(key)


def _worker_start(initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A local worker: Ctrl-C is for the process that started it (which stops the
    pool), then ``initializer``."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _prepare(initializer, initargs)


def _run_one(
    task: Callable[[Any, int, int], Any], settings: Any, first: int, last: int,
    initializer: Callable[..., None] | None, initargs: tuple[Any, ...],
) -> Any:  # fmt: skip
    _prepare(initializer, initargs)
    return task(settings, first, last)


def run_ranges(
    task: Callable[[Any, int, int], Any],
    settings: Any,
    ranges: Sequence[tuple[int, int]],
    *,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int, int], None] | None = None,
    notice: Callable[[str], None] | None = None,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    retries: int = RETRIES,
    address: str | None = None,
) -> Any:
    """The sum of ``task(settings, first, last)`` over ``ranges``, in their order.

    ``backend``: ``local`` (this process), ``processes`` (``workers`` local processes,
    started afresh), or ``ray`` (the cluster at ``address``, or ``RAY_ADDRESS``, or a
    local one). ``progress(first, last)`` is called as each range finishes;
    ``notice(text)`` hears about retries. ``initializer(*initargs)`` runs once in each
    worker before its first range."""
    if not ranges:
        raise ValueError("no ranges to run")
    if backend == "local":
        results = {}
        for i, (first, last) in enumerate(ranges):
            results[i] = _run_one(task, settings, first, last, initializer, initargs)
            if progress is not None:
                progress(first, last)
    elif backend == "processes":
        results = _processes(task, settings, ranges, workers, progress, notice, initializer,
                             initargs, retries)  # fmt: skip
    elif backend == "ray":
        results = _ray(task, settings, ranges, progress, notice, initializer, initargs, retries,
                       address)  # fmt: skip
    else:
        raise ValueError(f"backend {backend!r}: local, processes or ray")
    total = results[0]
    for i in range(1, len(ranges)):
        total = total + results[i]
    return total


def _processes(
    task: Callable[[Any, int, int], Any], settings: Any, ranges: Sequence[tuple[int, int]],
    workers: int, progress: Callable[[int, int], None] | None, notice: Callable[[str], None] | None,
    initializer: Callable[..., None] | None, initargs: tuple[Any, ...], retries: int,
) -> dict[int, Any]:  # fmt: skip
    import multiprocessing

    context = multiprocessing.get_context("spawn")  # fork is unsafe with compiled threads
    results: dict[int, Any] = {}
    lost = 0
    while len(results) < len(ranges):
        todo = [i for i in range(len(ranges)) if i not in results]
        pool = ProcessPoolExecutor(
            min(workers, len(todo)), mp_context=context, initializer=_worker_start,
            initargs=(initializer, initargs),
        )  # fmt: skip
        clean = True
        try:
            with _workers_ignore_ctrl_c():  # the processes start at the first submit
                futures: dict[Future[Any], int] = {
                    pool.submit(task, settings, *ranges[i]): i for i in todo
                }
            for future in as_completed(futures):
                i = futures[future]
                results[i] = future.result()
                if progress is not None:
                    progress(*ranges[i])
        except BrokenProcessPool:
            lost += 1
            missing = len(ranges) - len(results)
            if lost > retries:
                raise LostShardsError(
                    f"{missing} shards lost {lost} times (a worker process died each time): "
                    "given up"
                ) from None
            if notice is not None:
                notice(f"a worker process died: running its {missing} unfinished shards again")
        except BaseException:  # an error of a task, or an interruption: stop at once
            clean = False
            _terminate(pool)
            raise
        finally:
            pool.shutdown(wait=clean, cancel_futures=True)
    return results


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Processes started inside ignore Ctrl-C from birth (the disposition survives
    exec): only this process hears it, and stops them."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now, not after the shards they hold."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.terminate()


def _ray(
    task: Callable[[Any, int, int], Any], settings: Any, ranges: Sequence[tuple[int, int]],
    progress: Callable[[int, int], None] | None, notice: Callable[[str], None] | None,
    initializer: Callable[..., None] | None, initargs: tuple[Any, ...], retries: int,
    address: str | None,
) -> dict[int, Any]:  # fmt: skip
    ray = import_ray()
    with ray_session(address):
        remote = ray.remote(num_cpus=1, max_retries=retries)(_run_one)
        lost_errors = _ray_lost_errors(ray)
        results: dict[int, Any] = {}
        refs = {
            remote.remote(task, settings, first, last, initializer, initargs): i
            for i, (first, last) in enumerate(ranges)
        }
        pending = list(refs)
        lost = dict.fromkeys(range(len(ranges)), 0)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                i = refs.pop(ref)
                try:
                    results[i] = ray.get(ref)
                except lost_errors as error:  # lost after Ray's own retries: once more
                    lost[i] += 1
                    if lost[i] > retries:
                        raise LostShardsError(
                            f"shard {ranges[i]} lost {lost[i]} times on Ray "
                            f"({type(error).__name__}): given up"
                        ) from None
                    if notice is not None:
                        notice(
                            f"a shard was lost on Ray ({type(error).__name__}): running it again"
                        )
                    again = remote.remote(task, settings, *ranges[i], initializer, initargs)
                    refs[again] = i
                    pending.append(again)
                    continue
                if progress is not None:
                    progress(*ranges[i])
        return results


def _ray_lost_errors(ray: Any) -> tuple[type[BaseException], ...]:
    exceptions = ray.exceptions
    names = ("WorkerCrashedError", "NodeDiedError", "ObjectLostError", "OwnerDiedError",
             "TaskUnschedulableError", "LocalRayletDiedError")  # fmt: skip
    return tuple(getattr(exceptions, name) for name in names if hasattr(exceptions, name))


def import_ray() -> Any:
    """Ray, imported only when asked for; one line when it is not installed."""
    try:
        import ray
    except ImportError:
        raise AtoutError("--ray: Ray is not installed here (pip install 'atout[ray]')") from None
    return ray


@contextmanager
def ray_session(address: str | None) -> Iterator[Any]:
    """Ray connected: to the cluster already joined by this process, else to
    ``address`` (or ``RAY_ADDRESS``, or a cluster started by ``ray start`` on this
    machine), else to a local instance started for the run and stopped after it."""
    if address is None and "ray" not in sys.modules:
        # a local instance: its workers run this very interpreter, so Ray need not
        # rebuild the environment of ``uv run`` for them (RAY_ENABLE_UV_RUN_RUNTIME_ENV)
        os.environ.setdefault("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    try:
        ray.init(address=address, include_dashboard=False, logging_level=logging.ERROR,
                 log_to_driver=False)  # fmt: skip
    except (ConnectionError, RuntimeError, ValueError) as error:
        where = f"the cluster at {address}" if address else "Ray"
        text = " ".join(str(error).split())
        raise AtoutError(f"--ray: cannot start or reach {where}: {text:.300}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def ray_cpus() -> int:
    """The CPUs of the Ray cluster this process has joined."""
    ray = import_ray()
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


# -- atout stats ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StatsSettings:
    """What a range of ``atout stats`` blocks needs: the run and the engine."""

    players: int
    deals: int
    seed: int
    shuffle: str
    engine: str


def stats_task(settings: StatsSettings, first: int, last: int) -> npt.NDArray[np.int64]:
    """Blocks ``first … last - 1`` of the run, counted (a worker's unit of work)."""
    s = settings
    return count_blocks(s.players, s.deals, s.seed, s.shuffle, s.engine, first, last)


def stats_worker(engine: str) -> None:
    """A worker deals on one thread (the workers are the parallelism) and loads the
    compiled kernel before its first range."""
    if engine == "numba":
        import numba

        numba.set_num_threads(1)
    warm_kernel(engine)


def run_stats(
    players: int,
    deals: int,
    seed: int,
    shuffle: str = "uniform",
    engine: str = "auto",
    *,
    workers: int | None = None,
    ray: bool = False,
    address: str | None = None,
    shard: Shard | None = None,
    progress: Progress | None = None,
    announce: Callable[[str], None] | None = None,
    retries: int = RETRIES,
) -> tuple[Simulation, tuple[int, int]]:
    """``atout stats`` of the whole run or of one ``shard``, in this process (on every
    core), on ``workers`` local processes, or on Ray; the same counts in every case.
    Returns the simulation (``deals``: the deals counted) and its blocks.
    ``progress(k)``: k more deals counted."""
    started = time.perf_counter()
    engine = pick_engine(engine)
    total_blocks = blocks_of(deals)
    first, last = shard.units(total_blocks) if shard is not None else (0, total_blocks)
    if first == last:
        assert shard is not None
        raise ShardError(
            f"--shard {shard}: {deals:,} deals make {total_blocks:,} blocks of {BLOCK:,}: "
            f"give at most {total_blocks:,} shards"
        )
    kernel_seconds = 0.0
    if not ray:  # Ray workers may be other machines: each loads or compiles its own
        kernel_seconds = warm_kernel(engine, announce)
    settings = StatsSettings(players, deals, seed, shuffle, engine)

    def finished(a: int, b: int) -> None:
        if progress is not None:
            progress(min(b * BLOCK, deals) - a * BLOCK)

    if ray or workers is not None:
        stats, backend, used = spread(
            stats_task, settings, first, last, workers=workers, ray=ray, address=address,
            progress=finished, notice=announce, initializer=stats_worker, initargs=(engine,),
            retries=retries, per_task=TASK_BLOCKS,
        )  # fmt: skip
    else:
        stats = count_blocks(players, deals, seed, shuffle, engine, first, last, progress)
        backend, used = "local", 1
    counted = int(stats[K.S_DEALS])
    seconds = time.perf_counter() - started
    sim = Simulation(players, counted, seed, shuffle, engine, stats, seconds, kernel_seconds,
                     used, backend)  # fmt: skip
    return sim, (first, last)


def spread(
    task: Callable[[Any, int, int], Any],
    settings: Any,
    first: int,
    last: int,
    *,
    workers: int | None = None,
    ray: bool = False,
    address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    notice: Callable[[str], None] | None = None,
    initializer: Callable[..., None] | None = None,
    initargs: tuple[Any, ...] = (),
    retries: int = RETRIES,
    per_task: int = TASK_BLOCKS,
) -> tuple[Any, str, int]:
    """Units ``first … last - 1`` of a run cut into ranges of at most ``per_task`` units
    and summed: on Ray (``ray``), on ``workers`` local processes, or in this process.
    Returns (the sum, the backend, the workers or CPUs). The entry point for any
    command that counts ranges of a run: ``atout stats``, and the arena's
    ``play_range`` once it has one."""
    if ray:
        with ray_session(address):
            cpus = ray_cpus()
            ranges = split(first, last, task_count(last - first, cpus, per_task))
            total = run_ranges(task, settings, ranges, backend="ray", progress=progress,
                               notice=notice, initializer=initializer, initargs=initargs,
                               retries=retries, address=address)  # fmt: skip
        return total, "ray", cpus
    if workers is not None:
        ranges = split(first, last, task_count(last - first, workers, per_task))
        total = run_ranges(task, settings, ranges, workers=workers, backend="processes",
                           progress=progress, notice=notice, initializer=initializer,
                           initargs=initargs, retries=retries)  # fmt: skip
        return total, "processes", workers
    ranges = split(first, last, task_count(last - first, 1, per_task))
    total = run_ranges(task, settings, ranges, progress=progress, initializer=initializer,
                       initargs=initargs)  # fmt: skip
    return total, "local", 1


def default_address() -> str | None:
    """The Ray cluster named by ``RAY_ADDRESS``, if any."""
    return os.environ.get("RAY_ADDRESS") or None
