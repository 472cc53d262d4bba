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

import numpy as np
import numpy.typing as npt

from atout.sim import kernel as K
from atout.sim import vector
from atout.table import Variant

__all__ = ["BLOCK", "SHUFFLES", "Simulation", "parse_shuffle", "simulate"]

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
    seconds: float = 0.0

    @property
    def variant(self) -> Variant:
        return Variant.for_players(self.players)

    def counts(self, name: str) -> npt.NDArray[np.int64]:
        start, size = STAT_SLICES[name]
        return self.stats[start : start + size]

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


def _shape(players: int) -> tuple[int, int, int, int, npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    v = Variant.for_players(players)
    patterns = K.gap_patterns(v.packet_count, v.chien_size)
    thresholds = np.array(v.poignee_thresholds, dtype=np.int64)
    return v.packet_size, v.packet_count, v.hand_size, v.chien_size, patterns, thresholds


def simulate(
    players: int = 4,
    deals: int = 1_000_000,
    seed: int = 0,
    shuffle: str = "uniform",
    engine: str = "auto",
    progress: Callable[[int], None] | None = None,
    chunk_blocks: int = 64,
) -> Simulation:
    """Deal ``deals`` deals and count their statistics, in blocks of :data:`BLOCK`
    deals (memory stays flat however many deals). ``engine``: ``numba`` (compiled,
    both cores), ``numpy``, ``python`` (the kernel uncompiled), or ``auto``. The same
    seed gives the same numbers with every engine and any number of threads."""
    model, riffles = parse_shuffle(shuffle)
    if engine == "auto":
        engine = "numba" if K.HAVE_NUMBA else "numpy"
    if engine == "numba" and not K.HAVE_NUMBA:
        raise ValueError("engine numba: numba is not installed (pip install 'atout[fast]')")
    if engine not in ("numba", "numpy", "python"):
        raise ValueError(f"engine {engine!r}: numba, numpy, python or auto")
    packet, packets, hand, chien, patterns, thresholds = _shape(players)
    total = np.zeros(K.S_SIZE, dtype=np.int64)
    blocks = -(-deals // BLOCK)
    if engine == "numba":  # compile (or load the cached kernel) before the clock starts
        K.run_blocks(np.uint64(seed), 0, 1, BLOCK, 0, model, riffles, players, packet, packets,
                     hand, chien, patterns, thresholds)  # fmt: skip
    started = time.perf_counter()
    for first_block in range(0, blocks, chunk_blocks):
        count = min(chunk_blocks, blocks - first_block)
        if engine == "numba":
            rows = K.run_blocks(np.uint64(seed), first_block, count, BLOCK, deals, model,
                                riffles, players, packet, packets, hand, chien, patterns,
                                thresholds)  # fmt: skip
            total += rows.sum(axis=0)
        else:
            for block in range(first_block, first_block + count):
                first = block * BLOCK
                size = min(BLOCK, deals - first)
                total += _block(engine, seed, first, size, model, riffles, players, packet,
                                packets, hand, chien, patterns, thresholds)  # fmt: skip
        if progress is not None:
            progress(min(deals, (first_block + count) * BLOCK))
    seconds = time.perf_counter() - started
    return Simulation(players, deals, seed, shuffle, engine, total, seconds)


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
