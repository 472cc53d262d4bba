"""Simulate many deals fast, by the procedure of ``atout deal``, and compare with exact
figures.

>>> result = simulate(players=4, deals=20_000, seed=1, engine="numpy")
>>> result.deals, round(result.rate("petit_in_chien"), 3)
(20000, 0.073)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from atout.sim import kernel as K
from atout.sim import vector
from atout.table import Variant

__all__ = [
    "BLOCK",
    "SHUFFLES",
    "STAT_SLICES",
    "Simulation",
    "blocks_of",
    "count_blocks",
    "parse_shuffle",
    "simulate",
    "tables",
    "warm_kernel",
]

BLOCK = 4096  # deals per block: the unit of work, of seeding and of reproducibility
SHUFFLES = ("uniform", "riffle:K", "none")


def parse_shuffle(text: str) -> tuple[int, int]:
    """``uniform``, ``none`` or ``riffle:K`` → (model, K)."""
    if text == "uniform":
        return K.MODEL_UNIFORM, 0
    if text == "none":
        return K.MODEL_NONE, 0
    name, _, count = text.partition(":")
    if name == "riffle" and count.isdigit() and 1 <= int(count) <= 100:
        return K.MODEL_RIFFLE, int(count)
    raise ValueError(f"--shuffle {text!r}: expected uniform, none or riffle:K with K from 1 to 100")


@dataclass
class Simulation:
    """Counts from a run: ``stats`` is the vector laid out by ``kernel.S_*``."""

    players: int
    deals: int
    seed: int
    shuffle: str
    engine: str
    stats: npt.NDArray[np.int64]
    seconds: float = 0.0  # wall time, loading or compiling the kernel included
    kernel_seconds: float = 0.0  # of which loading or compiling the kernel
    workers: int = 1  # processes that dealt (1: this one, on every core)
    backend: str = "local"  # local, processes, ray or merge

    @property
    def variant(self) -> Variant:
        return Variant.for_players(self.players)

    def counts(self, name: str) -> npt.NDArray[np.int64]:
        start, size = STAT_SLICES[name]
        return self.stats[start : start + size]

    def raw_counts(self) -> dict[str, list[int]]:
        """The counts behind every figure, by statistic, and the deals dealt."""
        found = {name: [int(x) for x in self.counts(name)] for name in STAT_SLICES}
        return {**found, "deals": [int(self.stats[K.S_DEALS])]}

    def rate(self, name: str) -> float:
        """A proportion: per deal for deal-level events, per hand for hand-level ones."""
        start, _ = STAT_SLICES[name]
        per = self.deals * (self.players if name.startswith("poignee") else 1)
        return float(self.stats[start]) / per


STAT_SLICES = {
    "trumps": (K.S_TRUMPS, 25),
    "petit_sec": (K.S_PETIT_SEC, 1),
    "poignee_simple": (K.S_POIGNEE, 1),
    "poignee_double": (K.S_POIGNEE + 1, 1),
    "poignee_triple": (K.S_POIGNEE + 2, 1),
    "chien_bouts": (K.S_CHIEN_BOUTS, 4),
    "chien_kings": (K.S_CHIEN_KINGS, 5),
    "longest_suit": (K.S_LONGEST, 15),
    "petit_in_chien": (K.S_PETIT_CHIEN, 1),
    "21_in_chien": (K.S_21_CHIEN, 1),
    "excuse_in_chien": (K.S_EXCUSE_CHIEN, 1),
}


Shape = tuple[int, int, int, int, npt.NDArray[np.int64], npt.NDArray[np.int64]]


@cache
def tables(players: int) -> Shape:
    """The shape of a deal and its tables (chien placements, poignée thresholds), built
    once per process for each number of players."""
    v = Variant.for_players(players)
    patterns = K.gap_patterns(v.packet_count, v.chien_size)
    thresholds = np.array(v.poignee_thresholds, dtype=np.int64)
    return v.packet_size, v.packet_count, v.hand_size, v.chien_size, patterns, thresholds


def pick_engine(engine: str) -> str:
    """``auto`` → ``numba`` where it is installed, else ``numpy``; refuses others."""
    if engine == "auto":
        return "numba" if K.HAVE_NUMBA else "numpy"
    if engine == "numba" and not K.HAVE_NUMBA:
        raise ValueError("engine numba: numba is not installed where atout runs")
    if engine not in ("numba", "numpy", "python"):
        raise ValueError(f"engine {engine!r}: numba, numpy, python or auto")
    return engine


_WARM: set[int] = set()


def kernel_cached() -> bool:
    """Whether numba's on-disk cache holds the compiled kernel for this source."""
    try:
        return bool(getattr(K.run_blocks, "_cache")._cache_file._load_index())  # noqa: B009
    except Exception:  # pragma: no cover - another numba layout: say it may compile
        return False


def cache_folder() -> str:
    """Where numba keeps the compiled kernel."""
    try:
        return str(getattr(K.run_blocks, "_cache")._cache_path)  # noqa: B009
    except Exception:  # pragma: no cover
        return "numba's cache"


def warm_kernel(engine: str, announce: Callable[[str], None] | None = None) -> float:
    """Load the compiled kernel from numba's on-disk cache, or compile it (and cache it)
    the first time, before any dealing; once per process. ``announce`` is told when it
    compiles. Returns the seconds it took."""
    if engine != "numba" or 0 in _WARM:
        return 0.0
    started = time.perf_counter()
    compiling = not kernel_cached()
    if compiling and announce is not None:
        announce(
            "compiling the dealing kernel with numba for this machine (once: about 30 s; "
            f"later runs load it from {cache_folder()})"
        )
    packet, packets, hand, chien, patterns, thresholds = tables(4)
    K.run_blocks(np.uint64(0), 0, 1, BLOCK, 0, K.MODEL_UNIFORM, 0, 4, packet, packets, hand,
                 chien, patterns, thresholds)  # fmt: skip
    _WARM.add(0)
    seconds = time.perf_counter() - started
    if compiling and announce is not None:
        announce(f"kernel compiled and cached in {seconds:.1f} s")
    return seconds


def blocks_of(deals: int) -> int:
    """How many blocks ``deals`` deals make (the last one may be partial)."""
    return -(-deals // BLOCK)


def count_blocks(
    players: int, deals: int, seed: int, shuffle: str, engine: str, first_block: int,
    last_block: int, progress: Callable[[int], None] | None = None, chunk_blocks: int = 64,
) -> npt.NDArray[np.int64]:  # fmt: skip
    """The summed statistics of blocks ``first_block … last_block - 1`` of the run
    (``players``, ``deals``, ``seed``, ``shuffle``): any split of the blocks sums to the
    whole run's numbers. ``progress(k)``: k more deals done."""
    model, riffles = parse_shuffle(shuffle)
    engine = pick_engine(engine)
    packet, packets, hand, chien, patterns, thresholds = tables(players)
    total = np.zeros(K.S_SIZE, dtype=np.int64)
    warm_kernel(engine)
    for start in range(first_block, last_block, chunk_blocks):
        count = min(chunk_blocks, last_block - start)
        before = int(total[K.S_DEALS])
        if engine == "numba":
            rows = K.run_blocks(np.uint64(seed), start, count, BLOCK, deals, model, riffles,
                                players, packet, packets, hand, chien, patterns,
                                thresholds)  # fmt: skip
            total += rows.sum(axis=0)
        else:
            for block in range(start, start + count):
                first = block * BLOCK
                size = min(BLOCK, deals - first)
                total += _block(engine, seed, first, size, model, riffles, players, packet,
                                packets, hand, chien, patterns, thresholds)  # fmt: skip
        if progress is not None:
            progress(int(total[K.S_DEALS]) - before)
    return total


def simulate(
    players: int = 4,
    deals: int = 1_000_000,
    seed: int = 0,
    shuffle: str = "uniform",
    engine: str = "auto",
    progress: Callable[[int], None] | None = None,
    chunk_blocks: int = 64,
    announce: Callable[[str], None] | None = None,
) -> Simulation:
    """Deal ``deals`` deals and count their statistics, in blocks of :data:`BLOCK`
    deals (memory stays flat however many deals), in this process. ``engine``: ``numba``
    (compiled, every core), ``numpy``, ``python`` (the kernel uncompiled), or ``auto``.
    The same seed gives the same numbers with every engine, any number of threads and
    any split into shards (:mod:`atout.sim.parallel`). ``progress(done)``: deals done so
    far; ``announce(text)``: told when the kernel must be compiled first. ``seconds``
    is the true wall time, loading or compiling the kernel included."""
    parse_shuffle(shuffle)
    engine = pick_engine(engine)
    started = time.perf_counter()
    kernel_seconds = warm_kernel(engine, announce)
    done = [0]

    def advance(steps: int) -> None:
        done[0] += steps
        if progress is not None:
            progress(done[0])

    total = count_blocks(players, deals, seed, shuffle, engine, 0, blocks_of(deals), advance,
                         chunk_blocks)  # fmt: skip
    seconds = time.perf_counter() - started
    return Simulation(players, deals, seed, shuffle, engine, total, seconds, kernel_seconds)


def _block(
    engine: str, seed: int, first: int, size: int, model: int, riffles: int, players: int,
    packet: int, packets: int, hand: int, chien: int, patterns: npt.NDArray[np.int64],
    thresholds: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # fmt: skip
    if engine == "numpy" and model == K.MODEL_UNIFORM:
        return vector.uniform_block(
            seed, first, size, players, packet, packets, hand, chien, thresholds
        )
    stats = np.zeros(K.S_SIZE, dtype=np.int64)
    run = getattr(K.run_block, "py_func", K.run_block)
    with np.errstate(over="ignore"):
        run(np.uint64(seed), first, size, model, riffles, players, packet, packets, hand, chien,
            patterns, thresholds, stats)  # fmt: skip
    return stats
